"""A salient n-gram clicked filters the sentence table to its sentences.

Driven as a user would, on the demo test set (two references, 500 segments) with
Facebook-AI the baseline A and happypoet shown (B), UEdin a third system: a row of
the salient list clicked, a score range typed, the chip's × clicked or reached with
Tab, Clear clicked, another B chosen. The sentences expected are counted here with
sacreBLEU's own 13a tokenizer (clipped matches of the n-gram in each system against
the most any one reference has it), the scores are sacreBLEU's; `filter_rows` is
checked on small hand-made rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.salient import SalientNgram
from bleu_gui.models.salient_model import SalientColumn
from bleu_gui.models.sentence_filter import (
    DeltaSide,
    NgramRows,
    SentenceFilter,
    filter_rows,
)
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.filter_bar import REMOVE_NGRAM, FilterBar
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.pair_detail import TextKey
from tests.core.demo_systems import DEMO, references, system
from tests.gui.demo_sets import TIMEOUT, make_window
from tests.gui.palettes import dark_palette, light_palette

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

A, OTHER, B = "Facebook-AI", "UEdin", "happypoet"
SIZE = 500
ORDER = 2
HYP_B = TextKey.hypothesis(Side.B)


# --- the oracle: sacreBLEU's tokens and scores ----------------------------------------


@cache
def tokens(name: str) -> tuple[tuple[str, ...], ...]:
    """Each line of a demo file in sacreBLEU's 13a tokens."""
    tokenize = Tokenizer13a()
    return tuple(
        tuple(tokenize(line).split())
        for line in (DEMO / name).read_text(encoding="utf-8").splitlines()
    )


def clipped(
    hyp: Sequence[str], refs: Sequence[Sequence[str]], gram: tuple[str, ...]
) -> int:
    """How many times `hyp` gets `gram` counted: its count, clipped by BLEU's rule."""
    n = len(gram)

    def count(words: Sequence[str]) -> int:
        return Counter(tuple(words[i : i + n]) for i in range(len(words) - n + 1))[gram]

    return min(count(hyp), max(count(ref) for ref in refs))


def rows_where_b_counts_more(gram: tuple[str, ...]) -> list[int]:
    """The sentences where B gets `gram` counted more often than A, from sacreBLEU."""
    refs = list(zip(tokens("ref.A.txt"), tokens("ref.B.txt"), strict=True))
    hyp_a, hyp_b = tokens(f"sys.{A}.txt"), tokens(f"sys.{B}.txt")
    return [
        row
        for row in range(SIZE)
        if clipped(hyp_b[row], refs[row], gram) > clipped(hyp_a[row], refs[row], gram)
    ]


@cache
def sentence_scores(name: str) -> tuple[float, ...]:
    """sacreBLEU's sentence BLEU of each segment of system `name`."""
    metric = BLEU(effective_order=True)  # as sacrebleu.sentence_bleu
    refs = references()
    return tuple(
        metric.sentence_score(hyp, [ref[i] for ref in refs]).score
        for i, hyp in enumerate(system(name))
    )


def shown_note(rows: list[int]) -> str:
    """The summary's words for B's `rows`, scored by sacreBLEU."""
    refs = [[ref[i] for i in rows] for ref in references()]
    score = sacrebleu.corpus_bleu([system(B)[i] for i in rows], refs)
    noun = "sentence" if len(rows) == 1 else "sentences"
    return (
        f"BLEU of the {len(rows):,} shown {noun}: <b>{score.score:.2f}</b> "
        f"(BP {score.bp:.3f}, of {SIZE})"
    )


# --- the window -----------------------------------------------------------------------


@pytest.fixture
def three(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """Facebook-AI (A), UEdin, happypoet (B, shown), scored, compared and counted."""
    window = make_window(qtbot, tmp_path)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    systems = tuple(DEMO / f"sys.{name}.txt" for name in (A, OTHER, B))
    session = window.session
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        session.open_files(
            FileSet(
                systems[-1], (DEMO / "ref.A.txt", DEMO / "ref.B.txt"), systems=systems
            )
        )
    compare = window.compare
    qtbot.waitUntil(lambda: compare.salient_job.results is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.browser.model.pair is not None, timeout=TIMEOUT)
    window.tabs.setCurrentIndex(window.tabs.indexOf(compare.salient_list))
    compare.salient_list.set_order(ORDER)
    yield window
    compare.shutdown()
    window.explainer.shutdown()
    session.shutdown()


def shown_rows(window: MainWindow) -> list[int]:
    return sorted(int(row) for row in window.browser.model.rows)


def click_ngram(qtbot: QtBot, window: MainWindow, index: int) -> SalientNgram:
    """Click row `index` of B's list (by gain, largest first); the n-gram listed."""
    lists = window.compare.salient_list
    table = lists.table(Side.B)
    cell = table.model().index(index, SalientColumn.NGRAM)
    results = window.compare.salient_job.results
    assert results is not None
    item = next(
        item
        for item in results[ORDER - 1].b_over_a
        if " ".join(item.gram) == cell.data()
    )
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=table.visualRect(cell).center(),
        )
    return item


def chip_words(gram: tuple[str, ...]) -> str:
    return (
        f"Only sentences where {B} gets “{' '.join(gram)}” counted more often than {A}"
    )


def test_a_clicked_ngram_shows_its_sentences_with_the_score_range(
    qtbot: QtBot, three: MainWindow
) -> None:
    bar = three.filter_bar
    with qtbot.waitSignal(three.browser.shown_changed, timeout=TIMEOUT):
        bar.min_score.setFocus()
        bar.min_score.lineEdit().selectAll()
        qtbot.keyClicks(bar.min_score.lineEdit(), "50")
        qtbot.keyClick(bar.min_score.lineEdit(), Qt.Key.Key_Return)
    assert not bar.ngram_row.isVisible()
    item = click_ngram(qtbot, three, 0)
    # The core's rows are those where B's clipped count beats A's, by sacreBLEU.
    wanted = rows_where_b_counts_more(item.gram)
    assert list(item.rows) == wanted
    scores = sentence_scores(B)
    expected = [row for row in wanted if scores[row] >= 50]
    assert 0 < len(expected) < len(wanted)  # the score range hides some
    assert shown_rows(three) == expected
    assert three.summary.shown.text() == shown_note(expected)
    assert bar.ngram_row.isVisible()
    assert bar.ngram_label.text() == chip_words(item.gram)
    spec = three.browser.filter
    assert spec.ngram is not None
    assert spec.ngram.rows == item.rows
    assert spec.min_score == 50.0
    # The n-gram is emphasised in B's translation of the sentence shown.
    qtbot.waitUntil(lambda: not three.compare.sentence_pending, timeout=TIMEOUT)
    detail = three.compare.pair_detail
    text = detail.displayed_text(HYP_B)
    assert {text[start:end] for start, end in detail.emphasised_spans(HYP_B)} == {
        " ".join(item.gram)
    }
    # Another n-gram replaces it.
    second = click_ngram(qtbot, three, 1)
    assert second.gram != item.gram
    assert bar.ngram_label.text() == chip_words(second.gram)
    assert shown_rows(three) == [r for r in second.rows if scores[r] >= 50]


def test_the_cross_removes_it_and_the_emphasis(qtbot: QtBot, three: MainWindow) -> None:
    bar = three.filter_bar
    click_ngram(qtbot, three, 0)
    qtbot.waitUntil(lambda: not three.compare.sentence_pending, timeout=TIMEOUT)
    assert three.compare.pair_detail.emphasised_spans(HYP_B)
    assert bar.ngram_remove.accessibleName() == REMOVE_NGRAM
    with qtbot.waitSignal(three.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(bar.ngram_remove, Qt.MouseButton.LeftButton)
    assert shown_rows(three) == list(range(SIZE))
    assert three.summary.shown.text() == f"All {SIZE} sentences shown."
    assert three.browser.filter == SentenceFilter()
    assert not bar.ngram_row.isVisible()
    assert three.compare.pair_detail.emphasised_spans(HYP_B) == []
    assert not three.compare.salient_list.table(Side.B).selectionModel().hasSelection()


def test_the_cross_is_reached_with_tab(qtbot: QtBot, three: MainWindow) -> None:
    bar = three.filter_bar
    click_ngram(qtbot, three, 0)
    bar.clear.setFocus()
    qtbot.waitUntil(bar.clear.hasFocus)
    qtbot.keyClick(bar.clear, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is bar.ngram_remove
    with qtbot.waitSignal(three.browser.shown_changed, timeout=TIMEOUT):
        qtbot.keyClick(bar.ngram_remove, Qt.Key.Key_Space)
    assert bar.ngram is None
    assert shown_rows(three) == list(range(SIZE))


def test_clear_removes_it_with_the_rest(qtbot: QtBot, three: MainWindow) -> None:
    bar = three.filter_bar
    bar.set_score_range(20.0, 100.0)
    click_ngram(qtbot, three, 0)
    with qtbot.waitSignal(three.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(bar.clear, Qt.MouseButton.LeftButton)
    assert three.browser.filter == SentenceFilter()
    assert shown_rows(three) == list(range(SIZE))
    assert not bar.ngram_row.isVisible()
    assert three.compare.pair_detail.emphasised_spans(HYP_B) == []


def test_another_b_drops_it_and_says_so(qtbot: QtBot, three: MainWindow) -> None:
    bar = three.filter_bar
    item = click_ngram(qtbot, three, 0)
    bar.set_score_range(20.0, 100.0)
    other = next(s.id for s in three.session.systems if s.name == f"sys.{OTHER}.txt")
    combo = three.pair_bar.shown
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    with qtbot.waitSignal(
        three.session.workspace_changed,
        check_params_cb=moves(Moved.PAIR),
        timeout=TIMEOUT,
    ):
        qtbot.keyClick(combo, Qt.Key.Key_Up)  # happypoet (3rd) -> UEdin (2nd)
    assert three.session.shown == other
    assert bar.ngram is None
    assert three.browser.filter.ngram is None
    assert not bar.ngram_row.isVisible()
    assert three.statusBar().currentMessage() == (
        f"The n-gram filter “{' '.join(item.gram)}” was removed: A or B changed, "
        "and its sentences were counted for the pair before."
    )
    # The score range stays, now over UEdin's sentences (sacreBLEU's scores).
    qtbot.waitUntil(lambda: three.browser.model.pair is not None, timeout=TIMEOUT)
    scores = sentence_scores(OTHER)
    assert shown_rows(three) == [r for r in range(SIZE) if scores[r] >= 20]


def test_another_case_drops_it(qtbot: QtBot, three: MainWindow) -> None:
    item = click_ngram(qtbot, three, 0)
    session = three.session
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.CONFIG), timeout=TIMEOUT
    ):
        three.settings_panel.lowercase.click()
    assert session.config.lowercase
    assert three.filter_bar.ngram is None
    assert three.statusBar().currentMessage() == (
        f"The n-gram filter “{' '.join(item.gram)}” was removed: the tokenizer or "
        "case changed, and its sentences were counted for the pair before."
    )
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        pass  # the systems tokenized anew


def test_the_chip_follows_a_change_of_palette(qtbot: QtBot) -> None:
    bar = FilterBar()
    qtbot.addWidget(bar)
    bar.setPalette(light_palette())
    bar.set_ngram(NgramRows(1, ("the",), Side.A, ("base", "new"), (1,)))
    bar.show()
    qtbot.waitExposed(bar)
    assert bar.ngram_label.text() == (
        "Only sentences where base gets “the” counted more often than new"
    )
    light_text = light_palette().color(QPalette.ColorRole.WindowText).name()
    dark_text = dark_palette().color(QPalette.ColorRole.WindowText).name()
    qtbot.waitUntil(lambda: f"color: {light_text}" in bar.ngram_chip.styleSheet())
    bar.setPalette(dark_palette())
    qtbot.waitUntil(lambda: f"color: {dark_text}" in bar.ngram_chip.styleSheet())
    assert bar.ngram_label.palette().color(QPalette.ColorRole.WindowText).name() == (
        dark_text
    )


# --- filter_rows ----------------------------------------------------------------------

NGRAM = NgramRows(2, ("the", "cat"), Side.B, ("base", "new"), (0, 2, 3, 5))
SCORES = np.array([5.0, 20.0, 30.0, 40.0, 50.0, 60.0])
HYPS = ["a cat", "the dog", "the cat", "a cat", "the cat", "cat"]
DELTAS = np.array([1.0, -1.0, 2.0, -3.0, 0.0, 4.0])


def rows(spec: SentenceFilter, deltas: np.ndarray | None = None) -> list[int]:
    return [int(r) for r in filter_rows(spec, SCORES, HYPS, [], None, deltas)]


def test_the_ngram_part_keeps_its_rows() -> None:
    assert rows(SentenceFilter(ngram=NGRAM)) == [0, 2, 3, 5]


def test_the_ngram_part_combines_with_the_others() -> None:
    spec = SentenceFilter(ngram=NGRAM, min_score=10.0)
    assert rows(spec) == [2, 3, 5]
    assert rows(replace(spec, text="the")) == [2]
    assert rows(replace(spec, side=DeltaSide.BETTER), DELTAS) == [2, 5]


def test_rows_past_the_end_are_none() -> None:
    ngram = replace(NGRAM, rows=(1, 6, 900))
    assert rows(SentenceFilter(ngram=ngram)) == [1]


def test_the_ngram_part_is_active_and_of_the_pair() -> None:
    spec = SentenceFilter(ngram=NGRAM)
    assert spec.is_active
    assert not spec.compares
    assert spec.without_pair() == SentenceFilter()


def test_the_words_name_the_favoured_system() -> None:
    assert NGRAM.describe() == (
        "sentences where new gets “the cat” counted more often than base"
    )
    assert replace(NGRAM, favoured=Side.A).describe() == (
        "sentences where base gets “the cat” counted more often than new"
    )
