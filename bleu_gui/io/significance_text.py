"""The words and numbers of significance results, said once for every table.

The systems table, the all-pairs matrix, their exports, the HTML report and the
command line's tables print the same p-values, tests and notes; their text is
decided here so that none disagrees with another: 4 decimals, sacreBLEU's star at
p ≤ 0.05, and for two systems that cannot be told apart (`Identity`) the words
"identical output" (or "identical statistics") instead of the star.
"""

from __future__ import annotations

from bleu_gui.core.significance_names import Identity, PairedTest, is_starred
from bleu_gui.io.seed import seed_text

__all__ = [
    "IDENTITY_CAVEAT",
    "STAR",
    "SUBSET_NOTE",
    "identity_note",
    "p_value_mark",
    "p_value_text",
    "test_description",
    "test_words",
]

SUBSET_NOTE = (
    "These sentences were chosen after looking at them, so this is not a fresh "
    "test: the p-value describes them, it is no evidence that the systems differ "
    "on new text."
)
"""What a test on the shown sentences only must say next to its numbers."""

# (short name, what a sample is called, the test in words)
_TEST_NAMES = {
    PairedTest.BOOTSTRAP: ("bootstrap", "resamples", "Paired bootstrap resampling"),
    PairedTest.RANDOMIZATION: (
        "randomization",
        "trials",
        "Paired approximate randomization",
    ),
}


STAR = "*"
"""sacreBLEU's mark of a p-value at 0.05 or less."""

IDENTITY_CAVEAT = (
    "the test has nothing to compare; its p-value, the smallest possible, does not "
    "mean that they differ (sacreBLEU stars it)"
)
"""What an identity means for the p-value beside it."""

# What an identity is, "{a}" and "{b}" standing for the two systems.
_IDENTITY_WORDS = {
    Identity.TEXT: "{a}'s output is {b}'s, line for line.",
    Identity.STATISTICS: "{a}'s lines differ from {b}'s, but every segment has "
    "the same length, closest reference length and n-gram counts, so BLEU cannot "
    "tell them apart.",
}


def p_value_mark(p_value: float, identity: Identity | None) -> str:
    """What follows a p-value's number: `STAR`, nothing, or the identity's words.

    Two systems that cannot be told apart get the words instead of the star:
    their p-value is the smallest possible, which would read as the most
    significant of differences.
    """
    if identity is not None:
        return identity.value
    return STAR if is_starred(p_value) else ""


def p_value_text(p_value: float, identity: Identity | None) -> str:
    """A p-value as the tables and the report show it.

    "0.0123*", "0.4567", or for a copy of the baseline "0.0010, identical output".
    """
    text = f"{p_value:.4f}"
    mark = p_value_mark(p_value, identity)
    return f"{text}, {mark}" if identity is not None else text + mark


def identity_note(identity: Identity, a: str, b: str) -> str:
    """The note under a table that shows `identity`: what it is and what it means.

    `a`, `b`: how the two systems are called ("the system", "the baseline").
    """
    said = _IDENTITY_WORDS[identity].format(a=a, b=b)
    caveat = IDENTITY_CAVEAT[0].upper() + IDENTITY_CAVEAT[1:]
    return f'"{identity.value}" (bleu-gui\'s note): {said} {caveat}.'


def test_words(test: PairedTest, samples: int, seed: int | None) -> str:
    """The test in a few words: "bootstrap ×1000, seed 12345"."""
    return f"{_TEST_NAMES[test][0]} ×{samples}, seed {seed_text(seed)}"


def test_description(
    test: PairedTest, samples: int, seed: int | None, sentences: int
) -> str:
    """The test in a sentence: "Paired bootstrap resampling, 1000 resamples, …"."""
    _, unit, words = _TEST_NAMES[test]
    seed_said = seed_text(seed)
    return f"{words}, {samples} {unit}, seed {seed_said}, on {sentences} sentences"
