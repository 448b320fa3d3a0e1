"""Systems' names shortened for narrow places: what tells them apart, no more.

Systems of one test set are often files named alike (`sys.Facebook-AI.txt`,
`sys.happypoet.txt`): in a column header the shared `sys.` and `.txt` take the room
the part that differs needs. The full names stay wherever there is room (menus of
files such as File › Remove system, tooltips). Quotes count as separators: a
spreadsheet's systems "column 'engine-a'" and "column 'engine-b'" become "a" and
"b", not "a'" and "b'".
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["short_names"]

_SEPARATORS = frozenset("._- /'\"")


def short_names(names: Sequence[str]) -> tuple[str, ...]:
    """`names` without the prefix and suffix they all share, cut at a separator.

    A shared part is dropped only up to (prefix) or from (suffix) one of `. _ - /`,
    a quote and a space, so a name is never cut inside a word, and only when every
    name keeps something. One name, or names sharing nothing, come back as given.
    """
    if len(names) < 2:
        return tuple(names)
    prefix = _common_prefix(names)
    cut = max((i + 1 for i, c in enumerate(prefix) if c in _SEPARATORS), default=0)
    rest = [name[cut:] for name in names]
    suffix = _common_prefix([name[::-1] for name in rest])[::-1]
    start = max(
        (len(suffix) - i for i, c in enumerate(suffix) if c in _SEPARATORS),
        default=0,
    )
    shortened = [name[: len(name) - start] if start else name for name in rest]
    if not all(shortened):
        return tuple(names)
    return tuple(shortened)


def _common_prefix(texts: Sequence[str]) -> str:
    """The characters every one of `texts` starts with."""
    first = min(texts, key=len)
    for index, char in enumerate(first):
        if any(text[index] != char for text in texts):
            return first[:index]
    return first
