"""The import rules ruff enforces where import-linter cannot name a module.

import-linter names no part of an external package, so ruff's banned-api (TID251)
keeps PySide6.QtWidgets and QtCharts out of the models (`bleu_gui/models/ruff.toml`)
and the workers (`pyproject.toml`). These tests lint a line of code as if it were
in those files (ruff's `--stdin-filename`, which picks the settings by path), so a
change to the settings that stops the ban fails here, not in a review.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def banned(path: str, code: str) -> list[str]:
    """The TID251 messages ruff gives for `code` as the file `path` of the project."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--select",
            "TID251",
            "--output-format",
            "concise",
            "--stdin-filename",
            path,
            "-",
        ],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    return [line for line in result.stdout.splitlines() if "TID251" in line]


@pytest.mark.parametrize(
    ("code", "module"),
    [
        ("from PySide6.QtWidgets import QWidget\n", "PySide6.QtWidgets"),
        ("from PySide6 import QtWidgets\n", "PySide6.QtWidgets"),
        ("import PySide6.QtCharts\n", "PySide6.QtCharts"),
    ],
)
def test_a_model_may_not_import_widgets_or_charts(code: str, module: str) -> None:
    (message,) = banned("bleu_gui/models/probe.py", code)
    assert f"`{module}` is banned: no " in message
    assert "bleu_gui.models" in message


def test_a_model_may_import_qtcore_and_qtgui() -> None:
    code = "from PySide6.QtCore import QObject\nfrom PySide6.QtGui import QFont\n"
    assert banned("bleu_gui/models/probe.py", code) == []


def test_the_workers_may_not_import_widgets_or_charts() -> None:
    code = "from PySide6.QtWidgets import QWidget\nimport PySide6.QtCharts\n"
    messages = banned("bleu_gui/workers.py", code)
    assert len(messages) == 2
    assert "`PySide6.QtWidgets` is banned: no widgets below the views" in messages[0]
    assert "`PySide6.QtCharts` is banned: no charts below the views" in messages[1]


def test_a_view_may_import_widgets() -> None:
    code = "from PySide6.QtWidgets import QWidget\nimport PySide6.QtCharts\n"
    assert banned("bleu_gui/views/probe.py", code) == []
