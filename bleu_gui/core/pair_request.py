"""One sentence of two systems as a value: what `explain_pair_or_why_not` explains.

The window explains a short sentence pair on the GUI thread, and a long one in a
worker process (`models.explainer`), as it does for one system. A request that
crosses to a process must be a plain value and the function a module-level one of
a module that loads no Qt: this is that value and that function.
"""

from __future__ import annotations

from dataclasses import dataclass

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.pair_ngrams import PairExplanation, explain_pair
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

__all__ = ["PairRequest", "explain_pair_or_why_not"]


@dataclass(frozen=True, slots=True)
class PairRequest:
    """A sentence's two hypotheses, its references, the options and the names.

    Attributes:
        hypothesis_a: the baseline's raw segment.
        hypothesis_b: the compared system's raw segment.
        references: the raw references (`None` for one the segment lacks).
        config: the scoring options.
        names: A's and B's names, for the words of the explanation.
    """

    hypothesis_a: str
    hypothesis_b: str
    references: tuple[str | None, ...]
    config: BleuConfig
    names: tuple[str, str] = ("A", "B")

    @property
    def size(self) -> int:
        """The characters of both hypotheses and the references together."""
        return (
            len(self.hypothesis_a)
            + len(self.hypothesis_b)
            + sum(len(ref) for ref in self.references if ref is not None)
        )


def explain_pair_or_why_not(request: PairRequest) -> OrUnavailable[PairExplanation]:
    """`explain_pair` of `request`, or why the mode cannot score it (one line)."""
    try:
        return explain_pair(
            request.hypothesis_a,
            request.hypothesis_b,
            request.references,
            request.config,
            names=request.names,
        )
    except ValueError as error:
        return Unavailable(str(error))
