"""The window's warnings go with its numbers: into its report and its exports.

A Chinese test set scored with 13a: the status line names the tokenizer it needs
(`io.notices`); File › Export › HTML report…, Sentences as shown… and Systems
table… carry the same line, word for word, beside their numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from bleu_gui.io.table_export import ExportFormat
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.core.cjk_lines import ZH_HYP, ZH_REF
from tests.gui.demo_sets import TIMEOUT, make_window, write_lines
from tests.gui.test_exports import menu_action
from tests.io.report_page import ReportPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

ZH_HYP2 = [*ZH_REF[:6], *ZH_HYP[6:]]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A Chinese set, two systems (hyp2 shown), scored with 13a."""
    ref = write_lines(tmp_path / "ref.zh.txt", ZH_REF)
    hyp = write_lines(tmp_path / "hyp.zh.txt", ZH_HYP)
    hyp2 = write_lines(tmp_path / "hyp2.zh.txt", ZH_HYP2)
    main = make_window(qtbot, tmp_path)
    session = main.session
    session.open_files(FileSet(hyp2, (ref,), None, systems=(hyp, hyp2)))
    qtbot.waitUntil(
        lambda: (
            len(session.systems) == 2
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    yield main
    main.explainer.shutdown()
    main.session.shutdown()


def _hint(folder: Path) -> str:
    return (
        f"{folder / 'ref.zh.txt'}: looks like Chinese text, which tokenizer 13a "
        "leaves unsplit (22.1 characters a token), so BLEU counts whole sentences; "
        "choose Tokenizer zh in the settings (sacreBLEU's tokenizer for Chinese)"
    )


def _answer(window: MainWindow, target: Path, chosen: ExportFormat) -> None:
    def answer(
        _title: str, formats: Sequence[ExportFormat]
    ) -> tuple[Path, ExportFormat]:
        assert chosen in formats
        return target, chosen

    window.exports.ask_path = answer


def test_the_windows_report_carries_its_hint(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.html"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "")
    )
    with qtbot.waitSignal(window.report_action.written, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "HTML report…").trigger()
    page = ReportPage(target.read_text(encoding="utf-8"))
    assert page.warnings == [f"Warning: {_hint(tmp_path)}"]
    table = page.table_with("System")
    expected = [sacrebleu.corpus_bleu(h, [ZH_REF]).score for h in (ZH_HYP, ZH_HYP2)]
    assert [row[1] for row in table[1:]] == [f"{e:.2f}" for e in expected]


def test_the_windows_exports_carry_its_hint(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    sentences = tmp_path / "sentences.json"
    _answer(window, sentences, ExportFormat.JSON)
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "Sentences as shown…").trigger()
    document = json.loads(sentences.read_text(encoding="utf-8"))
    assert document["warnings"] == [_hint(tmp_path)]
    systems = tmp_path / "systems.md"
    _answer(window, systems, ExportFormat.MARKDOWN)
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        menu_action(window, "File", "Export", "Systems table…").trigger()
    lines = systems.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == f"    Warning: {_hint(tmp_path)}"
