"""A UTF-16 or UTF-32 byte-order mark decides the encoding, whatever was chosen.

Windows tools save "Unicode" text as UTF-16 with a mark. Read as UTF-8 it failed at
its first byte; read as latin-1 it was refused as binary (a NUL between letters).
The mark now decides, with a warning; an encoding that fits it is kept as chosen,
so that `utf-16-le` keeps the mark as U+FEFF, as sacreBLEU reads such a file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.core.steps import drain
from bleu_gui.io import Bom, encoding_by_bom, read_raw, read_segments
from bleu_gui.io.readers import iter_read_segments

LINES = ["Die Bürger müssen heizen.", "Größe: 3 m²", "naïve café"]
TEXT = "".join(f"{line}\r\n" for line in LINES)


def _write(path: Path, encoding: str, mark: bytes = b"") -> Path:
    path.write_bytes(mark + TEXT.encode(encoding))
    return path


@pytest.mark.parametrize(
    ("saved", "chosen", "used"),
    [
        ("utf-16", "utf-8", "utf-16"),
        ("utf-16", "latin-1", "utf-16"),
        ("utf-16", "cp1252", "utf-16"),
        ("utf-32", "utf-8", "utf-32"),
        ("utf-32", "utf-16", "utf-32"),
        ("utf-16", "utf-32", "utf-16"),
    ],
)
def test_the_mark_decides_with_a_warning(
    tmp_path: Path, saved: str, chosen: str, used: str
) -> None:
    path = _write(tmp_path / "hyp.txt", saved)
    segments = read_segments(path, chosen)
    assert list(segments.lines) == LINES
    assert (segments.encoding, segments.bom) == (used, Bom.NONE)
    assert segments.warnings == (
        f"{path}: read as {used.upper()}, as its byte-order mark says, not as {chosen}",
    )


def test_a_big_endian_mark_read_as_little_endian_is_read_big_endian(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "hyp.txt", "utf-16-be", b"\xfe\xff")
    segments = read_segments(path, "utf-16-le")
    assert list(segments.lines) == LINES
    assert segments.encoding == "utf-16"


@pytest.mark.parametrize("chosen", ["utf-16", "UTF16", "utf_16"])
def test_the_encoding_that_fits_reads_without_a_warning(
    tmp_path: Path, chosen: str
) -> None:
    segments = read_segments(_write(tmp_path / "hyp.txt", "utf-16"), chosen)
    assert list(segments.lines) == LINES
    assert (segments.encoding, segments.warnings) == (chosen, ())


def test_an_exact_byte_order_keeps_the_mark_as_sacrebleu_does(tmp_path: Path) -> None:
    path = _write(tmp_path / "hyp.txt", "utf-16-le", b"\xff\xfe")
    segments = read_segments(path, "utf-16-le")
    # sacreBLEU: open(path, encoding=..., newline="\n"), each line rstripped.
    with open(path, encoding="utf-16-le", newline="\n") as file:
        theirs = [line.rstrip() for line in file]
    assert list(segments.lines) == theirs
    assert theirs[0].startswith("\ufeff")
    assert segments.bom is Bom.KEPT


def test_the_window_reads_the_bytes_first_and_gets_the_same(tmp_path: Path) -> None:
    path = _write(tmp_path / "hyp.txt", "utf-16")
    raw = read_raw(path, "latin-1")  # read on a thread of its own in the window
    segments = drain(iter_read_segments(path, "latin-1", raw=raw))
    assert segments == read_segments(path, "latin-1")


def test_encoding_by_bom() -> None:
    assert encoding_by_bom(b"\xff\xfeh\x00", "utf-8") == "utf-16"
    assert encoding_by_bom(b"\xfe\xff\x00h", "latin-1") == "utf-16"
    assert encoding_by_bom(b"\xff\xfe\x00\x00h\x00\x00\x00", "utf-8") == "utf-32"
    assert encoding_by_bom(b"\x00\x00\xfe\xff", "utf-8") == "utf-32"
    assert encoding_by_bom(b"\xff\xfeh\x00", "UTF-16LE") == "UTF-16LE"
    assert encoding_by_bom(b"\xef\xbb\xbfh", "latin-1") == "latin-1"  # UTF-8's: kept
    assert encoding_by_bom(b"plain", "cp1252") == "cp1252"
    assert encoding_by_bom(b"", "utf-8") == "utf-8"
