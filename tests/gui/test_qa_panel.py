"""The QA dock in the real window: its words, its checks, its filter, its clicks.

A hand-made corpus of seven sentences with a source, each built to trip one check
(counted by hand in `tests.qa_corpus`, from the rules in docs/design.md), is opened
in the window; the dock's words, the table's QA column, the filter's rows and a
click on an issue are compared with those hand counts. Events are ordered by
signals and by what the window shows, never by time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.core.qa_checks import CheckKind
from bleu_gui.io.systems_table import QA_COUNTED, QA_NOT_COUNTED
from bleu_gui.models.job_keys import JobKind
from bleu_gui.models.qa_issues_model import IssueColumn, QaIssuesModel
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session import FileSet
from bleu_gui.models.systems_model import SystemColumn
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.qa_chip import REMOVE_QA
from bleu_gui.views.qa_panel import CHECKING, SHOW_ALL, SHOW_ISSUES, show_check
from bleu_gui.views.sentence_detail import HYPOTHESIS, SOURCE
from tests.cli.test_cli_qa import XLIFF
from tests.qa_corpus import EXPECTED, HYPOTHESES, REFERENCES, SOURCE_LINES, write

TIMEOUT = 60_000

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

NOTICE = (
    "Numbers are compared by their digits alone (1,5 and 1.5 count as the same): "
    "the source and target languages are not known"
)
NO_TAGS_LINE = "This format has no inline tags: Tags runs on XLIFF and TMX files only."


def open_corpus(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    *,
    source: bool = True,
    systems: tuple[str, ...] = (),
) -> None:
    """The hand-made corpus (the last of `systems` shown), its QA counted."""
    hypothesis = write(tmp_path / "hyp.txt", HYPOTHESES)
    others = {
        name: write(tmp_path / name, [line.upper() for line in HYPOTHESES])
        for name in systems
        if name != "hyp.txt"
    }
    paths = tuple(others.get(name, hypothesis) for name in systems)
    ref = write(tmp_path / "ref.txt", REFERENCES)
    src = write(tmp_path / "src.txt", SOURCE_LINES) if source else None
    session = window.session
    session.open_files(
        FileSet(paths[-1] if paths else hypothesis, (ref,), src, systems=paths)
    )
    qtbot.waitUntil(lambda: window.qa.result is not None, timeout=TIMEOUT)


def listed(window: MainWindow) -> list[tuple[str, str, str]]:
    model = window.qa.model
    return [
        tuple(  # type: ignore[misc]
            str(model.index(row, column).data()) for column in IssueColumn
        )
        for row in range(model.rowCount())
    ]


def table_rows(window: MainWindow) -> list[int]:
    model = window.browser.model
    return [model.corpus_row(row) for row in range(model.rowCount())]


def labels(window: MainWindow) -> dict[CheckKind, str]:
    return {kind: box.text() for kind, box in window.qa.checks.items()}


def test_the_panel_lists_each_issue_in_words_with_the_counts(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_corpus(qtbot, window, tmp_path)
    panel = window.qa
    assert panel.summary.text() == "hyp.txt: 7 issues in 6 of 7 sentences"
    assert listed(window) == EXPECTED
    assert labels(window) == {
        CheckKind.EMPTY: "Empty (1)",
        CheckKind.UNTRANSLATED: "Untranslated (1)",
        CheckKind.NUMBERS: "Numbers (1)",
        CheckKind.TAGS: "Tags (not run)",
        CheckKind.PUNCTUATION: "End punctuation (1)",
        CheckKind.SPACES: "Spaces (1)",
        CheckKind.INCONSISTENT: "Inconsistent (2)",
    }
    # The check that cannot run says why, and the numbers say how they read.
    assert panel.reasons.text() == f"{NO_TAGS_LINE}\n{NOTICE}"
    assert not panel.reasons.isHidden()
    # The table's QA column: each sentence's number of issues.
    model = window.browser.model
    column = model.column_of(ColumnKey(ColumnKind.QA))
    assert column is not None
    assert not window.table.isColumnHidden(column)
    cells = {
        model.corpus_row(row): model.index(row, column).data()
        for row in range(model.rowCount())
    }
    assert cells == {0: "1", 1: "1", 2: "1", 3: "1", 4: "2", 5: "1", 6: "0"}
    text = model.column_of(ColumnKey(ColumnKind.QA_ISSUES))
    assert text is not None
    assert window.table.isColumnHidden(text)  # the panel lists them; in Columns
    row = model.table_row(4)
    assert row is not None
    assert model.index(row, text).data() == (
        "Spaces: two spaces in a row; Inconsistent: the same source is translated "
        "differently in segment 6"
    )


def test_without_a_source_the_panel_says_which_checks_need_one(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_corpus(qtbot, window, tmp_path, source=False)
    panel = window.qa
    # Only the checks that need no source: the empty one and the spaces.
    assert listed(window) == [
        ("3", "Empty", "the translation is empty"),
        ("5", "Spaces", "two spaces in a row"),
    ]
    assert panel.summary.text() == "hyp.txt: 2 issues in 2 of 7 sentences"
    assert panel.reasons.text() == (
        "No source loaded: Untranslated, Numbers, Tags, End punctuation and "
        "Inconsistent need the source text (File ▸ Open test set…, Source)."
    )
    assert labels(window)[CheckKind.NUMBERS] == "Numbers (not run)"


def test_a_click_on_an_issue_selects_its_sentence_and_underlines_its_span(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_corpus(qtbot, window, tmp_path)
    panel, detail = window.qa, window.central_area.marked_detail
    assert detail is window.detail
    view = panel.list
    # The numbers issue: "16" of "It costs 16 euros." (characters 9 to 11).
    index = panel.model.index(0, IssueColumn.ISSUE)
    view.scrollTo(index)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    qtbot.waitUntil(lambda: window.table.selected_corpus_row() == 0, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: detail.marked() is not None, timeout=TIMEOUT)
    assert detail.marked() == (HYPOTHESIS, (9, 11))
    assert detail.displayed_text(HYPOTHESIS)[9:11] == "16"
    # The empty translation: its span is the source's, all of it.
    index = panel.model.index(2, IssueColumn.ISSUE)
    view.scrollTo(index)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    qtbot.waitUntil(lambda: window.table.selected_corpus_row() == 2, timeout=TIMEOUT)
    qtbot.waitUntil(
        lambda: detail.marked() == (SOURCE, (0, len("Guten Morgen"))), timeout=TIMEOUT
    )
    # Another sentence chosen in the table: no mark on it.
    assert window.select_sentence(7)
    qtbot.waitUntil(lambda: detail.displayed_text(HYPOTHESIS) == "Yes.")
    assert detail.marked() is None


def test_the_table_filters_by_issues_and_by_check_and_the_chip_removes_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_corpus(qtbot, window, tmp_path)
    choice, bar = window.qa.show_choice, window.filter_bar
    assert choice.currentText() == SHOW_ALL
    choice.setCurrentText(SHOW_ISSUES)
    qtbot.waitUntil(lambda: table_rows(window) == [0, 1, 2, 3, 4, 5])
    assert bar.qa.row.isVisible()
    assert bar.qa.row.label.text() == "Only sentences with QA issues"
    assert bar.qa.row.chip.toolTip() == (
        "Chosen in the QA panel: 6 sentences in all, fewer if the filters above "
        "hide some. × or Clear removes it."
    )
    choice.setCurrentText(show_check(CheckKind.INCONSISTENT))
    qtbot.waitUntil(lambda: table_rows(window) == [4, 5])
    assert bar.qa.row.label.text() == "Only sentences with Inconsistent issues"
    choice.setCurrentText(show_check(CheckKind.NUMBERS))
    qtbot.waitUntil(lambda: table_rows(window) == [0])
    # It combines with the other filters: a text that the numbers row lacks.
    bar.search.setText("Thank")
    qtbot.waitUntil(lambda: table_rows(window) == [])
    bar.search.setText("")
    qtbot.waitUntil(lambda: table_rows(window) == [0])
    # The chip's ×: every sentence again, and the panel's choice says so.
    button = bar.qa.row.remove_button
    assert button.accessibleName() == REMOVE_QA
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table_rows(window) == list(range(7)))
    assert choice.currentText() == SHOW_ALL
    assert not bar.qa.row.isVisible()


def test_a_check_switched_off_is_counted_again_without_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_corpus(qtbot, window, tmp_path)
    panel = window.qa
    panel.show_choice.setCurrentText(SHOW_ISSUES)
    qtbot.waitUntil(lambda: table_rows(window) == [0, 1, 2, 3, 4, 5])
    with qtbot.waitSignal(window.session.qa.counted, timeout=TIMEOUT):
        panel.checks[CheckKind.INCONSISTENT].setChecked(False)
    assert panel.summary.text() == "hyp.txt: 5 issues in 5 of 7 sentences"
    assert labels(window)[CheckKind.INCONSISTENT] == "Inconsistent"
    assert [issue[1] for issue in listed(window)] == [
        "Numbers",
        "Untranslated",
        "Empty",
        "End punctuation",
        "Spaces",
    ]
    # The filter follows the new count: sentence 6 had only the inconsistency.
    qtbot.waitUntil(lambda: table_rows(window) == [0, 1, 2, 3, 4])
    with qtbot.waitSignal(window.session.qa.counted, timeout=TIMEOUT):
        panel.checks[CheckKind.INCONSISTENT].setChecked(True)
    assert panel.summary.text() == "hyp.txt: 7 issues in 6 of 7 sentences"


def test_the_systems_table_counts_the_checked_systems(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three systems: the baseline (A), one not shown, the shown one (B). The
    # checks start only once every system is scored (the session idle).
    session = window.session
    runner = session.qa._jobs  # the runner the checks share with the effort
    started: list[bool] = []
    start = runner.start

    def recording(key: Any, *args: Any, **kwargs: Any) -> None:
        if getattr(key, "kind", None) is JobKind.QA:
            started.append(session.is_busy)
        start(key, *args, **kwargs)

    monkeypatch.setattr(runner, "start", recording)
    open_corpus(qtbot, window, tmp_path, systems=("base.txt", "other.txt", "hyp.txt"))
    qtbot.waitUntil(
        lambda: all(
            s.current_qa(session.qa.enabled) is not None
            for s in session.systems
            if s.name in ("base.txt", "hyp.txt")
        ),
        timeout=TIMEOUT,
    )
    model = window.compare_systems.table.model
    qtbot.waitUntil(lambda: model.rowCount() == 3, timeout=TIMEOUT)
    name_at, qa_at = (
        model.column_of(SystemColumn.NAME),
        model.column_of(SystemColumn.QA),
    )

    def cells() -> dict[str, tuple[str, str]]:
        return {
            str(model.index(row, name_at).data()): (
                str(model.index(row, qa_at).data()),
                str(model.index(row, qa_at).data(Qt.ItemDataRole.ToolTipRole)),
            )
            for row in range(model.rowCount())
        }

    # The upper-cased copies: the same issues but the untranslated one (the
    # source is not upper case), 6 in all; the shown one has the corpus's 7.
    qtbot.waitUntil(lambda: cells().get("hyp", ("",))[0] == "7", timeout=TIMEOUT)
    assert cells() == {
        "base": ("6", QA_COUNTED),
        "other": ("—", QA_NOT_COUNTED),
        "hyp": ("7", QA_COUNTED),
    }
    assert window.qa.summary.text() != CHECKING
    assert started == [False, False]  # B and A, each once, never while busy


def test_an_xliff_job_checks_tags_and_reads_numbers_in_its_headers_languages(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # `tests/cli/test_cli_qa.py`'s job: en → de in its <file> header, so "1.5"
    # and "1,5" are read as the same number in each language, and no notice.
    (tmp_path / "final.xlf").write_text(XLIFF, encoding="utf-8")
    (tmp_path / "mt.xlf").write_text(XLIFF, encoding="utf-8")
    window.session.open_files(FileSet(tmp_path / "mt.xlf", (tmp_path / "final.xlf",)))
    qtbot.waitUntil(lambda: window.qa.result is not None, timeout=TIMEOUT)
    test_set = window.session.workspace.test_set
    assert test_set is not None
    assert test_set.languages == ("en", "de")
    assert listed(window) == [
        ("2", "Tags", 'tag <x id="2"> of the source is missing'),
        ("3", "Numbers", "number 2 of the source is 3 here"),
        ("4", "Untranslated", "the translation is the source, unchanged"),
    ]
    assert window.qa.reasons.isHidden()
    assert labels(window)[CheckKind.TAGS] == "Tags (1)"


def test_thousands_of_issues_are_listed_without_asking_each_rows_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Columns fitted "to contents" asked every row: 6,000 issues held it 0.5 s."""
    asked: list[int] = []
    data = QaIssuesModel.data

    def counted(self: QaIssuesModel, index: Any, role: int = 0) -> Any:
        asked.append(role)
        return data(self, index, role)

    monkeypatch.setattr(QaIssuesModel, "data", counted)
    size = 3_000
    window.show()
    qtbot.waitExposed(window)
    window.qa.dock.show()
    window.qa.dock.raise_()
    hypothesis = write(tmp_path / "hyp.txt", [f"line  {k}" for k in range(size)])
    source = write(tmp_path / "src.txt", [f"Zeile {k}" for k in range(size)])
    ref = write(tmp_path / "ref.txt", [f"line {k}" for k in range(size)])
    window.session.open_files(FileSet(hypothesis, (ref,), source))
    qtbot.waitUntil(lambda: window.qa.result is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.qa.model.rowCount() == size, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.qa.list.isVisible(), timeout=TIMEOUT)
    window.qa.list.viewport().repaint()
    assert window.qa.model.index(size - 1, IssueColumn.ISSUE).data() == (
        "two spaces in a row"
    )
    assert len(asked) < size  # the rows on screen and a sample, not every row
