"""The window's process returns freed large blocks to the system (`memory_policy`).

The check runs in a fresh interpreter: what malloc keeps depends on everything the
process allocated before. Memory is measured, never time.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# After `set_process_policy`: a large block freed (which raises glibc's threshold
# by default), then 100 MiB of half-megabyte blocks, each followed by a small
# block that stays (as a decoded piece of a file is followed by its long lines),
# and the half-megabyte blocks freed. Prints how much resident memory that left.
_FREED_AFTER_POLICY = """
import json
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from bleu_gui.app import set_process_policy

def resident():
    lines = Path("/proc/self/status").read_text().splitlines()
    return next(int(s.split()[1]) * 1024 for s in lines if s.startswith("VmRSS:"))

app = QCoreApplication([])
set_process_policy(app)
before = resident()
first = b"x" * (4 << 20)  # a mapped block of its own
del first
pieces, kept = [], []
for _ in range(200):
    pieces.append(b"x" * (512 << 10))
    kept.append(b"y" * 4000)
del pieces
print(json.dumps({"left": resident() - before}))
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the policy is glibc's malloc's"
)
def test_freed_half_megabyte_blocks_go_back_to_the_system() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _FREED_AFTER_POLICY],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""},
    )
    left = json.loads(done.stdout)["left"]
    # Without the policy the 100 MiB stay resident (holes in the heap between the
    # small blocks); with it, each block was unmapped when freed.
    assert left < 20 << 20, f"{left / 2**20:.0f} MiB left resident"
