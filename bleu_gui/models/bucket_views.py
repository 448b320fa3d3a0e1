"""What the Buckets tab shows: the shown system's (or the pair's) buckets of one view.

A frozen value made from the workspace when the tab is on screen and something
it shows changed (the tab asks only while the session is neither reading nor
scoring: buckets of systems half scored would be remade as each one ends): per
view, the sentence buckets of `core.buckets` (with a pair, each bucket's subset
paired bootstrap, sacreBLEU's default 1000 resamples at the Systems dock's seed)
or the word-frequency table of `core.word_buckets` on the tokens the systems
were scored with.
`BucketsJob` makes it in steps on the GUI thread (a `SliceWorker`: the
bootstrap's resamples are scored in Python, which a thread would hold the GIL
for), a newer request superseding an older one.

Apart from the tab (a widget, which does no BLEU arithmetic): the rules for which
systems, and the words that say what is missing or which sentences a bucket
holds, are here once.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from enum import StrEnum

from PySide6.QtCore import QObject, Signal

from bleu_gui.core.buckets import (
    BucketEdges,
    BucketKind,
    BucketTable,
    iter_bucket_table,
)
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.significance import DEFAULT_SAMPLES, PairedTest
from bleu_gui.core.steps import relabel
from bleu_gui.core.word_buckets import WordFrequency, WordTable, iter_word_table
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import ScoredKey, SystemId, Workspace
from bleu_gui.workers import SliceWorker

__all__ = [
    "BUSY",
    "NO_SYSTEM",
    "SAMPLES",
    "BucketChoice",
    "BucketContent",
    "BucketInputs",
    "BucketView",
    "BucketsJob",
    "bucket_words",
    "iter_bucket_content",
    "not_scored",
]

NO_SYSTEM = "No system: open a test set and a system to see its buckets."
BUSY = "Buckets follow once the systems are read and scored."
SAMPLES = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP]
"""Resamples of each bucket's test: sacreBLEU's default, the corpus test's."""


def not_scored(name: str) -> str:
    """Why the buckets wait: a system's scores under the options are not there."""
    return f"Buckets follow once {name} is scored."


class BucketView(StrEnum):
    """A view of the tab: a kind of sentence bucket, or words by frequency."""

    REF_LENGTH = BucketKind.REF_LENGTH.value
    LENGTH_DIFF = BucketKind.LENGTH_DIFF.value
    BASELINE_BLEU = BucketKind.BASELINE_BLEU.value
    WORDS = "words"

    @property
    def label(self) -> str:
        """As the view's menu names it."""
        return _LABELS[self]

    @property
    def kind(self) -> BucketKind | None:
        """Its kind of sentence bucket (None: the words view)."""
        return None if self is BucketView.WORDS else BucketKind(self.value)


_LABELS = {
    BucketView.REF_LENGTH: "Reference length",
    BucketView.LENGTH_DIFF: "Length difference",
    BucketView.BASELINE_BLEU: "Sentence BLEU of A",
    BucketView.WORDS: "Word frequency",
}


def bucket_words(kind: BucketKind, label: str, baseline: str) -> str:
    """Which sentences a bucket holds, as the filter's chip says them."""
    if kind is BucketKind.REF_LENGTH:
        return f"sentences with a reference length of {label}"
    if kind is BucketKind.LENGTH_DIFF:
        return f"sentences where {baseline} − reference length is {label}"
    return f"sentences where {baseline}'s sentence BLEU is {label}"


@dataclass(frozen=True, slots=True, eq=False)
class BucketChoice:
    """What the user set on the tab, which the window's other outputs follow.

    The HTML report buckets by it, so that a user who set edges or counted a
    training corpus finds the buckets they see on the tab.

    Attributes:
        edges: every kind's bucket edges, as edited.
        frequency: the training corpus's counts words are bucketed by (None:
            the references').
    """

    edges: BucketEdges = field(default_factory=BucketEdges)
    frequency: WordFrequency | None = None


@dataclass(frozen=True, slots=True, eq=False)
class BucketContent:
    """What the tab shows.

    Attributes:
        view: the view shown.
        system_ids: the systems, the baseline (A) first.
        names: their short names.
        table: the sentence buckets (None: the words view, or waiting).
        words: the word table (None: a sentence view, or waiting).
        waiting: a line on what is missing ('' nothing).
    """

    view: BucketView = BucketView.REF_LENGTH
    system_ids: tuple[SystemId, ...] = ()
    names: tuple[str, ...] = ()
    table: BucketTable | None = None
    words: WordTable | None = None
    waiting: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class BucketInputs:
    """What the content is made from, to tell whether it must be made anew.

    Attributes:
        view: the view.
        edges: the bucket edges.
        seed: the seed of the tests.
        frequency: the training corpus's counts words are bucketed by (None:
            the references'; by identity).
        config: the scoring options.
        names: the systems' ids and short names.
        parts: the keys of their tokens, statistics and scores
            (`System.scored_key`: equal keys, same values, however often the
            workspace around them was rebuilt).
    """

    view: BucketView
    edges: BucketEdges
    seed: int | None
    frequency: WordFrequency | None
    config: BleuConfig
    names: tuple[tuple[SystemId, str], ...]
    parts: tuple[ScoredKey, ...]

    @staticmethod
    def of(
        workspace: Workspace,
        view: BucketView,
        edges: BucketEdges,
        seed: int | None,
        frequency: WordFrequency | None = None,
    ) -> BucketInputs:
        """The inputs of `workspace`'s tab: its pair's, or its shown system's."""
        shown = workspace.shown_system
        systems = workspace.pair or (() if shown is None else (shown,))
        names = workspace.short_names()
        return BucketInputs(
            view,
            edges,
            seed,
            frequency,
            workspace.config,
            tuple((system.id, names[system.id]) for system in systems),
            tuple(system.scored_key for system in systems),
        )

    def same(self, other: BucketInputs | None) -> bool:
        """Whether `other` makes the same content."""
        return (
            other is not None
            and (self.view, self.edges, self.seed, self.config)
            == (other.view, other.edges, other.seed, other.config)
            and self.frequency is other.frequency
            and self.names == other.names
            and self.parts == other.parts
        )


def iter_bucket_content(
    workspace: Workspace,
    view: BucketView,
    edges: BucketEdges,
    seed: int | None,
    frequency: WordFrequency | None = None,
) -> Generator[tuple[int, int, str], None, BucketContent]:
    """The tab's content, a bucket (or a block of resamples, of sentences) a step.

    `frequency`: a training corpus's counts to bucket words by (None: the
    references').
    """
    shown = workspace.shown_system
    if shown is None:
        return BucketContent(view, waiting=NO_SYSTEM)
    systems = workspace.pair or (shown,)
    names = workspace.short_names()
    ids = tuple(system.id for system in systems)
    shown_names = tuple(names[system.id] for system in systems)
    config = workspace.config
    for system in systems:
        if system.stats is None or not system.scored_under(config):
            return BucketContent(
                view, ids, shown_names, waiting=not_scored(names[system.id])
            )
    kind = view.kind
    if kind is None:
        tokenized = [one.tokenized for one in systems if one.tokenized is not None]
        if len(tokenized) < len(systems):
            return BucketContent(
                view, ids, shown_names, waiting=not_scored(shown_names[0])
            )
        words = yield from relabel(
            iter_word_table(
                tokenized[0].references,
                [one.hypotheses for one in tokenized],
                edges,
                frequency,
            ),
            lambda step: (step[0], step[1], "counting words by frequency"),
        )
        return BucketContent(view, ids, shown_names, words=words)
    baseline = systems[0]
    values = None
    if kind is BucketKind.BASELINE_BLEU and baseline.scores is not None:
        values = baseline.scores.sentences.score
    table = yield from relabel(
        iter_bucket_table(
            kind,
            [system.stats for system in systems if system.stats is not None],
            config,
            edges,
            samples=SAMPLES,
            seed=seed,
            values=values,
        ),
        lambda step: (step.done, step.total, "testing the buckets"),
    )
    return BucketContent(view, ids, shown_names, table=table)


class BucketsJob(QObject):
    """Makes `BucketContent` of a workspace in steps; the latest request wins.

    Signals:
        ready: (`BucketContent`) of the latest request.
        failed: (message) it could not be made.
    """

    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = JobRunner(self)

    def request(
        self,
        workspace: Workspace,
        view: BucketView,
        edges: BucketEdges,
        seed: int | None,
        frequency: WordFrequency | None = None,
    ) -> None:
        """Make the tab's content (superseding one being made)."""
        self._jobs.start(
            "buckets",
            SliceWorker(
                lambda: iter_bucket_content(workspace, view, edges, seed, frequency),
                self,
            ),
            self.ready.emit,
            on_failed=self.failed.emit,
        )

    @property
    def busy(self) -> bool:
        """Whether a request is being made."""
        return self._jobs.is_busy

    def shutdown(self) -> None:
        """Stop making it (the window closes)."""
        self._jobs.cancel_all()
