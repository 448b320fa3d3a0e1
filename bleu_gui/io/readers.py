r"""Files to segments, exactly as sacreBLEU's command line reads them.

A BLEU score is only comparable with sacreBLEU's if both see the same segments. The
sacreBLEU CLI opens every file with ``newline="\n"`` (``.gz`` through gzip) and keeps
``line.rstrip()`` of each line, so:

* only ``\n`` ends a segment; ``\r``, U+2028, U+0085, ``\x0b``, ``\x0c`` and
  ``\x1c``-``\x1e`` inside a line stay inside the segment (``str.splitlines()``
  would split there, and silently shift every later segment against its reference);
* CRLF files work because the ``\r`` is trailing whitespace, which is stripped;
* a last line without ``\n`` is a segment, a final ``\n`` adds none, empty lines are
  (empty) segments, leading whitespace is kept.

This module reproduces that and adds what sacreBLEU lacks: a UTF-8 byte-order mark is
dropped (sacreBLEU glues it to the first word) with a warning, and every problem a
user can cause is an `InputError` whose one-line message names the file and line. A
file is read as bytes, then decoded and split a quarter megabyte at a time: no per-line
Python loop runs except the final ``rstrip``, and no single step takes long.
"""

from __future__ import annotations

import codecs
import gzip
import io
import itertools
import os
import re
import stat
import unicodedata
import zlib
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bleu_gui.core.steps import drain
from bleu_gui.io.errors import (
    BinaryFileError,
    CompressedFileError,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    FilePermissionError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    NotAFileError,
    UnknownEncodingError,
    display_name,
)

__all__ = [
    "DEFAULT_ENCODING",
    "Corpus",
    "Segments",
    "iter_read_corpus",
    "iter_read_segments",
    "read_corpus",
    "read_segments",
    "split_segments",
]

DEFAULT_ENCODING = "utf-8"
"""The encoding used when none is chosen (sacreBLEU's default too)."""

_BOM = "\ufeff"
_UTF8_BOM_BYTES = codecs.BOM_UTF8
_GZIP_MAGIC = b"\x1f\x8b"
# Line breaks for str.splitlines() (and many editors) that do not end a sacreBLEU
# segment. In the whole text, "\r" counts only when no "\n" follows it (CRLF is an
# ordinary line end); inside a stripped segment, any "\r" counts.
_OTHER_BREAK_CHARS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LONE_CR = re.compile("\r(?!\n)")
_BREAK_IN_SEGMENT = re.compile(f"[\r{_OTHER_BREAK_CHARS}]")

StrPath = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Segments:
    r"""The segments (lines) of one file, as sacreBLEU would score them.

    Attributes:
        path: The file they were read from.
        lines: One string per segment, trailing whitespace stripped, no line ends.
        encoding: The encoding the file was decoded with, as given.
        warnings: One-line notes about things that were repaired or may surprise
            (a dropped byte-order mark, line breaks other than ``\n`` inside
            segments); each names the file.
    """

    path: Path
    lines: tuple[str, ...] = field(repr=False)
    encoding: str = DEFAULT_ENCODING
    warnings: tuple[str, ...] = ()

    def __repr__(self) -> str:
        """A short repr: the path and the number of lines, never the text."""
        return (
            f"Segments(path={self.path!r}, {len(self.lines)} lines, "
            f"encoding={self.encoding!r}, warnings={self.warnings!r})"
        )


@dataclass(frozen=True, slots=True)
class Corpus:
    """A hypothesis with its references (and optionally its source), line-aligned.

    Construction checks the alignment, so every `Corpus` has at least one reference
    and the same number of segments in every file.

    Attributes:
        hypothesis: The system output.
        references: One or more reference translations.
        source: The source text, if given.

    Raises:
        NoReferencesError: `references` is empty.
        EmptyCorpusError: the hypothesis has no segments.
        LineCountError: A reference or the source has a different number of
            segments than the hypothesis.
    """

    hypothesis: Segments
    references: tuple[Segments, ...]
    source: Segments | None = None

    def __post_init__(self) -> None:
        """Check that there is a reference and that all files have equal lengths."""
        if not self.references:
            raise NoReferencesError
        expected = len(self.hypothesis.lines)
        if expected == 0:
            raise EmptyCorpusError(self.hypothesis.path)
        others = [(ref, "reference") for ref in self.references]
        if self.source is not None:
            others.append((self.source, "source"))
        for other, role in others:
            if len(other.lines) != expected:
                raise LineCountError(
                    other.path,
                    len(other.lines),
                    hypothesis_path=self.hypothesis.path,
                    hypothesis_count=expected,
                    role=role,
                )

    @property
    def num_segments(self) -> int:
        """The number of segments (the same in every file)."""
        return len(self.hypothesis.lines)

    @property
    def hypothesis_lines(self) -> tuple[str, ...]:
        """The hypothesis segments."""
        return self.hypothesis.lines

    @property
    def reference_lines(self) -> tuple[tuple[str, ...], ...]:
        """The segments of each reference, one tuple per reference file."""
        return tuple(ref.lines for ref in self.references)

    @property
    def source_lines(self) -> tuple[str, ...] | None:
        """The source segments, or None without a source file."""
        return None if self.source is None else self.source.lines

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every file's warnings: hypothesis, then references, then source."""
        files = [self.hypothesis, *self.references]
        if self.source is not None:
            files.append(self.source)
        return tuple(warning for segments in files for warning in segments.warnings)


def split_segments(text: str) -> tuple[str, ...]:
    r"""Split decoded text into segments the way sacreBLEU's reader does.

    Only ``\n`` ends a segment; each segment is ``rstrip()``-ped; a final ``\n``
    does not start another segment; empty text has no segments. A byte-order mark is
    not special here (see `read_segments`).

    Args:
        text: The whole text of a file (or of pasted input).

    Returns:
        The segments.
    """
    if not text:
        return ()
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return tuple(map(str.rstrip, parts))


def read_segments(path: StrPath, encoding: str = DEFAULT_ENCODING) -> Segments:
    """Read a text file (or a gzip-compressed ``.gz`` one) as segments.

    The segments are what sacreBLEU's command line scores for the same file and
    encoding (see the module docstring), except that a byte-order mark at the start
    is dropped, with a warning.

    Args:
        path: The file. A name ending in ``.gz`` is decompressed with gzip.
        encoding: Any Python text codec name ("utf-8", "latin-1", "utf-16", ...).

    Returns:
        The file's segments and warnings.

    Raises:
        UnknownEncodingError: `encoding` is not a Python text codec.
        MissingFileError: The file does not exist.
        NotAFileError: The path is a directory.
        FilePermissionError: The file may not be read.
        FileAccessError: Any other operating-system error while reading.
        CompressedFileError: A ``.gz`` file is corrupt or truncated.
        BinaryFileError: The file contains a NUL byte (it is not text).
        DecodingError: The file has bytes that are not valid in `encoding`.
    """
    return drain(iter_read_segments(path, encoding))


def iter_read_segments(
    path: StrPath, encoding: str = DEFAULT_ENCODING
) -> Generator[tuple[int, int], None, Segments]:
    """`read_segments`, yielding (bytes done, bytes in all) after each piece.

    The text is decoded, split and stripped a piece of a quarter megabyte at a time:
    each step is a few milliseconds, so the GUI can read on its own thread between
    events (on another thread, each of these long C calls would hold the GIL and stall
    the GUI's paints). The result is the same as decoding and splitting at once; an
    error is found again on the whole text, so its line and column are exact.
    """
    _check_encoding(encoding)
    file = Path(path)
    name = display_name(file)
    data = _read_bytes(file)
    if file.name.lower().endswith(".gz"):
        data = _gunzip(file, data)
    wide = _is_wide(encoding)
    warnings: list[str] = []
    if not wide:
        _check_no_nul_bytes(file, data, encoding)
    if data.startswith(_UTF8_BOM_BYTES) and not wide and not _is_utf8(encoding):
        # Read as latin-1, cp1252, ...: the mark becomes text ("ï»¿"); keep it, but
        # say so, since the file is most likely UTF-8.
        warnings.append(
            f"{name}: starts with a UTF-8 byte-order mark (bytes EF BB BF) but is "
            f"read as {encoding}; is it UTF-8?"
        )
    decoder = codecs.getincrementaldecoder(encoding)()
    pieces: list[tuple[str, ...]] = []  # tuples: the GC stops walking them
    tail = ""  # the text after the last \n so far: the start of the next segment
    at_start = True
    other_breaks = False
    size = len(data)
    for start in range(0, max(size, 1), _PIECE_BYTES):
        try:
            text = decoder.decode(
                data[start : start + _PIECE_BYTES], start + _PIECE_BYTES >= size
            )
        except UnicodeDecodeError:
            _decode(file, data, encoding)  # raises the error, with its exact position
            raise
        if wide and "\0" in text:
            whole = _decode(file, data, encoding)
            nul = whole.find("\0")
            raise BinaryFileError(file, line=whole.count("\n", 0, nul) + 1)
        if at_start and text:
            at_start = False
            if text.startswith(_BOM):
                text = text[1:]
                kind = "a UTF-8" if _is_utf8(encoding) else "a"
                warnings.append(
                    f"{name}: dropped {kind} byte-order mark at the start of line 1 "
                    "(sacreBLEU would glue it to the first word)"
                )
        other_breaks = other_breaks or _may_have_other_breaks(text)
        parts = (tail + text).split("\n")
        tail = parts.pop()
        pieces.append(tuple(map(str.rstrip, parts)))
        yield min(start + _PIECE_BYTES, size), size
    if tail:
        pieces.append((tail.rstrip(),))
    segments = tuple(itertools.chain.from_iterable(pieces))
    if other_breaks:
        warning = _other_breaks_warning(name, segments)
        if warning is not None:
            warnings.append(warning)
    return Segments(file, segments, encoding, tuple(warnings))


# Bytes decoded and split per step of `iter_read_segments`: a few milliseconds (a
# megabyte took 30-50 ms on a slow machine, too much of a GUI time slice).
_PIECE_BYTES = 1 << 18


def read_corpus(
    hypothesis_path: StrPath,
    reference_paths: Iterable[StrPath],
    source_path: StrPath | None = None,
    encoding: str = DEFAULT_ENCODING,
) -> Corpus:
    """Read a hypothesis, its references and optionally its source, and align them.

    Args:
        hypothesis_path: The system output file.
        reference_paths: One or more reference files (a list, not a single path).
        source_path: The source file, if any.
        encoding: The encoding of every file (see `read_segments`).

    Returns:
        The aligned corpus.

    Raises:
        TypeError: `reference_paths` is a single path instead of a collection.
        NoReferencesError: `reference_paths` is empty.
        LineCountError: A reference or the source has a different number of lines
            than the hypothesis.
        InputError: Any error of `read_segments`, for the first file that has one.
    """
    return drain(
        iter_read_corpus(hypothesis_path, reference_paths, source_path, encoding)
    )


def iter_read_corpus(
    hypothesis_path: StrPath,
    reference_paths: Iterable[StrPath],
    source_path: StrPath | None = None,
    encoding: str = DEFAULT_ENCODING,
) -> Generator[tuple[int, int], None, Corpus]:
    """`read_corpus`, yielding (files done, files in all) in thousandths of a file.

    Each step is a piece of one file (see `iter_read_segments`).
    """
    if isinstance(reference_paths, str | bytes | os.PathLike):
        raise TypeError(
            "reference_paths must be a collection of paths, not a single path; "
            "wrap it in a list"
        )
    references = list(reference_paths)
    _check_encoding(encoding)
    if not references:
        raise NoReferencesError
    paths: list[StrPath] = [hypothesis_path, *references]
    if source_path is not None:
        paths.append(source_path)
    total = 1000 * len(paths)
    read: list[Segments] = []
    for number, path in enumerate(paths):
        steps = iter_read_segments(path, encoding)
        while True:
            try:
                done, size = next(steps)
            except StopIteration as end:
                read.append(end.value)
                break
            yield 1000 * number + (1000 * done) // max(size, 1), total
    count = 1 + len(references)
    source = read[count] if source_path is not None else None
    return Corpus(read[0], tuple(read[1:count]), source)


def _check_encoding(encoding: str) -> None:
    """Raise `UnknownEncodingError` unless `encoding` names a Python text codec."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        raise UnknownEncodingError(encoding) from None
    try:
        # Decoding empty bytes short-circuits, so probe with real bytes: non-text
        # codecs (rot13, base64, ...) raise LookupError from bytes.decode.
        b"\n\n\n\n".decode(info.name)
    except LookupError:
        raise UnknownEncodingError(encoding, reason="not a text encoding:") from None
    except (UnicodeError, ValueError):
        pass


def _is_wide(encoding: str) -> bool:
    """Whether the encoding uses NUL bytes for ordinary text (UTF-16 and UTF-32)."""
    return codecs.lookup(encoding).name.startswith(("utf-16", "utf-32"))


def _is_utf8(encoding: str) -> bool:
    """Whether `encoding` is UTF-8 (plain or utf-8-sig, which drops the mark itself)."""
    return codecs.lookup(encoding).name in {"utf-8", "utf-8-sig"}


def _read_bytes(file: Path) -> bytes:
    """All bytes of `file`, with operating-system errors turned into `InputError`s."""
    try:
        with open(file, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if stat.S_ISDIR(mode):
                raise NotAFileError(file)
            return handle.read()
    except FileNotFoundError:
        raise MissingFileError(file) from None
    except IsADirectoryError:
        raise NotAFileError(file) from None
    except PermissionError:
        if file.is_dir():
            raise NotAFileError(file) from None
        raise FilePermissionError(file) from None
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise FileAccessError(file, f"cannot be read ({reason})") from None


def _gunzip(file: Path, data: bytes) -> bytes:
    """Decompress gzip `data` (all members, as `gzip.open` would)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data), mode="rb") as handle:
            return handle.read()
    except (OSError, EOFError, zlib.error) as error:
        raise CompressedFileError(file, str(error) or type(error).__name__) from None


def _check_no_nul_bytes(file: Path, data: bytes, encoding: str) -> None:
    """Raise `BinaryFileError` if `data` (in a byte-oriented encoding) has a NUL."""
    nul = data.find(b"\0")
    if nul < 0:
        return
    line, _ = _position(data, nul, encoding)
    detail = None
    if data.startswith(_GZIP_MAGIC):
        detail = (
            "looks like a gzip-compressed file (contains a NUL byte); name it *.gz "
            "to have it decompressed"
        )
    raise BinaryFileError(file, line=line, detail=detail)


def _decode(file: Path, data: bytes, encoding: str) -> str:
    """Decode `data`, turning the first undecodable bytes into a `DecodingError`."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start, encoding)
        raise DecodingError(
            file,
            encoding=encoding,
            line=line,
            column=column,
            bad_bytes=data[error.start : max(error.end, error.start + 1)],
        ) from None


def _position(data: bytes, offset: int, encoding: str) -> tuple[int, int]:
    """The 1-based (line, column) of byte `offset`; the column counts characters.

    Only called on the error path: it decodes the bytes before `offset` once more.
    """
    before = data[:offset].decode(encoding, errors="replace")
    line_start = before.rfind("\n") + 1
    line = before.count("\n", 0, line_start) + 1
    column = len(before) - line_start + 1
    if line == 1 and before.startswith(_BOM):
        column -= 1
    return line, column


def _may_have_other_breaks(text: str) -> bool:
    """A fast test (a few C-level scans, no per-character regex) for `text`."""
    if any(char in text for char in _OTHER_BREAK_CHARS):
        return True
    return "\r" in text and _LONE_CR.search(text) is not None


def _other_breaks_warning(name: str, lines: tuple[str, ...]) -> str | None:
    r"""A warning about line breaks other than ``\n`` inside segments, if any."""
    first: tuple[int, str] | None = None
    affected = 0
    for number, line in enumerate(lines, start=1):
        found = _BREAK_IN_SEGMENT.search(line)
        if found is None:
            continue
        affected += 1
        if first is None:
            first = (number, found.group())
    if first is None:
        return None
    number, char = first
    label = unicodedata.name(char, "") or {
        "\r": "CARRIAGE RETURN",
        "\x0b": "LINE TABULATION",
        "\x0c": "FORM FEED",
        "\x1c": "FILE SEPARATOR",
        "\x1d": "GROUP SEPARATOR",
        "\x1e": "RECORD SEPARATOR",
        "\x85": "NEXT LINE",
    }.get(char, "")
    more = "" if affected == 1 else f" (and {affected - 1} more lines)"
    return (
        f"{name}, line {number}: contains U+{ord(char):04X} {label} inside the "
        f"segment{more}; like sacreBLEU, only \\n ends a segment, although editors "
        "and str.splitlines() may show a line break there"
    )
