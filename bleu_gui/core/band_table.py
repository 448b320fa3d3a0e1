"""Per fuzzy-match band: how many sentences, how many words, and their corpus BLEU.

A post-editing analysis (memoQ, Phrase) prices a job by band: so many words at
100 %, so many at 95–99 %, … . Beside each band this module puts the corpus BLEU
of its sentences, so that a user sees whether the sentences a translator barely
touches are also the ones BLEU rewards.

* **count**: the sentences in the band (`Effort.bands`, the one rule for bands);
* **words**: the words of their closest references (`Effort.words`), the words a
  translator is paid for, counted as the effort counted them (split at white
  space), never BLEU's tokens;
* **BLEU**: the corpus BLEU of those rows, summed from their cached statistics
  (`CorpusStats.subset`, then `score_value` as per-document BLEU is scored): the
  number sacreBLEU's `corpus_bleu` gives on those lines, nothing re-tokenised.
  NaN for an empty band, or one the emulated library cannot score.

With a pair, `less_work_rows` lists the sentences where B's character edit rate is
below A's: those a post-editor would finish sooner with B. No Qt, no I/O.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bleu_gui.core.bands import BANDS, Band
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.effort import Effort
from bleu_gui.core.scoring import fit_stats, score_value
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = ["BandRow", "BandTable", "band_table", "iter_band_table", "less_work_rows"]


@dataclass(frozen=True, slots=True)
class BandRow:
    """One band's sentences summed.

    Attributes:
        band: the band (`core.bands.BANDS`).
        count: its sentences.
        words: their closest references' words.
        bleu: the corpus BLEU of its sentences (0–100; NaN: none, or unscorable).
    """

    band: Band
    count: int
    words: int
    bleu: float


@dataclass(frozen=True, slots=True)
class BandTable:
    """Every band of one system, best first, and the sentences in none.

    Attributes:
        rows: one per band of `BANDS`, in its order.
        uncounted: sentences too long to count (`core.effort`), in no band.
    """

    rows: tuple[BandRow, ...]
    uncounted: int

    @property
    def sentences(self) -> int:
        """The sentences counted in a band."""
        return sum(row.count for row in self.rows)


def band_table(effort: Effort, stats: CorpusStats, config: BleuConfig) -> BandTable:
    """Each band's count, words and corpus BLEU under `config`.

    Raises:
        ValueError: if `effort` and `stats` differ in segments.
    """
    return drain(iter_band_table(effort, stats, config))


def iter_band_table(
    effort: Effort, stats: CorpusStats, config: BleuConfig
) -> Generator[int, None, BandTable]:
    """`band_table` a band at a time, yielding how many bands are done.

    A band of 100,000 segments takes a few milliseconds (its rows' statistics
    gathered and summed): a step generator lets the window do one between paints.

    Raises:
        ValueError: if `effort` and `stats` differ in segments.
    """
    if len(effort) != len(stats):
        raise ValueError(
            f"effort of {len(effort)} segments, statistics of {len(stats)}"
        )
    bands = effort.bands()
    fitted = fit_stats(stats, config)
    rows = []
    for index, band in enumerate(BANDS):
        chosen = np.flatnonzero(bands == index)
        bleu = np.nan
        if chosen.size:
            # NaN where the emulated library would refuse these counts.
            with contextlib.suppress(ValueError):
                bleu = score_value(fitted.subset(chosen).summed(), config)
        words = int(effort.words[chosen].sum())
        rows.append(BandRow(band, int(chosen.size), words, float(bleu)))
        yield index + 1
    return BandTable(tuple(rows), int(np.count_nonzero(bands < 0)))


def less_work_rows(a: Effort, b: Effort) -> npt.NDArray[np.int64]:
    """The rows where B's character edit rate is below A's, in corpus order.

    Rates are ratios of integers divided once (`Effort.char_rate`): equal ratios
    give equal floats (division is correctly rounded) and two different ratios of
    segment lengths differ far above a float's precision, so "below" is exact. A
    sentence without a rate on either side (too long to count, an empty
    reference with edits) is not listed.

    Raises:
        ValueError: if `a` and `b` differ in segments.
    """
    if len(a) != len(b):
        raise ValueError(f"effort of {len(a)} segments against {len(b)}")
    with np.errstate(invalid="ignore"):
        below = b.char_rate() < a.char_rate()
    return np.flatnonzero(below).astype(np.int64)
