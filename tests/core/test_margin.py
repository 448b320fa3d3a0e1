"""The margin of a significant difference, checked by sacreBLEU on swapped files.

For a pair of the demo systems whose difference sacreBLEU finds significant, B' is
B's lines with the margin's rows replaced by A's lines (text, not statistics), and
sacreBLEU's own paired bootstrap (`PairedTest`, the same seed and resamples) is run
on A and B': the difference must be lost at the margin (p > 0.05) and still held
with one sentence fewer swapped (p ≤ 0.05). The p-values the margin reports must be
sacreBLEU's for those files.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, Compat, corpus_stats
from bleu_gui.core.delta import swap_effects
from bleu_gui.core.margin import (
    Margin,
    MarginProgress,
    NoMargin,
    NoMarginReason,
    iter_margin,
    margin,
    swapped_stats,
)
from tests.core.demo_systems import references, system
from tests.oracles import sacrebleu_refs

SEED = 12345
SAMPLES = 1000


def sacrebleu_p(
    monkeypatch: pytest.MonkeyPatch, a: Sequence[str], b: Sequence[str]
) -> tuple[float, float, float]:
    """sacreBLEU's (p, A's score, B's score) of B against baseline A."""
    monkeypatch.setenv("SACREBLEU_SEED", str(SEED))
    tester = SacrePairedTest(
        [("A", list(a)), ("B", list(b))],
        {"BLEU": BLEU()},
        references=sacrebleu_refs([references()[0]]),
        test_type="bs",
        n_samples=SAMPLES,
    )
    _, scores = tester()
    base, other = scores["BLEU"]
    assert not isinstance(base, str)
    assert not isinstance(other, str)
    assert other.p_value is not None
    return other.p_value, base.score, other.score


def swapped_lines(b: Sequence[str], a: Sequence[str], rows: Sequence[int]) -> list[str]:
    """B's lines with the given rows taken from A."""
    out = list(b)
    for row in rows:
        out[row] = a[row]
    return out


def demo_margin(name_a: str, name_b: str) -> Margin | NoMargin:
    config = BleuConfig()
    refs = [references()[0]]
    stats_a = corpus_stats(system(name_a), refs, config)
    stats_b = corpus_stats(system(name_b), refs, config)
    return margin(stats_a, stats_b, config, samples=SAMPLES, seed=SEED)


@pytest.mark.parametrize(
    ("name_a", "name_b", "b_better"),
    [("Facebook-AI", "happypoet", False), ("happypoet", "UEdin", True)],
)
def test_margin_is_confirmed_by_sacrebleu_on_swapped_files(
    monkeypatch: pytest.MonkeyPatch, name_a: str, name_b: str, b_better: bool
) -> None:
    a, b = system(name_a), system(name_b)
    p_before, score_a, score_b = sacrebleu_p(monkeypatch, a, b)
    assert p_before <= 0.05  # a significant pair to begin with
    assert (score_b > score_a) is b_better
    found = demo_margin(name_a, name_b)
    assert isinstance(found, Margin)
    assert found.better is b_better
    assert len(found.rows) == found.count >= 1
    assert len(set(found.rows)) == found.count
    at, _, _ = sacrebleu_p(monkeypatch, a, swapped_lines(b, a, found.rows))
    fewer, _, fewer_b = sacrebleu_p(
        monkeypatch, a, swapped_lines(b, a, found.rows[:-1])
    )
    assert at > 0.05
    assert fewer <= 0.05
    assert (fewer_b > score_a) is b_better  # still the same way round
    assert (found.p_before, found.p_at, found.p_one_fewer) == (p_before, at, fewer)
    assert (found.samples, found.seed) == (SAMPLES, SEED)


def test_rows_go_by_swap_effect_largest_first() -> None:
    config = BleuConfig()
    refs = [references()[0]]
    stats_a = corpus_stats(system("happypoet"), refs, config)
    stats_b = corpus_stats(system("UEdin"), refs, config)
    found = margin(stats_a, stats_b, config)
    assert isinstance(found, Margin)
    effects = swap_effects(stats_a, stats_b, config)[list(found.rows)]
    assert np.all(effects > 0)  # B (the better one) wins each of them
    assert np.all(np.diff(effects) <= 0)
    # Nothing left out beats the smallest swapped effect.
    others = np.delete(swap_effects(stats_a, stats_b, config), list(found.rows))
    assert np.nanmax(others) <= effects[-1]


def test_a_difference_sacrebleu_finds_not_significant_has_no_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    p, _, _ = sacrebleu_p(monkeypatch, system("Online-W"), system("UEdin"))
    assert p > 0.05
    assert demo_margin("Online-W", "UEdin") == NoMargin(
        NoMarginReason.NOT_SIGNIFICANT, p
    )


def test_identical_systems_have_no_margin() -> None:
    assert demo_margin("UEdin", "UEdin") == NoMargin(
        NoMarginReason.IDENTICAL, 1 / (SAMPLES + 1)
    )


def test_other_modes_have_no_margin() -> None:
    config = BleuConfig(compat=Compat.NLTK)
    refs = [references()[0]]
    stats = corpus_stats(system("UEdin"), refs, config)
    found = margin(stats, stats, config)
    assert found == NoMargin(NoMarginReason.NOT_SACREBLEU)
    assert str(found.reason) == "significance needs the sacreBLEU mode"


def test_progress_counts_the_tests_and_the_swaps() -> None:
    config = BleuConfig()
    refs = [references()[0]]
    stats_a = corpus_stats(system("Facebook-AI"), refs, config)
    stats_b = corpus_stats(system("Online-W"), refs, config)
    steps = iter_margin(stats_a, stats_b, config, samples=200)
    seen: list[MarginProgress] = []
    try:
        while True:
            seen.append(next(steps))
    except StopIteration as end:
        found = end.value
    assert isinstance(found, Margin)
    assert seen[0].swaps == -1  # the swap effects come first
    tested = [step for step in seen if step.swaps >= 0]
    assert (tested[0].swaps, tested[0].tests) == (0, 0)
    assert {step.tests for step in tested} == set(range(found.tests))
    assert all(step.total == 200 for step in tested)
    assert found.count in {step.swaps for step in tested}
    assert found.count - 1 in {step.swaps for step in tested}


def test_swapped_stats_take_a_rows_and_keep_b_elsewhere() -> None:
    config = BleuConfig()
    refs = [references()[0]]
    a_lines, b_lines = system("Facebook-AI"), system("happypoet")
    stats_a = corpus_stats(a_lines, refs, config)
    stats_b = corpus_stats(b_lines, refs, config)
    rows = [3, 0, 41]
    expected = corpus_stats(swapped_lines(b_lines, a_lines, rows), refs, config)
    got = swapped_stats(stats_b, stats_a, rows)
    for field in ("hyp_len", "ref_lens", "matches", "totals"):
        assert np.array_equal(getattr(got, field), getattr(expected, field))
    assert np.array_equal(stats_b.matches, corpus_stats(b_lines, refs, config).matches)


def test_effects_given_must_fit_the_rows_and_give_the_same_margin() -> None:
    config = BleuConfig()
    refs = [references()[0]]
    stats_a = corpus_stats(system("Facebook-AI"), refs, config)
    stats_b = corpus_stats(system("Online-W"), refs, config)
    effects = swap_effects(stats_a, stats_b, config)
    assert margin(stats_a, stats_b, config, effects=effects) == margin(
        stats_a, stats_b, config
    )
    with pytest.raises(ValueError, match=r"^499 swap effects for 500 rows$"):
        margin(stats_a, stats_b, config, effects=effects[:-1])
