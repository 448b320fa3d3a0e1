"""Edit rates and fuzzy-match bands (`core.effort`), against hand counts and a DP.

The oracle is the textbook Levenshtein recurrence (`tests.oracles.levenshtein`),
independent of the library the module uses; the cases by hand pin the words a
translator reads.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from bleu_gui.core import effort as effort_module
from bleu_gui.core.bands import BANDS, band_index, band_label
from bleu_gui.core.effort import effort_of
from tests.core.demo_systems import references, system
from tests.oracles import levenshtein


def band_of(hypothesis: str, reference: str) -> str:
    effort = effort_of([hypothesis], [[reference]])
    return BANDS[int(effort.bands()[0])].label


def test_hand_counted_rates_and_bands() -> None:
    effort = effort_of(
        ["the cat sat on the mat", "the cat sat", "a b c d"],
        [["the cat sat on a mat", "the cat sat", "x"]],
    )
    # "the" -> "a": one word replaced of 6; three characters of 20.
    assert effort.word_edits.tolist() == [1, 0, 4]
    assert effort.words.tolist() == [6, 3, 1]
    assert effort.char_edits.tolist() == [3, 0, 7]
    assert effort.chars.tolist() == [20, 11, 1]
    assert effort.word_rate().tolist() == pytest.approx([100 / 6, 0.0, 400.0])
    assert effort.char_rate().tolist() == pytest.approx([15.0, 0.0, 700.0])
    assert [BANDS[b].label for b in effort.bands()] == ["85–94 %", "100 %", "< 50 %"]


def test_the_band_edges_are_exact() -> None:
    reference = "a" * 100
    assert band_of("a" * 100, reference) == "100 %"
    assert band_of("a" * 99, reference) == "95–99 %"  # 99 % is not 100 %
    assert band_of("a" * 95, reference) == "95–99 %"  # 95 % exactly
    assert band_of("a" * 94, reference) == "85–94 %"
    assert band_of("a" * 85, reference) == "85–94 %"
    assert band_of("a" * 84, reference) == "75–84 %"
    assert band_of("a" * 75, reference) == "75–84 %"
    assert band_of("a" * 74, reference) == "50–74 %"
    assert band_of("a" * 50, reference) == "50–74 %"
    assert band_of("a" * 49, reference) == "< 50 %"
    assert band_of("b" * 300, reference) == "< 50 %"  # more edits than characters
    assert [band.low for band in BANDS] == [100, 95, 85, 75, 50, 0]


def test_an_empty_reference() -> None:
    effort = effort_of(["", "x y"], [["", ""]])
    assert effort.word_rate()[0] == 0.0
    assert effort.char_rate()[0] == 0.0
    assert math.isnan(effort.word_rate()[1])  # no length to scale 3 edits by
    assert math.isnan(effort.char_rate()[1])
    assert [BANDS[b].label for b in effort.bands()] == ["100 %", "< 50 %"]


def test_random_texts_match_the_recurrence() -> None:
    rng = random.Random(7)
    alphabet = "ab cdé\u00a0Ω"
    hypotheses = [
        "".join(rng.choices(alphabet, k=rng.randint(0, 25))) for _ in range(150)
    ]
    refs = ["".join(rng.choices(alphabet, k=rng.randint(1, 25))) for _ in range(150)]
    effort = effort_of(hypotheses, [refs])
    assert effort.char_edits.tolist() == [
        levenshtein(h, r) for h, r in zip(hypotheses, refs, strict=True)
    ]
    assert effort.word_edits.tolist() == [
        levenshtein(h.split(), r.split()) for h, r in zip(hypotheses, refs, strict=True)
    ]
    assert effort.chars.tolist() == [len(r) for r in refs]
    assert effort.words.tolist() == [len(r.split()) for r in refs]


def test_real_wmt_sentences_match_the_recurrence() -> None:
    hypotheses = system("happypoet")[:40]
    refs = references()[0][:40]
    effort = effort_of(hypotheses, [refs])
    for row, (hyp, ref) in enumerate(zip(hypotheses, refs, strict=True)):
        assert effort.char_edits[row] == levenshtein(hyp, ref)
        assert effort.word_edits[row] == levenshtein(hyp.split(), ref.split())
        expected = 100 * levenshtein(hyp, ref) / len(ref)
        assert effort.char_rate()[row] == pytest.approx(expected)


def test_the_closest_reference_is_chosen_and_named() -> None:
    fox = "the quick brown fox jumps"
    effort = effort_of(
        ["the house is big", fox, "same", "only second"],
        [
            ["the house is large", f"{fox} over the lazy dog", "same", None],
            ["the house is big.", "the quick brown", "same", "only second"],
        ],
    )
    # 5 edits in 18 characters against 1 in 17; 18 in 43 against 10 in 15: more
    # edits, but fewer per character of the final text; a tie keeps the first;
    # a reference without this segment is skipped.
    assert levenshtein(fox, "the quick brown") == 10
    assert effort.closest.tolist() == [1, 0, 0, 1]
    assert effort.char_edits.tolist() == [1, 18, 0, 0]
    assert effort.chars.tolist() == [17, 43, 4, 11]


def test_chunks_give_the_same_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    hypotheses = system("UEdin")[:60]
    refs = [stream[:60] for stream in references()]
    whole = effort_of(hypotheses, refs)
    monkeypatch.setattr(effort_module, "_CHUNK", 7)
    steps = effort_module.iter_effort(hypotheses, refs)
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as end:
            chunked = end.value
            break
    assert progress[0] == (7, 60, "counting edits")
    assert progress[-1] == (60, 60, "counting edits")
    for name in ("word_edits", "words", "char_edits", "chars", "closest"):
        assert np.array_equal(getattr(chunked, name), getattr(whole, name)), name


def test_band_index_takes_plain_arrays() -> None:
    bands = band_index(
        np.array([0, 1, 5, 6, 50, 51]), np.array([10, 100, 100, 100, 100, 100])
    )
    assert bands.tolist() == [0, 1, 1, 2, 4, 5]


def test_each_band_is_named_by_its_lower_edge() -> None:
    assert [band_label(low) for low in (100, 95, 85, 75, 50, 0)] == [
        "100 %",
        "95–99 %",
        "85–94 %",
        "75–84 %",
        "50–74 %",
        "< 50 %",
    ]


def test_a_pair_too_long_to_count_has_no_rate_and_no_band(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two segments of megabytes would hold a thread for minutes; here the limit
    # is lowered instead of making them.
    monkeypatch.setattr(effort_module, "_LONGEST_PAIR", 30)
    effort = effort_of(
        ["a" * 8, "short one", "b" * 8],
        [["a" * 8, "short one", "c" * 8], ["b" * 8, "x", "b" * 8]],
    )
    # Row 0: 8 × 8 > 30 against both: nothing counted, in words either.
    assert math.isnan(effort.word_rate()[0])
    assert math.isnan(effort.char_rate()[0])
    assert math.isnan(effort.band_lows()[0])
    assert effort.bands()[0] == -1
    # Row 1: 9 × 9 too long against the first, 9 × 1 counted against the second.
    assert effort.closest[1] == 1
    assert effort.char_edits[1] == levenshtein("short one", "x")
    # Row 2: too long against both, again.
    assert effort.char_edits[2] == -1
    assert effort.band_lows()[1] == 0.0
