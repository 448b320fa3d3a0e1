"""`.xml` files told apart when their root element is late, or when there is none.

A root element past the first 64 KiB (a long comment first) and an empty `.xml`
file were read as plain text: markup scored as words, or "the file is empty"
taken for a text file. Both are now XML: found by the parser, or refused in one
line naming the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.bundle import Format
from bleu_gui.io.errors import FormatError
from bleu_gui.io.formats import detect_format, read_bundle
from tests.io.hostile_xml import write_xml

LONG_COMMENT = "<!-- " + "padding " * 10_000 + "-->"  # 80 KB


def _late(tmp_path: Path, format_: str) -> Path:
    """A file of `format_` named .xml, its root element after 80 KB of comment."""
    written = write_xml(tmp_path, format_, LONG_COMMENT, "world")
    path = written.with_suffix(".xml")
    written.rename(path)
    return path


@pytest.mark.parametrize(
    ("format_", "expected"), [("XLIFF 1.2", Format.XLIFF), ("TMX", Format.TMX)]
)
def test_a_root_element_after_a_long_comment_is_found(
    tmp_path: Path, format_: str, expected: Format
) -> None:
    path = _late(tmp_path, format_)
    assert detect_format(path) is expected
    bundle = read_bundle(path)
    assert [column.segments.lines for column in bundle.columns] == [
        ("Hello world",),
        ("Hallo world",),
    ]


def test_an_empty_xml_file_is_refused_as_xml(tmp_path: Path) -> None:
    path = tmp_path / "set.xml"
    path.write_bytes(b"")
    assert detect_format(path) is Format.WMT_XML
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: is empty: an XML file holds at least its root element"
    )


def test_an_xml_file_with_another_root_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.xml"
    path.write_text(LONG_COMMENT + "\n<notes><note>hi</note></notes>\n", "utf-8")
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}, line 2: not a WMT XML test set: its root element is <notes>, not "
        "<dataset>"
    )


def test_a_root_element_past_16_mib_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.xml"
    path.write_text("<!--" + "x" * (17 << 20) + "-->\n<xliff/>\n", "ascii")
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value).startswith(
        f"{path}, line 1: not well-formed XML: comment too big found (column "
    )


def test_a_text_file_named_xml_is_still_text(tmp_path: Path) -> None:
    path = tmp_path / "lines.xml"
    path.write_text("one line\nanother line\n", "utf-8")
    assert detect_format(path) is Format.TEXT
