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
  50. The edges are `core.bands.BANDS`, the one table of them; a sentence is in
  the first band whose lower edge its match reaches, compared in integers (no
  rounding decides a band).
* with several references, a sentence's effort is against the **closest**
  reference (fewest character edits per reference character; the first on a tie),
  and which one it was is kept.

The distances are `rapidfuzz`'s (compiled, bit-parallel): 100,000 segments take
well under a second per system. `iter_effort` counts in chunks and yields its
progress, as every background step of the window does.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cpdist

from bleu_gui.core.bands import band_index, band_lows
from bleu_gui.core.steps import drain

__all__ = [
    "Effort",
    "effort_of",
    "iter_effort",
]

# Segments per step: ~6 ms on joined WMT lines with 2 references. A worker thread
# gives way to the GUI thread only between steps; 2,000 a step took 50 ms.
_CHUNK = 250
_LONGEST_PAIR = 10**8  # length × length past which a pair is not counted (`_distances`)


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
    # Derived once, where the effort is made (a background thread): the window
    # asks for them when it first paints an effort cell, and 100,000 rows of
    # them cost that turn 20-40 ms.
    _word_rate: npt.NDArray[np.float64] = field(init=False, repr=False, compare=False)
    _char_rate: npt.NDArray[np.float64] = field(init=False, repr=False, compare=False)
    _band_lows: npt.NDArray[np.float64] = field(init=False, repr=False, compare=False)
    _numbers: npt.NDArray[np.float64] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        derived = (
            _rate(self.word_edits, self.words),
            _rate(self.char_edits, self.chars),
            band_lows(self.char_edits, self.chars),
            np.where(self.char_edits < 0, np.nan, self.closest + 1.0),
        )
        names = ("_word_rate", "_char_rate", "_band_lows", "_numbers")
        for name, values in zip(names, derived, strict=True):
            values.flags.writeable = False
            object.__setattr__(self, name, values)

    def __len__(self) -> int:
        return int(self.char_edits.size)

    def word_rate(self) -> npt.NDArray[np.float64]:
        """Word edits per reference word, in percent (see `_rate`)."""
        return self._word_rate

    def char_rate(self) -> npt.NDArray[np.float64]:
        """Character edits per reference character, in percent (see `_rate`)."""
        return self._char_rate

    def band_lows(self) -> npt.NDArray[np.float64]:
        """Each sentence's band by its lower edge (NaN: too long to count)."""
        return self._band_lows

    def reference_numbers(self) -> npt.NDArray[np.float64]:
        """Each sentence's closest reference, numbered from 1 (NaN: not counted)."""
        return self._numbers

    def bands(self) -> npt.NDArray[np.int64]:
        """Each sentence's band, from its character edits (`core.bands.BANDS` index).

        -1 for a pair too long to count.
        """
        index = band_index(self.char_edits, self.chars)
        return np.where(self.char_edits < 0, -1, index)


def _rate(
    edits: npt.NDArray[np.int64], length: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """`100 · edits / length`; NaN for a pair too long to count (-1 edits).

    An empty reference: 0 without edits, else NaN.

    Against an empty reference every character typed is an edit and no length
    can scale it: no rate (shown "—", sorted last), and the lowest band.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = 100.0 * edits / length
    rate = np.where(length == 0, np.where(edits == 0, 0.0, np.nan), rate)
    return np.where(edits < 0, np.nan, rate)  # too long to count


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
        present &= char_edits >= 0  # a pair too long to count is no candidate
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
    # No reference counted: no closest one, so no word count against it either.
    uncounted = best[2] < 0
    return (np.where(uncounted, -1, best[0]), *best[1:])


def _distances(
    first: Sequence[Sequence[str]] | Sequence[str],
    second: Sequence[Sequence[str]] | Sequence[str],
) -> npt.NDArray[np.int64]:
    """Levenshtein distances of the pairs (`first[k]`, `second[k]`), in C.

    A pair whose lengths multiply past `_LONGEST_PAIR` is not counted (-1): two
    segments of megabytes would hold a thread for minutes, and no translator
    post-edits a segment of that length.
    """
    if not first:
        return np.zeros(0, dtype=np.int64)
    too_long = np.fromiter(
        (len(a) * len(b) > _LONGEST_PAIR for a, b in zip(first, second, strict=True)),
        dtype=bool,
        count=len(first),
    )
    if too_long.any():
        first = [[] if skip else a for a, skip in zip(first, too_long, strict=True)]
        second = [[] if skip else b for b, skip in zip(second, too_long, strict=True)]
    distances = cpdist(first, second, scorer=Levenshtein.distance, dtype=np.int64)
    return np.where(too_long, -1, np.asarray(distances, dtype=np.int64))
