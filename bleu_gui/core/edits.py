"""What if a hypothesis were different: edits as an overlay, scored from one row.

A user editing a sentence asks what the edit does to every number: the sentence's
BLEU, the corpus BLEU, the difference to another system, the sentence's cost. The
files are never touched; an `Edits` value (frozen) holds, per edited segment, the
text as typed, its tokens and its statistics row. Statistics are additive, so one
keystroke tokenizes and counts that one line against that segment's references and
moves the corpus sums by `total - old row + new row` (`core.stats.replaced_sums`):
nothing else is tokenized, nothing is summed again.

Undo is exact by construction. Each edit returns a new `EditedSystem`; the previous
one, kept by the caller, still holds the previous rows' statistics and sums, and
every number comes from those integers by the same arithmetic, so going back gives
the previous numbers bit for bit, without tokenizing. "Take B's sentence" is an edit
whose row is B's row, copied: no tokenizing at all.

`apply_edits` is the one place an overlay meets a whole `CorpusStats` (the paired
test on edited statistics, a re-run of any per-row computation).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from bleu_gui.core.analysis import perfect_rows
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.result import BleuScore
from bleu_gui.core.scoring import (
    fit_stats,
    required_order,
    score_sentence,
    score_summed,
    score_value,
)
from bleu_gui.core.stats import CorpusStats, SummedStats, count_chunk, replaced_sums
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

__all__ = [
    "EditedLine",
    "EditedSystem",
    "Edits",
    "RowStats",
    "WhatIf",
    "apply_edits",
    "count_edits",
    "count_line",
    "edit_line",
    "edited_hypotheses",
    "revert_line",
    "take_line",
    "taken_line",
    "what_if",
]


@dataclass(frozen=True, slots=True)
class RowStats:
    """One segment's statistics (a row of `CorpusStats`), as plain integers.

    Tuples, so that two rows compare with `==` exactly and a value never changes.
    """

    hyp_len: int
    ref_lens: tuple[int, ...]
    matches: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def of(cls, stats: CorpusStats, row: int) -> RowStats:
        """Row `row` of `stats`."""
        return cls(
            int(stats.hyp_len[row]),
            tuple(stats.ref_lens[row].tolist()),
            tuple(stats.matches[row].tolist()),
            tuple(stats.totals[row].tolist()),
        )

    def as_stats(self) -> CorpusStats:
        """This row as a one-segment `CorpusStats`."""
        return CorpusStats(
            np.array([self.hyp_len], dtype=np.int64),
            np.array([self.ref_lens], dtype=np.int64),
            np.array([self.matches], dtype=np.int64),
            np.array([self.totals], dtype=np.int64),
        )


@dataclass(frozen=True, slots=True)
class EditedLine:
    """One edited segment: the text as typed, its tokens, its statistics.

    Attributes:
        row: the segment (0-based).
        text: the hypothesis as the user typed it (or took it from another system).
        tokens: its canonical tokenized form (see `Tokenizer`), for highlighting.
        stats: its statistics against the segment's references.
    """

    row: int
    text: str
    tokens: str
    stats: RowStats


@dataclass(frozen=True, slots=True)
class Edits:
    """The overlay: every edited segment of one system, in row order.

    A value: editing returns a new one, so the previous value is the undo step.

    Attributes:
        lines: the edited segments, one per row, sorted by row.
    """

    lines: tuple[EditedLine, ...] = ()
    _index: dict[int, EditedLine] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        rows = [line.row for line in self.lines]
        if rows != sorted(set(rows)):
            raise ValueError("edited lines must be one per row, sorted by row")
        object.__setattr__(self, "_index", {line.row: line for line in self.lines})

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self) -> Iterator[EditedLine]:
        return iter(self.lines)

    def __contains__(self, row: object) -> bool:
        return row in self._index

    def get(self, row: int) -> EditedLine | None:
        """The edit of `row`, or None if it is as read."""
        return self._index.get(row)

    def texts(self) -> dict[int, str]:
        """Row -> edited text: what a session saves and "Save hypothesis as" writes."""
        return {line.row: line.text for line in self.lines}

    def with_line(self, line: EditedLine) -> Edits:
        """These edits with `line` added, or replacing the row's earlier edit."""
        kept = {**self._index, line.row: line}
        return Edits(tuple(kept[row] for row in sorted(kept)))

    def without(self, row: int) -> Edits:
        """These edits with `row` back as read ("Revert sentence")."""
        if row not in self._index:
            return self
        return Edits(tuple(line for line in self.lines if line.row != row))


def apply_edits(stats: CorpusStats, edits: Edits) -> CorpusStats:
    """`stats` with every edited row replaced by its edit's statistics.

    The one place an overlay meets a whole corpus: the paired test, the cost column
    or any per-row computation runs on what this returns.

    Raises:
        ValueError: an edit's row is out of range or has other orders or references.
    """
    if not edits:
        return stats
    rows = [line.row for line in edits]
    if rows[-1] >= len(stats) or rows[0] < 0:
        raise ValueError(f"an edit of segment {rows[-1] + 1} of {len(stats)}")
    replaced = _block([line.stats for line in edits], stats)
    hyp_len, ref_lens = stats.hyp_len.copy(), stats.ref_lens.copy()
    matches, totals = stats.matches.copy(), stats.totals.copy()
    hyp_len[rows] = replaced.hyp_len
    ref_lens[rows] = replaced.ref_lens
    matches[rows] = replaced.matches
    totals[rows] = replaced.totals
    return CorpusStats(hyp_len, ref_lens, matches, totals)


def edited_hypotheses(hypotheses: Sequence[str], edits: Edits) -> list[str]:
    """The hypothesis lines with the edits applied (to save, export or re-score)."""
    lines = list(hypotheses)
    for line in edits:
        lines[line.row] = line.text
    return lines


def _block(rows: Sequence[RowStats], like: CorpusStats) -> CorpusStats:
    """Rows as one `CorpusStats`, checked to have `like`'s orders and references."""
    block = CorpusStats(
        np.array([r.hyp_len for r in rows], dtype=np.int64),
        np.array([r.ref_lens for r in rows], dtype=np.int64).reshape(len(rows), -1),
        np.array([r.matches for r in rows], dtype=np.int64).reshape(len(rows), -1),
        np.array([r.totals for r in rows], dtype=np.int64).reshape(len(rows), -1),
    )
    if (
        block.max_order != like.max_order
        or block.ref_lens.shape[1] != like.ref_lens.shape[1]
    ):
        raise ValueError(
            f"edited rows of {block.max_order} orders and {block.ref_lens.shape[1]} "
            f"references cannot replace rows of {like.max_order} orders and "
            f"{like.ref_lens.shape[1]} references"
        )
    return block


@dataclass(frozen=True, slots=True, eq=False)
class EditedSystem:
    """A system's statistics seen through its edits, with the edited sums kept.

    Attributes:
        stats: the statistics as counted from the files (never changed).
        edits: the overlay.
        summed: every segment summed with the edits applied, all counted orders.
    """

    stats: CorpusStats
    edits: Edits
    summed: SummedStats

    @classmethod
    def of(cls, stats: CorpusStats, edits: Edits | None = None) -> EditedSystem:
        """`stats` with `edits` (none by default); sums the corpus once."""
        edits = edits or Edits()
        return cls(stats, edits, apply_edits(stats, edits).summed())

    def __len__(self) -> int:
        return len(self.stats)

    def row(self, row: int) -> RowStats:
        """Segment `row`'s statistics, edited or as read."""
        line = self.edits.get(row)
        return RowStats.of(self.stats, row) if line is None else line.stats

    def with_line(self, line: EditedLine) -> EditedSystem:
        """These edits with `line`; the sums move by the row's difference only."""
        return self._moved(line.row, line.stats, self.edits.with_line(line))

    def without(self, row: int) -> EditedSystem:
        """Row `row` back as read."""
        return self._moved(row, RowStats.of(self.stats, row), self.edits.without(row))

    def _moved(self, row: int, new: RowStats, edits: Edits) -> EditedSystem:
        if not 0 <= row < len(self.stats):
            raise IndexError(f"no segment {row + 1} among {len(self.stats)}")
        old = _block([self.row(row)], self.stats)
        summed = next(
            replaced_sums(
                self.summed,
                old,
                _block([new], self.stats),
                holds_last=row == len(self.stats) - 1,
            )
        )
        return EditedSystem(self.stats, edits, summed)


@dataclass(frozen=True, slots=True, eq=False)
class WhatIf:
    """Every number one edited row moves, for the window to show.

    Attributes:
        system: the system with the edit (its `edits`: the new overlay).
        row: the segment edited.
        sentence: the row's sentence BLEU (with every term described).
        corpus: corpus BLEU with the edits (terms' smoothing not described in
            words: `score_summed`'s).
        delta: corpus BLEU with the edits minus the other system's; NaN without
            one or when either cannot be scored.
        cost: corpus BLEU if this row were perfect minus corpus BLEU, both with
            the edits (`core.analysis`'s cost); NaN if unscorable.
    """

    system: EditedSystem
    row: int
    sentence: OrUnavailable[BleuScore]
    corpus: OrUnavailable[BleuScore]
    delta: float
    cost: float


def count_line(
    text: str,
    row: int,
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    max_order: int,
) -> EditedLine:
    """Tokenize and count one hypothesis line against segment `row`'s references.

    Args:
        text: the hypothesis as typed.
        row: the segment.
        references: reference streams in canonical tokenized form, as the
            system's `TokenizedCorpus.references` holds them; only row `row` is read.
        config: the options (tokenizer and case matter here).
        max_order: the orders to count (the system's statistics' `max_order`).
    """
    tokens = tokenizer_for(config)(text)
    counted = count_chunk(
        ([tokens], [[stream[row]] for stream in references], max_order, row)
    )
    return EditedLine(row, text, tokens, RowStats.of(counted, 0))


def count_edits(
    texts: Mapping[int, str],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    max_order: int,
) -> Edits:
    """An overlay from edited texts alone (`count_line` for each).

    For edits restored from a session, or kept across a change of tokenizer or
    case, whose rows must be counted again under the new tokens.
    """
    return Edits(
        tuple(
            count_line(texts[row], row, references, config, max_order)
            for row in sorted(texts)
        )
    )


def edit_line(
    system: EditedSystem,
    row: int,
    text: str,
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    other: float | None = None,
) -> WhatIf:
    """Row `row` as the user typed `text`: one keystroke's every number.

    Only `text` is tokenized and counted; the corpus sums move by that row's
    difference. `other`: the other system's corpus BLEU, for the Δ.
    """
    line = count_line(text, row, references, config, system.stats.max_order)
    return what_if(system.with_line(line), row, config, other=other)


def taken_line(row: int, donor: CorpusStats, text: str, tokens: str) -> EditedLine:
    """Row `row` as another system has it: its text, tokens and row, copied.

    `donor`: that system's statistics (same references); nothing is tokenized.
    """
    return EditedLine(row, text, tokens, RowStats.of(donor, row))


def take_line(
    system: EditedSystem,
    row: int,
    donor: CorpusStats,
    text: str,
    tokens: str,
    config: BleuConfig,
    *,
    other: float | None = None,
) -> WhatIf:
    """Row `row` taken from another system ("take B's sentence"): its row, copied.

    Args:
        system: the system edited.
        row: the segment.
        donor: the other system's statistics (same references).
        text: the other system's line `row` as read.
        tokens: that line's tokens, as its `TokenizedCorpus` holds them.
        config: the options scored with.
        other: the other system's corpus BLEU, for the Δ.
    """
    line = taken_line(row, donor, text, tokens)
    return what_if(system.with_line(line), row, config, other=other)


def revert_line(
    system: EditedSystem, row: int, config: BleuConfig, *, other: float | None = None
) -> WhatIf:
    """Row `row` back as read ("Revert sentence")."""
    return what_if(system.without(row), row, config, other=other)


def what_if(
    system: EditedSystem, row: int, config: BleuConfig, *, other: float | None = None
) -> WhatIf:
    """The numbers of `system` as it stands, for row `row` (after an undo, say).

    From the kept sums and rows alone: nothing is tokenized or summed.
    """
    order = required_order(config)
    row_stats = fit_stats(system.row(row).as_stats(), config)
    total = system.summed.truncated(order)
    sentence = _scored(lambda: score_sentence(row_stats, 0, config))
    corpus = _scored(lambda: score_summed(total, config))
    delta = math.nan
    if other is not None and isinstance(corpus, BleuScore):
        delta = corpus.score - other
    cost = math.nan
    if isinstance(corpus, BleuScore):
        perfect = next(
            replaced_sums(
                total,
                row_stats,
                perfect_rows(row_stats, config),
                holds_last=row == len(system) - 1,
            )
        )
        with contextlib.suppress(ValueError):  # unscorable: NaN, as the cost column
            cost = score_value(perfect, config) - score_value(total, config)
    return WhatIf(system, row, sentence, corpus, delta, cost)


def _scored(score: Callable[[], BleuScore]) -> OrUnavailable[BleuScore]:
    """The score, or why the emulated library cannot give one."""
    try:
        return score()
    except ValueError as error:
        return Unavailable(str(error))
