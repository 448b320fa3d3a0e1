"""The what-if edits waiting to be counted again, and how they are given back.

A system's edits are counted under its tokens (`core.edits`). When it is counted
anew (another tokenizer, more orders, its files read again) the counted edits no
longer fit: their texts are kept here, by system, until the system is counted,
then counted again under the new tokens and given back. Apart from `session`
because this bookkeeping (which edits a reopened file takes over, which rows are
let go) holds no job and emits nothing of its own: the session applies what it
returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bleu_gui.core import BleuConfig
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.models.workspace import System, SystemId

__all__ = ["EditsBook"]


class EditsBook:
    """Edited texts to count again and give back once a system is counted.

    `warned` says, in one line, that edits beyond a system's segments were let go.
    """

    def __init__(self, warned: Callable[[str], None]) -> None:
        self._warned = warned
        self._pending: dict[SystemId, dict[int, str]] = {}

    def keep(self, system: System) -> None:
        """`system` is about to be counted again: keep its edited texts, if any."""
        if system.edits:
            self._pending[system.id] = system.edits.texts()

    def forget(self) -> None:
        """The test set is closed: no edits wait any more."""
        self._pending.clear()

    def carry_over(self, previous: Iterable[System], systems: Iterable[System]) -> None:
        """A new test set replaces `previous`: its systems take over the edits.

        A system whose file is open again (same path and label) takes over the
        edits it had, counted or waiting.
        """
        previous = tuple(previous)
        carried = {(s.path, s.label): s.edits.texts() for s in previous}
        carried.update(
            {
                (s.path, s.label): texts
                for s in previous
                if (texts := self._pending.get(s.id))
            }
        )
        self._pending.clear()
        for system in systems:
            texts = carried.get((system.path, system.label))
            if texts:
                self._pending[system.id] = texts

    def counted_again(self, system: System, config: BleuConfig) -> Edits | None:
        """The kept edits of `system`, counted under its new tokens; None: none.

        Rows beyond its segments are let go (and said so).
        """
        texts = self._pending.pop(system.id, None)
        if not texts or system.tokenized is None or system.stats is None:
            return None
        size = len(system.stats)
        kept = {row: text for row, text in texts.items() if row < size}
        if len(kept) < len(texts):
            self._warned(
                f"{system.name}: {len(texts) - len(kept)} edits beyond its "
                f"{size:,} segments were let go"
            )
        if not kept:
            return None
        return count_edits(
            kept, system.tokenized.references, config, system.stats.max_order
        )
