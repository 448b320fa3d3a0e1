"""A folder whose files cannot be reached, for the permission-error tests.

Simulated rather than made with chmod: the tests may run as root, who may search
any folder. Shared by the readers' test and the command line's test of the same
error, so that both see the very same failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bleu_gui.io import readers


def lock_folder(monkeypatch: pytest.MonkeyPatch, locked: Path) -> None:
    """stat() and the readers' open() of anything in `locked` fail with EACCES,
    as they do in a folder without search permission."""
    real_stat, real_open = os.stat, open

    def denied(path: object) -> bool:
        return str(path).startswith(str(locked) + os.sep)

    def fake_stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if denied(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    def fake_open(path: object, *args: object, **kwargs: object) -> object:
        if denied(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "stat", fake_stat)
    monkeypatch.setattr(readers, "open", fake_open, raising=False)
