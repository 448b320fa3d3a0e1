"""Sums of every order counted, cut to fewer orders, are the sums of those orders.

The systems table keeps each system's sums of all six counted orders and scores
any maximum order from them; sacreBLEU is the oracle of the scores.
"""

from __future__ import annotations

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.scoring import score_summed
from tests.core.demo_systems import references, system


def test_sums_cut_to_fewer_orders_score_as_sacrebleu() -> None:
    lines = system("UEdin")
    stats = corpus_stats(lines, references(), BleuConfig(), max_order=6)
    summed = stats.summed()
    assert summed.max_order == 6
    for order in (1, 2, 4, 6):
        cut = summed.truncated(order)
        assert cut == stats.truncated(order).summed()
        theirs = BLEU(max_ngram_order=order).corpus_score(
            list(lines), [list(r) for r in references()]
        )
        ours = score_summed(cut, BleuConfig(max_order=order))
        assert ours.score == theirs.score
    assert summed.truncated(6) is summed


def test_more_orders_than_summed_are_refused() -> None:
    stats = corpus_stats(system("UEdin"), references(), BleuConfig(), max_order=4)
    with pytest.raises(
        ValueError, match=r"these sums hold orders 1\.\.4, cannot give 5"
    ):
        stats.summed().truncated(5)
