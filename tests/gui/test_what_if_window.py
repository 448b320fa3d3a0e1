"""What if, in the real window: typed edits move every number, as sacreBLEU scores them.

The window is driven as a user drives it: F2 (or a double-click) opens the edit
bar, keys are typed into it one by one, Enter keeps the edit, Esc cancels, Ctrl+Z
and Ctrl+Shift+Z undo and redo. Every number read off the screen is compared
with sacreBLEU scoring the edited texts (computed here, never by our code).
Events are ordered by signals and by what the window shows.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.significance import PairedTest
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.sentence_table import EDITED_MARK, ColumnKey, ColumnKind
from bleu_gui.models.session import FileSet
from bleu_gui.models.systems_model import STALE_ROLE, SystemColumn
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.pair_detail import PairDetailView, TextKey
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.core.demo_systems import DEMO, references, system
from tests.gui.systems_support import sacrebleu_rows

TIMEOUT = 60_000
ROW = 264  # sentence 265
TYPED = "The ship was damaged in the storm."

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def sys_path(name: str) -> Path:
    return DEMO / f"sys.{name}.txt"


REFS = (DEMO / "ref.A.txt", DEMO / "ref.B.txt")


def open_demo(qtbot: QtBot, window: MainWindow, *names: str) -> None:
    """Open the demo with `names` (the first the baseline, the last shown), scored."""
    session = window.session
    paths = tuple(sys_path(name) for name in names)
    session.open_files(
        FileSet(paths[-1], REFS, None, systems=paths if len(paths) > 1 else ())
    )
    qtbot.waitUntil(
        lambda: (
            len(session.systems) == len(names)
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
            and (len(names) == 1 or session.pair is not None)
        ),
        timeout=TIMEOUT,
    )
    assert window.select_sentence(ROW + 1)


def open_pair_view(qtbot: QtBot, window: MainWindow) -> PairDetailView:
    """The demo's Facebook-AI (A) and Online-W (B), sentence 265 compared."""
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    pair_detail = window.compare.pair_detail
    qtbot.waitUntil(lambda: pair_detail.pair() is not None, timeout=TIMEOUT)
    return pair_detail


def corpus(lines: Sequence[str]) -> float:
    return float(sacrebleu.corpus_bleu(list(lines), list(references())).score)


def sentence(text: str) -> float:
    return float(sacrebleu.sentence_bleu(text, [r[ROW] for r in references()]).score)


def edited(name: str, text: str) -> list[str]:
    lines = list(system(name))
    lines[ROW] = text
    return lines


def cell(window: MainWindow, kind: ColumnKind, role: int = 0) -> object:
    """What the sentence table shows for sentence 265 in the column of `kind`."""
    model = window.browser.model
    column = model.column_of(ColumnKey(kind))
    row = model.table_row(ROW)
    assert column is not None
    assert row is not None
    return model.index(row, column).data(role)


def system_cell(window: MainWindow, name: str, column: SystemColumn) -> str:
    model = window.compare_systems.model
    for row in range(model.rowCount()):
        if str(model.index(row, 0).data()).startswith(name):
            return str(model.index(row, model.column_of(column)).data())
    raise AssertionError(f"no row of {name}")


def type_edit(qtbot: QtBot, window: MainWindow, text: str) -> None:
    """Select the field's text and type `text` over it, key by key."""
    line = window.edit_bar.line
    qtbot.waitUntil(line.hasFocus)
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(line, text)


def kept(qtbot: QtBot, window: MainWindow) -> None:
    """Press Enter in the field and wait until the window shows the edit's scores."""
    editor = window.what_if.editor
    qtbot.keyClick(window.edit_bar.line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: editor.draft is None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def settled(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.what_if.editor.draft is None and not window.session.is_busy,
        timeout=TIMEOUT,
    )


def test_typing_moves_the_sentence_the_corpus_and_the_highlighting(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    original = system("Online-W")[ROW]
    qtbot.keyClick(window, Qt.Key.Key_F2)
    bar = window.edit_bar
    assert bar.isVisible()
    assert bar.text == original
    assert bar.title.text() == "Editing <b>sys.Online-W.txt</b>, sentence 265"
    type_edit(qtbot, window, TYPED)
    # The row, the summary and the detail show the typed text's numbers.
    assert cell(window, ColumnKind.BLEU) == f"{sentence(TYPED):.1f}"
    assert cell(window, ColumnKind.HYPOTHESIS) == TYPED
    assert window.summary.score.text() == f"{corpus(edited('Online-W', TYPED)):.2f}"
    assert window.summary.caption.text().endswith(
        "· with the edit of sentence 265 as typed"
    )
    assert window.detail.displayed_text(HYPOTHESIS) == TYPED
    explanation = window.detail.explanation()
    assert explanation is not None
    assert explanation.score.score == sentence(TYPED)
    numbers = bar.numbers.text()
    assert numbers.startswith(
        f"sentence BLEU {sentence(original):.2f} → {sentence(TYPED):.2f} · "
        f"corpus BLEU {corpus(system('Online-W')):.2f} → "
        f"{corpus(edited('Online-W', TYPED)):.2f} · cost "
    )
    assert re.fullmatch(r".* · cost \d+\.\d{3} → \d+\.\d{3}", numbers)
    assert window.status_text.text() == (
        "Editing sentence 265 of sys.Online-W.txt: Enter keeps the edit, Esc cancels it"
    )
    # Nothing is the session's until Enter.
    shown = window.session.shown
    assert shown is not None
    assert not window.session.edits(shown)
    kept(qtbot, window)
    assert not bar.isVisible()
    assert window.session.edits(shown).texts() == {ROW: TYPED}
    assert cell(window, ColumnKind.NUMBER) == f"265 {EDITED_MARK}"
    assert cell(window, ColumnKind.NUMBER, Qt.ItemDataRole.ToolTipRole) == (
        "Edited (what-if): its numbers are of the edited text"
    )
    assert cell(window, ColumnKind.BLEU) == f"{sentence(TYPED):.1f}"
    assert window.summary.score.text() == f"{corpus(edited('Online-W', TYPED)):.2f}"
    assert window.what_if.undo_action.text() == "&Undo edit of sentence 265"


def test_undo_and_redo_give_back_the_exact_numbers(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    session = window.session
    before = session.scores
    assert before is not None
    shown_before = window.summary.score.text()
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settled(qtbot, window)
    after = session.scores
    assert after is not None
    assert after.corpus == before.corpus  # every term, bit for bit
    assert (after.sentences.score == before.sentences.score).all()
    assert (after.gains == before.gains).all()
    assert window.summary.score.text() == shown_before
    assert cell(window, ColumnKind.NUMBER) == "265"
    assert cell(window, ColumnKind.HYPOTHESIS) == system("Online-W")[ROW]
    assert window.what_if.redo_action.text() == "&Redo edit of sentence 265"
    qtbot.keyClick(
        window.table,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    settled(qtbot, window)
    assert cell(window, ColumnKind.NUMBER) == f"265 {EDITED_MARK}"
    assert window.summary.score.text() == f"{corpus(edited('Online-W', TYPED)):.2f}"


def test_escape_cancels_and_leaves_every_number(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    score = window.summary.score.text()
    bleu = cell(window, ColumnKind.BLEU)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    assert cell(window, ColumnKind.BLEU) != bleu
    qtbot.keyClick(window.edit_bar.line, Qt.Key.Key_Escape)
    assert not window.edit_bar.isVisible()
    assert window.summary.score.text() == score
    assert cell(window, ColumnKind.BLEU) == bleu
    qtbot.waitUntil(  # explained again at the next turn, from the session
        lambda: window.detail.displayed_text(HYPOTHESIS) == system("Online-W")[ROW]
    )
    assert window.what_if.editor.undo_stack.count() == 0
    assert not window.what_if.undo_action.isEnabled()


def test_taking_b_s_sentence_gives_a_b_s_sentence_bleu(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    take = window.what_if.take_action
    assert take.text() == "&Take Online-W's sentence into Facebook-AI"
    assert take.isEnabled()
    take.trigger()
    settled(qtbot, window)
    taken = system("Online-W")[ROW]
    assert cell(window, ColumnKind.A_BLEU) == f"{sentence(taken):.1f}"
    assert cell(window, ColumnKind.DELTA) == "0"
    assert cell(window, ColumnKind.NUMBER, Qt.ItemDataRole.ToolTipRole) == (
        "Facebook-AI's hypothesis is edited (what-if)"
    )
    a_score = corpus(edited("Facebook-AI", taken))
    assert system_cell(window, "Facebook-AI (1 edited)", SystemColumn.BLEU) == (
        f"{a_score:.2f}"
    )
    delta = corpus(system("Online-W")) - a_score
    assert system_cell(window, "Online-W", SystemColumn.DELTA) == f"{delta:+.2f}"
    assert window.what_if.undo_action.text() == ("&Undo take Online-W's sentence 265")
    assert not take.isEnabled()  # A has B's sentence now
    # The salient n-grams are counted again, after the pair, from the edited tokens.
    salient = window.compare.salient_job
    a_id = window.session.baseline
    assert a_id is not None
    edited_a = window.session.workspace.system(a_id).tokenized

    def counted_anew() -> bool:
        request = salient.request
        return (
            request is not None
            and request.tokens_a is edited_a
            and salient.results is not None
        )

    qtbot.waitUntil(counted_anew, timeout=TIMEOUT)
    request = salient.request
    assert request is not None
    assert request.tokens_a.hypotheses[ROW] == request.tokens_b.hypotheses[ROW]


def test_editing_a_moves_the_delta_against_the_edit(
    qtbot: QtBot, window: MainWindow
) -> None:
    pair_detail = open_pair_view(qtbot, window)
    text_a = pair_detail.text_widget(TextKey.hypothesis(Side.A))
    qtbot.mouseDClick(text_a.viewport(), Qt.MouseButton.LeftButton)
    assert window.edit_bar.title.text() == "Editing <b>Facebook-AI</b>, sentence 265"
    type_edit(qtbot, window, TYPED)
    b_sentence = sentence(system("Online-W")[ROW])
    assert cell(window, ColumnKind.A_BLEU) == f"{sentence(TYPED):.1f}"
    delta = b_sentence - sentence(TYPED)
    assert cell(window, ColumnKind.DELTA) == f"{delta:+.1f}"
    assert cell(window, ColumnKind.SWAP) == "…"  # the pair is compared again after
    corpus_delta = corpus(system("Online-W")) - corpus(edited("Facebook-AI", TYPED))
    assert system_cell(window, "Online-W", SystemColumn.DELTA) == (
        f"{corpus_delta:+.2f}"
    )
    assert pair_detail.displayed_text(TextKey.hypothesis(Side.A)) == TYPED
    assert window.edit_bar.numbers.text().split(" · ")[2] == (
        f"Δ Online-W − Facebook-AI "
        f"{corpus(system('Online-W')) - corpus(system('Facebook-AI')):+.2f} → "
        f"{corpus_delta:+.2f}"
    )


def test_b_s_n_gram_goes_into_a_s_edit_at_the_cursor(
    qtbot: QtBot, window: MainWindow
) -> None:
    pair_detail = open_pair_view(qtbot, window)
    key_b = TextKey.hypothesis(Side.B)
    text_b = pair_detail.displayed_text(key_b)
    first_word = text_b.split()[0]
    offered = pair_detail.offered_text(key_b, 0)
    assert offered == first_word  # the 1-gram under the pointer
    a = window.session.baseline
    assert a is not None
    window.what_if.edit(a)
    line = window.edit_bar.line
    line.setText("")
    window.what_if.insert(a, offered)
    assert window.edit_bar.text == first_word
    qtbot.keyClicks(line, " end")
    assert window.edit_bar.text == f"{first_word} end"
    assert cell(window, ColumnKind.A_BLEU) == f"{sentence(first_word + ' end'):.1f}"
    # Back to the start of the field, then a click on B's text (which keeps the
    # edit) and the insert: it goes where the cursor was.
    line.setCursorPosition(0)
    text_widget = pair_detail.text_widget(key_b)
    qtbot.mouseClick(text_widget.viewport(), Qt.MouseButton.LeftButton)
    assert not window.what_if.editor.typing
    window.what_if.insert(a, "new")
    assert window.edit_bar.text == f"new {first_word} end"


def test_revert_sentence_and_revert_all_are_undo_steps(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    score = window.summary.score.text()
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    actions = window.what_if
    assert actions.revert_action.text() == "Re&vert sentence 265"
    assert actions.revert_all_action.text() == "Revert &all edits (1 sentence)"
    actions.revert_action.trigger()
    settled(qtbot, window)
    assert window.summary.score.text() == score
    assert cell(window, ColumnKind.NUMBER) == "265"
    assert not actions.revert_all_action.isEnabled()
    assert actions.undo_action.text() == "&Undo revert sentence 265"


def test_a_test_before_an_edit_goes_stale_and_one_after_includes_it(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    compare = window.compare_systems
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT):
        compare.table.run_button.click()
    window.what_if.take_action.trigger()
    settled(qtbot, window)
    model = compare.model
    assert model.stale_reason() == (
        "The edits changed since the test ran: run it again."
    )
    p_column = model.column_of(SystemColumn.P_VALUE)
    assert model.index(1, p_column).data(STALE_ROLE) is True
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT):
        compare.table.run_button.click()
    assert model.stale_reason() is None
    assert compare.table.status_text().startswith(
        "The test includes the what-if edits: Facebook-AI (1 edited)."
    )
    a_lines = edited("Facebook-AI", system("Online-W")[ROW])
    theirs = sacrebleu_rows(
        monkeypatch,
        [0, 1],
        PairedTest.BOOTSTRAP,
        1000,
        texts=[a_lines, system("Online-W")],
    )
    result = model.result
    assert result is not None
    ours = result.systems
    assert ours[0].p_value == theirs[1].p_value
    assert ours[0].score == theirs[1].score


def test_an_export_marks_the_edited_row(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_demo(qtbot, window, "Online-W")
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    target = tmp_path / "sentences.csv"
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        window.exports.export_sentences(target)
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header = next(r for r in rows if "Edited" in r)
    edited_column = header.index("Edited")
    number = header.index("#")
    body = rows[rows.index(header) + 1 :]
    marked = [r[number] for r in body if r[edited_column] == "yes"]
    assert marked == ["265"]
    text = next(r for r in body if r[number] == "265")
    assert TYPED in text


def test_a_pair_export_marks_a_s_edits_as_well_as_b_s(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """After Take B's sentence, A's row says 100 and its "Edited" column says so."""
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    window.what_if.take_action.trigger()  # A (Facebook-AI) takes B's sentence
    settled(qtbot, window)
    target = tmp_path / "pair.csv"
    with qtbot.waitSignal(window.exports.export_finished, timeout=TIMEOUT):
        window.exports.export_sentences(target)
    with target.open(encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    header = next(r for r in rows if "#" in r)
    assert header[-2:] == ["Edited: Facebook-AI", "Edited: Online-W"]
    body = rows[rows.index(header) + 1 :]
    number = header.index("#")
    marked = {r[number]: r[-2:] for r in body if "yes" in r[-2:]}
    assert marked == {"265": ["yes", ""]}


def test_a_session_keeps_the_edits(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    path = tmp_path / "study.bleu-session"
    assert window.session_actions.save_to(path)
    window.session.close()
    assert window.session.files is None
    assert window.session_actions.open_session(path)
    qtbot.waitUntil(
        lambda: (
            not window.session_actions.opening
            and not window.session.is_busy
            and window.what_if.editor.draft is None
        ),
        timeout=TIMEOUT,
    )
    shown = window.session.shown
    assert shown is not None
    assert window.session.edits(shown).texts() == {ROW: TYPED}
    b = window.session.workspace.system(shown)
    assert b.scores is not None
    assert b.scores.corpus.score == pytest.approx(  # type: ignore[union-attr]
        corpus(edited("Online-W", TYPED)), abs=1e-12
    )
    assert system_cell(window, "Online-W (1 edited)", SystemColumn.BLEU) == (
        f"{corpus(edited('Online-W', TYPED)):.2f}"
    )


def test_the_subset_test_runs_on_the_edited_sentences_shown(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    window.what_if.take_action.trigger()
    settled(qtbot, window)
    browser = window.browser
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        window.filter_bar.set_score_range(20.0, 60.0)
    shown = np.sort(browser.model.rows)
    assert ROW in shown  # A's taken sentence is among them
    compare = window.compare_systems
    compare.table.subset_box.setChecked(True)
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT):
        compare.table.run_button.click()
    label = compare.model.subset_label(1)
    assert label is not None
    assert label.startswith(f"on the {shown.size} shown sentences: ")
    theirs = sacrebleu_rows(
        monkeypatch,
        [0, 1],
        PairedTest.BOOTSTRAP,
        1000,
        rows=shown,
        texts=[edited("Facebook-AI", system("Online-W")[ROW]), system("Online-W")],
    )
    result = compare.model.result
    assert result is not None
    assert result.systems[0].p_value == theirs[1].p_value
    assert result.systems[0].score == theirs[1].score


def test_revert_all_takes_back_every_system_s_edits_in_one_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    what_if = window.what_if
    what_if.take_action.trigger()
    settled(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    assert what_if.revert_all_action.text() == "Revert &all edits (2 sentences)"
    what_if.revert_all_action.trigger()
    settled(qtbot, window)
    session = window.session
    assert not any(session.edits(s.id) for s in session.systems)
    assert what_if.undo_action.text() == "&Undo revert all 2 edited sentences"
    what_if.undo_action.trigger()
    settled(qtbot, window)
    assert [len(session.edits(s.id)) for s in session.systems] == [1, 1]


def test_go_steps_through_the_edited_sentences(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    what_if = window.what_if
    assert not what_if.next_edited_action.isEnabled()
    for number in (4, ROW + 1):
        assert window.select_sentence(number)
        qtbot.keyClick(window, Qt.Key.Key_F2)
        type_edit(qtbot, window, f"An edit of sentence {number}.")
        kept(qtbot, window)
    assert window.select_sentence(100)
    go = menu_texts(window, "&Go")
    assert go[-2:] == ["Next e&dited sentence", "Previous edi&ted sentence"]
    steps = []
    for modifiers in (
        Qt.KeyboardModifier.ControlModifier,
        Qt.KeyboardModifier.ControlModifier,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    ):
        qtbot.keyClick(window.table, Qt.Key.Key_E, modifiers)
        steps.append(window.row)
    assert steps == [ROW, 3, ROW]  # forward, round to the first, back


def menu_texts(window: MainWindow, title: str) -> list[str]:
    menu = next(
        action.menu() for action in window.menuBar().actions() if action.text() == title
    )
    assert isinstance(menu, QMenu)
    return [action.text() for action in menu.actions()]


def test_the_table_model_with_a_live_row_and_marks_passes_qtmodeltester(
    qtbot: QtBot, window: MainWindow, qtmodeltester: Any
) -> None:
    open_demo(qtbot, window, "Facebook-AI", "Online-W")
    model = window.browser.model
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(
        lambda top, bottom: changed.append((top.row(), bottom.row()))
    )
    model.set_edited({ROW: "tip"})
    model.set_live_row(ROW, {ColumnKey(ColumnKind.BLEU): 12.5}, "typed")
    here = model.table_row(ROW)
    assert changed == [(here, here), (here, here)]  # that row only, each time
    assert cell(window, ColumnKind.BLEU) == "12.5"
    assert cell(window, ColumnKind.HYPOTHESIS) == "typed"
    assert cell(window, ColumnKind.NUMBER) == f"265 {EDITED_MARK}"
    qtmodeltester.check(model)
    model.set_live_row(ROW, None)
    assert model.live_rows == ()
    assert cell(window, ColumnKind.HYPOTHESIS) == system("Online-W")[ROW]
    qtmodeltester.check(window.compare_systems.model)


def test_a_kept_edit_keeps_its_row_while_the_next_edit_begins(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_demo(qtbot, window, "Online-W")
    shown = window.session.shown
    assert shown is not None
    what_if, line = window.what_if, window.edit_bar.line
    what_if.edit(shown)
    line.selectAll()
    qtbot.keyClicks(line, TYPED)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    # No turn of the event loop from here: the session's new scores cannot have
    # come, and the row must still show the kept edit's numbers.
    assert window.browser.model.table_row(3) is not None
    window.table.select_corpus_row(3)
    what_if.edit(shown)
    assert window.what_if.editor.typing
    qtbot.keyClicks(line, " more")
    assert cell(window, ColumnKind.BLEU) == f"{sentence(TYPED):.1f}"
    assert cell(window, ColumnKind.HYPOTHESIS) == TYPED
    assert window.browser.model.live_rows == (ROW, 3)
    qtbot.keyClick(line, Qt.Key.Key_Escape)
    settled(qtbot, window)
    qtbot.waitUntil(lambda: window.browser.model.live_rows == (), timeout=TIMEOUT)
    assert cell(window, ColumnKind.BLEU) == f"{sentence(TYPED):.1f}"  # the session's
    assert window.session.edits(shown).texts() == {ROW: TYPED}


def test_editing_a_segment_longer_than_qts_limit_keeps_all_of_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A 200,000-character segment, 5 characters typed at its start: all kept.

    Qt's line edit holds 32,767 characters by default: the edit kept 32,763 and
    corpus BLEU fell from 6.42 to 0.04 without a word.
    """
    words = " ".join(f"w{k % 997}" for k in range(42_000))
    assert len(words) > 200_000
    hyps = ["The cat sat on the mat .", words, "A dog barked ."]
    refs = ["The cat sat on the mat .", words.replace("w1 ", "x1 "), "A dog ran ."]
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    session = window.session
    session.open_files(FileSet(hyp, (ref,)))
    qtbot.waitUntil(
        lambda: (
            bool(session.systems)
            and session.systems[0].scores is not None
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    assert window.select_sentence(2)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    line = window.edit_bar.line
    qtbot.waitUntil(line.hasFocus)
    assert line.text() == words
    qtbot.keyClick(line, Qt.Key.Key_Home)
    qtbot.keyClicks(line, "Huge ")
    kept(qtbot, window)
    edited_lines = [hyps[0], "Huge " + words, hyps[2]]
    shown = session.systems[0]
    assert shown.edits.texts() == {1: "Huge " + words}
    scores = shown.scores
    assert scores is not None
    assert not isinstance(scores.corpus, Unavailable)
    assert scores.corpus.score == sacrebleu.corpus_bleu(edited_lines, [refs]).score
