"""A Python child a bench test talks to through its standard input and output."""

from __future__ import annotations

import subprocess
import sys


def piped_python(script: str, *args: str) -> subprocess.Popen[str]:
    """`python -c script args…` with its stdin and stdout as text pipes.

    Use it as a context manager: its pipes are closed and it is waited for.
    """
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
