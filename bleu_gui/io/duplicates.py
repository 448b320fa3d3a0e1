"""Files given twice: a reference repeated, or the source given as a reference.

sacreBLEU counts every reference it is given, so a reference given twice (the same
file, or a copy of it) scores as two references and the signature says `nrefs:2`:
a number a user may paste into a paper as a two-reference score. Neither tool
refuses it (the number is what sacreBLEU computes), but both should say so. The
check is here so that the command line and the GUI say the same thing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.io.errors import display_name

if TYPE_CHECKING:
    from bleu_gui.io.readers import Corpus

__all__ = ["Duplicate", "Sameness", "duplicate_warning", "find_duplicates"]


class Sameness(StrEnum):
    """How two files are the same."""

    SAME_FILE = "same file"
    """The two paths lead to one file (equal, a link, or another spelling)."""
    SAME_CONTENT = "same content"
    """Two files whose segments are identical, line for line."""


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A file that repeats an earlier one of the same corpus.

    Attributes:
        first: The file given first (always a reference).
        second: The file that repeats it: a later reference, or the source.
        second_role: "reference" or "source".
        sameness: Whether they are one file or two files with equal content.
    """

    first: Path
    second: Path
    second_role: str
    sameness: Sameness


def find_duplicates(corpus: Corpus) -> tuple[Duplicate, ...]:
    """Every reference that repeats an earlier one, and a source equal to a reference.

    Each repeating file is reported once, against the first file it repeats. Content
    is compared segment by segment as read (a copy with a byte-order mark, CRLF line
    ends or trailing spaces is still a copy); paths by what they lead to.

    Args:
        corpus: The files as read.

    Returns:
        The duplicates, in the order of the files.
    """
    found: list[Duplicate] = []
    references = corpus.references
    others = [(ref, "reference", index) for index, ref in enumerate(references)]
    if corpus.source is not None:
        others.append((corpus.source, "source", len(references)))
    for later, role, index in others:
        for earlier in references[:index]:
            sameness = _sameness(earlier.path, earlier.lines, later.path, later.lines)
            if sameness is not None:
                found.append(Duplicate(earlier.path, later.path, role, sameness))
                break
    return tuple(found)


def duplicate_warning(duplicate: Duplicate, num_refs: int) -> str:
    """The one-line warning about `duplicate`, naming both files.

    Args:
        duplicate: What `find_duplicates` found.
        num_refs: How many references are scored (the signature's nrefs).
    """
    first, second = display_name(duplicate.first), display_name(duplicate.second)
    if duplicate.sameness is Sameness.SAME_CONTENT:
        what = f"identical to reference {first}"
    elif duplicate.second_role == "source":
        what = "also given as a reference" + ("" if first == second else f", {first}")
    elif first == second:
        what = "given twice"
    else:
        what = f"the same file as reference {first}"
    if duplicate.second_role == "source":
        return f"{second}: the source is {what}; is a reference missing?"
    return (
        f"{second}: reference {what}; it is scored as two references, as sacreBLEU "
        f"does, so nrefs:{num_refs} in the signature counts a duplicate"
    )


def _sameness(
    first: Path, first_lines: tuple[str, ...], second: Path, lines: tuple[str, ...]
) -> Sameness | None:
    # Texts of one file that differ are not a repeat: the columns of a test-set
    # file (its references, its source) all have that file's path.
    if first_lines != lines:
        return None
    return Sameness.SAME_FILE if _same_file(first, second) else Sameness.SAME_CONTENT


def _same_file(first: Path, second: Path) -> bool:
    """Whether the two paths lead to one file (False if either is gone: a pipe)."""
    if first == second:
        return True
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False
