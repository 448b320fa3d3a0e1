"""Alphabetical order of texts, as a translator expects it, for sorting a table column.

Python and numpy compare strings by code point: "Zebra" before "apple", "école"
after "zoo". A translator expects a dictionary's order instead: case and accents
do not separate words ("apple", "Apple", "École", "ecole", "zoo"). A full locale
collation (ICU through `QCollator`) would be one Python call per comparison,
millions for 100,000 rows; here each text gets one key (decomposed, accents
dropped, case folded) and the keys are sorted once, in C. Texts whose keys are
equal keep their corpus order (the table's sort is stable).

Only the combining marks of the Latin, Greek and Cyrillic diacritic blocks are
dropped: the vowel signs of Indic scripts, also combining characters, are letters
to their readers and stay part of the key.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["alphabetical_ranks", "collation_key", "natural_ranks"]

# Combining diacritical marks (and their supplements, extended and half marks).
_ACCENTS = re.compile(
    "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+"
)


def collation_key(text: str) -> str:
    """What `text` sorts by: compatibility-decomposed, accents dropped, case folded.

    ASCII text needs neither decomposition nor accent removal (most segments of
    most corpora: the key then costs one `lower()`).
    """
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return _ACCENTS.sub("", decomposed).casefold()


def alphabetical_ranks(texts: Sequence[str]) -> npt.NDArray[np.float64]:
    """Per text, its place in alphabetical order; NaN for an empty text.

    Texts with equal keys get equal ranks, so that a stable sort by rank keeps
    them in corpus order in both directions. An empty text has nothing to sort
    by: like an unscorable number, it goes last either way.

    The keys are computed in Python, then sorted once in C; the table model
    computes the ranks once per corpus (docs/design.md has the time).
    """
    return _ranks([collation_key(text) for text in texts], texts)


def natural_ranks(names: Sequence[str]) -> npt.NDArray[np.float64]:
    """Per name, its place in the order people count in; NaN for an empty name.

    Unit ids are often numbers, or numbered ("u2", "u10"): numbers within a name
    compare by value ("u2" before "u10", "9" before "10"), the rest as
    `alphabetical_ranks` compares it.
    """
    return _ranks([_counted(collation_key(name)) for name in names], names)


_DIGITS = re.compile(r"\d+")


def _counted(key: str) -> str:
    """`key` with each number written so that string order is numeric order.

    A run of digits becomes its length (four digits) then its digits, leading
    zeros dropped: "u9" is "u00019", "u10" "u000210", and "u00019" < "u000210".
    """

    def number(found: re.Match[str]) -> str:
        digits = found.group().lstrip("0") or "0"
        return f"{len(digits):04d}{digits}"

    return _DIGITS.sub(number, key)


def _ranks(keys: list[str], texts: Sequence[str]) -> npt.NDArray[np.float64]:
    """Each text's rank by its key (`keys`), equal keys equal; NaN for empty texts."""
    order = np.array(sorted(range(len(keys)), key=keys.__getitem__), dtype=np.int64)
    ranks = np.full(len(keys), np.nan)
    if not keys:
        return ranks
    in_order = np.asarray(keys, dtype=object)[order]
    # A new rank wherever the key differs from the one before it.
    starts = np.concatenate(([True], in_order[1:] != in_order[:-1]))
    ranks[order] = np.cumsum(starts) - 1
    ranks[np.asarray([not text for text in texts], dtype=bool)] = np.nan
    return ranks
