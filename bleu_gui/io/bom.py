"""A byte-order mark at the start of a file: what was done with it, and what it costs.

sacreBLEU 2.6.0 opens files with ``encoding="utf-8"``, which keeps a UTF-8 byte-order
mark as the character U+FEFF at the start of line 1: glued to the first word, which
then matches no reference word (or, in a reference, no hypothesis word). Published
WMT scores were computed that way, so bleu-gui keeps it by default (its numbers are
sacreBLEU's), and says what the mark costs; dropping it is an option whose scores are
labelled (`bom:dropped` in the signature), so they never pass for plain sacreBLEU.

The wording of the warning lives here, in one place, for the command line and the GUI.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.core import BleuConfig
from bleu_gui.core.number_text import signed
from bleu_gui.core.row_counts import plain_counts_of_systems
from bleu_gui.core.score_counts import fit_stats, score_summed
from bleu_gui.core.summed import Counts
from bleu_gui.io.errors import display_name

if TYPE_CHECKING:
    from bleu_gui.io.readers import Corpus, Segments

__all__ = ["BOM", "Bom", "BomCost", "bom_costs", "bom_warning", "encoding_by_bom"]

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
    segments: Segments, cost: BomCost | None = None, *, how_to_drop: str = ""
) -> str | None:
    """The one-line warning about `segments`' byte-order mark, or None without one.

    Args:
        segments: A file as read.
        cost: What the kept mark costs (see `bom_costs`), if computed.
        how_to_drop: How the user drops it, e.g. "--drop-bom" (named in the line).
    """
    name = display_name(segments.path)
    if segments.bom is Bom.DROPPED:
        return (
            f"{name}: dropped a byte-order mark (U+FEFF) at the start of line 1, "
            "which sacreBLEU keeps glued to the first word (the signature says "
            "bom:dropped)"
        )
    if segments.bom is not Bom.KEPT:
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


def bom_costs(corpus: Corpus, config: BleuConfig, stats: Counts) -> tuple[BomCost, ...]:
    """What each kept byte-order mark of the hypothesis and references costs.

    Only line 1 changes when a mark is dropped, so only its statistics are counted
    again, and the corpus's sums move by that one row (`SummedStats.replaced`:
    total - old row + new row, in exact integers): the cost takes microseconds
    whatever the size of the corpus, and its numbers are those of scoring the
    corpus again without the mark.

    Args:
        corpus: The corpus as read (with the marks kept).
        config: The scoring options.
        stats: `corpus`'s statistics under `config` (as scored).

    Returns:
        One cost per scored file whose mark was kept, hypothesis first; none for a
        mode that cannot score this corpus.
    """
    scored = (corpus.hypothesis, *corpus.references)
    marked = [index for index, file in enumerate(scored) if file.bom is Bom.KEPT]
    if not marked:
        return ()
    try:
        fitted = fit_stats(stats, config)
        total = fitted.summed()
        with_mark = score_summed(total, config).score
    except ValueError:  # the emulated library cannot score it at all
        return ()
    first = [file.lines[0] for file in scored]
    old_row = fitted.row(0)
    costs = []
    for index in marked:
        lines = list(first)
        lines[index] = lines[index].removeprefix(BOM)
        references = [[line] for line in lines[1:]]
        (row,) = plain_counts_of_systems(
            [lines[:1]], references, config, max_order=stats.max_order
        )
        moved = total.replaced(
            old_row, fit_stats(row, config).row(0), last=len(stats) == 1
        )
        try:
            without = score_summed(moved, config).score
        except ValueError:
            continue
        costs.append(BomCost(scored[index].path, with_mark, without))
    return tuple(costs)
