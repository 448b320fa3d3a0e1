"""The "Open test set" dialog: references, an optional source and systems at once.

The candidate is the system shown; other systems, optional, are opened with it to
be compared (the first of them is the baseline, as on the command line).

Switching to another test set one file at a time cannot work: the new candidate
does not fit the old references, and a new reference does not fit the old
candidate. This dialog gathers every file of the new set first and asks for them
together. It reads nothing itself: OK emits `open_requested`, the session reads the
files in its usual background way, and the dialog stays open (showing "Checking the
files…") until whoever opened it reports the outcome: `accept()` once the files were
read, `show_problem()` with the session's one-line message if they were not. What
was loaded before stays loaded until then.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.models.session import FileSet

__all__ = ["CHECKING_TEXT", "NO_CANDIDATE", "NO_REFERENCE", "OpenTestSetDialog"]

CHECKING_TEXT = "Checking the files…"
NO_CANDIDATE = "choose the candidate (the system output to score)"
NO_REFERENCE = "add at least one reference: BLEU compares the candidate with them"


class OpenTestSetDialog(QDialog):
    """Pick the files of a test set and a candidate, and ask to open them together.

    Signals:
        open_requested: the `FileSet` the user asks to open (OK clicked, fields
            filled in). The dialog then waits for `accept()` or `show_problem()`.
    """

    open_requested = Signal(object)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        directory: Path | None = None,
        encoding: str = "utf-8",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open test set")
        # Where the file pickers open: the last directory a file came from.
        self.directory = directory
        self._encoding = encoding
        self._checking = False

        self.references = _ReferenceList()
        self.references.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.references.setToolTip("One or more reference translations")
        # Room for five names: enough for any test set, small enough to fit.
        rows = self.references.fontMetrics().lineSpacing() * 5
        self.references.setMaximumHeight(rows + 2 * self.references.frameWidth() + 4)
        self.add_button = QPushButton("&Add…")
        self.remove_button = QPushButton("Re&move")
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        reference_row = QHBoxLayout()
        reference_row.addWidget(self.references, 1)
        reference_row.addLayout(buttons)

        self.source = QLineEdit()
        self.source.setPlaceholderText("optional: shown next to the sentences")
        self.source_button = QPushButton("Bro&wse…")
        source_row = QHBoxLayout()
        source_row.addWidget(self.source, 1)
        source_row.addWidget(self.source_button)

        self.systems = _ReferenceList()
        self.systems.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.systems.setToolTip(
            "Optional: more outputs of the same test set, compared with the "
            "candidate; the first is the baseline"
        )
        self.systems.setMaximumHeight(rows + 2 * self.systems.frameWidth() + 4)
        self.add_system_button = QPushButton("A&dd…")
        self.remove_system_button = QPushButton("Remo&ve")
        system_buttons = QVBoxLayout()
        system_buttons.addWidget(self.add_system_button)
        system_buttons.addWidget(self.remove_system_button)
        system_buttons.addStretch(1)
        system_row = QHBoxLayout()
        system_row.addWidget(self.systems, 1)
        system_row.addLayout(system_buttons)

        self.candidate = QLineEdit()
        self.candidate.setPlaceholderText("the system output to score")
        self.candidate_button = QPushButton("Brows&e…")
        candidate_row = QHBoxLayout()
        candidate_row.addWidget(self.candidate, 1)
        candidate_row.addWidget(self.candidate_button)

        form = QFormLayout()
        form.addRow(_buddy("&References:", self.references), reference_row)
        form.addRow(_buddy("&Source:", self.source), source_row)
        form.addRow(_buddy("&Candidate:", self.candidate), candidate_row)
        form.addRow(_buddy("Other s&ystems:", self.systems), system_row)

        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.problem.hide()

        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.button_box.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("&Open")
        # Enter anywhere opens the set; it never presses a picker button instead.
        for button in (
            self.add_button,
            self.remove_button,
            self.source_button,
            self.candidate_button,
            self.add_system_button,
            self.remove_system_button,
        ):
            button.setAutoDefault(False)
        self.ok_button.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.button_box)
        self.setTabOrder(self.references, self.add_button)
        self.setTabOrder(self.add_button, self.remove_button)
        self.setTabOrder(self.remove_button, self.source)
        self.setTabOrder(self.source, self.source_button)
        self.setTabOrder(self.source_button, self.candidate)
        self.setTabOrder(self.candidate, self.candidate_button)
        self.setTabOrder(self.candidate_button, self.systems)
        self.setTabOrder(self.systems, self.add_system_button)
        self.setTabOrder(self.add_system_button, self.remove_system_button)
        self.resize(640, self.sizeHint().height())

        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self.remove_selected)
        self.references.delete_pressed.connect(self.remove_selected)
        self.references.itemSelectionChanged.connect(self._update_buttons)
        self.source_button.clicked.connect(self._on_browse_source)
        self.candidate_button.clicked.connect(self._on_browse_candidate)
        self.add_system_button.clicked.connect(self._on_add_systems)
        self.remove_system_button.clicked.connect(self.remove_selected_systems)
        self.systems.delete_pressed.connect(self.remove_selected_systems)
        self.systems.itemSelectionChanged.connect(self._update_buttons)
        self.button_box.accepted.connect(self._on_ok)
        self.button_box.rejected.connect(self.reject)
        self._update_buttons()

    # --- fields -----------------------------------------------------------------------

    def set_files(
        self,
        references: Sequence[Path] = (),
        source: Path | None = None,
        candidate: Path | None = None,
    ) -> None:
        """Fill the fields in (a candidate that did not fit the loaded set, say)."""
        self.references.clear()
        self.add_references(references)
        self.source.setText("" if source is None else str(source))
        self.candidate.setText("" if candidate is None else str(candidate))

    def add_references(self, paths: Sequence[Path]) -> None:
        """Append `paths` to the references (the session refuses a file twice)."""
        for path in paths:
            self.references.addItem(str(path))
        if paths:
            self.references.setCurrentRow(self.references.count() - 1)
        self._update_buttons()

    def remove_selected(self) -> None:
        """Remove the selected references."""
        for item in self.references.selectedItems():
            self.references.takeItem(self.references.row(item))
        self._update_buttons()

    def reference_paths(self) -> list[Path]:
        """The references listed, in order."""
        return _paths(self.references)

    def add_systems(self, paths: Sequence[Path]) -> None:
        """Append `paths` to the other systems (the session refuses a file twice)."""
        for path in paths:
            self.systems.addItem(str(path))
        if paths:
            self.systems.setCurrentRow(self.systems.count() - 1)
        self._update_buttons()

    def remove_selected_systems(self) -> None:
        """Remove the selected other systems."""
        for item in self.systems.selectedItems():
            self.systems.takeItem(self.systems.row(item))
        self._update_buttons()

    def system_paths(self) -> list[Path]:
        """The other systems listed, in order."""
        return _paths(self.systems)

    def file_set(self) -> FileSet | str:
        """The files chosen, or what is missing (one line)."""
        candidate = self.candidate.text().strip()
        source = self.source.text().strip()
        references = tuple(self.reference_paths())
        if not references:
            return NO_REFERENCE
        if not candidate:
            return NO_CANDIDATE
        others = tuple(self.system_paths())
        return FileSet(
            Path(candidate),
            references,
            Path(source) if source else None,
            self._encoding,
            systems=(*others, Path(candidate)) if others else (),
        )

    # --- the outcome ------------------------------------------------------------------

    @property
    def checking(self) -> bool:
        """Whether the files asked for are being read (the fields are locked)."""
        return self._checking

    def set_checking(self, checking: bool) -> None:
        """Lock the fields while the files are read, or unlock them."""
        self._checking = checking
        for widget in (self.references, self.source, self.candidate, self.systems):
            widget.setEnabled(not checking)
        for button in (
            self.add_button,
            self.source_button,
            self.candidate_button,
            self.add_system_button,
        ):
            button.setEnabled(not checking)
        self.ok_button.setEnabled(not checking)
        if checking:
            self._say(CHECKING_TEXT)
        self._update_buttons()

    def show_problem(self, message: str) -> None:
        """Say why the files were not opened; the fields can be changed again."""
        self.set_checking(False)
        self._say(f"⚠ {message}")

    @property
    def problem_text(self) -> str:
        """The line under the fields ('' when none is shown)."""
        return self.problem.text() if not self.problem.isHidden() else ""

    # --- handlers ---------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def _update_buttons(self) -> None:
        editable = not self._checking
        self.remove_button.setEnabled(
            editable and bool(self.references.selectedItems())
        )
        self.remove_system_button.setEnabled(
            editable and bool(self.systems.selectedItems())
        )

    def _on_ok(self) -> None:
        files = self.file_set()
        if isinstance(files, str):
            self._say(f"⚠ {files}")
            return
        self.set_checking(True)
        self.open_requested.emit(files)

    def _start(self) -> str:
        return str(self.directory) if self.directory is not None else ""

    def _picked(self, path: str) -> Path:
        chosen = Path(path)
        self.directory = chosen.parent
        return chosen

    def _on_add(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Choose the reference file(s)", self._start()
        )
        self.add_references([self._picked(path) for path in paths])

    def _on_add_systems(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Choose other systems' outputs", self._start()
        )
        self.add_systems([self._picked(path) for path in paths])

    def _on_browse_source(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose the source", self._start())
        if path:
            self.source.setText(str(self._picked(path)))

    def _on_browse_candidate(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Choose the candidate (system output)", self._start()
        )
        if path:
            self.candidate.setText(str(self._picked(path)))

    @override
    def accept(self) -> None:
        """Close: the files were opened."""
        self._checking = False
        super().accept()


class _ReferenceList(QListWidget):
    """The references; Delete (or Backspace) removes the selected ones.

    Signals:
        delete_pressed: the user asked to remove the selection.
    """

    delete_pressed = Signal()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Delete) or (
            event.key() == Qt.Key.Key_Backspace
        ):
            self.delete_pressed.emit()
            event.accept()
            return
        super().keyPressEvent(event)


def _paths(listed: QListWidget) -> list[Path]:
    """The paths a list shows, in order."""
    items = (listed.item(k) for k in range(listed.count()))
    return [Path(item.text()) for item in items if item is not None]


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A label whose mnemonic (Alt+letter) moves the focus to `widget`."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label
