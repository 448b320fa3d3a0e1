"""Small hostile workbooks: a damaged sheet, zip bombs, sizes that lie.

Shared by the reader, command-line and window tests. A workbook is written with
openpyxl, then rewritten part by part (`rewrite`); a bomb's part is written to
the archive a mebibyte at a time, so that no test holds it whole in memory.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

from openpyxl import Workbook

__all__ = [
    "SHARED_STRINGS",
    "SHEET",
    "lie_about_size",
    "one_huge_cell",
    "rewrite",
    "small_workbook",
]

SHEET = "xl/worksheets/sheet1.xml"
SHARED_STRINGS = "xl/sharedStrings.xml"
MIB = 1 << 20


def small_workbook(path: Path) -> Path:
    """A workbook of one sheet: "ref" and "hyp" over two rows."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["ref", "hyp"])
    sheet.append(["the cat sat", "the cat sat down"])
    sheet.append(["a dog ran", "a dog runs"])
    book.save(path)
    return path


def rewrite(
    source: Path, target: Path, part: str, change: Callable[[bytes], bytes]
) -> Path:
    """`source` copied to `target`, `part` replaced by `change(part)`."""
    with (
        zipfile.ZipFile(source) as old,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new,
    ):
        for info in old.infolist():
            data = old.read(info.filename)
            new.writestr(info, change(data) if info.filename == part else data)
    return target


def one_huge_cell(source: Path, target: Path, mebibytes: int) -> Path:
    """`source` with its cell A2 made `mebibytes` MiB of "a", compressed well.

    The cell is an inline string of the sheet's XML, written a mebibyte at a time.
    """
    with zipfile.ZipFile(source) as old:
        sheet = old.read(SHEET)
        parts = [(info, old.read(info.filename)) for info in old.infolist()]
    start, _, end = sheet.partition(b"the cat sat</t>")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info, data in parts:
            if info.filename != SHEET:
                new.writestr(info, data)
                continue
            with new.open(SHEET, "w") as stream:
                stream.write(start)
                for _ in range(mebibytes):
                    stream.write(b"a" * MIB)
                stream.write(b"</t>" + end)
    return target


def lie_about_size(path: Path, part: str, size: int) -> Path:
    """`path` with `part`'s uncompressed size said to be `size`, in both headers.

    The part (under 2 GiB, so without a zip64 extra) keeps its data: unzipped it
    is larger than it says.
    """
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(part)
    name = part.encode()
    local = info.header_offset
    struct.pack_into("<I", data, local + 22, size)
    central = _central_entry(data, name)
    struct.pack_into("<I", data, central + 24, size)
    path.write_bytes(bytes(data))
    return path


def _central_entry(data: bytearray, name: bytes) -> int:
    """The offset of the central directory entry of the part named `name`."""
    offset = data.find(b"PK\x01\x02")
    while offset >= 0:
        length = struct.unpack_from("<H", data, offset + 28)[0]
        if data[offset + 46 : offset + 46 + length] == name:
            return offset
        offset = data.find(b"PK\x01\x02", offset + 46)
    raise KeyError(name)
