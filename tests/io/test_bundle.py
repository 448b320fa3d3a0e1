"""Choosing roles in a bundle: the columns picked, and the one-line refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io import Segments
from bleu_gui.io.bundle import Bundle, Column, Format, Role, Roles, Units, select
from bleu_gui.io.errors import FormatError
from bleu_gui.io.formats import detect_format, read_bundle

_PATH = Path("set.tsv")


def _column(key: str, role: Role | None, *lines: str) -> Column:
    return Column(key, f"column {key!r}", role, Segments(_PATH, lines))


_BUNDLE = Bundle(
    _PATH,
    Format.TSV,
    (
        _column("src", Role.SOURCE, "Hallo Welt", "Gut"),
        _column("ref", Role.REFERENCE, "Hello world", "Good"),
        _column("mt", None, "Hello world", "Fine"),
        _column("doc", Role.DOCUMENT, "d1", "d2"),
    ),
)


def test_select_picks_the_chosen_columns_in_their_roles() -> None:
    chosen = select(_BUNDLE, Roles(("ref",), ("mt",), source="src", documents="doc"))
    assert [s.lines for s in chosen.test_set.references] == [("Hello world", "Good")]
    assert chosen.test_set.source is not None
    assert chosen.test_set.source.lines == ("Hallo Welt", "Gut")
    assert chosen.systems == (
        ("column 'mt'", Segments(_PATH, ("Hello world", "Fine"))),
    )
    assert chosen.documents == ("d1", "d2")


def test_a_unit_id_column_names_the_segments_instead_of_their_rows() -> None:
    rows = Units("Row", ("2", "3"))
    bundle = Bundle(
        _PATH,
        Format.TSV,
        (*_BUNDLE.columns, _column("id", Role.UNIT, "seg-7", "seg-9")),
        units=rows,
    )
    assert select(bundle, Roles(("ref",), ("mt",))).units == rows
    chosen = select(bundle, Roles(("ref",), ("mt",), units="id"))
    assert chosen.units == Units("Unit", ("seg-7", "seg-9"))
    assert chosen.units.place(1) == "unit seg-9"
    with pytest.raises(FormatError) as raised:
        select(bundle, Roles(("ref",), ("mt",), documents="id", units="id"))
    assert str(raised.value) == (
        "set.tsv: column 'id' is chosen as the document ids and as the unit ids: "
        "a column can play one role only"
    )


def test_a_column_in_two_roles_is_refused_in_one_line() -> None:
    with pytest.raises(FormatError) as raised:
        select(_BUNDLE, Roles(("ref",), ("ref",)))
    assert str(raised.value) == (
        "set.tsv: column 'ref' is chosen as a reference and as a system: "
        "a column can play one role only"
    )


def test_an_unknown_column_names_the_columns_there_are() -> None:
    with pytest.raises(FormatError) as raised:
        select(_BUNDLE, Roles(("hyp",), ("mt",)))
    assert str(raised.value) == (
        "set.tsv: has no column 'hyp' (it has 'src', 'ref', 'mt', 'doc')"
    )


def test_no_reference_is_refused() -> None:
    with pytest.raises(FormatError, match=r"^set\.tsv: choose at least one reference$"):
        select(_BUNDLE, Roles((), ("mt",)))


def test_a_place_in_the_format_s_terms_is_named() -> None:
    error = FormatError(Path("job.xlf"), "has no target", where="unit 'u17'")
    assert str(error) == "job.xlf, unit 'u17': has no target"


def test_a_text_file_is_one_column_named_for_the_file(tmp_path: Path) -> None:
    file = tmp_path / "hyp.txt"
    file.write_text("a b\nc\n", encoding="utf-8")
    assert detect_format(file) is Format.TEXT
    bundle = read_bundle(file)
    assert [(c.key, c.segments.lines) for c in bundle.columns] == [
        ("hyp.txt", ("a b", "c"))
    ]
