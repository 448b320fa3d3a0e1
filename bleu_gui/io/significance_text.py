"""The words and numbers of significance results, said once for every table.

The systems table and the all-pairs matrix print the same p-values, tests and notes;
their text is decided here so that the two never disagree.
"""

from __future__ import annotations

from bleu_gui.core.significance import Identity, PairedTest, is_starred

__all__ = [
    "SUBSET_NOTE",
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


def p_value_text(p_value: float, identity: Identity | None) -> str:
    """A p-value as the tables show it: 4 decimals and sacreBLEU's star.

    Two systems that cannot be told apart get the words instead of the star:
    their p-value is the smallest possible, which would read as the most
    significant of differences.
    """
    text = f"{p_value:.4f}"
    if identity is not None:
        return f"{text}, {identity.value}"
    return text + ("*" if is_starred(p_value) else "")


def _seed(seed: int | None) -> str:
    return "none" if seed is None else str(seed)


def test_words(test: PairedTest, samples: int, seed: int | None) -> str:
    """The test in a few words: "bootstrap ×1000, seed 12345"."""
    return f"{_TEST_NAMES[test][0]} ×{samples}, seed {_seed(seed)}"


def test_description(
    test: PairedTest, samples: int, seed: int | None, sentences: int
) -> str:
    """The test in a sentence: "Paired bootstrap resampling, 1000 resamples, …"."""
    _, unit, words = _TEST_NAMES[test]
    return f"{words}, {samples} {unit}, seed {_seed(seed)}, on {sentences} sentences"
