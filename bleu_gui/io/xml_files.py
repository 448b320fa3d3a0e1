"""XML files: their bytes, their root element's name, and the one safe parse.

Every XML format bleu-gui reads (WMT XML, XLIFF 1.2 and 2.x, SDLXLIFF, TMX) is
parsed first by `parse_xml`, which holds the rules that keep a hostile file from
doing harm:

* **No entity is ever expanded or fetched.** lxml parses with entities left
  unresolved, no DTD loaded and no network. A document type (``<!DOCTYPE>``) that
  declares an entity, a document that uses one (``&name;``, other than the five
  XML predefines and character references), or a document type the parser gives up
  on (nested entities that would expand a billion times) is refused with one
  message, `ENTITIES_REFUSED`: an entity can pull in another file
  (``SYSTEM "file:///etc/passwd"``) or a web page, and the text it stands for is
  not in the file the user chose. translate-toolkit, which reads XLIFF and TMX
  after this check, would stumble on an unexpanded entity with a traceback.
* **A document type naming an outside DTD is read**, the DTD never loaded:
  ``<!DOCTYPE tmx SYSTEM "tmx14.dtd">`` is what OmegaT and other tools write at
  the top of their TMX files, and declares nothing the file uses.
* Not well-formed XML is one line with the parser's line and column.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import stat
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.io.errors import FormatError
from bleu_gui.io.readers import read_raw

if TYPE_CHECKING:
    # lxml is imported when a file is parsed: a plain score of text files does
    # not pay for it.
    from lxml import etree

__all__ = [
    "ENTITIES_REFUSED",
    "bom_encoding",
    "parse_xml",
    "read_xml_bytes",
    "read_xml_root_name",
    "starts_as_xml",
]

ENTITIES_REFUSED = (
    "declares or uses an XML entity (<!ENTITY> in its <!DOCTYPE>, or &name;), "
    "which bleu-gui does not read: an entity can pull in another file or a web "
    "page; write the text itself"
)
"""Why a file with entities is refused (after "FILE, line N: ")."""


def read_xml_bytes(path: Path) -> bytes:
    """The bytes of an XML file, checked as `read_raw` checks a text file.

    `read_raw` refuses bytes that do not decode, and NUL bytes, in the encoding it
    is given; the XML parser decodes, so the bytes are checked in an encoding that
    takes any byte (latin-1), or in UTF-16 or UTF-32 when the file starts the way
    such a file does (a byte-order mark, or ``<?`` in two or four bytes a
    character), since their text is full of NUL bytes.
    """
    return read_raw(path, _wide_encoding(_first_bytes(path, 4)) or "latin-1")


def read_xml_root_name(path: Path) -> str | None:
    """The name of the root element of an XML file.

    Found by pattern in the first 64 KiB, so that a file the parser refuses (cut
    short, in an unknown encoding) still goes to its format's reader, which says
    what is wrong with it; when the pattern finds none (a long comment first), by
    the parser, which reads on (up to `_SCAN_BYTES`) until the root element
    starts. None when the file is not a regular file, cannot be read, or has no
    root element there: then `starts_as_xml` and its name say its format.
    """
    start = _first_bytes(path, _ROOT_BYTES)
    text = start.decode(_wide_encoding(start) or "latin-1", errors="replace")
    found = _ROOT.match(text.removeprefix("\ufeff").removeprefix("\xef\xbb\xbf"))
    if found is not None:
        return found.group(1).rpartition(":")[2]
    return _root_by_parser(path) if _looks_like_xml(text) else None


def starts_as_xml(path: Path) -> bool:
    """Whether `path` is a regular file that is empty or starts as XML does (``<``).

    A file named ``.xml`` that does is read as XML, whose reader says what is
    wrong with it (empty, an unknown root element), not as plain text.
    """
    start = _first_bytes(path, _ROOT_BYTES)
    if not start:
        return _is_regular(path)
    text = start.decode(_wide_encoding(start) or "latin-1", errors="replace")
    return _looks_like_xml(text)


def _looks_like_xml(text: str) -> bool:
    """Whether `text` (a file's start) is blank or starts, past a BOM, with ``<``."""
    rest = text.removeprefix("\ufeff").removeprefix("\xef\xbb\xbf").lstrip()
    return not rest or rest.startswith("<")


def _root_by_parser(path: Path) -> str | None:
    """The local name of the root element, read by the parser up to `_SCAN_BYTES`."""
    from lxml import etree

    seen = _Prolog()
    parser = _safe_parser(seen)
    try:
        with _open_binary(path) as stream:
            for _ in range(_SCAN_BYTES // _ROOT_BYTES):
                chunk = stream.read(_ROOT_BYTES)
                if not chunk or seen.root_name is not None:
                    break
                parser.feed(chunk)
    except (OSError, EOFError, zlib.error, etree.XMLSyntaxError):
        pass
    return seen.root_name


# What may come before the root element: an XML declaration and other processing
# instructions, comments, a document type declaration, white space.
_ROOT = re.compile(
    r"(?:\s+|<\?.*?\?>|<!--.*?-->|<!DOCTYPE\b[^>\[]*(?:\[.*?\])?\s*>)*"
    r"<([A-Za-z_][\w.:-]*)",
    re.DOTALL,
)
# Bytes read to find the root element (past an XML declaration, comments, a DOCTYPE).
_ROOT_BYTES = 1 << 16
# Bytes the parser reads at most to find a root element the pattern did not.
_SCAN_BYTES = 16 << 20


def _first_bytes(path: Path, size: int) -> bytes:
    """The first `size` bytes of a regular file (decompressed if ``.gz``), else none.

    Anything else (a pipe, a missing file) gives no bytes: peeking would consume a
    pipe's data, and `read_raw` reports what is wrong with the file.
    """
    try:
        if not _is_regular(path):
            return b""
        with _open_binary(path) as stream:
            return stream.read(size)
    except (OSError, EOFError, zlib.error):
        return b""


def _is_regular(path: Path) -> bool:
    """Whether `path` is a regular file (not a pipe, a device, a folder, missing)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _open_binary(path: Path) -> io.BufferedIOBase:
    """`path` opened for reading bytes, decompressed if its name ends in ``.gz``."""
    if path.name.lower().endswith(".gz"):
        return gzip.open(path, "rb")
    return open(path, "rb")


# How UTF-16 and UTF-32 XML starts (the XML specification's appendix F).
_WIDE_STARTS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
    (b"<\x00\x00\x00", "utf-32-le"),
    (b"\x00\x00\x00<", "utf-32-be"),
    (b"<\x00?\x00", "utf-16-le"),
    (b"\x00<\x00?", "utf-16-be"),
)


def bom_encoding(path: Path) -> str | None:
    """The encoding (utf-16, utf-32) whose byte-order mark starts `path`, or None.

    Only regular files are looked at (see `_first_bytes`).
    """
    encoding = _wide_encoding(_first_bytes(path, 4))
    return encoding if encoding in {"utf-16", "utf-32"} else None


def _wide_encoding(first: bytes) -> str | None:
    """UTF-16 or UTF-32 if `first` (a file's first bytes) starts as they do."""
    for start, encoding in _WIDE_STARTS:
        if first.startswith(start):
            return encoding
    return None


def parse_xml(path: Path, data: bytes) -> etree._Element:
    """The root element of `data`, parsed safely (see the module docstring).

    Raises:
        FormatError: Not well-formed XML (with the parser's line), or entities
            declared or used (`ENTITIES_REFUSED`, with the line of the
            ``<!DOCTYPE>`` or of the first use).
    """
    from lxml import etree  # imported here: see the imports above

    if not data.strip():
        raise FormatError(path, "is empty: an XML file holds at least its root element")
    try:
        root = etree.fromstring(data, _safe_parser())
    except etree.XMLSyntaxError as error:
        if _declares_doctype(data):
            # Nested entities past libxml2's bounds, an entity it cannot add:
            # the document type is the trouble, whatever the parser's words.
            raise FormatError(
                path, ENTITIES_REFUSED, line=_doctype_line(data)
            ) from None
        raise FormatError(path, _syntax_detail(error), line=error.lineno) from None
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and next(dtd.iterentities(), None) is not None:
        raise FormatError(path, ENTITIES_REFUSED, line=_doctype_line(data))
    used = next(root.iter(etree.Entity), None)
    if used is not None:
        raise FormatError(path, ENTITIES_REFUSED, line=used.sourceline)
    return root


def _safe_parser(target: _Prolog | None = None) -> etree.XMLParser:
    """An lxml parser that expands no entity, loads no DTD and fetches nothing."""
    from lxml import etree

    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        target=target,
    )


class _Prolog:
    """An lxml parser target that notes a ``<!DOCTYPE>`` and the root's start."""

    def __init__(self) -> None:
        self.has_doctype = False
        self.root_name: str | None = None

    def doctype(self, name: str, public_id: str | None, system_url: str | None) -> None:
        self.has_doctype = True

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if self.root_name is None:
            self.root_name = tag.rpartition("}")[2]

    def close(self) -> None:
        return None


def _declares_doctype(data: bytes) -> bool:
    """Whether `data` has a ``<!DOCTYPE>`` before its root element.

    Only the prolog is parsed (by chunks, until the root element starts): the rest
    of a file whose parse failed is not read again.
    """
    from lxml import etree

    seen = _Prolog()
    parser = _safe_parser(target=seen)
    chunk = 1 << 16
    try:
        for start in range(0, len(data), chunk):
            parser.feed(data[start : start + chunk])
            if seen.root_name is not None:
                break
    except etree.XMLSyntaxError:
        pass
    return seen.has_doctype


def _doctype_line(data: bytes) -> int | None:
    """The line of the ``<!DOCTYPE>`` in `data` (None if it cannot be found)."""
    text = data.decode(_wide_encoding(data[:4]) or "latin-1", errors="replace")
    found = text.find("<!DOCTYPE")
    return None if found < 0 else text.count("\n", 0, found) + 1


def _syntax_detail(error: etree.XMLSyntaxError) -> str:
    """What the parser said, without its own ", line N, column M" tail."""
    message = str(error.msg or "").strip()
    line, column = error.position
    tail = f", line {line}, column {column}"
    message = message.removesuffix(tail)
    if message.startswith("Unsupported encoding"):
        declared = message.partition(":")[2].strip()
        return (
            f"its XML declaration names the encoding {declared!r}, which the XML "
            "parser does not know"
        )
    if message.startswith("Invalid bytes in character encoding"):
        return (
            f"bytes that are not valid in the file's encoding (column {column}); "
            "does its XML declaration name the encoding it is in?"
        )
    reason = message[:1].lower() + message[1:]
    return f"not well-formed XML: {reason} (column {column})"
