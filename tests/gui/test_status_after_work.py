"""The status bar names the shown sentence again once background work ends.

While work runs it shows the progress ("Tokenizing and counting… 3 of 3"). With
several systems, the shown one is scored first and its sentence explained, then the
others are scored: their progress must not outlive the work (it stayed, with the four
demo systems, as "Tokenizing and counting… 500 of 500").
"""

from __future__ import annotations

from pathlib import Path

import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.gui.controls_support import (
    HYPS,
    REFS,
    Files,
    files,
    settings,
    window,
)
from tests.gui.demo_sets import scored, write_lines

__all__ = ["files", "settings", "window"]  # fixtures


def test_the_selected_sentence_is_named_when_every_system_is_scored(
    qtbot: QtBot, window: MainWindow, files: Files, tmp_path: Path
) -> None:
    other = write_lines(tmp_path / "other.txt", [hyp.upper() for hyp in HYPS])
    fileset = FileSet(files.hyp, (files.ref_a, files.ref_b), systems=(other, files.hyp))
    with scored(qtbot, window):
        window.session.open_files(fileset)
    window.table.select_corpus_row(1)
    qtbot.waitUntil(lambda: not window.sentence_pending)
    progress: list[str] = []
    window.session.progress_changed.connect(lambda *args: progress.append(args[2]))
    with scored(qtbot, window):
        window.settings_panel.lowercase.setChecked(True)  # every system counts again
    qtbot.waitUntil(lambda: not window.session.is_busy)
    assert progress  # the work did report its progress on the way
    refs = [ref[1] for ref in REFS]
    expected = sacrebleu.sentence_bleu(HYPS[1], refs, lowercase=True).score
    assert window.status_text.text() == f"Sentence 2: BLEU {expected:.2f}"
