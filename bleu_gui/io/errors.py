"""Typed errors for everything a user can get wrong about an input file.

Every error a person can cause by pointing bleu-gui at the wrong file, or at the right
file with the wrong encoding, is an `InputError`. The command line prints `str(error)`
after "error:", the GUI shows it next to the file picker; both need one line that names
the file and, where there is one, the 1-based line number, so that the person can open
the file and fix it. Programming mistakes (wrong argument types) stay ordinary Python
exceptions.

The subclasses let callers react to a kind of problem (offer an encoding menu after a
`DecodingError`, a file dialog after a `MissingFileError`) without parsing messages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

__all__ = [
    "BinaryFileError",
    "CompressedFileError",
    "DecodingError",
    "FileAccessError",
    "FilePermissionError",
    "FileTooLargeError",
    "InputError",
    "LanguagesNotChosenError",
    "LineCountError",
    "MissingFileError",
    "NoReferencesError",
    "NotAFileError",
    "UndecodableFileError",
    "UnknownEncodingError",
    "display_name",
]


def display_name(path: str | os.PathLike[str]) -> str:
    """How a path appears in a message: as given, quoted only if it could mislead.

    Args:
        path: The path the user gave.

    Returns:
        The path as a string; `repr()`-quoted if it contains a line break or another
        unprintable character, so that a message naming it stays on one line.
    """
    name = os.fspath(path)
    return name if name.isprintable() else repr(name)


def _one_line(text: str) -> str:
    """`text` with every run of whitespace that contains a line break made one space."""
    return " ".join(text.split()) if not text.isprintable() else text


def _restore(
    cls: type[InputError], args: tuple[Any, ...], state: dict[str, Any]
) -> Any:
    """Rebuild a pickled `InputError` without calling its keyword-only constructor."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class InputError(Exception):
    """A problem with an input file that the user can fix; the base of all io errors.

    `str(error)` is always a single line: "<file>, line <n>: <what is wrong>", or
    "<file>: <what is wrong>" when no line is involved, or just "<what is wrong>" when
    no file is.

    Attributes:
        path: The file the problem is in, or None if it concerns no single file.
        line: The 1-based line number of the problem, or None.
        detail: What is wrong, without the file and line prefix.
    """

    def __init__(
        self, detail: str, *, path: Path | None = None, line: int | None = None
    ) -> None:
        """Create an error.

        Args:
            detail: What is wrong; line breaks in it are folded to spaces.
            path: The file the problem is in, if any.
            line: The 1-based line number of the problem, if any.
        """
        self.path = path
        self.line = line
        self.detail = _one_line(detail)
        super().__init__(self._message())

    def _message(self) -> str:
        """The one-line message: the file and line prefix, then the detail."""
        if self.path is None:
            return self.detail
        where = display_name(self.path)
        if self.line is not None:
            where = f"{where}, line {self.line}"
        return f"{where}: {self.detail}"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support (errors may cross process boundaries from workers)."""
        return (_restore, (type(self), self.args, dict(self.__dict__)))


class UnknownEncodingError(InputError):
    """The encoding name is not a Python text codec.

    Attributes:
        encoding: The name as given.
    """

    def __init__(self, encoding: str, *, reason: str = "unknown encoding") -> None:
        """Create an error.

        Args:
            encoding: The rejected name.
            reason: Why it was rejected ("unknown encoding", "not a text encoding").
        """
        self.encoding = encoding
        super().__init__(
            f"{reason} {encoding!r}; use a Python codec name such as utf-8, "
            "utf-16, latin-1 or cp1252"
        )


class FileAccessError(InputError):
    """The file cannot be opened or read at all (the base of the three kinds below)."""

    def __init__(self, path: Path, detail: str) -> None:
        """Create an error.

        Args:
            path: The file that could not be read.
            detail: What the operating system said, in words.
        """
        super().__init__(detail, path=path)


class MissingFileError(FileAccessError):
    """The file does not exist: "ref.txt: no such file"."""

    def __init__(self, path: Path) -> None:
        """Create an error.

        Args:
            path: The missing file.
        """
        super().__init__(path, "no such file")


class NotAFileError(FileAccessError):
    """The path is not a regular file or a pipe: "refs: is a directory, not a file".

    Devices (``/dev/zero``, ``/dev/urandom``) and sockets are refused the same way,
    before anything is read from them.
    """

    def __init__(self, path: Path, kind: str = "a directory") -> None:
        """Create an error.

        Args:
            path: The offending path.
            kind: What it is instead of a file, with its article ("a directory").
        """
        super().__init__(path, f"is {kind}, not a file")


class FilePermissionError(FileAccessError):
    """The file exists but may not be read: "ref.txt: permission denied"."""

    def __init__(self, path: Path, why: str = "") -> None:
        """Create an error.

        Args:
            path: The unreadable file.
            why: What is not permitted, if known ("a folder on its path may not be
                searched").
        """
        detail = f"permission denied ({why})" if why else "permission denied"
        super().__init__(path, detail)


class FileTooLargeError(InputError):
    """A file larger than bleu-gui reads: "big.txt: larger than 4 GiB; ..."."""

    def __init__(self, path: Path, limit: int) -> None:
        """Create an error.

        Args:
            path: The file.
            limit: The largest number of bytes read.
        """
        self.limit = limit
        super().__init__(
            f"larger than {limit / (1 << 30):g} GiB, more than bleu-gui reads; is it "
            "the right file?",
            path=path,
        )


class UndecodableFileError(InputError):
    """A file the codec refuses as a whole, not at a particular byte.

    "hyp.txt: does not start with a byte-order mark, which utf-16 needs ..."
    """

    def __init__(self, path: Path, detail: str) -> None:
        """Create an error.

        Args:
            path: The file.
            detail: What the codec refused, in words.
        """
        super().__init__(detail, path=path)


class CompressedFileError(InputError):
    """A `.gz` file that is not valid gzip data (corrupt or truncated).

    Attributes:
        reason: What the decompressor said.
    """

    def __init__(self, path: Path, reason: str) -> None:
        """Create an error.

        Args:
            path: The compressed file.
            reason: What the decompressor said.
        """
        self.reason = _one_line(reason)
        super().__init__(
            f"not a valid gzip file ({self.reason}); is it corrupt or truncated?",
            path=path,
        )


class DecodingError(InputError):
    """Bytes that are not valid in the chosen encoding.

    "hyp.txt, line 17: bytes that are not valid UTF-8 (0xff at column 5); is the file
    in another encoding?" (the command line and the GUI say how to choose one)

    Attributes:
        encoding: The encoding the file was read with.
        column: The 1-based column (in characters) of the first bad byte on its line.
        bad_bytes: The bytes that could not be decoded.
    """

    def __init__(
        self,
        path: Path,
        *,
        encoding: str,
        line: int,
        column: int,
        bad_bytes: bytes,
    ) -> None:
        """Create an error.

        Args:
            path: The file.
            encoding: The encoding it was read with (as given).
            line: The 1-based line number of the first bad byte.
            column: Its 1-based column, counted in decoded characters.
            bad_bytes: The undecodable bytes.
        """
        self.encoding = encoding
        self.column = column
        self.bad_bytes = bad_bytes
        shown = " ".join(f"0x{byte:02x}" for byte in bad_bytes[:8])
        if len(bad_bytes) > 8:
            shown += " ..."
        super().__init__(
            f"bytes that are not valid {_encoding_label(encoding)} ({shown} at column "
            f"{column}); is the file in another encoding?",
            path=path,
            line=line,
        )


class BinaryFileError(InputError):
    """A file that is not text: it contains a NUL byte (or is gzip data named as text).

    "data.bin, line 3: looks like a binary file (contains a NUL byte)"
    """

    def __init__(self, path: Path, *, line: int, detail: str | None = None) -> None:
        """Create an error.

        Args:
            path: The file.
            line: The 1-based line number of the first NUL.
            detail: A more specific diagnosis, replacing the default message.
        """
        super().__init__(
            detail or "looks like a binary file (contains a NUL byte)",
            path=path,
            line=line,
        )


class LineCountError(InputError):
    """A reference or source file with a different number of lines than the hypothesis.

    "ref.B.txt has 999 lines but hyp.txt has 1000 (a reference needs one line per
    hypothesis line)"; when the references are columns of a test-set file (WMT
    XML, a spreadsheet), in that file's terms: "mine.txt has 17 lines, but
    test.xml keeps 14 segments to score: …".

    Attributes:
        path: The reference or source file whose count differs.
        count: Its number of lines (segments).
        hypothesis_path: The hypothesis file.
        hypothesis_count: The hypothesis' number of lines.
        role: "reference" or "source".
        test_set_file: Whether `path` is a test-set file whose columns are the
            references (`count` is then the segments it keeps).
    """

    def __init__(
        self,
        path: Path,
        count: int,
        *,
        hypothesis_path: Path,
        hypothesis_count: int,
        role: str = "reference",
        test_set_file: bool = False,
    ) -> None:
        """Create an error.

        Args:
            path: The reference or source file.
            count: Its number of lines.
            hypothesis_path: The hypothesis file.
            hypothesis_count: The hypothesis' number of lines.
            role: What `path` is: "reference" or "source".
            test_set_file: `path` is a test-set file whose columns are the
                references, `count` the segments it keeps.
        """
        self.count = count
        self.hypothesis_path = hypothesis_path
        self.hypothesis_count = hypothesis_count
        self.role = role
        self.test_set_file = test_set_file
        detail = (
            f"{display_name(hypothesis_path)} has {_lines(hypothesis_count)}, but "
            f"{display_name(path)} keeps {count} segment{'s' if count != 1 else ''} "
            "to score: a system's output needs one line per segment kept, in the "
            "file's order"
            if test_set_file
            else f"{display_name(path)} has {_lines(count)} but "
            f"{display_name(hypothesis_path)} has {hypothesis_count} (a {role} needs "
            "one line per hypothesis line)"
        )
        super().__init__(detail, path=path)

    def _message(self) -> str:
        """The detail alone: it already names both files."""
        return self.detail


class NoReferencesError(InputError):
    """No reference file was given; BLEU needs at least one."""

    def __init__(self) -> None:
        """Create an error."""
        super().__init__("at least one reference file is required")


class EmptyCorpusError(InputError):
    """The hypothesis file has no lines: there is nothing to score."""

    def __init__(self, path: Path) -> None:
        """Create an error.

        Args:
            path: The empty hypothesis file.
        """
        super().__init__("the file is empty: there is nothing to score", path=path)


def _lines(count: int) -> str:
    """'1 line', '2 lines'."""
    return f"{count} line" if count == 1 else f"{count} lines"


def _encoding_label(encoding: str) -> str:
    """The encoding as people write it: 'UTF-8' for any spelling of utf-8."""
    normalized = encoding.lower().replace("_", "-")
    return "UTF-8" if normalized in {"utf-8", "utf8"} else encoding


class FormatError(InputError):
    """A structured file (WMT XML or SGML, spreadsheet, XLIFF, TMX) breaking its format.

    The place is said the way the format names it, since a line number means little
    in a spreadsheet or an XLIFF file: "ted.xml, document 'doc7', segment 3: ...",
    "job.xlf, unit 'u17': ...", "sheet.csv, line 12: ...".

    Attributes:
        where: The place inside the file ("document 'doc7', segment 3", "unit
            'u17'", "row 12, column 'hyp'"), or None for the whole file.
    """

    def __init__(
        self,
        path: Path,
        detail: str,
        *,
        where: str | None = None,
        line: int | None = None,
    ) -> None:
        """Create an error.

        Args:
            path: The file.
            detail: What is wrong.
            where: The place in the format's own terms, if not a line.
            line: The 1-based line, when the format has lines.
        """
        self.where = where
        super().__init__(detail, path=path, line=line)

    def _message(self) -> str:
        """The file, the place in the format's terms, then the detail."""
        if self.where is None or self.path is None:
            return super()._message()
        return f"{display_name(self.path)}, {self.where}: {self.detail}"


class LanguagesNotChosenError(FormatError):
    """A TMX file of more than two languages, read without saying which two.

    Its own class so that each front end can add how to choose them (the command
    line's ``--languages``, the window's language choosers).

    Attributes:
        languages: The file's languages as it writes them, in the order first
            found: what the window offers to choose from.
    """

    def __init__(self, path: Path, detail: str, languages: tuple[str, ...]) -> None:
        """Create the error; `languages` are the file's, to choose from."""
        self.languages = languages
        super().__init__(path, detail)
