"""Each file of a test set in its own encoding: the session, the dialog, re-reads.

A latin-1 system output scored against UTF-8 references is common (an old
pipeline, a Windows tool). Decoding every file as latin-1 would garble the
references' accents and give another score silently; each file is read in its
own encoding, and the score is sacreBLEU's on the decoded strings. A UTF-16 file
with its byte-order mark is recognised without being told.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuScore
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace import System
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, read_lines, scored, window

__all__ = ["window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SIZE = 60


def lines(name: str) -> list[str]:
    return read_lines(DEMO / name)[:SIZE]


@pytest.fixture
def latin1_set(tmp_path: Path) -> tuple[Path, tuple[Path, Path]]:
    """A latin-1 output (with accents) and two UTF-8 references."""
    hypothesis = lines("sys.Online-W.txt")
    assert any(127 < ord(c) < 256 for line in hypothesis for c in line)
    hyp = tmp_path / "online-w.latin1.txt"
    hyp.write_bytes(("\n".join(hypothesis) + "\n").encode("latin-1"))
    refs = []
    for name in ("ref.A.txt", "ref.B.txt"):
        path = tmp_path / name
        path.write_text("\n".join(lines(name)) + "\n", encoding="utf-8")
        refs.append(path)
    return hyp, (refs[0], refs[1])


def expected() -> float:
    refs = [lines("ref.A.txt"), lines("ref.B.txt")]
    return float(sacrebleu.corpus_bleu(lines("sys.Online-W.txt"), refs).score)


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    opened = Session(processes=1)
    yield opened
    opened.shutdown()


@contextmanager
def all_done(qtbot: QtBot, session: Session) -> Iterator[None]:
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        yield


def score_of(system: System | None) -> float:
    assert system is not None
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score.score


def test_a_latin1_output_scores_against_utf8_references(
    qtbot: QtBot, session: Session, latin1_set: tuple[Path, tuple[Path, Path]]
) -> None:
    hyp, refs = latin1_set
    files = FileSet(hyp, refs).with_encodings([(hyp, "latin-1")])
    with all_done(qtbot, session):
        session.open_files(files)
    assert score_of(session.workspace.shown_system) == pytest.approx(
        expected(), abs=1e-9
    )
    # Read again (Reload), each file keeps its encoding.
    assert session.files is not None
    assert session.files.encoding_of(hyp) == "latin-1"
    assert session.files.encoding_of(refs[0]) == "utf-8"
    with all_done(qtbot, session):
        session.reload()
    assert score_of(session.workspace.shown_system) == pytest.approx(
        expected(), abs=1e-9
    )


def test_without_its_encoding_the_latin1_output_is_refused_in_one_line(
    qtbot: QtBot, session: Session, latin1_set: tuple[Path, tuple[Path, Path]]
) -> None:
    hyp, refs = latin1_set
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.open_files(FileSet(hyp, refs))
    message = str(error.args[0])
    assert message.startswith(f"{hyp}, line ")
    assert "\n" not in message


def test_an_added_system_is_read_in_its_own_encoding(
    qtbot: QtBot,
    session: Session,
    latin1_set: tuple[Path, tuple[Path, Path]],
    tmp_path: Path,
) -> None:
    hyp, refs = latin1_set
    utf8 = tmp_path / "uedin.txt"
    utf8.write_text("\n".join(lines("sys.UEdin.txt")) + "\n", encoding="utf-8")
    with all_done(qtbot, session):
        session.open_files(FileSet(utf8, refs))
    with all_done(qtbot, session):
        session.add_system(hyp, "latin-1")
    assert score_of(session.systems[1]) == pytest.approx(expected(), abs=1e-9)
    assert session.files is not None
    assert session.files.encoding_of(hyp) == "latin-1"


def test_a_utf16_file_is_recognised_by_its_byte_order_mark(
    qtbot: QtBot,
    session: Session,
    latin1_set: tuple[Path, tuple[Path, Path]],
    tmp_path: Path,
) -> None:
    _, refs = latin1_set
    hyp = tmp_path / "online-w.utf16.txt"
    hyp.write_bytes(("\n".join(lines("sys.Online-W.txt")) + "\n").encode("utf-16"))
    assert hyp.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    with all_done(qtbot, session):
        session.open_files(FileSet(hyp, refs))
    assert score_of(session.workspace.shown_system) == pytest.approx(
        expected(), abs=1e-9
    )
    assert session.files is not None
    assert session.files.encoding_of(hyp) == "utf-16"


def test_file_sets_with_the_same_choices_are_equal() -> None:
    """The recent-files list tells sets apart by value: order and defaults aside."""
    a, b, c = Path("a.txt"), Path("b.txt"), Path("c.txt")
    assert FileSet(a, (b,)) == FileSet(a, (b,), encodings=((b, "utf-8"),))
    assert FileSet(a, (b, c), encodings=((c, "latin-1"), (a, "cp1252"))) == FileSet(
        a, (b, c), encodings=((a, "cp1252"), (c, "latin-1"))
    )
    assert FileSet(a, (b,)).with_encodings([(a, "latin-1")]).encoding_of(b) == "utf-8"


def test_the_dialog_gives_each_file_its_encoding(
    qtbot: QtBot,
    window: MainWindow,
    latin1_set: tuple[Path, tuple[Path, Path]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """References added with Add…, a latin-1 system's row set to Latin-1."""
    hyp, refs = latin1_set
    utf8 = tmp_path / "uedin.txt"
    utf8.write_text("\n".join(lines("sys.UEdin.txt")) + "\n", encoding="utf-8")
    answers = iter([list(refs), [hyp]])

    def answer(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[list[str], str]:
        return [str(path) for path in next(answers)], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", answer)
    window.open_test_set_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.candidate, str(utf8))
    qtbot.mouseClick(dialog.add_system_button, Qt.MouseButton.LeftButton)
    assert dialog.references.headerItem().text(1) == "Encoding"
    row = dialog.systems.topLevelItem(0)
    assert row is not None
    combo = dialog.systems.encoding_combo(row)
    assert combo is not None
    assert combo.currentText() == "UTF-8"
    combo.setFocus()
    while combo.currentText() != "Latin-1":
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    session = window.session
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    by_name = {system.name: system for system in session.systems}
    assert score_of(by_name[hyp.name]) == pytest.approx(expected(), abs=1e-9)
    refs_lines = [lines("ref.A.txt"), lines("ref.B.txt")]
    uedin = sacrebleu.corpus_bleu(lines("sys.UEdin.txt"), refs_lines).score
    assert score_of(by_name["uedin.txt"]) == pytest.approx(uedin, abs=1e-9)


def test_the_recent_list_remembers_each_file_s_encoding(
    qtbot: QtBot, tmp_path: Path
) -> None:
    ini = str(tmp_path / "bleu-gui.ini")
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    files = FileSet(hyp, (ref,)).with_encodings([(hyp, "latin-1")])
    first = RecentFiles(QSettings(ini, QSettings.Format.IniFormat))
    with qtbot.waitSignal(first.synced, timeout=10_000):
        first.add(files)
    first.close()
    again = RecentFiles(QSettings(ini, QSettings.Format.IniFormat))
    assert again.entries() == [files]
    assert again.entries()[0].encoding_of(hyp) == "latin-1"
    again.close()
