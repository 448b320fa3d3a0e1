"""Why one sentence scored what it scored: every n-gram, its fate, and the arithmetic.

This is what the GUI draws when a user points at a sentence. It is computed on demand,
for one segment at a time, in plain Python, and it reuses the scorer itself for the
numbers: the explanation's matched occurrences per order equal the statistics'
clipped matches, and matched + clipped + unmatched equal the hypothesis n-grams
`corpus_stats` counts (NLTK's denominators are `max(1, ·)` of that); every licensing
reference holds the n-gram at least that often; r and the references that have it are
the ones the brevity penalty used (`tests/core/test_explain_invariants.py`).

The texts (brevity, mean, diagnosis) describe the arithmetic the emulated library
does, on the scale it returns (percent for sacreBLEU and multi-bleu.perl, 0-1 for NLTK
and tensorflow/nmt), with every number printed by one formatter so that the panel's
heading, table, formula and diagnosis show the same digits
(`tests/core/test_explain_wording.py` pins them against the libraries).

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
import sys
from collections import Counter
from collections.abc import Iterator, Sequence, Set
from dataclasses import dataclass
from enum import StrEnum

from bleu_gui.core.config import (
    CAPABILITIES,
    BleuConfig,
    Compat,
    ScoreScale,
    Smoothing,
)
from bleu_gui.core.number_text import fixed, largest_remainder, signed
from bleu_gui.core.result import BleuScore, OrderTerm
from bleu_gui.core.scoring import required_order, score_sentence
from bleu_gui.core.stats import compute_stats
from bleu_gui.core.textspan import Span, locate_tokens
from bleu_gui.core.tokenize import (
    Tokenizer,
    join_tokens,
    split_tokens,
    tokenizer_for,
)
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

__all__ = [
    "HIGHLIGHT_LIMIT",
    "ExplainRequest",
    "NgramOccurrence",
    "NgramStatus",
    "OrderExplanation",
    "RefLink",
    "RefNgramOccurrence",
    "SentenceExplanation",
    "TokenizedSegment",
    "explain_or_why_not",
    "explain_sentence",
    "format_bp",
    "format_parts",
    "format_points",
    "format_precision",
    "format_score",
    "format_weight",
    "join_words",
    "mean_weights",
    "precision_scale",
    "ref_len_rule",
    "score_scale",
]

# Tokens of each text explained n-gram by n-gram (see `explain_sentence`): more than
# a reader scrolls through, few enough to explain, send and paint within one turn of
# the event loop (measured in docs/design.md, `bench/bench_long_segment.py`).
HIGHLIGHT_LIMIT = 1_000


class NgramStatus(StrEnum):
    """The fate of one hypothesis n-gram occurrence."""

    MATCHED = "matched"
    CLIPPED = "clipped"
    UNMATCHED = "unmatched"


@dataclass(frozen=True, slots=True)
class TokenizedSegment:
    """A segment as the user wrote it and as the scorer saw it.

    A segment longer than the explanation's highlight limit keeps only its first
    tokens (and their spans); `token_count` is how many the scorer counted, and
    every number of the explanation is for all of them.

    Attributes:
        text: the original text, whole.
        tokens: the tokens that were counted (only the first ones when `truncated`).
        char_spans: each of `tokens`' `(start, end)` in `text`, `None` where it could
            not be located.
        counted: how many tokens the scorer counted, when that is more than `tokens`
            holds; `None` when `tokens` is whole.
    """

    text: str
    tokens: tuple[str, ...]
    char_spans: tuple[Span | None, ...]
    counted: int | None = None

    @property
    def token_count(self) -> int:
        """How many tokens the scorer counted (its numbers are for all of them)."""
        return len(self.tokens) if self.counted is None else self.counted

    @property
    def truncated(self) -> bool:
        """Whether only the first of its tokens are kept (see `token_count`)."""
        return self.counted is not None

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
        score_text: the score on the emulated library's own scale (`scale`), with
            the decimals every text of the explanation uses for it.
        scale: that scale: percent (sacreBLEU, multi-bleu.perl) or 0-1 (NLTK,
            tensorflow/nmt).
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
    score_text: str
    scale: ScoreScale
    ref_len_rule: str
    length_refs: tuple[int, ...]
    brevity: str
    mean: str
    diagnosis: str


def explain_sentence(
    hypothesis: str,
    references: Sequence[str | None],
    config: BleuConfig,
    *,
    limit: int = HIGHLIGHT_LIMIT,
) -> SentenceExplanation:
    """Explain the sentence score of `hypothesis` against `references` under `config`.

    The numbers are always the whole segment's. The n-gram occurrences are listed
    for the first `limit` tokens of each text only: a document on one line has
    hundreds of thousands of tokens, and an object per occurrence of each order
    would take minutes and gigabytes, for highlights nobody could read. Those
    occurrences' counts, ranks, statuses and links are still the whole segment's.

    Args:
        hypothesis: the raw hypothesis segment.
        references: its raw references; `None` for a reference it lacks.
        config: the scoring options.
        limit: how many tokens of each text to explain n-gram by n-gram.
    """
    tokenizer = tokenizer_for(config)
    hyp_tokens = tuple(split_tokens(tokenizer(hypothesis)))
    ref_tokens = [
        None if ref is None else tuple(split_tokens(tokenizer(ref)))
        for ref in references
    ]
    canonical_refs = [[None if ref is None else join_tokens(ref)] for ref in ref_tokens]
    stats = compute_stats(
        [join_tokens(hyp_tokens)], canonical_refs, required_order(config)
    )
    result = score_sentence(stats, 0, config)
    hyp = _segment(hypothesis, hyp_tokens, tokenizer, limit)
    refs = tuple(
        None
        if text is None or tokens is None
        else _segment(text, tokens, tokenizer, limit)
        for text, tokens in zip(references, ref_tokens, strict=True)
    )
    orders = tuple(
        _explain_order(n, hyp, hyp_tokens, refs, ref_tokens, result.terms[n - 1])
        for n in range(1, config.order + 1)
    )
    lengths = [ref.token_count if ref is not None else None for ref in refs]
    length_refs = tuple(
        k for k, length in enumerate(lengths) if length == result.ref_len
    )
    cause = _zero_cause(result, config, refs)
    return SentenceExplanation(
        hypothesis=hyp,
        references=refs,
        orders=orders,
        score=result,
        score_text=format_score(result),
        scale=score_scale(config.compat),
        ref_len_rule=ref_len_rule(config.compat),
        length_refs=length_refs,
        brevity=_describe_brevity(result),
        mean=_describe_mean(result, cause),
        diagnosis=_diagnose(result, config, cause),
    )


@dataclass(frozen=True, slots=True)
class ExplainRequest:
    """One segment's texts and options: what `explain_or_why_not` explains.

    A value, so that it can be sent to a worker process as it is.
    """

    hypothesis: str
    references: tuple[str | None, ...]
    config: BleuConfig


def explain_or_why_not(
    request: ExplainRequest,
) -> OrUnavailable[SentenceExplanation]:
    """`explain_sentence` of `request`, or why the mode cannot score it (one line)."""
    try:
        return explain_sentence(request.hypothesis, request.references, request.config)
    except ValueError as error:
        return Unavailable(str(error))


def _segment(
    text: str, tokens: tuple[str, ...], tokenizer: Tokenizer, limit: int
) -> TokenizedSegment:
    """`text` with its first `limit` tokens located (all of them if it has no more)."""
    if len(tokens) <= limit:
        return TokenizedSegment(text, tokens, locate_tokens(text, tokens, tokenizer))
    kept = tokens[:limit]
    return TokenizedSegment(
        text, kept, _locate_prefix(text, kept, tokenizer), counted=len(tokens)
    )


def _locate_prefix(
    text: str, tokens: tuple[str, ...], tokenizer: Tokenizer
) -> tuple[Span | None, ...]:
    """`locate_tokens` for a text's first tokens, reading only as much text as needed.

    Locating replays the tokenizer on the text with a list entry per character,
    which for a 20 MB segment means gigabytes. The first tokens lie in a prefix
    about as long as they are; it grows until the last of them is found in it (or
    is the whole text).
    """
    size = 2 * sum(len(token) + 1 for token in tokens) + 1_024
    while True:
        spans = locate_tokens(text[:size], tokens, tokenizer)
        if (spans and spans[-1] is not None) or size >= len(text):
            return spans
        size *= 4


def _grams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def _iter_grams(tokens: Sequence[str], n: int) -> Iterator[tuple[str, ...]]:
    """Every n-gram of `tokens`, left to right (in C: a whole segment is long)."""
    return zip(*(tokens[i:] for i in range(n)), strict=False)


def _counts(
    tokens: Sequence[str] | None, n: int, wanted: Set[tuple[str, ...]]
) -> Counter[tuple[str, ...]]:
    """How often each of the `wanted` n-grams occurs in the whole of `tokens`."""
    if tokens is None:
        return Counter()
    return Counter(filter(wanted.__contains__, _iter_grams(tokens, n)))


def _positions(
    tokens: Sequence[str] | None, n: int, needed: Counter[tuple[str, ...]]
) -> dict[tuple[str, ...], list[int]]:
    """Where the first `needed[gram]` occurrences of each needed n-gram start."""
    positions: dict[tuple[str, ...], list[int]] = {}
    if tokens is None:
        return positions
    for start, gram in enumerate(_iter_grams(tokens, n)):
        if gram in needed:
            found = positions.setdefault(gram, [])
            if len(found) < needed[gram]:
                found.append(start)
    return positions


def _explain_order(
    n: int,
    hyp: TokenizedSegment,
    hyp_tokens: Sequence[str],
    refs: Sequence[TokenizedSegment | None],
    ref_tokens: Sequence[Sequence[str] | None],
    term: OrderTerm,
) -> OrderExplanation:
    """Order `n`'s occurrences in the kept tokens, counted over the whole texts."""
    hyp_grams = _grams(hyp.tokens, n)
    ref_grams = [_grams(ref.tokens, n) if ref is not None else [] for ref in refs]
    # Occurrence j of a kept hypothesis n-gram is also its j-th in the whole text.
    kept_counts = Counter(hyp_grams)
    wanted = set(kept_counts).union(*ref_grams)
    hyp_counts = _counts(hyp_tokens, n, wanted)
    ref_counts = [_counts(tokens, n, kept_counts.keys()) for tokens in ref_tokens]
    ref_positions = [_positions(tokens, n, kept_counts) for tokens in ref_tokens]

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


# --- the words ------------------------------------------------------------------
#
# Each text says what the emulated library computes, on the scale it computes it,
# and every number is printed by one of the formatters below, so that the heading,
# the precision table, the formula and the diagnosis show the same digits.

_DECIMALS = {ScoreScale.PERCENT: 2, ScoreScale.UNIT: 4}
_CLOSEST_RULE = "the closest reference length, ties to the shorter"
_SHORTEST_RULE = "the shortest reference length"


def score_scale(compat: Compat) -> ScoreScale:
    """The scale `compat`'s library returns BLEU on."""
    return CAPABILITIES[compat].score_scale


def _fixed(value: float, decimals: int) -> str:
    """`value` to `decimals` decimals; a non-zero value too small for them in e-form.

    Never a negative zero (`number_text.fixed`).
    """
    if value != 0 and abs(value) < 0.5 * 10.0**-decimals:
        return f"{value:.2e}"
    return fixed(value, decimals)


def format_score(result: BleuScore) -> str:
    """The score exactly as every text of the explanation shows it.

    On the emulated library's own scale (`score_scale`): sacreBLEU and multi-bleu.perl
    in percent with 2 decimals, NLTK and tensorflow/nmt on 0-1 with 4. NLTK's integer
    0 is shown as `0`.
    """
    native = result.native_score
    if isinstance(native, int):
        return str(native)
    return _fixed(float(native), _DECIMALS[score_scale(result.compat)])


def format_points(value: float, compat: Compat, *, signed: bool = False) -> str:
    """An amount of BLEU given on 0-100 (a difference, a part of one), as scores are.

    On `compat`'s scale with the decimals `format_score` uses, so that a difference
    and the two scores it separates show the same digits; `signed` writes a `+`
    before a positive amount.
    """
    scale = score_scale(compat)
    text = _fixed(
        value if scale is ScoreScale.PERCENT else value / 100, _DECIMALS[scale]
    )
    return f"+{text}" if signed and value > 0 else text


def format_parts(
    parts: Sequence[float], total: float, compat: Compat
) -> tuple[tuple[str, ...], bool]:
    """Parts of a difference, signed as `format_points` signs, adding up as shown.

    `parts` (BLEU points on 0-100) sum to `total`; each shown alone to the
    scale's decimals, they may not add up to `total` as shown (+0.47 +0.47 +0.46
    under +1.39). So they are rounded together (`largest_remainder`): each to
    its nearest last digit or, where that would not add up, to the next one the
    other way, so that the texts add up exactly to `format_points(total)`.

    Returns:
        The parts' texts and True; or, when `total` shows in e-form (not zero
        but below the last digit) or a part is not finite, each part as
        `format_points` writes it alone and False (they are rounded alone).
    """
    scale = score_scale(compat)
    decimals = _DECIMALS[scale]
    alone = tuple(format_points(part, compat, signed=True) for part in parts)
    shown_total = format_points(total, compat, signed=True)
    if "e" in shown_total or not all(math.isfinite(part) for part in parts):
        return alone, False
    factor = 1.0 if scale is ScoreScale.PERCENT else 0.01
    unit = 10.0**-decimals
    units = largest_remainder(
        [part * factor for part in parts], unit, round(float(shown_total) / unit)
    )
    return tuple(signed(count * unit, decimals) for count in units), True


def format_precision(term: OrderTerm, compat: Compat) -> str:
    """A precision as the formula uses it: percent (sacreBLEU) or 0-1 (the others).

    The digits only; `precision_scale` says which.
    """
    scale = precision_scale(compat)
    value = term.precision if scale is ScoreScale.PERCENT else term.precision / 100
    return _fixed(value, _DECIMALS[scale])


def precision_scale(compat: Compat) -> ScoreScale:
    """The scale of the precisions in `compat`'s arithmetic."""
    return CAPABILITIES[compat].precision_scale


def format_bp(bp: float) -> str:
    """The brevity penalty, to 4 decimals, everywhere."""
    return _fixed(bp, 4)


def format_weight(weight: float) -> str:
    """An order's weight in the mean, to 4 significant digits, everywhere."""
    return f"{weight:.4g}"


def ref_len_rule(compat: Compat) -> str:
    """How `compat` picks r among a segment's references."""
    return _SHORTEST_RULE if compat is Compat.TF_NMT else _CLOSEST_RULE


def _tokens(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"


def _describe_brevity(result: BleuScore) -> str:
    c, r, bp = result.sys_len, result.ref_len, result.bp
    if c == 0 and bp == 0:
        return f"BP = 0: the hypothesis is empty (c = 0, r = {r})"
    if result.compat is Compat.TF_NMT:
        ratio = f"ratio = c/r = {c}/{r}"
        if result.ratio > 1.0:
            return f"BP = 1: {ratio} > 1"
        return f"BP = exp(1 − 1/ratio) = {format_bp(bp)}, with {ratio}, not above 1"
    if result.compat is Compat.NLTK:
        if c > r:
            return f"BP = 1: the hypothesis is longer than r (c = {c} > r = {r})"
        relation = "<" if c < r else "="
        also = "; NLTK gives 1 only when c > r" if c == r else ""
        return (
            f"BP = exp(1 − r/c) = exp(1 − {r}/{c}) = {format_bp(bp)} "
            f"(c = {c} {relation} r = {r}{also})"
        )
    if c >= r:
        relation = ">" if c > r else "="
        return (
            f"BP = 1: the hypothesis is not shorter than r (c = {c} {relation} r = {r})"
        )
    return f"BP = exp(1 − r/c) = exp(1 − {r}/{c}) = {format_bp(bp)} (c = {c} < r = {r})"


def mean_weights(result: BleuScore) -> list[tuple[OrderTerm, float]]:
    """The orders in the geometric mean, each with the weight it really had.

    sacreBLEU divides the sum of logs by the number of orders it averaged (fewer than
    the maximum under effective order), whatever `OrderTerm.weight` says; the other
    modes multiply each log by its weight.
    """
    used = [term for term in result.terms if term.in_mean]
    if result.compat is Compat.SACREBLEU:
        return [(term, 1 / len(used)) for term in used]
    return [(term, term.weight) for term in used]


def _describe_mean(result: BleuScore, cause: str | None) -> str:
    score = format_score(result)
    if cause is not None:
        return f"BLEU = {score}: {cause}"
    weighted = mean_weights(result)
    compat = result.compat
    logs = [f"log {format_precision(term, compat)}" for term, _ in weighted]
    if compat in (Compat.SACREBLEU, Compat.MULTI_BLEU):
        inner = f"({' + '.join(logs)}) / {len(logs)}"
    else:
        inner = " + ".join(
            f"{format_weight(weight)}·{log}"
            for (_, weight), log in zip(weighted, logs, strict=True)
        )
    bp = format_bp(result.bp)
    geo = result.native_score / result.bp if result.bp else 0.0
    notes = []
    if compat is Compat.SACREBLEU:
        geo_text = _fixed(geo, 2)
        formula = f"BLEU = BP × exp({inner}) = {bp} × {geo_text} = {score}"
        notes.append("precisions and BLEU in percent, as sacreBLEU computes them")
        if len(weighted) < len(result.terms):
            orders = "order" if len(weighted) == 1 else f"{len(weighted)} orders"
            notes.append(
                f"effective order: the mean is over the {orders} the hypothesis has"
            )
    elif compat is Compat.MULTI_BLEU:
        geo_text = _fixed(geo / 100, 4)
        formula = f"BLEU = 100 × BP × exp({inner}) = 100 × {bp} × {geo_text} = {score}"
        notes.append("precisions on the 0–1 scale, BLEU in percent as it prints it")
    else:
        geo_text = _fixed(geo, 4)
        formula = f"BLEU = BP × exp({inner}) = {bp} × {geo_text} = {score}"
        notes.append(f"0–1 scale, as {CAPABILITIES[compat].name} returns it")
    if compat is Compat.NLTK:
        dropped = [
            term.order for term in result.terms if term.weight > 0 and not term.in_mean
        ]
        if dropped:
            grams = join_words([f"{n}-gram" for n in dropped])
            noun = "precision" if len(dropped) == 1 else "precisions"
            notes.append(f"NLTK leaves the zero {grams} {noun} out of the mean")
    return f"{formula} ({'; '.join(notes)})"


def _zero_cause(
    result: BleuScore, config: BleuConfig, refs: Sequence[TokenizedSegment | None]
) -> str | None:
    """Why the score is exactly 0 (NLTK: the int 0), or `None` if it is not."""
    library = CAPABILITIES[result.compat].name
    if result.sys_len == 0:
        if result.compat is Compat.NLTK:
            return "the hypothesis is empty, and NLTK returns the int 0"
        return "the hypothesis is empty"
    present = [ref for ref in refs if ref is not None]
    if present and all(not ref.tokens for ref in present):
        noun = "the reference is" if len(present) == 1 else "every reference is"
        return f"{noun} empty, so no n-gram can match"
    if result.compat is Compat.NLTK and isinstance(result.native_score, int):
        return "no unigram matches, and NLTK returns the int 0 before any smoothing"
    if result.native_score != 0:
        return None
    if result.compat is Compat.SACREBLEU and not any(
        term.matches for term in result.terms
    ):
        return (
            "no n-gram of any order matches, and then sacreBLEU returns 0 whatever "
            "the smoothing"
        )
    zero = next((term for term, _ in mean_weights(result) if term.precision == 0), None)
    if zero is None:
        return None
    n = zero.order
    if zero.total == 0:
        what = f"the hypothesis ({_tokens(result.sys_len)}) has no {n}-gram"
    else:
        what = f"no {n}-gram matches"
    if result.compat is Compat.SACREBLEU:
        if zero.total == 0:
            why = "with effective order off, p = 0/0 counts as 0"
        else:
            method = config.smoothing_method.value
            why = f"smoothing '{method}' leaves its precision at 0"
    elif result.compat is Compat.TF_NMT:
        why = f"{library} smooths only with smooth=True"
    else:
        why = f"{library} does not smooth"
    return f"{what}, {why}, and a zero precision makes BLEU 0"


def _nltk_rules(result: BleuScore) -> list[str]:
    """NLTK's own remarks (auto_reweigh, dropped orders, BLEU above 1), numbers aside.

    The method0 remark is left out: the diagnosis words it with the shown score.
    """
    if result.compat is not Compat.NLTK or not result.note:
        return []
    return [part for part in result.note.split("; ") if not part.startswith("method0:")]


def _diagnose(
    result: BleuScore,
    config: BleuConfig,
    cause: str | None,
) -> str:
    value = f"BLEU = {format_score(result)} ({score_scale(result.compat).value})"
    if cause is not None:
        return f"{value} because {cause}"
    extra = _nltk_rules(result)
    tail = "".join(f"; {rule}" for rule in extra)
    weighted = mean_weights(result)
    if config.smoothing_method is Smoothing.METHOD0:
        floored = [term.order for term, _ in weighted if term.matches == 0]
        if floored:
            grams = join_words([f"{n}-gram" for n in floored], "or")
            tiny = _fixed(sys.float_info.min, 4)
            return (
                f"{value}, not 0, because no {grams} matches and NLTK's method0 sets a "
                f"zero precision to sys.float_info.min ({tiny}){tail}"
            )
    # Each factor's share of -log(BLEU), largest first.
    losses: list[tuple[float, str]] = []
    if 0 < result.bp < 1:
        losses.append(
            (
                -math.log(result.bp),
                f"the brevity penalty ×{format_bp(result.bp)} "
                f"({_tokens(result.sys_len)} against r = {result.ref_len})",
            )
        )
    for term, weight in weighted:
        if 0 < term.precision < 100:
            what = f"the {term.order}-gram precision {term.matches:g}/{term.total:g}"
            if term.smoothing:
                what += f" ({term.smoothing})"
            losses.append((-weight * math.log(term.precision / 100), what))
    if not losses:
        if extra:
            return f"{value}: {'; '.join(extra)}"
        return f"{value}: every n-gram matches and the hypothesis is not too short"
    losses.sort(key=lambda loss: loss[0], reverse=True)
    if len(losses) == 1 and losses[0][1].startswith("the brevity penalty"):
        return f"{value}: every n-gram matches; all is lost to {losses[0][1]}{tail}"
    named = "; then ".join(what for _, what in losses[:2])
    return f"{value}: most is lost to {named}{tail}"


def join_words(words: Sequence[str], conjunction: str = "and") -> str:
    """Words as prose: a; a and b; a, b and c."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]
