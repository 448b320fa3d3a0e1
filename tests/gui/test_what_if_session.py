"""What if, in the session: a draft's numbers, committed edits, undo, take, revert.

Real data (the WMT21 demo); sacreBLEU scores the edited texts as the oracle, never
our code. Events are ordered by the session's signals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuScore
from bleu_gui.core.config import BleuConfig
from bleu_gui.models.session import Session
from bleu_gui.models.what_if import WhatIfEditor, single_line
from bleu_gui.models.workspace import System
from tests.core.demo_systems import references, system
from tests.gui.test_workspace import TIMEOUT, by_name, demo_files, open_and_wait

ROW = 264  # sentence 265: 100 for one system, 26 for another
TYPED = "The crew said that the ship had been damaged in the storm."


@pytest.fixture
def editor(qtbot: QtBot) -> Iterator[WhatIfEditor]:
    session = Session(processes=1)
    open_and_wait(
        qtbot, session, demo_files("Facebook-AI", "Online-W", shown="Online-W")
    )
    yield WhatIfEditor(session)
    session.shutdown()


def score_of(system: System) -> float:
    assert system.scores is not None
    assert isinstance(system.scores.corpus, BleuScore)
    return system.scores.corpus.score


def edited(name: str, row: int, text: str) -> list[str]:
    lines = list(system(name))
    lines[row] = text
    return lines


def corpus(lines: list[str], **kwargs: str) -> float:
    return float(sacrebleu.corpus_bleu(lines, list(references()), **kwargs).score)


def sentence(text: str, row: int) -> float:
    return float(sacrebleu.sentence_bleu(text, [r[row] for r in references()]).score)


def settled(qtbot: QtBot, editor: WhatIfEditor, action: Callable[[], None]) -> None:
    """Run `action` (an edit) and wait until the session shows its numbers."""
    session = editor.session
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        action()
    qtbot.waitUntil(lambda: editor.draft is None, timeout=TIMEOUT)


def keep(
    qtbot: QtBot, editor: WhatIfEditor, system: System, row: int, text: str
) -> None:
    """Type `text` as sentence `row` of `system`, keep it, wait for its scores."""
    assert editor.begin(system.id, row)
    editor.type(text)
    settled(qtbot, editor, editor.commit)


def test_a_draft_moves_every_number_as_sacrebleu_scores_the_typed_text(
    editor: WhatIfEditor,
) -> None:
    b = by_name(editor.session, "Online-W")
    assert editor.begin(b.id, ROW)
    draft = editor.draft
    assert draft is not None
    assert draft.now.sentence.score == sentence(system("Online-W")[ROW], ROW)  # type: ignore[union-attr]
    editor.type(TYPED)
    draft = editor.draft
    assert draft is not None
    assert draft.text == TYPED
    assert isinstance(draft.now.sentence, BleuScore)
    assert isinstance(draft.now.corpus, BleuScore)
    assert draft.now.sentence.score == sentence(TYPED, ROW)
    assert draft.now.corpus.score == pytest.approx(
        corpus(edited("Online-W", ROW, TYPED)), abs=1e-12
    )
    # B is edited: the Δ shown (B − A) moves with it.
    assert draft.shown_delta == pytest.approx(
        corpus(edited("Online-W", ROW, TYPED)) - corpus(list(system("Facebook-AI"))),
        abs=1e-12,
    )
    # Nothing of the session changed while typing.
    assert editor.session.edits(b.id) == editor.session.edits(b.id).__class__()
    assert score_of(by_name(editor.session, "Online-W")) == pytest.approx(
        corpus(list(system("Online-W"))), abs=1e-12
    )


def test_editing_the_baseline_moves_the_delta_the_other_way(
    editor: WhatIfEditor,
) -> None:
    a = by_name(editor.session, "Facebook-AI")
    assert editor.begin(a.id, ROW)
    editor.type(TYPED)
    draft = editor.draft
    assert draft is not None
    assert draft.baseline
    expected = corpus(list(system("Online-W"))) - corpus(
        edited("Facebook-AI", ROW, TYPED)
    )
    assert draft.shown_delta == pytest.approx(expected, abs=1e-12)
    before = corpus(list(system("Online-W"))) - corpus(list(system("Facebook-AI")))
    assert draft.delta_before == pytest.approx(before, abs=1e-12)


def test_a_committed_edit_is_scored_as_sacrebleu_scores_the_edited_file(
    qtbot: QtBot, editor: WhatIfEditor
) -> None:
    session = editor.session
    b = by_name(session, "Online-W")
    keep(qtbot, editor, b, ROW, TYPED)
    b = by_name(session, "Online-W")
    lines = edited("Online-W", ROW, TYPED)
    assert score_of(b) == pytest.approx(corpus(lines), abs=1e-12)
    assert b.scores is not None
    assert b.scores.sentences.score[ROW] == sentence(TYPED, ROW)
    assert b.corpus.hypothesis.lines[ROW] == TYPED
    assert b.read_corpus.hypothesis.lines[ROW] == system("Online-W")[ROW]
    assert session.edits(b.id).texts() == {ROW: TYPED}
    pair = session.pair
    assert pair is not None
    assert not session.pair_is_stale()
    assert pair.deltas[ROW] == sentence(TYPED, ROW) - sentence(
        system("Facebook-AI")[ROW], ROW
    )
    assert editor.undo_stack.undoText() == f"edit of sentence {ROW + 1}"


def test_undo_restores_the_exact_previous_numbers_and_redo_the_edit(
    qtbot: QtBot, editor: WhatIfEditor
) -> None:
    session = editor.session
    b = by_name(session, "Online-W")
    assert b.scores is not None
    before_corpus, before_rows = score_of(b), b.scores.sentences.score.copy()
    before_gains = b.scores.gains.copy()
    keep(qtbot, editor, b, ROW, TYPED)
    after = score_of(by_name(session, "Online-W"))
    settled(qtbot, editor, editor.undo_stack.undo)
    b = by_name(session, "Online-W")
    assert b.scores is not None
    assert score_of(b) == before_corpus  # bit for bit
    np.testing.assert_array_equal(b.scores.sentences.score, before_rows)
    np.testing.assert_array_equal(b.scores.gains, before_gains)
    assert not session.edits(b.id)
    assert b.corpus.hypothesis.lines[ROW] == system("Online-W")[ROW]
    settled(qtbot, editor, editor.undo_stack.redo)
    assert score_of(by_name(session, "Online-W")) == after


def test_taking_the_other_systems_sentence_gives_its_sentence_bleu(
    qtbot: QtBot, editor: WhatIfEditor
) -> None:
    session = editor.session
    a, b = by_name(session, "Facebook-AI"), by_name(session, "Online-W")
    settled(qtbot, editor, lambda: editor.take_sentence(a.id, b.id, ROW))
    a = by_name(session, "Facebook-AI")
    assert a.scores is not None
    taken = system("Online-W")[ROW]
    assert a.scores.sentences.score[ROW] == sentence(taken, ROW)
    assert score_of(a) == pytest.approx(
        corpus(edited("Facebook-AI", ROW, taken)), abs=1e-12
    )
    assert editor.undo_stack.undoText() == f"take Online-W's sentence {ROW + 1}"
    pair = session.pair
    assert pair is not None
    assert pair.deltas[ROW] == 0.0


def test_revert_sentence_and_revert_all(qtbot: QtBot, editor: WhatIfEditor) -> None:
    session = editor.session
    b = by_name(session, "Online-W")
    original = score_of(b)
    for row, text in ((ROW, TYPED), (3, "A sentence nobody wrote.")):
        keep(qtbot, editor, b, row, text)
    assert sorted(session.edits(b.id).texts()) == [3, ROW]
    settled(qtbot, editor, lambda: editor.revert_sentence(b.id, 3))
    assert session.edits(b.id).texts() == {ROW: TYPED}
    assert editor.undo_stack.undoText() == "revert sentence 4"
    settled(qtbot, editor, lambda: editor.revert_all(b.id))
    assert not session.edits(b.id)
    assert score_of(by_name(session, "Online-W")) == original
    assert editor.undo_stack.undoText() == "revert all edits of Online-W"


def test_escape_leaves_every_number_as_it_was(editor: WhatIfEditor) -> None:
    b = by_name(editor.session, "Online-W")
    editor.begin(b.id, ROW)
    editor.type(TYPED)
    editor.cancel()
    assert editor.draft is None
    assert not editor.session.edits(b.id)
    assert editor.undo_stack.count() == 0


def test_edits_are_counted_again_under_another_tokenizer(
    qtbot: QtBot, editor: WhatIfEditor
) -> None:
    session = editor.session
    b = by_name(session, "Online-W")
    keep(qtbot, editor, b, ROW, TYPED)
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        session.set_config(BleuConfig(tokenizer="intl"))
    b = by_name(session, "Online-W")
    assert session.edits(b.id).texts() == {ROW: TYPED}
    assert b.scored_under(session.config)
    assert score_of(b) == pytest.approx(
        corpus(edited("Online-W", ROW, TYPED), tokenize="intl"), abs=1e-12
    )


def test_a_pasted_paragraph_is_one_line() -> None:
    assert single_line("one\ntwo\r\nthree\rfour") == "one two three four"
    assert single_line("a\u2028b") == "a\u2028b"  # a file's line holds it as is
    assert single_line("as typed") == "as typed"


def test_reload_counts_the_edits_again_and_gives_them_back(
    qtbot: QtBot, editor: WhatIfEditor
) -> None:
    session = editor.session
    keep(qtbot, editor, by_name(session, "Online-W"), ROW, TYPED)
    keep(qtbot, editor, by_name(session, "Facebook-AI"), 3, "A line of A.")
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        session.reload()
    qtbot.waitUntil(
        lambda: (
            all(s.scored_under(session.config) for s in session.systems)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    a, b = by_name(session, "Facebook-AI"), by_name(session, "Online-W")
    assert session.edits(b.id).texts() == {ROW: TYPED}
    assert session.edits(a.id).texts() == {3: "A line of A."}
    assert score_of(b) == pytest.approx(
        corpus(edited("Online-W", ROW, TYPED)), abs=1e-12
    )
    assert score_of(a) == pytest.approx(
        corpus(edited("Facebook-AI", 3, "A line of A.")), abs=1e-12
    )
    assert editor.undo_stack.count() == 0  # its steps were of the systems before
