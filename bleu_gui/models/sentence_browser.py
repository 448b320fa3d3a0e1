"""What the sentence table shows: the session's scores through a filter and a sort.

`SentenceBrowser` keeps the table model in step with the session and owns the filter
and the sort order, so the main window only forwards user requests. After every
change it reports how many sentences are shown and their corpus BLEU, computed from
the statistics of exactly those rows.

The sort is remembered by what its column shows (a `ColumnKey`), not by its
position: new scores may bring another maximum order, and with it other columns.
A sort by a column that is gone falls back to corpus order, and `sort_changed`
tells the header where the sort is now.

No search runs unbounded on the GUI thread. A plain text is found by `str.find` in C
(at once for a small corpus, in time slices for a large one); a regular expression
always goes to a search process (`RegexSearch`) that is killed when it runs past
its budget, with "search stopped after N s" in the filter bar. Either search is a
job under one key of the browser's `JobRunner`: a newer search supersedes the
running one there, and nothing of a superseded search reaches the table.

With a pair of systems (the session's baseline A and shown system B, `Session.pair`)
the browser shows the pair's columns, and its filter's pair part (B better / worse /
same, a Δ range) applies to the pair's Δs. A pair lasts only while it is the
session's pair of the scores shown: another B or another config drops it at once,
and brings the new one when the session has compared them. Meanwhile a sort by a
pair column is kept (the rows stand in corpus order, and the header says so) and the
filter's pair part waits; both apply again when the new pair comes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Qt, Signal

from bleu_gui.core import BleuScore
from bleu_gui.core.text_search import SearchTexts
from bleu_gui.core.unavailable import OrUnavailable
from bleu_gui.io import Corpus
from bleu_gui.io.bundle import Units
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.regex_search import RegexSearch
from bleu_gui.models.sentence_filter import SentenceFilter, filter_rows
from bleu_gui.models.sentence_table import (
    PAIR_KINDS,
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)
from bleu_gui.models.session import PairScores, Session
from bleu_gui.models.workspace import (
    ReadKey,
    System,
    TextsKey,
    ViewedTexts,
    Workspace,
)
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.workers import Job, SliceWorker

__all__ = ["SentenceBrowser"]

# Rows searched per step of a large search (a turn of the GUI thread): a few
# milliseconds, even for a regex or a case-blind search of three long fields, whose
# lowercasing is most of it (docs/design.md, "ten systems").
_FILTER_CHUNK = 1_000
# The sort that is always there: corpus order.
_CORPUS_ORDER = ColumnKey(ColumnKind.NUMBER), Qt.SortOrder.AscendingOrder


class _Key(Enum):
    """The one key of the searches' jobs: a newer search supersedes the running."""

    SEARCH = "search of the texts"


@dataclass(frozen=True, slots=True, eq=False)
class _Matches:
    """The rows of one system's texts that match one search (a filter's text part).

    Kept so that new scores re-apply only the score range: searching the texts of
    100,000 segments again takes half a second, and the texts have not changed
    (`texts`: their key when searched, `System.texts_key`).
    """

    texts: TextsKey
    search: SentenceFilter
    rows: npt.NDArray[np.int64]


def _search_part(spec: SentenceFilter) -> SentenceFilter:
    """`spec` without its score range and pair part: what depends on the texts only."""
    return replace(spec.without_pair(), min_score=0.0, max_score=100.0)


class SentenceBrowser(QObject):
    """Filter and sort state of the sentence table.

    Signals:
        shown_changed: (rows shown, corpus rows, BLEU of the shown rows or why not).
        filter_failed: a one-line message (an invalid regular expression, a line
            break in the search text, a search stopped after its time budget).
        searching_changed: whether a search of the texts is running.
        filter_changed: the filter now in force.
        sort_changed: (column, Qt.SortOrder) of the sort now in force, when it is
            not where the last request or report put it (a column gone, or moved).
    """

    shown_changed = Signal(int, int, object)
    filter_failed = Signal(str)
    searching_changed = Signal(bool)
    filter_changed = Signal(object)
    sort_changed = Signal(int, Qt.SortOrder)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.model = SentenceTableModel(self)
        self._filter = SentenceFilter()
        self._sort_key, self._sort_order = _CORPUS_ORDER
        # Where the header shows the sort: the last request, or the last report.
        self._shown_sort = 0, self._sort_order
        self._search_jobs = JobRunner(self)
        # The filter and the texts (their key) the running search is for.
        self._searching: tuple[SentenceFilter, TextsKey] | None = None
        self._matches: _Matches | None = None
        self._reads = 0  # the texts read so far (`ReadKey`)
        # Corpora up to this size are searched for a plain text at once, on the
        # GUI thread; regular expressions always in the search process.
        self.sync_rows = 5_000
        self.regex_search = RegexSearch(self)
        session.workspace_changed.connect(self._on_workspace_changed)
        for counted in (session.qa.counted, session.qa.enabled_changed):
            counted.connect(self._show_counts)
        session.texts_loaded.connect(self._on_texts_loaded)
        session.busy_changed.connect(self._on_busy_changed)

    @property
    def session(self) -> Session:
        """The session whose sentences this browses."""
        return self._session

    @property
    def filter(self) -> SentenceFilter:
        """The filter in force."""
        return self._filter

    @property
    def sort(self) -> tuple[int, Qt.SortOrder]:
        """The sort column and order in force."""
        column = self.model.column_of(self._sort_key)
        if column is None:  # gone since; the next arrangement falls back
            return 0, _CORPUS_ORDER[1]
        return column, self._sort_order

    def set_filter(self, spec: SentenceFilter) -> None:
        """Show only the sentences `spec` keeps (once scored, for a corpus in load).

        A search that cannot run is refused at once, during a load too: the filter
        in force stays, and `filter_failed` says why.
        """
        try:
            spec.pattern()
        except ValueError as error:
            self._cancel_search()  # the rows stay those of the filter in force
            self.filter_failed.emit(str(error))
            return
        self._cancel_search()
        shown = self._shown_texts()
        if shown is None:
            # Texts of a corpus still being scored: filter when its scores arrive.
            self._filter = spec
            self.filter_changed.emit(spec)
            return
        if self._must_search(spec, shown):
            self._search(spec, shown)
        else:
            self._apply_filter(spec, self._filtered(spec))

    @property
    def searching(self) -> bool:
        """Whether a search of the texts is running (its filter not yet applied)."""
        return self._searching is not None

    def cancel(self) -> None:
        """Stop a running search and the search process (on shutdown)."""
        self._search_jobs.shutdown(5.0)
        self._cancel_search()
        self.regex_search.shutdown()

    def stop_search(self) -> None:
        """Stop the running search (the user asked); the filter in force stays."""
        if self._searching is not None:
            self._cancel_search()
            self.filter_failed.emit("search stopped")

    def _cancel_search(self) -> None:
        """Stop the running search at once: nothing of it is reported any more."""
        self._search_jobs.discard_all()
        self._set_searching(None)

    def _set_searching(self, searching: tuple[SentenceFilter, TextsKey] | None) -> None:
        was = self._searching is not None
        self._searching = searching
        if was != (searching is not None):
            self.searching_changed.emit(searching is not None)

    def _must_search(self, spec: SentenceFilter, shown: System) -> bool:
        """Whether `spec` needs a search off the GUI's turn (not known, not small).

        A regular expression always does: one line can hold `re` for ever.
        """
        return (
            bool(spec.text)
            and (spec.regex or shown.corpus.num_segments > self.sync_rows)
            and self._cached_matches(spec, shown.texts_key) is None
        )

    def _search(self, spec: SentenceFilter, shown: System) -> None:
        """Search `shown`'s texts for `spec`'s text in the background, then apply it.

        A regular expression goes to the search process. A plain text of a large
        corpus is searched a chunk at a time between events, so typing stays fluid
        and a newer search cancels it. (On a thread, the search would hold the GIL
        and stall every paint meanwhile.)
        """
        corpus, texts = shown.corpus, shown.texts_key
        self._set_searching((spec, texts))
        job = (
            self.regex_search.job(corpus, lambda: _texts_of(corpus), spec.query())
            if spec.regex
            else SliceWorker(lambda: _search_steps(_search_part(spec), corpus))
        )
        self._search_jobs.start(
            _Key.SEARCH,
            job,
            lambda rows: self._searched(spec, texts, rows),
            on_failed=self._on_search_failed,
        )

    def _searched(
        self, spec: SentenceFilter, texts: TextsKey, rows: npt.NDArray[np.int64]
    ) -> None:
        """The texts `texts` names are searched for `spec`: apply it (once scored)."""
        self._set_searching(None)
        self._matches = _Matches(texts, _search_part(spec), rows)
        if self.model.texts == texts:
            self._apply_filter(spec, self._filtered(spec))
        else:  # the texts of a corpus in load are shown: filter once it is scored
            self._filter = spec
            self.filter_changed.emit(spec)

    def _on_search_failed(self, message: str) -> None:
        self._set_searching(None)
        self.filter_failed.emit(message)

    def _cached_matches(
        self, spec: SentenceFilter, texts: TextsKey
    ) -> npt.NDArray[np.int64] | None:
        """The rows of the texts `texts` names matching `spec`, if searched."""
        matches = self._matches
        if matches is None or matches.texts != texts:
            return None
        return matches.rows if matches.search == _search_part(spec) else None

    def _apply_filter(self, spec: SentenceFilter, rows: npt.NDArray[np.int64]) -> None:
        self._filter = spec
        self.filter_changed.emit(spec)
        self.model.set_rows(self._sorted(rows))
        self._announce_sort()
        self._report()

    def sort_by(self, column: int, order: Qt.SortOrder) -> None:
        """Sort the shown sentences by `column`, in `order`; NaN and empty texts last.

        Numbers by value, the text alphabetically (see `SentenceTableModel.sort_key`);
        ties keep corpus order. A column the table does not have (a request from
        before the columns changed) leaves the sort as it is, and says so.
        """
        pending = self.model.column_of(self._sort_key) is None
        self._shown_sort = column, order  # where the header now shows it
        key = self.model.column_key(column)
        if key is None:
            self._announce_sort()
            return
        if pending and (column, order) == self.sort:
            return  # the header showing the stand-in order: the pair sort waits
        if (key, order) == (self._sort_key, self._sort_order):
            return
        self._sort_key, self._sort_order = key, order
        self.model.set_rows(self._sorted(self.model.rows))

    def shown_score(self) -> OrUnavailable[BleuScore]:
        """Corpus BLEU of the shown sentences, or why there is none.

        With every sentence shown that is the session's corpus score (the same
        statistics summed under the same config); copying and summing 100,000 rows
        again took ~20 ms of the GUI thread on every re-score.
        """
        rows = self.model.rows
        shown = self._shown_texts()
        scores = None if shown is None else shown.scores
        if (
            shown is not None
            and scores is not None
            and 0 < rows.size == shown.corpus.num_segments
            and scores.config == self._session.config
        ):
            return scores.corpus
        return self._session.subset_score(np.sort(rows))

    def _on_texts_loaded(self, corpus: Corpus) -> None:
        """Show the texts of a corpus being scored, sorted as far as texts allow.

        Sorted by a score, they stay in corpus order (no row has a score yet).
        The texts the search process held for the corpus before are let go.

        The signal brings a corpus, and which object it is is the one thing that
        tells whether the workspace holds it already: a shown system still
        being scored has its `texts_key`; the texts of a test set being read
        have no generation yet, and a `ReadKey` of their own.
        """
        self.regex_search.forget_texts(keep=corpus)
        workspace = self._session.workspace
        shown = workspace.shown_system
        texts: ViewedTexts
        if shown is not None and shown.corpus is corpus:
            texts = shown.texts_key
        else:
            self._reads += 1
            texts = ReadKey(self._reads)
        size = corpus.num_segments
        rows = np.arange(size, dtype=np.int64)
        self.model.set_content(
            None,
            corpus.hypothesis.lines,
            np.zeros(size, dtype=np.int64),
            lambda: self._sorted(rows),
            units=self._units(),
            texts=texts,
            test_set=workspace.test_set_key,
        )
        self._announce_sort()
        self.shown_changed.emit(size, size, "scoring…")

    def _on_workspace_changed(
        self, _old: Workspace, new: Workspace, change: Change
    ) -> None:
        """Rows first, then the shown system's scores, the pair, the counts.

        A closed test set (no shown system) leaves no rows and no search behind.
        """
        if change.any(Moved.ROWS) and new.shown_system is None:
            self._cancel_search()
            self.regex_search.shutdown()  # nor its texts in a search process
            self._on_busy_changed(False)
        if change.any(Moved.SHOWN_SCORES):
            self._on_scores_changed()
        if change.any(Moved.PAIR | Moved.SYSTEMS):  # systems: names, roles
            self._on_pair_changed()
        if change.any(Moved.EFFORT):
            self._show_counts()

    def _on_busy_changed(self, busy: bool) -> None:
        """After work ended without new scores (failed, cancelled), show the old."""
        shown = self._session.workspace.shown_system
        texts = None if shown is None else shown.texts_key  # None: nothing shown
        if not busy and self.model.texts != texts:
            if shown is None:
                self.model.set_content(None, (), np.zeros(0, dtype=np.int64))
                self._announce_sort()
                self.shown_changed.emit(0, 0, "no sentences")
            else:
                self._on_scores_changed()

    def _on_scores_changed(self) -> None:
        workspace = self._session.workspace
        shown = workspace.shown_system
        if shown is None or shown.scores is None or shown.stats is None:
            return
        corpus, scores, stats = shown.corpus, shown.scores, shown.stats
        texts = shown.texts_key
        if self._matches is not None and self._matches.texts != texts:
            self._matches = None  # searched texts no longer shown
        if self.model.pair is not None and _current_pair(self._session) is None:
            self.model.set_pair(None)  # of another B, A or config: not filtered by
        spec, may_search = self._filter, True
        if self._searching is not None:
            pending, searched = self._searching
            if searched == texts:
                # Searching these texts for a newer filter: it applies it when done.
                may_search = False
            else:  # searching texts no longer shown: search the new ones instead
                self._cancel_search()
                spec = pending
        if spec != self._filter:
            self._filter = spec
            self.filter_changed.emit(spec)
        try:
            spec.pattern()
            unknown = self._must_search(spec, shown)
            search = may_search and unknown
            # Until the texts are searched, the score range alone (never a regex
            # here: it could hold this turn for ever).
            rows = self._filtered(replace(spec, text="") if unknown else spec)
        except ValueError:
            search, rows = False, np.arange(corpus.num_segments, dtype=np.int64)
        # Sorted by the new scores, shown in one model reset.
        self.model.set_content(
            scores,
            corpus.hypothesis.lines,
            stats.hyp_len,
            lambda: self._sorted(rows),
            units=self._units(),
            texts=texts,
            test_set=workspace.test_set_key,
        )
        self._show_counts()
        self._announce_sort()
        self._report()
        if search:
            self._search(spec, shown)

    def _show_counts(self) -> None:
        """The shown system's effort and QA issues, once counted for its texts.

        For the texts the table shows (none while other texts are being opened).
        """
        shown = self._shown_texts()
        self.model.set_effort(None if shown is None else shown.current_effort)
        enabled = self._session.qa.enabled
        self.model.set_qa(None if shown is None else shown.current_qa(enabled))

    def _shown_texts(self) -> System | None:
        """The shown system, if the table shows its texts as they stand.

        By their key, never by which tuple the table holds (issue 25): not while
        a corpus being read is shown, nor texts of an earlier generation.
        """
        shown = self._session.workspace.shown_system
        if shown is None or self.model.texts != shown.texts_key:
            return None
        return shown

    def _units(self) -> Units | None:
        """Each segment's unit, when the open test set has them."""
        test_set = self._session.workspace.test_set
        return None if test_set is None else test_set.units

    def _filtered(self, spec: SentenceFilter) -> npt.NDArray[np.int64]:
        """The rows `spec` keeps, in corpus order: the text search done once per text.

        Raises:
            ValueError: for an invalid regular expression.
        """
        shown = self._session.workspace.shown_system
        if shown is None or shown.scores is None:
            return np.zeros(0, dtype=np.int64)
        corpus, scores, texts = shown.corpus, shown.scores, shown.texts_key
        pair = self.model.pair
        in_range = filter_rows(
            replace(spec, text=""),
            scores.sentences.score,
            corpus.hypothesis.lines,
            [],
            None,
            pair.deltas if pair is not None else None,
        )
        if not spec.text:
            return in_range
        matches = self._cached_matches(spec, texts)
        if matches is None:  # a plain text (`_must_search`): bounded, at once
            search = _search_part(spec)
            matches = _matching(search, corpus, 0, corpus.num_segments)
            self._matches = _Matches(texts, search, matches)
        found = np.zeros(corpus.num_segments, dtype=bool)
        found[matches] = True
        return in_range[found[in_range]]

    def _sorted(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """`rows` ordered by the sort column; ties keep corpus order; NaN last.

        A sort column the model no longer has (a precision order above the new
        maximum) gives way to corpus order; `_announce_sort` then tells the header.
        A pair column's sort is kept while the pair is away (see the module
        docstring), the rows in corpus order meanwhile.
        """
        sort_key, order = self._sort_key, self._sort_order
        if self.model.column_of(sort_key) is None:
            if sort_key.kind not in PAIR_KINDS:
                self._sort_key, self._sort_order = _CORPUS_ORDER
            sort_key, order = _CORPUS_ORDER
        key = self.model.sort_key(sort_key)
        if key.size == 0 or rows.size == 0:
            return rows
        values = key[rows]
        if order == Qt.SortOrder.DescendingOrder:
            values = -values
        # Stable sort on the defined values, then the rows that have none (NaN).
        defined = ~np.isnan(values)
        ranks = np.argsort(values[defined], kind="stable")
        return np.concatenate((rows[defined][ranks], rows[~defined]))

    def _on_pair_changed(self) -> None:
        """Show the session's pair (or none), then filter and sort with it again.

        Only over the session's scored texts: the texts of a system still being
        scored get the pair with their scores (`_on_scores_changed` drops a stale
        one; the session's next change of the pair brings the new one).
        """
        if self._shown_texts() is None:
            return
        pair = _current_pair(self._session)
        names = _pair_names(self._session.workspace, pair)
        if pair is self.model.pair and names == self.model.pair_names:
            return
        if pair is None:
            self.model.set_pair(None)
        else:
            workspace = self._session.workspace
            a, b = workspace.system(pair.a).scores, workspace.system(pair.b).scores
            if a is None or b is None:  # not reached: a pair is of scored systems
                return
            self.model.set_pair(pair, a.sentences.score, b.sentences.score, names=names)
        self._refilter()

    def _refilter(self) -> None:
        """Apply the filter in force again (the pair's Δs changed), then the sort.

        A search running applies it when done; one the texts still need is started.
        """
        shown = self._session.workspace.shown_system
        if self._searching is not None or shown is None:
            return
        spec = self._filter
        try:
            spec.pattern()
        except ValueError:
            return
        if self._must_search(spec, shown):
            self._search(spec, shown)
        else:
            self._apply_filter(spec, self._filtered(spec))

    def _announce_sort(self) -> None:
        """Emit `sort_changed` if the sort in force is not where the header shows it."""
        if self.sort != self._shown_sort:
            self._shown_sort = self.sort
            self.sort_changed.emit(*self._shown_sort)

    def _report(self) -> None:
        corpus = self._session.workspace.shown_corpus
        total = corpus.num_segments if corpus is not None else 0
        self.shown_changed.emit(int(self.model.rows.size), total, self.shown_score())


def _current_pair(session: Session) -> PairScores | None:
    """The session's pair, if it compares the shown scores' system and config."""
    pair, scores = session.pair, session.workspace.shown_scores
    if (
        pair is None
        or scores is None
        or (pair.a, pair.b) != (session.baseline, session.shown)
        or pair.config != scores.config
    ):
        return None
    return pair


def _pair_names(
    workspace: Workspace, pair: PairScores | None
) -> tuple[str, str] | None:
    """A's and B's names as the headers show them (see `short_names`)."""
    if pair is None:
        return None
    names = workspace.short_names()
    if pair.a not in names or pair.b not in names:
        return None
    return names[pair.a], names[pair.b]


def _texts_of(corpus: Corpus) -> SearchTexts:
    """The texts of `corpus` a search looks into."""
    return SearchTexts(
        corpus.hypothesis.lines,
        [reference.lines for reference in corpus.references],
        corpus.source.lines if corpus.source is not None else None,
    )


def _search_steps(search: SentenceFilter, corpus: Corpus) -> Job:
    """The rows of `corpus` whose texts match `search`, a slice of rows a step."""
    size = corpus.num_segments
    parts = []
    for start in range(0, size, _FILTER_CHUNK):
        stop = min(start + _FILTER_CHUNK, size)
        parts.append(_matching(search, corpus, start, stop) + start)
        yield stop, size, "searching"
    return np.concatenate(parts)


def _matching(
    search: SentenceFilter, corpus: Corpus, start: int, stop: int
) -> npt.NDArray[np.int64]:
    """Rows `start`..`stop` of `corpus` whose texts `search` finds, from `start` = 0."""
    source = corpus.source.lines[start:stop] if corpus.source is not None else None
    return filter_rows(
        search,
        np.zeros(stop - start),  # `search` has no score range: the scores are not read
        corpus.hypothesis.lines[start:stop],
        [ref.lines[start:stop] for ref in corpus.references],
        source,
    )
