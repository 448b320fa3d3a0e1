"""File › Export › HTML report…: the window writes the report of what it holds."""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMenu
from pytestqt.qtbot import QtBot

from bleu_gui.cli import demo_paths, report_main
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.report_action import NOTHING_TO_REPORT
from tests.io.report_page import ReportPage

TIMEOUT = 60_000

# The offscreen platform says this of the first window a process shows.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _open_two(qtbot: QtBot, window: MainWindow) -> tuple[Path, Path, list[Path]]:
    """The demo's happypoet (baseline) and UEdin (shown), both scored."""
    _, refs, _, _ = demo_paths()
    folder = refs[0].parent
    a, b = folder / "sys.happypoet.txt", folder / "sys.UEdin.txt"
    session = window.session
    session.open_files(FileSet(b, tuple(refs), None, systems=(a, b)))

    def scored() -> bool:
        systems = session.systems
        return (
            len(systems) == 2
            and all(s.scores is not None for s in systems)
            and not session.is_busy
        )

    qtbot.waitUntil(scored, timeout=TIMEOUT)
    return a, b, list(refs)


def _export_menu(window: MainWindow) -> QMenu:
    found = [
        action.menu()
        for action in window.file_menu.actions()
        if action.text().replace("&", "") == "Export"
    ]
    assert len(found) == 1  # one Export menu, not one per kind of export
    menu = found[0]
    assert isinstance(menu, QMenu)
    return menu


def test_the_file_menu_has_export_html_report(window: MainWindow) -> None:
    texts = [a.text().replace("&", "") for a in _export_menu(window).actions()]
    assert texts == [
        "Sentences as shown…",
        "Systems table…",
        "Documents table…",
        "",
        "HTML report…",
    ]


def test_nothing_scored_disables_the_entry_and_says_so(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    assert not window.report_action.action.isEnabled()
    with qtbot.waitSignal(window.report_action.failed) as failed:
        window.report_action.export(tmp_path / "report.html")
    assert failed.args == [NOTHING_TO_REPORT]
    assert window.banner.text() == f"⚠ {NOTHING_TO_REPORT}"
    assert not (tmp_path / "report.html").exists()
    _open_two(qtbot, window)
    assert window.report_action.action.isEnabled()


def test_export_writes_the_report_of_the_open_systems(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, refs = _open_two(qtbot, window)
    target = tmp_path / "report.html"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "")
    )
    with qtbot.waitSignal(window.report_action.written, timeout=TIMEOUT) as written:
        window.report_action.action.trigger()
    assert written.args == [target]
    assert window.status_text.text() == f"Report written to {target}"
    page = ReportPage(target.read_text(encoding="utf-8"))
    table = page.table_with("System")
    ref_lines = [r.read_text(encoding="utf-8").splitlines() for r in refs]
    expected = [
        sacrebleu.corpus_bleu(path.read_text(encoding="utf-8").splitlines(), ref_lines)
        for path in (a, b)
    ]
    assert [row[1] for row in table[1:]] == [f"{e.score:.2f}" for e in expected]
    assert table[0][3] == "p-value"
    assert len(page.headings) == 20
    assert all(" · Δ " in heading for heading in page.headings)


def test_an_unwritable_target_is_a_one_line_error(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _open_two(qtbot, window)
    target = tmp_path / "report.html"
    target.mkdir()
    with qtbot.waitSignal(window.report_action.failed, timeout=TIMEOUT) as failed:
        window.report_action.export(target)
    assert failed.args == [f"{target}: cannot write the file: is a directory"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "settings.ini") == [
        "report.html"
    ]


def test_the_status_bar_shows_the_reports_progress(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _open_two(qtbot, window)
    target = tmp_path / "report.html"
    report = window.report_action
    seen: list[tuple[str, bool, bool]] = []
    report.progressed.connect(
        lambda *_: seen.append(
            (
                window.status_text.text(),
                window.progress.isVisible(),
                window.cancel_button.isVisible(),
            )
        )
    )
    with qtbot.waitSignal(report.written, timeout=TIMEOUT):
        report.export(target)
    assert seen  # every step reported, in the status bar, with its bar and Cancel
    assert seen[0][0].startswith("HTML report: Running the paired test… ")
    assert {(shown, cancel) for _text, shown, cancel in seen} == {(True, True)}
    assert all(text.startswith("HTML report: ") for text, *_ in seen)
    assert not window.progress.isVisible()
    assert not window.cancel_button.isVisible()
    assert window.status_text.text() == f"Report written to {target}"


def test_a_second_report_asked_for_supersedes_the_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _open_two(qtbot, window)
    report = window.report_action
    first, second = tmp_path / "first.html", tmp_path / "second.html"
    busy: list[bool] = []
    written: list[Path] = []
    report.busy_changed.connect(busy.append)
    report.written.connect(written.append)
    with qtbot.waitSignal(report.progressed, timeout=TIMEOUT):
        report.export(first)
    with qtbot.waitSignal(report.written, timeout=TIMEOUT):
        report.export(second)
    assert written == [second]
    assert busy == [True, False]  # one piece of work to the window
    assert not first.exists()
    assert second.exists()


def test_cancel_in_the_status_bar_stops_the_report(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _open_two(qtbot, window)
    target = tmp_path / "report.html"
    report = window.report_action
    with qtbot.waitSignal(report.progressed, timeout=TIMEOUT):
        report.export(target)
    assert window.cancel_button.isVisible()
    with qtbot.waitSignal(report.busy_changed, timeout=TIMEOUT) as ended:
        qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert ended.args == [False]
    assert not report.busy
    assert not window.progress.isVisible()
    assert window.status_text.text() == "Ready"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.ini"]


def test_the_windows_report_shows_the_source_it_has_and_names_the_references(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    source, refs, _, _ = demo_paths()
    folder = refs[0].parent
    a, b = folder / "sys.happypoet.txt", folder / "sys.UEdin.txt"
    session = window.session
    session.open_files(FileSet(b, tuple(refs), source, systems=(a, b)))
    qtbot.waitUntil(
        lambda: (
            len(session.systems) == 2
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    target = tmp_path / "report.html"
    with qtbot.waitSignal(window.report_action.written, timeout=TIMEOUT):
        window.report_action.export(target)
    page = ReportPage(target.read_text(encoding="utf-8"))
    summary = dict(row for row in page.tables[0] if len(row) == 2)
    assert summary["Source"] == "src.txt"
    assert (summary["Reference 1"], summary["Reference 2"]) == (
        "ref.A.txt",
        "ref.B.txt",
    )
    src_lines = source.read_text(encoding="utf-8").splitlines()
    ref_lines = [r.read_text(encoding="utf-8").splitlines() for r in refs]
    sentences = page.tables[3:]  # after the corpus, systems and bands tables
    assert len(sentences) == len(page.headings) == 20
    for heading, table in zip(page.headings, sentences, strict=True):
        index = int(heading.split()[1]) - 1
        assert table[0] == ["Source", src_lines[index]]
        assert [row for row in table if row[0].startswith("Reference")] == [
            ["Reference 1 (ref.A.txt)", ref_lines[0][index]],
            ["Reference 2 (ref.B.txt)", ref_lines[1][index]],
        ]
    # With its source, the report runs the QA checks: as the command line does.
    cli = tmp_path / "cli.html"
    argv = [*map(str, refs), "-i", str(a), str(b), "--src", str(source)]
    assert report_main([*argv, "-o", str(cli), "--samples", "10"]) == 0
    theirs = ReportPage(cli.read_text(encoding="utf-8"))
    assert [row[1:] for row in page.qa_tables[0][1:]] == [
        row[1:] for row in theirs.qa_tables[0][1:]
    ]
    assert [row[0] for row in page.qa_tables[0]] == [
        "Check",
        "Empty",
        "Untranslated",
        "Numbers",
        "Tags",
        "End punctuation",
        "Spaces",
        "Inconsistent",
        "All",
    ]
    # The window names a system by its file, the command line as it was typed.
    assert page.qa_headings == [
        heading.replace(f"{folder}/", "") for heading in theirs.qa_headings
    ]
    assert [heading.split(":")[0] for heading in page.qa_headings] == [
        "sys.happypoet.txt",
        "sys.UEdin.txt",
    ]


def test_the_windows_report_has_the_band_table_the_command_line_writes(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # The window passes the effort it counted; the command line counts its own.
    _, refs, _, _ = demo_paths()
    folder = refs[0].parent
    a, b = folder / "sys.happypoet.txt", folder / "sys.UEdin.txt"
    session = window.session
    session.open_files(FileSet(b, tuple(refs), None, systems=(a, b)))
    qtbot.waitUntil(
        lambda: (
            all(s.current_effort is not None for s in session.systems)
            and len(session.systems) == 2
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    target = tmp_path / "window.html"
    with qtbot.waitSignal(window.report_action.written, timeout=TIMEOUT):
        window.report_action.export(target)
    cli = tmp_path / "cli.html"
    argv = [*map(str, refs), "-i", str(a), str(b), "-o", str(cli), "--samples", "10"]
    assert report_main(argv) == 0
    ours = ReportPage(target.read_text(encoding="utf-8")).table_with("Band")
    theirs = ReportPage(cli.read_text(encoding="utf-8")).table_with("Band")
    assert [row[1:] for row in ours[2:]] == [row[1:] for row in theirs[2:]]
    assert [row[0] for row in ours[2:]] == [
        "100 %",
        "95–99 %",
        "85–94 %",
        "75–84 %",
        "50–74 %",
        "< 50 %",
    ]
