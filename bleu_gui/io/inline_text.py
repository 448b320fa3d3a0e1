"""The text a translator reads in an XLIFF or TMX segment, its inline tags taken out.

A segment (`<source>`, `<target>`, TMX `<seg>`) mixes text with inline elements. Two
kinds are told apart:

* **paired tags around text** (`<g>`, `<pc>`, `<mrk>`, TMX `<hi>`, and any element
  not named below): their text is the translator's and is kept;
* **codes** (`CODES`): placeholders and native markup (`<x/>`, `<ph>`, `<bpt>`, ...),
  dropped with the code they hold; nothing takes their place;
* **deleted text**: Trados's tracked deletion, ``<mrk mtype="x-sdl-deleted">``, is
  text the reviewer took out: not part of the translation, it is read as if the
  change were accepted, as though the mark and its text were not there (the
  white space on its two sides meets and collapses). A tracked insertion
  (``x-sdl-added``) is text like any mark's.

Whitespace follows ``xml:space``, inherited from the ancestors as XML says, with the
format's own default: where it is "default", each run of XML whitespace (space, tab,
line breaks; not a no-break space) is one space and the segment's ends are trimmed,
*over the whole segment*, as XPath's ``normalize-space`` reads it: a space at the edge
of a tag (``with <g>and </g><g>both</g>``) separates words like any other. A code
counts as a word while whitespace is collapsed and is removed afterwards, so the
spaces on both sides of a dropped ``<ph>`` stay ("page  for"): they stand for the
code's own text. Where ``xml:space="preserve"``, text is kept as written.

This is its own walk of the XML tree, not translate-toolkit's rich text: the toolkit
trims each inline element's text on its own, which glues "and" to "both".
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["CODES", "segment_text"]

CODES = frozenset(
    {"bpt", "ept", "ph", "it", "ut", "x", "bx", "ex", "sc", "ec", "sm", "em", "sub"}
)
"""Inline elements whose content is markup, not text: left out with their content."""

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# The `mtype` of Trados's tracked deletion.
_DELETED = "x-sdl-deleted"
# XML's white space (the S production): no-break and other Unicode spaces are text.
_WHITESPACE = re.compile(r"([ \t\r\n]+)")
# A piece of a segment: its text, whether it is a code, whether it is preserved.
_Piece = tuple[str, bool, bool]


def segment_text(element: Any, default_space: str) -> str:
    """The text of the segment `element` (an lxml element), as the module says.

    `default_space` is the format's ``xml:space`` where neither the element nor
    an ancestor says one: "default" for XLIFF, "preserve" for TMX.
    """
    pieces: list[_Piece] = []
    _walk(element, _inherited_space(element, default_space), pieces, top=True)
    return _joined(pieces)


def _inherited_space(element: Any, default_space: str) -> str:
    """The ``xml:space`` in effect on `element` (its own or its nearest ancestor's)."""
    node = element
    while node is not None:
        value = node.get(_XML_SPACE)
        if value in ("default", "preserve"):
            return str(value)
        node = node.getparent()
    return default_space


def _walk(element: Any, space: str, pieces: list[_Piece], *, top: bool) -> None:
    """Add the pieces of `element` (its text and children, not its tail)."""
    if not top:
        name = _local_name(element)
        if name is None:  # a comment or a processing instruction
            return
        own = element.get(_XML_SPACE)
        space = str(own) if own in ("default", "preserve") else space
        if name == "mrk" and element.get("mtype") == _DELETED:
            return
        if name == "cp":
            pieces.append((_code_point(element.get("hex", "")), False, True))
            return
        if name in CODES:
            pieces.append(("", True, False))
            return
    preserve = space == "preserve"
    if element.text:
        pieces.append((element.text, False, preserve))
    for child in element:
        _walk(child, space, pieces, top=False)
        if child.tail:
            pieces.append((child.tail, False, preserve))


def _local_name(element: Any) -> str | None:
    """An element's name without its namespace; None for comments and PIs."""
    if not isinstance(element.tag, str):
        return None
    return element.tag.rpartition("}")[2]


def _code_point(hex_digits: str) -> str:
    """The character an XLIFF 2 `<cp hex="..."/>` stands for ('' if invalid)."""
    try:
        return chr(int(hex_digits, 16))
    except (ValueError, OverflowError):
        return ""


def _joined(pieces: list[_Piece]) -> str:
    """The pieces as one string, white space collapsed where it is not preserved."""
    out: list[str] = []
    started = False  # something (text or code) has been written
    pending = False  # collapsed white space waits for the next word
    for text, is_code, preserve in pieces:
        if preserve or is_code:
            if pending and started:
                out.append(" ")
            pending = False
            out.append(text)
            started = True
            continue
        for part in _WHITESPACE.split(text):
            if not part:
                continue
            if _WHITESPACE.fullmatch(part):
                pending = True
                continue
            if pending and started:
                out.append(" ")
            pending = False
            out.append(part)
            started = True
    return "".join(out)
