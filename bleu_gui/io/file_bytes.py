"""A binary file's bytes (a workbook, an XML document), with errors users can read.

Text files go through `io.readers.read_raw`, which refuses binary content; a
workbook is a zip archive and an XML document decodes itself, so their readers
need the bytes as they are, with the same one-line errors for a missing, unreadable
or oversized file.
"""

from __future__ import annotations

from pathlib import Path

from bleu_gui.io.errors import FileTooLargeError
from bleu_gui.io.readers import MAX_FILE_BYTES, access_error

__all__ = ["read_bytes"]


def read_bytes(path: Path) -> bytes:
    """The whole file.

    Raises:
        MissingFileError: The file does not exist.
        NotAFileError: The path is a directory.
        FilePermissionError: The file may not be read.
        FileTooLargeError: It holds more than `MAX_FILE_BYTES` bytes.
        FileAccessError: Any other operating-system error.
    """
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise FileTooLargeError(path, MAX_FILE_BYTES)
        return path.read_bytes()
    except OSError as error:
        raise access_error(path, error) from None
