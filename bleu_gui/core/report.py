"""The report's content: scores, the paired test, and the sentences that matter most.

What the HTML report (`io.report_html`, which only renders it) shows, computed by
the core alone: each system's corpus score (scored as the window and the command
line score a system, `core.system_score`), sacreBLEU's paired test of every
system against the first (the baseline), and the N sentences that matter most:
one system, the N of highest cost (`core.analysis`: corpus BLEU gained were the
sentence perfect); several, the N of largest |Δ| sentence BLEU between the
baseline and the second system, each with its explanation; and per system the
post-editing effort by fuzzy-match band (`core.band_table`: count, words and
corpus BLEU of each band's sentences), its effort counted here unless the caller
has it already (the window's, counted in the background); and, with the source,
each system's QA issues (`core.qa`: numbers, tags, untranslated, …). The command line
builds it at once (`build_report`), the window step by step
(`iter_build_report`), so that a user can cancel it.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bleu_gui.core.band_table import BandTable, band_table
from bleu_gui.core.buckets import (
    BucketEdges,
    BucketKind,
    BucketTable,
    iter_bucket_table,
)
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.delta import sentence_deltas
from bleu_gui.core.edits import Edits, apply_edits, edited_hypotheses
from bleu_gui.core.effort import Effort, iter_effort
from bleu_gui.core.explain import SentenceExplanation, explain_sentence
from bleu_gui.core.inline_tags import SegmentTags
from bleu_gui.core.margin import Margin, NoMargin, iter_margin
from bleu_gui.core.pair_ngrams import PairExplanation, explain_pair
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.qa import QaResult, iter_qa
from bleu_gui.core.result import BleuScore
from bleu_gui.core.significance import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    PairedTest,
    PairedTestResult,
    iter_paired_test,
)
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain, relabel
from bleu_gui.core.system_score import iter_system_score
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.word_buckets import WordFrequency, WordTable, iter_word_table

__all__ = [
    "DEFAULT_TOP",
    "Report",
    "ReportRequest",
    "ReportStep",
    "ReportSystem",
    "TopRow",
    "build_report",
    "iter_build_report",
]

DEFAULT_TOP = 20
"""Sentences shown when the user does not say how many."""


@dataclass(frozen=True, slots=True)
class ReportSystem:
    """One system: its name as the user gave it, its lines, their statistics.

    `edited`: the rows (0-based) whose line is a what-if edit (`with_edits`).
    `effort`: the post-editing effort of `lines`, if counted already (None: the
    report counts it). `tags`: each line's inline tags, in a format that keeps
    them (XLIFF, TMX), for the QA checks' tags check. `tokens`: `lines`
    tokenized by the scoring tokenizer, if made already (the window's, made
    when it scored; None: the report tokenizes them for its word table).
    """

    name: str
    lines: Sequence[str]
    stats: CorpusStats
    edited: frozenset[int] = field(default=frozenset())
    effort: Effort | None = None
    tags: Sequence[SegmentTags] | None = None
    tokens: Sequence[str] | None = None

    def with_edits(self, edits: Edits) -> ReportSystem:
        """This system seen through `edits`: edited lines, statistics and marks.

        An edited line keeps no inline tags: it is the text as typed.
        """
        if not edits:
            return self
        edited = self.edited | {line.row for line in edits}
        tags = self.tags
        if tags is not None:
            tags = tuple(() if row in edited else t for row, t in enumerate(tags))
        return ReportSystem(
            self.name,
            edited_hypotheses(self.lines, edits),
            apply_edits(self.stats, edits),
            edited,
            tags=tags,
        )


@dataclass(frozen=True, slots=True)
class ReportRequest:
    """What to report on.

    Attributes:
        references: each reference's lines.
        systems: the systems, the baseline first.
        config: the scoring options.
        signature: the corpus signature of the scores.
        top: how many sentences to show.
        test: the paired test (several systems in the sacrebleu mode), else `None`.
        samples: its resamples or trials; `None` for sacreBLEU's default.
        seed: its seed (`None`: unseeded).
        title: the page's heading.
        reference_names: each reference's name (its file, as the user gave it),
            in the order of `references`; empty: they are numbered only.
        source: the source text, one line per segment, if given: with it, the
            report runs the QA checks.
        source_name: the source's name (its file), if given.
        source_tags: each source line's inline tags, in a format that keeps
            them (XLIFF, TMX).
        languages: the source's and the systems' languages, where known (how
            the QA checks read numbers).
        margin: with a paired bootstrap, each compared system's margin
            (`core.margin`: a dozen more tests per system, at the test's seed).
        margins_found: per compared system, a margin already found at the
            test's `samples` and `seed` (the window's Systems dock), or None;
            shown as `margin`'s are, with no test run for them.
        edges: the bucket edges of every kind (the user's: the window's Buckets
            tab, the command line's `--edges`).
        bucket_kinds: the kinds of sentence bucket shown (`--by`), in order.
        words: whether the word-accuracy table is shown.
        frequency: a training corpus's word counts to bucket words by (None:
            the references'); the table says which.
        reference_tokens: each reference tokenized by the scoring tokenizer
            (`None` where a segment lacks it), if made already: with every
            system's `tokens`, the report tokenizes nothing.
        warnings: the warnings about the files (`io.notices`: a kept byte-order
            mark and its cost, a language the tokenizer leaves unsplit, …), as
            the command line or the window said them; the page shows them right
            above the scores they qualify.
    """

    references: tuple[Sequence[str], ...]
    systems: tuple[ReportSystem, ...]
    config: BleuConfig
    signature: str
    top: int = DEFAULT_TOP
    test: PairedTest | None = None
    samples: int | None = None
    seed: int | None = DEFAULT_SEED
    title: str = "BLEU report"
    warnings: tuple[str, ...] = ()
    reference_names: tuple[str, ...] = ()
    source: Sequence[str] | None = None
    source_name: str | None = None
    source_tags: Sequence[SegmentTags] | None = None
    languages: tuple[str | None, str | None] = (None, None)
    margin: bool = False
    margins_found: tuple[Margin | NoMargin | None, ...] = ()
    edges: BucketEdges = field(default_factory=BucketEdges)
    bucket_kinds: tuple[BucketKind, ...] = tuple(BucketKind)
    words: bool = True
    frequency: WordFrequency | None = None
    reference_tokens: tuple[Sequence[str | None], ...] | None = None

    def reference_heading(self, k: int) -> str:
        """How reference `k` (0-based) is headed: "Reference 1 (ref.A.txt)"."""
        if k < len(self.reference_names):
            return f"Reference {k + 1} ({self.reference_names[k]})"
        return f"Reference {k + 1}"


@dataclass(frozen=True, slots=True)
class TopRow:
    """One of the sentences shown: its index, its ranking value, its explanation."""

    index: int
    value: float
    explanation: SentenceExplanation | PairExplanation


@dataclass(frozen=True, slots=True)
class Report:
    """Everything the page shows, computed by the core.

    `bands`: per system (in `request.systems`' order), its sentences by band.
    `qa`: per system, its QA issues; empty without a source.
    `buckets`: one table per kind of sentence bucket (`core.buckets`), the
    systems bucketed by the first one's values, with the subset bootstrap when
    the report's test is a bootstrap.
    `words`: word accuracy by frequency (`core.word_buckets`, at the request's
    edges and frequencies), every system's; None for a report made without it.
    `margins`: per compared system (the baseline's not), its margin (None:
    not found); empty unless asked for (`ReportRequest.margin`) or given
    (`ReportRequest.margins_found`) with a paired bootstrap.
    """

    request: ReportRequest
    scores: tuple[BleuScore, ...]
    paired: PairedTestResult | None
    deltas: npt.NDArray[np.float64] | None
    rows: tuple[TopRow, ...]
    bands: tuple[BandTable, ...] = ()
    qa: tuple[QaResult, ...] = ()
    buckets: tuple[BucketTable, ...] = ()
    margins: tuple[Margin | NoMargin | None, ...] = ()
    words: WordTable | None = None


def _top(values: npt.NDArray[np.float64], count: int) -> list[int]:
    """The rows of the `count` largest values (NaN left out; ties: the first row)."""
    finite = np.flatnonzero(~np.isnan(values))
    order = np.argsort(-values[finite], kind="stable")
    return [int(finite[i]) for i in order[:count]]


ReportStep = tuple[int, int, str]
"""Progress of `iter_build_report`: (done, total, what is being done)."""


def build_report(request: ReportRequest, *, pool: WorkerPool | None = None) -> Report:
    """Score, test, rank and explain: the report's numbers, all from the core.

    `pool`: worker processes to tokenize the word table's lines in (the
    command line's, on large files).
    """
    return drain(iter_build_report(request, pool=pool))


def iter_build_report(
    request: ReportRequest, *, pool: WorkerPool | None = None
) -> Generator[ReportStep, None, Report]:
    """`build_report` step by step: the test's resamples, then each sentence.

    So that the window runs it in slices and a user can cancel it (100,000
    segments take seconds: docs/design.md).
    """
    systems = request.systems
    config = request.config
    # Scored as the window and the command line score a system; one system's
    # costs rank its sentences. The page prints the request's signature (its
    # caller's, made by the same entry point knowing the files' byte-order
    # marks), so the signatures made here are not read.
    scored = []
    for system in systems:
        one = yield from relabel(
            iter_system_score(
                system.stats,
                config,
                num_refs=len(request.references),
                dropped_bom=False,
                gains=len(systems) == 1,
            ),
            lambda step: (step[0], step[1], "Ranking the sentences by cost"),
        )
        scored.append(one)
    scores = tuple(one.corpus_score() for one in scored)
    paired = None
    if request.test is not None and len(systems) > 1:
        paired = yield from relabel(
            iter_paired_test(
                systems[0].stats,
                [system.stats for system in systems[1:]],
                config,
                request.test,
                samples=request.samples,
                seed=request.seed,
                texts=[system.lines for system in systems],
            ),
            lambda step: (step.done, step.total, "Running the paired test"),
        )

    margins: list[Margin | NoMargin | None] = []
    bootstrapped = paired is not None and paired.test is PairedTest.BOOTSTRAP
    if bootstrapped and not request.margin and any(request.margins_found):
        compared = len(systems) - 1
        margins = [*request.margins_found[:compared]]
        margins += [None] * (compared - len(margins))
    if request.margin and paired is not None and paired.test is PairedTest.BOOTSTRAP:
        for system in systems[1:]:
            found = yield from relabel(
                iter_margin(
                    systems[0].stats,
                    system.stats,
                    config,
                    samples=paired.samples,
                    seed=paired.seed,
                ),
                lambda step: (step.done, step.total, "Finding the margin"),
            )
            margins.append(found)

    def refs(row: int) -> list[str | None]:
        return [reference[row] for reference in request.references]

    rows: list[TopRow] = []
    deltas = None
    if len(systems) == 1:
        costs = scored[0].gains
        assert costs is not None  # asked for, of one system
        chosen = _top(costs, request.top)
        for done, row in enumerate(chosen):
            yield (done, len(chosen), "Explaining the sentences")
            explanation = explain_sentence(systems[0].lines[row], refs(row), config)
            rows.append(TopRow(row, float(costs[row]), explanation))
    else:
        a, b = systems[0], systems[1]
        yield (0, 1, "Ranking the sentences by Δ")
        deltas = sentence_deltas(a.stats, b.stats, config)
        chosen = _top(np.abs(deltas), request.top)
        for done, row in enumerate(chosen):
            yield (done, len(chosen), "Explaining the sentences")
            pair = explain_pair(
                a.lines[row], b.lines[row], refs(row), config, names=(a.name, b.name)
            )
            rows.append(TopRow(row, float(deltas[row]), pair))
    bands = []
    for system in systems:
        effort = system.effort
        if effort is None:
            effort = yield from relabel(
                iter_effort(system.lines, request.references),
                lambda step: (step[0], step[1], "Counting the post-editing effort"),
            )
        bands.append(band_table(effort, system.stats, config))
    checked: list[QaResult] = []
    if request.source is not None:
        for system in systems:
            result = yield from relabel(
                iter_qa(
                    system.lines,
                    request.source,
                    source_tags=request.source_tags,
                    hypothesis_tags=system.tags,
                    source_language=request.languages[0],
                    target_language=request.languages[1],
                ),
                lambda step: (step[0], step[1], "Running the QA checks"),
            )
            checked.append(result)
    buckets = []
    bootstrap = request.test is PairedTest.BOOTSTRAP
    for kind in request.bucket_kinds:
        table = yield from relabel(
            iter_bucket_table(
                kind,
                [system.stats for system in systems],
                config,
                request.edges,
                samples=(request.samples or DEFAULT_SAMPLES[PairedTest.BOOTSTRAP])
                if bootstrap
                else 0,
                seed=request.seed,
            ),
            lambda step: (step.done, step.total, "Testing the buckets"),
        )
        buckets.append(table)
    words = (yield from _iter_words(request, pool)) if request.words else None
    return Report(
        request,
        scores,
        paired,
        deltas,
        tuple(rows),
        tuple(bands),
        tuple(checked),
        tuple(buckets),
        tuple(margins),
        words,
    )


def _iter_words(
    request: ReportRequest, pool: WorkerPool | None
) -> Generator[ReportStep, None, WordTable]:
    """Word accuracy by frequency, on the scoring tokenizer's tokens of every line.

    The tokens given (the window's: `ReportRequest.reference_tokens`,
    `ReportSystem.tokens`) are used as they are; the others are made here, each
    distinct line once (`Tokenizer.iter_tokenize`, in `pool`'s workers if
    given), as the window's systems are. The table is the Buckets tab's and
    `bleu-gui buckets`'.
    """
    given = request.reference_tokens
    every = [
        line
        for reference in (request.references if given is None else ())
        for line in reference
    ]
    every += [
        line
        for system in request.systems
        if system.tokens is None
        for line in system.lines
    ]
    tokens: dict[str, str] = {}
    if every:
        tokens = yield from relabel(
            tokenizer_for(request.config).iter_tokenize(every, pool=pool),
            lambda step: (step[0], step[1], "Tokenizing the words"),
        )
    references = given
    if references is None:
        references = tuple(
            [tokens[line] for line in reference] for reference in request.references
        )
    hypotheses = [
        [tokens[line] for line in system.lines]
        if system.tokens is None
        else system.tokens
        for system in request.systems
    ]
    table: WordTable = yield from relabel(
        iter_word_table(references, hypotheses, request.edges, request.frequency),
        lambda step: (step[0], step[1], "Counting words by frequency"),
    )
    return table
