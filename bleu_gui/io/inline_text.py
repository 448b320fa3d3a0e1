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
code's own text. A code before the segment's first word is not a word, though: the
white space after it is the segment's leading white space, trimmed like the
trailing white space after a last code ("<ph/> text" is "text", not " text", which
the QA's spaces check would flag; OASIS's XLIFF 2 test file withReorderedCodes.xlf
starts a target so). Where ``xml:space="preserve"``, text is kept as written.

This is its own walk of the XML tree, not translate-toolkit's rich text: the toolkit
trims each inline element's text on its own, which glues "and" to "both".

The same walk keeps the segment's inline tags for the QA checks
(`segment_text_and_tags`): each code, and the start of each paired formatting
element (`TAGGED`), with where it stood in the text. Keeping them changes nothing in
the text: a paired tag is a piece without text that the white space passes over.
"""

from __future__ import annotations

import re
from typing import Any

from bleu_gui.core.inline_tags import InlineTag, SegmentTags

__all__ = ["CODES", "TAGGED", "segment_text", "segment_text_and_tags"]

CODES = frozenset(
    {"bpt", "ept", "ph", "it", "ut", "x", "bx", "ex", "sc", "ec", "sm", "em", "sub"}
)
"""Inline elements whose content is markup, not text: left out with their content."""

TAGGED = frozenset({"g", "pc", "hi"})
"""Paired formatting around text: their text is kept, and they are tags to QA."""

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# The `mtype` of Trados's tracked deletion.
_DELETED = "x-sdl-deleted"
# XML's white space (the S production): no-break and other Unicode spaces are text.
_WHITESPACE = re.compile(r"([ \t\r\n]+)")
# A piece of a segment: its text, whether it is a code, whether it is preserved,
# and the tag it stands for (a code's, or a paired tag's start, which has no text).
_Piece = tuple[str, bool, bool, InlineTag | None]
# The attributes that identify a tag in its segment, the first one present.
_ID_ATTRIBUTES = ("id", "x", "i", "startRef")
# The most characters of a code's content kept to identify it (a tag is not a page).
_CONTENT_CHARS = 40


def segment_text(element: Any, default_space: str) -> str:
    """The text of the segment `element` (an lxml element), as the module says.

    `default_space` is the format's ``xml:space`` where neither the element nor
    an ancestor says one: "default" for XLIFF, "preserve" for TMX.
    """
    return segment_text_and_tags(element, default_space)[0]


def segment_text_and_tags(element: Any, default_space: str) -> tuple[str, SegmentTags]:
    """The text of the segment `element` and its inline tags, in order.

    The text is `segment_text`'s; each tag's offset is where it stood in it.
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
            pieces.append((_code_point(element.get("hex", "")), False, True, None))
            return
        if name in CODES:
            pieces.append(("", True, False, _tag(name, element, content=True)))
            return
        if name in TAGGED:
            pieces.append(("", False, False, _tag(name, element, content=False)))
    preserve = space == "preserve"
    if element.text:
        pieces.append((element.text, False, preserve, None))
    for child in element:
        _walk(child, space, pieces, top=False)
        if child.tail:
            pieces.append((child.tail, False, preserve, None))


def _tag(name: str, element: Any, *, content: bool) -> InlineTag:
    """The tag `element` is: its name and its id, else (a code's) its content."""
    for attribute in _ID_ATTRIBUTES:
        value = element.get(attribute)
        if value is not None:
            return InlineTag(name, attribute, str(value))
    if not content:
        return InlineTag(name, "", "")
    text = "".join(element.itertext())[:_CONTENT_CHARS]
    return InlineTag(name, "", text)


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


def _joined(pieces: list[_Piece]) -> tuple[str, SegmentTags]:
    """The pieces as one string, white space collapsed where it is not preserved.

    With the tags, each at the length of the text before it (after the space
    collapsed white space leaves before the next word, if one comes).
    """
    out: list[str] = []
    length = 0
    tags: list[InlineTag] = []
    started = False  # text has been written (a code before it is not a word)
    pending = False  # collapsed white space waits for the next word
    for text, is_code, preserve, tag in pieces:
        if tag is not None and not is_code:  # a paired tag's start: no text
            space = 1 if pending and started else 0
            tags.append(InlineTag(tag.name, tag.attribute, tag.value, length + space))
            continue
        if preserve or is_code:
            if pending and started:
                out.append(" ")
                length += 1
            pending = False
            if tag is not None:
                tags.append(InlineTag(tag.name, tag.attribute, tag.value, length))
            out.append(text)
            length += len(text)
            started = started or not is_code
            continue
        for part in _WHITESPACE.split(text):
            if not part:
                continue
            if _WHITESPACE.fullmatch(part):
                pending = True
                continue
            if pending and started:
                out.append(" ")
                length += 1
            pending = False
            out.append(part)
            length += len(part)
            started = True
    return "".join(out), tuple(tags)
