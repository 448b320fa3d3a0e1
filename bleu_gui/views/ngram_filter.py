"""A salient n-gram clicked filters the sentence table to its sentences.

A click on an n-gram of the salient list (`SalientList.ngram_chosen`) makes
`ComparePanels` emphasise it in the pair view and select one of its sentences;
`NgramFilter` puts it in the filter bar (`FilterBar.set_ngram`), where it combines
with the text, score, side and Δ filters and shows as a chip with a × button. Its
sentences are the ones the core listed with it (`SalientNgram.rows`): those where
the system of its list gets it counted more often than the other.

Those rows belong to the pair and the tokens they were counted for. Another A or
B (or none), another tokenizer or case, another test set drops the filter at once
(the table would show the old pair's sentences under the new one's name), and
`dropped(message)` says why; the window puts it in the status bar. While the filter
is on the n-gram stays emphasised in the pair view; removing it (× or Clear) takes
the emphasis and the list's selection away.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import NgramRows, SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.compare_panels import ComparePanels
from bleu_gui.views.filter_bar import FilterBar

__all__ = ["NgramFilter", "dropped_message"]

_OTHER_PAIR = "A or B changed"
_OTHER_TOKENS = "the tokenizer or case changed"


def dropped_message(ngram: NgramRows, reason: str) -> str:
    """What the window says when the filter of `ngram` is dropped for `reason`."""
    return (
        f"The n-gram filter “{' '.join(ngram.gram)}” was removed: {reason}, and "
        "its sentences were counted for the pair before."
    )


@dataclass(frozen=True, slots=True, eq=False)
class _Counted:
    """What the rows of a salient n-gram were counted for.

    Attributes:
        test_set: the open test set's key (`Workspace.test_set_key`: another
            opening, even of the same files, has another; document ids given
            since keep it).
        a: the baseline's id.
        b: the shown system's id.
        tokens: the key of the tokenizer (name, lowercase, perl).
    """

    test_set: int
    a: SystemId
    b: SystemId
    tokens: tuple[str, bool, bool]

    def why_not(self, now: _Counted | None) -> str | None:
        """Why rows counted for this do not hold for `now` (None: they do)."""
        if (
            now is None
            or now.test_set != self.test_set
            or (now.a, now.b) != (self.a, self.b)
        ):
            return _OTHER_PAIR
        if now.tokens != self.tokens:
            return _OTHER_TOKENS
        return None


class NgramFilter(QObject):
    """Filters the table by the salient n-gram clicked; drops it with its pair.

    Signals:
        dropped: (message) the n-gram filter was removed because the pair or
            the tokens changed, in one line naming the n-gram and why.
    """

    dropped = Signal(str)

    def __init__(
        self,
        session: Session,
        browser: SentenceBrowser,
        compare: ComparePanels,
        filter_bar: FilterBar,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._browser = browser
        self._compare = compare
        self._filter_bar = filter_bar
        self._counted: _Counted | None = None  # for the n-gram in the filter bar
        compare.salient_list.ngram_chosen.connect(self.choose)
        filter_bar.filter_requested.connect(self._on_filter_requested)
        follow(
            session.workspace_changed,
            Moved.SYSTEMS | Moved.PAIR | Moved.ROWS | Moved.CONFIG,
            self._check_pair,
            self,
        )

    def choose(self, order: int, gram: tuple[str, ...], rows: tuple[int, ...]) -> None:
        """Filter the table to the sentences of the n-gram the salient list lists.

        Of `order` with tokens `gram`, listed with `rows`; one the list does not
        show (its pair is gone since) is ignored.
        """
        counted = self._now()
        lists = self._compare.salient_list
        for side in (Side.B, Side.A):
            model = lists.model(side)
            if model.order() != order:
                continue
            for index in range(model.rowCount()):
                item = model.item(index)
                if item.gram == tuple(gram) and item.rows == tuple(rows):
                    break
            else:
                continue
            if counted is None:
                return
            names = self._browser.model.pair_names or model.names()
            self._counted = counted
            self._filter_bar.set_ngram(
                NgramRows(order, item.gram, side, names, item.rows)
            )
            return

    def _now(self) -> _Counted | None:
        """What rows counted now would be for: the session's pair and tokens."""
        workspace = self._session.workspace
        pair = workspace.pair
        if pair is None:
            return None
        a, b = pair
        tokens = tokenizer_for(workspace.config).key
        return _Counted(workspace.test_set_key, a.id, b.id, tokens)

    def _check_pair(self) -> None:
        """Drop the n-gram filter if its rows are not the pair's any more."""
        ngram, counted = self._filter_bar.ngram, self._counted
        if ngram is None or counted is None:
            return
        reason = counted.why_not(self._now())
        if reason is None:
            return
        self._filter_bar.set_ngram(None)
        self.dropped.emit(dropped_message(ngram, reason))

    def _on_filter_requested(self, spec: SentenceFilter) -> None:
        """The n-gram filter removed (×, Clear, dropped): no n-gram emphasised."""
        if spec.ngram is not None or self._counted is None:
            return
        self._counted = None
        self._compare.pair_detail.set_chosen_ngram(1, None)
        for side in Side:
            self._compare.salient_list.table(side).clearSelection()
