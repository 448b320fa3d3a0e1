"""WMT SGML files (up to 2020): the segments sacreBLEU's reader writes, broken files.

sacreBLEU's `FakeSGMLDataset` is the oracle: its `_convert_format` writes the text
it scores, `_convert_meta` the document id of each segment. The files are a cut of
the WMT21 de-en test set written in the old format (see the README beside them).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset

from bleu_gui.io import InputError
from bleu_gui.io.bundle import Format, Role
from bleu_gui.io.formats import detect_format, read_bundle

DATA = Path(__file__).parent / "data" / "formats"
SOURCE = DATA / "wmt21.de-en.src.sgm"
REFERENCE = DATA / "wmt21.de-en.ref.A.sgm"
SYSTEM = DATA / "wmt21.de-en.sys.Facebook-AI.sgm"


def _sacrebleu(path: Path, tmp_path: Path, field: str | None = None) -> list[str]:
    """What sacreBLEU writes for `path`: its text, or `field` of each segment."""
    reader = FakeSGMLDataset("wmt-test", langpairs={})
    out = tmp_path / "sacrebleu.txt"
    if field is None:
        reader._convert_format(str(path), str(out))
    else:
        reader._convert_meta(str(path), field, str(out))
    return out.read_text("utf-8").split("\n")[:-1]


def _error(path: Path, encoding: str = "utf-8") -> str:
    with pytest.raises(InputError) as caught:
        read_bundle(path, encoding=encoding)
    return str(caught.value)


def _copy(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "set.sgm"
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize("path", [SOURCE, REFERENCE, SYSTEM], ids=lambda p: p.name)
def test_the_segments_and_documents_are_sacrebleus(path: Path, tmp_path: Path) -> None:
    bundle = read_bundle(path)
    assert bundle.format is Format.WMT_SGML
    (column,) = bundle.columns
    assert list(column.segments.lines) == _sacrebleu(path, tmp_path)
    assert len(column.segments.lines) == 15
    assert bundle.documents is not None
    assert list(bundle.documents) == _sacrebleu(path, tmp_path, "docid")


def test_the_column_is_named_and_cast_by_the_set() -> None:
    named = [
        (column.key, column.label, column.role)
        for path in (SOURCE, REFERENCE, SYSTEM)
        for column in read_bundle(path).columns
    ]
    assert named == [
        ("srcset", "source", Role.SOURCE),
        ("A", "reference A", Role.REFERENCE),
        ("Facebook-AI", "Facebook-AI", Role.SYSTEM),
    ]


def test_a_set_without_a_name_is_keyed_by_its_kind(tmp_path: Path) -> None:
    text = REFERENCE.read_text("utf-8").replace(' refid="A"', "")
    (column,) = read_bundle(_copy(tmp_path, text)).columns
    assert (column.key, column.label, column.role) == (
        "refset",
        "reference",
        Role.REFERENCE,
    )


def test_entities_stay_as_written_as_sacreblue_leaves_them() -> None:
    (column,) = read_bundle(SOURCE).columns
    assert "Sané &amp; Co." in column.segments.lines[13]


def test_segment_ids_name_document_and_segment() -> None:
    bundle = read_bundle(REFERENCE)
    assert bundle.segment_ids is not None
    assert bundle.segment_ids[4] == "document 'pnp.mamming', segment 1"
    assert detect_format(REFERENCE) is Format.WMT_SGML
    assert detect_format(DATA / "newstest2019.sgml") is Format.WMT_SGML


def test_whitespace_is_cleaned_as_sacrebleu_cleans_it(tmp_path: Path) -> None:
    text = SYSTEM.read_text("utf-8").replace(
        '<seg id="1">Biker reacts', '<seg id="1">  Biker \t reacts\u00a0 '
    )
    path = _copy(tmp_path, text)
    (column,) = read_bundle(path).columns
    assert column.segments.lines[0].startswith("Biker reacts with lightning")
    assert list(column.segments.lines) == _sacrebleu(path, tmp_path)


def test_a_segment_line_without_its_end_tag(tmp_path: Path) -> None:
    text = SYSTEM.read_text("utf-8")
    cut = text.index("</seg>", text.index('<seg id="3">'))
    path = _copy(tmp_path, text[:cut] + text[cut + len("</seg>") :])
    assert _error(path) == (
        f"{path}, line 6: a <seg> line without its </seg>; each segment is one line"
    )


def test_an_indented_segment_line(tmp_path: Path) -> None:
    text = SYSTEM.read_text("utf-8").replace('<seg id="2">', '  <seg id="2">', 1)
    path = _copy(tmp_path, text)
    assert _error(path) == (
        f"{path}, line 5: a <seg> line that does not start at the line's start, "
        "which sacreBLEU leaves out; remove the spaces before <seg"
    )


def test_two_sets_in_one_file(tmp_path: Path) -> None:
    text = SYSTEM.read_text("utf-8") + REFERENCE.read_text("utf-8")
    path = _copy(tmp_path, text)
    assert _error(path) == (
        f"{path}, line 34: a second set (<refset>) after the <tstset>; bleu-gui "
        "reads one set a file"
    )


def test_a_file_without_a_set(tmp_path: Path) -> None:
    path = _copy(tmp_path, "just some text\n<seg id=1>x</seg>\n")
    assert _error(path) == (
        f"{path}: not a WMT SGML file: it has no <srcset>, <refset> or <tstset> line"
    )


def test_utf16_with_a_byte_order_mark_is_recognised_by_it(tmp_path: Path) -> None:
    path = tmp_path / "set.sgm"
    path.write_bytes(SYSTEM.read_text("utf-8").encode("utf-16"))
    (column,) = read_bundle(path).columns
    assert column.segments.encoding == "utf-16"
    assert list(column.segments.lines) == _sacrebleu(SYSTEM, tmp_path)


def test_utf16_without_a_byte_order_mark_needs_its_encoding(tmp_path: Path) -> None:
    path = tmp_path / "set.sgm"
    path.write_bytes(SYSTEM.read_text("utf-8").encode("utf-16-le"))
    assert (
        _error(path)
        == f"{path}, line 1: looks like a binary file (contains a NUL byte)"
    )
    (column,) = read_bundle(path, encoding="utf-16-le").columns
    assert list(column.segments.lines) == _sacrebleu(SYSTEM, tmp_path)


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "set.sgm"
    path.write_bytes(SYSTEM.read_text("utf-8").encode("latin-1", errors="replace"))
    assert _error(path) == (
        f"{path}, line 7: bytes that are not valid UTF-8 (0xdf at column 71); is "
        "the file in another encoding?"
    )
    (column,) = read_bundle(path, encoding="latin-1").columns
    assert column.segments.lines[13].startswith("But instead of talking about")
