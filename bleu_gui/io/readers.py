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

A byte-order mark at the start of a file is read as sacreBLEU reads it, by default:
U+FEFF stays glued to the first word of line 1 (so the number is sacreBLEU's), and
the file's `Segments.bom` says so, which callers turn into a warning (`io.bom`).
``drop_bom=True`` drops it; the signature must then say so (`core.signature`).

This module adds what sacreBLEU lacks: every problem a user can cause is an
`InputError` whose one-line message names the file and line, and what is not a text
file (a device, a socket, a directory, binary bytes, a file too large to hold) is
refused before it is read whole. A file is read as bytes, then decoded and split a
quarter megabyte at a time: no per-line Python loop runs except the final ``rstrip``,
and no single step takes long.
"""

from __future__ import annotations

import codecs
import gzip
import io
import itertools
import os
import re
import stat
import sys
import unicodedata
import zlib
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from bleu_gui.core.inline_tags import SegmentTags
from bleu_gui.core.steps import drain
from bleu_gui.core.untracked import untracked
from bleu_gui.io.bom import Bom, bom_warning, encoding_by_bom
from bleu_gui.io.errors import (
    BinaryFileError,
    CompressedFileError,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    FilePermissionError,
    FileTooLargeError,
    InputError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    NotAFileError,
    UndecodableFileError,
    UnknownEncodingError,
    display_name,
)

__all__ = [
    "DEFAULT_ENCODING",
    "MAX_FILE_BYTES",
    "STDIN",
    "Corpus",
    "Segments",
    "check_encoding",
    "check_piped_hypothesis",
    "iter_read_corpus",
    "iter_read_segments",
    "read_corpus",
    "read_raw",
    "read_segments",
    "read_stdin",
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

STDIN = Path("<stdin>")
"""The name standard input goes by in `Segments.path` and in every message."""

MAX_FILE_BYTES = 1 << 32
"""The largest input read (4 GiB; 8-16 times that in memory once split and scored)."""


@dataclass(frozen=True, slots=True)
class Segments:
    r"""The segments (lines) of one file, as sacreBLEU would score them.

    Attributes:
        path: The file they were read from.
        lines: One string per segment, trailing whitespace stripped, no line ends.
        encoding: The encoding the file was decoded with: as given, or the one a
            UTF-16 or UTF-32 byte-order mark says (`io.bom.encoding_by_bom`).
        warnings: One-line notes about things that may surprise (line breaks other
            than ``\n`` inside segments, a UTF-8 mark read as another encoding);
            each names the file. A byte-order mark is not among them: see `bom`
            and `Corpus.warnings`.
        bom: Whether the text started with U+FEFF, and whether it was kept.
        tags: Each segment's inline tags, in a format that has them (XLIFF,
            TMX: `io.inline_text`), for the QA checks; None in a format that has
            none. Not part of the text's identity: two readings of the same
            lines are the same segments whether or not they kept the tags.
    """

    path: Path
    lines: tuple[str, ...] = field(repr=False)
    encoding: str = DEFAULT_ENCODING
    warnings: tuple[str, ...] = ()
    bom: Bom = Bom.NONE
    tags: tuple[SegmentTags, ...] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        # A corpus's lines are walked by no garbage collection (`core.untracked`).
        untracked(self.lines)

    def __repr__(self) -> str:
        """A short repr: the path and the number of lines, never the text."""
        return (
            f"Segments(path={self.path!r}, {len(self.lines)} lines, "
            f"encoding={self.encoding!r}, warnings={self.warnings!r}, "
            f"bom={self.bom.value!r})"
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
    def files(self) -> tuple[Segments, ...]:
        """Every file: the hypothesis, then the references, then the source."""
        source = () if self.source is None else (self.source,)
        return (self.hypothesis, *self.references, *source)

    @property
    def dropped_bom(self) -> bool:
        """Whether a byte-order mark was dropped from a scored file (not the source).

        When true, the scores are not sacreBLEU's: pass it to `core.signature`.
        """
        scored = (self.hypothesis, *self.references)
        return any(segments.bom is Bom.DROPPED for segments in scored)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every file's warnings: hypothesis, references, then source.

        A file's byte-order mark comes first (`bleu_gui.io.bom.bom_warning`, which
        can also say what the mark costs).
        """
        out: list[str] = []
        for segments in self.files:
            note = bom_warning(segments.path, segments.bom)
            if note is not None:
                out.append(note)
            out.extend(segments.warnings)
        return tuple(out)


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


def read_segments(
    path: StrPath, encoding: str = DEFAULT_ENCODING, *, drop_bom: bool = False
) -> Segments:
    """Read a text file (or a gzip-compressed ``.gz`` one) as segments.

    The segments are what sacreBLEU's command line scores for the same file and
    encoding (see the module docstring), a byte-order mark included, unless
    `drop_bom` is set.

    Args:
        path: The file. A name ending in ``.gz`` is decompressed with gzip. A named
            pipe (``<(cat x)``) is read too; devices and sockets are refused.
        encoding: Any Python text codec name ("utf-8", "latin-1", "utf-16", ...).
        drop_bom: Drop U+FEFF at the start of the text (`Segments.bom` says so).

    Returns:
        The file's segments and warnings.

    Raises:
        UnknownEncodingError: `encoding` is not a Python codec for text files.
        MissingFileError: The file does not exist.
        NotAFileError: The path is a directory, a device or a socket.
        FilePermissionError: The file, or a folder on its path, may not be read.
        FileAccessError: Any other operating-system error while reading.
        FileTooLargeError: The file holds more than `MAX_FILE_BYTES` bytes.
        CompressedFileError: A ``.gz`` file is corrupt or truncated.
        BinaryFileError: The file contains a NUL byte (it is not text).
        DecodingError: The file has bytes that are not valid in `encoding`.
    """
    return drain(iter_read_segments(path, encoding, drop_bom=drop_bom))


def read_stdin(
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
    stream: BinaryIO | None = None,
) -> Segments:
    """Read standard input (or `stream`) as segments, exactly as a file is read.

    The same decoding, line ends, byte-order mark, checks and errors as
    `read_segments` (no ``.gz`` decompression: a pipe has no name to tell), with
    the file called `STDIN` ("<stdin>") in `Segments.path` and every message.

    Raises:
        FileAccessError: standard input is closed, or reading it failed.
        InputError: as `read_segments`.
    """
    _check_encoding(encoding)
    if stream is None:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # started with standard input closed (`<&-`)
            raise FileAccessError(STDIN, _STDIN_CLOSED)
    try:
        data = _read_checked(STDIN, stream, encoding)
    except OSError as error:
        raise access_error(STDIN, error) from None
    except ValueError:  # a file object closed under us
        raise FileAccessError(STDIN, _STDIN_CLOSED) from None
    return drain(iter_read_segments(STDIN, encoding, drop_bom=drop_bom, raw=data))


_STDIN_CLOSED = "cannot be read (standard input is closed)"


def check_piped_hypothesis(segments: Segments, *, how_to_read_as_file: str) -> None:
    r"""Refuse piped text that sacreBLEU's command line would read otherwise.

    Given no ``-i``, sacreBLEU reads the hypotheses from standard input in its own
    way: each tab starts another system's column, and a lone ``\r`` ends a line
    (Python's universal newlines), where a file keeps both inside the segment.
    `read_stdin` reads standard input as a file, so for such text the number would
    not be sacreBLEU's; this says so instead of scoring.

    Args:
        segments: standard input, as `read_stdin` read it.
        how_to_read_as_file: how the user asks for standard input read as a file
            (e.g. "-i -"), named in the message.

    Raises:
        InputError: naming `segments`' file and the first line concerned.
    """
    for number, line in enumerate(segments.lines, start=1):
        if "\t" in line:
            what = "a tab, where sacreBLEU starts another system's column"
        elif "\r" in line:
            what = (
                "a carriage return (U+000D) inside the segment, where sacreBLEU "
                "ends a line"
            )
        else:
            continue
        raise InputError(
            f"contains {what} when it reads standard input; "
            f"{how_to_read_as_file} reads it as a file, as one system",
            path=segments.path,
            line=number,
        )


def iter_read_segments(
    path: StrPath,
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
    raw: bytes | None = None,
) -> Generator[tuple[int, int], None, Segments]:
    """`read_segments`, yielding (bytes done, bytes in all) after each piece.

    The text is decoded, split and stripped a piece of a quarter megabyte at a time:
    each step is a few milliseconds, so the GUI can read on its own thread between
    events (on another thread, each of these long C calls would hold the GIL and stall
    the GUI's paints). The result is the same as decoding and splitting at once; an
    error is found again on the whole text, so its line and column are exact. Equal
    lines are one string (the first occurrence's).

    `raw`: the file's bytes as `read_raw` returned them, when they were read
    elsewhere (the GUI reads them on a thread of their own, where an `open()` that
    blocks cannot freeze the window).
    """
    _check_encoding(encoding)
    file = Path(path)
    name = display_name(file)
    data = read_raw(file, encoding) if raw is None else raw
    warnings: list[str] = []
    chosen, encoding = encoding, encoding_by_bom(data, encoding)
    if encoding != chosen:
        warnings.append(
            f"{name}: read as {encoding.upper()}, as its byte-order mark says, "
            f"not as {chosen}"
        )
    wide = _is_wide(encoding)
    if data.startswith(_UTF8_BOM_BYTES) and not wide and not _is_utf8(encoding):
        # Read as latin-1, cp1252, ...: the mark becomes text ("ï»¿"); keep it, but
        # say so, since the file is most likely UTF-8.
        warnings.append(
            f"{name}: starts with a UTF-8 byte-order mark (bytes EF BB BF) but is "
            f"read as {encoding}; is it UTF-8?"
        )
    decoder = codecs.getincrementaldecoder(encoding)()
    pieces: list[tuple[str, ...]] = []  # tuples: the GC stops walking them
    # Each distinct line once: a repeated line is the same string as its first
    # occurrence, not a copy. A test set of repeated segments (the window's
    # million-segment row: four copies of each) kept every copy, a third of a
    # gigabyte; the hash each line gets here is the one the token table uses next.
    distinct: dict[str, str] = {}
    tail = ""  # the text after the last \n so far: the start of the next segment
    at_start = True
    bom = Bom.NONE
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
        except UnicodeError as error:
            raise _undecodable(file, encoding, error) from None
        if wide and "\0" in text:
            whole = _decode(file, data, encoding)
            nul = whole.find("\0")
            raise BinaryFileError(file, line=whole.count("\n", 0, nul) + 1)
        if at_start and text:
            at_start = False
            if text.startswith(_BOM):
                bom = Bom.DROPPED if drop_bom else Bom.KEPT
                if drop_bom:
                    text = text[1:]
        other_breaks = other_breaks or _may_have_other_breaks(text)
        parts = (tail + text).split("\n")
        tail = parts.pop()
        stripped = list(map(str.rstrip, parts))
        pieces.append(tuple(map(distinct.setdefault, stripped, stripped)))
        yield min(start + _PIECE_BYTES, size), size
    if tail:
        last = tail.rstrip()
        pieces.append((distinct.setdefault(last, last),))
    segments = tuple(itertools.chain.from_iterable(pieces))
    if other_breaks:
        warning = _other_breaks_warning(name, segments)
        if warning is not None:
            warnings.append(warning)
    return Segments(file, segments, encoding, tuple(warnings), bom)


# Bytes decoded and split per step of `iter_read_segments`: a few milliseconds (a
# megabyte took 30-50 ms on a slow machine, too much of a GUI time slice).
_PIECE_BYTES = 1 << 18


def read_corpus(
    hypothesis_path: StrPath,
    reference_paths: Iterable[StrPath],
    source_path: StrPath | None = None,
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
) -> Corpus:
    """Read a hypothesis, its references and optionally its source, and align them.

    Args:
        hypothesis_path: The system output file.
        reference_paths: One or more reference files (a list, not a single path).
        source_path: The source file, if any.
        encoding: The encoding of every file (see `read_segments`).
        drop_bom: Drop a byte-order mark at the start of any file (see
            `read_segments`; `Corpus.dropped_bom` then says whether one was).

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
        iter_read_corpus(
            hypothesis_path,
            reference_paths,
            source_path,
            encoding,
            drop_bom=drop_bom,
        )
    )


def iter_read_corpus(
    hypothesis_path: StrPath,
    reference_paths: Iterable[StrPath],
    source_path: StrPath | None = None,
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
    raw: Mapping[Path, bytes] | None = None,
) -> Generator[tuple[int, int], None, Corpus]:
    """`read_corpus`, yielding (files done, files in all) in thousandths of a file.

    Each step is a piece of one file (see `iter_read_segments`). `raw`: the files'
    bytes by path, as `read_raw` returned them, when they were read elsewhere.
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
        data = raw.get(Path(path)) if raw is not None else None
        steps = iter_read_segments(path, encoding, drop_bom=drop_bom, raw=data)
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


# Python codecs that decode bytes to text but are not for text files: each line would
# be read as a domain name or a Python string literal.
_NOT_FOR_FILES = {
    "idna": "a codec for domain names",
    "punycode": "a codec for domain names",
    "unicode-escape": "a codec for Python string literals",
    "raw-unicode-escape": "a codec for Python string literals",
    "undefined": "a codec that refuses everything",
}


def check_encoding(encoding: str) -> None:
    """Refuse a name that is not a codec for text files, before any file is read.

    Raises:
        UnknownEncodingError: `encoding` is unknown, or a codec for something else
            (domain names, string literals, base64).
    """
    _check_encoding(encoding)


def _check_encoding(encoding: str) -> None:
    """Raise `UnknownEncodingError` unless `encoding` names a codec for text files."""
    try:
        info = codecs.lookup(encoding)
    except (LookupError, ValueError):  # ValueError: a name with a NUL in it
        raise UnknownEncodingError(encoding) from None
    purpose = _NOT_FOR_FILES.get(info.name.replace("_", "-"))
    if purpose is not None:
        raise UnknownEncodingError(encoding, reason=f"{purpose}, not text files:")
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


# What a path can be instead of a file; a named pipe is read (`-i <(cat x)`).
_NOT_FILES = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
# Bytes read per call: the first piece is checked before anything more is read.
_READ_BYTES = 1 << 20


def read_raw(file: Path, encoding: str = DEFAULT_ENCODING) -> bytes:
    """All bytes of `file` (decompressed if ``.gz``), checked as they come.

    What is not a text file is refused before it is read whole: a device or socket
    by what `stat` says it is (``/dev/zero`` never ends), binary or undecodable
    content by its first piece, NUL bytes piece by piece (a pipe has no size to
    check in advance), and anything over `MAX_FILE_BYTES` by its size.
    Operating-system errors become `InputError`s.
    """
    _check_encoding(encoding)
    try:
        info = os.stat(file)
    except PermissionError:
        raise FilePermissionError(
            file, "a folder on its path may not be searched"
        ) from None
    except OSError as error:
        raise access_error(file, error) from None
    for test, kind in _NOT_FILES:
        if test(info.st_mode):
            raise NotAFileError(file, kind)
    if stat.S_ISREG(info.st_mode) and info.st_size > MAX_FILE_BYTES:
        raise FileTooLargeError(file, MAX_FILE_BYTES)
    try:
        with open(file, "rb") as handle:
            if not file.name.lower().endswith(".gz"):
                return _read_checked(file, handle, encoding)
            with gzip.GzipFile(fileobj=handle, mode="rb") as stream:
                return _read_checked(file, stream, encoding)
    except OSError as error:
        raise access_error(file, error) from None


def access_error(file: Path, error: OSError) -> FileAccessError:
    """The one-line error for `error`, raised by the system while reading `file`."""
    if isinstance(error, FileNotFoundError):
        return MissingFileError(file)
    if isinstance(error, IsADirectoryError):
        return NotAFileError(file)
    if isinstance(error, PermissionError):
        return FilePermissionError(file)
    reason = error.strerror or str(error) or type(error).__name__
    return FileAccessError(file, f"cannot be read ({reason})")


def _read_checked(
    file: Path, stream: io.BufferedIOBase | BinaryIO, encoding: str
) -> bytes:
    """Read `stream` a piece at a time, refusing binary data as soon as it shows."""
    wide = _is_wide(encoding)
    compressed = isinstance(stream, gzip.GzipFile)
    chunks: list[bytes] = []
    total = 0
    while True:
        try:
            chunk = stream.read(_READ_BYTES)
        except (EOFError, zlib.error, gzip.BadGzipFile) as error:
            reason = str(error) or type(error).__name__
            raise CompressedFileError(file, reason) from None
        except OSError as error:
            if compressed and error.errno is None:  # gzip's own complaints
                raise CompressedFileError(file, str(error)) from None
            raise
        if not chunk:
            return b"".join(chunks)
        total += len(chunk)
        if total > MAX_FILE_BYTES:
            raise FileTooLargeError(file, MAX_FILE_BYTES)
        chunks.append(chunk)
        if len(chunks) == 1:
            encoding = encoding_by_bom(chunk, encoding)
            wide = _is_wide(encoding)
        if not wide and b"\0" in chunk:
            _check_no_nul_bytes(file, b"".join(chunks), encoding)
        if len(chunks) == 1:
            _check_first_bytes(file, chunk, encoding)


def _check_first_bytes(file: Path, data: bytes, encoding: str) -> None:
    """Raise a decoding error if the first piece of a file does not decode."""
    try:
        codecs.getincrementaldecoder(encoding)().decode(data, final=False)
    except UnicodeDecodeError as error:
        raise _decoding_error(file, data, encoding, error) from None
    except UnicodeError as error:
        raise _undecodable(file, encoding, error) from None


def _undecodable(file: Path, encoding: str, error: UnicodeError) -> InputError:
    """A codec's complaint that is not about particular bytes (a missing BOM)."""
    name = codecs.lookup(encoding).name
    if name in {"utf-16", "utf-32"} and "BOM" in str(error):
        return UndecodableFileError(
            file,
            f"does not start with a byte-order mark, which {encoding} needs to tell "
            f"the byte order; choose {name}-le or {name}-be",
        )
    return UndecodableFileError(
        file, f"cannot be decoded as {encoding} ({_first_line(str(error))})"
    )


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text.strip() else "no reason given"


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
        raise _decoding_error(file, data, encoding, error) from None
    except UnicodeError as error:
        raise _undecodable(file, encoding, error) from None


def _decoding_error(
    file: Path, data: bytes, encoding: str, error: UnicodeDecodeError
) -> DecodingError:
    line, column = _position(data, error.start, encoding)
    return DecodingError(
        file,
        encoding=encoding,
        line=line,
        column=column,
        bad_bytes=data[error.start : max(error.end, error.start + 1)],
    )


def _position(data: bytes, offset: int, encoding: str) -> tuple[int, int]:
    """The 1-based (line, column) of byte `offset`; the column counts characters.

    Only called on the error path: it decodes the bytes before `offset` once more.
    """
    try:
        before = data[:offset].decode(encoding, errors="replace")
    except UnicodeError:  # a codec that does not take errors="replace"
        before = data[:offset].decode("latin-1")
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
