"""Post-editing effort as translators count it: edit rates and fuzzy-match bands.

A translator judges a machine translation by the work of turning it into the final
text (the reference): how many words, and how many characters, had to be inserted,
deleted or replaced. This module counts that on the raw text, as typed, never on
BLEU's tokens:

* **word edit rate**: the Levenshtein distance between the hypothesis's and the
  reference's words (split at white space), over the reference's word count, in
  percent; **character edit rate**: the same over characters. Both can pass 100 %
  (a long hypothesis against a short reference).
* **band**: the match the character edit rate leaves, `100 − rate` (at least 0),
  placed in the bands CAT tools use for fuzzy matches and post-editing analyses
  (memoQ, Phrase): 100 % (nothing to change), 95–99, 85–94, 75–84, 50–74 and under
  50. The edges are `BANDS`, the one table of them; a sentence is in the first
  band whose lower edge its match reaches, compared in integers (no rounding
  decides a band).
* with several references, a sentence's effort is against the **closest**
  reference (fewest character edits per reference character; the first on a tie),
  and which one it was is kept.

The distances are `rapidfuzz`'s (compiled, bit-parallel): 100,000 segments take
well under a second per system. `iter_effort` counts in chunks and yields its
progress, as every background step of the window does.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cpdist

from bleu_gui.core.steps import drain

__all__ = [
    "BANDS",
    "Band",
    "Effort",
    "band_index",
    "effort_of",
    "iter_effort",
]

_CHUNK = 5_000  # segments per step: a few milliseconds of work


@dataclass(frozen=True, slots=True)
class Band:
    """A fuzzy-match band: matches from `low` % up to the next band's edge.

    Attributes:
        label: as CAT tools print it ("95–99 %").
        low: the lowest match in the band, in percent (100: no edit at all).
    """

    label: str
    low: int


BANDS: tuple[Band, ...] = (
    Band("100 %", 100),
    Band("95–99 %", 95),
    Band("85–94 %", 85),
    Band("75–84 %", 75),
    Band("50–74 %", 50),
    Band("< 50 %", 0),
)
"""The bands, best first. The only place their edges are written."""


@dataclass(frozen=True, slots=True)
class Effort:
    """Each sentence's edits against its closest reference (arrays, one per row).

    Attributes:
        word_edits: word insertions, deletions and substitutions.
        words: the closest reference's word count.
        char_edits: character insertions, deletions and substitutions.
        chars: the closest reference's character count.
        closest: the index of the closest reference.
    """

    word_edits: npt.NDArray[np.int64]
    words: npt.NDArray[np.int64]
    char_edits: npt.NDArray[np.int64]
    chars: npt.NDArray[np.int64]
    closest: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.char_edits.size)

    def word_rate(self) -> npt.NDArray[np.float64]:
        """Word edits per reference word, in percent (see `_rate`)."""
        return _rate(self.word_edits, self.words)

    def char_rate(self) -> npt.NDArray[np.float64]:
        """Character edits per reference character, in percent (see `_rate`)."""
        return _rate(self.char_edits, self.chars)

    def bands(self) -> npt.NDArray[np.int64]:
        """Each sentence's band: its index in `BANDS`, from the character edits."""
        return band_index(self.char_edits, self.chars)


def _rate(
    edits: npt.NDArray[np.int64], length: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """`100 · edits / length`; an empty reference: 0 without edits, else infinite.

    Against an empty reference every character typed is an edit and no length
    can scale it: infinity sorts last and falls in the lowest band.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = 100.0 * edits / length
    return np.where(length == 0, np.where(edits == 0, 0.0, np.inf), rate)


def band_index(
    edits: npt.NDArray[np.int64], length: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The band (index in `BANDS`) of each match `100 − 100 · edits / length`.

    A match reaches edge `low` when `100 · edits ≤ (100 − low) · length`: integer
    arithmetic, so that 5 edits in 100 characters is 95 % exactly, never 94.999….
    Only a sentence without edits is in the 100 % band.
    """
    edits = np.asarray(edits, dtype=np.int64)
    length = np.asarray(length, dtype=np.int64)
    band = np.full(edits.shape, len(BANDS) - 1, dtype=np.int64)
    for index in range(len(BANDS) - 2, -1, -1):
        low = BANDS[index].low
        reached = 100 * edits <= (100 - low) * length
        if low == 100:
            reached = edits == 0
        band[reached] = index
    return band


def iter_effort(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
) -> Generator[tuple[int, int, str], None, Effort]:
    """Count every sentence's effort in chunks; yields progress, returns `Effort`.

    `references` holds one stream per reference (a line may be None where that
    reference has no translation of the segment: it is not a candidate).
    """
    total = len(hypotheses)
    parts: list[tuple[npt.NDArray[np.int64], ...]] = []
    for start in range(0, total, _CHUNK):
        stop = min(start + _CHUNK, total)
        parts.append(
            _chunk(hypotheses[start:stop], [ref[start:stop] for ref in references])
        )
        yield stop, total, "counting edits"
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return Effort(empty, empty, empty, empty, empty)
    joined = [np.concatenate(column) for column in zip(*parts, strict=True)]
    return Effort(*joined)


def effort_of(
    hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]
) -> Effort:
    """`iter_effort` run to its end."""
    return drain(iter_effort(hypotheses, references))


def _chunk(
    hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]
) -> tuple[npt.NDArray[np.int64], ...]:
    """One chunk's (word edits, words, char edits, chars, closest reference)."""
    size = len(hypotheses)
    best: tuple[npt.NDArray[np.int64], ...] = ()
    have = np.zeros(size, dtype=bool)  # whether `best` is of a reference present
    hyp_words = [line.split() for line in hypotheses]
    for index, stream in enumerate(references):
        present = np.fromiter(
            (line is not None for line in stream), dtype=bool, count=size
        )
        lines = [line if line is not None else "" for line in stream]
        char_edits = _distances(hypotheses, lines)
        chars = np.fromiter(map(len, lines), dtype=np.int64, count=size)
        ref_words = [line.split() for line in lines]
        word_edits = _distances(hyp_words, ref_words)
        words = np.fromiter(map(len, ref_words), dtype=np.int64, count=size)
        closest = np.full(size, index, dtype=np.int64)
        candidate = (word_edits, words, char_edits, chars, closest)
        if not best:  # a segment no reference translates is against an empty one
            best, have = candidate, present
            continue
        # Closer: fewer edits per reference character (cross-multiplied, exact).
        old_edits, old_chars = best[2], best[3]
        fewer = char_edits * np.maximum(old_chars, 1) < old_edits * np.maximum(chars, 1)
        closer = present & (~have | fewer)
        best = tuple(
            np.where(closer, new, old) for new, old in zip(candidate, best, strict=True)
        )
        have |= present
    if not best:
        raise ValueError("a test set has at least one reference")
    return best


def _distances(
    first: Sequence[Sequence[str]] | Sequence[str],
    second: Sequence[Sequence[str]] | Sequence[str],
) -> npt.NDArray[np.int64]:
    """Levenshtein distances of the pairs (`first[k]`, `second[k]`), in C."""
    if not first:
        return np.zeros(0, dtype=np.int64)
    distances = cpdist(first, second, scorer=Levenshtein.distance, dtype=np.int64)
    return np.asarray(distances, dtype=np.int64)
