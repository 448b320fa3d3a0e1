"""File › Save hypothesis as…: the shown system's output, with its what-if edits.

The edits are an overlay: this is the one way they reach a file, and only a file the
user names (`io.hypothesis_save` refuses the system's own file). The system saved
is the one on show (B), as the sentence view edits it; the dialog's title names it.
A save confirms itself in the status bar ("Saved 2,002 lines (3 edited) to
out.txt"); a refusal or a failed write is the window's one-line error.

The session's edits are reached through `EditsSource` (`Session.edits`), so this
module needs nothing else of the editing; `install` puts the entry in the File menu
and connects it, so the window wires it with one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from bleu_gui.core.edits import Edits
from bleu_gui.io.errors import InputError
from bleu_gui.io.hypothesis_save import save_hypothesis
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import System, SystemId
from bleu_gui.models.workspace_change import Moved, follow

__all__ = ["NOTHING_TO_SAVE", "EditsSource", "SaveHypothesisAction", "install"]

NOTHING_TO_SAVE = "Open a test set and a system first."


class EditsSource(Protocol):
    """Where a system's what-if edits are kept (the session)."""

    def edits(self, system_id: SystemId) -> Edits:
        """The edits of a system (empty: none)."""
        ...


class SaveHypothesisAction(QObject):
    """The menu entry and what it does.

    Signals:
        saved: the confirmation for the status bar.
        failed: one line for the user (nothing written).
    """

    saved = Signal(str)
    failed = Signal(str)

    def __init__(self, session: Session, edits: EditsSource, parent: QWidget) -> None:
        super().__init__(parent)
        self._session = session
        self._edits = edits
        self._window = parent
        self.action = QAction("Save &hypothesis as…", parent)
        self.action.setStatusTip(
            "Write the shown system's output with its edits to a new file"
        )
        self.action.triggered.connect(lambda _checked=False: self._on_triggered())
        self.action.setEnabled(False)
        follow(
            session.workspace_changed,
            Moved.ROWS | Moved.SYSTEMS,
            self._update_enabled,
            self,
        )

    def _system(self) -> System | None:
        return self._session.workspace.shown_system

    def _update_enabled(self) -> None:
        self.action.setEnabled(self._system() is not None)

    def _on_triggered(self) -> None:
        system = self._system()
        if system is None:
            self.failed.emit(NOTHING_TO_SAVE)
            return
        suggested = system.path.with_name(f"{system.path.stem}.edited.txt")
        name, _ = QFileDialog.getSaveFileName(
            self._window,
            f"Save {system.name} with its edits as",
            str(suggested),
            "Text (*.txt);;All files (*)",
        )
        if name:
            self.save(Path(name))

    def save(self, path: Path) -> None:
        """Write the shown system with its edits to `path`; say how it went."""
        system = self._system()
        if system is None:
            self.failed.emit(NOTHING_TO_SAVE)
            return
        try:
            done = save_hypothesis(  # the file's lines, with the edits over them
                path, system.read_corpus.hypothesis, self._edits.edits(system.id)
            )
        except InputError as error:
            self.failed.emit(str(error))
            return
        self.saved.emit(done.message())


def install(
    parent: QWidget,
    session: Session,
    edits: EditsSource,
    *,
    menu: QMenu,
    before: QAction,
    show_error: Callable[[str], None],
    show_status: Callable[[str], None],
) -> SaveHypothesisAction:
    """Add File › Save hypothesis as… to `menu` before `before`, and connect it.

    `show_error` says a refusal or a failed write, `show_status` a save.
    """
    entry = SaveHypothesisAction(session, edits, parent)
    menu.insertAction(before, entry.action)
    entry.failed.connect(show_error)
    entry.saved.connect(show_status)
    return entry
