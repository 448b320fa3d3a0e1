"""What if: typing an edit of one hypothesis, and the edits as undoable steps.

An edit being typed is a *draft*: each keystroke scores the one line typed against
its references (`core.edits.edit_line`) and moves the corpus sums by that row's
difference, so the window can show every number the edit moves (the sentence's
BLEU, the corpus BLEU, the Δ to the other system of the pair, the row's cost) while
nothing else is tokenized or summed. The session's scores are not touched while
typing: a draft is what the views show *instead* for that one row and system.

Committing (Enter) makes the draft an edit: one `QUndoCommand` that gives the
session the system's new `Edits` (`Session.set_edits`), which re-scores that
system from its edited statistics like a change of smoothing. The draft stays on
show until those scores (and the pair's, when there is one) are in, so no number
steps back to its old value meanwhile. Undo gives the session the previous `Edits`
value: the previous statistics, so the previous numbers exactly.

"Take the other's sentence" is an edit whose row is the other system's, copied
(`core.edits.taken_line`: no tokenizing); "Revert sentence" and "Revert all" are
edits too, so they undo like any other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from bleu_gui.core import BleuConfig, BleuScore
from bleu_gui.core.edits import (
    EditedSystem,
    Edits,
    WhatIf,
    edit_line,
    taken_line,
    what_if,
)
from bleu_gui.core.score_delta import ScoreDelta, decompose
from bleu_gui.core.scoring import required_order, score_sentence, score_summed
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import System, SystemId, Workspace
from bleu_gui.models.workspace_change import Change, Moved

__all__ = [
    "Draft",
    "SetEdits",
    "WhatIfEditor",
    "corpus_now",
    "draft_deltas",
    "single_line",
]


def single_line(text: str) -> str:
    """`text` as one hypothesis line: line breaks (a pasted paragraph) as spaces.

    A hypothesis file holds one segment per line; a line break inside one would
    make two segments of it when saved.
    """
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


@dataclass(frozen=True, slots=True, eq=False)
class Draft:
    """An edit being typed (or just committed and being scored).

    Attributes:
        system: the system edited.
        row: the segment (0-based).
        original: the row's text as read from the file.
        before: the numbers before this edit began.
        now: the numbers with the text as typed (`now.system.edits.get(row)`).
        text: the text as typed.
        other: the other system of the pair, whose corpus BLEU the Δ is to.
        baseline: whether the system edited is the pair's baseline (A): the Δ
            the window shows (B − A) then moves against the edit.
        other_sentence: the other system's sentence BLEU of the row (NaN: no
            other system, or unscorable).
        committed: once committed, the system's edits given to the session
            (its scores still coming); None while typing.
    """

    system: SystemId
    row: int
    original: str
    before: WhatIf
    now: WhatIf
    text: str
    other: SystemId | None
    baseline: bool
    other_sentence: float = math.nan
    committed: Edits | None = None

    @property
    def shown_delta(self) -> float:
        """The Δ as the window shows it, B − A, with the text as typed (NaN: none)."""
        return -self.now.delta if self.baseline else self.now.delta

    @property
    def delta_before(self) -> float:
        """The Δ as the window shows it before this edit (NaN: none)."""
        return -self.before.delta if self.baseline else self.before.delta


def corpus_now(system: System, config: BleuConfig) -> OrUnavailable[BleuScore]:
    """A system's corpus BLEU as it stands (its edits included), or why none.

    From its scores when they are current, else from its statistics' sums (an
    edit of it still being scored).
    """
    scores = system.scores
    if system.scored_under(config) and scores is not None:
        return scores.corpus
    if system.stats is None:
        return Unavailable("not counted yet")
    try:
        return score_summed(
            system.stats.summed().truncated(required_order(config)), config
        )
    except ValueError as error:
        return Unavailable(str(error))


def draft_deltas(
    draft: Draft, session: Session
) -> tuple[OrUnavailable[ScoreDelta], OrUnavailable[ScoreDelta]] | None:
    """The pair's sentence Δ and corpus Δ (B − A) with the draft as typed.

    What the Δ panel shows while an edit is typed; None when the draft's system
    is not of the session's pair. Each is a reason instead where a score is
    missing.
    """
    workspace = session.workspace
    pair = workspace.pair
    if pair is None or draft.other is None or draft.other not in workspace:
        return None
    other = workspace.system(draft.other)
    if other.stats is None:
        return None
    names = workspace.short_names()
    a, b = pair
    config = session.config
    try:
        other_sentence: OrUnavailable[BleuScore] = score_sentence(
            other.stats, draft.row, config
        )
    except ValueError as error:
        other_sentence = Unavailable(str(error))
    scores = (
        (draft.now.sentence, other_sentence),
        (draft.now.corpus, corpus_now(other, config)),
    )
    deltas: list[OrUnavailable[ScoreDelta]] = []
    for mine, theirs in scores:
        first, second = (mine, theirs) if draft.baseline else (theirs, mine)
        if isinstance(first, Unavailable):
            deltas.append(first)
        elif isinstance(second, Unavailable):
            deltas.append(second)
        else:
            deltas.append(decompose(first, second, (names[a.id], names[b.id])))
    return deltas[0], deltas[1]


class SetEdits(QUndoCommand):
    """One undo step: a system's edits from one value to another."""

    def __init__(
        self,
        session: Session,
        system: SystemId,
        before: Edits,
        after: Edits,
        text: str,
    ) -> None:
        super().__init__(text)
        self._session = session
        self._system = system
        self._before = before
        self._after = after

    def redo(self) -> None:  # noqa: D102 (Qt's)
        self._set(self._after)

    def undo(self) -> None:  # noqa: D102 (Qt's)
        self._set(self._before)

    def _set(self, edits: Edits) -> None:
        if self._system in self._session.workspace:
            self._session.set_edits(self._system, edits)
        else:  # the system was removed: nothing to do, ever again
            self.setObsolete(True)


class WhatIfEditor(QObject):
    """The draft being typed, and the undo stack of committed edits.

    Signals:
        draft_changed: the draft began, moved, was committed, ended or was
            cancelled (`draft` says which).
        failed: one line: an edit cannot be made now (why).
    """

    draft_changed = Signal()
    failed = Signal(str)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.undo_stack = QUndoStack(self)
        self._draft: Draft | None = None
        self._edited: EditedSystem | None = None  # the draft's system, summed once
        # The test set its steps are of (`Workspace.test_set_key`).
        self._test_set = session.workspace.test_set_key
        session.workspace_changed.connect(self._on_workspace_changed)

    @property
    def session(self) -> Session:
        """The session whose systems are edited."""
        return self._session

    def _on_workspace_changed(
        self, _old: Workspace, _new: Workspace, change: Change
    ) -> None:
        if change.any(Moved.CONFIG):
            self.cancel()
        if change.any(Moved.ROWS):
            self._on_files_changed()
        if change.any(Moved.SYSTEMS):
            self._on_systems_changed()
        if change.any(Moved.SCORED | Moved.PAIR):
            self._settle()

    @property
    def draft(self) -> Draft | None:
        """The edit being typed or scored, if any."""
        return self._draft

    @property
    def typing(self) -> bool:
        """Whether an edit is being typed (begun, not committed nor cancelled)."""
        return self._draft is not None and self._draft.committed is None

    # --- typing -----------------------------------------------------------------

    def why_not(self, system_id: SystemId | None, row: int) -> str | None:
        """Why the row of that system cannot be edited now, or None if it can."""
        workspace = self._session.workspace
        if system_id is None or system_id not in workspace:
            return "Open a test set and a system first."
        system, config = workspace.system(system_id), workspace.config
        if (
            system.scores is None
            or system.tokenized is None
            or system.stats is None
            or system.tokenizer_key != tokenizer_for(config).key
            or system.stats.max_order < required_order(config)
        ):
            return f"{self._name(system)} is still being scored: edit it once it is."
        if not 0 <= row < system.corpus.num_segments:
            return "Select a sentence to edit."
        return None

    def begin(self, system_id: SystemId, row: int) -> bool:
        """Start typing an edit of `row` of the system; False (and `failed`) if not."""
        problem = self.why_not(system_id, row)
        if problem is not None:
            self.failed.emit(problem)
            return False
        system = self._session.workspace.system(system_id)
        stats = system.read_stats
        assert stats is not None
        self._edited = EditedSystem.of(stats, system.edits)
        other, baseline = self._other(system_id)
        config = self._session.config
        before = what_if(self._edited, row, config, other=self._other_score(other))
        text = system.corpus.hypothesis.lines[row]
        self._draft = Draft(
            system_id,
            row,
            system.read_corpus.hypothesis.lines[row],
            before,
            before,
            text,
            other,
            baseline,
            self._other_sentence(other, row),
        )
        self.draft_changed.emit()
        return True

    def type(self, text: str) -> None:
        """The text as typed now: every number it moves, from that one line."""
        draft, edited = self._draft, self._edited
        if draft is None or draft.committed is not None or edited is None:
            return
        text = single_line(text)
        if text == draft.text:
            return
        system = self._session.workspace.system(draft.system)
        assert system.tokenized is not None
        now = edit_line(
            edited,
            draft.row,
            text,
            system.tokenized.references,
            self._session.config,
            other=self._other_score(draft.other),
        )
        self._draft = replace(draft, now=now, text=text)
        self.draft_changed.emit()

    def commit(self) -> None:
        """The draft becomes an edit (one undo step); unchanged text: just ends."""
        draft = self._draft
        if draft is None or draft.committed is not None:
            return
        system = self._session.workspace.system(draft.system)
        if draft.text == system.corpus.hypothesis.lines[draft.row]:
            self.cancel()
            return
        if draft.text == draft.original:  # typed back to the file's text
            edits = system.edits.without(draft.row)
        else:
            edits = draft.now.system.edits
        self._draft = replace(draft, committed=edits)
        self._push(system, edits, f"edit of sentence {draft.row + 1}")
        self.draft_changed.emit()  # kept: being scored
        self._settle()

    def cancel(self) -> None:
        """Forget the draft: the numbers are the session's again."""
        if self._draft is None:
            return
        self._draft = None
        self._edited = None
        self.draft_changed.emit()

    # --- one-action edits ---------------------------------------------------------

    def take_sentence(self, receiver: SystemId, donor: SystemId, row: int) -> None:
        """`receiver`'s sentence `row` becomes `donor`'s (its row, copied)."""
        problem = self.why_not(receiver, row) or self.why_not(donor, row)
        if problem is not None:
            self.failed.emit(problem)
            return
        self.cancel()
        workspace = self._session.workspace
        taker, giver = workspace.system(receiver), workspace.system(donor)
        stats, tokenized = giver.stats, giver.tokenized
        assert stats is not None
        assert tokenized is not None
        text = giver.corpus.hypothesis.lines[row]
        if text == taker.corpus.hypothesis.lines[row]:
            self.failed.emit(
                f"Sentence {row + 1}: {self._name(taker)} has "
                f"{self._name(giver)}'s sentence already."
            )
            return
        if text == taker.read_corpus.hypothesis.lines[row]:
            edits = taker.edits.without(row)
        else:  # its row, copied: no corpus summed, nothing tokenized
            edits = taker.edits.with_line(
                taken_line(row, stats, text, tokenized.hypotheses[row])
            )
        self._push(taker, edits, f"take {self._name(giver)}'s sentence {row + 1}")

    def revert_sentence(self, system_id: SystemId, row: int) -> None:
        """Sentence `row` of the system back as read."""
        self.cancel()
        if system_id not in self._session.workspace:
            return
        system = self._session.workspace.system(system_id)
        if row in system.edits:
            self._push(system, system.edits.without(row), f"revert sentence {row + 1}")

    def revert_all(self, system_id: SystemId) -> None:
        """Every sentence of the system back as read."""
        self.cancel()
        if system_id not in self._session.workspace:
            return
        system = self._session.workspace.system(system_id)
        if system.edits:
            self._push(system, Edits(), f"revert all edits of {self._name(system)}")

    # --- internals ----------------------------------------------------------------

    def _push(self, system: System, edits: Edits, text: str) -> None:
        self.undo_stack.push(
            SetEdits(self._session, system.id, system.edits, edits, text)
        )

    def _name(self, system: System) -> str:
        """How the window's narrow places name the system (`short_names`)."""
        return self._session.workspace.short_names().get(system.id, system.name)

    def _other(self, system_id: SystemId) -> tuple[SystemId | None, bool]:
        """The other system of the pair, and whether `system_id` is its baseline."""
        pair = self._session.workspace.pair
        if pair is None:
            return None, False
        a, b = pair
        if system_id == a.id:
            return b.id, True
        if system_id == b.id:
            return a.id, False
        return None, False

    def _other_sentence(self, other: SystemId | None, row: int) -> float:
        """The other system's sentence BLEU of `row`, from its statistics."""
        workspace = self._session.workspace
        if other is None or other not in workspace:
            return math.nan
        stats = workspace.system(other).stats
        if stats is None:
            return math.nan
        try:
            return score_sentence(stats, row, workspace.config).score
        except ValueError:
            return math.nan

    def _other_score(self, other: SystemId | None) -> float | None:
        """The other system's corpus BLEU as it stands (its own edits included).

        From its scores when they are current, else from its statistics' sums (its
        last edit still being scored).
        """
        workspace = self._session.workspace
        if other is None or other not in workspace:
            return None
        corpus = corpus_now(workspace.system(other), workspace.config)
        return corpus.score if isinstance(corpus, BleuScore) else None

    def _settle(self) -> None:
        """A committed draft ends once the session shows its numbers itself."""
        draft = self._draft
        if draft is None or draft.committed is None:
            return
        workspace = self._session.workspace
        if draft.system not in workspace:
            self.cancel()
            return
        system = workspace.system(draft.system)
        if system.edits != draft.committed:
            self.cancel()  # undone, or edited again meanwhile
            return
        if not system.scored_under(workspace.config):
            return  # its scores with the edit are still coming
        pair = workspace.pair
        if pair is not None and all(s.scored_under(workspace.config) for s in pair):
            scores = self._session.pair
            if scores is None or self._session.pair_is_stale():
                return  # the pair's new Δs are still coming
        self.cancel()

    def _on_systems_changed(self) -> None:
        draft = self._draft
        if draft is None:
            return
        if draft.system not in self._session.workspace or (
            self._other(draft.system)[0] != draft.other
        ):
            self.cancel()  # removed, or the pair the Δ was to is another

    def _on_files_changed(self) -> None:
        test_set = self._session.workspace.test_set_key
        if test_set != self._test_set:
            self._test_set = test_set
            self.cancel()
            self.undo_stack.clear()  # its steps were of systems no longer open
