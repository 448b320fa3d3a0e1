"""How a number reads in a table cell: one rule for the window's table and exports.

The sentence table, its exports (whose CSV must show what the cells show) and the
command line's `--export` all write BLEU with one decimal, the brevity penalty with
three, and a Δ with its sign (`core.number_text.signed`: a value that rounds to
zero shows no sign, "0.000", and exactly zero shows "0"); a spreadsheet gets the
same as a number format, so the numbers stay numbers and still read as in the
window (a number format cannot drop the sign of a value that rounds to zero).
"""

from __future__ import annotations

import math
from enum import Enum

from bleu_gui.core.bands import band_label
from bleu_gui.core.number_text import fixed, signed

__all__ = ["Shown"]


class Shown(Enum):
    """A number column's reading: (decimals or None for an integer, signed).

    `BAND` shows a fuzzy-match band's label for the band's lower edge.
    """

    INTEGER = (None, False)
    SCORE = (1, False)  # BLEU and the n-gram precisions
    BP = (3, False)
    DELTA = (1, True)  # B − A of sentence BLEU
    SWAP = (3, True)  # the corpus effect of a swapped sentence
    BAND = (None, False, "band")  # a fuzzy-match band, by its lower edge in %

    @property
    def decimals(self) -> int | None:
        """Decimals shown; None: an integer."""
        decimals: int | None = self.value[0]
        return decimals

    @property
    def signed(self) -> bool:
        """Whether a positive value shows its +."""
        signed: bool = self.value[1]
        return signed

    def text(self, value: float) -> str:
        """`value` as a cell shows it ('—' for NaN: not scorable in this mode)."""
        if math.isnan(value):
            return "—"
        if self is Shown.BAND:
            return band_label(value)
        decimals = self.decimals
        if decimals is None:
            return str(int(value))
        if self.signed:
            # Exactly 0 (the same): "0". Rounding to zero: "0.000", no sign.
            return "0" if value == 0.0 else signed(value, decimals)
        return fixed(value, decimals)

    @property
    def number_format(self) -> str:
        """The spreadsheet number format that shows a value the same way."""
        decimals = self.decimals
        if decimals is None:
            return "0"
        digits = "0." + "0" * decimals
        return f"+{digits};-{digits};0" if self.signed else digits
