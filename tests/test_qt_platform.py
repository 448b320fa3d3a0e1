"""The check that runs before Qt: one clear line instead of Qt's abort.

The logic is checked headless with a stand-in for the dynamic linker; one run of
the real command shows that the line replaces the abort.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleu_gui.qt_platform import platform_problem, uses_xcb, xcb_problem

ROOT = Path(__file__).resolve().parent.parent

INSTALL = (
    "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 "
    "libxcb-render-util0 libxcb-shape0 libxcb-randr0 libxcb-xfixes0 libxcb-xkb1 "
    "libxkbcommon-x11-0"
)


@pytest.mark.parametrize(
    ("environ", "platform", "expected"),
    [
        ({}, "linux", True),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({"QT_QPA_PLATFORM": "xcb:nograb"}, "linux", True),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, "linux", False),
        (
            {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"},
            "linux",
            False,
        ),
        ({"XDG_SESSION_TYPE": "x11"}, "linux", True),
        ({}, "darwin", False),
        ({}, "win32", False),
    ],
)
def test_which_platforms_use_xcb(
    environ: dict[str, str], platform: str, expected: bool
) -> None:
    assert uses_xcb(environ, platform) is expected


def missing_cursor(path: str) -> object:
    raise OSError(
        "libxcb-cursor.so.0: cannot open shared object file: No such file or directory"
    )


def test_a_missing_library_is_named_with_the_packages(tmp_path: Path) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    line = xcb_problem(plugin, {"DISPLAY": ":0"}, missing_cursor)
    assert line == (
        "bleu-gui: error: Qt cannot open a window: libxcb-cursor.so.0 is missing; "
        f"install the X11 libraries Qt needs (Debian/Ubuntu: {INSTALL})"
    )
    assert "\n" not in line


def test_a_plugin_that_loads_is_no_problem(tmp_path: Path) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    loaded: list[str] = []
    assert xcb_problem(plugin, {"DISPLAY": ":0"}, loaded.append) is None
    assert loaded == [str(plugin)]


def test_no_display_is_said_before_anything_is_loaded(tmp_path: Path) -> None:
    line = xcb_problem(tmp_path / "libqxcb.so", {}, missing_cursor)
    assert line == (
        "bleu-gui: error: no X11 display to open a window on (DISPLAY is not set); "
        "run it in a desktop session, or with QT_QPA_PLATFORM=offscreen for "
        "--screenshot"
    )


def test_offscreen_needs_no_check(tmp_path: Path) -> None:
    environ = {"QT_QPA_PLATFORM": "offscreen"}
    assert platform_problem(environ, tmp_path) is None


def test_the_command_says_it_in_one_line_instead_of_aborting(tmp_path: Path) -> None:
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY")
    }
    environ.update(
        QT_QPA_PLATFORM="xcb",
        PYTHONPATH=str(ROOT),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    done = subprocess.run(
        [sys.executable, "-m", "bleu_gui", "--demo"],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1  # Qt's abort would be -6 (SIGABRT)
    assert done.stderr.splitlines() == [
        "bleu-gui: error: no X11 display to open a window on (DISPLAY is not set); "
        "run it in a desktop session, or with QT_QPA_PLATFORM=offscreen for "
        "--screenshot"
    ]
