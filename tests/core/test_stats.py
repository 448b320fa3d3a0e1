"""`compute_stats` against a textbook Counter implementation written here.

The vectorized counter packs n-grams into integers, sorts them per chunk of
segments, and renumbers keys densely when a segment is long enough that the packed
key would overflow 63 bits. The textbook version below counts n-grams with
`collections.Counter`, clips each by its maximum count over the references, and
picks reference lengths with `min`; every path of the fast counter must agree with it.
"""

import random
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_gui.core import compute_stats
from bleu_gui.core import stats as stats_module
from bleu_gui.core.stats import iter_compute_stats
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

# --------------------------------------------------------------------------------
# The textbook oracle
# --------------------------------------------------------------------------------


@dataclass
class Row:
    hyp_len: int
    ref_lens: list[int]
    matches: list[int]
    totals: list[int]
    closest: int
    shortest: int


def ngrams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def textbook_row(hyp: str, refs: list[str | None], max_order: int) -> Row:
    hyp_tokens = hyp.split(" ") if hyp else []
    ref_tokens = [None if r is None else (r.split(" ") if r else []) for r in refs]
    present = [r for r in ref_tokens if r is not None]
    matches, totals = [], []
    for n in range(1, max_order + 1):
        hyp_counts = ngrams(hyp_tokens, n)
        ref_counts = [ngrams(r, n) for r in present]
        matches.append(
            sum(
                min(count, max(rc[gram] for rc in ref_counts))
                for gram, count in hyp_counts.items()
            )
        )
        totals.append(sum(hyp_counts.values()))
    c = len(hyp_tokens)
    lengths = [len(r) for r in present]
    return Row(
        hyp_len=c,
        ref_lens=[-1 if r is None else len(r) for r in ref_tokens],
        matches=matches,
        totals=totals,
        closest=min(lengths, key=lambda r: (abs(r - c), r)),
        shortest=min(lengths),
    )


def column_sums(rows: list[list[int]]) -> list[int]:
    return [sum(column) for column in zip(*rows, strict=True)]


def assert_matches_textbook(
    hyps: list[str], refs: list[list[str | None]], max_order: int
) -> None:
    stats = compute_stats(hyps, refs, max_order)
    rows = [
        textbook_row(hyp, [stream[i] for stream in refs], max_order)
        for i, hyp in enumerate(hyps)
    ]
    assert len(stats) == len(hyps)
    assert stats.max_order == max_order
    assert stats.hyp_len.tolist() == [row.hyp_len for row in rows]
    assert stats.ref_lens.tolist() == [row.ref_lens for row in rows]
    assert stats.matches.tolist() == [row.matches for row in rows]
    assert stats.totals.tolist() == [row.totals for row in rows]
    assert stats.closest_ref_len().tolist() == [row.closest for row in rows]
    assert stats.shortest_ref_len().tolist() == [row.shortest for row in rows]
    assert stats.num_refs.tolist() == [
        sum(stream[i] is not None for stream in refs) for i in range(len(hyps))
    ]
    summed = stats.summed()
    assert summed.segments == len(hyps)
    assert summed.hyp_len == sum(row.hyp_len for row in rows)
    assert summed.closest_ref_len == sum(row.closest for row in rows)
    assert summed.shortest_ref_len == sum(row.shortest for row in rows)
    assert list(summed.matches) == column_sums([row.matches for row in rows])
    assert list(summed.totals) == column_sums([row.totals for row in rows])
    assert list(summed.floored_totals) == column_sums(
        [[max(1, t) for t in row.totals] for row in rows]
    )
    assert summed.last_hyp_len == rows[-1].hyp_len
    assert list(summed.last_matches) == rows[-1].matches
    assert list(summed.last_totals) == rows[-1].totals
    for i, one in enumerate(stats.rows()):
        assert one.hyp_len == rows[i].hyp_len
        assert one.closest_ref_len == rows[i].closest
        assert one.shortest_ref_len == rows[i].shortest
        assert list(one.matches) == rows[i].matches
        assert list(one.totals) == rows[i].totals


# --------------------------------------------------------------------------------
# Random tokenized corpora
# --------------------------------------------------------------------------------

# Canonical tokenized text: tokens joined by single spaces, no empty tokens.
TOKENS = st.one_of(
    st.sampled_from(["a", "b", "c", "the", "cat", ".", "猫", "😀", "\u00a0x"]),
    st.text(alphabet=st.characters(blacklist_characters=" "), min_size=1, max_size=3),
)


@st.composite
def tokenized_segment(draw: st.DrawFn, max_tokens: int = 14) -> str:
    return " ".join(draw(st.lists(TOKENS, max_size=max_tokens)))


@st.composite
def tokenized_corpus(
    draw: st.DrawFn, max_segments: int = 10, max_tokens: int = 14
) -> tuple[list[str], list[list[str | None]]]:
    size = draw(st.integers(1, max_segments))
    num_refs = draw(st.integers(1, 4))
    segment = tokenized_segment(max_tokens)
    hyps = [draw(segment) for _ in range(size)]
    refs: list[list[str | None]] = []
    for _ in range(num_refs):
        stream: list[str | None] = []
        for hyp in hyps:
            choice = draw(st.sampled_from(("fresh", "copy", "shuffle", "none")))
            if choice == "fresh":
                stream.append(draw(segment))
            elif choice == "copy":
                stream.append(hyp)
            elif choice == "shuffle":
                words = hyp.split(" ") if hyp else []
                stream.append(" ".join(draw(st.permutations(words))))
            else:
                stream.append(None)
        refs.append(stream)
    for i in range(size):
        if all(stream[i] is None for stream in refs):
            refs[draw(st.integers(0, num_refs - 1))][i] = draw(segment)
    return hyps, refs


@settings(max_examples=400, deadline=None)
@given(corpus=tokenized_corpus(), max_order=st.integers(1, 9))
def test_compute_stats_equals_textbook(
    corpus: tuple[list[str], list[list[str | None]]], max_order: int
) -> None:
    hyps, refs = corpus
    assert_matches_textbook(hyps, refs, max_order)


@settings(max_examples=150, deadline=None)
@given(
    corpus=tokenized_corpus(max_segments=25, max_tokens=6),
    max_order=st.integers(1, 5),
    chunk=st.integers(1, 7),
    piece=st.integers(1, 7),
)
def test_chunk_boundaries(
    corpus: tuple[list[str], list[list[str | None]]],
    max_order: int,
    chunk: int,
    piece: int,
) -> None:
    """Chunks of any size, counted in pieces of any size, give the textbook's."""
    hyps, refs = corpus
    with (
        mock.patch.object(stats_module, "CHUNK", chunk),
        mock.patch.object(stats_module, "_COUNT_SEGMENTS", piece),
    ):
        assert_matches_textbook(hyps, refs, max_order)


def test_counting_a_chunk_of_long_segments_stays_small() -> None:
    """A worker's job of 4,096 segments of ~100 tokens (WMT lines joined five at a
    time) allocates at most 40 MiB: its n-grams are sorted a quarter at a time.
    (The whole chunk at once took 131 MiB.)"""
    lines = [*REF_A, *REF_B, *ONLINE_W, *HAPPYPOET]
    hyps = [
        " ".join(lines[(i + k) % len(lines)] for k in range(5)) for i in range(4096)
    ]
    refs = [
        [
            " ".join(lines[(i * 7 + k) % len(lines)] for k in range(5))
            for i in range(4096)
        ]
    ]
    tracemalloc.start()
    try:
        stats_module.count_chunk((hyps, refs, 4, 0))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 40 * 2**20


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(300, 420),
    vocabulary=st.integers(300, 2000),
    num_refs=st.integers(1, 3),
    chunk=st.sampled_from([1, 2, 4096]),
)
def test_long_segments_dense_renumbering(
    seed: int, length: int, vocabulary: int, num_refs: int, chunk: int
) -> None:
    hyps, refs = long_corpus(random.Random(seed), length, vocabulary, num_refs)
    calls = []
    real = stats_module._renumber

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    with (
        mock.patch.object(stats_module, "_renumber", spy),
        mock.patch.object(stats_module, "CHUNK", chunk),
    ):
        assert_matches_textbook(hyps, refs, 9)
    assert calls, "the dense-renumbering path was not exercised"
    # Long shared spans: the orders counted after renumbering do match.
    assert compute_stats(hyps, refs, 9).matches[:, 8].sum() > 0


def long_corpus(
    rng: random.Random, length: int, vocabulary: int, num_refs: int
) -> tuple[list[str], list[list[str | None]]]:
    """Segments of 300+ tokens, many distinct, with long shared spans and repeats."""
    words = [f"w{i}" for i in range(vocabulary)]
    hyps: list[str] = []
    refs: list[list[str | None]] = [[] for _ in range(num_refs)]
    for _ in range(rng.randint(1, 4)):
        hyp = [rng.choice(words) for _ in range(length)]
        # Repeated spans, so clipping at high orders matters.
        start = rng.randrange(length - 20)
        hyp[start + 10 : start + 20] = hyp[start : start + 10]
        hyps.append(" ".join(hyp))
        for stream in refs:
            ref = list(hyp)
            for _ in range(rng.randint(0, 40)):
                i = rng.randrange(len(ref))
                action = rng.random()
                if action < 0.4:
                    ref[i] = rng.choice(words)
                elif action < 0.7:
                    del ref[i]
                else:
                    ref.insert(i, rng.choice(words))
            stream.append(" ".join(ref))
    # A short segment next to the long ones, and a missing reference.
    hyps.append("w1 w2 w3")
    for stream in refs:
        stream.append("w1 w2 w3 w4")
    if num_refs > 1:
        refs[1][-1] = None
    return hyps, refs


def test_more_segments_than_a_chunk_by_default() -> None:
    rng = random.Random(7)
    words = ["a", "b", "c", "d", "e", "f"]
    size = stats_module.CHUNK * 2 + 3
    hyps = [" ".join(rng.choices(words, k=rng.randint(0, 8))) for _ in range(size)]
    refs: list[list[str | None]] = [
        [" ".join(rng.choices(words, k=rng.randint(0, 8))) for _ in range(size)],
        [
            None if rng.random() < 0.3 else " ".join(rng.choices(words, k=5))
            for _ in range(size)
        ],
    ]
    assert_matches_textbook(hyps, refs, 4)


# --------------------------------------------------------------------------------
# Reference lengths
# --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hyp_len", "ref_lens", "closest", "shortest"),
    [
        pytest.param(5, [6, 4], 4, 4, id="tie-goes-to-shorter"),
        pytest.param(5, [4, 6], 4, 4, id="tie-order-independent"),
        pytest.param(5, [7, 3, 6, 4], 4, 3, id="tie-among-many"),
        pytest.param(5, [9, 6], 6, 6, id="closest-longer"),
        pytest.param(5, [2, 6], 6, 2, id="closest-not-shortest"),
        pytest.param(0, [0, 3], 0, 0, id="empty-hyp-empty-ref"),
        pytest.param(1, [0, 3], 0, 0, id="empty-ref-wins"),
        pytest.param(3, [0, 6], 0, 0, id="empty-ref-wins-tie"),
        pytest.param(3, [5], 5, 5, id="single"),
    ],
)
def test_reference_lengths(
    hyp_len: int, ref_lens: list[int], closest: int, shortest: int
) -> None:
    hyp = " ".join(["h"] * hyp_len)
    refs = [[" ".join(["r"] * n)] for n in ref_lens]
    stats = compute_stats([hyp], refs, 4)
    assert stats.closest_ref_len().tolist() == [closest]
    assert stats.shortest_ref_len().tolist() == [shortest]


def test_absent_references_are_minus_one() -> None:
    stats = compute_stats(
        ["a b", "c", ""],
        [["a b c", None, ""], [None, "c d", None], ["a", "c", None]],
        2,
    )
    assert stats.ref_lens.tolist() == [[3, -1, 1], [-1, 2, 1], [0, -1, -1]]
    assert stats.num_refs.tolist() == [2, 2, 1]
    # An absent reference never wins: segment 2's closest would be 0 otherwise.
    assert stats.closest_ref_len().tolist() == [1, 1, 0]
    assert stats.shortest_ref_len().tolist() == [1, 1, 0]


def test_segment_without_any_reference_is_an_error() -> None:
    with pytest.raises(ValueError, match="segment 2 has no reference"):
        compute_stats(["a", "b", "c"], [["a", None, "c"], ["a", None, None]], 4)


def test_reference_stream_length_mismatch_is_an_error() -> None:
    with pytest.raises(
        ValueError, match="reference stream 2 has 2 segments, the hypotheses have 3"
    ):
        compute_stats(["a", "b", "c"], [["a", "b", "c"], ["a", "b"]], 4)


def test_max_order_below_one_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        compute_stats(["a"], [["a"]], 0)


def test_no_segments() -> None:
    stats = compute_stats([], [[]], 4)
    assert len(stats) == 0
    with pytest.raises(ValueError, match="empty set of segments"):
        stats.summed()


def test_all_empty_text() -> None:
    assert_matches_textbook(["", ""], [["", ""], ["", None]], 4)


def test_subset_and_truncated() -> None:
    hyps = ["a b c d", "a a a", "b c"]
    refs: list[list[str | None]] = [["a b c", "a a", "b c d"]]
    stats = compute_stats(hyps, refs, 4)
    sub = stats.subset([2, 0, 0])
    expected = compute_stats(
        [hyps[2], hyps[0], hyps[0]], [[r[2], r[0], r[0]] for r in refs], 4
    )
    for name in ("hyp_len", "ref_lens", "matches", "totals"):
        assert np.array_equal(getattr(sub, name), getattr(expected, name))
    masked = stats.subset(np.array([True, False, True]))
    assert masked.hyp_len.tolist() == [4, 2]
    three = stats.truncated(3)
    assert three.max_order == 3
    assert three.matches.tolist() == compute_stats(hyps, refs, 3).matches.tolist()
    with pytest.raises(ValueError, match="cannot give 5"):
        stats.truncated(5)
    with pytest.raises(ValueError, match="cannot give 0"):
        stats.truncated(0)


def test_iter_compute_stats_reports_progress_per_chunk() -> None:
    hyps = [f"a b {i}" for i in range(10)]
    refs: list[list[str | None]] = [[f"a {i} b" for i in range(10)]]
    steps = iter_compute_stats(hyps, refs, 4)
    progress = []
    with mock.patch.object(stats_module, "CHUNK", 4):
        while True:
            try:
                progress.append(next(steps))
            except StopIteration as done:
                stats = done.value
                break
    assert progress == [4, 8, 10]
    expected = compute_stats(hyps, refs, 4)
    for name in ("hyp_len", "ref_lens", "matches", "totals"):
        assert np.array_equal(getattr(stats, name), getattr(expected, name))


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param([], id="empty-list"),
        pytest.param(np.array([], dtype=np.int64), id="empty-int-array"),
        pytest.param(np.zeros(2, dtype=bool), id="all-false-mask"),
    ],
)
def test_empty_subset(rows: object) -> None:
    stats = compute_stats(["a b", "c"], [["a b", "c"]], 4)
    empty = stats.subset(rows)  # type: ignore[arg-type]
    assert len(empty) == 0
    assert empty.max_order == 4
    with pytest.raises(ValueError, match="empty set of segments"):
        empty.summed()
