"""Two files of one job matched by unit id: the columns, the order, what is left out."""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.io import Segments
from bleu_gui.io.align import align_by_id
from bleu_gui.io.bundle import Bundle, Column, Format, Role, Roles, select
from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle

DATA = Path(__file__).parent / "data" / "formats"
FINAL = DATA / "job-final.xlf"
MT = DATA / "job-mt.xlf"
# The MT job's targets are "needs-review-translation": read as a system's.
AS_SYSTEM = FormatOptions().for_systems()

# The post-edited final and the MT pre-translation of the units both files have,
# in the final's order, inline tags dropped: written out by hand from the files.
FINAL_TARGETS = [
    "Drücken Sie Start, um eine Tasse zuzubereiten.",
    "Füllen Sie vor dem ersten Gebrauch den Wassertank.",
    "Verwenden Sie nur kaltes Wasser. Verwenden Sie niemals Milch.",
    "Die Leuchte wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Weitere Informationen finden Sie auf Seite .",
]
MT_TARGETS = [
    "Drücken Sie Start, um eine Tasse zu brühen.",
    "Füllen Sie den Wassertank vor der ersten Verwendung.",
    "Verwenden Sie nur kaltes Wasser. Niemals Milch verwenden.",
    "Das Licht wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Siehe Seite  für Details.",
]


def _bundle(path: str, ids: tuple[str, ...], targets: tuple[str, ...]) -> Bundle:
    file = Path(path)
    return Bundle(
        file,
        Format.XLIFF,
        (
            Column("source", "source", Role.SOURCE, Segments(file, ids)),
            Column("target", "target", None, Segments(file, targets)),
        ),
        tuple(f"unit {unit_id!r}" for unit_id in ids),
    )


def test_the_units_of_both_files_in_the_references_order() -> None:
    aligned = align_by_id([read_bundle(FINAL)], [read_bundle(MT, options=AS_SYSTEM)])
    assert aligned.segment_ids == (
        "unit 'u2'",
        "unit 'u1'",
        "unit 'u3'",
        "unit 'u4'",
        "unit 'u7'",
        "unit 'u6'",
    )
    assert [(c.key, c.label, c.role) for c in aligned.columns] == [
        ("source", "source (job-final.xlf)", Role.SOURCE),
        ("job-final.xlf", "job-final.xlf", Role.REFERENCE),
        ("job-mt.xlf", "job-mt.xlf", Role.SYSTEM),
    ]
    assert aligned.column("job-final.xlf").segments.lines == tuple(FINAL_TARGETS)
    assert aligned.column("job-mt.xlf").segments.lines == tuple(MT_TARGETS)
    assert aligned.column("source").segments.lines[:2] == (
        "Press Start to brew a cup.",
        "Fill the water tank before first use.",
    )


def test_units_missing_on_either_side_are_left_out_and_named() -> None:
    aligned = align_by_id([read_bundle(FINAL)], [read_bundle(MT, options=AS_SYSTEM)])
    assert aligned.notices == (
        f"{FINAL}: lacks 1 unit (unit 'u5') of the other files; left out of the scores",
        f"{MT}: lacks 1 unit (unit 'u8') of the other files; left out of the scores",
    )


def test_the_aligned_targets_score_as_sacrebleu_scores_them() -> None:
    aligned = align_by_id([read_bundle(FINAL)], [read_bundle(MT, options=AS_SYSTEM)])
    chosen = select(aligned, Roles(("job-final.xlf",), ("job-mt.xlf",), "source"))
    expected = BLEU().corpus_score(MT_TARGETS, [FINAL_TARGETS])
    actual = BLEU().corpus_score(
        list(chosen.systems[0][1].lines),
        [list(chosen.test_set.references[0].lines)],
    )
    assert chosen.systems[0][0] == "job-mt.xlf"
    assert actual.score == expected.score
    assert round(expected.score, 2) == 57.85  # sacreBLEU 2.6.0 on the strings above


def test_files_of_the_same_name_are_told_apart_by_their_folders() -> None:
    final = _bundle("anna/job.xlf", ("1", "2"), ("A", "B"))
    mt = _bundle("mt/job.xlf", ("2", "1"), ("b", "a"))
    other_mt = _bundle("mt2/job.xlf", ("1", "2"), ("a2", "b2"))
    aligned = align_by_id([final], [mt, other_mt])
    assert [c.key for c in aligned.columns] == [
        "source",
        "anna/job.xlf",
        "mt/job.xlf",
        "mt2/job.xlf",
    ]
    assert aligned.column("mt/job.xlf").segments.lines == ("a", "b")
    assert aligned.notices == ()


def test_a_repeated_id_is_refused_naming_it() -> None:
    path = DATA / "broken-duplicate-id.xlf"
    with pytest.raises(FormatError) as caught:
        align_by_id([read_bundle(FINAL)], [read_bundle(path, options=AS_SYSTEM)])
    assert str(caught.value) == (
        f"{path}, unit 'u1': appears twice in the file: units can be matched by id "
        "only if each id is unique"
    )


def test_files_without_a_unit_in_common_are_refused_in_one_line() -> None:
    final = _bundle("final.xlf", ("1", "2"), ("A", "B"))
    mt = _bundle("mt.xlf", ("3",), ("c",))
    with pytest.raises(FormatError) as caught:
        align_by_id([final], [mt])
    assert str(caught.value) == "final.xlf: has no unit id in common with mt.xlf"


def test_a_bundle_without_ids_cannot_be_aligned_by_id() -> None:
    text = read_bundle(DATA / "sheet-three-rows.tsv")
    positional = Bundle(text.path, Format.TEXT, text.columns[:2])
    with pytest.raises(FormatError) as caught:
        align_by_id([read_bundle(FINAL)], [positional])
    assert str(caught.value) == (
        f"{text.path}: its segments have no ids (text file): align it by position"
    )


def _job(path: Path, units: list[tuple[str, str, str]]) -> Path:
    """An XLIFF 1.2 file of (id, source, target) units."""
    body = "".join(
        f'<trans-unit id="{unit_id}"><source>{source}</source>'
        f"<target>{target}</target></trans-unit>"
        for unit_id, source, target in units
    )
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="a.txt" source-language="en" target-language="de" '
        f'datatype="plaintext"><body>{body}</body></file></xliff>',
        encoding="utf-8",
    )
    return path


SOURCES = ["Open the lid.", "Close the lid.", "Press start.", "Wait.", "Pour."]


def test_a_file_of_another_job_with_the_same_ids_is_refused(tmp_path: Path) -> None:
    final = _job(
        tmp_path / "final.xlf", [(str(n), s, s) for n, s in enumerate(SOURCES)]
    )
    other = _job(
        tmp_path / "other.xlf",
        [(str(n), f"Other text {n}.", "x") for n in range(len(SOURCES))],
    )
    with pytest.raises(FormatError) as caught:
        align_by_id([read_bundle(final)], [read_bundle(other)])
    assert str(caught.value) == (
        f"{other}: the sources of 5 units (unit '0', unit '1', unit '2' and 2 more) "
        f"of 5 matched by id differ from {final}'s: not the same job's units (more "
        "than half differ), or its ids were shifted; nothing scored"
    )


def test_ids_shifted_by_a_split_are_refused(tmp_path: Path) -> None:
    """The MT file split unit 1 in two: every later id names the next unit."""
    final = _job(
        tmp_path / "final.xlf", [(str(n), s, s) for n, s in enumerate(SOURCES)]
    )
    shifted = [("0", SOURCES[0], "a"), ("1", "Close", "b"), ("2", "the lid.", "c")]
    shifted += [(str(n + 1), s, "d") for n, s in enumerate(SOURCES[2:], start=2)]
    mt = _job(tmp_path / "mt.xlf", shifted)
    with pytest.raises(FormatError) as caught:
        align_by_id([read_bundle(final)], [read_bundle(mt)])
    assert str(caught.value).startswith(
        f"{mt}: the sources of 4 units (unit '1', unit '2', unit '3' and 1 more) of "
        f"5 matched by id differ from {final}'s: not the same job's units"
    )


def test_a_few_differing_sources_are_scored_with_a_warning(tmp_path: Path) -> None:
    final = _job(
        tmp_path / "final.xlf", [(str(n), s, s) for n, s in enumerate(SOURCES)]
    )
    edited = [(str(n), s, s) for n, s in enumerate(SOURCES)]
    edited[3] = ("3", "Wait a moment.", "Wait.")
    mt = _job(tmp_path / "mt.xlf", edited)
    aligned = align_by_id([read_bundle(final)], [read_bundle(mt)])
    assert aligned.notices == (
        f"{mt}: the source of 1 unit (unit '3') matched by id differs from "
        f"{final}'s; scored as matched",
    )
    assert len(aligned.segment_ids or ()) == 5
