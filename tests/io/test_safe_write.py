"""Atomic writes: the file is whole or untouched, and a failure is one line."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from bleu_gui.io.safe_write import (
    WriteError,
    unfinished_files,
    write_atomically,
    write_text,
)


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


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    """A private export (mode 600) stays private when written again."""
    target = tmp_path / "scores.csv"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_link_stays_a_link_and_its_target_is_replaced(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    real = shared / "scores.csv"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "scores.csv"
    link.symlink_to(real)
    write_text(link, "new\n")
    assert link.is_symlink()
    assert os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scores.csv", "shared"]
    assert [p.name for p in shared.iterdir()] == ["scores.csv"]


def test_a_dangling_link_gets_its_target_written(tmp_path: Path) -> None:
    link = tmp_path / "scores.csv"
    link.symlink_to(tmp_path / "real.csv")
    write_text(link, "new\n")
    assert link.is_symlink()
    assert (tmp_path / "real.csv").read_text(encoding="utf-8") == "new\n"


def test_a_pipe_is_written_into_not_replaced(tmp_path: Path) -> None:
    """A target that is no regular file (a pipe, /dev/stdout) cannot be replaced."""
    fifo = tmp_path / "scores.csv"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, at once
    try:
        write_text(fifo, "through the pipe\n")
        out = os.read(reader, 1000)  # b"" had the pipe been replaced
    finally:
        os.close(reader)
    assert out == b"through the pipe\n"
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["scores.csv"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_is_one_line_naming_the_file(tmp_path: Path) -> None:
    link = tmp_path / "scores.csv"
    link.symlink_to("/dev/full")
    with pytest.raises(WriteError) as raised:
        write_text(link, "a,b\n" * 10_000)
    assert str(raised.value) == (
        f"{link}: cannot write the file: no space left on device"
    )
    assert link.is_symlink()


# Writes a megabyte, says so on stdout, then waits for stdin: killed by the test.
_KILLED_WRITER = """
import sys
from pathlib import Path
from bleu_gui.io.safe_write import write_atomically

def write(file):
    file.write(b"x" * 1_000_000)
    file.flush()
    print("writing", flush=True)
    sys.stdin.read()

write_atomically(Path(sys.argv[1]), write)
"""


def test_a_write_killed_half_way_is_cleaned_by_the_next(tmp_path: Path) -> None:
    """kill -9 leaves the hidden unfinished file; the next write removes it."""
    target = tmp_path / "scores.csv"
    target.write_text("the previous export\n", encoding="utf-8")
    with subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    ) as writer:
        assert writer.stdout is not None
        assert writer.stdout.readline() == b"writing\n"  # the write is under way
        [(unfinished, pid)] = list(unfinished_files(target))
        assert pid == writer.pid
        assert unfinished.name.startswith(f".scores.csv.unfinished-{writer.pid}-")
        assert unfinished.stat().st_size == 1_000_000
        writer.send_signal(signal.SIGKILL)
        assert writer.wait(timeout=60) == -signal.SIGKILL
    assert target.read_text(encoding="utf-8") == "the previous export\n"
    assert unfinished.exists()  # nobody could clean it up

    live = tmp_path / f".scores.csv.unfinished-{os.getpid()}-0a1b2c3d"
    live.write_bytes(b"a write of this process, under way")
    other = tmp_path / ".other.csv.unfinished-1-0a1b2c3d"
    other.write_bytes(b"another file's")
    write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["scores.csv", live.name, other.name]
    )
