"""The significance tests' names, sacreBLEU's defaults for them, and their words' rules.

Apart from `core.significance` (numpy's arithmetic of the tests) because the
command line's parser shows the names and defaults in its help, and its output's
words (`io.significance_text`) use the rest: `bleu-gui score` without a test builds
that parser and should not import the tests (`tests/cli/test_cli_startup.py`).
`core.significance` names them all too.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "STAR_LEVEL",
    "Identity",
    "PairedTest",
    "is_starred",
]

DEFAULT_SEED = 12345
"""sacreBLEU's seed when `SACREBLEU_SEED` is not set."""


class PairedTest(StrEnum):
    """sacreBLEU's two paired tests, named as its `test_type`."""

    BOOTSTRAP = "bs"
    RANDOMIZATION = "ar"


DEFAULT_SAMPLES = {PairedTest.BOOTSTRAP: 1000, PairedTest.RANDOMIZATION: 10000}
"""sacreBLEU's default number of resamples / trials per test."""

STAR_LEVEL = 0.05
"""sacreBLEU marks a p-value at or below this with a star (its legend says "< 0.05",
its code compares `<= 0.05`)."""


def is_starred(p_value: float) -> bool:
    """Whether sacreBLEU prints `p_value` with its star: 0.05 or less."""
    return p_value <= STAR_LEVEL


class Identity(StrEnum):
    """Why two systems cannot be told apart at all (beyond sacreBLEU).

    The test then has nothing to compare: every resampled difference and the
    observed one are 0, and the strict `>` gives the smallest possible p-value, which
    reads as the most significant of differences (sacreBLEU prints `(p = 0.0010)*`
    for a copy of the baseline). A result names the identity instead.
    """

    TEXT = "identical output"
    """The hypothesis lines are equal, line for line."""
    STATISTICS = "identical statistics"
    """Every segment's lengths and n-gram counts are equal (the lines may differ)."""
