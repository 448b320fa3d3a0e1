"""The recent-files list names files by absolute path, and reopens only those files.

A test set opened from the command line with relative paths (`bleu-gui ref.txt -i
hyp.txt`) was remembered relative: started from another folder, the entry opened
that folder's files of the same names and scored them with the entry's options.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.gui.controls_support import HYPS, REF_A, REF_B, loaded, settings, window
from tests.gui.demo_sets import refused, scored, write_lines

__all__ = ["loaded", "settings", "window"]  # fixtures


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "recent.ini"), QSettings.Format.IniFormat)


def test_a_test_set_opened_by_relative_paths_is_remembered_by_absolute_ones(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    en_ja, uk_en = tmp_path / "en-ja", tmp_path / "uk-en"
    for folder in (en_ja, uk_en):
        folder.mkdir()
    monkeypatch.chdir(en_ja)
    recent = RecentFiles(_ini(tmp_path))
    with qtbot.waitSignal(recent.synced, timeout=10_000):
        recent.add(FileSet(Path("hyp.txt"), (Path("ref.txt"),), Path("src.txt")))
    recent.close()
    monkeypatch.chdir(uk_en)  # the next run, started from another folder
    again = RecentFiles(_ini(tmp_path))
    assert again.entries() == [
        FileSet(en_ja / "hyp.txt", (en_ja / "ref.txt",), en_ja / "src.txt")
    ]
    again.close()


def test_an_entry_of_relative_paths_from_before_is_left_out(tmp_path: Path) -> None:
    """Which folder such an entry meant is not known: it is not offered at all."""
    old = _ini(tmp_path)
    stored = [
        {"hypothesis": "hyp.txt", "references": ["ref.txt"], "encoding": "utf-8"},
        {"hypothesis": "/data/news.hyp", "references": ["/data/news.ref"]},
    ]
    old.setValue("recent/filesets", json.dumps(stored))
    old.sync()
    recent = RecentFiles(_ini(tmp_path))
    assert recent.entries() == [
        FileSet(Path("/data/news.hyp"), (Path("/data/news.ref"),))
    ]
    recent.close()


def test_a_recent_entry_whose_file_is_gone_is_named_and_changes_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The entry's options come only with its files: the open set keeps its own."""
    gone = tmp_path / "gone"
    hyp = write_lines(gone / "hyp.txt", HYPS)
    write_lines(gone / "ref.txt", REF_B)
    entry = FileSet(hyp, (gone / "ref.txt",))
    with scored(qtbot, window):
        window.session.open_files(entry)
    with scored(qtbot, window):
        window.session.set_config(BleuConfig(lowercase=True))
    here = tmp_path / "here"
    shown = FileSet(write_lines(here / "hyp.txt", HYPS), (here / "ref.txt",))
    write_lines(here / "ref.txt", REF_A)
    with scored(qtbot, window):
        window.session.open_files(shown, BleuConfig())
    assert window.session.config == BleuConfig()
    hyp.unlink()
    with refused(qtbot, window) as messages:
        window.recent_menu.actions()[1].trigger()  # the entry, lowercased
    assert messages == [f"{hyp}: no such file"]
    assert window.session.files == shown
    assert window.session.config == BleuConfig()
    assert window.settings_panel.lowercase.isChecked() is False
    scores = window.session.scores
    assert scores is not None
    assert not isinstance(scores.corpus, Unavailable)  # a score, not a refusal
    assert scores.corpus.score == sacrebleu.corpus_bleu(HYPS, [REF_A]).score


def test_a_named_sacrebleu_set_is_remembered_with_its_filters(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Reopened as a plain file set, a joined or filtered set would not fit its
    system file: the entry keeps the sets, the pair and the filters."""
    named = NamedSource("wmt21,wmt22", "de-en", "de", None)
    files = FileSet(
        tmp_path / "out.txt",
        (tmp_path / "wmt21.de-en.ref-A",),
        tmp_path / "wmt21.de-en.src",
        named=named,
    )
    recent = RecentFiles(_ini(tmp_path))
    with qtbot.waitSignal(recent.synced, timeout=10_000):
        recent.add(files)
    recent.close()
    again = RecentFiles(_ini(tmp_path))
    assert again.entries() == [files]
    assert again.entries()[0].named == named
    again.close()
