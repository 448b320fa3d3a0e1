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

Every file row has its own encoding (a compact chooser in the lists' Encoding
column and beside the source and the candidate). The file pickers offer every
format bleu-gui reads; a file that holds a whole test set (WMT XML, a spreadsheet)
is not a file of one role: picking it emits `bundle_chosen`, and whoever opened
the dialog asks for its columns' roles instead (`views.roles_dialog`). XLIFF and
TMX files take roles like text files (the session aligns them by unit id).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.bundle import Format
from bleu_gui.io.file_format import ENCODING_FORMATS, detect_format, file_filters
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.xliff_states import XliffStates
from bleu_gui.models.session import FileSet, opens_with_roles
from bleu_gui.views.dialog_parts import ProblemLine, open_buttons
from bleu_gui.views.encoding_choice import ENCODING_HINT, EncodingCombo
from bleu_gui.views.language_choice import LanguagePair

__all__ = [
    "CHECKING_TEXT",
    "FILE_FILTERS",
    "NO_CANDIDATE",
    "NO_LANGUAGES",
    "NO_REFERENCE",
    "OpenTestSetDialog",
]

FILE_FILTERS = file_filters()
"""The file pickers' name filters: every format bleu-gui reads, then all files."""

CHECKING_TEXT = "Checking the files…"
OWN_ENCODING = "in the file"
OWN_ENCODING_HINT = (
    "An XLIFF or TMX file is XML: it declares its own encoding, which is read"
)
WHOLE_TEST_SET_HINT = (
    "A WMT XML test set or a spreadsheet holds a whole test set: pick it in any "
    "field, and give its texts their roles in the next dialog."
)
NO_CANDIDATE = "choose the candidate (the system output to score)"
NO_REFERENCE = "add at least one reference: BLEU compares the candidate with them"
NO_LANGUAGES = "choose the TMX files' source and target languages"


class OpenTestSetDialog(QDialog):
    """Pick the files of a test set and a candidate, and ask to open them together.

    Signals:
        open_requested: the `FileSet` the user asks to open (OK clicked, fields
            filled in). The dialog then waits for `accept()` or `show_problem()`.
        bundle_chosen: (path, encoding) of a file that holds a whole test set,
            picked or typed: its columns need roles (`views.roles_dialog`).
    """

    open_requested = Signal(object)
    bundle_chosen = Signal(object, str)

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

        self.references = _FileList()
        self.references.setToolTip("One or more reference translations")
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
        self.source_encoding = EncodingCombo(self, encoding)
        self.source_button = QPushButton("Bro&wse…")
        source_row = QHBoxLayout()
        source_row.addWidget(self.source, 1)
        source_row.addWidget(self.source_encoding)
        source_row.addWidget(self.source_button)

        self.systems = _FileList()
        self.systems.setToolTip(
            "Optional: more outputs of the same test set, compared with the "
            "candidate; the first is the baseline"
        )
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
        self.candidate_encoding = EncodingCombo(self, encoding)
        self.candidate_button = QPushButton("Brows&e…")
        candidate_row = QHBoxLayout()
        candidate_row.addWidget(self.candidate, 1)
        candidate_row.addWidget(self.candidate_encoding)
        candidate_row.addWidget(self.candidate_button)

        form = QFormLayout()
        form.addRow(_buddy("&References:", self.references), reference_row)
        form.addRow(_buddy("&Source:", self.source), source_row)
        form.addRow(_buddy("&Candidate:", self.candidate), candidate_row)
        form.addRow(_buddy("Other s&ystems:", self.systems), system_row)

        # TMX files may hold more than two languages: which pair to score, among
        # the file's own (`offer_languages`). Shown once a listed TMX file is
        # found to need them.
        self.languages = LanguagePair()
        self.languages_label = _buddy("TMX &languages:", self.languages.source)
        self.languages.setToolTip(
            "The TMX files hold more than two languages: choose the source and the "
            "target to score"
        )
        form.addRow(self.languages_label, self.languages)

        # XLIFF references: their unfinished units are left out unless counted.
        # Shown only while an XLIFF file is listed.
        self.count_unfinished = QCheckBox("Count &unfinished XLIFF units")
        self.count_unfinished.setToolTip(
            "Count the reference units whose target is not a finished translation "
            '(state needs-translation, initial, ...; translate="no"); by default '
            "they are left out, and a notice says which"
        )
        form.addRow("", self.count_unfinished)

        self.hint = QLabel(f"{ENCODING_HINT}\n{WHOLE_TEST_SET_HINT}")
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)  # the palette's quiet text, light or dark

        self.problem = ProblemLine()

        self.button_box, self.ok_button = open_buttons()
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

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hint)
        layout.addWidget(self.problem)
        layout.addWidget(self.button_box)
        self.setTabOrder(self.references, self.add_button)
        self.setTabOrder(self.add_button, self.remove_button)
        self.setTabOrder(self.remove_button, self.source)
        self.setTabOrder(self.source, self.source_encoding)
        self.setTabOrder(self.source_encoding, self.source_button)
        self.setTabOrder(self.source_button, self.candidate)
        self.setTabOrder(self.candidate, self.candidate_encoding)
        self.setTabOrder(self.candidate_encoding, self.candidate_button)
        self.setTabOrder(self.candidate_button, self.systems)
        self.setTabOrder(self.systems, self.add_system_button)
        self.setTabOrder(self.add_system_button, self.remove_system_button)
        self.resize(720, self.sizeHint().height())

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
        self.candidate.textChanged.connect(self._update_languages)
        self.source.textChanged.connect(self._update_languages)
        self.languages.chosen.connect(self._on_languages_chosen)
        self.button_box.accepted.connect(self._on_ok)
        self.button_box.rejected.connect(self.reject)
        self._update_buttons()

    # --- fields -----------------------------------------------------------------------

    def set_files(
        self,
        references: Sequence[Path] = (),
        source: Path | None = None,
        candidate: Path | None = None,
        systems: Sequence[Path] = (),
    ) -> None:
        """Fill the fields in (a candidate that did not fit the loaded set, say).

        `systems`: the other systems, listed under the candidate.
        """
        self.references.clear()
        self.add_references(references)
        self.source.setText("" if source is None else str(source))
        self.candidate.setText("" if candidate is None else str(candidate))
        self.systems.clear()
        self.add_systems(systems)

    def set_file_set(self, files: FileSet) -> None:
        """Fill the fields in with `files` (a set that could not be opened as given)."""
        others = [path for path in files.hypotheses if path != files.hypothesis]
        self.set_files(files.references, files.source, files.hypothesis, others)
        self.candidate_encoding.set_encoding(files.encoding_of(files.hypothesis))
        if files.source is not None:
            self.source_encoding.set_encoding(files.encoding_of(files.source))
        self.count_unfinished.setChecked(files.options.xliff_states is XliffStates.ALL)

    def offer_languages(self, languages: Sequence[str]) -> None:
        """Ask which two of a TMX file's `languages` to score (the row shows)."""
        self.languages.offer(languages, self.languages.languages())
        self._update_languages()
        self.languages.source.setFocus()

    def add_references(self, paths: Sequence[Path]) -> None:
        """Append `paths` to the references (a file of a whole test set: its roles)."""
        self._add_files(self.references, paths)

    def remove_selected(self) -> None:
        """Remove the selected references."""
        self.references.remove_selected()
        self._update_buttons()

    def reference_paths(self) -> list[Path]:
        """The references listed, in order."""
        return self.references.paths()

    def add_systems(self, paths: Sequence[Path]) -> None:
        """Append `paths` to the other systems (a file of a whole test set: roles)."""
        self._add_files(self.systems, paths)

    def remove_selected_systems(self) -> None:
        """Remove the selected other systems."""
        self.systems.remove_selected()
        self._update_buttons()

    def system_paths(self) -> list[Path]:
        """The other systems listed, in order."""
        return self.systems.paths()

    def file_set(self) -> OrUnavailable[FileSet]:
        """The files chosen, or what is missing (one line)."""
        candidate = self.candidate.text().strip()
        source = self.source.text().strip()
        references = tuple(self.reference_paths())
        if not references:
            return Unavailable(NO_REFERENCE)
        if not candidate:
            return Unavailable(NO_CANDIDATE)
        others = tuple(self.system_paths())
        encodings = [
            *self.references.encodings(),
            *self.systems.encodings(),
            (Path(candidate), self.candidate_encoding.encoding()),
        ]
        if source:
            encodings.append((Path(source), self.source_encoding.encoding()))
        languages = self.languages.languages()
        if languages is None and self._languages_needed():
            return Unavailable(NO_LANGUAGES)
        states = XliffStates.ALL if self.count_unfinished.isChecked() else None
        options = FormatOptions(
            languages=languages if self._languages_needed() else None,
            xliff_states=states or XliffStates.FINAL,
        )
        # A file given twice: the session refuses it, in one line.
        return FileSet(
            Path(candidate),
            references,
            Path(source) if source else None,
            self._encoding,
            systems=(*others, Path(candidate)) if others else (),
            encodings=tuple(encodings),
            options=options,
        )

    def _add_files(self, listed: _FileList, paths: Sequence[Path]) -> None:
        """Append `paths` to a list; a file of a whole test set asks for roles."""
        for path in paths:
            if opens_with_roles(path):
                self.bundle_chosen.emit(path, self._encoding)
                return
            listed.add_file(path, self._encoding)
        self._update_buttons()

    # --- the outcome ------------------------------------------------------------------

    @property
    def checking(self) -> bool:
        """Whether the files asked for are being read (the fields are locked)."""
        return self._checking

    def set_checking(self, checking: bool) -> None:
        """Lock the fields while the files are read, or unlock them."""
        self._checking = checking
        for widget in (
            self.references,
            self.source,
            self.source_encoding,
            self.candidate,
            self.candidate_encoding,
            self.systems,
            self.languages,
        ):
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
            self.problem.say(CHECKING_TEXT)
        self._update_buttons()

    def show_problem(self, message: str) -> None:
        """Say why the files were not opened; the fields can be changed again."""
        self.set_checking(False)
        self.problem.warn(message)

    @property
    def problem_text(self) -> str:
        """The line under the fields ('' when none is shown)."""
        return self.problem.shown

    # --- handlers ---------------------------------------------------------------------

    def _update_languages(self) -> None:
        """Show the TMX languages while a TMX file is listed.

        And the choice of XLIFF units while an XLIFF file is.
        """
        typed = (self.candidate.text(), self.source.text())
        names = [*map(str, self.reference_paths()), *map(str, self.system_paths())]
        listed = [name.strip() for name in (*typed, *names) if name.strip()]
        formats = {detect_format(name) for name in listed}
        needed = Format.TMX in formats and bool(self.languages.offered)
        self.languages_label.setVisible(needed)
        self.languages.setVisible(needed)
        self.count_unfinished.setVisible(Format.XLIFF in formats)
        # An XML file declares its encoding: no chooser where it would be ignored.
        for field, combo in (
            (self.candidate, self.candidate_encoding),
            (self.source, self.source_encoding),
        ):
            name = field.text().strip()
            combo.setVisible(not name or detect_format(name) in ENCODING_FORMATS)

    def _languages_needed(self) -> bool:
        """Whether the TMX languages are asked for (offered, and a TMX listed)."""
        return not self.languages.isHidden()

    def _update_buttons(self) -> None:
        self._update_languages()
        editable = not self._checking
        self.remove_button.setEnabled(
            editable and bool(self.references.selectedItems())
        )
        self.remove_system_button.setEnabled(
            editable and bool(self.systems.selectedItems())
        )

    def _on_languages_chosen(self) -> None:
        if self.problem_text.startswith("⚠") and not self._checking:
            self.problem.say("")

    def _on_ok(self) -> None:
        typed = [self.candidate.text().strip(), self.source.text().strip()]
        bundle = next((Path(t) for t in typed if t and opens_with_roles(Path(t))), None)
        if bundle is not None:
            self.bundle_chosen.emit(bundle, self.candidate_encoding.encoding())
            return
        files = self.file_set()
        if isinstance(files, Unavailable):
            self.problem.say(f"⚠ {files.reason}")
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
            self, "Choose the reference file(s)", self._start(), FILE_FILTERS
        )
        self.add_references([self._picked(path) for path in paths])

    def _on_add_systems(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Choose other systems' outputs", self._start(), FILE_FILTERS
        )
        self.add_systems([self._picked(path) for path in paths])

    def _on_browse_source(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Choose the source", self._start(), FILE_FILTERS
        )
        if path:
            self._set_single(self.source, self._picked(path))

    def _on_browse_candidate(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Choose the candidate (system output)", self._start(), FILE_FILTERS
        )
        if path:
            self._set_single(self.candidate, self._picked(path))

    def _set_single(self, field: QLineEdit, path: Path) -> None:
        """Put a picked file in `field`; a file of a whole test set asks for roles."""
        if opens_with_roles(path):
            self.bundle_chosen.emit(path, self._encoding)
            return
        field.setText(str(path))

    @override
    def accept(self) -> None:
        """Close: the files were opened."""
        self._checking = False
        super().accept()


class _FileList(QTreeWidget):
    """Files of one role, each with its encoding; Delete or Backspace removes.

    Signals:
        delete_pressed: the user asked to remove the selection.
    """

    delete_pressed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setColumnCount(2)
        self.setHeaderLabels(["File", "Encoding"])
        self.headerItem().setToolTip(1, ENCODING_HINT)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        # Room for four files under the header: enough for any test set.
        rows = max(
            self.fontMetrics().lineSpacing(), EncodingCombo().sizeHint().height()
        )
        self.setMaximumHeight(rows * 5 + 2 * self.frameWidth() + 4)

    def add_file(self, path: Path, encoding: str) -> None:
        """Append `path` with its encoding chooser, and make it current.

        An XLIFF or TMX file declares its own encoding (XML): no chooser, which
        would change nothing, but a word saying so.
        """
        item = QTreeWidgetItem([str(path)])
        item.setToolTip(0, str(path))
        self.addTopLevelItem(item)
        if detect_format(path) in ENCODING_FORMATS:
            self.setItemWidget(item, 1, EncodingCombo(None, encoding))
        else:
            item.setText(1, OWN_ENCODING)
            item.setToolTip(1, OWN_ENCODING_HINT)
            item.setForeground(1, self.palette().placeholderText())
        self.setCurrentItem(item)

    def remove_selected(self) -> None:
        for item in self.selectedItems():
            self.takeTopLevelItem(self.indexOfTopLevelItem(item))

    def paths(self) -> list[Path]:
        """The files listed, in order."""
        return [Path(item.text(0)) for item in self._items()]

    def encodings(self) -> list[tuple[Path, str]]:
        """(file, encoding chosen) of each file listed, in order."""
        return [
            (Path(item.text(0)), combo.encoding())
            for item in self._items()
            if (combo := self.encoding_combo(item)) is not None
        ]

    def encoding_combo(self, item: QTreeWidgetItem) -> EncodingCombo | None:
        """The encoding chooser of a row (None: the file declares its own)."""
        combo = self.itemWidget(item, 1)
        return combo if isinstance(combo, EncodingCombo) else None

    def _items(self) -> list[QTreeWidgetItem]:
        found = (self.topLevelItem(k) for k in range(self.topLevelItemCount()))
        return [item for item in found if item is not None]

    def count(self) -> int:
        """How many files are listed."""
        return self.topLevelItemCount()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Delete) or (
            event.key() == Qt.Key.Key_Backspace
        ):
            self.delete_pressed.emit()
            event.accept()
            return
        super().keyPressEvent(event)


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A label whose mnemonic (Alt+letter) moves the focus to `widget`."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label
