"""Characters that act on text instead of showing, and the visible mark shown instead.

A hypothesis can hold a line break, a carriage return, a bidirectional override
(U+202E turns the rest of a line around), a zero-width space: in a page or a
rendered table they break a row, reorder the text around them or hide. Where a
file is read by people in a browser (the HTML report, a Markdown export), each such
character is shown as a mark naming it, ⟨U+202E⟩, so the reader sees what the file
holds and nothing is obeyed. One rule for every such output.
"""

from __future__ import annotations

__all__ = ["control_mark", "is_control", "with_marks"]

# Characters that reorder or hide text: the Unicode bidirectional controls and
# the zero-width and other format characters a reader cannot see.
_INVISIBLE = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # isolates
    "\u200e\u200f\u061c"  # marks
    "\u200b\u200c\u200d\u2060\ufeff\u00ad"  # zero-width, soft hyphen
)


def is_control(char: str) -> bool:
    """Whether `char` acts on text rather than shows: C0 but tab, C1, invisible."""
    code = ord(char)
    return char in _INVISIBLE or (code < 0x20 and char != "\t") or 0x7F <= code < 0xA0


def control_mark(char: str) -> str:
    """The mark shown for `char`: ⟨U+000A⟩."""
    return f"⟨U+{ord(char):04X}⟩"


def with_marks(text: str) -> str:
    """`text` with each control character (`is_control`) replaced by its mark."""
    return "".join(control_mark(char) if is_control(char) else char for char in text)
