"""Spaces at the edges of inline tags: read as the XML says, over the whole segment.

The expected texts are written out by hand and checked against translate-toolkit's
plain reading of the same files (`unit.source`, `unit.target`: XPath's
``normalize-space`` of the element), an independent reading of the whitespace.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from translate.storage import xliff, xliff2

from bleu_gui.io.formats import read_bundle

DATA = Path(__file__).parent / "data" / "xliff"

SPACED_SOURCES = (
    "Paragraph with bold, italics, and both.",
    "Press Start now",
    "Keep these spaces",
    "A no-break space",
)
SPACED_TARGETS = (
    "Paragraphe avec gras, italique, et les deux.",
    "Appuyez sur Start maintenant",
    "Gardez  ces  espaces",  # xml:space="preserve" on the target
    "Une espace\N{NO-BREAK SPACE}insécable",  # not XML white space: kept
)


def test_a_space_at_the_edge_of_a_g_or_mrk_separates_the_words() -> None:
    bundle = read_bundle(DATA / "tags-spaced.xlf")
    assert bundle.column("source").segments.lines == SPACED_SOURCES
    assert bundle.column("target").segments.lines == SPACED_TARGETS


def test_the_xliff_12_reading_agrees_with_the_toolkits_plain_text() -> None:
    store = xliff.xlifffile.parsefile(str(DATA / "tags-spaced.xlf"))
    assert tuple(unit.source for unit in store.units) == SPACED_SOURCES
    assert tuple(unit.target for unit in store.units) == SPACED_TARGETS


@pytest.mark.parametrize(
    ("side", "expected"),
    [("source", "Save the file now."), ("target", "Speichern Sie die Datei jetzt.")],
)
def test_a_space_at_the_edge_of_an_xliff_2_pc_separates_the_words(
    side: str, expected: str
) -> None:
    path = DATA / "tags-spaced-20.xlf"
    assert read_bundle(path).column(side).segments.lines == (expected,)
    (unit,) = xliff2.Xliff2File.parsefile(str(path)).units
    assert getattr(unit, side) == expected
