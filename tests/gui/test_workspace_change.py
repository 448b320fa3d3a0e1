"""The session says each change of its state once, by `workspace_changed`.

What the listeners get: the workspace they saw last (`old`), the one now (`new`)
and what moved between them. One operation is one emission, so that no listener
sees the rows of one test set beside the systems of another; and every `old` is
the previous emission's `new`, so a listener comparing them misses no step.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PySide6.QtCore import QObject, Signal
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig
from bleu_gui.core.config import Smoothing
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId, Workspace
from bleu_gui.models.workspace_change import Announcer, Change, Moved, follow
from tests.gui.test_workspace import TIMEOUT, demo_files, not_busy, open_and_wait


@dataclass(frozen=True)
class Said:
    old: Workspace
    new: Workspace
    change: Change


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    session = Session(processes=1)
    yield session
    session.shutdown()


def record(session: Session) -> list[Said]:
    said: list[Said] = []
    session.workspace_changed.connect(
        lambda old, new, change: said.append(Said(old, new, change))
    )
    return said


def chained(said: list[Said], start: Workspace) -> bool:
    """Whether each emission's `old` is the `new` of the one before."""
    olds = [s.old for s in said]
    news = [start, *(s.new for s in said[:-1])]
    return all(a is b for a, b in zip(olds, news, strict=True))


def test_the_session_has_one_change_signal_and_events_beside_it() -> None:
    signals = {
        name
        for name in dir(Session)
        if isinstance(getattr(Session, name, None), Signal)
        and not hasattr(QObject, name)
    }
    assert signals == {
        "workspace_changed",
        "texts_loaded",
        "candidate_refused",
        "busy_changed",
        "progress_changed",
        "error_occurred",
        "warning_occurred",
        "hint_changed",
        "bundle_inspected",
        "languages_needed",
    }


def test_opening_a_test_set_is_said_once_with_all_that_moved(
    qtbot: QtBot, session: Session
) -> None:
    said = record(session)
    before = session.workspace
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.open_files(demo_files("Facebook-AI"))
    assert len(said) == 1
    (opened,) = said
    assert opened.old is before
    assert opened.old.test_set is None
    assert opened.new is session.workspace
    assert opened.new.test_set is not None
    shown = opened.new.shown
    assert shown is not None
    assert opened.change == Change(
        Moved.ROWS | Moved.SYSTEMS | Moved.SHOWN_SCORES | Moved.SCORED,
        scored=frozenset({shown}),
    )


def test_each_old_is_the_previous_new_through_a_run_of_operations(
    qtbot: QtBot, session: Session
) -> None:
    start = session.workspace
    said = record(session)
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    a, b = (s.id for s in session.systems)
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.set_config(BleuConfig(smoothing=Smoothing.FLOOR))
    session.set_shown(a)
    session.set_baseline(b)
    session.set_documents(["d"] * session.systems[0].corpus.num_segments)
    session.close()
    assert chained(said, start)
    assert said[-1].new is session.workspace
    assert said[-1].change == Change(Moved.ROWS | Moved.SYSTEMS)
    assert said[-2].change == Change(Moved.DOCUMENTS)
    test_set = said[-2].new.test_set
    assert test_set is not None
    assert test_set.documents is not None


def test_showing_another_system_moves_rows_systems_and_shown_scores_at_once(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    said = record(session)
    other = session.systems[1].id
    session.set_shown(other)
    assert said[0].change.moved == Moved.SYSTEMS | Moved.ROWS | Moved.SHOWN_SCORES
    assert said[0].old.shown != other
    assert said[0].new.shown == other


def test_new_options_are_said_with_the_pair_they_drop(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(
        qtbot, session, demo_files("Facebook-AI", "Online-W", shown="Online-W")
    )
    assert session.pair is not None
    said = record(session)
    config = BleuConfig(smoothing=Smoothing.FLOOR)
    session.set_config(config)
    assert said[0].change == Change(Moved.CONFIG | Moved.PAIR)
    assert (said[0].old.config, said[0].new.config) == (BleuConfig(), config)
    assert session.pair is None


class _Owner(QObject):
    pass


def test_a_follower_refreshes_once_per_change_and_dies_with_its_owner(
    qtbot: QtBot,
) -> None:
    class Source(QObject):
        changed = Signal(object, object, object)

    source, owner = Source(), _Owner()
    calls: list[str] = []
    follow(source.changed, Moved.SYSTEMS | Moved.PAIR, lambda: calls.append("x"), owner)
    now = Workspace()
    source.changed.emit(now, now, Change(Moved.SYSTEMS | Moved.PAIR))
    source.changed.emit(now, now, Change(Moved.CONFIG))
    assert calls == ["x"]
    owner.deleteLater()
    qtbot.waitSignal(owner.destroyed).wait()
    source.changed.emit(now, now, Change(Moved.PAIR))
    assert calls == ["x"]


def test_a_batch_says_everything_once_and_nothing_when_nothing_moved() -> None:
    workspaces = [Workspace(), Workspace(BleuConfig(lowercase=True))]
    current = [workspaces[0]]
    said: list[tuple[Workspace, Workspace, Change]] = []
    announcer = Announcer(lambda: current[0], lambda *args: said.append(args))
    with announcer.batch():
        current[0] = workspaces[1]
        announcer.announce(Change.scoring(SystemId(1)))
        with announcer.batch():
            announcer.announce(Change.of(Moved.CONFIG))
        assert said == []
    assert said == [
        (
            workspaces[0],
            workspaces[1],
            Change(Moved.SCORED | Moved.CONFIG, scored=frozenset({SystemId(1)})),
        )
    ]
    with announcer.batch():
        pass
    announcer.announce(Change())
    assert len(said) == 1
