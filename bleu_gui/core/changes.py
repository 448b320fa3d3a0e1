"""Track changes between two texts as typed: which words go, come, or are replaced.

A translator reads a machine translation against its post-edited final the way
Word and memoQ taught them: the words the post-editor deleted struck through,
the words they typed underlined, and inside a word they retouched, the letters
that changed. This module computes that difference on the raw text (what was
typed, never BLEU's tokens), from an *old* text (the hypothesis, or system A) to
a *new* one (a reference, or system B):

* **Words** are split at white space (as `str.split` does, and as
  `core.effort` counts word edits), and each keeps the white space after it, so
  that the two texts can be shown exactly as typed: joining each change's old
  side gives the old text back, its new side the new text.
* **Alignment** keeps the most words unchanged (a longest common subsequence,
  `rapidfuzz`'s `Indel.opcodes`, compiled): what a reader looks for first is
  what stayed. A plain Levenshtein alignment may pair words differently where
  ties allow ("the mat" → "mat today": it can replace "the" by "mat" and
  "mat" by "today" instead of keeping "mat"). White space is not compared:
  a changed space alone is no change of words.
* **Replacements.** Words deleted and words inserted at the same place are one
  replacement. With as many words on each side, each pair is a replacement of
  its own; otherwise the passage is replaced whole ("well known" by
  "well-known"). Inside a replacement, the characters are aligned the same way
  (`chars`), when the two sides are alike enough for that to help
  (`SIMILAR_ENOUGH`): between "cat" and "dog" it would only mark noise.
* **Bounds.** A text longer than `CHANGES_CHAR_LIMIT` characters is not
  compared (`TextChanges.too_long` says which and how long): laying out and
  aligning megabytes would freeze the window; two texts at the limit are what
  the n-gram view still explains on the GUI thread. Inside a replacement longer
  than `CHAR_DIFF_LIMIT` characters the letters are not aligned
  (`TextChanges.chars_skipped`).

Characters are Python's (code points): a letter and its combining accent are
two. Text without white space (Chinese, Japanese) is one "word", so its changes
are the character-level ones inside a single replacement.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz.distance import Indel

__all__ = [
    "CHANGES_CHAR_LIMIT",
    "CHAR_DIFF_LIMIT",
    "SIMILAR_ENOUGH",
    "Change",
    "ChangeKind",
    "CharChange",
    "TextChanges",
    "TooLong",
    "closest_changes",
    "markup",
    "text_changes",
]

CHANGES_CHAR_LIMIT = 10_000
"""Characters of a text past which it is not compared (see the module): two
texts at the limit are the 20,000 characters from which the n-gram view sends a
segment to its worker process (`models.explainer.LONG_SEGMENT_CHARS`)."""

CHAR_DIFF_LIMIT = 2_000
"""Characters of a replacement's side past which its letters are not aligned."""

SIMILAR_ENOUGH = 0.5
"""The share of characters two sides of a replacement must have in common
(`Indel.normalized_similarity`: twice the common characters over both lengths)
for their character difference to be shown."""

_SPACES = re.compile(r"(\S+)")


class ChangeKind(StrEnum):
    """What happened to a run of words (or of characters inside a replacement)."""

    EQUAL = "equal"
    DELETED = "deleted"
    INSERTED = "inserted"
    REPLACED = "replaced"


@dataclass(frozen=True, slots=True)
class CharChange:
    """A run of characters inside a replacement: kept, deleted, inserted or replaced.

    Attributes:
        kind: what happened to the run.
        old: its characters in the old side ("" when inserted).
        new: its characters in the new side ("" when deleted).
    """

    kind: ChangeKind
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Change:
    """A run of words, and the white space after each, kept or changed.

    Attributes:
        kind: what happened to the words.
        old: the words in the old text, with the white space between them
            ("" when inserted).
        new: the words in the new text, likewise ("" when deleted).
        old_space: the white space after them in the old text.
        new_space: the white space after them in the new text.
        chars: for a replacement of alike sides, their character difference,
            covering both sides whole (joining its `old` gives `old`); empty
            otherwise.
    """

    kind: ChangeKind
    old: str
    new: str
    old_space: str = ""
    new_space: str = ""
    chars: tuple[CharChange, ...] = ()


@dataclass(frozen=True, slots=True)
class TooLong:
    """Why two texts were not compared: which one is too long, and how long.

    Attributes:
        side: "old" or "new" (the first of them that is too long).
        chars: its length in characters.
        limit: the most characters a text may have to be compared.
    """

    side: str
    chars: int
    limit: int


@dataclass(frozen=True, slots=True)
class TextChanges:
    """The track changes from an old text to a new one (see the module).

    Attributes:
        changes: the runs of words left to right, kept and changed; empty when
            the texts were too long to compare.
        old_lead: the white space before the first word of the old text.
        new_lead: the same of the new text.
        too_long: why the texts were not compared (`None`: they were).
        chars_skipped: whether a replacement was too long for its characters to
            be aligned (`CHAR_DIFF_LIMIT`).
    """

    changes: tuple[Change, ...]
    old_lead: str = ""
    new_lead: str = ""
    too_long: TooLong | None = None
    chars_skipped: bool = False

    def count(self, kind: ChangeKind) -> int:
        """How many words a change of `kind` touched.

        Deleted words are counted in the old text, inserted and kept ones in the
        new; a replacement counts the words of its longer side.
        """
        total = 0
        for change in self.changes:
            if change.kind is kind:
                old, new = len(change.old.split()), len(change.new.split())
                total += max(old, new) if kind is ChangeKind.REPLACED else old or new
        return total

    def old_text(self) -> str:
        """The old text, rebuilt from the changes (as typed)."""
        return self.old_lead + "".join(c.old + c.old_space for c in self.changes)

    def new_text(self) -> str:
        """The new text, rebuilt from the changes (as typed)."""
        return self.new_lead + "".join(c.new + c.new_space for c in self.changes)


@dataclass(frozen=True, slots=True)
class _Words:
    """A text cut into words, each with the white space after it."""

    lead: str
    words: tuple[str, ...]
    spaces: tuple[str, ...]

    @staticmethod
    def of(text: str) -> _Words:
        # One C call: the words at odd places, the white space around them at
        # even ones (the first and last may be empty).
        parts = _SPACES.split(text)
        return _Words(parts[0], tuple(parts[1::2]), tuple(parts[2::2]))

    def run(self, start: int, end: int) -> tuple[str, str]:
        """Words `start`..`end`-1 with the spaces between them, and the space after."""
        if start == end:
            return "", ""
        inner = "".join(
            word + space
            for word, space in zip(
                self.words[start : end - 1], self.spaces[start : end - 1], strict=True
            )
        )
        return inner + self.words[end - 1], self.spaces[end - 1]


def text_changes(old: str, new: str) -> TextChanges:
    """The track changes that turn `old` into `new` (see the module).

    Returns:
        The changes; `too_long` set (and no changes) when a text has more than
        `CHANGES_CHAR_LIMIT` characters.
    """
    for side, text in (("old", old), ("new", new)):
        if len(text) > CHANGES_CHAR_LIMIT:
            too_long = TooLong(side, len(text), CHANGES_CHAR_LIMIT)
            return TextChanges((), too_long=too_long)
    old_words, new_words = _Words.of(old), _Words.of(new)
    changes: list[Change] = []
    skipped = False
    for kind, i1, i2, j1, j2 in _blocks(old_words.words, new_words.words):
        if kind is ChangeKind.REPLACED and i2 - i1 == j2 - j1:
            pairs = [(i, i + 1, j1 + i - i1, j1 + i - i1 + 1) for i in range(i1, i2)]
        else:
            pairs = [(i1, i2, j1, j2)]
        for a1, a2, b1, b2 in pairs:
            old_run, old_space = old_words.run(a1, a2)
            new_run, new_space = new_words.run(b1, b2)
            chars: tuple[CharChange, ...] = ()
            if kind is ChangeKind.REPLACED:
                if max(len(old_run), len(new_run)) > CHAR_DIFF_LIMIT:
                    skipped = True
                else:
                    chars = _char_changes(old_run, new_run)
            changes.append(Change(kind, old_run, new_run, old_space, new_space, chars))
    return TextChanges(
        tuple(changes), old_words.lead, new_words.lead, chars_skipped=skipped
    )


def _blocks(
    old: Sequence[str], new: Sequence[str]
) -> list[tuple[ChangeKind, int, int, int, int]]:
    """The aligned runs of `old` and `new`: kept, deleted, inserted or replaced.

    From a longest common subsequence; a deletion and an insertion that meet
    between two kept runs are one replacement.
    """
    blocks: list[tuple[ChangeKind, int, int, int, int]] = []
    pending: list[int] | None = None  # i1, i2, j1, j2 of the changed run so far
    for op in Indel.opcodes(old, new):
        tag, i1, i2 = op.tag, op.src_start, op.src_end
        j1, j2 = op.dest_start, op.dest_end
        if tag == "equal":
            if pending is not None:
                blocks.append(_changed(*pending))
                pending = None
            blocks.append((ChangeKind.EQUAL, i1, i2, j1, j2))
        elif pending is None:
            pending = [i1, i2, j1, j2]
        else:
            pending[1], pending[3] = i2, j2
    if pending is not None:
        blocks.append(_changed(*pending))
    return blocks


_Block = tuple[ChangeKind, int, int, int, int]


def _changed(i1: int, i2: int, j1: int, j2: int) -> _Block:
    """The kind of a changed run: deleted, inserted, or (both) replaced."""
    if i1 == i2:
        return (ChangeKind.INSERTED, i1, i2, j1, j2)
    if j1 == j2:
        return (ChangeKind.DELETED, i1, i2, j1, j2)
    return (ChangeKind.REPLACED, i1, i2, j1, j2)


def _char_changes(old: str, new: str) -> tuple[CharChange, ...]:
    """The character difference of a replacement's sides; () if they are unalike."""
    if Indel.normalized_similarity(old, new) < SIMILAR_ENOUGH:
        return ()
    blocks = _blocks(old, new)
    return tuple(CharChange(k, old[i1:i2], new[j1:j2]) for k, i1, i2, j1, j2 in blocks)


def markup(changes: TextChanges) -> str:
    """The changes as one line of plain text, the way `wdiff` writes them.

    Deleted words as ``[-words-]``, inserted ones as ``{+words+}``, a replacement
    as both, kept words as they are, with the new text's white space: what a
    cell of a spreadsheet holds for a reader whose program drops the styles.
    Texts too long to compare give why, in words.
    """
    too_long = changes.too_long
    if too_long is not None:
        text = "hypothesis" if too_long.side == "old" else "reference"
        return (
            f"not compared: the {text} has {too_long.chars:,} characters "
            f"(at most {too_long.limit:,})"
        )
    parts = [changes.new_lead]
    for change in changes.changes:
        match change.kind:
            case ChangeKind.EQUAL:
                parts.append(change.new + change.new_space)
            case ChangeKind.DELETED:
                parts.append(f"[-{change.old}-]{change.old_space}")
            case ChangeKind.INSERTED:
                parts.append(f"{{+{change.new}+}}{change.new_space}")
            case _:
                parts.append(f"[-{change.old}-]{{+{change.new}+}}{change.new_space}")
    return "".join(parts)


def closest_changes(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    closest: Sequence[int],
) -> Iterator[TextChanges]:
    """Each hypothesis's changes into its closest reference (`Effort.closest`).

    What a post-editor changed, sentence by sentence, against the reference the
    edit rates were counted on; a segment no reference translates is compared
    with the empty text.
    """
    for row, hypothesis in enumerate(hypotheses):
        reference = references[closest[row]][row] if references else None
        yield text_changes(hypothesis, reference or "")
