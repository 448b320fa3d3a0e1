"""What the Effort tab shows: the shown system's (or the pair's) sentences by band.

A frozen value made from the workspace when the tab is on screen and something
it shows changed: per system its effort's bands (`core.band_table`: count, words,
corpus BLEU), and with a pair the sentences where B needs less work than A. A
band of 100,000 segments takes a few milliseconds (its rows' statistics gathered
and summed), a pair's twelve some 50: `EffortBandsJob` makes the value a band
per step on the GUI thread (a `SliceWorker`: numpy over data the window holds,
no thread to fight for the GIL), a newer request superseding an older one. The
effort itself is counted in the background by `models.effort_counting`; until it
is there the value says why not.

Apart from the tab (a widget, which does no BLEU arithmetic) and from the session
(which holds no view's state): the rules for which systems, and which words say
what is missing, are here once.
"""

from __future__ import annotations

import operator
from collections.abc import Generator
from dataclasses import dataclass
from functools import partial

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Signal

from bleu_gui.core.band_table import BandTable, iter_band_table, less_work_rows
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.effort import Effort
from bleu_gui.core.steps import drain, relabel
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import ScoredKey, SystemId, TextsKey, Workspace
from bleu_gui.workers import SliceWorker

__all__ = [
    "COUNTING",
    "NO_SYSTEM",
    "BandInputs",
    "EffortBands",
    "EffortBandsJob",
    "SystemBands",
    "effort_bands",
    "iter_effort_bands",
    "not_scored",
]

NO_SYSTEM = "No system: open a test set and a system to see its post-editing effort."
COUNTING = "Counting effort…"


def not_scored(name: str) -> str:
    """Why a system's bands wait: its scores under the options are not there."""
    return f"Effort by band follows once {name} is scored."


@dataclass(frozen=True, slots=True, eq=False)
class SystemBands:
    """One system's effort and its table by band.

    Attributes:
        system_id: the system.
        name: its short name, as the window's headers call it.
        effort: its effort, counted for its texts as they are.
        table: its sentences by band.
        texts: the key of the texts its effort was counted from: what a
            filter made of its rows keeps (`System.texts_key`).
    """

    system_id: SystemId
    name: str
    effort: Effort
    table: BandTable
    texts: TextsKey

    def band_rows(self, band: int) -> tuple[int, ...]:
        """The 0-based rows in band `band` (`BANDS` index), in corpus order."""
        return tuple(np.flatnonzero(self.effort.bands() == band).tolist())


@dataclass(frozen=True, slots=True, eq=False)
class EffortBands:
    """What the tab shows.

    Attributes:
        systems: the shown system's bands, or (A, B)'s with a pair; only those
            counted.
        waiting: a line on what is missing ('' nothing): no system, not scored,
            still being counted.
        less_work: with both of a pair counted, the rows where B's character
            edit rate is below A's; else None.
    """

    systems: tuple[SystemBands, ...] = ()
    waiting: str = ""
    less_work: npt.NDArray[np.int64] | None = None


@dataclass(frozen=True, slots=True, eq=False)
class BandInputs:
    """What the tab's content is made from, to tell whether it must be made anew.

    Every system scored sends the session's signals, and ten systems scored
    would make the tab's bands ten times over (50 ms each for a pair of 100,000
    segments) while the scoring needs the time: the tab remakes them only when
    these change.

    Attributes:
        config: the scoring options.
        names: the shown systems' ids and short names.
        parts: per system, the key of its texts, statistics and scores, and
            whether its effort is counted for those texts (an effort is counted
            once per texts: the key names it).
    """

    config: BleuConfig
    names: tuple[tuple[SystemId, str], ...]
    parts: tuple[tuple[ScoredKey, bool], ...]

    @staticmethod
    def of(workspace: Workspace) -> BandInputs:
        """The inputs of `workspace`'s tab: its pair's, or its shown system's."""
        shown = workspace.shown_system
        systems = workspace.pair or (() if shown is None else (shown,))
        names = workspace.short_names()
        return BandInputs(
            workspace.config,
            tuple((system.id, names[system.id]) for system in systems),
            tuple(
                (system.scored_key, system.current_effort is not None)
                for system in systems
            ),
        )

    def same(self, other: BandInputs | None) -> bool:
        """Whether `other` makes the same content."""
        return (
            other is not None
            and self.config == other.config
            and self.names == other.names
            and self.parts == other.parts
        )


def effort_bands(workspace: Workspace) -> EffortBands:
    """The tab's content for `workspace`: its pair's, or its shown system's."""
    return drain(iter_effort_bands(workspace))


def iter_effort_bands(workspace: Workspace) -> Generator[int, None, EffortBands]:
    """`effort_bands` a band at a time, yielding the bands done."""
    shown = workspace.shown_system
    if shown is None:
        return EffortBands(waiting=NO_SYSTEM)
    names = workspace.short_names()
    systems: list[SystemBands] = []
    waiting = ""
    done = 0
    for system in workspace.pair or (shown,):
        stats = system.stats
        effort = system.current_effort
        if stats is None or not system.scored_under(workspace.config):
            waiting = waiting or not_scored(names[system.id])
        elif effort is None:
            waiting = waiting or COUNTING
        else:
            table = yield from relabel(
                iter_band_table(effort, stats, workspace.config),
                partial(operator.add, done),  # bands done before this system's
            )
            done += len(table.rows)
            systems.append(
                SystemBands(
                    system.id, names[system.id], effort, table, system.texts_key
                )
            )
    less_work = None
    if len(systems) == 2:
        less_work = less_work_rows(systems[0].effort, systems[1].effort)
    return EffortBands(tuple(systems), waiting, less_work)


class EffortBandsJob(QObject):
    """Makes `EffortBands` of a workspace in steps; the latest request wins.

    Signals:
        ready: (`EffortBands`) of the latest request.
        failed: (message) it could not be made.
    """

    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = JobRunner(self)

    def request(self, workspace: Workspace) -> None:
        """Make the tab's content of `workspace` (superseding one being made)."""
        self._jobs.start(
            "effort-bands",
            SliceWorker(
                lambda: relabel(
                    iter_effort_bands(workspace),
                    lambda done: (done, done + 1, "summing the bands"),
                ),
                self,
            ),
            self.ready.emit,
            on_failed=self.failed.emit,
        )

    @property
    def busy(self) -> bool:
        """Whether a request is being made."""
        return self._jobs.is_busy

    def shutdown(self) -> None:
        """Stop making it (the window closes)."""
        self._jobs.cancel_all()
