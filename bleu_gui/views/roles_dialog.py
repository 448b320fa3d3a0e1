"""The roles dialog: which column of a file of several texts plays which role.

A WMT XML test set holds the source, every reference and every system; a
spreadsheet holds a column per text, and only the user knows which is which.
This dialog lists the file's columns with a role each (prefilled from what the
file says: a WMT file's references and systems, nothing for a spreadsheet's
headers), a preview of each column's first segment, the format's options and the
file's encoding. It reads nothing itself: it is given the file's `Bundle`
(`set_bundle`, read in the background by the session), asks for it again when an
option or the encoding changes (`reread_requested`), and OK emits the
`BundleSet` to open. As with the "Open test set" dialog, it stays open showing
"Checking the files…" until whoever opened it reports the outcome (`accept()`,
or `show_problem()` with the session's one line); what was loaded stays until
then.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.bundle import ROW, Bundle, Column, Format, Role, Roles
from bleu_gui.io.errors import display_name
from bleu_gui.io.file_format import ENCODING_FORMATS, FORMATS, detect_format
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import BundleSet
from bleu_gui.views.dialog_parts import ProblemLine, open_buttons
from bleu_gui.views.encoding_choice import EncodingCombo
from bleu_gui.views.language_choice import LanguagePair

__all__ = [
    "NOT_USED",
    "NO_REFERENCE_COLUMN",
    "NO_SYSTEM_COLUMN",
    "READING_TEXT",
    "RolesDialog",
]

NOT_USED = "Not used"
READING_TEXT = "Reading the file…"
CHECKING_TEXT = "Checking the files…"
NO_REFERENCE_COLUMN = "choose at least one column as a reference"
NO_SYSTEM_COLUMN = "choose at least one column as a system (the output to score)"

# The roles a column can be given, in the order the chooser lists them.
_ROLE_TEXT: dict[Role, str] = {
    Role.REFERENCE: "Reference",
    Role.SYSTEM: "System",
    Role.SOURCE: "Source",
    Role.DOCUMENT: "Document ids",
    Role.UNIT: "Unit ids",
}

# Rows the table shows without scrolling, the dialog grown for them.
_ROWS_SHOWN = 10

# Characters of a column's first segment shown as its preview.
_PREVIEW = 80


class RolesDialog(QDialog):
    """Give each column of a file of several texts its role, and open it.

    Signals:
        open_requested: the `BundleSet` to open (OK clicked, roles valid); the
            dialog then waits for `accept()` or `show_problem()`.
        reread_requested: (path, format, encoding, `FormatOptions`): read the
            file again with another encoding or options; answer `set_bundle`.
    """

    open_requested = Signal(object)
    reread_requested = Signal(object, object, str, object)

    def __init__(
        self,
        parent: QWidget | None,
        path: Path,
        *,
        encoding: str = "utf-8",
        format_: Format | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = path
        self.format = detect_format(path) if format_ is None else format_
        self.setWindowTitle(f"Open {path.name}")
        self._bundle: Bundle | None = None
        self._checking = False

        self.summary = QLabel(f"<b>{_escaped(path.name)}</b>")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)

        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Column", "Role", "First segment"])
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip(
            "The file's texts: give each one its role. Systems are scored in this "
            "order; the first is the baseline of every comparison."
        )
        self.order_hint = QLabel(
            "Systems are compared in this order: the first is the baseline, the "
            "last is shown."
        )
        self.order_hint.setEnabled(False)  # the palette's quiet text
        # What the file leaves out or lacks, said before it is opened: the place
        # to decide on the options below (test suites, segments without a
        # reference) or on another column.
        self.notices = QLabel()
        self.notices.setWordWrap(True)
        self.notices.setTextFormat(Qt.TextFormat.PlainText)
        self.notices.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.notices.hide()

        # The format's options: only those of this format are shown.
        self.include_testsuites = QCheckBox("Include &test-suite documents")
        self.include_testsuites.setToolTip(
            "WMT test sets add documents of test suites; sacreBLEU skips them, and "
            "so does bleu-gui unless this is ticked."
        )
        self.keep_unreferenced = QCheckBox("&Keep segments without a reference")
        self.keep_unreferenced.setToolTip(
            "sacreBLEU drops segments no reference translates; keep them to see "
            "them (the score is then not sacreBLEU's)."
        )
        # The workbook's sheets, as read from it (`Bundle.sheets`): chosen, not typed.
        self.sheet = QComboBox()
        self.sheet.setAccessibleName("Sheet")
        self.sheet.setToolTip("The workbook's sheet to read")
        self.sheet.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.sheet_label = _buddy("S&heet:", self.sheet)
        # A TMX file's languages, as read from it (`Bundle.languages`).
        self.languages = LanguagePair()
        self.languages_label = _buddy("&Languages:", self.languages.source)
        self.encoding = EncodingCombo(self, encoding)
        self.encoding_label = _buddy("&Encoding:", self.encoding)

        options = QHBoxLayout()
        options.addWidget(self.include_testsuites)
        options.addWidget(self.keep_unreferenced)
        options.addWidget(self.sheet_label)
        options.addWidget(self.sheet)
        options.addWidget(self.languages_label)
        options.addWidget(self.languages)
        options.addStretch(1)
        options.addWidget(self.encoding_label)
        options.addWidget(self.encoding)
        self._show_options()

        self.problem = ProblemLine()

        self.button_box, self.ok_button = open_buttons()

        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.order_hint)
        layout.addWidget(self.notices)
        layout.addLayout(options)
        layout.addWidget(self.problem)
        layout.addWidget(self.button_box)
        self.resize(760, 420)

        self.button_box.accepted.connect(self._on_ok)
        self.button_box.rejected.connect(self.reject)
        self.include_testsuites.toggled.connect(self._reread)
        self.keep_unreferenced.toggled.connect(self._reread)
        self.sheet.activated.connect(self._reread)
        self.languages.chosen.connect(self._reread)
        self.encoding.activated.connect(self._reread)
        typed = self.encoding.lineEdit()
        if typed is not None:
            typed.editingFinished.connect(self._reread)
        self._read_options = self.options()
        self._read_encoding = self.encoding.encoding()
        self._reading(True)

    # --- the file's columns -----------------------------------------------------------

    @property
    def bundle(self) -> Bundle | None:
        """The file as last read, if it was."""
        return self._bundle

    def set_bundle(self, bundle: Bundle, roles: Roles | None = None) -> None:
        """Show the file's columns, each with its role.

        `roles` (column keys) preselects; without it, each column gets the role
        the file says (none for a spreadsheet's). A role chosen before a
        re-read stays on the column of the same key.
        """
        kept = self._chosen_roles()  # before a re-read: the user's choices
        self._bundle = bundle
        if bundle.format is not self.format:  # told by its content, not its name
            self.format = bundle.format
            self._show_options()
        self._offer_choices(bundle)
        chosen = _by_key(roles) if roles is not None else None
        self.table.setRowCount(0)
        offered: list[Role] = [
            r for r in _ROLE_TEXT if r not in (Role.DOCUMENT, Role.UNIT)
        ]
        if bundle.documents is None:
            offered.append(Role.DOCUMENT)
        if bundle.units is not None and bundle.units.header == ROW:
            offered.append(Role.UNIT)  # a spreadsheet: ids instead of its rows
        for row, column in enumerate(bundle.columns):
            self.table.insertRow(row)
            name = QTableWidgetItem(column.label)
            name.setToolTip(f"{column.label} (key {column.key!r})")
            self.table.setItem(row, 0, name)
            combo = QComboBox()
            combo.setAccessibleName(f"Role of {column.label}")
            combo.addItem(NOT_USED, "")
            for offer in offered:  # the value: Qt keeps a str, not the enum
                combo.addItem(_ROLE_TEXT[offer], offer.value)
            if chosen is not None:
                role = chosen.get(column.key)
            else:
                role = kept.get(column.key, column.role)
            combo.setCurrentIndex(max(0, combo.findData(role.value if role else "")))
            combo.currentIndexChanged.connect(self._on_role_changed)
            self.table.setCellWidget(row, 1, combo)
            preview = QTableWidgetItem(_preview(column))
            preview.setToolTip(
                column.segments.lines[0] if column.segments.lines else ""
            )
            self.table.setItem(row, 2, preview)
        self.summary.setText(_summary(bundle))
        self.notices.setText(_notices(bundle))
        self.notices.setVisible(bool(bundle.notices))
        self._fit_rows()
        combos = [self.table.cellWidget(row, 1) for row in range(len(bundle.columns))]
        widths = [combo.sizeHint().width() for combo in combos if combo is not None]
        self.table.setColumnWidth(1, max(widths, default=120))
        # The labels' width, and some air: a name must not touch the chooser.
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(0, self.table.columnWidth(0) + 12)
        self._reading(False)

    def _offer_choices(self, bundle: Bundle) -> None:
        """List the workbook's sheets and the TMX file's languages, as read.

        The sheet read stays chosen (the first, unless another was asked for);
        so do the languages read (those the file has, when it has two).
        """
        if bundle.sheets:
            asked = self._read_options.sheet
            self.sheet.clear()
            self.sheet.addItems(list(bundle.sheets))
            self.sheet.setCurrentIndex(max(0, self.sheet.findText(asked or "")))
        if bundle.languages:  # the source and target read come first
            read = bundle.languages[0], bundle.languages[1]
            self.languages.offer(bundle.languages, read)

    def _fit_rows(self) -> None:
        """Room for every column's row (up to `_ROWS_SHOWN`), the dialog grown to it.

        Notices under the table take height: without this, a WMT file's seven
        texts would scroll in a table that has the room for six.
        """
        table = self.table
        rows = min(table.rowCount(), _ROWS_SHOWN)
        height = sum(table.rowHeight(row) for row in range(rows))
        height += table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        table.setMinimumHeight(height)
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))

    def _show_options(self) -> None:
        """Show the options of the file's format only (its encoding if it has one)."""
        wmt = self.format in (Format.WMT_XML, Format.WMT_SGML)
        self.include_testsuites.setVisible(self.format is Format.WMT_XML)
        self.keep_unreferenced.setVisible(wmt)
        self.sheet_label.setVisible(self.format is Format.XLSX)
        self.sheet.setVisible(self.format is Format.XLSX)
        self.encoding_label.setVisible(self.format in ENCODING_FORMATS)
        self.encoding.setVisible(self.format in ENCODING_FORMATS)
        self.languages_label.setVisible(self.format is Format.TMX)
        self.languages.setVisible(self.format is Format.TMX)

    def role_combo(self, key: str) -> QComboBox:
        """The role chooser of the column `key`."""
        bundle = self._bundle
        assert bundle is not None
        for row, column in enumerate(bundle.columns):
            if column.key == key:
                combo = self.table.cellWidget(row, 1)
                assert isinstance(combo, QComboBox)
                return combo
        raise KeyError(key)

    def options(self) -> FormatOptions:
        """The format options chosen."""
        # The first sheet is the one read unasked: None, as the command line's.
        sheet = self.sheet.currentText() if self.sheet.currentIndex() > 0 else None
        return FormatOptions(
            include_testsuites=self.include_testsuites.isChecked(),
            keep_unreferenced=self.keep_unreferenced.isChecked(),
            sheet=sheet,
            languages=self.languages.languages(),
        )

    def roles(self) -> OrUnavailable[Roles]:
        """The roles chosen, or what is missing or doubled (one line)."""
        bundle = self._bundle
        if bundle is None:
            return Unavailable(READING_TEXT)
        chosen = self._chosen_roles()
        keys = [column.key for column in bundle.columns]

        def of(role: Role) -> tuple[str, ...]:
            return tuple(key for key in keys if chosen.get(key) is role)

        references, systems = of(Role.REFERENCE), of(Role.SYSTEM)
        if not references:
            return Unavailable(NO_REFERENCE_COLUMN)
        if not systems:
            return Unavailable(NO_SYSTEM_COLUMN)
        for role in (Role.SOURCE, Role.DOCUMENT, Role.UNIT):
            given = of(role)
            if len(given) > 1:
                labels = " and ".join(bundle.column(key).label for key in given)
                return Unavailable(
                    f"{labels} are both {_ROLE_TEXT[role].lower()}: choose one"
                )
        source, documents, units = of(Role.SOURCE), of(Role.DOCUMENT), of(Role.UNIT)
        return Roles(
            references,
            systems,
            source[0] if source else None,
            documents[0] if documents else None,
            units[0] if units else None,
        )

    def request(self) -> OrUnavailable[BundleSet]:
        """What OK opens, or why it cannot yet (one line)."""
        roles = self.roles()
        if isinstance(roles, Unavailable):
            return roles
        return BundleSet(
            self.path, roles, self.format, self.encoding.encoding(), self.options()
        )

    # --- the outcome ------------------------------------------------------------------

    @property
    def checking(self) -> bool:
        """Whether the chosen roles are being opened (the choices are locked)."""
        return self._checking

    def set_checking(self, checking: bool) -> None:
        """Lock the choices while the file is opened, or unlock them."""
        self._checking = checking
        self._lock(checking)
        if checking:
            self.problem.say(CHECKING_TEXT)
        elif self.problem_text in (CHECKING_TEXT, READING_TEXT):
            self.problem.say("")

    def show_problem(self, message: str) -> None:
        """Say why the file was not read or opened; the choices can change again."""
        self.set_checking(False)
        self._lock(False)
        self.ok_button.setEnabled(self._bundle is not None)
        self.problem.warn(message)

    @property
    def problem_text(self) -> str:
        """The line under the table ('' when none is shown)."""
        return self.problem.shown

    @override
    def accept(self) -> None:
        """Close: the file was opened."""
        self._checking = False
        super().accept()

    # --- handlers ---------------------------------------------------------------------

    def _chosen_roles(self) -> dict[str, Role | None]:
        bundle = self._bundle
        if bundle is None:
            return {}
        chosen: dict[str, Role | None] = {}
        for row, column in enumerate(bundle.columns):
            combo = self.table.cellWidget(row, 1)
            if isinstance(combo, QComboBox):
                data = combo.currentData()
                chosen[column.key] = Role(data) if data else None
        return chosen

    def _on_role_changed(self) -> None:
        if self.problem_text.startswith("⚠"):
            self.problem.say("")

    def _on_ok(self) -> None:
        request = self.request()
        if isinstance(request, Unavailable):
            self.problem.say(f"⚠ {request.reason}")
            return
        self.set_checking(True)
        self.open_requested.emit(request)

    def _reread(self) -> None:
        """Another encoding or option: read the file again (roles are kept)."""
        options, encoding = self.options(), self.encoding.encoding()
        if (options, encoding) == (self._read_options, self._read_encoding):
            return
        self._read_options, self._read_encoding = options, encoding
        self._reading(True)
        self.reread_requested.emit(self.path, self.format, encoding, options)

    def _reading(self, reading: bool) -> None:
        self.table.setEnabled(not reading)
        self.ok_button.setEnabled(not reading)
        if reading:
            self.problem.say(READING_TEXT)
        elif self.problem_text == READING_TEXT:
            self.problem.say("")

    def _lock(self, locked: bool) -> None:
        for widget in (
            self.table,
            self.include_testsuites,
            self.keep_unreferenced,
            self.sheet,
            self.languages,
            self.encoding,
        ):
            widget.setEnabled(not locked)
        self.ok_button.setEnabled(not locked and self._bundle is not None)


def _by_key(roles: Roles) -> dict[str, Role | None]:
    chosen: dict[str, Role | None] = {}
    chosen.update(dict.fromkeys(roles.references, Role.REFERENCE))
    chosen.update(dict.fromkeys(roles.systems, Role.SYSTEM))
    if roles.source is not None:
        chosen[roles.source] = Role.SOURCE
    if roles.documents is not None:
        chosen[roles.documents] = Role.DOCUMENT
    if roles.units is not None:
        chosen[roles.units] = Role.UNIT
    return chosen


def _summary(bundle: Bundle) -> str:
    """The line above the table: file, format, segments, documents."""
    segments = len(bundle.columns[0].segments.lines) if bundle.columns else 0
    parts = [
        f"<b>{_escaped(bundle.path.name)}</b>",
        FORMATS[bundle.format].label,
        f"{segments:,} segment{'s' if segments != 1 else ''}",
    ]
    if bundle.documents is not None:
        count = len(set(bundle.documents))
        parts.append(f"{count:,} document{'s' if count != 1 else ''}")
    return " · ".join(parts)


def _notices(bundle: Bundle) -> str:
    """The file's notices, a line each, without the file's name (the title says it)."""
    name = display_name(bundle.path)
    lines = []
    for notice in bundle.notices:
        for start in (f"{name}: ", f"{name}, "):
            if notice.startswith(start):
                notice = notice.removeprefix(start)
                break
        lines.append(f"• {notice[:1].upper()}{notice[1:]}")
    return "\n".join(lines)


def _preview(column: Column) -> str:
    lines = column.segments.lines
    if not lines:
        return ""
    first = lines[0]
    return first if len(first) <= _PREVIEW else first[: _PREVIEW - 1] + "…"


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _buddy(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label
