"""Per-band counts, words and corpus BLEU (`core.band_table`), against independent sums.

The oracle for BLEU is sacreBLEU's `corpus_bleu` on the band's own lines; the bands
of the demo are recomputed here from rapidfuzz's distance with exact fractions, and
the small cases are counted by hand.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sacrebleu
from rapidfuzz.distance import Levenshtein

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.band_table import band_table, less_work_rows
from bleu_gui.core.bands import BANDS
from bleu_gui.core.effort import effort_of
from tests.core.demo_systems import references, system


def _band_by_hand(distance: int, length: int) -> int:
    """The band of a match 100 − 100·distance/length, with fractions."""
    if distance == 0:
        return 0
    match = 100 - Fraction(100 * distance, max(length, 1))
    for index, low in enumerate((100, 95, 85, 75, 50, 0)):
        if index and match >= low:
            return index
    return len(BANDS) - 1


@pytest.mark.parametrize("name", ["Online-W", "happypoet"])
def test_each_band_of_the_demo_is_what_sacrebleu_gives_its_lines(name: str) -> None:
    hyps = system(name)
    refs = references()[0]  # one reference: the closest is that one
    config = BleuConfig()
    table = band_table(
        effort_of(hyps, [refs]), corpus_stats(hyps, [refs], config), config
    )
    bands = [
        _band_by_hand(Levenshtein.distance(h, r), len(r))
        for h, r in zip(hyps, refs, strict=True)
    ]
    assert table.uncounted == 0
    assert table.sentences == len(hyps)
    for index, row in enumerate(table.rows):
        rows = [k for k, band in enumerate(bands) if band == index]
        assert row.band == BANDS[index]
        assert row.count == len(rows)
        assert row.words == sum(len(refs[k].split()) for k in rows)
        if not rows:
            assert math.isnan(row.bleu)
            continue
        expected = sacrebleu.corpus_bleu(
            [hyps[k] for k in rows], [[refs[k] for k in rows]]
        ).score
        assert row.bleu == expected  # bit for bit: the same sums, the same arithmetic


def test_a_hand_counted_table_with_two_references() -> None:
    hyps = ["the cat sat on the mat", "a dog barked", "hello world", "zzz"]
    refs = [
        ["the cat sat on the mat", "a dog barks", "hello world!", "completely other"],
        ["x", "the dog barked loudly", "hello", "no"],
    ]
    config = BleuConfig()
    table = band_table(effort_of(hyps, refs), corpus_stats(hyps, refs, config), config)
    # 1: identical to ref 1 (6 words) -> 100 %.
    # 2: "a dog barks": 2 character edits of 11 (82 %); ref 2: 10 of 21 -> ref 1,
    #    75-84 %, 3 words.
    # 3: "hello world!": 1 edit of 12 (92 %) -> 85-94 %, 2 words.
    # 4: "no": 3 of 2; "completely other": 16 of 16 -> ref 1 (16/16 < 3/2),
    #    < 50 %, 2 words.
    counts = [row.count for row in table.rows]
    words = [row.words for row in table.rows]
    assert counts == [1, 0, 1, 1, 0, 1]
    assert words == [6, 0, 2, 3, 0, 2]
    for index, row in ((0, 0), (3, 1), (2, 2), (5, 3)):
        expected = sacrebleu.corpus_bleu([hyps[row]], [[ref[row]] for ref in refs])
        assert table.rows[index].bleu == expected.score
    assert math.isnan(table.rows[1].bleu)
    assert math.isnan(table.rows[4].bleu)


def test_effort_and_statistics_of_other_sizes_are_refused() -> None:
    config = BleuConfig()
    stats = corpus_stats(["a b"], [["a b"]], config)
    with pytest.raises(ValueError, match="effort of 2 segments, statistics of 1"):
        band_table(effort_of(["a", "b"], [["a", "b"]]), stats, config)


def test_where_b_needs_less_work() -> None:
    refs = [["abcdefghij", "abcdefghij", "abcd", "", "same"]]
    a = effort_of(["abcdefghix", "abcdefghij", "abxx", "", "same"], refs)
    b = effort_of(["abcdefghij", "abcdefgxyz", "abcx", "", "same"], refs)
    # Row 0: A 1 edit, B none; row 1: A none, B 3; row 2: A 2 of 4, B 1 of 4;
    # rows 3 and 4: both 0.
    assert less_work_rows(a, b).tolist() == [0, 2]
    assert less_work_rows(b, a).tolist() == [1]
    assert less_work_rows(a, a).dtype == np.int64


def test_rates_of_equal_fractions_are_not_below_each_other() -> None:
    # 1 edit in 3 characters against 2 in 6: the same rate.
    a = effort_of(["abx"], [["abc"]])
    b = effort_of(["abcdxy"], [["abcdef"]])
    assert less_work_rows(a, b).tolist() == []
    assert less_work_rows(b, a).tolist() == []
