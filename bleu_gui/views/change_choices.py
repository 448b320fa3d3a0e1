"""Which two texts the Changes mode compares, and how it draws their changes.

The one-system detail offers the hypothesis against each reference, the one whose
length set the brevity penalty first and chosen by default (a translator's
"closest" reference, as the explanation names it); the two-system detail offers A
against B first, then each system against each reference. The choices are built
here from the explanations the n-gram views already hold (`sentence_choices`,
`pair_choices`), so the Changes mode reads the same texts, drafts included, with
no request of its own.

`drawn` lays the track changes of `core.changes` out as one text, as Word shows
them: the new text as typed, with the old words that went struck in place before
it and the words that came underlined; a replaced word shows both, the old
struck, then the new. It also gives, per change, the hover text a reader sees.
No Qt here: the widget (`views.changes_view`) paints what this returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bleu_gui.core.changes import Change, ChangeKind, TextChanges
from bleu_gui.core.explain import SentenceExplanation
from bleu_gui.core.pair_ngrams import PairExplanation
from bleu_gui.views.change_palette import Mark

__all__ = [
    "ChangeChoice",
    "ChoiceKey",
    "Choices",
    "Drawn",
    "Hover",
    "TextId",
    "TextRole",
    "drawn",
    "pair_choices",
    "sentence_choices",
]

BP_MARK = " · BP length"
"""Marks the reference whose length set the brevity penalty (the combo's tooltip
says so in full): the whole words cut the label at 1280 pixels."""


class TextRole(Enum):
    """Which text of a sentence."""

    HYPOTHESIS = "hypothesis"
    A = "A"
    B = "B"
    REFERENCE = "reference"


@dataclass(frozen=True, slots=True)
class TextId:
    """One text of a sentence: a hypothesis, a system's, or reference `reference`."""

    role: TextRole
    reference: int = 0  # 0-based, for a reference


@dataclass(frozen=True, slots=True)
class ChoiceKey:
    """Which comparison: the changes from text `old` to text `new`."""

    old: TextId
    new: TextId


@dataclass(frozen=True, slots=True)
class ChangeChoice:
    """Two texts to compare, and what the reader calls them.

    Attributes:
        key: which texts (kept when the sentence changes, see `ChangesView`).
        label: the choice as the combo lists it.
        old_name: the old text in a sentence ("the hypothesis", "A").
        new_name: the new text likewise ("reference 1", "B").
        old: the old text as typed.
        new: the new text as typed.
    """

    key: ChoiceKey
    label: str
    old_name: str
    new_name: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Choices:
    """The comparisons a sentence offers, the default one, and its source.

    Attributes:
        items: the comparisons, in the combo's order (none: nothing to compare).
        default: the index of the one shown unless the reader chose another.
        source: the sentence's source text, if known.
    """

    items: tuple[ChangeChoice, ...] = ()
    default: int = 0
    source: str | None = None


def _reference_words(k: int, names: Sequence[str]) -> str:
    """Reference `k` (0-based) in a combo: "Reference 2 (ref.de)"."""
    name = f" ({names[k]})" if k < len(names) and names[k] else ""
    return f"Reference {k + 1}{name}"


def sentence_choices(
    explanation: SentenceExplanation | None,
    reference_names: Sequence[str],
    source: str | None = None,
) -> Choices:
    """The hypothesis against each reference it has; by default the BP's one."""
    if explanation is None:
        return Choices(source=source)
    items = []
    hypothesis = TextId(TextRole.HYPOTHESIS)
    for k, reference in enumerate(explanation.references):
        if reference is None:
            continue
        sets_bp = k in explanation.length_refs
        label = f"Hypothesis → {_reference_words(k, reference_names)}"
        items.append(
            ChangeChoice(
                ChoiceKey(hypothesis, TextId(TextRole.REFERENCE, k)),
                label + (BP_MARK if sets_bp else ""),
                "the hypothesis",
                f"reference {k + 1}",
                explanation.hypothesis.text,
                reference.text,
            )
        )
    default = next(
        (
            index
            for index, item in enumerate(items)
            if item.key.new.reference in explanation.length_refs
        ),
        0,
    )
    return Choices(tuple(items), default, source)


def pair_choices(
    pair: PairExplanation | None,
    reference_names: Sequence[str],
    source: str | None = None,
) -> Choices:
    """A against B (the default), then A and B against each reference."""
    if pair is None:
        return Choices(source=source)
    side_a, side_b = TextId(TextRole.A), TextId(TextRole.B)
    items = [
        ChangeChoice(
            ChoiceKey(side_a, side_b),
            f"A ({pair.delta.name_a}) → B ({pair.delta.name_b})",
            "A",
            "B",
            pair.a.hypothesis.text,
            pair.b.hypothesis.text,
        )
    ]
    for side, explanation in ((side_a, pair.a), (side_b, pair.b)):
        letter = side.role.value
        for k, reference in enumerate(explanation.references):
            if reference is None:
                continue
            sets_bp = BP_MARK if k in explanation.length_refs else ""
            items.append(
                ChangeChoice(
                    ChoiceKey(side, TextId(TextRole.REFERENCE, k)),
                    f"{letter} → {_reference_words(k, reference_names)}" + sets_bp,
                    letter,
                    f"reference {k + 1}",
                    explanation.hypothesis.text,
                    reference.text,
                )
            )
    return Choices(tuple(items), 0, source)


@dataclass(frozen=True, slots=True)
class Hover:
    """The characters of one change in the drawn text, and its hover text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Drawn:
    """Track changes as one text: its characters, marked runs, and hover texts.

    Attributes:
        text: the new text as typed, the old words that went in place.
        runs: `(start, end, Mark value)` runs, left to right.
        hovers: each change's characters and its hover text, left to right.
    """

    text: str
    runs: tuple[tuple[int, int, str], ...]
    hovers: tuple[Hover, ...]

    def hover_at(self, index: int) -> str:
        """The hover text at character `index` ("" off a change)."""
        for hover in self.hovers:
            if hover.start <= index < hover.end:
                return hover.text
        return ""


def _quoted(words: str) -> str:
    return f"“{words}”"


def hover_text(change: Change) -> str:
    """What hovering `change` says: "Deleted: “the”", "Replaced “a” by “b”"."""
    if change.kind is ChangeKind.DELETED:
        return f"Deleted: {_quoted(change.old)}"
    if change.kind is ChangeKind.INSERTED:
        return f"Inserted: {_quoted(change.new)}"
    if change.kind is ChangeKind.REPLACED:
        return f"Replaced {_quoted(change.old)} by {_quoted(change.new)}"
    return ""


class _Writer:
    """Collects the drawn text, its runs and hovers (see `drawn`)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.runs: list[tuple[int, int, str]] = []

    def add(self, text: str, mark: Mark | None = None) -> None:
        if not text:
            return
        end = self.length + len(text)
        if mark is not None:
            last = self.runs[-1] if self.runs else None
            if last is not None and last[1] == self.length and last[2] == mark.value:
                self.runs[-1] = (last[0], end, mark.value)  # one run, not two
            else:
                self.runs.append((self.length, end, mark.value))
        self.parts.append(text)
        self.length += len(text)


def drawn(changes: TextChanges) -> Drawn:
    """Lay `changes` out as one text (see the module)."""
    writer = _Writer()
    hovers: list[Hover] = []
    writer.add(changes.new_lead)
    for change in changes.changes:
        start = writer.length
        kind = change.kind
        if kind is ChangeKind.EQUAL:
            writer.add(change.new + change.new_space)
            continue
        if kind is ChangeKind.DELETED:
            writer.add(change.old, Mark.DELETED)
            end = writer.length
            writer.add(change.old_space)
        elif kind is ChangeKind.INSERTED:
            writer.add(change.new, Mark.INSERTED)
            end = writer.length
            writer.add(change.new_space)
        else:
            _replaced(writer, change)
            end = writer.length
            writer.add(change.new_space)
        hovers.append(Hover(start, end, hover_text(change)))
    return Drawn("".join(writer.parts), tuple(writer.runs), tuple(hovers))


def _replaced(writer: _Writer, change: Change) -> None:
    """The old side struck, a space, the new side underlined; letters tinted."""
    if not change.chars:
        writer.add(change.old, Mark.DELETED)
        writer.add(" ")
        writer.add(change.new, Mark.INSERTED)
        return
    for piece in change.chars:
        same = piece.kind is ChangeKind.EQUAL
        writer.add(piece.old, Mark.DELETED if same else Mark.DELETED_CHARS)
    writer.add(" ")
    for piece in change.chars:
        same = piece.kind is ChangeKind.EQUAL
        writer.add(piece.new, Mark.INSERTED if same else Mark.INSERTED_CHARS)
