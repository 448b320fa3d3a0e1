"""An inline tag of a translators' segment, as the QA checks compare them.

XLIFF and TMX segments carry inline codes (`<x/>`, `<ph>`, `<bpt>`, XLIFF 2
`<sc/>`, ...) and paired formatting (`<g>`, `<pc>`, TMX `<hi>`) among their text.
The text a translator reads leaves them out (`io.inline_text`); a translation that
loses one breaks the document it goes back into, so the QA checks compare them
apart from the text. Each is known by its element and what identifies it within
its segment: the id the format gives it (XLIFF `id`, TMX `x` or `i`, XLIFF 2's
`startRef` of an end code), or, for a code without one, its content (the native
markup it holds, such as ``<br/>``). It sits in core so that the checks need no
reader; the readers (`io`) make them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["InlineTag", "SegmentTags"]


@dataclass(frozen=True, slots=True)
class InlineTag:
    """One inline tag of a segment.

    Attributes:
        name: The element's local name: "x", "ph", "g", "bpt", "hi".
        attribute: The attribute that identifies it ("id", "x", "i",
            "startRef"), or "" when it has none and `value` is its content.
        value: That attribute's value, or the code's content ("" for none).
        offset: Where it stood in the segment's text (the tags taken out): the
            place a message points at. Not part of its identity: a tag moved by a
            word in the translation is the same tag.
    """

    name: str
    attribute: str
    value: str
    offset: int = field(default=0, compare=False)

    def label(self) -> str:
        """The tag as a CAT tool shows it: '<x id="2">', '<ph>{0}</ph>'."""
        if self.attribute:
            return f'<{self.name} {self.attribute}="{self.value}">'
        if self.value:
            return f"<{self.name}>{self.value}</{self.name}>"
        return f"<{self.name}>"


SegmentTags = tuple[InlineTag, ...]
"""One segment's inline tags, in the order they stand in it."""
