"""What moved when the session's workspace changed, and the one signal that says it.

The session says every change of its state with one signal,
`workspace_changed(old, new, change)`: the workspace the listeners saw last, the
one now, and a `Change` naming what moved between them. A listener reads what it
needs from `new` (and compares with `old` where the difference matters), instead
of asking the session again, and it follows one signal, not nine.

One operation is one change: opening a test set moves its rows, its systems,
the shown system's scores and perhaps the options at once, and says so in one
emission (`Announcer.batch`), so that no listener sees the rows of one test set
with the systems of another. Listeners must therefore not rely on each other's
order within an emission: each one handles all that moved for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Flag, auto

from PySide6.QtCore import QObject, SignalInstance

from bleu_gui.models.workspace import SystemId, Workspace

__all__ = ["Announcer", "Change", "Moved", "follow", "moves"]


class Moved(Flag):
    """What a change moved.

    ROWS: the rows the single-system views show: a test set opened or closed,
        another system shown, or its file read again.
    CONFIG: the scoring options.
    SHOWN_SCORES: the shown system has new scores (or none after a close);
        also when another system is shown.
    SYSTEMS: a system was added or removed, names changed, or another system
        became the baseline or the shown one.
    SCORED: the systems of `Change.scored` have new scores.
    EFFORT: the post-editing effort of the systems of `Change.counted` was
        counted for their texts as they are.
    EDITS: the what-if edits of the systems of `Change.edited` changed; their
        new scores come in a later change (SCORED).
    PAIR: the compared pair (baseline against the shown system) changed.
    DOCUMENTS: the test set's document ids were given or taken away.
    """

    NOTHING = 0
    ROWS = auto()
    CONFIG = auto()
    SHOWN_SCORES = auto()
    SYSTEMS = auto()
    SCORED = auto()
    EFFORT = auto()
    EDITS = auto()
    PAIR = auto()
    DOCUMENTS = auto()


@dataclass(frozen=True, slots=True)
class Change:
    """What moved (`moved`), and which systems it concerns, where that matters."""

    moved: Moved = Moved.NOTHING
    scored: frozenset[SystemId] = frozenset()
    counted: frozenset[SystemId] = frozenset()
    edited: frozenset[SystemId] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.moved)

    def __or__(self, other: Change) -> Change:
        return Change(
            self.moved | other.moved,
            self.scored | other.scored,
            self.counted | other.counted,
            self.edited | other.edited,
        )

    def any(self, moved: Moved) -> bool:
        """Whether any of `moved` moved."""
        return bool(self.moved & moved)

    @classmethod
    def of(cls, moved: Moved) -> Change:
        """A change of `moved`, of no system in particular."""
        return cls(moved)

    @classmethod
    def scoring(cls, system_id: SystemId) -> Change:
        """New scores of one system."""
        return cls(Moved.SCORED, scored=frozenset((system_id,)))

    @classmethod
    def effort(cls, system_id: SystemId) -> Change:
        """One system's effort counted."""
        return cls(Moved.EFFORT, counted=frozenset((system_id,)))

    @classmethod
    def edits(cls, system_id: SystemId) -> Change:
        """One system's what-if edits changed."""
        return cls(Moved.EDITS, edited=frozenset((system_id,)))


Listener = Callable[[Workspace, Workspace, Change], None]


class Announcer:
    """Says each change once, with the workspace as listeners saw it before.

    `announce` emits at once, or, inside `batch`, once at the end of the
    outermost batch with everything announced in it. `old` is always the
    workspace of the previous emission, so a listener that compares `old` with
    `new` sees every step, even those made between two emissions.
    """

    def __init__(self, workspace: Callable[[], Workspace], emit: Listener) -> None:
        self._workspace = workspace
        self._emit = emit
        self._seen = workspace()
        self._depth = 0
        self._pending = Change()

    def announce(self, change: Change) -> None:
        """Say `change` now, or at the end of the running batch."""
        self._pending = self._pending | change
        if self._depth == 0:
            self._flush()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Gather what is announced within into one emission at the end."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._flush()

    def _flush(self) -> None:
        change, self._pending = self._pending, Change()
        if not change:
            return
        old, new = self._seen, self._workspace()
        self._seen = new
        self._emit(old, new, change)


def moves(moved: Moved) -> Callable[[Workspace, Workspace, Change], bool]:
    """Whether a `workspace_changed` moves any of `moved` (to wait for one)."""

    def check(_old: Workspace, _new: Workspace, change: Change) -> bool:
        return change.any(moved)

    return check


def follow(
    changed: SignalInstance, moved: Moved, slot: Callable[[], object], owner: QObject
) -> None:
    """Call `slot` after each `workspace_changed` that moves any of `moved`.

    For a listener that only refreshes: whatever of `moved` moved, and however
    much moved at once, it refreshes once. The connection lives as long as
    `owner` (a child of it holds it, and Qt drops it with the child).
    """
    changed.connect(_Follower(owner, moved, slot).on_changed)


class _Follower(QObject):
    """`follow`'s filter, a child of the listener so that it dies with it."""

    def __init__(self, owner: QObject, moved: Moved, slot: Callable[[], object]):
        super().__init__(owner)
        self._moved = moved
        self._slot = slot

    def on_changed(self, _old: Workspace, _new: Workspace, change: Change) -> None:
        if change.any(self._moved):
            self._slot()
