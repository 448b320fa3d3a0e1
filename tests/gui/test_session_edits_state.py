"""The session's edits in `models.session_state`: captured, restored, and "changed".

A real session with the demo open; the edits are kept by a fake `EditsHolder` (the
session's own `edits`/`set_edits` arrive with the editing). Saved, written, read
and restored, they come back as the texts given; an edit makes the title's
"changed since saved" flag go on, and undoing it puts the flag off.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io.session_file import SavedEdits, read_session, write_session
from bleu_gui.models import session_state
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.session_state import SessionTracker, restore_edits, session_data
from bleu_gui.models.workspace import System, SystemId
from tests.core.demo_systems import DEMO


class FakeHolder:
    """The session's `edits`/`set_edits`, as a dictionary."""

    def __init__(self) -> None:
        self.kept: dict[SystemId, Edits] = {}

    def edits(self, system_id: SystemId) -> Edits:
        return self.kept.get(system_id, Edits())

    def set_edits(self, system_id: SystemId, edits: Edits) -> None:
        self.kept[system_id] = edits


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    """The demo's happypoet and UEdin, UEdin shown, scored."""
    opened = Session(processes=1)
    a, b = DEMO / "sys.happypoet.txt", DEMO / "sys.UEdin.txt"
    files = FileSet(b, (DEMO / "ref.A.txt", DEMO / "ref.B.txt"), systems=(a, b))
    with qtbot.waitSignal(
        opened.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        opened.open_files(files)
    yield opened
    opened.shutdown()


def counted(session: Session, system: System, texts: dict[int, str]) -> Edits:
    assert system.tokenized is not None
    assert system.stats is not None
    return count_edits(
        texts, system.tokenized.references, session.config, system.stats.max_order
    )


def test_edits_are_saved_and_restored_through_the_holder(
    session: Session, tmp_path: Path
) -> None:
    browser = SentenceBrowser(session)
    a, b = session.systems
    texts = {3: "An edit of the fourth line.", 499: ""}
    holder = FakeHolder()
    holder.set_edits(b.id, counted(session, b, texts))
    data = session_data(
        session, browser, tests=session_state.TestChoice(), selected=None, edits=holder
    )
    assert not isinstance(data, Unavailable)
    assert data.edits == (SavedEdits(1, tuple(sorted(texts.items()))),)
    path = tmp_path / "s.bleu-session"
    write_session(path, data)
    back = FakeHolder()
    assert (
        restore_edits(back, session.systems, read_session(path), session.config) == ""
    )
    assert set(back.kept) == {b.id}
    assert back.kept[b.id] == holder.kept[b.id]
    assert a.id not in back.kept


def test_an_edit_marks_the_session_changed_and_its_undo_unmarks_it(
    session: Session, tmp_path: Path
) -> None:
    browser = SentenceBrowser(session)
    holder = FakeHolder()
    tracker = SessionTracker(session, browser, edits=holder)
    tracker.mark_saved(tmp_path / "s.bleu-session")
    b = session.systems[1]
    flags: list[bool] = []
    tracker.modified_changed.connect(flags.append)
    holder.set_edits(b.id, counted(session, b, {0: "edited"}))
    tracker.check()
    assert flags == [True]
    holder.set_edits(b.id, Edits())
    tracker.check()
    assert flags == [True, False]
    assert tracker.modified is False
