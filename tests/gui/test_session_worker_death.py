"""A worker process killed during a load fails that load in one line, not for ever.

Before, a killed pool worker's chunk never arrived: the load never ended, Cancel
did nothing, and the session loaded nothing again.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core import tokenize as tokenize_module
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

SEGMENTS = 2_500  # enough for the session to use its worker processes


def die_in_worker(job: object) -> list[str]:
    """Stands in for the tokenizer's chunk job: its worker is killed."""
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")


@pytest.fixture
def large_files(tmp_path: Path) -> FileSet:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("".join(f"line {i} of the output\n" for i in range(SEGMENTS)))
    ref.write_text("".join(f"line {i} of a reference\n" for i in range(SEGMENTS)))
    return FileSet(hypothesis=hyp, references=(ref,))


@pytest.fixture
def session() -> Iterator[Session]:
    session = Session(processes=2)
    yield session
    session.shutdown()


def test_a_killed_worker_fails_the_load_and_the_next_load_works(
    qtbot: QtBot,
    session: Session,
    large_files: FileSet,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tokenize_module, "tokenize_chunk", die_in_worker)
    with qtbot.waitSignal(session.error_occurred, timeout=60_000) as error:
        session.open_files(large_files)
    assert error.args == [
        "a worker process died (killed by the system: out of memory?)"
    ]
    qtbot.waitUntil(lambda: not session.is_busy, timeout=10_000)

    monkeypatch.undo()
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=60_000,
    ):
        session.open_files(large_files)
    scores = session.scores
    assert scores is not None
    assert len(scores.sentences.score) == SEGMENTS
