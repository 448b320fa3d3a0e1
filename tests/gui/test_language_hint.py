"""The window's status line names the tokenizer a Chinese test set needs.

The hint is one of `io.notices.corpus_notices`' lines, which the session announces
once per test set (`warning_occurred`) and the window shows in its status line.
"""

from __future__ import annotations

from pathlib import Path

import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.core.cjk_lines import ZH_HYP, ZH_REF
from tests.gui.demo_sets import TIMEOUT, make_window, scored, write_lines


def _chinese(folder: Path) -> FileSet:
    ref = write_lines(folder / "ref.zh.txt", ZH_REF)
    return FileSet(write_lines(folder / "hyp.zh.txt", ZH_HYP), (ref,))


def _score(window: MainWindow) -> float:
    scores = window.session.scores
    assert scores is not None
    assert not isinstance(scores.corpus, str)
    return scores.corpus.score


def test_the_status_line_shows_the_hint(qtbot: QtBot, tmp_path: Path) -> None:
    files = _chinese(tmp_path)
    window = make_window(qtbot, tmp_path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    with scored(qtbot, window):
        window.session.open_files(files)
    hint = (
        f"{files.references[0]}: looks like Chinese text, which tokenizer 13a leaves "
        "unsplit (22.1 characters a token), so BLEU counts whole sentences; choose "
        "Tokenizer zh in the settings (sacreBLEU's tokenizer for Chinese)"
    )
    assert warnings == [hint]
    assert window.statusBar().currentMessage() == hint
    assert _score(window) == sacrebleu.corpus_bleu(ZH_HYP, [ZH_REF]).score
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def test_no_hint_with_the_tokenizer_it_names(qtbot: QtBot, tmp_path: Path) -> None:
    files = _chinese(tmp_path)
    window = make_window(qtbot, tmp_path)
    window.session.set_config(BleuConfig(tokenizer="zh"))
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    with scored(qtbot, window):
        window.session.open_files(files)
    assert warnings == []
    assert window.statusBar().currentMessage() == ""
    expected = sacrebleu.corpus_bleu(ZH_HYP, [ZH_REF], tokenize="zh").score
    assert _score(window) == expected
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)
