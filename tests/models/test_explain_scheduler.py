"""The one rule for explaining the selected sentence (`models/explain_scheduler.py`).

Keys are ints, requests strings: a short one is explained here (upper-cased), a
long one ("LONG…") in the explainer's worker process (lower-cased), so each
result says where it was made.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bleu_gui.models.explain_scheduler import ExplainScheduler, Shown
from bleu_gui.models.explainer import Explainer

TEXTS = {1: "one", 2: "LONG two", 3: "three"}


class Panel:
    """What a panel gives the scheduler, and what it was asked to show."""

    def __init__(self) -> None:
        self.owner = QObject()
        self.explainer = Explainer(self.owner, explain=str.lower)
        self.wanted: int | None = 1
        self.shown: list[tuple[int, str]] = []
        self.waited: list[int] = []
        self.again: list[Shown[int, str]] = []
        self.scheduler: ExplainScheduler[int, str, str] = ExplainScheduler(
            self.owner,
            wanted=lambda: self.wanted,
            request=TEXTS.get,
            is_long=lambda text: text.startswith("LONG"),
            explain=lambda _key, text: text.upper(),
            same=operator.eq,
            show=lambda key, text: self.shown.append((key, text)),
            waiting=lambda key, _text: self.waited.append(key),
            explainer=self.explainer,
            again=self.again.append,
        )


@pytest.fixture
def panel() -> Iterator[Panel]:
    panel = Panel()
    yield panel
    panel.scheduler.shutdown()


def test_asked_three_times_in_a_turn_it_explains_once_at_the_next(
    qtbot: QtBot, panel: Panel
) -> None:
    scheduler = panel.scheduler
    for _ in range(3):
        scheduler.ask()
    assert panel.shown == []  # not in the turn that asked
    assert scheduler.pending
    assert scheduler.asked
    qtbot.waitUntil(lambda: not scheduler.pending)
    for _ in range(3):  # later turns explain nothing more
        QApplication.processEvents()
    assert panel.shown == [(1, "ONE")]
    assert scheduler.shown == Shown(1, "ONE")


def test_what_is_shown_already_is_not_explained_again(
    qtbot: QtBot, panel: Panel
) -> None:
    scheduler = panel.scheduler
    scheduler.flush()
    assert panel.shown == [(1, "ONE")]
    scheduler.ask()
    assert not scheduler.pending
    assert panel.again == [Shown(1, "ONE")]
    panel.wanted = 3
    scheduler.ask()
    scheduler.flush()  # a selection made from code: shown when flush returns
    assert panel.shown == [(1, "ONE"), (3, "THREE")]


def test_a_long_one_is_explained_in_the_process_and_shown_when_still_wanted(
    qtbot: QtBot, panel: Panel
) -> None:
    scheduler = panel.scheduler
    panel.wanted = 2
    scheduler.ask()
    with qtbot.waitSignal(panel.explainer.finished, timeout=60_000):
        qtbot.waitUntil(lambda: panel.waited == [2])
        assert scheduler.shown is None
    assert panel.shown == [(2, "long two")]
    assert not scheduler.pending


def test_a_long_one_no_longer_wanted_is_not_shown(qtbot: QtBot, panel: Panel) -> None:
    scheduler = panel.scheduler
    panel.wanted = 2
    scheduler.flush()
    assert panel.waited == [2]
    panel.wanted = 3  # the table shows other texts, not yet asked for
    with qtbot.waitSignal(panel.explainer.finished, timeout=60_000):
        pass
    assert panel.shown == []


def test_asking_again_for_the_long_one_on_its_way_does_not_restart_it(
    qtbot: QtBot, panel: Panel
) -> None:
    scheduler = panel.scheduler
    panel.wanted = 2
    scheduler.flush()
    pending = panel.explainer.pending
    scheduler.ask()
    assert not scheduler.asked
    assert panel.explainer.pending == pending == 2
    with qtbot.waitSignal(panel.explainer.finished, timeout=60_000):
        pass
    assert panel.shown == [(2, "long two")]


def test_a_draft_makes_the_next_ask_explain_the_sessions_text(
    qtbot: QtBot, panel: Panel
) -> None:
    scheduler = panel.scheduler
    scheduler.flush()
    scheduler.stop()
    scheduler.forget()  # the panel shows a draft now
    assert scheduler.shown is None
    scheduler.ask()
    assert scheduler.asked
    qtbot.waitUntil(lambda: len(panel.shown) == 2)
    assert panel.shown == [(1, "ONE"), (1, "ONE")]


def test_nothing_wanted_stops_what_was_asked(qtbot: QtBot, panel: Panel) -> None:
    scheduler = panel.scheduler
    scheduler.ask()
    panel.wanted = None
    scheduler.ask()
    assert not scheduler.pending
    scheduler.flush()
    assert panel.shown == []


class TurnCounter:
    """Counts event-loop passes: a repeating 0 ms timer fires once in each."""

    def __init__(self, owner: QObject) -> None:
        self.passes = 0
        self._timer = QTimer(owner)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        self.passes += 1


def test_explained_in_one_turn_and_shown_in_a_later_one(
    qtbot: QtBot, panel: Panel
) -> None:
    turns = TurnCounter(panel.owner)
    explained_at: list[int] = []
    shown_at: list[int] = []

    def explain(text: str) -> str:
        explained_at.append(turns.passes)
        return text.upper()

    scheduler: ExplainScheduler[int, str, str] = ExplainScheduler(
        panel.owner,
        wanted=lambda: panel.wanted,
        request=TEXTS.get,
        is_long=lambda _text: False,
        explain=lambda _key, text: explain(text),
        same=operator.eq,
        show=lambda _key, _text: shown_at.append(turns.passes),
        waiting=lambda _key, _text: None,
        explainer=panel.explainer,
    )
    scheduler.ask()
    qtbot.waitUntil(lambda: not scheduler.pending)
    assert len(explained_at) == len(shown_at) == 1
    assert shown_at[0] > explained_at[0]
    assert scheduler.shown == Shown(1, "ONE")


def test_an_explanation_waiting_to_be_shown(qtbot: QtBot, panel: Panel) -> None:
    """Flushed: shown at once. Another sentence asked for: dropped, not shown."""
    scheduler = panel.scheduler

    def explained_by_the_timer() -> None:
        """What the 0 ms timer does at the next turn, done here by hand."""
        scheduler.ask()
        scheduler._timer.stop()
        scheduler._explain_now()

    explained_by_the_timer()
    assert panel.shown == []  # explained, shown at the next turn
    assert scheduler.asked
    scheduler.flush()
    assert panel.shown == [(1, "ONE")]
    assert not scheduler.pending

    panel.wanted = 3
    explained_by_the_timer()
    panel.wanted = 1  # the selection moved back before "THREE" was shown
    scheduler.ask()
    qtbot.waitUntil(lambda: not scheduler.pending)
    for _ in range(3):
        QApplication.processEvents()
    assert panel.shown == [(1, "ONE")]
    assert panel.again == [Shown(1, "ONE")]
