"""One long segment (a document on one line) never freezes the window.

A 2-segment corpus whose first segment is 2 MB (~380,000 tokens) is opened, its
long sentence selected, shown with every order, as tokens, and copied. The
explanation is computed in a worker process while the event loop keeps turning
(a heartbeat timer's signals arrive in between); the texts shown and painted stop
at the highlight limit, and say so; the numbers are sacreBLEU's, for the whole
segment. Events are ordered by Qt signals, never by durations.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import cycle
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU, BLEUScore
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.cli import demo_paths
from bleu_gui.core.explain import HIGHLIGHT_LIMIT
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.highlight_runs import ELLIPSIS
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS, TextKey
from tests.gui.demo_sets import window, write_lines

__all__ = ["window"]  # fixtures

# Long enough for each step: tokenizing 2 MB and explaining it on a busy machine.
SLOW = 180_000
SIZE = 2_000_000
SHORT_HYP = "The cat sat on the mat ."
SHORT_REF = "The cat is sitting on the mat ."


@dataclass(frozen=True)
class LongSet:
    """A 2-line test set whose first line is `SIZE` characters long."""

    candidate: Path
    reference: Path
    hypothesis: str
    ref_text: str

    def file_set(self) -> FileSet:
        return FileSet(self.candidate, (self.reference,))

    def sacrebleu(self) -> BLEUScore:
        """sacreBLEU's sentence score of the long line (its defaults, as the GUI's)."""
        bleu = BLEU(effective_order=True)
        return bleu.sentence_score(self.hypothesis, [self.ref_text])


def one_line(lines: list[str], size: int) -> str:
    """Real sentences joined by spaces until the line is `size` characters long."""
    parts, length = [], 0
    for line in cycle(lines):
        if length >= size:
            break
        parts.append(line)
        length += len(line) + 1
    return " ".join(parts)


@pytest.fixture(scope="module")
def long_texts() -> tuple[str, str]:
    _, refs, candidate, _ = demo_paths()
    hyp_lines = candidate.read_text(encoding="utf-8").splitlines()
    ref_lines = refs[0].read_text(encoding="utf-8").splitlines()
    return one_line(hyp_lines, SIZE), one_line(ref_lines, SIZE)


@pytest.fixture
def long_set(tmp_path: Path, long_texts: tuple[str, str]) -> LongSet:
    hypothesis, ref_text = long_texts
    return LongSet(
        write_lines(tmp_path / "long.hyp.txt", [hypothesis, SHORT_HYP]),
        write_lines(tmp_path / "long.ref.txt", [ref_text, SHORT_REF]),
        hypothesis,
        ref_text,
    )


class Heartbeat:
    """A 10 ms timer noting whether it fired while a long sentence was explained."""

    def __init__(self, window: MainWindow) -> None:
        self.events: list[str] = []
        self._window = window
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._beat)
        window.explainer.finished.connect(lambda *_: self.events.append("explained"))
        self.timer.start()

    def _beat(self) -> None:
        if self._window.explainer.pending is not None:
            self.events.append("beat while explaining")

    def beat_before_explained(self) -> bool:
        """Whether a beat came while explaining, before the explanation came."""
        if "explained" not in self.events:
            return False
        return "beat while explaining" in self.events[: self.events.index("explained")]


def explained(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the shown sentence's explanation is on display."""
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=SLOW)


def open_long_set(qtbot: QtBot, window: MainWindow, long_set: LongSet) -> None:
    """Open the long set; wait until it is scored and its first sentence explained."""
    session = window.session
    with qtbot.waitSignals(
        [session.workspace_changed, window.explainer.finished],
        check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda *_args: True],
        timeout=SLOW,
    ):
        session.open_files(long_set.file_set())
    explained(qtbot, window)


def test_a_long_segment_is_explained_while_the_window_answers(
    qtbot: QtBot, window: MainWindow, long_set: LongSet
) -> None:
    heartbeat = Heartbeat(window)
    open_long_set(qtbot, window, long_set)
    # The long first sentence was explained in the background: the event loop
    # turned (the heartbeat fired) between the request and its result.
    assert heartbeat.beat_before_explained()

    expected = long_set.sacrebleu()
    explanation = window.detail.explanation()
    assert explanation is not None
    assert explanation.score.score == expected.score
    assert explanation.score.sys_len == expected.sys_len
    assert explanation.score.ref_len == expected.ref_len
    assert [t.matches for t in explanation.score.terms] == expected.counts
    assert [t.total for t in explanation.score.terms] == expected.totals
    assert window.status_text.text() == f"Sentence 1: BLEU {expected.score:.2f}"

    tokens = Tokenizer13a()(long_set.hypothesis).split()
    ref_tokens = Tokenizer13a()(long_set.ref_text).split()
    assert window.detail.note() == (
        f"Too long to highlight in full: highlighting stops at token "
        f"{HIGHLIGHT_LIMIT:,} of {len(tokens):,} in the hypothesis and at token "
        f"{HIGHLIGHT_LIMIT:,} of {len(ref_tokens):,} in reference 1; the numbers "
        "are for the whole segment."
    )
    shown = window.detail.displayed_text(HYPOTHESIS)
    assert shown.endswith(ELLIPSIS)
    assert long_set.hypothesis.startswith(shown.removesuffix(ELLIPSIS))
    assert len(shown) < SIZE // 20
    painted = window.detail.highlighted_spans(HYPOTHESIS)
    assert painted
    assert painted[-1][1] <= len(shown)
    reference = window.detail.displayed_text(TextKey.reference_of(0))
    assert reference.endswith(ELLIPSIS)
    assert len(reference) < SIZE // 20

    # The table's cell and tooltip show the start of it, not 2 MB to lay out.
    model = window.browser.model
    cell = model.index(0, model.hypothesis_column())
    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
        text = cell.data(role)
        assert text.endswith(" …")
        assert long_set.hypothesis.startswith(text.removesuffix(" …"))
        assert len(text) < SIZE // 100

    # The short sentence after it is explained at once, in full.
    assert window.select_sentence(2)
    assert window.detail.displayed_text(HYPOTHESIS) == SHORT_HYP
    assert window.detail.note() == ""


def test_every_order_tokens_and_copy_stay_bounded(
    qtbot: QtBot, window: MainWindow, long_set: LongSet
) -> None:
    open_long_set(qtbot, window, long_set)
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.start()
    tokens = Tokenizer13a()(long_set.hypothesis).split()
    explanations = []
    window.explainer.finished.connect(lambda *_: explanations.append(1))

    # Every order: one lane per order, each the bounded text.
    window.order_buttons.button(0).click()
    for order in range(1, 5):
        lane = window.detail.displayed_text(TextKey.hypothesis(lane=order))
        assert lane.endswith(ELLIPSIS)
        assert len(lane) < SIZE // 20
        assert window.detail.highlighted_spans(TextKey.hypothesis(lane=order))
    assert "Too long to highlight in full" in window.detail.note()
    with qtbot.waitSignal(heartbeat.timeout, timeout=SLOW):
        pass

    # Tokens: the first HIGHLIGHT_LIMIT tokens as the scorer sees them.
    window.order_buttons.button(1).click()
    window.tokens_button.click()
    assert window.detail.is_tokenized(HYPOTHESIS)
    assert window.detail.displayed_text(HYPOTHESIS) == (
        " ".join(tokens[:HIGHLIGHT_LIMIT]) + ELLIPSIS
    )
    with qtbot.waitSignal(heartbeat.timeout, timeout=SLOW):
        pass

    # Copy: from the explanation on display, the texts whole, sacreBLEU's numbers.
    window.copy_sentence()
    expected = long_set.sacrebleu()
    lines = QGuiApplication.clipboard().text().split("\n")
    assert lines[0] == f"Sentence 1: BLEU {expected.score:.2f}"
    assert lines[1] == f"HYP\t{long_set.hypothesis}"
    assert lines[2] == f"REF1\t{long_set.ref_text}"
    terms = " ".join(
        f"p{n}={m}/{t}"
        for n, (m, t) in enumerate(
            zip(expected.counts, expected.totals, strict=True), start=1
        )
    )
    assert lines[3] == (
        f"{terms} BP={expected.bp:.4f} c={expected.sys_len} r={expected.ref_len}"
    )
    with qtbot.waitSignal(heartbeat.timeout, timeout=SLOW):
        pass
    # None of the three explained the sentence again.
    assert explanations == []
    assert not window.sentence_pending


def test_a_short_sentence_selected_while_a_long_one_is_explained_wins(
    qtbot: QtBot, window: MainWindow, long_set: LongSet
) -> None:
    open_long_set(qtbot, window, long_set)
    assert window.select_sentence(2)
    # Back to the long one: explained anew in the background (the panels say so).
    assert window.table.select_corpus_row(0)
    qtbot.waitUntil(lambda: window.explainer.pending is not None, timeout=SLOW)
    waiting = (
        f"Sentence 1 is long ({len(long_set.hypothesis):,} characters): "
        "explaining it in the background…"
    )
    assert window.detail.message() == waiting
    assert window.explain.plain_text() == waiting
    # Copy waits for it rather than explaining it on the GUI thread.
    QGuiApplication.clipboard().setText("before")
    window.copy_sentence()
    assert QGuiApplication.clipboard().text() == "before"
    assert window.statusBar().currentMessage() == (
        "Sentence 1 is still being explained: copy it once it is shown"
    )
    # A short sentence selected meanwhile is shown at once, and stays shown.
    with qtbot.assertNotEmitted(window.explainer.finished, wait=500):
        assert window.select_sentence(2)
        assert window.explainer.pending is None
    assert window.detail.displayed_text(HYPOTHESIS) == SHORT_HYP
    assert not window.sentence_pending
