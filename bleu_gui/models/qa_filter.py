"""The sentence table's QA filter: the sentences with issues, of any check or of one.

A value of the rows it keeps, found once from the shown system's `QaResult`
(`QaRows.of`), as a document's rows are (`sentence_filter.DocumentRows`): the
filter never runs a check. Whoever sets it (the QA panel's choice) sets it again
when the issues are found anew (an edit, a check switched off), and drops it
when the shown system changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bleu_gui.core.qa_checks import CheckKind, spec_of

if TYPE_CHECKING:
    from bleu_gui.core.qa import QaResult

__all__ = ["QaRows"]


@dataclass(frozen=True, slots=True)
class QaRows:
    """The sentences with QA issues (of check `kind`; None: of any check).

    Attributes:
        kind: the check whose issues a sentence must have; None: any check.
        rows: those sentences, 0-based, in corpus order.
    """

    kind: CheckKind | None
    rows: tuple[int, ...]

    @classmethod
    def of(cls, result: QaResult, kind: CheckKind | None) -> QaRows:
        """The sentences of `result` with an issue (of `kind`)."""
        return cls(kind, tuple(np.flatnonzero(result.flagged(kind)).tolist()))

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        keep = np.zeros(size, dtype=bool)
        chosen = np.asarray(self.rows, dtype=np.int64)
        keep[chosen[(chosen >= 0) & (chosen < size)]] = True
        return keep

    def describe(self) -> str:
        """Which sentences, as the filter's chip says it."""
        if self.kind is None:
            return "sentences with QA issues"
        return f"sentences with {spec_of(self.kind).title} issues"
