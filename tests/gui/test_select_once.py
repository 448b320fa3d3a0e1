"""`--select N` selects sentence N once: later re-scores keep the user's choice."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bleu_gui.app import _after_scoring, _Exit, once
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.gui.controls_support import (
    HYPS,
    Files,
    files,
    settings,
    window,
)
from tests.gui.demo_sets import scored

__all__ = ["files", "settings", "window"]  # fixtures


def test_select_n_selects_once_then_follows_the_user(
    qtbot: QtBot, window: MainWindow, files: Files
) -> None:
    session = window.session
    once(
        session.workspace_changed,
        lambda: _after_scoring(window, 3, None, _Exit()),
        moves(Moved.SHOWN_SCORES),
    )
    with scored(qtbot, window):
        session.open_files(files.fileset())
    assert window.table.selected_corpus_row() == 2
    window.table.select_corpus_row(0)  # the user picks another sentence
    with scored(qtbot, window):
        window.settings_panel.lowercase.setChecked(True)
    assert window.table.selected_corpus_row() == 0
    assert window.detail.displayed_text(HYPOTHESIS) == HYPS[0]
    with scored(qtbot, window):
        session.set_hypothesis(files.ref_b)  # a new candidate
    assert window.table.selected_corpus_row() == 0


def test_once_calls_at_the_next_emission_only(qtbot: QtBot, window: MainWindow) -> None:
    calls: list[int] = []
    signal = window.sentence_shown
    once(signal, lambda: calls.append(1))
    signal.emit(1)
    signal.emit(2)
    assert calls == [1]
