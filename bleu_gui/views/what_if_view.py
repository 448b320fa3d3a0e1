"""What if, in the window: edit a hypothesis and watch every number move.

`WhatIfView` connects the edit bar (`views.hypothesis_editor`), the Edit menu's
entries, the sentence table's and the pair view's context menus and the
double-click on a hypothesis to a `WhatIfEditor` (`models.what_if`), and shows
its draft wherever the window shows that sentence's numbers:

* the detail repaints the n-grams of the text as typed (both hypotheses of a
  pair, the edited one as typed), the Explain tab explains it;
* the sentence table's row shows its new sentence BLEU, Δ, cost, lengths and
  precisions (the swap effect, which needs the whole pair again, shows "…");
* the Corpus panel and the Systems table show the corpus BLEU and Δ with it;
* the edit bar says them all, before → now.

Which system is edited: the shown one (B) by Edit › Edit hypothesis (F2) or a
double-click on its hypothesis; in a pair, a double-click on A's hypothesis edits
A. "Take B's sentence" gives the baseline A the shown system's sentence, the
issue's "what if A had said what B said". Rows with edits carry a mark in the
table. Everything is one undo stack (Edit › Undo / Redo), per edit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, QPoint, Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from bleu_gui.core import BleuScore
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_table import ROW_ROLE, ColumnKey, ColumnKind
from bleu_gui.models.session import Session
from bleu_gui.models.what_if import Draft, WhatIfEditor, draft_deltas
from bleu_gui.models.workspace import SystemId
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.compare_panels import ComparePanels
from bleu_gui.views.compare_systems import CompareSystems
from bleu_gui.views.hypothesis_editor import HypothesisEditor
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.sentence_table import SentenceTableView
from bleu_gui.views.summary_panel import SummaryPanel

__all__ = ["WhatIfParts", "WhatIfView"]

EDITED_TIP = "Edited (what-if): its numbers are of the edited text"


@dataclass(frozen=True, slots=True)
class WhatIfParts:
    """The panels the editing drives and what it follows and calls in the window.

    The window hands these over rather than itself, so that what the editing
    touches is written here, and nothing else of the window is in reach.

    Attributes:
        table: the sentence table: its context menu, selection and edit marks.
        summary: the Corpus panel: the corpus BLEU with the draft.
        compare: the two-system panels: the pair with the draft.
        compare_systems: the Systems dock: each system's BLEU with the draft.
        edit_bar: the bar the hypothesis is typed in.
        hypothesis_activated: the one-system detail's hypothesis was
            double-clicked.
        sentence_shown: the detail shows another sentence (the row).
        shown_row: the corpus row whose detail is shown (None: no sentence).
        say: put a line in the status bar.
        select_sentence: select and show sentence `number` (1-based); False if
            it cannot be.
        show_draft: show sentence `row` explained with the hypothesis `text`.
        redo_sentence: explain the selected sentence again from the session.
    """

    table: SentenceTableView
    summary: SummaryPanel
    compare: ComparePanels
    compare_systems: CompareSystems
    edit_bar: HypothesisEditor
    hypothesis_activated: SignalInstance
    sentence_shown: SignalInstance
    shown_row: Callable[[], int | None]
    say: Callable[[str], None]
    select_sentence: Callable[[int], bool]
    show_draft: Callable[[int, str], None]
    redo_sentence: Callable[[], None]


class WhatIfView(QObject):
    """The window's editing: actions, the edit bar, the draft on every panel.

    `parts` gives the panels it drives and the window's calls; `widget` (the
    window itself) holds its actions and menus.
    """

    def __init__(
        self,
        session: Session,
        browser: SentenceBrowser,
        parts: WhatIfParts,
        widget: QWidget,
    ) -> None:
        super().__init__(widget)
        self._parts = parts
        self._widget = widget
        self.session = session
        self.browser = browser
        self.editor = WhatIfEditor(session, self)
        self.bar = parts.edit_bar
        self._open: tuple[SystemId, int] | None = None  # the bar's (system, row)
        # The draft on show, and the rows of kept edits whose scores are still
        # coming after another edit began (their table rows keep the edit's values).
        self._shown: Draft | None = None
        self._pending: dict[int, SystemId] = {}
        stack = self.editor.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        )
        self.edit_action = self._action("&Edit hypothesis", self.edit_shown, "F2")
        self.edit_action.setStatusTip(
            "Edit the shown system's hypothesis of the selected sentence (what-if)"
        )
        self.take_action = self._action("&Take B's sentence", self.take_sentence)
        self.revert_action = self._action("Re&vert sentence", self.revert_sentence)
        self.revert_all_action = self._action("Revert &all edits", self.revert_all)
        self.next_edited_action = self._action(
            "Next e&dited sentence", lambda: self.step_edited(1), "Ctrl+E"
        )
        self.previous_edited_action = self._action(
            "Previous edi&ted sentence", lambda: self.step_edited(-1), "Ctrl+Shift+E"
        )
        for action in (self.undo_action, self.redo_action):
            self._widget.addAction(action)
        self._connect()
        self._update_actions()

    def _action(
        self, text: str, slot: Callable[[], object], shortcut: str | None = None
    ) -> QAction:
        """An entry whose shortcut works wherever the window has the focus."""
        action = menu_action(self._widget, text, slot, shortcut)
        self._widget.addAction(action)
        return action

    def fill_menu(self, menu: QMenu) -> None:
        """The Edit menu's what-if entries (after its copy entries)."""
        if not menu.isEmpty():
            menu.addSeparator()
        for action in (
            self.undo_action,
            self.redo_action,
            self.edit_action,
            self.take_action,
            self.revert_action,
            self.revert_all_action,
        ):
            menu.addAction(action)

    def fill_go_menu(self, menu: QMenu) -> None:
        """The Go menu's entries to the edited sentences."""
        menu.addSeparator()
        menu.addAction(self.next_edited_action)
        menu.addAction(self.previous_edited_action)

    def _connect(self) -> None:
        parts, session, editor, bar = self._parts, self.session, self.editor, self.bar
        editor.draft_changed.connect(self._on_draft_changed)
        editor.failed.connect(parts.say)
        bar.text_edited.connect(editor.type)
        bar.commit_requested.connect(editor.commit)
        bar.cancel_requested.connect(editor.cancel)
        parts.hypothesis_activated.connect(self.edit_shown)
        pair_detail = parts.compare.pair_detail
        pair_detail.hypothesis_activated.connect(self._on_side_activated)
        pair_detail.hypothesis_menu_requested.connect(self._on_pair_menu)
        table = parts.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._on_table_menu)
        changed = session.workspace_changed
        follow(
            changed,
            Moved.EDITS | Moved.SYSTEMS | Moved.ROWS,
            self._on_edits_changed,
            self,
        )
        parts.sentence_shown.connect(lambda _row: self._update_actions())
        follow(changed, Moved.SCORED | Moved.PAIR, self._settle_pending, self)
        parts.table.sentence_selected.connect(self._on_sentence_selected)
        editor.undo_stack.indexChanged.connect(lambda _index: self._update_actions())

    # --- user intents -------------------------------------------------------------

    def edit_shown(self) -> None:
        """Edit the shown system's hypothesis of the selected sentence."""
        self.edit(self.session.shown)

    def edit(self, system_id: SystemId | None) -> None:
        """Start editing that system's hypothesis of the selected sentence."""
        row = self._parts.shown_row()
        if system_id is None or row is None:
            self._parts.say("Select a sentence to edit.")
            return
        draft = self.editor.draft
        here = draft is not None and (draft.system, draft.row) == (system_id, row)
        if here and self.editor.typing:
            self.bar.line.setFocus()
            return
        self.editor.commit()
        self.editor.begin(system_id, row)

    def take_sentence(self) -> None:
        """The baseline A takes the shown system B's sentence (one edit)."""
        pair, row = self.session.workspace.pair, self._parts.shown_row()
        if pair is None or row is None:
            self._parts.say(
                "Take B's sentence: choose two systems to compare and a sentence."
            )
            return
        self.editor.commit()
        self.editor.take_sentence(pair[0].id, pair[1].id, row)

    def revert_sentence(self) -> None:
        """The selected sentence back as read, in the systems that edited it."""
        row = self._parts.shown_row()
        edited = self._edited_here(row)
        if row is None or not edited:
            return
        stack = self.editor.undo_stack
        stack.beginMacro(f"revert sentence {row + 1}")  # A's and B's: one step
        for system_id in edited:
            self.editor.revert_sentence(system_id, row)
        stack.endMacro()

    def revert_all(self) -> None:
        """Every edit of every system taken back, as one undo step."""
        self.editor.commit()
        edited = [s for s in self.session.systems if s.edits]
        if not edited:
            return
        stack = self.editor.undo_stack
        count = sum(len(s.edits) for s in edited)
        stack.beginMacro(
            f"revert all {count} edited sentence{'s' if count != 1 else ''}"
        )
        for system in edited:
            self.editor.revert_all(system.id)
        stack.endMacro()

    def insert(self, system_id: SystemId, text: str) -> None:
        """Insert `text` into the edit of that system's selected sentence."""
        draft = self.editor.draft
        row = self._parts.shown_row()
        line = self.bar.line
        # A click on the other hypothesis (to pick the n-gram) left the field and
        # kept the edit: typing it again starts where the cursor was.
        was, cursor = line.text(), line.cursorPosition()
        if draft is None or not self.editor.typing or draft.system != system_id:
            self.edit(system_id)
            if line.text() == was:
                line.setCursorPosition(cursor)
        if self.editor.typing and row is not None:
            self.bar.insert(text)

    def step_edited(self, delta: int) -> None:
        """Select the next (1) or previous (-1) edited sentence the table shows.

        In the table's order, after (before) the selected row, and round again.
        """
        parts = self._parts
        model = self.browser.model
        shown = model.table_rows(model.edited.keys()).tolist()
        if not shown:
            hidden = " the table shows" if model.edited else ""
            parts.say(f"No edited sentence{hidden}.")
            return
        current = parts.table.currentIndex().row()
        if delta > 0:
            after = [row for row in shown if row > current]
            target = after[0] if after else shown[0]
        else:
            before = [row for row in shown if 0 <= row < current]
            target = before[-1] if before else shown[-1]
        parts.select_sentence(model.corpus_row(target) + 1)

    # --- menus ----------------------------------------------------------------------

    def _on_side_activated(self, side: object) -> None:
        pair = self.session.workspace.pair
        if pair is not None:
            self.edit(pair[0].id if side is Side.A else pair[1].id)

    def _on_pair_menu(self, side: object, offered: str, where: QPoint) -> None:
        pair = self.session.workspace.pair
        if pair is None:
            return
        names = self.session.workspace.short_names()
        this = pair[0] if side is Side.A else pair[1]
        other = pair[1] if side is Side.A else pair[0]
        menu = QMenu(self._widget)
        menu.addAction(f"Edit {names[this.id]}'s hypothesis").triggered.connect(
            lambda: self.edit(this.id)
        )
        if offered:
            shown = offered if len(offered) <= 40 else offered[:39] + "…"
            menu.addAction(
                f"Insert “{shown}” into {names[other.id]}'s hypothesis"
            ).triggered.connect(lambda: self.insert(other.id, offered))
        menu.addAction(self.take_action)
        menu.addAction(self.revert_action)
        menu.exec(where)

    def _on_table_menu(self, point: QPoint) -> None:
        table = self._parts.table
        index = table.indexAt(point)
        if index.isValid():
            row = index.data(ROW_ROLE)
            if isinstance(row, int):
                self._parts.select_sentence(row + 1)
        menu = QMenu(table)
        for action in (
            self.edit_action,
            self.take_action,
            self.revert_action,
            self.revert_all_action,
        ):
            menu.addAction(action)
        menu.exec(table.viewport().mapToGlobal(point))

    def _on_sentence_selected(self, row: int) -> None:
        """Another sentence: an edit being typed is kept first (as on leaving it)."""
        draft = self.editor.draft
        if draft is not None and self.editor.typing and draft.row != row:
            self.editor.commit()

    # --- the draft on every panel ------------------------------------------------

    def _on_draft_changed(self) -> None:
        draft, shown = self.editor.draft, self._shown
        if (
            shown is not None
            and shown.committed is not None
            and draft is not None
            and (draft.system, draft.row) != (shown.system, shown.row)
        ):
            self._pending[shown.row] = shown.system  # kept, not yet scored
        self._shown = draft
        if draft is None:
            self._end_draft(shown)
            return
        self._pending.pop(draft.row, None)
        workspace = self.session.workspace
        names = workspace.short_names()
        if self._open != (draft.system, draft.row) and self.editor.typing:
            self._open = (draft.system, draft.row)
            self.bar.open(draft, names.get(draft.system, ""))
        elif draft.committed is not None:
            self.bar.close_bar()
        self.bar.show_numbers(draft, self._pair_names())
        self._show_detail(draft)
        self._show_row(draft)
        self._show_corpus(draft)
        self._parts.say(
            f"Editing sentence {draft.row + 1} of {names.get(draft.system, '')}: "
            "Enter keeps the edit, Esc cancels it"
            if self.editor.typing
            else f"Scoring the edit of sentence {draft.row + 1}…"
        )

    def _end_draft(self, ended: Draft | None) -> None:
        parts = self._parts
        self._open = None
        self.bar.close_bar()
        if ended is not None:
            self.browser.model.set_live_row(ended.row, None)
        self._settle_pending()
        parts.compare_systems.model.set_live(None)
        scores, corpus = (
            self.session.workspace.shown_scores,
            self.session.workspace.shown_corpus,
        )
        if scores is not None and corpus is not None:
            parts.summary.set_scores(
                scores, corpus.num_segments, len(corpus.references)
            )
        parts.redo_sentence()
        parts.compare.redo_sentence()
        self._update_actions()

    def _settle_pending(self) -> None:
        """Rows of earlier kept edits as the session shows them, once it does."""
        session = self.session
        workspace = session.workspace
        model = self.browser.model
        for row, system_id in list(self._pending.items()):
            scored = (
                system_id in workspace
                and workspace.system(system_id).scored_under(workspace.config)
                and not session.pair_is_stale()
            )
            if scored or system_id not in workspace:
                del self._pending[row]
                model.set_live_row(row, None)

    def _show_detail(self, draft: Draft) -> None:
        parts = self._parts
        if draft.row != parts.shown_row():
            return
        workspace = self.session.workspace
        if draft.system == workspace.shown:
            parts.show_draft(draft.row, draft.text)
        pair = workspace.pair
        if pair is not None:
            a, b = pair
            text_a = a.corpus.hypothesis.lines[draft.row]
            text_b = b.corpus.hypothesis.lines[draft.row]
            if draft.system == a.id:
                text_a = draft.text
            else:
                text_b = draft.text
            parts.compare.show_draft(draft.row, text_a, text_b)
            deltas = draft_deltas(draft, self.session)
            if deltas is not None:
                parts.compare.show_draft_delta(draft.row, *deltas)

    def _show_row(self, draft: Draft) -> None:
        """The table's row of the draft, with its numbers as typed."""
        workspace = self.session.workspace
        sentence = draft.now.sentence
        score = sentence.score if isinstance(sentence, BleuScore) else math.nan
        values: dict[ColumnKey, float | None] = {}
        text: str | None = None
        pair = workspace.pair
        if draft.system == workspace.shown:
            text = draft.text
            values[ColumnKey(ColumnKind.BLEU)] = score
            values[ColumnKey(ColumnKind.COST)] = draft.now.cost
            if isinstance(sentence, BleuScore):
                values[ColumnKey(ColumnKind.BP)] = sentence.bp
                values[ColumnKey(ColumnKind.HYP_LEN)] = sentence.sys_len
                values[ColumnKey(ColumnKind.REF_LEN)] = sentence.ref_len
                for order, precision in enumerate(sentence.precisions, start=1):
                    values[ColumnKey(ColumnKind.PRECISION, order)] = precision
            if pair is not None:
                values[ColumnKey(ColumnKind.B_BLEU)] = score
                values[ColumnKey(ColumnKind.DELTA)] = score - draft.other_sentence
                values[ColumnKey(ColumnKind.SWAP)] = None
        elif pair is not None and draft.system == pair[0].id:
            values[ColumnKey(ColumnKind.A_BLEU)] = score
            values[ColumnKey(ColumnKind.DELTA)] = draft.other_sentence - score
            values[ColumnKey(ColumnKind.SWAP)] = None
        self.browser.model.set_live_row(draft.row, values, text)

    def _show_corpus(self, draft: Draft) -> None:
        """The Corpus panel and the Systems table with the draft's corpus BLEU."""
        parts = self._parts
        systems = parts.compare_systems
        if draft.system in systems.system_ids:
            systems.model.set_live(
                systems.system_ids.index(draft.system), draft.now.system.summed
            )
        scores, corpus = (
            self.session.workspace.shown_scores,
            self.session.workspace.shown_corpus,
        )
        if draft.system != self.session.shown or scores is None or corpus is None:
            return
        parts.summary.set_scores(
            replace(scores, corpus=draft.now.corpus),
            corpus.num_segments,
            len(corpus.references),
        )
        parts.summary.caption.setText(
            parts.summary.caption.text() + " · with the edit of sentence "
            f"{draft.row + 1} as typed"
        )

    # --- marks and actions --------------------------------------------------------

    def _on_edits_changed(self) -> None:
        """Mark the edited rows of the shown system (and of A in a pair)."""
        workspace = self.session.workspace
        marks: dict[int, str] = {}
        shown = workspace.shown_system
        pair = workspace.pair
        names = workspace.short_names()
        if shown is not None:
            for line in shown.edits:
                marks[line.row] = EDITED_TIP
        if pair is not None:
            a = pair[0]
            tip = f"{names[a.id]}'s hypothesis is edited (what-if)"
            for line in a.edits:
                marks[line.row] = (
                    f"{marks[line.row]}; {tip}" if line.row in marks else tip
                )
        self.browser.model.set_edited(marks)
        self._update_actions()

    def _edited_here(self, row: int | None) -> list[SystemId]:
        """The systems of the window whose sentence `row` is edited (B first)."""
        if row is None:
            return []
        workspace = self.session.workspace
        candidates = [workspace.shown_system]
        if workspace.pair is not None:
            candidates.append(workspace.pair[0])
        return [s.id for s in candidates if s is not None and row in s.edits]

    def _pair_names(self) -> tuple[str, str] | None:
        pair = self.session.workspace.pair
        if pair is None:
            return None
        names = self.session.workspace.short_names()
        return names[pair[0].id], names[pair[1].id]

    def _update_actions(self) -> None:
        workspace = self.session.workspace
        row = self._parts.shown_row()
        names = workspace.short_names()
        shown = workspace.shown_system
        self.edit_action.setEnabled(shown is not None and row is not None)
        self.edit_action.setText(
            f"&Edit {names[shown.id]}'s hypothesis"
            if shown is not None and len(workspace.systems) > 1
            else "&Edit hypothesis"
        )
        pair = workspace.pair
        can_take = (
            pair is not None
            and row is not None
            and row < pair[0].corpus.num_segments
            and pair[0].corpus.hypothesis.lines[row]
            != pair[1].corpus.hypothesis.lines[row]
        )
        self.take_action.setEnabled(can_take)
        self.take_action.setText(
            f"&Take {names[pair[1].id]}'s sentence into {names[pair[0].id]}"
            if pair is not None
            else "&Take B's sentence into A"
        )
        edited = self._edited_here(row)
        self.revert_action.setEnabled(bool(edited))
        self.revert_action.setText(
            f"Re&vert sentence {row + 1}" if row is not None else "Re&vert sentence"
        )
        total = sum(len(s.edits) for s in workspace.systems)
        self.revert_all_action.setEnabled(total > 0)
        marked = bool(self.browser.model.edited)
        self.next_edited_action.setEnabled(marked)
        self.previous_edited_action.setEnabled(marked)
        self.revert_all_action.setText(
            f"Revert &all edits ({total} sentence{'s' if total != 1 else ''})"
            if total
            else "Revert &all edits"
        )
