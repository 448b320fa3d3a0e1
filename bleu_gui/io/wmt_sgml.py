r"""WMT test sets in the "SGML" of WMT up to 2020, read as sacreBLEU reads them.

Each file holds one side of a test set: the source (``<srcset>``), a reference
(``<refset>``) or a system's output (``<tstset sysid=...>``), one segment a line::

    <refset setid="newstest2019" srclang="any" trglang="en">
    <doc sysid="ref" docid="abc.123" genre="news" origlang="de">
    <seg id="1">Text of the first segment</seg>

The files are not well-formed XML or SGML (an ``&`` is often left unescaped), so
sacreBLEU does not parse them: `FakeSGMLDataset` keeps every line that starts with
``<seg `` (lines are split at ``\n`` only), replaces ``<seg.*?>(.*)</seg>.*?`` with
the text inside, and then "cleans" it (strips it and makes every run of whitespace
one space). Entities stay as written (``&amp;``): sacreBLEU's 13a tokenizer turns the
four it knows back into characters. A document's ``docid`` (the last one given) is
every later segment's document. This module does the same, so the segments are
sacreBLEU's; what sacreBLEU would read wrong without a word is an error naming the
line: a ``<seg`` line without ``</seg>`` (sacreBLEU keeps its markup as text), an
indented one (sacreBLEU skips it), a second set in one file.

The file is decoded with the encoding given (UTF-8 by default, as sacreBLEU does); a
file that starts with a UTF-16 or UTF-32 byte-order mark is read in that encoding
when UTF-8 is asked for (sacreBLEU cannot read it; its text is the same).
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.io.bundle import Bundle, Column, Format, Role
from bleu_gui.io.errors import FormatError
from bleu_gui.io.readers import Segments, read_segments
from bleu_gui.io.xml_files import bom_encoding

if TYPE_CHECKING:  # io.formats registers this reader: no import at run time
    from bleu_gui.io.format_options import FormatOptions

__all__ = ["read_wmt_sgml"]

# sacreBLEU's expressions (`FakeSGMLDataset._convert_format` and `_convert_meta`).
_SEGMENT = re.compile(r"<seg.*?>(.*)</seg>.*?")
_DOCID = re.compile(r'docid="(.*?)"')
_WHITESPACE = re.compile(r"\s+")

_SET = re.compile(r"\ufeff?\s*<(srcset|refset|tstset)\b(.*)", re.IGNORECASE)
_ATTRIBUTE = re.compile(r'(\w+)="(.*?)"')
_SEGMENT_ID = re.compile(r'<seg\b[^>]*?\bid="?([^">\s]+)')
_INDENTED_SEGMENT = re.compile(r"\s+<seg\b")

# Per set: the role of its text, the attribute that names it, and its label without one.
_KINDS = {
    "srcset": (Role.SOURCE, None, "source"),
    "refset": (Role.REFERENCE, "refid", "reference"),
    "tstset": (Role.SYSTEM, "sysid", None),
}


def read_wmt_sgml(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """The bundle of one WMT SGML file: one column, the set's text.

    The column's key is the set's ``sysid`` (a ``tstset``) or ``refid`` (a
    ``refset``), else the set's kind ("srcset", "refset", "tstset"); its role is
    the set's. `options.keep_unreferenced` changes nothing: a file holds one side,
    and sacreBLEU leaves out no segment of it.

    Raises:
        InputError: the file cannot be read or decoded, or a `FormatError` naming
            the line that breaks the format; an unknown `encoding`.
    """
    if codecs.lookup(encoding).name == "utf-8":
        encoding = bom_encoding(path) or encoding
    segments = read_segments(path, encoding, drop_bom=options.drop_bom)
    kind: str | None = None
    attributes: dict[str, str] = {}
    texts: list[str] = []
    documents: list[str] = []
    segment_ids: list[str] = []
    docid = ""  # sacreBLEU's value before the first document
    any_docid = False
    for number, line in enumerate(segments.lines, start=1):
        found = _SET.match(line)
        if found is not None:
            if kind is not None:
                raise FormatError(
                    path,
                    f"a second set (<{found.group(1)}>) after the <{kind}>; "
                    "bleu-gui reads one set a file",
                    line=number,
                )
            kind = found.group(1).lower()
            attributes = dict(_ATTRIBUTE.findall(found.group(2)))
        elif line.startswith("<doc "):
            match = _DOCID.search(line)
            if match is not None:
                docid = match.group(1)
                any_docid = True
        elif line.startswith("<seg "):
            if "</seg>" not in line:
                raise FormatError(
                    path,
                    "a <seg> line without its </seg>; each segment is one line",
                    line=number,
                )
            texts.append(_clean(_SEGMENT.sub(r"\1", line)))
            documents.append(docid)
            segment_ids.append(_segment_place(line, docid, number))
        elif _INDENTED_SEGMENT.match(line):
            raise FormatError(
                path,
                "a <seg> line that does not start at the line's start, which "
                "sacreBLEU leaves out; remove the spaces before <seg",
                line=number,
            )
    if kind is None:
        raise FormatError(
            path,
            "not a WMT SGML file: it has no <srcset>, <refset> or <tstset> line",
        )
    if not texts:
        raise FormatError(path, f"the <{kind}> has no <seg> lines")
    role, name_attribute, label = _KINDS[kind]
    name = attributes.get(name_attribute or "") or None
    key = name or kind
    shown = f"{label} {name}" if label and name else label or name or path.name
    column = Column(
        key,
        shown,
        role,
        # A byte-order mark is on the set's line, in no segment: no Bom to report.
        Segments(path, tuple(texts), segments.encoding, segments.warnings),
    )
    return Bundle(
        path,
        Format.WMT_SGML,
        (column,),
        segment_ids=tuple(segment_ids),
        documents=tuple(documents) if any_docid else None,
    )


def _clean(text: str) -> str:
    """The text as sacreBLEU's `Dataset._clean` leaves it: stripped, spaces single."""
    return _WHITESPACE.sub(" ", text.strip())


def _segment_place(line: str, docid: str, number: int) -> str:
    """Where a segment is: its document and id, or its line when it has none."""
    match = _SEGMENT_ID.match(line)
    if match is None or not docid:
        return f"line {number}"
    return f"document {docid!r}, segment {match.group(1)}"
