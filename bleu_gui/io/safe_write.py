"""Writing a file so that it is either whole or not there: exports, reports, sessions.

A write that fails half-way (a full disk, a read-only folder, a killed process) must
not leave a truncated file where the user expects their export, nor destroy the
previous one. So the data goes to a temporary file in the same folder, is flushed to
the disk, and only then renamed over the target (a rename within one folder is
atomic). A failure removes the temporary file and is one `InputError` line naming
the target.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from bleu_gui.io.errors import InputError

__all__ = ["WriteError", "write_atomically", "write_bytes", "write_text"]


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

    The file gets the permissions a new file gets (the umask's), not the temporary
    file's private ones.

    Raises:
        WriteError: the folder cannot be written, the disk is full, or any other
            operating-system error; `path` is then as it was before.
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=f".{path.name}.", suffix=".part"
        )
    except OSError as error:
        raise WriteError(path, _why(error)) from None
    try:
        with os.fdopen(handle, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise WriteError(path, _why(error)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (see `write_atomically`)."""

    def put(file: IO[bytes]) -> None:
        file.write(data)

    write_atomically(path, put)


def write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    r"""Write `text` to `path` atomically, encoded, with ``\n`` line ends as given."""
    write_bytes(path, text.encode(encoding))


def _why(error: OSError) -> str:
    """The system's words for `error`, lower-cased as a message goes on."""
    words = error.strerror or type(error).__name__
    return words[:1].lower() + words[1:]


def _umask() -> int:
    """The process's umask (read by setting it, then put back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
