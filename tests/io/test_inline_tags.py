"""Inline tags kept beside the text of XLIFF and TMX segments (`io.inline_text`).

The QA checks compare a segment's tags with its source's; the readers keep them in
`Segments.tags` without changing a character of the text. The expected tags and
their offsets below are counted by hand from the test files (their origin:
tests/io/data/formats/README.md; written for the tests, modelled on what CAT
tools write) and from the small documents written out here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from bleu_gui.core.inline_tags import InlineTag
from bleu_gui.io import read_segments
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.inline_text import segment_text, segment_text_and_tags
from bleu_gui.io.xliff_states import XliffStates

DATA = Path(__file__).parent / "data"
FORMATS = DATA / "formats"


def tags_of(
    path: Path, key: str, options: FormatOptions
) -> list[list[tuple[str, int]]]:
    """Each segment's tags of column `key`, as (label, offset)."""
    segments = read_bundle(path, options=options).column(key).segments
    assert segments.tags is not None
    return [[(tag.label(), tag.offset) for tag in tags] for tags in segments.tags]


def test_xliff_12_codes_and_paired_tags_with_their_places() -> None:
    options = FormatOptions(xliff_states=XliffStates.ALL)
    assert tags_of(FORMATS / "job-mt.xlf", "source", options) == [
        [],
        [('<g id="1">', 6)],  # "Press |Start"
        [('<x id="2">', 20)],  # "Use only cold water.|Never"
        [('<bpt id="3">', 16), ('<ept id="3">', 19)],  # "turns |red| when"
        [],
        [('<ph id="4">', 9)],  # "See page |{page}| for"
        [],
    ]
    assert tags_of(FORMATS / "job-mt.xlf", "target", options) == [
        [],
        [('<g id="1">', 12)],
        [('<x id="2">', 32)],
        [('<bpt id="3">', 15), ('<ept id="3">', 18)],
        [],
        [('<ph id="4">', 12)],
        [],
    ]


def test_xliff_2_placeholders_and_paired_codes_but_not_annotations() -> None:
    options = FormatOptions()
    assert tags_of(FORMATS / "app-strings.xlf", "target", options) == [
        [('<ph id="1">', 11)],  # "Bienvenue, |{name}| !"
        [('<pc id="2">', 26)],
        [],
        [],  # <mrk type="term"> marks a term: no tag to keep
    ]


def test_tmx_codes_with_their_x_or_i_and_hi_without() -> None:
    options = FormatOptions(languages=("en-US", "de-DE"))
    assert tags_of(FORMATS / "memory-en-de-fr.tmx", "source", options) == [
        [('<bpt i="1">', 9), ('<ept i="1">', 17)],
        [],
        [('<ph x="1">', 8)],
        [("<hi>", 13)],
    ]
    assert tags_of(FORMATS / "memory-en-de-fr.tmx", "target", options) == [
        [('<bpt i="1">', 26), ('<ept i="1">', 39)],
        [],
        [('<ph x="1">', 10)],
        [("<hi>", 16)],
    ]


def test_sdlxliff_segments_inside_a_g_have_no_tag_of_their_own() -> None:
    segments = (
        read_bundle(
            DATA / "sdlxliff" / "manual-mt.sdlxliff",
            options=FormatOptions(xliff_states=XliffStates.ALL),
        )
        .column("target")
        .segments
    )
    assert segments.tags is not None
    assert len(segments.tags) == len(segments.lines)
    # The <g id="7"> wraps mids 5 and 6: outside both segments.
    assert all(tags == () for tags in segments.tags)


def test_text_files_have_no_tags(tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("one\ntwo\n", encoding="utf-8")
    assert read_segments(path).tags is None


def element(xml: str) -> etree._Element:
    return etree.fromstring(xml)


@pytest.mark.parametrize(
    ("xml", "text", "tags"),
    [
        # A code without an id is known by its content.
        ("<seg>Line<ph>&lt;br/&gt;</ph>two</seg>", "Linetwo", [("ph", "", "<br/>", 4)]),
        # XLIFF 2's end code names its start code by startRef.
        (
            '<t>a <sc id="1"/>b<ec startRef="1"/> c</t>',
            "a b c",
            [("sc", "id", "1", 2), ("ec", "startRef", "1", 3)],
        ),
        # A space before a paired tag: the tag stands after it, with its word.
        ('<t>with <g id="5">and</g></t>', "with and", [("g", "id", "5", 5)]),
        # A tracked deletion is not there, nor are its tags.
        (
            '<t>keep<mrk mtype="x-sdl-deleted"><x id="9"/>gone</mrk></t>',
            "keep",
            [],
        ),
    ],
)
def test_small_documents(
    xml: str, text: str, tags: list[tuple[str, str, str, int]]
) -> None:
    read_text, read_tags = segment_text_and_tags(element(xml), "default")
    assert read_text == text == segment_text(element(xml), "default")
    assert [
        (tag.name, tag.attribute, tag.value, tag.offset) for tag in read_tags
    ] == tags


def test_a_tags_place_is_not_its_identity() -> None:
    assert InlineTag("x", "id", "1", 3) == InlineTag("x", "id", "1", 40)
    assert InlineTag("x", "id", "1") != InlineTag("x", "id", "2")
    assert InlineTag("bpt", "id", "1") != InlineTag("ept", "id", "1")
