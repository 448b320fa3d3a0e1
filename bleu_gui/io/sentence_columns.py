"""The sentence table's columns: what each kind is, and in what order they come.

One row of `COLUMN_SPECS` holds everything about a kind of column: its header and
tooltip, how its numbers read, whether it is text, a count of tokens or one of a
pair's columns, whether it hides by default while a pair is compared, and the name
session files store it under. `column_layout` says which columns the table has for
a maximum order, with or without units and a pair. The model, the view's column
menu, the exports and session files read them here, so a new column is a new kind,
a new row and (if it has numbers) the array it shows.

Columns are known by a `ColumnKey` (what they show), not by position: a lower
maximum order removes precision columns and moves the text column, so a sort or a
choice remembered as a column number would silently point at another column, or
past the last one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, auto

from bleu_gui.io.bundle import UNIT
from bleu_gui.io.cell_text import Shown

__all__ = [
    "COLUMN_SPECS",
    "EFFORT_KINDS",
    "LATER_KINDS",
    "PAIR_KINDS",
    "QA_KINDS",
    "ColumnKey",
    "ColumnKind",
    "ColumnSpec",
    "column_layout",
    "column_words",
]


class ColumnKind(Enum):
    """What a column shows."""

    NUMBER = auto()
    UNIT = auto()
    BLEU = auto()
    COST = auto()
    HYP_LEN = auto()
    REF_LEN = auto()
    BP = auto()
    PRECISION = auto()
    WORD_EDITS = auto()
    CHAR_EDITS = auto()
    BAND = auto()
    CLOSEST_REF = auto()
    QA = auto()
    QA_ISSUES = auto()
    A_BLEU = auto()
    B_BLEU = auto()
    DELTA = auto()
    SWAP = auto()
    HYPOTHESIS = auto()


@dataclass(frozen=True, slots=True)
class ColumnKey:
    """A column by what it shows (`order`: the n-gram order of a precision column).

    Stays meaningful when the column set changes; `SentenceTableModel.column_of`
    says where the column is now, or that it is gone.
    """

    kind: ColumnKind
    order: int = 0


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    """Everything about one kind of column.

    Attributes:
        header: the header's text; "{order}" stands for a precision's order.
        tooltip: the header's tooltip, likewise; "{unit}" for the unit of the
            cost column's numbers (`CostUnit`).
        stored: the kind's name in session files and the settings. Chosen here,
            not taken from the member's name, so that renaming a member in the
            code does not make the files users saved unreadable.
        shown: how its numbers read; None for text and for the cost column,
            whose unit is chosen for the scores shown (`CostUnit`).
        text: its cells are text (left-aligned, exported as text).
        count: a count of tokens: its values are whole numbers.
        pair: one of the columns a compared pair adds (A, B, Δ, swap).
        hidden_with_pair: hidden by default while a pair is compared: the shown
            system's BLEU is the pair's B column, and the rest is in the detail
            and explain panels.
        hidden_by_default: hidden until the user shows it (Columns menu): the
            edit rates, which the Band column sums up, would push the text off
            a laptop's screen.
    """

    header: str
    tooltip: str
    stored: str
    shown: Shown | None
    text: bool = False
    count: bool = False
    pair: bool = False
    hidden_with_pair: bool = False
    hidden_by_default: bool = False


COLUMN_SPECS: Mapping[ColumnKind, ColumnSpec] = {
    ColumnKind.NUMBER: ColumnSpec(
        "#", "Segment number (line in the files)", "NUMBER", Shown.INTEGER
    ),
    ColumnKind.UNIT: ColumnSpec(
        UNIT,
        "The segment's unit in its file: its id in the translation tool (XLIFF, "
        "TMX), or its row as the spreadsheet numbers it",
        "UNIT",
        None,
        text=True,
    ),
    ColumnKind.BLEU: ColumnSpec(
        "BLEU", "Sentence BLEU (0–100)", "BLEU", Shown.SCORE, hidden_with_pair=True
    ),
    ColumnKind.COST: ColumnSpec(
        "Cost",
        "How much corpus BLEU would rise if this sentence were perfect (replaced "
        "by the reference its brevity penalty used), in {unit}; negative: it "
        "would fall",
        "COST",
        None,
        hidden_with_pair=True,
    ),
    ColumnKind.HYP_LEN: ColumnSpec(
        "Hyp len",
        "Hypothesis length in tokens",
        "HYP_LEN",
        Shown.INTEGER,
        count=True,
        hidden_with_pair=True,
    ),
    ColumnKind.REF_LEN: ColumnSpec(
        "Ref len",
        "Length in tokens of the reference the brevity penalty used",
        "REF_LEN",
        Shown.INTEGER,
        count=True,
        hidden_with_pair=True,
    ),
    ColumnKind.BP: ColumnSpec(
        "BP",
        "Sentence brevity penalty (0–1)",
        "BP",
        Shown.BP,
        hidden_with_pair=True,
    ),
    ColumnKind.PRECISION: ColumnSpec(
        "p{order}",
        "{order}-gram precision (%)",
        "PRECISION",
        Shown.SCORE,
        hidden_with_pair=True,
    ),
    ColumnKind.WORD_EDITS: ColumnSpec(
        "Word edits %",
        "Post-editing effort in words: the words inserted, deleted or replaced to "
        "turn the hypothesis into the closest reference, per word of that reference "
        "(%, Levenshtein on the text as typed, split at spaces)",
        "WORD_EDITS",
        Shown.SCORE,
        hidden_with_pair=True,
        hidden_by_default=True,
    ),
    ColumnKind.CHAR_EDITS: ColumnSpec(
        "Char edits %",
        "Post-editing effort in characters: the characters inserted, deleted or "
        "replaced to turn the hypothesis into the closest reference (the one with "
        "the fewest per character), per character of that reference (%)",
        "CHAR_EDITS",
        Shown.SCORE,
        hidden_with_pair=True,
        hidden_by_default=True,
    ),
    ColumnKind.BAND: ColumnSpec(
        "Band",
        "The fuzzy-match band of 100 % minus the character edit rate, as CAT tools "
        "band matches: 100 % (nothing to change), 95–99, 85–94, 75–84, 50–74, < 50",
        "BAND",
        Shown.BAND,
        hidden_with_pair=True,
    ),
    ColumnKind.CLOSEST_REF: ColumnSpec(
        "Closest ref",
        "The reference the edit rates and the band are counted against (1: the "
        "first): of several, the one with the fewest character edits per "
        "character",
        "CLOSEST_REF",
        Shown.INTEGER,
        hidden_with_pair=True,
        hidden_by_default=True,
    ),
    ColumnKind.QA: ColumnSpec(
        "QA",
        "How many QA issues the sentence has (numbers, tags, untranslated, empty, "
        "end punctuation, spaces, inconsistent; the QA panel lists them and "
        "switches checks off)",
        "QA",
        Shown.INTEGER,
        count=True,
        hidden_with_pair=True,
    ),
    ColumnKind.QA_ISSUES: ColumnSpec(
        "QA issues",
        "The sentence's QA issues, each named by its check (sorts by the first "
        "issue's check)",
        "QA_ISSUES",
        None,
        text=True,
        hidden_with_pair=True,
        hidden_by_default=True,
    ),
    ColumnKind.A_BLEU: ColumnSpec(
        "A",
        "Sentence BLEU of the baseline, A (0–100)",
        "A_BLEU",
        Shown.SCORE,
        pair=True,
    ),
    ColumnKind.B_BLEU: ColumnSpec(
        "B",
        "Sentence BLEU of the compared system, B (0–100)",
        "B_BLEU",
        Shown.SCORE,
        pair=True,
    ),
    ColumnKind.DELTA: ColumnSpec(
        "Δ", "Sentence BLEU of B minus A's", "DELTA", Shown.DELTA, pair=True
    ),
    ColumnKind.SWAP: ColumnSpec(
        "Swap",
        "How much A's corpus BLEU would change with this sentence taken from B, "
        "in BLEU points",
        "SWAP",
        Shown.SWAP,
        pair=True,
    ),
    ColumnKind.HYPOTHESIS: ColumnSpec(
        "Hypothesis",
        "The candidate translation (sorts alphabetically, ignoring case and accents)",
        "HYPOTHESIS",
        None,
        text=True,
    ),
}

PAIR_KINDS = tuple(kind for kind, spec in COLUMN_SPECS.items() if spec.pair)
"""The pair's columns, in their order (after the precisions, before the text)."""

_SYSTEM_KINDS = (
    ColumnKind.BLEU,
    ColumnKind.COST,
    ColumnKind.HYP_LEN,
    ColumnKind.REF_LEN,
    ColumnKind.BP,
)


EFFORT_KINDS = (
    ColumnKind.WORD_EDITS,
    ColumnKind.CHAR_EDITS,
    ColumnKind.BAND,
    ColumnKind.CLOSEST_REF,
)
"""The post-editing effort's columns (`core.effort`), counted after the scores."""

QA_KINDS = (ColumnKind.QA, ColumnKind.QA_ISSUES)
"""The QA checks' columns (`core.qa`), found once the scores are there."""

LATER_KINDS = EFFORT_KINDS + QA_KINDS
"""The columns counted after the scores: an export writes them empty meanwhile."""


def column_layout(orders: int, *, units: bool, pair: bool) -> tuple[ColumnKey, ...]:
    """The table's columns, left to right, for a maximum n-gram order `orders`.

    "#", the Unit (with units), the shown system's scores, its precisions p1 to
    p`orders`, its post-editing effort, its QA issues, the pair's columns (with a
    pair), and the text last.
    """
    keys = [ColumnKey(ColumnKind.NUMBER)]
    if units:
        keys.append(ColumnKey(ColumnKind.UNIT))
    keys += [ColumnKey(kind) for kind in _SYSTEM_KINDS]
    keys += [ColumnKey(ColumnKind.PRECISION, order) for order in range(1, orders + 1)]
    keys += [ColumnKey(kind) for kind in LATER_KINDS]
    if pair:
        keys += [ColumnKey(kind) for kind in PAIR_KINDS]
    keys.append(ColumnKey(ColumnKind.HYPOTHESIS))
    return tuple(keys)


def column_words(key: ColumnKey, unit: str = "BLEU points") -> tuple[str, str]:
    """Column `key`'s header and tooltip as its spec says them.

    `unit`: the unit the cost column shows its numbers in. The model names some
    columns at run time: the cost column's unit in its header, the Unit column as
    the file calls its units, the pair's columns with the systems' names.
    """
    spec = COLUMN_SPECS[key.kind]
    words = {"order": key.order, "unit": unit}
    return spec.header.format(**words), spec.tooltip.format(**words)
