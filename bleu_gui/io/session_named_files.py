"""The files a session names: where they are relative to it, and whether they changed.

Apart from the JSON because these look at the disk, not at the file's text: the
window checks a session's files (missing, changed since saved, outside its folder)
before it opens them, and saving takes each file's checksum.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from bleu_gui.io.session_values import FileCheck, FileState, SessionData

__all__ = [
    "absolute_path",
    "check_files",
    "checksum",
    "outside_folder",
    "relative_path",
]

_CHUNK = 1 << 20  # bytes hashed at a time


def checksum(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes (hex); None for anything else.

    A named pipe or a device would be consumed or never end: not hashed.

    Raises:
        OSError: the file cannot be read.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def check_files(data: SessionData) -> tuple[FileCheck, ...]:
    """Each file of `data` against its checksum: the same, missing or changed."""
    checks = []
    for file in data.files:
        try:
            now = checksum(file.path)
        except OSError:
            checks.append(FileCheck(file, FileState.MISSING))
            continue
        same = file.sha256 is None or now is None or now == file.sha256
        checks.append(FileCheck(file, FileState.SAME if same else FileState.CHANGED))
    return tuple(checks)


def relative_path(path: Path, folder: Path) -> str:
    """`path` relative to `folder` (with `/`), or absolute where it cannot be."""
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.abspath(folder))
    except ValueError:  # another drive (Windows)
        return Path(os.path.abspath(path)).as_posix()
    return Path(relative).as_posix()


def absolute_path(text: str, folder: Path) -> Path:
    """A stored path, relative to `folder` unless absolute, normalised."""
    return Path(os.path.normpath(os.path.join(os.path.abspath(folder), text)))


def outside_folder(data: SessionData, session: Path) -> tuple[Path, ...]:
    """The files of `data` that are not in the session file's folder (or below).

    A session names its files relative to itself so that its folder can be moved
    or sent whole; a file outside (an absolute path, or `../`) is not in that
    folder, and a session from someone else may name any file of this machine:
    the window says where they are.
    """
    folder = os.path.normpath(os.path.abspath(session.parent))

    def inside(path: Path) -> bool:
        try:
            return os.path.commonpath([folder, os.path.normpath(path)]) == folder
        except ValueError:  # another drive (Windows)
            return False

    return tuple(file.path for file in data.files if not inside(file.path))
