"""The margin's words, one place for the command line, the window and the report.

What `core.margin` finds is said the same way everywhere: "margin: 30 sentences
(p = 0.0509 after swapping them)", or "margin: none (…why…)"; its definition (the
window's tooltip, the report's note, the README's paragraph) is `MARGIN_DEFINITION`.
The JSON record is the command line's and the report's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bleu_gui.core.margin import Margin, NoMargin

__all__ = ["MARGIN_DEFINITION", "margin_record", "margin_text", "subset_words"]

MARGIN_DEFINITION = (
    "The margin of a significant difference: the fewest sentences whose output, "
    "taken from the baseline A into B, make the paired bootstrap (sacreBLEU's, same "
    "seed and resamples) no longer significant at 0.05 in the same direction. "
    "Sentences are swapped in the order of their swap effect, largest first; the "
    "count is found by doubling and halving and confirmed by the test at that "
    "count and at one fewer."
)


def margin_text(found: Margin | NoMargin, shown: int | None = None) -> str:
    """One line: "margin: 30 sentences (p = 0.0509 after swapping them)".

    `shown`: the margin of a test on that many shown sentences only, said so:
    "margin on the 132 shown sentences: 3 sentences (…)".
    """
    from bleu_gui.core.margin import Margin

    head = "margin" if shown is None else f"margin {subset_words(shown)}"
    if not isinstance(found, Margin):
        if found.p_value is None:
            return f"{head}: none ({found.reason})"
        return f"{head}: none ({found.reason}; p = {found.p_value:.4f})"
    noun = "sentence" if found.count == 1 else "sentences"
    them = "it" if found.count == 1 else "them"
    return f"{head}: {found.count} {noun} (p = {found.p_at:.4f} after swapping {them})"


def subset_words(shown: int) -> str:
    """How a margin of the shown sentences only is qualified: "on the 132 shown …".

    The Systems dock's test of the shown sentences says its scope so.
    """
    noun = "sentence" if shown == 1 else "sentences"
    return f"on the {shown:,} shown {noun}"


def margin_record(found: Margin | NoMargin) -> dict[str, object]:
    """The margin as JSON: unrounded p-values, 1-based line numbers in swap order.

    `sentences` is null (with `reason`) when there is no margin.
    """
    from bleu_gui.core.margin import Margin

    if not isinstance(found, Margin):
        return {
            "sentences": None,
            "reason": str(found.reason),
            "p_value": found.p_value,
        }
    return {
        "sentences": found.count,
        "lines": [row + 1 for row in found.rows],
        "b_better": found.better,
        "p_value": found.p_before,
        "p_value_one_fewer": found.p_one_fewer,
        "p_value_after": found.p_at,
        "samples": found.samples,
        "seed": found.seed,
        "tests": found.tests,
    }
