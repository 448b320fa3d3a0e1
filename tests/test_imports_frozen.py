"""`score` and `report` run with their imports frozen out of garbage collection.

The objects the imports made live as long as the process; a full collection would
walk them all again (docs/design.md, "What 0.7 at 500 segments takes").
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path

import pytest

from bleu_gui.__main__ import _imports_frozen, main


def test_a_command_runs_frozen_and_thaws_after() -> None:
    assert gc.get_freeze_count() == 0
    with _imports_frozen():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_a_callers_own_freeze_is_left_as_it_was() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with _imports_frozen():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen  # not thawed by the command
    finally:
        gc.unfreeze()


def test_score_runs_inside_the_freeze(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bleu_gui.cli as cli

    ref = tmp_path / "ref.txt"
    ref.write_text("a b c d\n", encoding="utf-8")
    seen: list[int] = []
    real = cli.main

    def spy(argv: Sequence[str] | None = None) -> int:
        seen.append(gc.get_freeze_count())
        return real(argv)

    monkeypatch.setattr(cli, "main", spy)
    assert main(["score", str(ref), "-i", str(ref), "-b"]) == 0
    assert len(seen) == 1
    assert seen[0] > 0
    assert gc.get_freeze_count() == 0
