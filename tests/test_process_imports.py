"""The window's process imports, before its event loop, what numpy imports late.

numpy imports `numpy.ma` at the first `np.unique` (about 40 ms): the window's
first text search stalled on it in the middle of a turn. Checked in a fresh
interpreter, where nothing imported it before.
"""

from __future__ import annotations

import json
import subprocess
import sys

_FIRST_UNIQUE = """
import json, sys
import numpy as np
from PySide6.QtCore import QCoreApplication
from bleu_gui.app import set_process_policy

app = QCoreApplication([])
set_process_policy(app)
before = set(sys.modules)
np.unique(np.array([3, 1, 3]))
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_the_first_unique_imports_nothing_in_the_windows_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_UNIQUE],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == []
