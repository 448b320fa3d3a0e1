"""Atomic writes: the file is whole or untouched, and a failure is one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO

import pytest

from bleu_gui.io.safe_write import WriteError, write_atomically, write_text


def test_the_text_is_written_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "export.csv"
    write_text(target, "a,b\n1,2\n")
    assert target.read_bytes() == b"a,b\n1,2\n"
    assert [p.name for p in tmp_path.iterdir()] == ["export.csv"]


def test_a_failing_writer_leaves_the_previous_file_and_no_part(tmp_path: Path) -> None:
    target = tmp_path / "export.csv"
    target.write_text("the previous export\n", encoding="utf-8")

    def fail_half_way(file: IO[bytes]) -> None:
        file.write(b"half of it")
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError, match="killed"):
        write_atomically(target, fail_half_way)
    assert target.read_text(encoding="utf-8") == "the previous export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["export.csv"]


def test_a_folder_that_is_a_file_is_one_line_naming_the_file(tmp_path: Path) -> None:
    blocker = tmp_path / "results"
    blocker.write_text("a file where a folder was expected", encoding="utf-8")
    target = blocker / "report.html"
    with pytest.raises(WriteError) as raised:
        write_text(target, "<p>")
    assert str(raised.value) == f"{target}: cannot write the file: not a directory"


def test_a_missing_folder_is_one_line_naming_the_file(tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "report.html"
    with pytest.raises(WriteError) as raised:
        write_text(target, "<p>")
    assert str(raised.value) == (
        f"{target}: cannot write the file: no such file or directory"
    )


def test_the_new_file_has_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_text(target, "{}")
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask
