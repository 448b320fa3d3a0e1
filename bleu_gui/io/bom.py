"""A byte-order mark at the start of a file: what was done with it, and what it costs.

sacreBLEU 2.6.0 opens files with ``encoding="utf-8"``, which keeps a UTF-8 byte-order
mark as the character U+FEFF at the start of line 1: glued to the first word, which
then matches no reference word (or, in a reference, no hypothesis word). Published
WMT scores were computed that way, so bleu-gui keeps it by default (its numbers are
sacreBLEU's), and says what the mark costs; dropping it is an option whose scores are
labelled (`bom:dropped` in the signature), so they never pass for plain sacreBLEU.

The wording of the warning lives here, in one place, for the command line and the GUI;
what a kept mark costs is computed in `io.bom_cost` (from a corpus as read: the readers
use this module, so it cannot use theirs).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from bleu_gui.core.number_text import signed
from bleu_gui.io.errors import display_name

__all__ = ["BOM", "Bom", "BomCost", "bom_warning", "encoding_by_bom"]

BOM = "\ufeff"
"""The byte-order mark as a character (ZERO WIDTH NO-BREAK SPACE)."""


class Bom(StrEnum):
    """What happened to a byte-order mark (U+FEFF) at the start of a file."""

    NONE = "none"
    """The decoded text did not start with U+FEFF (or the codec consumed it)."""
    KEPT = "kept"
    """Kept as sacreBLEU keeps it: glued to the first word of line 1."""
    DROPPED = "dropped"
    """Dropped on request (``drop_bom=True``): the score is no longer sacreBLEU's."""


# UTF-32's marks first: the little-endian one starts with UTF-16's (FF FE).
_WIDE_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32", "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16", "utf-16-be"),
)


def encoding_by_bom(data: bytes, encoding: str) -> str:
    """The encoding to decode `data` with: a UTF-16 or UTF-32 mark's, if it has one.

    A file saved as "Unicode" by Windows tools starts with a UTF-16 byte-order mark.
    Decoded as UTF-8 it fails at its first byte, and as latin-1 or cp1252 it turns
    into text with a NUL between letters: no encoding but the mark's can be meant,
    so the mark decides, whatever encoding was chosen (sacreBLEU fails on such a
    file, so no number of its differs). An encoding that already fits the mark is
    kept as chosen: ``utf-16`` consumes the mark, ``utf-16-le`` keeps it as U+FEFF
    at the start of the text, as sacreBLEU does with that encoding.

    Args:
        data: The file's first bytes (or all of them).
        encoding: The encoding chosen, a valid codec name.

    Returns:
        `encoding`, or "utf-16" / "utf-32" when the mark says so and `encoding`
        does not fit it.
    """
    for mark, family, exact in _WIDE_MARKS:
        if data.startswith(mark):
            fits = codecs.lookup(encoding).name in {family, exact}
            return encoding if fits else family
    return encoding


@dataclass(frozen=True, slots=True)
class BomCost:
    """Corpus BLEU with one file's kept mark, and with only that mark dropped.

    Attributes:
        path: The file whose mark it is (the hypothesis or a reference).
        with_mark: Corpus BLEU as read (sacreBLEU's number).
        without_mark: Corpus BLEU with this file's mark dropped.
    """

    path: Path
    with_mark: float
    without_mark: float

    @property
    def difference(self) -> float:
        """How much the mark lowers (or, rarely, raises) the score: without - with."""
        return self.without_mark - self.with_mark


def bom_warning(
    path: Path, bom: Bom, cost: BomCost | None = None, *, how_to_drop: str = ""
) -> str | None:
    """The one-line warning about a file's byte-order mark, or None without one.

    Args:
        path: The file as named to the user.
        bom: What its reader did with a mark (`Segments.bom`).
        cost: What the kept mark costs (see `io.bom_cost.bom_costs`), if computed.
        how_to_drop: How the user drops it, e.g. "--drop-bom" (named in the line).
    """
    name = display_name(path)
    if bom is Bom.DROPPED:
        return (
            f"{name}: dropped a byte-order mark (U+FEFF) at the start of line 1, "
            "which sacreBLEU keeps glued to the first word (the signature says "
            "bom:dropped)"
        )
    if bom is not Bom.KEPT:
        return None
    line = (
        f"{name}: starts with a byte-order mark (U+FEFF), kept as sacreBLEU keeps it: "
        "the first token of line 1 carries it and matches nothing"
    )
    if cost is not None:
        line += (
            f"; corpus BLEU is {cost.with_mark:.4f} with it, {cost.without_mark:.4f} "
            f"with it dropped ({signed(cost.difference, 4)})"
        )
    if how_to_drop:
        line += f"; {how_to_drop} drops it"
    return line
