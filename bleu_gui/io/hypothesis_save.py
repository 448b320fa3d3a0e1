r"""Save hypothesis as…: a system's output with the what-if edits, as a new file.

The edits are an overlay (`core.edits`): the user's files are never written unless
they ask for it here, and even then not the system's own file, unless the caller
says so explicitly (`overwrite_input`): a slip in a file dialog must not replace the
output being studied. The file holds one segment per line, every line ended by
``\n``, in the encoding the system was read with, so that opening it again gives
`edited_hypotheses` segment for segment and the numbers the window showed. A byte-
order mark that was kept (as sacreBLEU keeps it) is in the first line's text and is
written back; one dropped on request is not; a codec that writes its own (``utf-16``)
writes it. Trailing whitespace, which the reader strips, is not restored.

An edit holding a line break is refused (one line naming the segment) rather than
mapped to a space: written as is it would split the segment and shift every later
one against the references, and mapped silently the file would not hold what the
user typed. The window's editor keeps an edit to one line, so this is a guard. Only
``\n`` ends a segment for the readers (as for sacreBLEU); a ``\r`` inside an edit is
read back as it was written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bleu_gui.core.edits import Edits, edited_hypotheses
from bleu_gui.io.errors import InputError
from bleu_gui.io.readers import Segments
from bleu_gui.io.safe_write import write_bytes

__all__ = [
    "HypothesisSaveError",
    "SavedHypothesis",
    "hypothesis_bytes",
    "save_hypothesis",
]


class HypothesisSaveError(InputError):
    """A hypothesis that cannot be saved as asked; nothing was written."""


@dataclass(frozen=True, slots=True)
class SavedHypothesis:
    """What was saved, for the status bar.

    Attributes:
        path: the file written.
        lines: its segments (lines).
        edited: how many of them are edits.
    """

    path: Path
    lines: int
    edited: int

    def message(self) -> str:
        """The confirmation users read: "Saved 2,002 lines (3 edited) to out.txt"."""
        return (
            f"Saved {self.lines:,} lines ({self.edited:,} edited) to {self.path.name}"
        )


def hypothesis_bytes(
    lines: Sequence[str], edits: Edits, encoding: str, *, target: Path
) -> bytes:
    """The file's bytes: `lines` with `edits` applied, one per line, encoded.

    Raises:
        HypothesisSaveError: an edit holds a line break, or a character the
            encoding cannot write (one line naming `target` and the line).
    """
    for line in edits:
        if "\n" in line.text:  # the one character the readers end a segment at
            raise HypothesisSaveError(
                "the edit holds a line break (a hypothesis file has one segment "
                "per line)",
                path=target,
                line=line.row + 1,
            )
    text = "".join(f"{line}\n" for line in edited_hypotheses(lines, edits))
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as error:
        row = text.count("\n", 0, error.start)
        character = error.object[error.start]
        raise HypothesisSaveError(
            f"{character!r} cannot be written in {encoding}",
            path=target,
            line=row + 1,
        ) from None


def save_hypothesis(
    path: Path,
    hypothesis: Segments,
    edits: Edits,
    *,
    overwrite_input: bool = False,
) -> SavedHypothesis:
    """Write `hypothesis` with `edits` applied to `path`, whole or not at all.

    Args:
        path: the file to write.
        hypothesis: the system's output as read (its lines, file and encoding).
        edits: the system's edits.
        overwrite_input: allow `path` to be the system's own file.

    Raises:
        HypothesisSaveError: `path` is the system's file (unless allowed), or the
            text cannot be written as asked (see `hypothesis_bytes`).
        WriteError: the file could not be written.
    """
    if not overwrite_input and _same_file(path, hypothesis.path):
        raise HypothesisSaveError(
            "this is the system's own file: the edits are never written over it; "
            "save under another name",
            path=path,
        )
    data = hypothesis_bytes(hypothesis.lines, edits, hypothesis.encoding, target=path)
    write_bytes(path, data)
    return SavedHypothesis(path, len(hypothesis.lines), len(edits))


def _same_file(path: Path, other: Path) -> bool:
    """Whether two paths name one file (a link to it counts)."""
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them is not there (yet)
        return os.path.abspath(path) == os.path.abspath(other)
