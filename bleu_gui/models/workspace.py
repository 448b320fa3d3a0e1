"""The window's state as values: a test set, the systems scored against it, a pair.

`Session` holds one `Workspace` and replaces it, never changes it: every transition
(a system added or removed, scored, a new baseline, a new config) returns a new value
with its `generation` one higher. A value is what a view or a test can keep and
compare; a job started for one generation can tell, when it ends, whether what it
computed still fits. What it keeps for that is a typed key carrying the generation
its inputs came in at (`TextsKey`, `TokensKey`, `StatsKey`, `ScoresKey`,
`ScoredKey`, `test_set_key`, `documents_key`), compared with `==`, never an object
compared with `is`: a value rebuilt equal keeps its keys, and no later generation
matches an older key.

No Qt, no file reading: the session reads and scores, and hands the results here.

Who is who:

- the **test set**: references (one or more), the optional source, the encoding and
  whether byte-order marks are dropped; read once for every system.
- the **systems**, in the order the user gave them, each with a stable `SystemId`
  (never reused within a session, so a job's result for a removed system is
  recognised as such), a name (the file name as given; the parent folder is added
  when two systems share a file name), its hypothesis texts, and once scored its
  tokens, statistics and `Scores`.
- the **baseline** (A of every comparison; the first system unless chosen) and the
  **shown** system (B: the one the sentence table and the detail view show; the
  baseline when there is only one system).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, NewType, TypeAlias

import numpy as np
import numpy.typing as npt

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    CorpusStats,
    SentenceScores,
    SummedStats,
)
from bleu_gui.core.edits import Edits, apply_edits, edited_hypotheses
from bleu_gui.core.score_delta import ScoreDelta
from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.core.unavailable import OrUnavailable
from bleu_gui.io import Corpus, Segments, TestSet
from bleu_gui.io.bundle import Units
from bleu_gui.io.errors import display_name
from bleu_gui.models.short_names import short_names

if TYPE_CHECKING:  # the effort's counting (and its library) loads when it is counted
    from bleu_gui.core.effort import Effort
    from bleu_gui.core.qa import QaResult
    from bleu_gui.core.qa_checks import CheckKind

__all__ = [
    "AsRead",
    "EffortOf",
    "PairScores",
    "QaOf",
    "ReadKey",
    "ScoredKey",
    "Scores",
    "ScoresKey",
    "StatsKey",
    "System",
    "SystemId",
    "TestSetFiles",
    "TextsKey",
    "TokensKey",
    "ViewedTexts",
    "Workspace",
    "system_names",
]

SystemId = NewType("SystemId", int)


@dataclass(frozen=True, slots=True)
class TextsKey:
    """A system's texts as they stand: its id and the generation they came in at.

    What a count of its texts (effort, QA issues) keeps to tell, when it ends or
    is shown, whether the texts are still those it counted: equal keys, same
    texts, however often the values around them were rebuilt; texts that came in
    later (an edit, the files read again) have a later generation, so a key of
    older texts never matches them.
    """

    system: SystemId
    since: int


@dataclass(frozen=True, slots=True)
class ReadKey:
    """Texts read for a test set being opened, before any workspace holds them.

    They have no generation yet: the workspace that takes them in gives them one
    (their system's `texts_key`). Whoever shows them meanwhile (the sentence
    table, told by `Session.texts_loaded`) numbers the reads it was told of, so
    that a later read's texts never match an earlier one's key, nor a `TextsKey`.
    """

    read: int


ViewedTexts: TypeAlias = TextsKey | ReadKey
"""The key of texts a view shows: a system's as they stand, or a read's."""


@dataclass(frozen=True, slots=True)
class ScoresKey:
    """A system's scores as they stand: its id and the generation they came in at.

    What a job computed from them (a pair's Δs) keeps to tell, when it ends,
    whether they are still the system's: an edit typed and taken back meanwhile
    leaves them (and the key) as they were.
    """

    system: SystemId
    since: int


@dataclass(frozen=True, slots=True)
class TokensKey:
    """A system's tokens as they stand: its texts and the tokenizer's key.

    Tokens are made from nothing else, so tokens made again of the same texts
    with the same tokenizer have the same key, and a smoothing change or a higher
    maximum order (counted from the tokens kept) leaves it: what is computed
    from the tokens alone (a pair's salient n-grams) keeps this.
    """

    texts: TextsKey
    tokenizer: tuple[str, bool, bool] | None


@dataclass(frozen=True, slots=True)
class StatsKey:
    """A system's statistics as they stand: its texts and when they were counted.

    They change with its texts (an edit) or when counted again (another
    tokenizer, case or a higher maximum order), not with a smoothing change.
    """

    texts: TextsKey
    counted_at: int


@dataclass(frozen=True, slots=True)
class ScoredKey:
    """A system's texts, tokens, statistics and scores as they stand.

    What a view's cache of what was computed for a system (the effort tab's
    bands) keeps instead of the objects: equal keys, same values; a later
    generation, new ones.
    """

    tokens: TokensKey
    scores: ScoresKey


@dataclass(frozen=True, slots=True, eq=False)
class Scores:
    """Everything computed for one corpus under one config.

    Attributes:
        config: the options they were computed with.
        corpus: corpus BLEU, or the reason it cannot be computed in this mode.
        sentences: every sentence's BLEU, BP and precisions.
        gains: per sentence, how much corpus BLEU would rise if it were perfect.
        signature: the corpus score's signature.
        sentence_signature: the sentence scores' signature.
        summed: every segment of the scored statistics summed, at every order
            counted (`CorpusStats.summed`), if known: summed in the background,
            so that a table of many large systems need not sum them on the GUI
            thread.
        edits: the what-if edits the scored statistics include (scores of other
            edits are stale, see `System.scored_under`).
    """

    config: BleuConfig
    corpus: OrUnavailable[BleuScore]
    sentences: SentenceScores
    gains: npt.NDArray[np.float64]
    signature: str
    sentence_signature: str
    summed: SummedStats | None = None
    edits: Edits = field(default_factory=Edits)


@dataclass(frozen=True, slots=True, eq=False)
class EffortOf:
    """A system's post-editing effort and the texts it was counted from.

    Attributes:
        corpus: the texts (hypothesis and references) it was counted from.
        effort: each sentence's edits against its closest reference.
        texts: the key of those texts when the count started (`System.texts_key`).
    """

    corpus: Corpus
    effort: Effort
    texts: TextsKey

    def is_of(self, texts: TextsKey) -> bool:
        """Whether it was counted from the texts `texts` names (an edit makes new)."""
        return self.texts == texts


@dataclass(frozen=True, slots=True, eq=False)
class QaOf:
    """A system's QA issues, the texts and the checks they were found with.

    Attributes:
        corpus: the texts (hypothesis and source, with their tags) checked.
        enabled: the checks that were switched on.
        result: the issues found (`core.qa`).
        texts: the key of those texts when the check started (`System.texts_key`).
    """

    corpus: Corpus
    enabled: frozenset[CheckKind]
    result: QaResult
    texts: TextsKey

    def is_of(self, texts: TextsKey, enabled: frozenset[CheckKind]) -> bool:
        """Whether it was found in the texts `texts` names with these checks."""
        return self.enabled == enabled and self.texts == texts


@dataclass(frozen=True, slots=True, eq=False)
class AsRead:
    """A system's texts, tokens and statistics as read and counted, before its edits.

    Kept beside the edited ones while a system has edits, so that reverting,
    counting again under another tokenizer and saving start from the files.
    """

    corpus: Corpus
    tokenized: TokenizedCorpus
    stats: CorpusStats


@dataclass(frozen=True, slots=True, eq=False)
class TestSetFiles:
    """The test set as read: its texts, and how its files were read.

    Attributes:
        texts: the references and the source, as read (`io.TestSet`); each
            file's `Segments.encoding` is the encoding it was read with (files
            may differ: a latin-1 output against UTF-8 references).
        encoding: the encoding of files given without one of their own.
        drop_bom: whether a leading byte-order mark is dropped from each file.
        documents: each segment's document id, when the test set has them (WMT
            XML and SGML, a spreadsheet's document column, a document-id file);
            None otherwise.
        segment_ids: each segment's id in its format's terms, when the test set
            was aligned by id (XLIFF, TMX): a system added later must have the
            same units. None otherwise.
        reference_labels: what the file of several texts calls each reference
            ("reference A"), when the references are columns of one file; None:
            each is named by its file.
        units: each segment's unit as its file's tool names it (XLIFF and TMX
            ids, spreadsheet rows), for the table's Unit column, the detail and
            the exports; None for text files and WMT test sets.
        languages: the source and target languages as the files name them
            (a TMX file's, or those chosen for it), for the QA checks' reading
            of numbers; None: not known.
    """

    __test__ = False  # for pytest: a value, not a class of tests

    texts: TestSet
    encoding: str = "utf-8"
    drop_bom: bool = False
    documents: tuple[str, ...] | None = None
    segment_ids: tuple[str, ...] | None = None
    reference_labels: tuple[str, ...] | None = None
    units: Units | None = None
    languages: tuple[str, str] | None = None

    @property
    def reference_names(self) -> tuple[str, ...]:
        """How menus and headers name each reference: its label, else its file."""
        if self.reference_labels is not None:
            return self.reference_labels
        return tuple(path.name for path in self.references)

    @property
    def encodings(self) -> tuple[tuple[Path, str], ...]:
        """(file, encoding it was read with) of the references and the source."""
        files = (*self.texts.references, *filter(None, (self.texts.source,)))
        return tuple((segments.path, segments.encoding) for segments in files)

    @property
    def references(self) -> tuple[Path, ...]:
        """The reference files, in order."""
        return tuple(ref.path for ref in self.texts.references)

    @property
    def source(self) -> Path | None:
        """The source file, if any."""
        return None if self.texts.source is None else self.texts.source.path


@dataclass(frozen=True, slots=True, eq=False)
class System:
    """One system's output against the test set, and what was computed for it.

    Attributes:
        id: stable within a session; never given to another system.
        name: how the window names it (see `system_names`).
        corpus: its hypothesis aligned with the test set's references and source.
        tokenizer_key: the key of the tokenizer its tokens were made with (None:
            not tokenized yet).
        tokenized: its hypotheses' and references' tokens (None: not yet).
        stats: its statistics (None: not counted yet).
        scores: its scores under `tokenizer_key`'s config (None while scoring).
        notices: one-line warnings about its files as read and counted (the
            language hint apart: `Session.language_hint`).
        label: what the file that holds it calls it (a WMT system's name, a
            spreadsheet column's header), for a system that is one text of a
            file of several; None: the system is named by its file.
        edits: its what-if edits (`core.edits`): an overlay the files never see.
        as_read: with edits, its texts, tokens and statistics as read and
            counted; `corpus`, `tokenized` and `stats` then hold the edited
            ones, which every view and test scores. None without edits.
        effort: its post-editing effort, with the texts it was counted from
            (`EffortOf.is_of(texts_key)`: of its texts now); None: not counted yet.
        qa: its QA issues, with the texts and checks they were found with
            (`QaOf.is_of`); None: not checked yet.
        texts_at: the workspace generation its texts (hypotheses, references,
            source) came in at: set by the workspace when the system joins it,
            is edited or goes back to its files (`texts_key`).
        counted_at: the workspace generation its statistics were last counted
            at (`stats_key`).
        scored_at: the workspace generation its scores were last given at
            (`scores_key`).
    """

    id: SystemId
    name: str
    corpus: Corpus
    tokenizer_key: tuple[str, bool, bool] | None = None
    tokenized: TokenizedCorpus | None = None
    stats: CorpusStats | None = None
    scores: Scores | None = None
    notices: tuple[str, ...] = ()
    label: str | None = None
    edits: Edits = field(default_factory=Edits)
    as_read: AsRead | None = None
    effort: EffortOf | None = None
    qa: QaOf | None = None
    texts_at: int = 0
    counted_at: int = 0
    scored_at: int = 0

    @property
    def texts_key(self) -> TextsKey:
        """Its texts as they stand, for a count of them to be told fresh or stale."""
        return TextsKey(self.id, self.texts_at)

    @property
    def tokens_key(self) -> TokensKey:
        """Its tokens as they stand (None for `tokenizer`: not tokenized yet)."""
        return TokensKey(self.texts_key, self.tokenizer_key)

    @property
    def stats_key(self) -> StatsKey:
        """Its statistics as they stand."""
        return StatsKey(self.texts_key, self.counted_at)

    @property
    def scores_key(self) -> ScoresKey:
        """Its scores as they stand (given by `Workspace.with_computed`)."""
        return ScoresKey(self.id, self.scored_at)

    @property
    def scored_key(self) -> ScoredKey:
        """Its texts and what was computed of them, as they stand."""
        return ScoredKey(self.tokens_key, self.scores_key)

    def current_qa(self, enabled: frozenset[CheckKind]) -> QaResult | None:
        """Its QA issues, if found in its texts as they are now with `enabled`."""
        qa = self.qa
        fresh = qa is not None and qa.is_of(self.texts_key, enabled)
        return qa.result if qa is not None and fresh else None

    @property
    def current_effort(self) -> Effort | None:
        """Its effort, if counted from its texts as they are now."""
        effort = self.effort
        return (
            effort.effort
            if effort is not None and effort.is_of(self.texts_key)
            else None
        )

    @property
    def path(self) -> Path:
        """The system's output file, as the user gave it."""
        return self.corpus.hypothesis.path

    @property
    def hypothesis(self) -> Segments:
        """The system's output as the window shows it: its edits included."""
        return self.corpus.hypothesis

    @property
    def read_corpus(self) -> Corpus:
        """Its texts as read from the files, without the edits."""
        return self.corpus if self.as_read is None else self.as_read.corpus

    @property
    def read_tokenized(self) -> TokenizedCorpus | None:
        """Its tokens as counted from the files, without the edits (None: not yet)."""
        return self.tokenized if self.as_read is None else self.as_read.tokenized

    @property
    def read_stats(self) -> CorpusStats | None:
        """Its statistics as counted from the files, without the edits."""
        return self.stats if self.as_read is None else self.as_read.stats

    def scored_under(self, config: BleuConfig) -> bool:
        """Whether its scores are there, of `config` and of its edits as they are."""
        return (
            self.scores is not None
            and self.scores.config == config
            and self.scores.edits == self.edits
        )

    def with_edits(self, edits: Edits) -> System:
        """This system seen through `edits` (none: as read); its scores go stale.

        The edited texts, tokens and statistics replace `corpus`, `tokenized` and
        `stats`, so that everything that reads a system (the table, the detail,
        the tests, the exports) sees the edits; the originals stay in `as_read`.

        Raises:
            ValueError: the system is not counted yet, or an edit's row is out
                of range.
        """
        read = self.as_read
        if read is None:
            if self.tokenized is None or self.stats is None:
                raise ValueError(f"{self.name} is not counted yet")
            read = AsRead(self.corpus, self.tokenized, self.stats)
        if not edits:
            return replace(
                self,
                corpus=read.corpus,
                tokenized=read.tokenized,
                stats=read.stats,
                edits=edits,
                as_read=None,
            )
        stats = apply_edits(read.stats, edits)
        tokens = list(read.tokenized.hypotheses)
        for line in edits:
            tokens[line.row] = line.tokens
        hypothesis = replace(
            read.corpus.hypothesis,
            lines=tuple(edited_hypotheses(read.corpus.hypothesis.lines, edits)),
        )
        return replace(
            self,
            corpus=replace(read.corpus, hypothesis=hypothesis),
            tokenized=TokenizedCorpus(tuple(tokens), read.tokenized.references),
            stats=stats,
            edits=edits,
            as_read=read,
        )


@dataclass(frozen=True, slots=True, eq=False)
class PairScores:
    """Baseline A against shown system B, sentence by sentence and for the corpus.

    Attributes:
        a: the baseline's id.
        b: the compared system's id.
        config: the options both were scored with.
        deltas: per sentence, sentence BLEU of B minus A's (NaN: unscorable).
        swap_effects: per sentence, corpus BLEU of A with that sentence taken
            from B, minus corpus BLEU of A (NaN: unscorable).
        corpus: B's corpus BLEU minus A's, decomposed; or why it cannot be.
    """

    a: SystemId
    b: SystemId
    config: BleuConfig
    deltas: npt.NDArray[np.float64]
    swap_effects: npt.NDArray[np.float64]
    corpus: OrUnavailable[ScoreDelta]


@dataclass(frozen=True, slots=True, eq=False)
class Compared:
    """The compared pair's latest scores, and the systems' scores they are of.

    `of`: A's and B's `ScoresKey` when compared. Kept while an edit re-scores A
    or B (the view says it is stale, `Workspace.pair_is_stale`) until the new
    comparison comes.
    """

    scores: PairScores
    of: tuple[ScoresKey, ScoresKey]


def system_names(paths: Iterable[Path]) -> tuple[str, ...]:
    """How the window names systems: the file name, with its folder if shared.

    Two systems named `output.txt` in two folders would be told apart by nothing
    in a table: those get their parent folder too ("run1/output.txt"). A name is
    what the user gave (`display_name`: quoted only if it could mislead), never a
    resolved path.
    """
    given = list(paths)
    names = [display_name(path.name) for path in given]
    shared = {name for name in names if names.count(name) > 1}
    return tuple(
        display_name(Path(path.parent.name, path.name)) if name in shared else name
        for name, path in zip(names, given, strict=True)
    )


@dataclass(frozen=True, slots=True, eq=False)
class Workspace:
    """A test set, its systems, the baseline and the shown system, the config.

    Build the first with `Workspace(config)`, or `opened(...)`; every other value
    comes from a transition. Each transition returns a new value whose
    `generation` is one higher, or raises `KeyError` for an id it does not hold.

    Attributes:
        config: the scoring options every system is (being) scored with.
        test_set: the references and source, None when nothing is open.
        systems: in the order the user gave them.
        baseline: A of every comparison (None: no system).
        shown: the system the single-system views show (B of the pair).
        generation: how many transitions led here. What a job, a request or a
            view's cache keeps to tell fresh from stale: a result for an older
            generation is of a workspace that has moved on, while a value rebuilt
            equal keeps its number (never the object's identity).
        test_set_at: the generation the test set (or nothing) was opened at;
            document ids given since keep it (`test_set_key`).
        documents_at: the generation the test set's document ids (or none)
            came in at (`documents_key`).
        compared: the baseline against the shown system, as last compared
            (`models.pair_state` compares them and puts the result here).
    """

    config: BleuConfig = field(default_factory=BleuConfig)
    test_set: TestSetFiles | None = None
    systems: tuple[System, ...] = ()
    baseline: SystemId | None = None
    shown: SystemId | None = None
    generation: int = 0
    test_set_at: int = 0
    documents_at: int = 0
    compared: Compared | None = None

    # --- questions ------------------------------------------------------------------

    def system(self, system_id: SystemId) -> System:
        """The system with `system_id`.

        Raises:
            KeyError: no system has it (removed, or of another test set).
        """
        for system in self.systems:
            if system.id == system_id:
                return system
        raise KeyError(system_id)

    def __contains__(self, system_id: object) -> bool:
        return any(system.id == system_id for system in self.systems)

    @property
    def test_set_key(self) -> int:
        """The open test set's texts, as a number: another opening has another.

        A job read or counted against the test set (a system added, a pair's
        n-grams) keeps it to tell, when it ends, whether that test set is still
        open; the same files opened again are another test set.
        """
        return self.test_set_at

    @property
    def documents_key(self) -> int:
        """The test set's document ids, as a number: ids given anew have another."""
        return self.documents_at

    @property
    def shown_system(self) -> System | None:
        """The shown system, if any."""
        return None if self.shown is None else self.system(self.shown)

    @property
    def shown_corpus(self) -> Corpus | None:
        """The shown system's texts, if any."""
        shown = self.shown_system
        return shown.corpus if shown is not None else None

    @property
    def shown_scores(self) -> Scores | None:
        """The shown system's latest scores, if any."""
        shown = self.shown_system
        return shown.scores if shown is not None else None

    @property
    def shown_stats(self) -> CorpusStats | None:
        """The shown system's statistics (with its edits), if any."""
        shown = self.shown_system
        return shown.stats if shown is not None else None

    @property
    def baseline_system(self) -> System | None:
        """The baseline, if any."""
        return None if self.baseline is None else self.system(self.baseline)

    def short_names(self) -> dict[SystemId, str]:
        """Each system's name as narrow places show it (see `short_names`).

        One rule for every header, legend and line that names the systems, so the
        table, the panels and the summary call a system the same.
        """
        names = short_names([system.name for system in self.systems])
        return dict(zip((system.id for system in self.systems), names, strict=True))

    def notices(self, ids: Iterable[SystemId] | None = None) -> tuple[str, ...]:
        """The warnings about the files of the systems `ids` (None: all), each once.

        What the status line said when they were counted (`io.notices`), for the
        exports and the report to carry beside their numbers; a warning about
        the shared references is said once however many systems share them.
        """
        wanted = None if ids is None else set(ids)
        lines = (
            line
            for system in self.systems
            if wanted is None or system.id in wanted
            for line in system.notices
        )
        return tuple(dict.fromkeys(lines))

    @property
    def pair(self) -> tuple[System, System] | None:
        """(A, B): the baseline and the shown system, when they differ."""
        a, b = self.baseline_system, self.shown_system
        if a is None or b is None or a.id == b.id:
            return None
        return a, b

    def pair_is_stale(self) -> bool:
        """Whether `compared` is of earlier scores of A or B (an edit is scored)."""
        compared = self.compared
        if compared is None:
            return False
        pair = compared.scores
        if pair.a not in self or pair.b not in self:
            return True
        a, b = self.system(pair.a), self.system(pair.b)
        return (a.scores_key, b.scores_key) != compared.of or not (
            a.scored_under(self.config) and b.scored_under(self.config)
        )

    # --- transitions ----------------------------------------------------------------

    def opened(
        self,
        test_set: TestSetFiles,
        systems: Iterable[System],
        *,
        baseline: SystemId | None = None,
        shown: SystemId | None = None,
    ) -> Workspace:
        """A new test set with its systems: every system of this one is gone.

        `baseline` defaults to the first system, `shown` to the baseline.
        """
        at = self.generation + 1
        listed = _named(
            tuple(
                replace(system, texts_at=at, counted_at=at, scored_at=at)
                for system in systems
            )
        )
        ids = [system.id for system in listed]
        first = ids[0] if ids else None
        baseline = first if baseline is None else baseline
        shown = baseline if shown is None else shown
        for chosen in (baseline, shown):
            if chosen is not None and chosen not in ids:
                raise KeyError(chosen)
        return replace(
            self,
            test_set=test_set,
            systems=listed,
            baseline=baseline,
            shown=shown,
            generation=at,
            test_set_at=at,
            documents_at=at,
            compared=None,
        )

    def closed(self) -> Workspace:
        """No test set, no systems; the config stays."""
        at = self.generation + 1
        return Workspace(self.config, generation=at, test_set_at=at, documents_at=at)

    def with_documents(self, documents: tuple[str, ...] | None) -> Workspace:
        """The test set with these document ids (None: none); its texts stay.

        Raises:
            ValueError: no test set is open.
        """
        if self.test_set is None:
            raise ValueError("no test set is open")
        return replace(
            self,
            test_set=replace(self.test_set, documents=documents),
            generation=self.generation + 1,
            documents_at=self.generation + 1,
        )

    def with_system(self, system: System) -> Workspace:
        """`system` added after the others (the first becomes the baseline).

        Raises:
            ValueError: no test set is open, or the id is taken.
        """
        if self.test_set is None:
            raise ValueError("no test set is open")
        if system.id in self:
            raise ValueError(f"system id {system.id} is taken")
        first = self.baseline if self.baseline is not None else system.id
        at = self.generation + 1
        joined = replace(system, texts_at=at, counted_at=at, scored_at=at)
        return replace(
            self,
            systems=_named((*self.systems, joined)),
            baseline=first,
            shown=self.shown if self.shown is not None else first,
            generation=self.generation + 1,
        )

    def without_system(self, system_id: SystemId) -> Workspace:
        """The system removed; its roles pass on.

        A removed baseline passes to the first system left, a removed shown system
        to the baseline.
        """
        self.system(system_id)  # KeyError if absent
        systems = _named(tuple(s for s in self.systems if s.id != system_id))
        first = systems[0].id if systems else None
        baseline = first if self.baseline == system_id else self.baseline
        shown = baseline if self.shown == system_id else self.shown
        return replace(
            self,
            systems=systems,
            baseline=baseline,
            shown=shown,
            generation=self.generation + 1,
        )

    def with_baseline(self, system_id: SystemId) -> Workspace:
        """`system_id` as the baseline (A)."""
        self.system(system_id)
        return replace(self, baseline=system_id, generation=self.generation + 1)

    def with_shown(self, system_id: SystemId) -> Workspace:
        """`system_id` as the shown system (B)."""
        self.system(system_id)
        return replace(self, shown=system_id, generation=self.generation + 1)

    def with_edits(self, system_id: SystemId, edits: Edits) -> Workspace:
        """The system seen through `edits` (`System.with_edits`): new texts."""
        edited = self.system(system_id).with_edits(edits)
        return self._with_updated(replace(edited, texts_at=self.generation + 1))

    def with_config(self, config: BleuConfig) -> Workspace:
        """New options; the systems keep their scores until new ones come.

        `System.scored_under` tells stale scores from current ones.
        """
        return replace(self, config=config, generation=self.generation + 1)

    def with_computed(
        self,
        system_id: SystemId,
        *,
        scores: Scores,
        counted: tuple[tuple[str, bool, bool], TokenizedCorpus, CorpusStats]
        | None = None,
        notices: tuple[str, ...] | None = None,
    ) -> Workspace:
        """The system's new scores, and its new tokens and statistics if counted.

        `counted`: (tokenizer key, tokens, statistics), counted from the files: a
        system's edits are then let go (counted under other tokens or orders, they
        are the session's to count again and give back, `with_edits`).
        """
        system = self.system(system_id)
        changes: dict[str, object] = {
            "scores": scores,
            "scored_at": self.generation + 1,
        }
        if counted is not None:
            key, tokenized, stats = counted
            changes.update(
                corpus=system.read_corpus,
                tokenizer_key=key,
                tokenized=tokenized,
                stats=stats,
                edits=Edits(),
                as_read=None,
            )
            changes["counted_at"] = self.generation + 1
            if system.as_read is not None:  # its edits let go: the files' texts
                changes["texts_at"] = self.generation + 1
        if notices is not None:
            changes["notices"] = notices
        return self._with_updated(replace(system, **changes))  # type: ignore[arg-type]

    def with_effort(self, system_id: SystemId, effort: EffortOf) -> Workspace:
        """The system's post-editing effort, counted from the texts `effort` names."""
        return self._with_updated(replace(self.system(system_id), effort=effort))

    def with_qa(self, system_id: SystemId, qa: QaOf) -> Workspace:
        """The system's QA issues, found in the texts `qa` names."""
        return self._with_updated(replace(self.system(system_id), qa=qa))

    def with_compared(self, compared: Compared | None) -> Workspace:
        """The pair as compared now (None: no comparison)."""
        return replace(self, compared=compared, generation=self.generation + 1)

    def _with_updated(self, updated: System) -> Workspace:
        """`updated` in place of the system with its id."""
        return replace(
            self,
            systems=tuple(updated if s.id == updated.id else s for s in self.systems),
            generation=self.generation + 1,
        )


def _named(systems: tuple[System, ...]) -> tuple[System, ...]:
    """`systems` with their names made (again): a shared file name gets its folder.

    A system that is one text of a file of several is named by its label instead.
    """
    files = system_names(system.path for system in systems)
    names = [
        name if system.label is None else system.label
        for system, name in zip(systems, files, strict=True)
    ]
    return tuple(
        system if system.name == name else replace(system, name=name)
        for system, name in zip(systems, names, strict=True)
    )
