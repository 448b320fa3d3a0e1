"""File › Open sacreBLEU test set…: a test set by name, and a system's output.

sacreBLEU's users know their test set by name ("wmt21", "de-en"), not by the files
in its cache. The dialog lists every test set sacreBLEU knows, newest first, those
already in its cache marked, and the chosen set's language pairs; with a system
file, Open fetches the set in the background (`models.named_set_fetch`: sacreBLEU
downloads it if need be), with its progress and a Cancel that stops waiting, and
then asks for the set and the system to be opened (`open_requested`), as the
"Open test set" dialog does. sacreBLEU's `--origlang` and `--subset` are choices
here too: the original language among the pair's two languages (or every other
one, "non-de"), and a domain pattern. A fetch that fails (offline
and not cached) is one line, here and in the window's error place.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.models.named_set_fetch import (
    NamedSetChoice,
    NamedSetFetcher,
    NamedSetFiles,
)
from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.session import FileSet
from bleu_gui.views.dialog_parts import ProblemLine, open_buttons

__all__ = [
    "ALL_DOCUMENTS",
    "CACHED_MARK",
    "NO_PAIR",
    "NO_SYSTEM",
    "NO_TEST_SET",
    "NamedSetDialog",
    "set_label",
]

CACHED_MARK = "in the cache"
NO_TEST_SET = "Choose a test set."
NO_PAIR = "Choose a language pair."
NO_SYSTEM = "Choose the system's output file."
ALL_DOCUMENTS = "every document"
"""The original-language choice that filters nothing (no `--origlang`)."""


def origlang_choices(langpair: str) -> list[str]:
    """`--origlang`'s useful values for a pair: each language, and all but it."""
    languages = langpair.split("-")
    return [
        ALL_DOCUMENTS,
        *(f"{prefix}{lang}" for lang in languages for prefix in ("", "non-")),
    ]


def set_label(choice: NamedSetChoice) -> str:
    """A test set's line in the list: its name, and whether it is in the cache."""
    return f"{choice.name}  ({CACHED_MARK})" if choice.cached else choice.name


class NamedSetDialog(QDialog):
    """Choose a sacreBLEU test set, a language pair and a system; fetch and open.

    Signals:
        open_requested: (`FileSet`) the set's files and the system, once fetched;
            the dialog then closes (the session reads and reports as usual).
        failed: (str) the one line of a fetch that failed (the window shows it).
    """

    open_requested = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        parent: QWidget | None,
        choices: Sequence[NamedSetChoice],
        *,
        directory: Path | None = None,
        encoding: str = "utf-8",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open sacreBLEU test set")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self._directory = directory
        self._encoding = encoding
        self._systems: tuple[Path, ...] = ()  # the command line's several, if any
        self.fetcher = NamedSetFetcher(self)
        self.sets = QListWidget()
        for choice in choices:
            item = QListWidgetItem(set_label(choice))
            item.setData(Qt.ItemDataRole.UserRole, choice)
            if choice.cached:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                item.setToolTip("Already downloaded: opens without the network")
            self.sets.addItem(item)
        self.pairs = QListWidget()
        self.origlang = QComboBox()
        self.origlang.setToolTip(
            "sacreBLEU's --origlang: only the documents first written in this "
            "language (non-de: in any other)"
        )
        self.subset = QLineEdit()
        self.subset.setPlaceholderText("every domain")
        self.subset.setToolTip(
            "sacreBLEU's --subset: only the documents whose domain matches this "
            "regular expression (test sets that name domains)"
        )
        self.system = QLineEdit()
        self.system.setPlaceholderText("the system's output, one line per segment")
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._on_browse)
        self.status = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # one step of sacreBLEU's: busy, not a count
        self.progress.hide()
        self.problem = ProblemLine()
        self.buttons, self.open_button = open_buttons()
        self.buttons.accepted.connect(self._on_open)
        self.buttons.rejected.connect(self._on_cancel)
        self.sets.currentItemChanged.connect(lambda *_: self._on_set_chosen())
        self.pairs.currentItemChanged.connect(lambda *_: self._on_pair_chosen())
        self.fetcher.progress_changed.connect(
            lambda _done, _total, what: self.status.setText(f"{what}…")
        )
        self.fetcher.fetched.connect(self._on_fetched)
        self.fetcher.failed.connect(self._on_failed)
        self.fetcher.busy_changed.connect(self._on_busy)

        lists = QHBoxLayout()
        for title, widget in (("&Test set", self.sets), ("&Language pair", self.pairs)):
            column = QVBoxLayout()
            label = QLabel(title)
            label.setBuddy(widget)
            column.addWidget(label)
            column.addWidget(widget)
            lists.addLayout(column)
        system_row = QHBoxLayout()
        system_row.addWidget(self.system, 1)
        system_row.addWidget(browse)
        system_label = QLabel("&System output")
        system_label.setBuddy(self.system)
        filters = QHBoxLayout()
        chosen: tuple[tuple[str, QWidget], ...] = (
            ("&Original language", self.origlang),
            ("Su&bset (domain)", self.subset),
        )
        for title, field_widget in chosen:
            label = QLabel(title)
            label.setBuddy(field_widget)
            filters.addWidget(label)
            filters.addWidget(field_widget, 1)
        layout = QVBoxLayout(self)
        cache = QLabel(
            "Test sets in bold are in sacreBLEU's cache; the others are downloaded "
            "by sacreBLEU when opened."
        )
        cache.setWordWrap(True)
        layout.addWidget(cache)
        layout.addLayout(lists, 1)
        layout.addLayout(filters)
        layout.addWidget(system_label)
        layout.addLayout(system_row)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.resize(560, 460)

    # --- choosing -----------------------------------------------------------------

    def choose(
        self,
        name: str,
        langpair: str,
        system: Path,
        *,
        origlang: str | None = None,
        subset: str | None = None,
    ) -> None:
        """Select a test set, a pair, the filters and a system file, as a user would."""
        for row in range(self.sets.count()):
            if self._choice(self.sets.item(row)).name == name:
                self.sets.setCurrentRow(row)
        for row in range(self.pairs.count()):
            if self.pairs.item(row).text() == langpair:
                self.pairs.setCurrentRow(row)
        wanted = ALL_DOCUMENTS if origlang is None else origlang
        if self.origlang.findText(wanted) < 0:
            self.origlang.addItem(wanted)  # a language the pair does not name
        self.origlang.setCurrentText(wanted)
        self.subset.setText(subset or "")
        self.system.setText(str(system))

    def start(self, asked: NamedSource, systems: Sequence[Path]) -> None:
        """Fetch `asked` for `systems` (the command line's `-t`, `-l`, `-i`).

        The last system is the one shown, the first the baseline, as `-i` says.
        Several sets joined ("wmt20,wmt21") are fetched as asked; the lists show
        the first.
        """
        first = asked.names.split(",")[0]
        self.choose(
            first,
            asked.langpair,
            systems[-1],
            origlang=asked.origlang,
            subset=asked.subset,
        )
        self.problem.say("")
        self.fetcher.fetch(asked)
        self._systems = tuple(systems)

    def asked(self) -> NamedSource | None:
        """The set, pair and filters chosen, or None while a set or pair is not."""
        if self.sets.currentRow() < 0 or self.pairs.currentRow() < 0:
            return None
        item, pair = self.sets.currentItem(), self.pairs.currentItem()
        origlang = self.origlang.currentText()
        return NamedSource(
            self._choice(item).name,
            pair.text(),
            None if origlang == ALL_DOCUMENTS else origlang,
            self.subset.text().strip() or None,
        )

    def origlang_labels(self) -> list[str]:
        """The original-language choices, as listed."""
        return [self.origlang.itemText(row) for row in range(self.origlang.count())]

    def set_labels(self) -> list[str]:
        """The test sets' lines, as listed."""
        return [self.sets.item(row).text() for row in range(self.sets.count())]

    def pair_labels(self) -> list[str]:
        """The chosen test set's language pairs, as listed."""
        return [self.pairs.item(row).text() for row in range(self.pairs.count())]

    @staticmethod
    def _choice(item: QListWidgetItem) -> NamedSetChoice:
        choice: NamedSetChoice = item.data(Qt.ItemDataRole.UserRole)
        return choice

    def _on_set_chosen(self) -> None:
        self.pairs.clear()
        item = self.sets.currentItem()
        if item is not None:
            self.pairs.addItems(list(self._choice(item).langpairs))

    def _on_pair_chosen(self) -> None:
        self.origlang.clear()
        pair = self.pairs.currentItem()
        if pair is not None:
            self.origlang.addItems(origlang_choices(pair.text()))

    def _on_browse(self) -> None:
        start = "" if self._directory is None else str(self._directory)
        name, _ = QFileDialog.getOpenFileName(self, "System output", start)
        if name:
            self.system.setText(name)

    # --- fetching -----------------------------------------------------------------

    def _on_open(self) -> None:
        item, pair = self.sets.currentItem(), self.pairs.currentItem()
        system = self.system.text().strip()
        missing = (
            NO_TEST_SET
            if item is None
            else NO_PAIR
            if pair is None
            else NO_SYSTEM
            if not system
            else ""
        )
        if missing:
            self.problem.warn(missing)
            return
        asked = self.asked()
        assert asked is not None
        self._systems = ()
        self.problem.say("")
        self.fetcher.fetch(asked)

    def _on_cancel(self) -> None:
        """Cancel: stop waiting for a fetch (the dialog stays), else close."""
        if self.fetcher.is_busy():
            self.fetcher.cancel()
            self.status.setText("Cancelled.")
            return
        self.reject()

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.open_button.setEnabled(not busy)
        for widget in (self.sets, self.pairs, self.origlang, self.subset):
            widget.setEnabled(not busy)

    def _on_fetched(self, files: NamedSetFiles) -> None:
        self.status.setText("")
        systems = self._systems or (Path(self.system.text().strip()),)
        self.open_requested.emit(
            FileSet(
                systems[-1],
                files.references,
                files.source,
                self._encoding,
                systems=systems if len(systems) > 1 else (),
                named=files.asked,
            )
        )
        self.accept()

    def _on_failed(self, message: str) -> None:
        self.status.setText("")
        self.problem.warn(message)
        self.failed.emit(message)
