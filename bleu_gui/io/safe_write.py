"""Writing a file so that it is either whole or not there: exports, reports, sessions.

A write that fails half-way (a full disk, a read-only folder, a killed process) must
not leave a truncated file where the user expects their export, nor destroy the
previous one. So the data goes to a temporary file in the same folder, is flushed to
the disk, and only then renamed over the target (a rename within one folder is
atomic). A failure removes the temporary file and is one `InputError` line naming
the target.

Replacing a file keeps what the user set on it:

- its permissions: a file made private (mode 600) stays private; a new file gets
  the umask's;
- a symbolic link stays a link: the file it points to is replaced (the temporary
  file goes in that file's folder, so the rename stays atomic);
- a target that is no regular file (`/dev/stdout` behind a link, a pipe, a
  device) is written straight into: it cannot be replaced, and must not be.

A process killed while it writes (`kill -9`, a power cut) cannot clean up after
itself. So the temporary file is named for what it is, `.NAME.unfinished-PID-XXXXXXXX`
(hidden, beside NAME), and the next write to NAME removes every such file whose
process is gone. (An unnamed `O_TMPFILE` file, freed by the system, would need a
name at the end: linking it from /proc fails with "invalid cross-device link" on
overlay file systems, which containers use; so it is not used.)
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from bleu_gui.io.errors import InputError

__all__ = [
    "WriteError",
    "unfinished_files",
    "write_atomically",
    "write_bytes",
    "write_text",
]


class WriteError(InputError):
    """A file could not be written; nothing of it was left behind."""

    def __init__(self, path: Path, why: str) -> None:
        """Create an error.

        Args:
            path: The file that was to be written.
            why: What the system said (its `strerror`), in words.
        """
        super().__init__(f"cannot write the file: {why}", path=path)


def write_atomically(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Call `write` with a binary file that becomes `path` once it returned.

    The file keeps the permissions of the file it replaces; a new file gets the
    permissions a new file gets (the umask's), not the temporary file's private
    ones. A symbolic link's target is replaced, the link kept.

    Raises:
        WriteError: the folder cannot be written, the disk is full, or any other
            operating-system error; `path` is then as it was before.
    """
    try:
        status: os.stat_result | None = os.stat(path)  # through links
    except FileNotFoundError:
        status = None
    except OSError as error:
        raise WriteError(path, _why(error)) from None
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_into(path, write)
        return
    target = Path(os.path.realpath(path))
    mode = stat.S_IMODE(status.st_mode) if status else 0o666 & ~_umask()
    _remove_leftovers(target)
    temporary = _unfinished_name(target)
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        handle = os.open(temporary, flags, 0o600)
    except OSError as error:
        raise WriteError(path, _why(error)) from None
    try:
        with os.fdopen(handle, "wb") as file:
            write(file)
            file.flush()
            os.fsync(handle)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise WriteError(path, _why(error)) from None
        raise


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (see `write_atomically`)."""

    def put(file: IO[bytes]) -> None:
        file.write(data)

    write_atomically(path, put)


def write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    r"""Write `text` to `path` atomically, encoded, with ``\n`` line ends as given."""
    write_bytes(path, text.encode(encoding))


def unfinished_files(path: Path) -> Iterator[tuple[Path, int]]:
    """The named temporary files of writes to `path` in its folder, with their PIDs."""
    pattern = re.compile(rf"{re.escape(_unfinished_stem(path))}(\d+)-\w+")
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            found = pattern.fullmatch(entry.name)
            if found:
                yield path.parent / entry.name, int(found.group(1))


def _write_into(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Write straight into a target that is no regular file (a pipe, a device).

    Opened by the name given: /dev/stdout's link leads to "pipe:[…]", no path.
    """
    try:
        with open(path, "wb") as file:
            write(file)
    except OSError as error:
        raise WriteError(path, _why(error)) from None


def _unfinished_stem(target: Path) -> str:
    # Cut a long name, so that the temporary one stays within the 255 bytes a
    # file name may have.
    return f".{target.name[:200]}.unfinished-"


def _unfinished_name(target: Path) -> Path:
    stem = _unfinished_stem(target)
    return target.parent / f"{stem}{os.getpid()}-{secrets.token_hex(4)}"


def _remove_leftovers(target: Path) -> None:
    """Remove the temporary files of writes to `target` whose process is gone.

    Windows has no harmless way to ask (`os.kill` ends the process there), but
    refuses to remove a file another process has open, so it is simply tried.
    """
    for name, pid in unfinished_files(target):
        if os.name == "nt" or not _running(pid):
            with contextlib.suppress(OSError):
                os.unlink(name)


def _running(pid: int) -> bool:
    """Whether process `pid` exists (this one does; another user's may)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but is not ours to signal
    return True


def _why(error: OSError) -> str:
    """The system's words for `error`, lower-cased as a message goes on."""
    words = error.strerror or type(error).__name__
    return words[:1].lower() + words[1:]


def _umask() -> int:
    """The process's umask (read by setting it, then put back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
