"""The sentence table's values: each cell's raw value and each column's sort key.

`SentenceTableModel` is the Qt side of the table (its layout of columns, its rows,
its signals, its texts); what a column holds for a corpus row is here, without
Qt: the content's score arrays, the pair's, the values of an edit being typed,
and the ranks the text and Unit columns sort by. The one place that says which
statistic a column shows serves a cell and a sort alike, so that a column never
sorts by something else than it shows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bleu_gui.core.qa_checks import CHECKS
from bleu_gui.io.bundle import Units
from bleu_gui.io.qa_text import issues_text
from bleu_gui.io.sentence_columns import (
    EFFORT_KINDS,
    PAIR_KINDS,
    QA_KINDS,
    ColumnKey,
    ColumnKind,
)
from bleu_gui.models.session import PairScores, Scores
from bleu_gui.models.text_order import alphabetical_ranks, natural_ranks
from bleu_gui.models.workspace import ViewedTexts

if TYPE_CHECKING:
    from bleu_gui.core.effort import Effort
    from bleu_gui.core.qa import QaResult

__all__ = ["SentenceValues"]


class SentenceValues:
    """What the sentence table shows, by corpus row: its content and its pair."""

    def __init__(self) -> None:
        self.scores: Scores | None = None
        self.hypotheses: tuple[str, ...] = ()
        self.texts: ViewedTexts | None = None  # the key of `hypotheses`; None: unnamed
        self.test_set: int | None = None  # the key of the test set `units` are of
        self.hyp_len: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self.units: Units | None = None
        self.pair: PairScores | None = None
        self.pair_scores: tuple[npt.NDArray[np.float64], ...] = ()  # A's, B's
        self.effort: Effort | None = None  # of `hypotheses`; None: being counted
        self.qa: QaResult | None = None  # of `hypotheses`; None: being checked
        # Edits being typed or scored: corpus row -> (its values by column, its
        # text or None).
        self.live: dict[int, tuple[Mapping[ColumnKey, float | None], str | None]]
        self.live = {}
        self._arrays: dict[ColumnKey, npt.NDArray[Any]] = {}  # see `values`
        # The alphabetical ranks of `hypotheses`, once a sort has asked for them.
        self._text_ranks: npt.NDArray[np.float64] | None = None
        self._unit_ranks: npt.NDArray[np.float64] | None = None

    def set_content(
        self,
        scores: Scores | None,
        hypotheses: tuple[str, ...],
        hyp_len: npt.NDArray[np.int64],
        units: Units | None,
        *,
        texts: ViewedTexts | None = None,
        test_set: int | None = None,
    ) -> None:
        """Hold new content; the pair goes unless of these scores' config and size.

        `units` of another number of rows than `hypotheses` are dropped: never a
        wrong name.

        `texts`: the key of `hypotheses` (a system's `texts_key`, or a `ReadKey`
        for texts being read). Texts under the key held are those held, however
        often rebuilt, so their effort, QA issues and sort ranks stay; any other
        key, or None (texts nobody named), is other texts. `test_set`: the key of
        the test set `units` come with (`Workspace.test_set_key`), likewise for
        the units' sort ranks. Keys, not objects (issue 25): equal texts given
        again are not counted again, and the very tuple given at a later
        generation is not taken for counted.
        """
        if texts is None or texts != self.texts:
            self._text_ranks = None
            self.effort = None  # of other texts
            self.qa = None
        if test_set is None or test_set != self.test_set:
            self._unit_ranks = None
        self.texts, self.test_set = texts, test_set
        if units is not None and len(units.names) != len(hypotheses):
            units = None  # of another test set: never a wrong name
        self.units = units
        self.scores = scores
        self.hypotheses = hypotheses
        self.hyp_len = hyp_len
        if self.pair is not None and (
            scores is None
            or scores.config != self.pair.config
            or len(hypotheses) != self.pair.deltas.size
        ):
            self.pair, self.pair_scores = None, ()  # of other scores
        self._arrays = {}

    def set_effort(self, effort: Effort | None) -> None:
        """Hold the content's post-editing effort (None: being counted).

        An effort of another number of rows than the content is dropped.
        """
        if effort is not None and len(effort) != len(self.hypotheses):
            effort = None
        self.effort = effort
        for kind in EFFORT_KINDS:
            self._arrays.pop(ColumnKey(kind), None)

    def set_qa(self, qa: QaResult | None) -> None:
        """Hold the content's QA issues (None: being checked).

        Issues of another number of rows than the content are dropped.
        """
        if qa is not None and qa.rows != len(self.hypotheses):
            qa = None
        self.qa = qa
        for kind in QA_KINDS:
            self._arrays.pop(ColumnKey(kind), None)

    def set_pair(
        self,
        pair: PairScores | None,
        a_sentences: npt.NDArray[np.float64] | None,
        b_sentences: npt.NDArray[np.float64] | None,
    ) -> None:
        """Hold the pair's values (A's and B's sentence BLEU), or (None) no pair."""
        self.pair = pair
        if pair is None or a_sentences is None or b_sentences is None:
            self.pair_scores = ()
        else:
            self.pair_scores = (a_sentences, b_sentences)
        self._arrays = {}

    def raw(self, corpus_row: int, key: ColumnKey, count: bool) -> Any:
        """A cell's unformatted value: str, int, float (NaN: none), None (scoring).

        `count`: the column counts tokens, so its numbers are ints.
        """
        live = self.live.get(corpus_row)
        if live is not None:
            if key.kind is ColumnKind.HYPOTHESIS:
                if live[1] is not None:
                    return live[1]
            elif key in live[0]:
                value = live[0][key]
                if value is not None and count:
                    return int(value)
                return value
        match key.kind:
            case ColumnKind.HYPOTHESIS:
                return self.hypotheses[corpus_row]
            case ColumnKind.NUMBER:
                return corpus_row + 1
            case ColumnKind.UNIT if self.units is not None:
                return self.units.names[corpus_row]
            case ColumnKind.QA_ISSUES:
                qa = self.qa
                return None if qa is None else issues_text(qa.row_issues(corpus_row))
        values = self.values(key)
        if values is None:
            return None  # still being scored
        value = values[corpus_row].item()  # a Python int or float
        if count and not math.isnan(value):
            return int(value)
        return value

    def sort_key(self, key: ColumnKey) -> npt.NDArray[np.float64]:
        """What column `key` sorts by, for every corpus row; NaN where it has nothing.

        Numbers sort by their raw value (never by the rounded text), the text by
        its alphabetical rank (`text_order`), not by its length: that is the Hyp
        len column's sort. Score columns of a corpus still being scored are all NaN,
        and so are the pair's columns while no pair is shown.
        """
        size = len(self.hypotheses)
        if key.kind in PAIR_KINDS and self.pair is None:
            return np.full(size, np.nan)  # no pair of systems shown: nothing
        match key.kind:
            case ColumnKind.UNIT:
                if self.units is None:
                    return np.full(size, np.nan)  # no units: nothing
                if self._unit_ranks is None:
                    self._unit_ranks = natural_ranks(self.units.names)
                return self._unit_ranks
            case ColumnKind.NUMBER:
                return np.arange(size, dtype=np.float64)
            case ColumnKind.HYPOTHESIS:
                if self._text_ranks is None:
                    self._text_ranks = alphabetical_ranks(self.hypotheses)
                return self._text_ranks
        values = self.values(key)
        if values is None:
            return np.full(size, np.nan)
        return values.astype(np.float64)

    def values(self, key: ColumnKey) -> npt.NDArray[Any] | None:
        """Every corpus row's raw value in number column `key`; None while scoring.

        The one place that says which statistic a column shows, for its cells and
        its sort alike. Kept per content: the Ref len column builds its array.

        Raises:
            ValueError: `key` is a column without numbers, or of the pair while
                no pair is held.
        """
        values = self._arrays.get(key)
        if values is not None:
            return values
        if key.kind in EFFORT_KINDS:
            return self._effort_values(key)
        if key.kind in QA_KINDS:
            return self._qa_values(key)
        scores = self.scores
        if scores is None:
            return None
        sentences = scores.sentences
        a_scores, b_scores = self.pair_scores or (None, None)
        pair = self.pair
        match key.kind:
            case ColumnKind.BLEU:
                values = sentences.score
            case ColumnKind.COST:
                values = scores.gains
            case ColumnKind.HYP_LEN:
                values = self.hyp_len
            case ColumnKind.REF_LEN:  # unknown where the sentence is unscorable
                values = np.where(np.isnan(sentences.score), np.nan, sentences.ref_len)
            case ColumnKind.BP:
                values = sentences.bp
            case ColumnKind.PRECISION:
                values = sentences.precisions[:, key.order - 1]
            case ColumnKind.A_BLEU if a_scores is not None:
                values = a_scores
            case ColumnKind.B_BLEU if b_scores is not None:
                values = b_scores
            case ColumnKind.DELTA if pair is not None:
                values = pair.deltas
            case ColumnKind.SWAP if pair is not None:
                values = pair.swap_effects
            case _:
                raise ValueError(f"the {key.kind.name} column has no numbers")
        self._arrays[key] = values
        return values

    def _effort_values(self, key: ColumnKey) -> npt.NDArray[Any] | None:
        """An effort column's values (the band by its lower edge); None: counting."""
        effort = self.effort
        if effort is None:
            return None
        match key.kind:
            case ColumnKind.WORD_EDITS:
                values = effort.word_rate()
            case ColumnKind.CHAR_EDITS:
                values = effort.char_rate()
            case ColumnKind.CLOSEST_REF:
                values = effort.reference_numbers()
            case _:
                values = effort.band_lows()
        self._arrays[key] = values
        return values

    def _qa_values(self, key: ColumnKey) -> npt.NDArray[Any] | None:
        """A QA column's values; None: being checked.

        The count: each row's issues. The issues' text sorts by its first
        issue's check (in `CHECKS` order), then by how many; rows without
        issues have none (NaN), so that they sort last either way.
        """
        qa = self.qa
        if qa is None:
            return None
        if key.kind is ColumnKind.QA:
            values = np.zeros(qa.rows, dtype=np.int64)
            for row, found in qa.by_row.items():
                values[row] = len(found)
        else:
            order = {spec.kind: index for index, spec in enumerate(CHECKS)}
            values = np.full(qa.rows, np.nan)
            for row, found in qa.by_row.items():
                values[row] = order[found[0].kind] * 1_000 + min(len(found), 999)
        self._arrays[key] = values
        return values
