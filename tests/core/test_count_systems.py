"""Several systems counted in one pass: each system's counts are sacreBLEU's.

`stats.count_systems_chunk` counts every system of a chunk against the shared
references at once (the command line's worker jobs). Each system's per-segment
statistics must be what sacreBLEU extracts for that system alone, on random
segments made to match often: empty hypotheses, missing references (`None`),
chunk boundaries (pieces of three segments) and the dense renumbering that long
keys take (the key limit lowered so that every order after the first needs it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import stats as stats_module
from bleu_gui.core.stats import count_systems_chunk

VOCABULARY = [f"w{i}" for i in range(12)]


def _segment(rng: random.Random, longest: int) -> str:
    return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(0, longest)))


def _corpus(
    seed: int, systems: int, references: int, segments: int
) -> tuple[list[list[str]], list[list[str | None]]]:
    rng = random.Random(seed)
    hypotheses = [[_segment(rng, 30) for _ in range(segments)] for _ in range(systems)]
    streams: list[list[str | None]] = [
        [_segment(rng, 30) for _ in range(segments)] for _ in range(references)
    ]
    for i in range(segments):  # some references missing, never all of a segment's
        for k in range(1, references):
            if rng.random() < 0.3:
                streams[k][i] = None
    return hypotheses, streams


@pytest.mark.parametrize("key_bits", [63, 14], ids=["packed", "renumbered"])
@pytest.mark.parametrize(
    ("seed", "systems", "references"),
    [(1, 1, 1), (2, 2, 2), (3, 5, 1), (4, 7, 3)],
)
def test_each_system_counted_together_is_counted_as_sacrebleu_counts_it(
    seed: int,
    systems: int,
    references: int,
    key_bits: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stats_module, "_COUNT_SEGMENTS", 3)
    monkeypatch.setattr(stats_module, "_KEY_BITS", key_bits)
    hypotheses, streams = _corpus(seed, systems, references, segments=40)
    counted = count_systems_chunk(hypotheses, streams, 4)
    assert len(counted) == systems
    for system, stats in zip(hypotheses, counted, strict=True):
        # sacreBLEU takes `None` for a missing reference; its annotation does not.
        refs = cast(Sequence[Sequence[str]], streams)
        expected = np.array(
            BLEU(tokenize="none")._extract_corpus_statistics(system, refs)
        )
        np.testing.assert_array_equal(stats.hyp_len, expected[:, 0])
        np.testing.assert_array_equal(stats.closest_ref_len(), expected[:, 1])
        np.testing.assert_array_equal(stats.matches, expected[:, 2:6])
        np.testing.assert_array_equal(stats.totals, expected[:, 6:10])


def test_a_segment_without_references_is_named_by_its_place_in_the_corpus() -> None:
    references: list[list[str | None]] = [["a b", None, "c"]]
    with pytest.raises(ValueError, match="segment 12 has no reference"):
        count_systems_chunk([["a", "b", "c"], ["a", "b", "d"]], references, 4, 10)
