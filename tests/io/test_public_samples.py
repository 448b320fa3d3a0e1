"""bleu-gui's readers on real files written by others (tests/io/data/public).

The samples are Okapi's test files (their origin and licence: that folder's
README.md): XLIFF 1.1/1.2 with inline codes and `<mrk>` segmentation, SDLXLIFF,
XLIFF 2.0 with `<pc>`, `<ph>`, `<sc/>`/`<ec/>`, TMX 1.4 in UTF-16 with `<bpt>`,
`<ept>`, `<ph>`, `<it>`, `<ut>`, `<hi>`. What each reading is checked against:

* translate-toolkit's own plain reading of each XLIFF unit (`unit.source`,
  `unit.target`), an independent parser and flattener: the two must agree once
  runs of XML white space are made one space, the one thing bleu-gui deliberately
  reads otherwise in XLIFF (it keeps ``xml:space="preserve"`` line breaks, and
  the two spaces around a dropped code, `io.inline_text`);
* in TMX, where the toolkit keeps a code's native markup in the text and
  bleu-gui drops it, the toolkit's reading of units without codes, and texts
  written out by hand for units with them;
* inline tags and their offsets counted by hand from the files (shown beside
  each expected value).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.xliff_states import XliffStates

PUBLIC = Path(__file__).parent / "data" / "public"
ALL = FormatOptions(xliff_states=XliffStates.ALL)
DEFAULT = FormatOptions()

# Each sample, the options it is read with, and its number of segments (counted
# by hand: units with a <target>, one per <mrk mtype="seg"> or XLIFF 2 <segment>).
SAMPLES = {
    "RB-12-Test02.xlf": 7,  # units 1-7; 11 and 11withWarning have no target
    "segmented.xlf": 3,
    "MultipleSegments.xlf": 2,
    "Test_Context_and_PH.xlf": 2,
    "JMP-11-Test01.xlf": 9,
    "simpleTest15984.sdlxliff": 10,
    "correspondingCodes.xlf": 16,
    "withReorderedCodes.xlf": 9,
    "withReferences.xlf": 2,  # f1's u1 has no target
    "toJoin.xlf": 5,
    "a_small_test2.tmx": 1,
    "html_test.tmx": 11,
    "Paragraph_TM.tmx": 7,
}
XLIFF_SAMPLES = [name for name in SAMPLES if not name.endswith(".tmx")]
# a_small_test2.tmx's one unit has codes: compared by hand.
TMX_SAMPLES = ["html_test.tmx", "Paragraph_TM.tmx"]
# XML's white space (not a no-break space, which both readers keep as text).
_XML_SPACE = re.compile(r"[ \t\r\n]+")


def collapsed(text: object) -> str:
    """`text` with each run of XML white space one space, its ends trimmed."""
    return _XML_SPACE.sub(" ", str(text or "")).strip()


def read(name: str) -> Any:
    """The sample `name` as bleu-gui reads it (every XLIFF state counted)."""
    return read_bundle(PUBLIC / name, options=ALL)


def texts(name: str) -> dict[str, tuple[str, str]]:
    """Each segment's unit name to its (source, target) as bleu-gui reads them."""
    bundle = read(name)
    sources = bundle.columns[0].segments.lines
    targets = bundle.columns[1].segments.lines
    return dict(
        zip(bundle.units.names, zip(sources, targets, strict=True), strict=True)
    )


def tags(name: str, unit: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The source's and target's tags of segment `unit`, as (label, offset)."""
    bundle = read(name)
    row = bundle.units.names.index(unit)
    found = []
    for column in bundle.columns[:2]:
        segment_tags = column.segments.tags
        assert segment_tags is not None
        found.append([(tag.label(), tag.offset) for tag in segment_tags[row]])
    return found[0], found[1]


# Codes whose markup translate-toolkit keeps in its plain text (bleu-gui drops it).
_MARKUP_CODES = frozenset({"bpt", "ept", "ph", "it", "ut", "sub"})


def toolkit_units(name: str) -> dict[tuple[str, str], tuple[str, str] | None]:
    """Each unit's (file, id) to translate-toolkit's plain texts of it.

    The file is its `<file>`'s id (XLIFF 2) or `original` (1.2). None for a
    unit holding a code with markup in it, which the toolkit keeps and
    bleu-gui drops: those are compared by hand below.
    """
    from translate.storage import xliff, xliff2

    data = (PUBLIC / name).read_bytes()
    if b"urn:oasis:names:tc:xliff:document:2" in data:
        store = xliff2.Xliff2File.parsestring(data)
    else:
        store = xliff.xlifffile.parsestring(data)
    units: dict[tuple[str, str], tuple[str, str] | None] = {}
    for unit in store.units:
        if unit.isheader():
            continue
        element = unit.xmlelement
        file = next(
            ancestor
            for ancestor in element.iterancestors()
            if str(ancestor.tag).endswith("file")
        )
        own = str(unit.getid() or "").rpartition("\x04")[2]
        markup = any(
            str(node.tag).rpartition("}")[2] in _MARKUP_CODES and node.text
            for node in element.iter()
        )
        key = (str(file.get("id") or file.get("original")), own)
        units[key] = (
            None if markup else (collapsed(unit.source), collapsed(unit.target))
        )
    return units


def toolkit_key(
    theirs: Mapping[tuple[str, str], object], unit_name: str
) -> tuple[str, str]:
    """The toolkit's key of bleu-gui's segment `unit_name`.

    bleu-gui names a unit "f2/u1" only in a file of several <file>s; an XLIFF 2
    unit of one segment is "u1" where the toolkit says "u1::s1"; an XLIFF 1.2
    unit split by <mrk mtype="seg"> is a row per mark here ("11::0").
    """
    files = list(dict.fromkeys(file for file, _ in theirs))
    file, own = files[0], unit_name
    if len(files) > 1:
        file, _, own = unit_name.rpartition("/")
    for key in ((file, own), (file, own.rpartition("::")[0])):
        if key in theirs:
            return key
    (only,) = [
        key for key in theirs if key[0] == file and key[1].startswith(own + "::")
    ]
    return only


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_reads_with_its_number_of_segments(name: str) -> None:
    bundle = read(name)
    assert len(bundle.columns[0].segments.lines) == SAMPLES[name]
    assert len(bundle.columns[1].segments.lines) == SAMPLES[name]
    tags_read = bundle.columns[1].segments.tags
    assert tags_read is not None
    assert len(tags_read) == SAMPLES[name]


@pytest.mark.parametrize("name", XLIFF_SAMPLES)
def test_xliff_text_agrees_with_translate_toolkit(name: str) -> None:
    theirs = toolkit_units(name)
    joined: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    for unit_name, (source, target) in texts(name).items():
        pair = joined.setdefault(toolkit_key(theirs, unit_name), ([], []))
        pair[0].append(source)
        pair[1].append(target)
    compared = 0
    for key, (sources, targets) in joined.items():
        plain = theirs[key]
        if plain is None:
            continue
        assert (collapsed(" ".join(sources)), collapsed(" ".join(targets))) == plain
        compared += 1
    assert compared  # every sample has units the two readings agree on


@pytest.mark.parametrize("name", TMX_SAMPLES)
def test_tmx_units_without_codes_agree_with_translate_toolkit(name: str) -> None:
    """The toolkit keeps a code's markup in its text: only units without one."""
    from translate.storage import tmx

    store = tmx.tmxfile.parsestring((PUBLIC / name).read_bytes())
    bundle = read_bundle(PUBLIC / name, options=DEFAULT)
    plain = [
        row
        for row, unit in enumerate(store.units)
        if not any(len(seg) for seg in unit.xmlelement.iter("seg"))
    ]
    assert plain  # the check below compares something
    for row in plain:
        unit = store.units[row]
        assert collapsed(bundle.columns[0].segments.lines[row]) == collapsed(
            unit.source
        )
        assert collapsed(bundle.columns[1].segments.lines[row]) == collapsed(
            unit.target
        )


def test_codes_are_dropped_with_their_markup_and_the_spaces_beside_them_kept() -> None:
    # <x id="1"/> inside <g id="2">: "Text with <g><x/></g> and more text."
    assert texts("RB-12-Test02.xlf")["7"] == (
        "Text with  and more text.",
        "Text with  and more text.",
    )
    # <it>, <bpt>, <ph> holding <IMG ...> with a <sub>, <hi>, <ept>.
    tmx = read_bundle(PUBLIC / "a_small_test2.tmx", options=DEFAULT)
    assert tmx.columns[0].segments.lines == ("Click  to start.",)
    assert tmx.columns[1].segments.lines == ("Cliquez  pour commencer.",)


def test_a_code_between_letters_leaves_nothing_in_its_place() -> None:
    """ "This is<ph>&lt;br&gt;</ph>a para<ph>&lt;br&gt;</ph>graph": as documented."""
    bundle = read_bundle(PUBLIC / "html_test.tmx", options=DEFAULT)
    assert bundle.columns[0].segments.lines[6] == "This isa paragraph with line breaks"
    assert bundle.columns[1].segments.lines[6] == "ThXs XsX pXrXgrXph wXth lXne brXXks"
    # <ut> ut content en</ut> between two words: one space stays.
    paragraphs = read_bundle(PUBLIC / "Paragraph_TM.tmx", options=DEFAULT)
    assert paragraphs.columns[0].segments.lines[1] == (
        "Touch Retry to resume the procedure."
    )
    assert paragraphs.columns[1].segments.lines[1] == (
        "Zur Fortsetzung des Verfahrens 'Wiederholen' drücken."
    )


def test_xml_space_preserve_on_the_file_keeps_line_breaks() -> None:
    source, target = texts("JMP-11-Test01.xlf")[
        "S_Lininstaller_To_preserve_the_GDF_submenu_in_t2_xxx"
    ]
    assert source.startswith(
        "To preserve the GDF submenu in the Gnome Foot-menu\n"
        "it is necessary to copy files\n to standard directories"
    )
    assert target.endswith("de Gnome.\n\n\nSouhaitez-vous conserver le sous-menu GDF ?")


def test_a_target_starting_with_a_code_has_no_leading_space() -> None:
    """withReorderedCodes.xlf unit 1's target: <ph id="3"/> then <pc>text...

    Read " text" before: a space the QA's spaces check flagged ("starts with a
    space") and that made the unit "inconsistent" with unit 2's "text".
    """
    assert texts("withReorderedCodes.xlf")["1"] == ("text", "text")


def test_xliff_2_units_of_several_files_are_named_by_their_file() -> None:
    """withReferences.xlf: <file id="f1"> and <file id="f2"> each have a unit u1."""
    bundle = read("withReferences.xlf")
    assert bundle.units.names == ("f1/2", "f2/u1")
    assert bundle.segment_ids == ("unit 'f1/2'", "unit 'f2/u1'")
    (notice,) = bundle.notices
    assert notice.endswith(
        "withReferences.xlf: 1 unit has no <target> (unit 'f1/u1'); left out"
    )


def test_segment_marks_are_rows_named_by_mid() -> None:
    assert next(iter(texts("segmented.xlf").items())) == (
        "1",
        (
            "The quick brown fox jumped over the lazy dog.",
            "Der schnelle braune fuchs sprang über den faulen hund.",
        ),
    )
    assert texts("segmented.xlf")["3::1"] == ("Segment two.", "Segment zwei.")
    assert texts("MultipleSegments.xlf") == {
        "1::0": ("Wie schützt man", "Wie schützt man"),  # a copy, "it"
        "1::1": ("sich gegen Erdbeben?", "sich gegen Erdbeben?"),
    }


def test_tags_of_xliff_12_units_counted_by_hand() -> None:
    # "Text with <g id="1">code</g> and <g id="2">bold</g>."
    assert tags("RB-12-Test02.xlf", "4") == (
        [('<g id="1">', 10), ('<g id="2">', 19)],
        [('<g id="1">', 10), ('<g id="2">', 19)],
    )
    # "Text with a footnote<x id="1"/> and more text"
    assert tags("RB-12-Test02.xlf", "6") == ([('<x id="1">', 20)], [('<x id="1">', 20)])
    # "Text with <g id="2"><x id="1"/></g> and more text."
    assert tags("RB-12-Test02.xlf", "7") == (
        [('<g id="2">', 10), ('<x id="1">', 10)],
        [('<g id="2">', 10), ('<x id="1">', 10)],
    )
    # "The quick brown <bpt id="1">&lt;b></bpt>fox<ept id="1">&lt;/b></ept> ..."
    assert tags("segmented.xlf", "1") == (
        [('<bpt id="1">', 16), ('<ept id="1">', 19)],
        [('<bpt id="1">', 20), ('<ept id="1">', 25)],
    )


def test_tags_of_xliff_2_segments_counted_by_hand() -> None:
    # s1 "<sc id='1'/>Sentence 1.", s2 "Sentence [  ] 2.<ec startRef='1'/> "
    assert tags("toJoin.xlf", "1::s1") == ([('<sc id="1">', 0)], [('<sc id="1">', 0)])
    assert tags("toJoin.xlf", "1::s2") == (
        [('<ec startRef="1">', 16)],
        [('<ec startRef="1">', 14)],  # "Phrase [  ] 2."
    )
    # The target puts <ph id="3"/> first; "text" is 4 characters.
    assert tags("withReorderedCodes.xlf", "1") == (
        [('<pc id="1">', 0), ('<ph id="2">', 4), ('<ph id="3">', 4)],
        [('<ph id="3">', 0), ('<pc id="1">', 0), ('<ph id="2">', 4)],
    )
    # Segments 12 and 13 of correspondingCodes: a <ph> deleted, one added.
    assert tags("correspondingCodes.xlf", "1::segment-12") == (
        [('<ph id="12">', 0)],
        [],
    )
    assert tags("correspondingCodes.xlf", "1::segment-13") == (
        [],
        [('<ph id="added">', 0)],
    )


def test_tags_of_tmx_units_counted_by_hand() -> None:
    bundle = read_bundle(PUBLIC / "a_small_test2.tmx", options=DEFAULT)
    source_tags, target_tags = (column.segments.tags for column in bundle.columns)
    assert source_tags is not None
    assert target_tags is not None
    # "|Click |<IMG>| to |start.|": <it x=1>, <bpt x=2>, ph x=3, hi x=4, ept i=1.
    assert [(tag.label(), tag.offset) for tag in source_tags[0]] == [
        ('<it x="1">', 0),
        ('<bpt x="2">', 0),
        ('<ph x="3">', 6),
        ('<hi x="4">', 10),
        ('<ept i="1">', 16),
    ]
    # The French puts <bpt> before <it>: "Cliquez |<IMG>| pour |commencer.|"
    assert [(tag.label(), tag.offset) for tag in target_tags[0]] == [
        ('<bpt x="2">', 0),
        ('<it x="1">', 0),
        ('<ph x="3">', 8),
        ('<hi x="4">', 14),
        ('<ept i="1">', 24),
    ]
    html = read_bundle(PUBLIC / "html_test.tmx", options=DEFAULT)
    html_tags = html.columns[0].segments.tags
    assert html_tags is not None
    # "Second <bpt i="1">&lt;b&gt;</bpt>paragraph<ept i="1">&lt;/b&gt;</ept> tag"
    assert [(tag.label(), tag.offset) for tag in html_tags[2]] == [
        ('<bpt i="1">', 7),
        ('<ept i="1">', 16),
    ]
    # Codes without an id are known by their content: "This is|a para|graph".
    assert [(tag.label(), tag.offset) for tag in html_tags[6]] == [
        ("<ph><br></ph>", 7),
        ("<ph><br></ph>", 13),
    ]
