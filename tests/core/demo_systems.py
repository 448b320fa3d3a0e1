"""The bundled WMT21 de-en demo test set: two references and four systems.

Read from the repository's `resources/demo` (500 segments each), once per test run.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SYSTEM_NAMES = ("Facebook-AI", "Online-W", "UEdin", "happypoet")


def _lines(name: str) -> tuple[str, ...]:
    return tuple((DEMO / name).read_text(encoding="utf-8").splitlines())


@cache
def references() -> tuple[tuple[str, ...], ...]:
    """The two reference streams, A and B."""
    return _lines("ref.A.txt"), _lines("ref.B.txt")


@cache
def system(name: str) -> tuple[str, ...]:
    """One system's output, a line per segment."""
    return _lines(f"sys.{name}.txt")
