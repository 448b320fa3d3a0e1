"""Why one sentence scored what it scored: every n-gram, its fate, and the arithmetic.

This is what the GUI draws when a user points at a sentence. It is computed on demand,
for one segment at a time, in plain Python, and it reuses the scorer itself for the
numbers: the explanation's matched occurrences per order equal the statistics'
matches, and matched + clipped + unmatched equal the totals (tested).

Status of a hypothesis n-gram occurrence, counting identical n-grams from the left:

* matched: one of the first `max reference count` occurrences; it is counted;
* clipped: the n-gram is in a reference, but this occurrence is beyond the largest
  number of times any single reference has it, so it is not counted;
* unmatched: no reference has the n-gram.

Occurrence j of an n-gram is licensed by every reference that has the n-gram at least
j times, and is paired with the j-th occurrence in each of those references; those
reference occurrences are the "matching spans" drawn in the references.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.result import BleuScore, OrderTerm
from bleu_gui.core.scoring import required_order, score_sentence
from bleu_gui.core.stats import compute_stats
from bleu_gui.core.textspan import Span, locate_tokens
from bleu_gui.core.tokenize import Tokenizer, split_tokens, tokenizer_for

__all__ = [
    "NgramOccurrence",
    "NgramStatus",
    "OrderExplanation",
    "RefLink",
    "RefNgramOccurrence",
    "SentenceExplanation",
    "TokenizedSegment",
    "explain_sentence",
]


class NgramStatus(StrEnum):
    """The fate of one hypothesis n-gram occurrence."""

    MATCHED = "matched"
    CLIPPED = "clipped"
    UNMATCHED = "unmatched"


@dataclass(frozen=True, slots=True)
class TokenizedSegment:
    """A segment as the user wrote it and as the scorer saw it.

    Attributes:
        text: the original text.
        tokens: the tokens that were counted.
        char_spans: each token's `(start, end)` in `text`, `None` where it could not
            be located.
    """

    text: str
    tokens: tuple[str, ...]
    char_spans: tuple[Span | None, ...]

    @property
    def fully_located(self) -> bool:
        """Whether every token was found in the original text."""
        return all(span is not None for span in self.char_spans)

    def char_span(self, start: int, end: int) -> Span | None:
        """The character span of tokens start..end-1, if both ends were located."""
        if start >= end:
            return None
        first, last = self.char_spans[start], self.char_spans[end - 1]
        if first is None or last is None:
            return None
        return (first[0], last[1])


@dataclass(frozen=True, slots=True)
class RefLink:
    """The reference occurrence a matched hypothesis occurrence is paired with."""

    reference: int
    start: int


@dataclass(frozen=True, slots=True)
class NgramOccurrence:
    """One n-gram occurrence in the hypothesis.

    Attributes:
        order: n.
        start: index of its first token; it covers tokens start..start+order-1.
        gram: its tokens.
        status: matched, clipped or unmatched.
        occurrence: 1-based rank among identical n-grams of the hypothesis, from the
            left.
        hyp_count: how often the hypothesis has this n-gram.
        ref_counts: how often each reference has it (0 for an absent reference).
        max_ref_count: the most any single reference has it: the clipping limit.
        licensed_by: the references that have it at least `occurrence` times.
        links: for a matched occurrence, the paired occurrence in each licensing
            reference.
        char_span: its span in the hypothesis text, if located.
    """

    order: int
    start: int
    gram: tuple[str, ...]
    status: NgramStatus
    occurrence: int
    hyp_count: int
    ref_counts: tuple[int, ...]
    max_ref_count: int
    licensed_by: tuple[int, ...]
    links: tuple[RefLink, ...]
    char_span: Span | None

    @property
    def end(self) -> int:
        """One past its last token."""
        return self.start + self.order


@dataclass(frozen=True, slots=True)
class RefNgramOccurrence:
    """One n-gram occurrence in a reference.

    Attributes:
        order: n.
        start: index of its first token.
        gram: its tokens.
        occurrence: 1-based rank among identical n-grams of this reference.
        matched: whether a counted hypothesis occurrence is paired with it.
        char_span: its span in the reference text, if located.
    """

    order: int
    start: int
    gram: tuple[str, ...]
    occurrence: int
    matched: bool
    char_span: Span | None


@dataclass(frozen=True, slots=True)
class OrderExplanation:
    """Everything about one n-gram order of one sentence.

    Attributes:
        order: n.
        hypothesis: every hypothesis n-gram occurrence, left to right.
        references: per reference, every n-gram occurrence (empty for an absent one).
        term: the scorer's term for this order (precision as m/t, smoothing step).
    """

    order: int
    hypothesis: tuple[NgramOccurrence, ...]
    references: tuple[tuple[RefNgramOccurrence, ...], ...]
    term: OrderTerm

    def count(self, status: NgramStatus) -> int:
        """How many hypothesis occurrences have `status`."""
        return sum(1 for occurrence in self.hypothesis if occurrence.status is status)


@dataclass(frozen=True, slots=True)
class SentenceExplanation:
    """Why one sentence scored what it scored.

    Attributes:
        hypothesis: the hypothesis, tokenized and located.
        references: each reference, or `None` where the segment has none.
        orders: one `OrderExplanation` per scored order.
        score: the sentence score, computed by the scorer itself.
        ref_len_rule: how r was chosen ("closest, ties to the shorter" …).
        length_refs: the references whose length is the r that BP used.
        brevity: the brevity penalty in words and numbers.
        mean: the final combination in words and numbers.
        diagnosis: a plain-language account of where the score was lost.
    """

    hypothesis: TokenizedSegment
    references: tuple[TokenizedSegment | None, ...]
    orders: tuple[OrderExplanation, ...]
    score: BleuScore
    ref_len_rule: str
    length_refs: tuple[int, ...]
    brevity: str
    mean: str
    diagnosis: str


def explain_sentence(
    hypothesis: str, references: Sequence[str | None], config: BleuConfig
) -> SentenceExplanation:
    """Explain the sentence score of `hypothesis` against `references` under `config`.

    Args:
        hypothesis: the raw hypothesis segment.
        references: its raw references; `None` for a reference it lacks.
        config: the scoring options.
    """
    tokenizer = tokenizer_for(config)
    hyp = _segment(hypothesis, tokenizer)
    refs = tuple(
        None if ref is None else _segment(ref, tokenizer) for ref in references
    )
    canonical_refs = [[None if ref is None else " ".join(ref.tokens)] for ref in refs]
    stats = compute_stats(
        [" ".join(hyp.tokens)], canonical_refs, required_order(config)
    )
    result = score_sentence(stats, 0, config)
    orders = tuple(
        _explain_order(n, hyp, refs, result.terms[n - 1])
        for n in range(1, config.order + 1)
    )
    shortest = config.compat is Compat.TF_NMT
    lengths = [len(ref.tokens) if ref is not None else None for ref in refs]
    length_refs = tuple(
        k for k, length in enumerate(lengths) if length == result.ref_len
    )
    rule = (
        "the shortest reference"
        if shortest
        else "the closest reference length, ties to the shorter"
    )
    return SentenceExplanation(
        hypothesis=hyp,
        references=refs,
        orders=orders,
        score=result,
        ref_len_rule=rule,
        length_refs=length_refs,
        brevity=_describe_brevity(result),
        mean=_describe_mean(result),
        diagnosis=_diagnose(result, config),
    )


def _segment(text: str, tokenizer: Tokenizer) -> TokenizedSegment:
    tokens = tuple(split_tokens(tokenizer(text)))
    return TokenizedSegment(text, tokens, locate_tokens(text, tokens, tokenizer))


def _grams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def _explain_order(
    n: int,
    hyp: TokenizedSegment,
    refs: Sequence[TokenizedSegment | None],
    term: OrderTerm,
) -> OrderExplanation:
    hyp_grams = _grams(hyp.tokens, n)
    hyp_counts = Counter(hyp_grams)
    ref_grams = [_grams(ref.tokens, n) if ref is not None else [] for ref in refs]
    ref_counts = [Counter(grams) for grams in ref_grams]
    # Where the j-th occurrence of each n-gram starts, per reference.
    ref_positions: list[dict[tuple[str, ...], list[int]]] = []
    for grams in ref_grams:
        positions: dict[tuple[str, ...], list[int]] = {}
        for start, gram in enumerate(grams):
            positions.setdefault(gram, []).append(start)
        ref_positions.append(positions)

    seen: Counter[tuple[str, ...]] = Counter()
    occurrences = []
    for start, gram in enumerate(hyp_grams):
        seen[gram] += 1
        j = seen[gram]
        counts = tuple(counter[gram] for counter in ref_counts)
        limit = max(counts, default=0)
        if j <= limit:
            status = NgramStatus.MATCHED
            licensed = tuple(k for k, c in enumerate(counts) if c >= j)
            links = tuple(RefLink(k, ref_positions[k][gram][j - 1]) for k in licensed)
        else:
            status = NgramStatus.CLIPPED if limit else NgramStatus.UNMATCHED
            licensed, links = (), ()
        occurrences.append(
            NgramOccurrence(
                order=n,
                start=start,
                gram=gram,
                status=status,
                occurrence=j,
                hyp_count=hyp_counts[gram],
                ref_counts=counts,
                max_ref_count=limit,
                licensed_by=licensed,
                links=links,
                char_span=hyp.char_span(start, start + n),
            )
        )

    per_ref: list[tuple[RefNgramOccurrence, ...]] = []
    for ref, grams in zip(refs, ref_grams, strict=True):
        if ref is None:
            per_ref.append(())
            continue
        ref_seen: Counter[tuple[str, ...]] = Counter()
        items = []
        for start, gram in enumerate(grams):
            ref_seen[gram] += 1
            j = ref_seen[gram]
            items.append(
                RefNgramOccurrence(
                    order=n,
                    start=start,
                    gram=gram,
                    occurrence=j,
                    matched=j <= hyp_counts[gram],
                    char_span=ref.char_span(start, start + n),
                )
            )
        per_ref.append(tuple(items))
    return OrderExplanation(n, tuple(occurrences), tuple(per_ref), term)


def _describe_brevity(result: BleuScore) -> str:
    c, r, bp = result.sys_len, result.ref_len, result.bp
    if c == 0:
        return f"BP = {bp:g}: the hypothesis is empty (c = 0, r = {r})"
    if result.compat is Compat.TF_NMT:
        if result.ratio > 1.0:
            return f"BP = 1: the hypothesis is longer than r (c = {c} > r = {r})"
        return f"BP = exp(1 − 1/ratio) = exp(1 − {r}/{c}) = {bp:.4f} (c = {c}, r = {r})"
    strictly_longer = result.compat is Compat.NLTK
    if c > r or (c == r and not strictly_longer):
        relation = ">" if c > r else "="
        return (
            f"BP = 1: the hypothesis is not shorter than r (c = {c} {relation} r = {r})"
        )
    return f"BP = exp(1 − r/c) = exp(1 − {r}/{c}) = {bp:.4f}"


def _describe_mean(result: BleuScore) -> str:
    used = [term for term in result.terms if term.in_mean]
    if result.note and result.native_score == 0:
        return f"BLEU = 0: {result.note}"
    if not used:
        return f"BLEU = {result.score:.2f}"
    weights = {term.weight for term in used}
    logs = " + ".join(f"log {term.precision / 100:.4g}" for term in used)
    if len(weights) == 1 and math.isclose(weights.pop() * len(used), 1.0):
        inner = f"({logs}) / {len(used)}"
    else:
        inner = " + ".join(
            f"{term.weight:g}·log {term.precision / 100:.4g}" for term in used
        )
    # The score with the decimals of the header and the diagnosis; BP with those of
    # the brevity-penalty line and the corpus summary.
    numbers = f"{result.bp:.4f} × {_geo(result):.4f} = {result.score:.2f}"
    return f"BLEU = BP × exp({inner}) = {numbers}"


def _geo(result: BleuScore) -> float:
    return result.score / result.bp / 100 if result.bp else 0.0


def _diagnose(result: BleuScore, config: BleuConfig) -> str:
    score = result.score
    if result.note and (result.native_score == 0 or score < 1e-6):
        return f"{score:.2f} because {result.note}"
    zero = [term for term in result.terms if term.in_mean and term.matches == 0]
    method = config.smoothing_method
    if score == 0 and zero:
        first = zero[0]
        reason = f"no {first.order}-gram matches"
        if method in (Smoothing.NONE, Smoothing.METHOD0):
            return f"0 because {reason} and smoothing is {method.value}"
        return f"0 because {reason}"
    if result.sys_len == 0:
        return "0 because the hypothesis is empty"
    # Name the biggest losses: each factor's share of -log(score).
    losses: list[tuple[float, str]] = []
    if 0 < result.bp < 1:
        losses.append(
            (
                -math.log(result.bp),
                f"the brevity penalty ×{result.bp:.4f} "
                f"({result.sys_len} tokens against r = {result.ref_len})",
            )
        )
    for term in result.terms:
        if term.in_mean and 0 < term.precision < 100:
            loss = -term.weight * math.log(term.precision / 100)
            what = f"{term.order}-gram precision {term.matches}/{term.total}"
            if term.smoothing:
                what += f" ({term.smoothing})"
            losses.append((loss, what))
    if not losses:
        return f"{score:.2f}: every n-gram matches and the length is right"
    losses.sort(reverse=True)
    named = "; then ".join(what for _, what in losses[:2])
    return f"{score:.2f}: most is lost to {named}"
