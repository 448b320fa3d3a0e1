"""What is not a text file is refused before it is read whole, in one line.

`/dev/zero` as a hypothesis once read until memory ran out; a folder without search
permission raised a traceback from `stat`; `-e utf-16` on a file without a mark and
codecs for domain names failed without naming the file.
"""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest

from bleu_gui.io import (
    BinaryFileError,
    DecodingError,
    FilePermissionError,
    FileTooLargeError,
    NotAFileError,
    UndecodableFileError,
    UnknownEncodingError,
    read_segments,
    readers,
)
from tests.io.locked_folder import lock_folder


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_character_devices_are_refused(device: str) -> None:
    with pytest.raises(NotAFileError) as info:
        read_segments(device)
    assert str(info.value) == f"{device}: is a character device, not a file"


def test_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(NotAFileError) as info:
            read_segments(path)
    assert str(info.value) == f"{path}: is a socket, not a file"


class _Writer(threading.Thread):
    """Writes `chunk` into a named pipe `times` times, or until the reader leaves."""

    def __init__(self, path: Path, chunk: bytes, times: int) -> None:
        super().__init__(daemon=True)
        self.path, self.chunk, self.times = path, chunk, times
        self.written = 0

    def run(self) -> None:
        try:
            with open(self.path, "wb") as pipe:
                for _ in range(self.times):
                    pipe.write(self.chunk)
                    self.written += len(self.chunk)
        except BrokenPipeError:
            pass


def _pipe(tmp_path: Path, chunk: bytes, times: int) -> tuple[Path, _Writer]:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    writer = _Writer(path, chunk, times)
    writer.start()
    return path, writer


def test_named_pipe_is_read(tmp_path: Path) -> None:
    path, writer = _pipe(tmp_path, b"a b\r\nc d\n", 3)
    assert read_segments(path).lines == ("a b", "c d") * 3
    writer.join()


def test_endless_binary_pipe_is_refused_at_its_first_piece(tmp_path: Path) -> None:
    # 64 MiB of NUL bytes offered; the reader leaves after the first piece.
    path, writer = _pipe(tmp_path, bytes(1 << 16), 1 << 10)
    with pytest.raises(BinaryFileError) as info:
        read_segments(path)
    writer.join()
    assert str(info.value) == (
        f"{path}, line 1: looks like a binary file (contains a NUL byte)"
    )
    assert writer.written < 1 << 24


def test_random_bytes_are_refused_by_their_first_piece(tmp_path: Path) -> None:
    # Undecodable bytes without a NUL (as /dev/urandom through a pipe mostly is);
    # not starting with FF FE, which is UTF-16's byte-order mark.
    path, writer = _pipe(tmp_path, b"\x80\xff\xfe" * 20_000, 1 << 10)
    with pytest.raises(DecodingError) as info:
        read_segments(path)
    writer.join()
    assert str(info.value).startswith(f"{path}, line 1: bytes that are not valid")
    assert writer.written < 1 << 24


def test_too_large_is_refused_by_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * 1000)
    with pytest.raises(FileTooLargeError) as info:
        read_segments(path)
    assert str(info.value) == (
        f"{path}: larger than 9.31323e-07 GiB, more than bleu-gui reads; is it the "
        "right file?"
    )
    # A pipe has no size: it is counted as it comes.
    pipe, writer = _pipe(tmp_path, b"word " * 100, 1000)
    with pytest.raises(FileTooLargeError):
        read_segments(pipe)
    writer.join()


def test_folder_that_cannot_be_searched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Simulated: the tests may run as root, who may search any folder.
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "ref.txt").write_text("a\n")
    lock_folder(monkeypatch, locked)
    with pytest.raises(FilePermissionError) as info:
        read_segments(locked / "ref.txt")
    assert str(info.value) == (
        f"{locked / 'ref.txt'}: permission denied (a folder on its path may not be "
        "searched)"
    )


def test_utf16_without_a_mark_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes("a\nb\n".encode("utf-16-le"))
    with pytest.raises(UndecodableFileError) as info:
        read_segments(path, "utf-16")
    assert str(info.value) == (
        f"{path}: does not start with a byte-order mark, which utf-16 needs to tell "
        "the byte order; choose utf-16-le or utf-16-be"
    )
    assert read_segments(path, "utf-16-le").lines == ("a", "b")


@pytest.mark.parametrize(
    ("encoding", "purpose"),
    [
        ("idna", "a codec for domain names"),
        ("punycode", "a codec for domain names"),
        ("unicode_escape", "a codec for Python string literals"),
        ("raw-unicode-escape", "a codec for Python string literals"),
    ],
)
def test_codecs_not_for_files_are_refused(
    encoding: str, purpose: str, tmp_path: Path
) -> None:
    path = tmp_path / "f.txt"
    path.write_text("a.b\n")
    with pytest.raises(UnknownEncodingError) as info:
        read_segments(path, encoding)
    assert str(info.value) == (
        f"{purpose}, not text files: {encoding!r}; use a Python codec name such as "
        "utf-8, utf-16, latin-1 or cp1252"
    )
