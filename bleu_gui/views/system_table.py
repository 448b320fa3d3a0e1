"""The systems table: which system is better, is it real, and why.

One row per system (`models.systems_model`): BLEU, Δ to the baseline, the paired
test's mean ± 95% CI and p-value, the test and its signature, and the Δ split into
length and per-order parts, painted as a small bar (`DeltaBarDelegate`). Above it:
the test (bootstrap or approximate randomization), its number of samples, its
seed (sacreBLEU's `SACREBLEU_SEED` rule, `io.seed`: the field starts from that
variable, 12345 when unset, and takes an integer or "none"), the baseline,
whether to test the shown sentences only or every pair, Run, and the progress
with Cancel. Below it: a legend of the bar's colours and one line of
status (a failure, a stale result, a subset's label and its caveat).

The baseline belongs to the session: choosing one here (the combo or the table's
context menu) only emits `baseline_requested`; the table follows the model's
`baseline_changed`.
"""

from __future__ import annotations

import html

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRegularExpression,
    QSignalBlocker,
    QSize,
    Qt,
)
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtGui import QColor, QPainter, QPalette, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.config import ConfigError
from bleu_gui.core.score_delta import ScoreDelta
from bleu_gui.core.significance import DEFAULT_SAMPLES, MAX_SAMPLES, PairedTest
from bleu_gui.io.seed import (
    SEED_DIGITS,
    SEED_VARIABLE,
    environment_text,
    parse_seed,
)
from bleu_gui.io.significance_text import SUBSET_NOTE
from bleu_gui.io.systems_table import SYSTEM_COLUMNS
from bleu_gui.models.systems_model import (
    DELTA_ROLE,
    STALE_ROLE,
    SYSTEM_ROLE,
    SystemColumn,
    SystemsModel,
)
from bleu_gui.views.palette import delta_part_color, is_palette_change, muted_text_color

__all__ = ["EMPTY_STATUS", "TEST_LABELS", "DeltaBarDelegate", "SystemTable"]

TEST_LABELS = {
    PairedTest.BOOTSTRAP: "Bootstrap",
    PairedTest.RANDOMIZATION: "Randomization",
}
"""The test menu's entries."""

_SHOWN_ONLY = "Shown only"
EMPTY_STATUS = "The systems appear here as they are scored."
# What the Seed field lets be typed: digits, or (a start of) "none" in any case.
_SEED_TYPING = rf"\s*(\d{{0,{SEED_DIGITS}}}|[Nn]([Oo]([Nn][Ee]?)?)?)\s*"
_BAR_WIDTH = 56  # the Why Δ column's width, pixels: the dock is narrow
_HIDDEN_BY_DEFAULT = (SystemColumn.TEST, SystemColumn.SIGNATURE)
_DOCK_FRAME = 24  # the dock's frame and its scroll area's, pixels
_CELL_PADDING = 8  # a cell's margins, pixels
_WIDEST_TEXTS = {SystemColumn.P_VALUE: "0.0000*", SystemColumn.MEAN_CI: "00.00 ± 0.00"}
_PAD = 3


class DeltaBarDelegate(QStyledItemDelegate):
    """Paints the Δ's parts as a bar, and a stale result's cells muted.

    The bar: a line at zero; each part (length, then the orders) a segment in its
    colour, gains stacked to the right of the line, losses to the left. Every row
    is drawn to one scale, the cell's width spanning the largest loss and the
    largest gain of any row, so that bars compare across rows.
    """

    def __init__(self, why_column: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._why = why_column

    @override
    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        if index.data(STALE_ROLE):
            muted = muted_text_color(option.palette)
            option.palette.setColor(QPalette.ColorRole.Text, muted)
        if index.column() == self._why:
            option.text = ""

    @override
    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        super().paint(painter, option, index)
        if index.column() != self._why:
            return
        delta = index.data(DELTA_ROLE)
        if not isinstance(delta, ScoreDelta):
            return
        gains, losses = _extent(index)
        if gains + losses <= 0:
            return
        rect: QRect = option.rect.adjusted(_PAD, _PAD + 1, -_PAD, -_PAD - 1)
        palette: QPalette = option.palette
        # Zero where the largest loss of any row ends: no half of the bar idles
        # when every system is better (or worse) than the baseline.
        per_point = rect.width() / (gains + losses)
        zero = rect.left() + round(losses * per_point)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        right = left = float(zero)
        parts: list[tuple[QRect, QColor]] = []
        for part in delta.parts:
            width = abs(part.points) * per_point
            if width <= 0:
                continue
            if part.points > 0:
                span = _span(right, width, rect)
                right += width
            else:
                left -= width
                span = _span(left, width, rect)
            parts.append((span, delta_part_color(part.order, palette)))
        if parts and option.state & QStyle.StateFlag.State_Selected:
            # On a selected row the whole bar stands on the base colour, one pixel
            # around it: the highlight is often as blue as the n-gram parts. Not a
            # frame per part: on a part a few pixels wide, a frame left no colour.
            whole = parts[0][0]
            for span, _ in parts[1:]:
                whole = whole.united(span)
            painter.fillRect(
                whole.adjusted(-1, -1, 1, 1), palette.color(QPalette.ColorRole.Base)
            )
        for span, color in parts:
            painter.fillRect(span, color)
        painter.setPen(muted_text_color(palette))
        painter.drawLine(zero, option.rect.top() + 1, zero, option.rect.bottom() - 1)
        painter.restore()

    @override
    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        if index.column() == self._why:
            return QSize(_BAR_WIDTH, size.height())
        return size


def _span(start: float, width: float, rect: QRect) -> QRect:
    """A segment of the bar: from `start` for `width` pixels, at least one wide."""
    return QRect(round(start), rect.top(), max(1, round(width)), rect.height())


def _extent(index: QModelIndex | QPersistentModelIndex) -> tuple[float, float]:
    """The scale of the bars of `index`'s table (`SystemsModel.delta_extent`)."""
    model = index.model()
    return model.delta_extent() if isinstance(model, SystemsModel) else (0.0, 0.0)


class SystemTable(QWidget):
    """The systems table with its test controls (see the module).

    Signals:
        baseline_requested: (position) the user chose this system as the baseline.
    """

    baseline_requested = QtSignal(int)

    def __init__(self, model: SystemsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._failure: str | None = None

        self.test_box = QComboBox()
        for test, label in TEST_LABELS.items():
            self.test_box.addItem(label, test)
        self.test_box.setToolTip(
            "The paired test: bootstrap resampling (sacreBLEU's --paired-bs, with "
            "a 95% interval) or approximate randomization (--paired-ar); each "
            "system is tested against the baseline"
        )
        self.samples_box = QSpinBox()
        self.samples_box.setRange(1, MAX_SAMPLES)
        self.samples_box.setGroupSeparatorShown(True)
        self.samples_box.setValue(DEFAULT_SAMPLES[PairedTest.BOOTSTRAP])
        self.samples_box.setToolTip(
            "Resamples (bootstrap) or trials (randomization); sacreBLEU's defaults "
            "are 1,000 and 10,000"
        )
        self.seed_box = QLineEdit(environment_text())
        self.seed_box.setValidator(
            QRegularExpressionValidator(QRegularExpression(_SEED_TYPING), self)
        )
        self.seed_box.setMaximumWidth(
            self.seed_box.fontMetrics().horizontalAdvance("0" * 9) + _CELL_PADDING * 2
        )
        self.seed_box.setToolTip(
            "The tests' random seed, as sacreBLEU's SACREBLEU_SEED (--seed on the "
            "command line): an integer, or 'none' for fresh randomness on every "
            f"run. It starts from {SEED_VARIABLE} when that is set, else 12345."
        )
        self.baseline_box = QComboBox()
        self.baseline_box.setToolTip("The system every other one is compared with")
        # As wide as the longest name: a cut name ("Faceboc") says nothing.
        self.baseline_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToContents
        )
        self.subset_box = QCheckBox(_SHOWN_ONLY)
        self.all_pairs_box = QCheckBox("All pairs")
        self.all_pairs_box.setToolTip(
            "Test every pair of systems on the same resamples (see the All pairs "
            "matrix), not only each against the baseline"
        )
        self.run_button = QPushButton("Run")
        self.cancel_button = QPushButton("Cancel")
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)

        # Short rows rather than one long one: the table may sit in a dock 340-400
        # pixels wide. The progress row shows only while a test runs.
        # The test, its resamples and Run, then the seed and baseline it runs
        # with: no row wider than the other docks' 340 pixels, so that the Systems
        # dock, tabbed with them, never widens the window when it appears.
        test_row = QHBoxLayout()
        test_row.addWidget(QLabel("Test:"))
        test_row.addWidget(self.test_box)
        test_row.addWidget(self.samples_box)
        test_row.addStretch(1)
        test_row.addWidget(self.run_button)
        choice_row = QHBoxLayout()
        seed_label = QLabel("Seed:")
        seed_label.setBuddy(self.seed_box)
        choice_row.addWidget(seed_label)
        choice_row.addWidget(self.seed_box)
        choice_row.addWidget(QLabel("Baseline:"))
        choice_row.addWidget(self.baseline_box)
        choice_row.addStretch(1)
        scope_row = QHBoxLayout()
        scope_row.addWidget(self.subset_box)
        scope_row.addWidget(self.all_pairs_box)
        scope_row.addStretch(1)
        self.progress_row = QWidget()
        progress_row = QHBoxLayout(self.progress_row)
        progress_row.setContentsMargins(0, 0, 0, 0)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)

        self.table = QTableView()
        self.table.setModel(model)
        # No sort until a header is clicked: the systems in the order given.
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        # Rows as compact as the sentence table's: ten systems in a short dock.
        self.table.verticalHeader().setDefaultSectionSize(
            self.table.fontMetrics().height() + 6
        )
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.delegate = DeltaBarDelegate(model.column_of(SystemColumn.WHY), self.table)
        # Only where it draws something of its own: the bar, a stale test's cells.
        # Elsewhere Qt's delegate fits and paints without calling into Python; with
        # ours, fitting the columns when a system's scores came (six columns, ten
        # rows) made 120 calls into Python, each waiting for the GIL while the other
        # systems were being scored.
        for column, spec in enumerate(SYSTEM_COLUMNS):
            if spec.of_test or spec.key is SystemColumn.WHY:
                self.table.setItemDelegateForColumn(column, self.delegate)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(True)
        # The bar next to the Δ it explains; the test and the signature, the same on
        # every row, under the table (`status_text`) unless chosen in `column_menu`.
        header.moveSection(
            header.visualIndex(model.column_of(SystemColumn.WHY)),
            header.visualIndex(model.column_of(SystemColumn.DELTA)) + 1,
        )
        for key in _HIDDEN_BY_DEFAULT:
            header.setSectionHidden(model.column_of(key), True)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(
            lambda at: self.column_menu().popup(header.mapToGlobal(at))
        )

        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)  # the test row fits 340 pixels
        layout.addLayout(test_row)
        layout.addLayout(choice_row)
        layout.addLayout(scope_row)
        layout.addWidget(self.progress_row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend)
        layout.addWidget(self.status)

        self._connect_signals()
        self._show_busy(self.model.job.is_running)
        self._on_model_changed()

    def _connect_signals(self) -> None:
        model, job = self.model, self.model.job
        self.test_box.currentIndexChanged.connect(self._on_test_changed)
        self.baseline_box.activated.connect(self._on_baseline_chosen)
        self.subset_box.toggled.connect(model.set_subset)
        self.seed_box.textChanged.connect(self._on_model_changed)
        self.run_button.clicked.connect(self.run_test)
        self.cancel_button.clicked.connect(model.cancel)
        self.table.customContextMenuRequested.connect(self._on_context_menu)
        self.table.selectionModel().currentRowChanged.connect(self._show_status)
        model.modelReset.connect(self._fit_columns)
        model.modelReset.connect(self._show_status)
        model.result_changed.connect(self._on_model_changed)
        model.baseline_changed.connect(self._show_baseline)
        model.failed.connect(self._on_failed)
        job.busy_changed.connect(self._show_busy)
        job.progress_changed.connect(self._show_progress)

    # --- user intents --------------------------------------------------------------

    @property
    def test(self) -> PairedTest:
        """The test chosen."""
        return PairedTest(self.test_box.currentData())

    @property
    def seed(self) -> int | None:
        """The seed typed (None: unseeded).

        Raises:
            ConfigError: the field holds no seed (`seed_problem` says why).
        """
        text = self.seed_box.text()
        source = SEED_VARIABLE if text == environment_text() else "Seed"
        return parse_seed(text, source)

    def seed_problem(self) -> str | None:
        """Why the Seed field holds no seed (one line), or None if it does."""
        try:
            self.seed  # noqa: B018 (read for its error)
        except ConfigError as error:
            return f"{error}."
        return None

    def why_not_run(self) -> str | None:
        """Why Run cannot start now (the model's reason or the seed's), or None."""
        return self.model.why_not_run() or self.seed_problem()

    def _on_test_changed(self) -> None:
        self.samples_box.setValue(DEFAULT_SAMPLES[self.test])

    def _on_baseline_chosen(self, position: int) -> None:
        if position != self.model.baseline:
            self.baseline_requested.emit(position)

    def run_test(self) -> None:
        """Run the chosen test, as Run does (on the shown sentences, if ticked)."""
        if self.seed_problem() is not None:
            self._show_status()
            return
        self._failure = None
        self.progress.setValue(0)
        self.model.run(
            self.test,
            self.samples_box.value(),
            seed=self.seed,
            all_pairs=self.all_pairs_box.isChecked(),
        )
        self._show_status()

    def wanted_width(self) -> int:
        """The width this panel needs to show its table's shown columns whole."""
        self._fit_columns()
        header = self.table.horizontalHeader()
        columns = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if not header.isSectionHidden(c)
        )
        scroll_bar = self.table.verticalScrollBar().sizeHint().width()
        frame = self.table.frameWidth() * 2 + scroll_bar
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        return columns + frame + margins.left() + margins.right() + _DOCK_FRAME

    def column_menu(self) -> QMenu:
        """A check per column (but the system's): which the table shows."""
        menu = QMenu("Columns", self)
        header = self.table.horizontalHeader()
        for spec in SYSTEM_COLUMNS:
            if spec.key is SystemColumn.NAME:
                continue
            column = self.model.column_of(spec.key)
            action = menu.addAction(spec.key.value)
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(column))
            action.setToolTip(spec.tooltip)
            action.toggled.connect(lambda shown, c=column: self._show_column(c, shown))
        menu.setToolTipsVisible(True)
        return menu

    def _show_column(self, column: int, shown: bool) -> None:
        self.table.horizontalHeader().setSectionHidden(column, not shown)
        if shown:
            self._fit_column(column)
        self._show_status()  # the test and signature are said here when hidden

    def _on_context_menu(self, at: QPoint) -> None:
        menu = self.context_menu_at(at)
        if menu is not None:
            menu.popup(self.table.viewport().mapToGlobal(at))

    def context_menu_at(self, at: QPoint) -> QMenu | None:
        """The table's context menu for the row at `at` (viewport pixels), unshown.

        "Use <system> as the baseline": asks for it (`baseline_requested`).
        """
        index = self.table.indexAt(at)
        if not index.isValid():
            return None
        system = int(index.data(SYSTEM_ROLE))
        name = self.model.entries[system].name
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        action = menu.addAction(f"Use {name} as the baseline")
        action.setEnabled(system != self.model.baseline)
        action.triggered.connect(lambda: self.baseline_requested.emit(system))
        return menu

    # --- what the model says -------------------------------------------------------

    def _on_model_changed(self) -> None:
        names = [entry.name for entry in self.model.entries]
        if [
            self.baseline_box.itemText(k) for k in range(self.baseline_box.count())
        ] != (names):
            self.baseline_box.clear()
            self.baseline_box.addItems(names)
        self._show_baseline(self.model.baseline)
        shown = self.model.shown_count
        total = len(self.model.entries[0].stats) if self.model.entries else 0
        self.subset_box.setEnabled(shown is not None)
        if self.subset_box.isChecked() != self.model.subset:
            with QSignalBlocker(self.subset_box):
                self.subset_box.setChecked(self.model.subset)
        self.subset_box.setText(
            _SHOWN_ONLY if shown is None else f"{_SHOWN_ONLY} ({shown:,} of {total:,})"
        )
        self.subset_box.setToolTip(
            "Score and test only the sentences the sentence table shows (filter it "
            "first)"
            if shown is None
            else "Score and test only the sentences the sentence table shows. "
            + SUBSET_NOTE
        )
        why_not = self.why_not_run()
        self.run_button.setEnabled(why_not is None)
        self.run_button.setToolTip(why_not or "Run the test in the background")
        self._show_legend()
        self._show_status()

    def _show_baseline(self, position: int) -> None:
        if 0 <= position < self.baseline_box.count():
            self.baseline_box.setCurrentIndex(position)

    def _on_failed(self, message: str) -> None:
        self._failure = message
        self._show_status()

    def _show_busy(self, busy: bool) -> None:
        self.progress_row.setVisible(busy)
        if not busy:
            self._show_status()

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        self.progress.setFormat(f"{done:,} of {total:,}")

    def _fit_columns(self) -> None:
        """Fit the shown columns to their contents; a hidden one is fitted when shown.

        Column by column: the Why Δ column has a fixed width, and asking the
        delegate for every cell's size there and in the hidden columns took half
        of the turn a test's result arrives in.
        """
        header = self.table.horizontalHeader()
        for column in range(header.count()):
            if not header.isSectionHidden(column):
                self._fit_column(column)
        header.setSectionResizeMode(
            self.model.column_of(SystemColumn.SIGNATURE),
            QHeaderView.ResizeMode.Interactive,
        )

    def _fit_column(self, column: int) -> None:
        if column == self.model.column_of(SystemColumn.WHY):
            self.table.setColumnWidth(column, _BAR_WIDTH)
            return
        self.table.resizeColumnToContents(column)
        # Room for a test's numbers before any test ran: the width does not jump.
        widest = _WIDEST_TEXTS.get(SYSTEM_COLUMNS[column].key)
        if widest is not None:
            room = self.table.fontMetrics().horizontalAdvance(widest) + _CELL_PADDING
            if self.table.columnWidth(column) < room:
                self.table.setColumnWidth(column, room)

    def _show_legend(self) -> None:
        orders = self.model.config.max_order
        palette = self.palette()
        chips = [_chip(delta_part_color(0, palette), "length")] + [
            _chip(delta_part_color(n, palette), f"{n}-gram")
            for n in range(1, orders + 1)
        ]
        self.legend.setText("Why Δ: " + " ".join(chips))
        self.legend.setToolTip(
            "The Δ's parts: the brevity penalty (length) and each order's "
            "precision; right of the line a gain, left a loss"
        )

    def status_text(self) -> str:
        """The status line: a failure, why the test cannot run, staleness, subset."""
        said: list[str] = []
        if not self.model.entries:  # a test set being opened, or re-scored
            said.append(EMPTY_STATUS)
        if self._failure:
            said.append(f"The test failed: {self._failure}.")
        why_not = self.model.why_not_run()
        if why_not and len(self.model.entries) > 0:
            said.append(why_not)
        seed_problem = self.seed_problem()
        if seed_problem:
            said.append(seed_problem)
        stale = self.model.stale_reason()
        if stale:
            said.append(stale)
        edited = self.model.edits_note()
        if edited:
            said.append(edited)
        label = self._subset_label()
        if label:
            said.append(label[0].upper() + label[1:] + ".")
        result = self.model.result
        request_rows = self._tested_rows()
        if request_rows is not None and result is not None:
            said.append(SUBSET_NOTE)
        elif self.model.subset and self.model.shown_count is not None:
            said.append(
                f"Scores of the {self.model.shown_count:,} shown sentences only."
            )
        return " ".join(said + self._hidden_columns_text())

    def _hidden_columns_text(self) -> list[str]:
        """The test and its signature, when their columns are hidden (one per row).

        Before a test the signature is the corpus score's, shown in the Corpus
        panel and in the column's cells (View it with the header's menu).
        """
        header = self.table.horizontalHeader()
        said = []
        for key, label in ((SystemColumn.TEST, "Test"), (SystemColumn.SIGNATURE, "")):
            column = self.model.column_of(key)
            if not header.isSectionHidden(column) or self.model.result is None:
                continue
            text = str(self.model.index(0, column).data() or "")
            if text:
                said.append(f"{label}: {text}." if label else text)
        return said

    def _tested_rows(self) -> object | None:
        request = self.model.current_request
        return None if request is None else request.rows

    def _subset_label(self) -> str | None:
        """The subset label of the selected system, else of the first that has one."""
        current = self.table.currentIndex()
        systems = [current.data(SYSTEM_ROLE)] if current.isValid() else []
        systems += [
            self.model.index(row, 0).data(SYSTEM_ROLE)
            for row in range(self.model.rowCount())
        ]
        for system in systems:
            label = self.model.subset_label(int(system))
            if label is not None:
                return label
        return None

    def _show_status(self) -> None:
        text = self.status_text()
        self.status.setText(text)
        self.status.setVisible(bool(text))

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Recolour the legend when the palette changes (light ⇄ dark)."""
        super().changeEvent(event)
        if is_palette_change(event):
            self._show_legend()


def _chip(color: QColor, text: str) -> str:
    """A coloured square and its label, as rich text."""
    return f'<span style="color:{color.name()}">■</span>&nbsp;{html.escape(text)}'
