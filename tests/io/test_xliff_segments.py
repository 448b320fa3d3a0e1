"""XLIFF 1.2 units segmented by `<mrk mtype="seg">`: a row per segment, as Trados shows.

`manual-final.sdlxliff` and `manual-mt.sdlxliff` (tests/io/data/sdlxliff) are one
Trados Studio job written for these tests: six trans-units holding ten segments
(mids 1 to 10, numbered through the file as Trados numbers them); the final has a
tracked deletion and insertion, a comment, segments inside a `<g>`, and the
confirmation levels Draft, RejectedTranslation and none on three segments. The
expected texts are written out by hand from the files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.align import align_by_id
from bleu_gui.io.bundle import Role
from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.xliff_states import XliffStates

DATA = Path(__file__).parent / "data" / "sdlxliff"
FINAL = DATA / "manual-final.sdlxliff"
MT = DATA / "manual-mt.sdlxliff"
AS_SYSTEM = FormatOptions().for_systems()
ALL = FormatOptions(xliff_states=XliffStates.ALL)
HINT = '--xliff-states all (in the window: "Count unfinished XLIFF units") counts them'

EVERY_NAME = (
    "tu1",
    "tu2::2",
    "tu2::3",
    "tu2::4",
    "tu3::5",
    "tu3::6",
    "tu4",
    "tu5::8",
    "tu5::9",
    "tu6",
)
SOURCES = (
    "Open the lid.",
    "Insert the filter.",
    "Add ground coffee.",
    "Close the lid.",
    "Place a cup under the spout.",
    "Press the start button.",
    "Descale the machine monthly.",
    "Wait until the light turns green.",
    "Take out the cup.",
    "Enjoy your coffee.",
)
FINAL_TARGETS = (
    "Öffnen Sie den Deckel.",
    "Setzen Sie den Filter ein.",
    "Geben Sie gemahlenen Kaffee hinzu.",  # "frisch " is a tracked deletion
    "Schließen Sie den Deckel.",  # "Deckel" is a tracked insertion
    "Stellen Sie eine Tasse unter den Auslauf.",
    "Drücken Sie die Starttaste.",  # "Starttaste" carries a comment
    "",
    "Warten Sie, bis die Leuchte grün wird.",
    "Nehmen Sie die Tasse heraus.",
    "Genießen Sie Ihren Kaffee.",
)
MT_TARGETS = (
    "Öffnen Sie den Deckel.",
    "Legen Sie den Filter ein.",
    "Fügen Sie gemahlenen Kaffee hinzu.",
    "Schließen Sie den Deckel.",
    "Stellen Sie eine Tasse unter die Düse.",
    "Drücken Sie den Startknopf.",
    "Entkalken Sie die Maschine monatlich.",
    "Warten Sie, bis das Licht grün wird.",
    "Entfernen Sie die Tasse.",
    "Genießen Sie Ihren Kaffee.",
)
# The segments a reference counts by default: all but tu3::6 (Draft), tu4 (no
# level, empty) and tu5::9 (RejectedTranslation).
FINISHED = (0, 1, 2, 3, 4, 7, 9)


def test_each_segment_is_a_row_named_by_its_unit_and_mid() -> None:
    bundle = read_bundle(MT, options=AS_SYSTEM)
    assert bundle.units is not None
    assert bundle.units.names == EVERY_NAME
    assert bundle.segment_ids == tuple(f"unit {name!r}" for name in EVERY_NAME)
    assert bundle.column("source").segments.lines == SOURCES
    assert bundle.column("target").segments.lines == MT_TARGETS
    assert bundle.notices == ()


def test_tracked_deletions_are_not_target_text_and_insertions_are() -> None:
    bundle = read_bundle(FINAL, options=ALL)
    assert bundle.column("target").segments.lines == FINAL_TARGETS
    assert bundle.column("source").segments.lines == SOURCES


def test_trados_confirmation_levels_decide_per_segment_what_counts() -> None:
    bundle = read_bundle(FINAL)
    assert bundle.units is not None
    assert bundle.units.names == tuple(EVERY_NAME[i] for i in FINISHED)
    assert bundle.column("target").segments.lines == tuple(
        FINAL_TARGETS[i] for i in FINISHED
    )
    assert bundle.notices == (
        f"{FINAL}: 3 units left out, not a finished translation: "
        "1 conf=\"Draft\" (unit 'tu3::6'); 1 conf unset, target empty (unit 'tu4'); "
        f"1 conf=\"RejectedTranslation\" (unit 'tu5::9'); {HINT}",
    )


def test_a_job_of_draft_segments_only_is_refused_as_a_reference() -> None:
    with pytest.raises(FormatError) as caught:
        read_bundle(MT)
    assert str(caught.value) == (
        f"{MT}: has no unit with a finished translation (10 not finished, 0 "
        f"without <target>): nothing to score; {HINT}"
    )


def test_the_final_and_the_mt_are_matched_segment_by_segment() -> None:
    aligned = align_by_id([read_bundle(FINAL)], [read_bundle(MT, options=AS_SYSTEM)])
    assert aligned.units is not None
    assert aligned.units.names == tuple(EVERY_NAME[i] for i in FINISHED)
    references = aligned.of_role(Role.REFERENCE)[0].segments.lines
    systems = aligned.of_role(Role.SYSTEM)[0].segments.lines
    assert references == tuple(FINAL_TARGETS[i] for i in FINISHED)
    assert systems == tuple(MT_TARGETS[i] for i in FINISHED)
    # The segments the final left out are said once, by the final, not again as
    # segments the final lacks.
    assert [notice for notice in aligned.notices if "lacks" in notice] == []


def test_a_segment_whose_source_differs_is_named_in_the_warning(
    tmp_path: Path,
) -> None:
    mt = tmp_path / "manual-mt.sdlxliff"
    mt.write_text(
        MT.read_text(encoding="utf-8").replace(
            '<mrk mtype="seg" mid="3">Add ground coffee.</mrk>',
            '<mrk mtype="seg" mid="3">Add fresh ground coffee.</mrk>',
        ),
        encoding="utf-8",
    )
    aligned = align_by_id([read_bundle(FINAL)], [read_bundle(mt, options=AS_SYSTEM)])
    assert aligned.notices[-1] == (
        f"{mt}: the source of 1 unit (unit 'tu2::3') matched by id differs from "
        f"{FINAL}'s; scored as matched"
    )


def _sdlxliff(path: Path, units: str) -> Path:
    """An SDLXLIFF file of `units` (trans-unit elements)."""
    path.write_text(
        '<xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" '
        'xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" '
        'sdl:version="1.0"><file original="a.docx" source-language="en-US" '
        'target-language="de-DE" datatype="x-sdlfilterframework2"><header/>'
        f"<body>{units}</body></file></xliff>",
        encoding="utf-8",
    )
    return path


def _unit(unit_id: str, seg_source: str, target: str) -> str:
    """A trans-unit: `seg_source` and `target` are the marks' "mid:text" pairs."""

    def marks(pairs: str) -> str:
        return " ".join(
            f'<mrk mtype="seg" mid="{mid}">{text}</mrk>'
            for mid, _, text in (pair.partition(":") for pair in pairs.split("|"))
        )

    return (
        f'<trans-unit id="{unit_id}"><source>x</source>'
        f"<seg-source>{marks(seg_source)}</seg-source>"
        f"<target>{marks(target)}</target></trans-unit>"
    )


@pytest.mark.parametrize(
    ("target", "text"),
    [
        # The deleted words and the space that went with them are gone.
        ('The <mrk mtype="x-sdl-deleted">old </mrk>new car.', "The new car."),
        ('The<mrk mtype="x-sdl-deleted"> old</mrk> car.', "The car."),
        ('The <mrk mtype="x-sdl-deleted">old</mrk> car.', "The car."),
        # A deletion inside a word joins its two halves.
        ('big<mrk mtype="x-sdl-deleted">gest</mrk>ger', "bigger"),
        # Added text is text; a deletion nested in a comment too is gone.
        (
            'A <mrk mtype="x-sdl-comment">red<mrk mtype="x-sdl-deleted"> big</mrk>'
            '</mrk> <mrk mtype="x-sdl-added">car</mrk>.',
            "A red car.",
        ),
    ],
)
def test_a_tracked_deletion_reads_as_if_accepted(
    tmp_path: Path, target: str, text: str
) -> None:
    path = _sdlxliff(tmp_path / "changes.sdlxliff", _unit("a", "1:x", f"1:{target}"))
    assert read_bundle(path).column("target").segments.lines == (text,)


def test_target_segments_that_are_not_the_sources_leave_the_unit_out_in_one_line(
    tmp_path: Path,
) -> None:
    path = _sdlxliff(
        tmp_path / "split.sdlxliff",
        _unit("a", "1:One.|2:Two.", "1:Eins.|2:Zwei.")
        + _unit("b", "3:Three.|4:Four.", "3:Drei. Vier.")
        + _unit("c", "5:Five.", "6:Fünf."),
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'a::1'", "unit 'a::2'")
    assert bundle.notices == (
        f"{path}: 2 units have <target> segments that cannot be paired with their "
        "<seg-source>'s by mid (unit 'b': mid 3, 4 in <seg-source>, mid 3 in "
        "<target>; unit 'c': mid 5 in <seg-source>, mid 6 in <target>); left out",
    )


def test_repeated_mids_and_marks_without_one_are_never_paired(tmp_path: Path) -> None:
    path = _sdlxliff(
        tmp_path / "mids.sdlxliff",
        _unit("a", "1:One.", "1:Eins.")
        + '<trans-unit id="b"><source>x</source><seg-source>'
        '<mrk mtype="seg" mid="2">Two.</mrk><mrk mtype="seg">Three.</mrk>'
        '</seg-source><target><mrk mtype="seg" mid="2">Zwei.</mrk>'
        '<mrk mtype="seg">Drei.</mrk></target></trans-unit>'
        + _unit("c", "4:Four.|4:Four.", "4:Vier.|4:Vier."),
    )
    assert read_bundle(path).notices == (
        f"{path}: 2 units have <target> segments that cannot be paired with their "
        "<seg-source>'s by mid (unit 'b': mid 2, ? in <seg-source>, mid 2, ? in "
        "<target>; unit 'c': mid 4, 4 in <seg-source>, mid 4, 4 in <target>); "
        "left out",
    )


def test_a_file_whose_units_all_mismatch_is_refused_naming_the_first(
    tmp_path: Path,
) -> None:
    path = _sdlxliff(tmp_path / "bad.sdlxliff", _unit("a", "1:One.|2:Two.", "2:Zwei."))
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: has no unit whose <target> segments pair with its <seg-source>'s "
        "by mid (unit 'a': mid 1, 2 in <seg-source>, mid 2 in <target>): nothing "
        "to score"
    )


def test_the_mismatched_units_segments_are_not_said_missing_again(
    tmp_path: Path,
) -> None:
    final = _sdlxliff(
        tmp_path / "final.sdlxliff",
        _unit("a", "1:One.", "1:Eins.") + _unit("b", "2:Two.|3:Three.", "2:Zwei."),
    )
    mt = _sdlxliff(
        tmp_path / "mt.sdlxliff",
        _unit("a", "1:One.", "1:Ein.")
        + _unit("b", "2:Two.|3:Three.", "2:Zwo.|3:Drei."),
    )
    aligned = align_by_id([read_bundle(final)], [read_bundle(mt)])
    assert aligned.segment_ids == ("unit 'a'",)
    assert [notice for notice in aligned.notices if "lacks" in notice] == []


def test_an_empty_target_is_an_empty_segment_each_and_trados_calls_it_untranslated(
    tmp_path: Path,
) -> None:
    path = _sdlxliff(
        tmp_path / "empty.sdlxliff",
        '<trans-unit id="a"><source>x</source><seg-source>'
        '<mrk mtype="seg" mid="1">One.</mrk> <mrk mtype="seg" mid="2">Two.</mrk>'
        "</seg-source><target/></trans-unit>" + _unit("b", "3:Three.", "3:Drei."),
    )
    every = read_bundle(path, options=ALL)
    assert every.segment_ids == ("unit 'a::1'", "unit 'a::2'", "unit 'b'")
    assert every.column("target").segments.lines == ("", "", "Drei.")
    # Without sdl:seg-defs a segment has no level: its empty target is not
    # Trados's "Not Translated" but the file's own empty segment, as today.
    assert read_bundle(path).segment_ids == every.segment_ids


def test_okapi_segmented_xliff_12_is_read_the_same_way(tmp_path: Path) -> None:
    """Modelled on Okapi's XLIFF filter output: mids per unit from 0, target state."""
    path = tmp_path / "okapi.xlf"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" '
        'xmlns:okp="okapi-framework:xliff-extensions">\n'
        '<file original="guide.html" source-language="en" target-language="fr" '
        'datatype="html">\n<body>\n'
        '<trans-unit id="tu1" xml:space="preserve">\n'
        "<source>First sentence. Second <g id='1'>bold</g> one.</source>\n"
        '<seg-source><mrk mid="0" mtype="seg">First sentence.</mrk> '
        '<mrk mid="1" mtype="seg">Second <g id="1">bold</g> one.</mrk></seg-source>\n'
        '<target xml:lang="fr" state="translated"><mrk mid="0" mtype="seg">'
        'Première phrase.</mrk> <mrk mid="1" mtype="seg">Deuxième <g id="1">'
        "grasse</g>.</mrk></target>\n</trans-unit>\n"
        '<trans-unit id="tu2">\n<source>Third.</source>\n'
        '<seg-source><mrk mid="0" mtype="seg">Third.</mrk></seg-source>\n'
        '<target xml:lang="fr" state="needs-translation"><mrk mid="0" mtype="seg">'
        "Third.</mrk></target>\n</trans-unit>\n"
        "</body>\n</file>\n</xliff>\n",
        encoding="utf-8",
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'tu1::0'", "unit 'tu1::1'")
    assert bundle.column("source").segments.lines == (
        "First sentence.",
        "Second bold one.",
    )
    assert bundle.column("target").segments.lines == (
        "Première phrase.",
        "Deuxième grasse.",
    )
    assert bundle.notices == (
        f"{path}: 1 unit left out, not a finished translation: "
        f"1 state=\"needs-translation\" (unit 'tu2'); {HINT}",
    )


# Trados's layout between two paragraphs: a unit not for translation, tags only.
_LAYOUT = '<trans-unit translate="no" id="{}"><source><x id="0"/></source></trans-unit>'


def test_units_not_for_translation_and_without_target_are_not_warned_about(
    tmp_path: Path,
) -> None:
    """Dozens of these are in every real Trados file: no warning, no row."""
    path = _sdlxliff(
        tmp_path / "job.sdlxliff",
        _LAYOUT.format("f0")
        + _unit("a", "1:One.", "1:Eins.")
        + _LAYOUT.format("f1")
        + '<trans-unit id="b"><source>Two.</source></trans-unit>',
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'a'",)
    # Only the unit that wants a translation and lacks one is said.
    assert bundle.notices == (f"{path}: 1 unit has no <target> (unit 'b'); left out",)


def test_a_file_of_units_not_for_translation_says_so(tmp_path: Path) -> None:
    path = _sdlxliff(tmp_path / "layout.sdlxliff", _LAYOUT.format("f0"))
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f'{path}: has no unit for translation (every unit is translate="no"): '
        "nothing to score"
    )
