"""The bench's memory of a process tree (`bench/bench_score.tree_rss`).

A child forked and not yet exec'd holds its parent's pages, shared: the window's
tree once read as 2.1 GB for a 1 GB window starting its significance process. The
bench leaves such a child out and counts every other descendant.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_score import tree_rss

from tests.bench.children import piped_python

_MIB = 1024  # tree_rss counts KiB

# A process that fills 100 MiB; with "fork", a copy of itself that never execs (its
# command line is its parent's) or, with "spawn", a new Python holding 100 MiB of
# its own. It says "ready" once the child runs, then waits for its stdin to close.
_SCRIPT = """
import os, subprocess, sys
held = bytearray(100 * 1024 * 1024)
held[::4096] = b"x" * len(held[::4096])
if sys.argv[1] == "fork":
    child = os.fork()
    if child == 0:
        sys.stdin.read()
        os._exit(0)
else:
    code = "import sys; b = bytearray(100 << 20); b[::4096] = b'x' * len(b[::4096]); "
    code += "print('up', flush=True); sys.stdin.read()"
    worker = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    worker.stdout.readline()
print("ready", flush=True)
sys.stdin.read()
"""


def _tree_mib(how: str) -> int:
    with piped_python(_SCRIPT, how) as process:
        assert process.stdout is not None
        assert process.stdin is not None
        assert process.stdout.readline() == "ready\n"
        measured = tree_rss(process.pid) // _MIB
        process.stdin.close()
        process.wait(timeout=60)
    return measured


def test_a_forked_child_not_yet_execd_is_not_counted_twice() -> None:
    assert 100 <= _tree_mib("fork") < 180


def test_a_child_running_its_own_program_is_counted() -> None:
    assert _tree_mib("spawn") >= 200
