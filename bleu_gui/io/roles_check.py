"""One file in two roles that count it twice: refused, in the same words everywhere.

The same file given twice as a reference, or the source given again as a reference,
would be scored as one more reference and inflate `nrefs` in the signature; the same
output given twice as a system would be two rows (or two JSON records) of one system.
The window refuses such a set of files before reading anything, and the command line
refuses it with the same line: the rule and its wording live here, once.

Paths are compared resolved (links, ``..``, relative spellings), which asks the file
system for names only: no file is read. Two *different* files with the same content
are another matter (`io.duplicates` warns about those once they are read).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bleu_gui.io.errors import InputError, display_name

__all__ = ["RepeatedFileError", "check_roles", "repeated_file", "same_file"]


class RepeatedFileError(InputError):
    """A file given in two roles that would count it twice.

    "ref.txt is already reference 1: a file can be only one reference"
    """

    def __init__(self, path: Path, detail: str) -> None:
        """Create an error.

        Args:
            path: The file given the second time, as given.
            detail: The whole line (it names the file itself).
        """
        super().__init__(detail, path=path)

    def _message(self) -> str:
        """The detail alone: it already names the file."""
        return self.detail


def repeated_file(
    systems: Sequence[Path], references: Sequence[Path], source: Path | None = None
) -> str | None:
    """Why a file is given twice in a role that counts it twice (one line), or None.

    Args:
        systems: Every system's output, in order (system 1 first).
        references: The reference files, in order.
        source: The source file, if any.

    Returns:
        The first problem found, systems first: "s.txt is already system 1: a file
        can be only one system", "r.txt is already reference 2: a file can be only
        one reference", "s.txt is given both as the source and as reference 2: a
        file cannot be both"; None if every file has one role.
    """
    error = _first_repeat(systems, references, source)
    return None if error is None else error.detail


def check_roles(
    systems: Sequence[Path], references: Sequence[Path], source: Path | None = None
) -> None:
    """Refuse a file given twice in a role that counts it twice.

    Raises:
        RepeatedFileError: naming the file and the role it already has (the line
            `repeated_file` returns).
    """
    error = _first_repeat(systems, references, source)
    if error is not None:
        raise error


def _first_repeat(
    systems: Sequence[Path], references: Sequence[Path], source: Path | None
) -> RepeatedFileError | None:
    numbered: dict[Path, int] = {}
    for number, path in enumerate(systems, start=1):
        key = _resolved(path)
        if key in numbered:
            return RepeatedFileError(
                path,
                f"{display_name(path)} is already system {numbered[key]}: "
                "a file can be only one system",
            )
        numbered[key] = number
    source_key = None if source is None else _resolved(source)
    seen: dict[Path, int] = {}
    for number, path in enumerate(references, start=1):
        key = _resolved(path)
        if key == source_key:
            return RepeatedFileError(
                path,
                f"{display_name(path)} is given both as the source and as "
                f"reference {number}: a file cannot be both",
            )
        if key in seen:
            return RepeatedFileError(
                path,
                f"{display_name(path)} is already reference {seen[key]}: "
                "a file can be only one reference",
            )
        seen[key] = number
    return None


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file, compared as the role check compares them."""
    return _resolved(first) == _resolved(second)


def _resolved(path: Path) -> Path:
    """`path` made absolute, links and `..` resolved as far as they exist."""
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError):  # a link loop: compare it as given
        return path.absolute()
