"""Scoring counts: per-segment counts or their sums to `BleuScore`s, in every mode.

Every mode scores from the same counts (`core.counts.Counts`); only the arithmetic
differs, and it lives in one module per mode (`bleu` for sacreBLEU, `compat/*` for
the others). Apart from `core.scoring` (tokenizing and counting, numpy's arrays)
so that scoring counts made in plain Python imports no numpy.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, TypeVar

from bleu_gui.core.bleu import sacrebleu_arithmetic, sacrebleu_score
from bleu_gui.core.compat import multi_bleu, tf_nmt
from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.counts import Counts
from bleu_gui.core.result import BleuScore
from bleu_gui.core.summed import SummedStats
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

__all__ = [
    "fit_stats",
    "iter_sentence_scores",
    "required_order",
    "score_corpus",
    "score_described",
    "score_summed",
    "score_value",
]

_C = TypeVar("_C", bound=Counts)


class _ModeScorer(Protocol):
    def __call__(
        self, summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
    ) -> BleuScore: ...


def _sacrebleu_inputs(
    summed: SummedStats, config: BleuConfig, *, sentence: bool
) -> tuple[tuple[int, ...], tuple[int, ...], int, int, Smoothing, float | None, bool]:
    """The arguments of sacreBLEU's arithmetic for these statistics and options."""
    order = config.max_order
    return (
        summed.matches[:order],
        summed.totals[:order],
        summed.hyp_len,
        summed.closest_ref_len,
        config.smoothing_method,
        config.effective_smooth_value,
        config.uses_effective_order(sentence=sentence),
    )


def _sacrebleu(
    summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
) -> BleuScore:
    del detailed  # sacreBLEU's notes are cheap enough to always describe
    return sacrebleu_score(*_sacrebleu_inputs(summed, config, sentence=sentence))


def _nltk(
    summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
) -> BleuScore:
    # Imported when NLTK's mode scores: its exact fractions import `fractions` and
    # `decimal`, 3% of a plain `bleu-gui score`'s start.
    from bleu_gui.core.compat import nltk

    return nltk.score(summed, config, sentence=sentence, detailed=detailed)


_SCORERS: dict[Compat, _ModeScorer] = {
    Compat.SACREBLEU: _sacrebleu,
    Compat.NLTK: _nltk,
    Compat.TF_NMT: tf_nmt.score,
    Compat.MULTI_BLEU: multi_bleu.score,
}


def required_order(config: BleuConfig) -> int:
    """The highest order the statistics must hold to score with `config`.

    NLTK's methods 5 and 7 read a 5-gram precision whatever the weights say.
    """
    if config.compat is Compat.NLTK and config.smoothing_method in (
        Smoothing.METHOD5,
        Smoothing.METHOD7,
    ):
        return max(config.order, 5)
    return config.order


def score_summed(
    summed: SummedStats, config: BleuConfig, *, sentence: bool = False
) -> BleuScore:
    """BLEU of already-summed statistics, in `config`'s mode.

    Raises:
        ValueError: where the emulated library would crash on these counts.
    """
    return _SCORERS[config.compat](summed, config, sentence=sentence, detailed=False)


def score_value(summed: SummedStats, config: BleuConfig) -> float:
    """Corpus BLEU (0-100) of summed statistics, and nothing else, fast.

    The sacreBLEU path skips building a `BleuScore`, for loops over 100,000 rows.
    """
    if config.compat is Compat.SACREBLEU:
        return sacrebleu_arithmetic(*_sacrebleu_inputs(summed, config, sentence=False))[
            0
        ]
    return score_summed(summed, config).score


def score_corpus(stats: Counts, config: BleuConfig) -> BleuScore:
    """Corpus BLEU of all segments in `stats`."""
    return score_described(fit_stats(stats, config).summed(), config, sentence=False)


def score_described(
    summed: SummedStats, config: BleuConfig, *, sentence: bool
) -> BleuScore:
    """BLEU of summed statistics with every term described in words."""
    return _SCORERS[config.compat](summed, config, sentence=sentence, detailed=True)


def iter_sentence_scores(
    stats: Counts, config: BleuConfig
) -> Iterator[OrUnavailable[BleuScore]]:
    """Sentence BLEU of every segment, in order (terms not described in words).

    A segment the emulated library cannot score yields `Unavailable` with the reason.
    """
    scorer = _SCORERS[config.compat]
    for summed in fit_stats(stats, config).rows():
        try:
            yield scorer(summed, config, sentence=True, detailed=False)
        except ValueError as error:
            yield Unavailable(str(error))


def fit_stats(stats: _C, config: BleuConfig) -> _C:
    """`stats` cut to the orders `config` scores; refuse if they hold too few."""
    needed = required_order(config)
    if stats.max_order < needed:
        raise ValueError(
            f"these statistics hold {stats.max_order} orders, scoring needs {needed}: "
            "count them again with corpus_stats"
        )
    return stats if stats.max_order == needed else stats.truncated(needed)
