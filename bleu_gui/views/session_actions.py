"""File › Open session…, Save session, Save session as…; the title; the close prompt.

A session file (`io.session_file`) keeps the test set, the options, the systems,
the filter, the sort, the selected sentence and the window's layout. Saving reads
the window's state into a `SessionData` (`models.session_state.session_data`);
opening reads the file, checks every file of the test set against its checksum,
opens what is there (`reopen_plan`: a missing system or reference is left out, and
one line says so), and once the test set is open and scored puts back the rest, in
two steps: first the baseline, the shown system and the document ids (which start
work: the pair), then, when that work is done, the filter, the sort, the columns
and the selection (a sort by Δ needs the pair's columns). A session file that
cannot be opened (not JSON, a wrong value, a newer version, its test set gone) is
one line, and the open workspace stays.

The title names the session file and marks it changed (`[*]`, Qt's
`setWindowModified`) when the test set, the options, the systems, the filter or
the sort changed since it was saved or opened (`SessionTracker`). Closing a
window whose session changed asks: Save, Discard or Cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QSignalBlocker, Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
)

from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.errors import InputError, display_name
from bleu_gui.io.seed import seed_text
from bleu_gui.io.session_file import (
    SESSION_SUFFIX,
    SavedMargin,
    SessionData,
    check_files,
    outside_folder,
    read_session,
    write_session,
)
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import DocumentRows, SentenceFilter
from bleu_gui.models.session import BundleSet, FileSet, OpenRequest, Session
from bleu_gui.models.session_state import (
    ReopenPlan,
    SessionTracker,
    TestChoice,
    column_key,
    document_filter,
    filter_of,
    margin_to_restore,
    reopen_plan,
    restore_edits,
    session_data,
)
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.buckets_panel import BucketsPanel
from bleu_gui.views.compare_systems import CompareSystems
from bleu_gui.views.documents_view import DocumentsPanel
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.sentence_table import SentenceTableView

__all__ = ["SESSION_FILTER", "CloseChoice", "SessionActions", "SessionParts"]

SESSION_FILTER = f"bleu-gui sessions (*{SESSION_SUFFIX});;All files (*)"


class CloseChoice(Enum):
    """What to do with a changed session when its window closes."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class _Step(Enum):
    """Where the opening of a session is."""

    LOADING = "loading"  # the test set is being read and scored
    SYSTEMS = "systems"  # baseline and shown system set: the pair is computed
    SEARCH = "search"  # filter set: a text search may be running


@dataclass(frozen=True, slots=True)
class SessionParts:
    """What a session file keeps and puts back of the window, and what it calls there.

    The window hands these over rather than itself, so that what the session
    actions touch is written here, and nothing else of the window is in reach.

    Attributes:
        table: the sentence table: its selection, columns, sort and header.
        filter_bar: the filter, put back.
        compare_systems: the Systems dock: its test choices and the margin.
        documents: the Documents dock: the document ids a saved filter names.
        buckets: the Buckets dock: its settings.
        central_splitter: the splitter of the middle panels (its sizes).
        bottom_splitter: the splitter under the table (its sizes).
        session_dropped: a session file was dropped on the window (its `Path`).
        start_directory: where a file picker opens when no session file is
            open (None: where Qt chooses).
        select_sentence: select and show sentence `number` (1-based); False if
            it cannot be.
        show_error: say what went wrong, in one line.
    """

    table: SentenceTableView
    filter_bar: FilterBar
    compare_systems: CompareSystems
    documents: DocumentsPanel
    buckets: BucketsPanel
    central_splitter: QSplitter
    bottom_splitter: QSplitter
    session_dropped: SignalInstance
    start_directory: Callable[[], Path | None]
    select_sentence: Callable[[int], bool]
    show_error: Callable[[str], None]


class SessionActions(QObject):
    """The session entries of the File menu, the title and the close prompt.

    Attributes:
        tracker: the session file and its changed-since-saved flag.
        ask_close: asks what to do with a changed session on close (replaced
            in tests).
        ask_path: asks where to save a session (replaced in tests; None:
            cancelled).
    """

    def __init__(
        self,
        session: Session,
        browser: SentenceBrowser,
        parts: SessionParts,
        main: QMainWindow,
    ) -> None:
        """Keep and put back `session`, `browser` and `parts`' state.

        `main` (the window itself) holds the actions, the title, the docks' state
        and the dialogs.
        """
        super().__init__(main)
        self._parts = parts
        self._main = main
        self.session = session
        self.browser = browser
        self.tracker = SessionTracker(
            self.session, self.browser, self, edits=self.session
        )
        self.ask_close: Callable[[str], CloseChoice] = self._ask_close
        self.ask_path: Callable[[], Path | None] = self._ask_path
        self._opening: tuple[Path, SessionData, ReopenPlan] | None = None
        self._margin: SavedMargin | None = None  # the opening session's, if valid
        self._step = _Step.LOADING
        self._loaded = False
        self._problems: list[str] = []  # said while the session was put back
        self.open_action = self._action("Open sess&ion…", "", self._on_open)
        self.open_action.setToolTip(
            "Open a saved session: its files, options, systems, filter and layout"
        )
        self.save_action = self._action(
            "Sa&ve session", QKeySequence.StandardKey.Save, self.save
        )
        self.save_action.setToolTip(
            "Keep the test set, the options, the systems, the filter, the sort "
            "and the layout in a session file"
        )
        self.save_as_action = self._action(
            "Save sessio&n as…", QKeySequence.StandardKey.SaveAs, self.save_as
        )
        self._connect_signals()
        self._refresh()

    def _action(
        self,
        text: str,
        shortcut: QKeySequence.StandardKey | str,
        slot: Callable[[], object],
    ) -> QAction:
        return menu_action(self._main, text, slot, shortcut)

    def _connect_signals(self) -> None:
        session, parts = self.session, self._parts
        follow(session.workspace_changed, Moved.ROWS, self._on_files_changed, self)
        session.busy_changed.connect(self._on_busy_changed)
        session.error_occurred.connect(self._on_error)
        self.browser.searching_changed.connect(self._on_searching_changed)
        # The title with its "[*]" first: the window may have put another one.
        self.tracker.modified_changed.connect(lambda _modified: self._refresh())
        self.tracker.path_changed.connect(self._refresh)
        parts.session_dropped.connect(self.open_session)
        # A user's sort: the browser says nothing when it applies one.
        parts.table.sort_requested.connect(lambda *_: self.tracker.check())

    def fill_menu(self, menu: QMenu, before: QAction) -> None:
        """Put the session entries in the File menu, above `before`."""
        for action in (self.open_action, self.save_action, self.save_as_action):
            menu.insertAction(before, action)

    # --- saving ---------------------------------------------------------------------

    def save(self) -> bool:
        """Save to the session file, or ask for one; False if not saved."""
        path = self.tracker.path
        if path is None:
            return self.save_as()
        return self.save_to(path)

    def save_as(self) -> bool:
        """Ask for a session file and save to it; False if not saved."""
        path = self.ask_path()
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(SESSION_SUFFIX)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Save the window's session to `path`; a failure is one line."""
        data = self.data()
        if isinstance(data, Unavailable):
            self._parts.show_error(data.reason)
            return False
        try:
            write_session(path, data)
        except InputError as error:
            self._parts.show_error(str(error))
            return False
        self.tracker.mark_saved(path)
        self._main.statusBar().showMessage(f"Saved the session to {path.name}", 5_000)
        return True

    def data(self) -> OrUnavailable[SessionData]:
        """What a session file would keep of the window now (or why nothing)."""
        parts = self._parts
        table = parts.table
        boxes = parts.compare_systems.table
        seed_problem = boxes.seed_problem()
        if seed_problem is not None:
            return Unavailable(f"the session was not saved: {seed_problem}")
        return session_data(
            self.session,
            self.browser,
            edits=self.session,
            tests=TestChoice(
                str(boxes.test.value),
                boxes.samples_box.value(),
                boxes.all_pairs_box.isChecked(),
                boxes.subset_box.isChecked(),
                boxes.seed,
            ),
            selected=table.selected_corpus_row(),
            columns=tuple(table.column_choices().items()),
            buckets=parts.buckets.saved(),
            margin=parts.compare_systems.margin,
            layout={
                "docks": bytes(self._main.saveState().data()),
                "central": bytes(parts.central_splitter.saveState().data()),
                "bottom": bytes(parts.bottom_splitter.saveState().data()),
                "header": bytes(table.horizontalHeader().saveState().data()),
            },
        )

    # --- opening --------------------------------------------------------------------

    def open_session(self, path: Path) -> bool:
        """Open a session file; False (and one line) if it cannot be opened.

        What is open stays until the session's test set has been read; a
        session whose files cannot all be found opens without them and says so.
        """
        if not self.confirm_close():  # the open session's changes first
            return False
        try:
            data = read_session(path)
        except InputError as error:
            self._parts.show_error(str(error))
            return False
        checks = check_files(data)
        plan = reopen_plan(data, checks, outside_folder(data, path))
        if isinstance(plan, Unavailable):
            self._parts.show_error(f"{display_name(path)}: {plan.reason}")
            return False
        problem = filter_of(data.filter)
        if isinstance(problem, Unavailable):
            self._parts.show_error(f"{display_name(path)}: {problem.reason}")
            return False
        self._opening = (path, data, plan)
        self._margin = margin_to_restore(data, plan, checks)
        self._step, self._loaded, self._problems = _Step.LOADING, False, []
        # The session's options and reading come with its test set: one that
        # cannot be read leaves the open test set, its numbers and the window as
        # they were (its layout is put back once the test set is in).
        if isinstance(plan.request, BundleSet):
            self.session.open_bundle(plan.request, data.config, drop_bom=data.drop_bom)
        else:
            self.session.open_files(plan.request, data.config, drop_bom=data.drop_bom)
        return True

    @property
    def opening(self) -> bool:
        """Whether a session is being opened (its test set read, its state put back)."""
        return self._opening is not None

    def _on_files_changed(self) -> None:
        opening, opened = self._opening, self.session.opened
        if opening is not None and opened is not None:
            if _same_files(opened, opening[2].request):
                self._loaded = True
            else:  # another test set came in meanwhile: it is the user's now
                self._opening = None
        self._refresh()

    def _on_error(self, message: str) -> None:
        """The session's test set could not be opened: the window said why.

        Once it is open, a system refused (it no longer fits the references) is
        said again with what else was left out, when the session is all back.
        """
        if self._opening is not None and not self._loaded:
            self._opening = None
        elif self._opening is not None:
            self._problems.append(message)

    def _on_busy_changed(self, busy: bool) -> None:
        opening = self._opening
        if busy or opening is None:
            return
        if not self._loaded:  # cancelled, or failed without a word yet
            self._opening = None
            return
        path, data, plan = opening
        if self._step is _Step.LOADING:
            self._step = _Step.SYSTEMS
            self._put_layout(data)
            self._put_systems(data, plan)
            if self.session.is_busy:  # the pair is being computed
                return
        if self._step is _Step.SYSTEMS:
            self._step = _Step.SEARCH
            self._put_view(data)
            if self.browser.searching:
                return
        self._finish(path, plan)

    def _on_searching_changed(self, searching: bool) -> None:
        opening = self._opening
        idle = not searching and not self.session.is_busy
        if opening is not None and self._step is _Step.SEARCH and idle:
            path, _data, plan = opening
            self._finish(path, plan)

    def _finish(self, path: Path, plan: ReopenPlan) -> None:
        self._opening = None
        saved, self._margin = self._margin, None
        if saved is not None:  # the pair's statistics are in the dock by now
            self._parts.compare_systems.restore_margin(
                (saved.baseline, saved.shown),
                saved.found,
                (saved.samples, saved.seed),
                saved.tested,
            )
        self.tracker.mark_saved(path)
        problems = [part for part in (plan.note, *self._problems) if part]
        if problems:
            self._parts.show_error(f"{display_name(path)}: {'; '.join(problems)}")
        else:
            message = f"Opened the session {path.name}"
            self._main.statusBar().showMessage(message, 10_000)

    def _put_layout(self, data: SessionData) -> None:
        parts, layout = self._parts, data.layout
        if "docks" in layout:
            self._main.restoreState(QByteArray(layout["docks"]))
        if "central" in layout:
            parts.central_splitter.restoreState(QByteArray(layout["central"]))
        if "bottom" in layout:
            parts.bottom_splitter.restoreState(QByteArray(layout["bottom"]))
        parts.compare_systems.sync()  # its dock only with systems
        parts.documents.sync()

    def _put_systems(self, data: SessionData, plan: ReopenPlan) -> None:
        session = self.session
        systems = session.systems
        if plan.baseline < len(systems):
            session.set_baseline(systems[plan.baseline].id)
        if plan.shown < len(systems):
            session.set_shown(systems[plan.shown].id)
        if data.documents is not None and isinstance(session.opened, FileSet):
            session.set_documents(data.documents, name="the session's document ids")
        boxes = self._parts.compare_systems.table
        index = boxes.test_box.findData(data.systems.test)
        if index >= 0:
            boxes.test_box.setCurrentIndex(index)
        boxes.samples_box.setValue(data.systems.samples)
        boxes.all_pairs_box.setChecked(data.systems.all_pairs)
        boxes.subset_box.setChecked(data.systems.shown_only)
        boxes.seed_box.setText(seed_text(data.systems.seed))
        problem = restore_edits(session, session.systems, data, session.config)
        if problem:
            self._problems.append(problem)

    def _put_view(self, data: SessionData) -> None:
        parts, table = self._parts, self._parts.table
        header = table.horizontalHeader()
        if "header" in data.layout:
            header.restoreState(QByteArray(data.layout["header"]))
        table.reset_columns()  # the session's choices, not this window's
        for name, order, shown in data.table.columns:
            key = column_key(name, order)
            if key is not None:
                table.set_column_shown(key, shown)
        spec = filter_of(data.filter)
        if isinstance(spec, SentenceFilter):
            documents, note = document_filter(data.filter, parts.documents.documents)
            if note:
                self._problems.append(note)
            put_filter(parts.filter_bar, spec, documents)
        parts.buckets.restore(data.buckets)
        sort = data.table.sort
        model = self.browser.model
        key = column_key(sort[0], sort[1]) if sort is not None else None
        column = model.column_of(key) if key is not None else None
        if sort is None or column is None:
            column, descending = 0, False
        else:
            descending = sort[2]
        direction = (
            Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        )
        header.setSortIndicator(column, direction)
        self.browser.sort_by(column, direction)
        if data.table.selected is not None:
            parts.select_sentence(data.table.selected + 1)

    # --- the title and the close prompt ---------------------------------------------

    def _refresh(self) -> None:
        """The title names the session file, if any; Save needs a test set."""
        path = self.tracker.path
        has_test_set = self.session.files is not None
        self.save_action.setEnabled(has_test_set)
        self.save_as_action.setEnabled(has_test_set)
        if path is None:
            return
        files = self.session.files
        shown = f" — {files.hypothesis.name}" if files is not None else ""
        self._main.setWindowTitle(f"{path.name}[*]{shown} — bleu-gui")
        self._main.setWindowModified(self.tracker.modified)

    def confirm_close(self) -> bool:
        """Whether the open session may go: it is saved, or the user says so.

        Asked before the window closes and before another session opens.
        """
        path = self.tracker.path
        if path is None or not self.tracker.modified or self.session.files is None:
            return True  # no test set: nothing a session could keep
        choice = self.ask_close(path.name)
        if choice is CloseChoice.SAVE:
            return self.save()
        return choice is CloseChoice.DISCARD

    def _ask_close(self, name: str) -> CloseChoice:
        box = QMessageBox(self._main)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Save the session?")
        box.setText(f"The session {name} has changed since it was saved.")
        box.setInformativeText(
            "Save the options, systems, filter and sort you changed in it?"
        )
        buttons = QMessageBox.StandardButton
        box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
        box.setDefaultButton(buttons.Save)
        answer = box.exec()
        if answer == buttons.Save:
            return CloseChoice.SAVE
        if answer == buttons.Discard:
            return CloseChoice.DISCARD
        return CloseChoice.CANCEL

    def _start(self) -> str:
        path = self.tracker.path
        if path is not None:
            return str(path)
        directory = self._parts.start_directory()
        return str(directory) if directory is not None else ""

    def _ask_path(self) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            self._main, "Save session", self._start(), SESSION_FILTER
        )
        return Path(path) if path else None

    def _on_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._main, "Open session", self._start(), SESSION_FILTER
        )
        if path:
            self.open_session(Path(path))


def _same_files(opened: OpenRequest, asked: OpenRequest) -> bool:
    """Whether the test set the session opened is the one a session asked for."""
    if isinstance(opened, BundleSet) or isinstance(asked, BundleSet):
        return (
            isinstance(opened, BundleSet)
            and isinstance(asked, BundleSet)
            and opened.path == asked.path
        )
    # A system that does not fit the references is refused: the others open.
    return opened.references == asked.references and set(opened.paths) <= set(
        asked.paths
    )


def put_filter(
    bar: FilterBar, spec: SentenceFilter, documents: DocumentRows | None = None
) -> None:
    """Show `spec` and `documents` in the filter bar and apply them, as one request.

    The fields are set with their signals blocked; one `textChanged` then makes
    the bar request the filter its fields describe (a search runs once).
    """
    fields = (
        bar.search,
        bar.regex,
        bar.case,
        bar.in_hyp,
        bar.in_refs,
        bar.in_src,
        bar.min_score,
        bar.max_score,
        bar.side,
        bar.min_delta,
        bar.max_delta,
    )
    blockers = [QSignalBlocker(field) for field in fields]
    bar.search.setText(spec.text)
    bar.regex.setChecked(spec.regex)
    bar.case.setChecked(spec.case_sensitive)
    bar.in_hyp.setChecked(spec.in_hypothesis)
    bar.in_refs.setChecked(spec.in_references)
    bar.in_src.setChecked(spec.in_source)
    bar.min_score.setValue(spec.min_score)
    bar.max_score.setValue(spec.max_score)
    sides = [bar.side.itemData(index) for index in range(bar.side.count())]
    bar.side.setCurrentIndex(sides.index(spec.side) if spec.side in sides else 0)
    bar.min_delta.setValue(spec.delta.low)
    bar.max_delta.setValue(spec.delta.high)
    bar.set_documents(documents, apply=False)
    for blocker in blockers:
        blocker.unblock()
    if spec.delta.low_open or spec.delta.high_open:  # a Δ histogram bar's range
        bar.set_delta_bar(spec.delta)
    else:
        bar.search.textChanged.emit(bar.search.text())
