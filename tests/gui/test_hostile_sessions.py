"""Hostile session files in the window: one line, nothing applied, files named.

A session saved by one window is spoiled as a file from elsewhere could be, then
opened in a second window that has its own test set open: `open_session` returns
False, the banner says one line, and the second window's test set, options,
test settings and title stay as they were. A session whose files are outside its
folder opens and says where they are. `bleu-gui FILE --screenshot` exits on a
refused session instead of waiting for ever.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.views.main_window import MainWindow
from tests.gui import test_sessions as sessions
from tests.gui.test_app import run

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

windows = sessions.windows  # the fixture: the windows `sessions.make` made

Spoil = Callable[[dict[str, Any]], str]


def raw_at(keys: tuple[str | int, ...], raw: str) -> Spoil:
    """The session's JSON text with the value at `keys` written as `raw`."""

    def spoil(value: dict[str, Any]) -> str:
        item: Any = value
        for key in keys[:-1]:
            item = item[key]
        item[keys[-1]] = "@@@"
        return json.dumps(value).replace('"@@@"', raw)

    return spoil


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (
            raw_at(("systems", "samples"), "9" * 5000),
            "systems.samples: a whole number of 5,000 digits is more than 1,000,000",
        ),
        (
            raw_at(("table", "columns"), "[" * 100_000),
            "not a session file (lists or objects nested too deeply)",
        ),
        (
            raw_at(("test_set", "files", 0, "path"), '"sys.UEdin\\u0000.txt"'),
            "test_set.files[0].path: a path with a NUL character",
        ),
        (
            raw_at(("systems", "samples"), "1000000000000"),
            "systems.samples: 1000000000000 is more than 1,000,000",
        ),
        (
            raw_at(("filter", "min_score"), "NaN"),
            "filter.min_score: NaN is not a number (expected 0 to 100)",
        ),
    ],
    ids=["5000-digits", "nested", "nul-path", "samples-1e12", "nan-score"],
)
def test_a_hostile_session_is_one_line_and_changes_nothing(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow], spoil: Spoil, message: str
) -> None:
    _first, path, _files = sessions.saved_session(qtbot, tmp_path, windows)
    path.write_text(spoil(json.loads(path.read_text(encoding="utf-8"))), "utf-8")
    second = sessions.make(qtbot, windows, tmp_path / "b.ini")
    other = sessions.project(tmp_path / "other")
    sessions.open_files(qtbot, second, other)
    boxes = second.compare_systems.table
    samples, title = boxes.samples_box.value(), second.windowTitle()
    config, scores = second.session.config, second.session.scores
    assert not second.session_actions.open_session(path)
    assert second.banner.text() == f"⚠ {path}: {message}"
    assert second.session.files == other
    assert not second.session.is_busy
    assert second.session.config == config
    assert second.session.scores is scores
    assert boxes.samples_box.value() == samples
    assert second.filter_bar.min_score.value() == 0.0
    assert second.windowTitle() == title
    assert second.session_actions.tracker.path is None


def test_files_outside_the_session_folder_are_named_after_opening(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    """An absolute path and a `../` path: opened, and said in full."""
    _first, path, files = sessions.saved_session(qtbot, tmp_path, windows)
    data = tmp_path / "data"
    data.mkdir()
    moved = [ref.rename(data / ref.name) for ref in files.references]
    value = json.loads(path.read_text(encoding="utf-8"))
    references = [f for f in value["test_set"]["files"] if f["role"] == "reference"]
    references[0]["path"] = str(moved[0])
    references[1]["path"] = f"../data/{moved[1].name}"
    path.write_text(json.dumps(value), encoding="utf-8")
    second = sessions.make(qtbot, windows, tmp_path / "b.ini")
    sessions.open_session(qtbot, second, path)
    assert second.session.files is not None
    assert second.session.files.references == tuple(moved)
    assert second.banner.text() == (
        f"⚠ {path}: read from outside its folder: {moved[0]}, {moved[1]}"
    )


def test_a_session_of_its_own_folder_says_nothing_of_its_files(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    _first, path, _files = sessions.saved_session(qtbot, tmp_path, windows)
    second = sessions.make(qtbot, windows, tmp_path / "b.ini")
    sessions.open_session(qtbot, second, path)
    assert not second.banner.isVisibleTo(second)


def test_a_screenshot_of_a_refused_session_exits_with_one_line(
    qtbot: QtBot, tmp_path: Path, windows: list[MainWindow]
) -> None:
    """Before, samples of 10¹² broke the session half-way: the process never ended."""
    _first, path, _files = sessions.saved_session(qtbot, tmp_path, windows)
    value = json.loads(path.read_text(encoding="utf-8"))
    value["systems"]["samples"] = 10**12
    path.write_text(json.dumps(value), encoding="utf-8")
    result = run(tmp_path, str(path), "--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert (
        f"bleu-gui: error: {path}: systems.samples: 1000000000000 is more than "
        "1,000,000"
    ) in result.stderr.splitlines()
    assert not (tmp_path / "shot.png").exists()
