"""Excel's "Unicode Text" export, written byte for byte as Excel writes it.

UTF-16 little-endian with its byte-order mark (U+FEFF first), cells separated by
tabs, every row ended by CRLF, the first row the headers. Shared by the io, command
line and window tests of `io.file_format.is_unicode_text_table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["write_unicode_text"]


def write_unicode_text(path: Path, rows: Sequence[Sequence[str]]) -> Path:
    """Write `rows` (the first the headers) to `path` as Excel's Unicode Text."""
    text = "\ufeff" + "".join("\t".join(row) + "\r\n" for row in rows)
    path.write_bytes(text.encode("utf-16-le"))
    return path
