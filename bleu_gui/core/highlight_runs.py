"""Which characters of a displayed text to paint, and which n-grams lie under one.

The pure half of the sentence detail view (`views.sentence_detail`) and of the HTML
report (`io.report_html`): it turns the
scorer's n-gram occurrences into character runs labelled by status, following the
highlighting scheme described there, and answers the reverse question for hover and
tooltips (the tokens under a character, the n-grams covering them). It holds no
widgets and reads no palette, so every rule can be tested on plain tuples.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bleu_gui.core.explain import (
    NgramOccurrence,
    NgramStatus,
    OrderExplanation,
    RefNgramOccurrence,
    TokenizedSegment,
)
from bleu_gui.core.pair_ngrams import PairStatus
from bleu_gui.core.textspan import Span

__all__ = [
    "ELLIPSIS",
    "EMPTY_TOKEN",
    "EMPTY_TOKEN_NOTE",
    "PAIR_RANKING",
    "REFERENCE_MATCH",
    "REFERENCE_RANKING",
    "STATUS_RANKING",
    "PaintedSpan",
    "Shown",
    "covering",
    "covering_reference",
    "display",
    "has_empty_token",
    "linked_reference_spans",
    "painted_runs",
    "shown_gram",
    "shown_token",
    "status_pieces",
    "token_range",
]

PaintedSpan = tuple[int, int, str]
"""A painted run: `(start, end, label)`, character indices into the displayed text."""

REFERENCE_MATCH = "matched"

# Best first: a token covered by n-grams of several statuses shows the first.
STATUS_RANKING = tuple(status.value for status in NgramStatus)
REFERENCE_RANKING = (REFERENCE_MATCH,)

# Two systems, best first: what only one system gets right stands out over what both do.
PAIR_RANKING = tuple(
    status.value
    for status in (
        PairStatus.ONLY_A,
        PairStatus.ONLY_B,
        PairStatus.BOTH,
        PairStatus.CLIPPED,
        PairStatus.UNMATCHED,
    )
)


# Shown after the last kept token of a segment too long to show whole.
ELLIPSIS = " …"

EMPTY_TOKEN = "∅"
"""How an empty token is shown. tensorflow/nmt's `split(" ")` (tokenizer split-space)
makes one of an empty line and of each double space, and counts it like a word; shown
as it is, it would be invisible and could not be painted."""

EMPTY_TOKEN_NOTE = (
    f"{EMPTY_TOKEN} is an empty token: split-space (tensorflow/nmt's split on each "
    "single space) makes one of an empty line and of each double space, and counts "
    "it like a word."
)
"""What the views say under a text that shows `EMPTY_TOKEN`."""


def shown_token(token: str) -> str:
    """A token as the views show it: `EMPTY_TOKEN` for the empty one."""
    return token or EMPTY_TOKEN


def shown_gram(gram: Sequence[str]) -> str:
    """An n-gram as the views show it: its tokens (`shown_token`), space-separated."""
    return " ".join(map(shown_token, gram))


def has_empty_token(segment: TokenizedSegment) -> bool:
    """Whether `segment` has an empty token (shown as `EMPTY_TOKEN`)."""
    return "" in segment.tokens


@dataclass(frozen=True, slots=True)
class Shown:
    """A segment as displayed: its text and every token's span in that text.

    `truncated`: the text stops after the segment's kept tokens (see
    `TokenizedSegment.truncated`), with `ELLIPSIS` after them. `empty_tokens`: the
    segment has an empty token, shown as `EMPTY_TOKEN` (then `tokenized` is true
    because of it, not because the tokenizer changed the text).
    """

    text: str
    token_spans: tuple[Span, ...]
    tokenized: bool
    truncated: bool = False
    empty_tokens: bool = False


def display(segment: TokenizedSegment, show_tokens: bool) -> Shown:
    """The original text if every token is located in order, else the tokens.

    An empty token has no characters to locate, so a segment that has one shows its
    tokens, the empty ones as `EMPTY_TOKEN`.

    A truncated segment shows up to its last kept token only: laying out and
    painting a megabyte of text would hold the GUI thread for seconds.
    """
    spans = segment.char_spans
    located: list[Span] = [span for span in spans if span is not None]
    in_order = len(located) == len(spans) and all(
        start < end and (i == 0 or start >= located[i - 1][1])
        for i, (start, end) in enumerate(located)
    )
    cut = segment.truncated
    if in_order and not show_tokens:
        text = segment.text
        if cut:
            text = text[: located[-1][1]] + ELLIPSIS if located else ELLIPSIS.strip()
        return Shown(text, tuple(located), tokenized=False, truncated=cut)
    token_spans: list[Span] = []
    position = 0
    tokens = [shown_token(token) for token in segment.tokens]
    for token in tokens:
        token_spans.append((position, position + len(token)))
        position += len(token) + 1
    text = " ".join(tokens) + (ELLIPSIS if cut else "")
    return Shown(
        text,
        tuple(token_spans),
        tokenized=True,
        truncated=cut,
        empty_tokens=has_empty_token(segment),
    )


def painted_runs(
    token_spans: Sequence[Span],
    pieces: Sequence[tuple[int, int, str]],
    ranking: Sequence[str],
) -> list[PaintedSpan]:
    """The character runs to paint for n-gram `pieces` laid over tokens.

    Each token takes the best label (first in `ranking`) among the pieces covering
    it; the gap between tokens i and i+1 takes the best label among pieces covering
    both, and is painted only when that label is also both tokens' label. Adjacent
    runs with one label are merged.

    Args:
        token_spans: each token's `(start, end)` in the displayed text, in order.
        pieces: `(first token, one past the last token, label)` per n-gram.
        ranking: every label, best first.
    """
    count = len(token_spans)
    best: list[int | None] = [None] * count
    gap: list[int | None] = [None] * max(count - 1, 0)
    for first, stop, label in pieces:
        rank = ranking.index(label)
        stop = min(stop, count)
        for i in range(first, stop):
            current = best[i]
            if current is None or rank < current:
                best[i] = rank
        for i in range(first, stop - 1):
            current = gap[i]
            if current is None or rank < current:
                gap[i] = rank
    runs: list[PaintedSpan] = []
    for i, (start, end) in enumerate(token_spans):
        token_rank = best[i]
        if token_rank is None:
            continue
        _append_run(runs, start, end, ranking[token_rank])
        if i + 1 < count and gap[i] == token_rank == best[i + 1]:
            _append_run(runs, end, token_spans[i + 1][0], ranking[token_rank])
    return runs


def _append_run(runs: list[PaintedSpan], start: int, end: int, label: str) -> None:
    if start >= end:
        return
    if runs and runs[-1][1] == start and runs[-1][2] == label:
        runs[-1] = (runs[-1][0], end, label)
    else:
        runs.append((start, end, label))


def token_range(token_spans: Sequence[Span], index: int) -> tuple[int, int] | None:
    """The token at character `index`, or the two tokens around a gap at `index`."""
    starts = [start for start, _ in token_spans]
    i = bisect_right(starts, index) - 1
    if i < 0:
        return None
    if index < token_spans[i][1]:
        return (i, i)
    if i + 1 < len(token_spans):
        return (i, i + 1)
    return None


def status_pieces(order: OrderExplanation) -> list[tuple[int, int, str]]:
    """The pieces for `painted_runs`: every hypothesis n-gram of `order`, by status."""
    return [(item.start, item.end, item.status.value) for item in order.hypothesis]


def covering(
    occurrences: Sequence[NgramOccurrence], tokens: tuple[int, int]
) -> list[NgramOccurrence]:
    """The `occurrences` covering tokens `tokens[0]` through `tokens[1]`, in order."""
    first, last = tokens
    return [item for item in occurrences if item.start <= first and item.end > last]


def linked_reference_spans(
    occurrences: Sequence[NgramOccurrence],
    tokens: tuple[int, int],
    order: int,
    reference_spans: Callable[[int], Sequence[Span]],
) -> dict[int, list[Span]]:
    """Per reference (0-based), the spans paired with the n-grams covering `tokens`.

    What hovering those tokens lights up: the `order`-grams of `occurrences` that
    cover them, and the reference spans each was paired with. `reference_spans(k)`
    gives reference k's displayed token spans. A pairing beyond the shown part of a
    long reference is left out; each span is listed once, in the order the
    occurrences pair it.
    """
    linked: dict[int, list[Span]] = {}
    for occurrence in covering(occurrences, tokens):
        for link in occurrence.links:
            spans = reference_spans(link.reference)
            if link.start + order > len(spans):
                continue  # beyond the shown part of a long reference
            span = (spans[link.start][0], spans[link.start + order - 1][1])
            if span not in linked.setdefault(link.reference, []):
                linked[link.reference].append(span)
    return linked


def covering_reference(
    order: OrderExplanation, k: int, tokens: tuple[int, int]
) -> list[RefNgramOccurrence]:
    """Reference `k`'s `order`-grams covering tokens `tokens[0]` through `tokens[1]`."""
    first, last = tokens
    return [
        item
        for item in order.references[k]
        if item.start <= first and item.start + order.order > last
    ]
