"""The main window, driven like a user: open, score, select, filter, re-score.

Every number on screen is checked against sacreBLEU or the core; every file is real
and written to a temporary folder; the recent-files list lives in a temporary INI
file, never in the user's settings.
"""

from __future__ import annotations

import math
import re
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from PySide6.QtCore import QMimeData, QObject, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import (
    QAction,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QTextCursor,
)
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, corpus_bleu
from bleu_gui.core.explain import NgramStatus, SentenceExplanation, explain_sentence
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.sentence_table import RAW_ROLE, ROW_ROLE, Column
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.palette import status_format
from bleu_gui.views.sentence_detail import HYPOTHESIS, TextKey
from bleu_gui.workers import Job, Worker
from tests.gui.controls_support import loaded, settings, window
from tests.gui.demo_sets import scored, write_lines
from tests.gui.palettes import dark_palette

# `loaded` opens the `files` fixture below: a fixture takes its arguments by name,
# so this module's 12 segments and source stand for the shared 4-segment corpus.
__all__ = ["loaded", "settings", "window"]  # fixtures


def test_installed_pyside_keeps_none_alive() -> None:
    """PySide6 6.12.0 on CPython 3.11 drops a reference to None per void call.

    The window then dies with "none_dealloc" after a few dozen sentences, which is
    why pyproject.toml excludes 6.12; this fails first if such a build comes back.
    """
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("probe")
    assert sys.getrefcount(None) >= before


# WMT21 news de-en (newstest2021), the first 12 segments: happypoet's output, both
# references and the German source.
HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    (
        "On the Friday evening, a traffic accident occurred on the road between "
        "Powerolsheim and Merklingen, where a motorcycle driver was only injured "
        "easily thanks to its fast reaction."
    ),
    "Motorist overlooks biker",
    (
        "A 44th car driver wanted to turn left to the Landesstraße in 1230 at 21.30 "
        "with her VW from Merklingen."
    ),
    (
        "Here she overlooked the 24-year-old motorcyclist coming from the direction of "
        "Nellingen."
    ),
    "When collision, hand and foot brake lever fly away",
    "The biker tried to avoid the car, but still grazed it at the rear of the vehicle.",
    (
        "The strike process was demolished at the suzuki of the hand- as well as the "
        "foot brake and the driver was no longer able to brake."
    ),
    (
        "Mindfully, he steered his motorcycle in the green stiffnesses next to the "
        "road and let it roll out there without falling."
    ),
    "Biker suffers leg injury",
    (
        "Due to the collision with the car, the biker nevertheless suffered an injury "
        "to the Beim and had to be treated in a clinic."
    ),
    "Mamming: Corona mass infection: 174 harvests",
]
REF_A = [
    "Biker reacts lightning fast and prevents worse.",
    (
        "A traffic accident occurred on Friday evening on the country road between "
        "Machtolsheim and Merklingen where a bike rider was only slightly injured "
        "thanks to his quick reaction."
    ),
    "A female car driver overlooks a biker",
    (
        "Around 21:30 a 44 year old female car driver, coming from Merklingen with her "
        "VW, wanted to turn left into the country road 1230 into the direction of "
        "Machtolsheim."
    ),
    (
        "At this, she overlooked the 24 year old motorbike driver with right-of way "
        "who came from the direction of Nellingen."
    ),
    "When they collided hand and foot brake pedals break off",
    (
        "The biker still attempted to evade the car, however, brushed against the car "
        "at the rear end."
    ),
    (
        "Thrush the brushing against the car hand break handle and foot break pedal "
        "were ripped off the Suzuki and the driver was no longer able to break."
    ),
    (
        "Alerted he steered his bike into the grass strip beside the road and taxied "
        "it to a standstill without losing control."
    ),
    "Biker suffers leg injuries",
    (
        "Through the collision with the car the biker suffered, however, an injury on "
        "his leg and had to be treated in a hospital."
    ),
    "Mamming: Corona mass infection: 174 harvesters infected",
]
REF_B = [
    "Biker reacts lighting-fast and prevents the worst",
    (
        "On Friday evening, there was a traffic accident on the country road between "
        "Machtolsheim and Merklingen, where the motorcyclist only suffered minor "
        "injuries thanks to his quick reaction."
    ),
    "Car driver doesn’t see biker",
    (
        "A 44-year old car driver coming from Merklingen wanted to make a left turn "
        "onto country road 1230 towards Machtolsheim around 9:30 p.m. in her VW."
    ),
    (
        "She did not see the 24-year old motorcyclist coming from Nellingen who had "
        "the right of way."
    ),
    "During the collision, the hand brake and foot brake lever flew off",
    "The biker tried to evade the car, but still hit the rear of the vehicle.",
    (
        "Grazing the car caused the Suzuki’s hand and foot brake levers to be torn off "
        "and the driver was no longer able to brake."
    ),
    (
        "Alert, he steered his motorcycle into the median strip next to the roadway "
        "and let the motorcycle coast to a stop there."
    ),
    "Biker suffers leg injury",
    (
        "The biker did suffer a leg injury from the impact with the car and had to be "
        "treated at a hospital."
    ),
    "Mamming: Coronavirus mass infections: 174 farmhands infected",
]
SOURCE = [
    "Biker reagiert blitzschnell und verhindert Schlimmeres",
    (
        "Am Freitagabend ereignete sich auf der Landstraße zwischen Machtolsheim und "
        "Merklingen ein Verkehrsunfall, bei dem ein Motorradfahrer dank seiner "
        "schnellen Reaktion nur leicht verletzt wurde."
    ),
    "Autofahrerin übersieht Biker",
    (
        "Eine 44jährige Autofahrerin wollte gegen 21.30 Uhr mit ihrem VW von "
        "Merklingen her kommend nach links auf die Landesstraße 1230 in Richtung "
        "Machtolsheim einbiegen."
    ),
    (
        "Hierbei übersah sie den aus Richtung Nellingen kommenden 24jährigen, "
        "vorfahrtberechtigten Motoradfahrer."
    ),
    "Bei der Kollision fliegen Hand- und Fußbremshebel weg",
    (
        "Der Biker versuchte noch, dem Pkw auszuweichen, streifte diesen dennoch am "
        "hinteren Fahrzeugbereich."
    ),
    (
        "Durch den Streifvorgang wurden an der Suzuki der Hand- sowie der "
        "Fußbremshebel abgerissen und der Fahrer war nicht mehr in der Lage, "
        "abzubremsen."
    ),
    (
        "Geistesgegenwärtig steuerte er sein Motorrad in den Grünsteifen neben der "
        "Fahrbahn und ließ es dort ausrollen, ohne dabei zu Fall zu kommen."
    ),
    "Biker erleidet Beinverletzung",
    (
        "Durch den Zusammenstoß mit dem Auto erlitt der Biker dennoch eine Verletzung "
        "am Beim und musste in einer Klinik behandelt werden."
    ),
    "Mamming: Corona-Masseninfektion: 174 Erntehelfer angesteckt",
]

REFS = [REF_A, REF_B]
SIZE = len(HYPS)
TIMEOUT = 20_000
STATUS_RANK = list(NgramStatus)  # best first: matched, clipped, unmatched

Run = tuple[int, int, str]


# --- fixtures and helpers ---------------------------------------------------------


@dataclass(frozen=True)
class Files:
    hyp: Path
    ref_a: Path
    ref_b: Path
    src: Path

    def fileset(self, *, source: bool = False) -> FileSet:
        return FileSet(self.hyp, (self.ref_a, self.ref_b), self.src if source else None)


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(
        write_lines(tmp_path / "hyp.txt", HYPS),
        write_lines(tmp_path / "refA.txt", REF_A),
        write_lines(tmp_path / "refB.txt", REF_B),
        write_lines(tmp_path / "src.txt", SOURCE),
    )


def shown_hypothesis(qtbot: QtBot, window: MainWindow) -> str:
    """The hypothesis the detail shows, once a newly selected sentence is shown."""
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    return window.detail.displayed_text(HYPOTHESIS)


def failure(qtbot: QtBot, window: MainWindow, request: Callable[[], object]) -> str:
    """The one-line error `request` ends with."""
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        request()
    assert not window.session.is_busy
    return str(error.args[0])


def shown_rows(window: MainWindow) -> list[int]:
    model = window.browser.model
    return [model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())]


def bleu_column(window: MainWindow) -> dict[int, Any]:
    """Corpus row -> the BLEU cell's raw value, for every shown row."""
    model = window.browser.model
    return {
        model.index(r, 0).data(ROW_ROLE): model.index(r, Column.BLEU).data(RAW_ROLE)
        for r in range(model.rowCount())
    }


def sacrebleu_sentences(
    hyps: list[str] = HYPS, refs: list[list[str]] = REFS, **options: Any
) -> dict[int, float]:
    return {
        i: sacrebleu.sentence_bleu(hyp, [ref[i] for ref in refs], **options).score
        for i, hyp in enumerate(hyps)
    }


def sacrebleu_corpus(
    hyps: list[str] = HYPS, refs: list[list[str]] = REFS, **options: Any
) -> tuple[float, str]:
    """sacreBLEU's corpus score and signature."""
    metric = BLEU(**options)
    score = metric.corpus_score(hyps, refs).score
    return score, str(metric.get_signature())


def explain(number: int, **config: Any) -> SentenceExplanation:
    i = number - 1
    return explain_sentence(HYPS[i], [ref[i] for ref in REFS], BleuConfig(**config))


def expected_runs(explanation: SentenceExplanation, order: int) -> list[Run]:
    """What the hypothesis should show for `order`, from the explanation alone.

    A token takes the best status among the n-grams covering it; the gap between two
    tokens is painted only by an n-gram covering both, with both tokens' status.
    """
    located = explanation.hypothesis.char_spans
    spans = [span for span in located if span is not None]
    assert len(spans) == len(located)
    occurrences = explanation.orders[order - 1].hypothesis

    def best(statuses: list[NgramStatus]) -> NgramStatus | None:
        return min(statuses, key=STATUS_RANK.index, default=None)

    tokens = [
        best([o.status for o in occurrences if o.start <= i < o.end])
        for i in range(len(spans))
    ]
    labels: dict[int, NgramStatus] = {}
    for (start, end), status in zip(spans, tokens, strict=True):
        if status is not None:
            labels.update(dict.fromkeys(range(start, end), status))
    for i in range(len(spans) - 1):
        gap = best([o.status for o in occurrences if o.start <= i and o.end > i + 1])
        if gap is not None and gap == tokens[i] == tokens[i + 1]:
            labels.update(dict.fromkeys(range(spans[i][1], spans[i + 1][0]), gap))
    runs: list[Run] = []
    for c in sorted(labels):
        label = labels[c].value
        if runs and runs[-1][1] == c and runs[-1][2] == label:
            runs[-1] = (runs[-1][0], c + 1, label)
        else:
            runs.append((c, c + 1, label))
    return runs


def find_action(window: MainWindow, text: str) -> QAction:
    """The menu action whose text, without its mnemonic, is `text`."""
    for menu in window.menuBar().findChildren(QMenu):
        for action in menu.actions():
            if action.text().replace("&", "") == text:
                return action
    raise AssertionError(f"no menu action {text!r}")


def menu_texts(menu: QMenu) -> list[str]:
    return [action.text() for action in menu.actions()]


def answer_file_dialog(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    """Make each QFileDialog.getOpenFileName return the next of `paths`."""
    answers = iter(paths)
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        lambda *_args, **_kwargs: (str(next(answers)), ""),
    )


def drag_enter_event(mime: QMimeData) -> QDragEnterEvent:
    return QDragEnterEvent(
        QPoint(50, 50),  # PySide6 < 6.12 (pinned) takes a QPoint here
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )


# --- opening and scoring ----------------------------------------------------------


def test_nothing_to_do_before_files_are_open(window: MainWindow) -> None:
    assert window.browser.model.rowCount() == 0
    assert window.summary.score.text() == "—"
    for action in (window.add_ref_action, window.source_action, window.reload_action):
        assert not action.isEnabled()
    assert not window.remove_menu.isEnabled()
    assert not window.recent_menu.isEnabled()
    assert window.progress.isHidden()
    assert window.cancel_button.isHidden()


def test_open_scores_every_sentence_like_sacrebleu(loaded: MainWindow) -> None:
    assert loaded.browser.model.rowCount() == SIZE
    assert shown_rows(loaded) == list(range(SIZE))
    assert bleu_column(loaded) == sacrebleu_sentences()
    score, signature = sacrebleu_corpus()
    assert loaded.summary.score.text() == f"{score:.2f}"
    assert loaded.summary.signature.text() == signature
    assert loaded.summary.shown.text() == f"All {SIZE} sentences shown."
    assert "12 segments, 2 references" in loaded.summary.caption.text()
    assert loaded.windowTitle() == "bleu-gui — hyp.txt"
    assert loaded.banner.isHidden()
    assert loaded.progress.isHidden()
    assert loaded.status_text.text().startswith(("Ready", "Sentence"))
    hyp_column = loaded.browser.model.hypothesis_column()
    texts = [loaded.browser.model.index(r, hyp_column).data() for r in range(SIZE)]
    assert texts == HYPS


def test_the_table_model_passes_the_model_tester(
    qtmodeltester: Any, loaded: MainWindow
) -> None:
    qtmodeltester.check(loaded.browser.model)
    loaded.filter_bar.search.setText("biker")
    loaded.table.horizontalHeader().setSortIndicator(
        Column.BLEU, Qt.SortOrder.DescendingOrder
    )
    qtmodeltester.check(loaded.browser.model)


# --- one sentence -----------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 3, 10, 11], ids=lambda n: f"sentence-{n}")
def test_selecting_a_sentence_shows_its_explanation(
    loaded: MainWindow, number: int
) -> None:
    explanation = explain(number)
    assert loaded.select_sentence(number)
    assert loaded.table.selected_corpus_row() == number - 1
    assert explanation.diagnosis in loaded.explain.plain_text()
    assert f"Sentence BLEU {explanation.score.score:.2f}" in loaded.explain.plain_text()
    detail = loaded.detail
    assert detail.displayed_text(HYPOTHESIS) == HYPS[number - 1]
    assert not detail.is_tokenized(HYPOTHESIS)
    assert detail.highlighted_spans(HYPOTHESIS) == expected_runs(explanation, 1)
    assert detail.displayed_text(TextKey.reference_of(0)) == REF_A[number - 1]
    assert detail.displayed_text(TextKey.reference_of(1)) == REF_B[number - 1]
    loaded.show_order(2)
    assert loaded.order_buttons.checkedId() == 2
    assert detail.order() == 2
    assert detail.highlighted_spans(HYPOTHESIS) == expected_runs(explanation, 2)
    _, sentence_set = loaded.precision_chart.bar_sets()
    values = [sentence_set.at(i) for i in range(sentence_set.count())]
    precisions = [0.0 if math.isnan(p) else p for p in explanation.score.precisions]
    assert values == pytest.approx(precisions)
    if number != 1:  # sentence 1 is shown on loading, then the status says "Ready"
        status = f"Sentence {number}: BLEU {explanation.score.score:.2f}"
        assert loaded.status_text.text() == status


def test_the_sentence_matches_the_table_row(loaded: MainWindow) -> None:
    scores = sacrebleu_sentences()
    for number in range(1, SIZE + 1):
        assert loaded.select_sentence(number)
        explanation = loaded.detail.explanation()
        assert explanation is not None
        assert explanation.score.score == scores[number - 1]


@pytest.mark.parametrize("which", [0, 1], ids=["corpus-bar", "sentence-bar"])
def test_clicking_an_order_bar_highlights_that_order(
    loaded: MainWindow, which: int
) -> None:
    loaded.select_sentence(7)
    loaded.precision_chart.bar_sets()[which].clicked.emit(2)
    assert loaded.detail.order() == 3
    assert loaded.order_buttons.button(3).isChecked()
    assert loaded.precision_chart.selected_order() == 3
    assert loaded.detail.highlighted_spans(HYPOTHESIS) == expected_runs(explain(7), 3)


def test_order_buttons_and_view_menu_switch_the_order(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    loaded.select_sentence(2)
    qtbot.mouseClick(loaded.order_buttons.button(4), Qt.MouseButton.LeftButton)
    assert loaded.detail.order() == 4
    assert loaded.precision_chart.selected_order() == 4
    find_action(loaded, "All orders").trigger()
    assert loaded.detail.order() == 0
    assert loaded.order_buttons.button(0).isChecked()
    explanation = explain(2)
    keys = loaded.detail.text_keys()
    for order in (1, 2, 3, 4):
        assert TextKey.hypothesis(lane=order) in keys
        assert loaded.detail.highlighted_spans(
            TextKey.hypothesis(lane=order)
        ) == expected_runs(explanation, order)
    find_action(loaded, "1-grams").trigger()
    assert loaded.detail.order() == 1
    find_action(loaded, "Show tokens").trigger()
    assert loaded.tokens_button.isChecked()
    assert loaded.detail.is_tokenized(HYPOTHESIS)
    assert loaded.detail.displayed_text(HYPOTHESIS) == " ".join(
        explanation.hypothesis.tokens
    )


# --- filtering and sorting --------------------------------------------------------


def subset_bleu(rows: list[int]) -> float:
    return corpus_bleu(
        [HYPS[i] for i in rows], [[ref[i] for i in rows] for ref in REFS]
    ).score


@pytest.mark.parametrize("how", ["bar-click", "range-signal"])
def test_clicking_a_histogram_bar_filters_to_its_range(
    loaded: MainWindow, how: str
) -> None:
    histogram = loaded.histogram
    index = histogram.bin_edges().index(40.0)
    assert histogram.bin_edges()[index + 1] == 45.0
    if how == "bar-click":
        histogram.bar_set().clicked.emit(index)
    else:
        histogram.range_clicked.emit(40.0, 45.0)
    assert loaded.filter_bar.min_score.value() == 40.0
    assert loaded.filter_bar.max_score.value() == 45.0
    scores = sacrebleu_sentences()
    expected = [i for i in range(SIZE) if 40.0 <= scores[i] <= 45.0]
    assert expected == [4, 10]  # a range the corpus does fill
    assert histogram.bin_counts()[index] == len(expected)
    assert histogram.bar_set().selectedBars() == [index]
    assert shown_rows(loaded) == expected
    shown = loaded.summary.shown.text()
    assert f"BLEU of the 2 shown sentences: <b>{subset_bleu(expected):.2f}</b>" in (
        shown
    )
    assert f"of {SIZE}" in shown
    assert not loaded.select_sentence(1)  # hidden by the filter
    assert loaded.select_sentence(5)
    loaded.filter_bar.clear.click()
    assert shown_rows(loaded) == list(range(SIZE))
    assert loaded.summary.shown.text() == f"All {SIZE} sentences shown."
    assert histogram.bar_set().selectedBars() == []


def search_fields(number: int) -> list[str]:
    return [HYPS[number], REF_A[number], REF_B[number]]


@pytest.mark.parametrize(
    ("text", "regex", "case", "pattern"),
    [
        ("biker", False, False, re.compile("biker", re.IGNORECASE)),
        ("Biker", False, True, re.compile("Biker")),
        ("^biker", True, False, re.compile("^biker", re.IGNORECASE)),
        ("^biker", False, False, re.compile(re.escape("^biker"), re.IGNORECASE)),
        (r"\d{4}", True, False, re.compile(r"\d{4}")),
    ],
    ids=["plain", "match-case", "regex", "regex-off-is-literal", "digits"],
)
def test_text_filter_shows_matching_rows_and_their_bleu(
    qtbot: QtBot,
    loaded: MainWindow,
    text: str,
    regex: bool,
    case: bool,
    pattern: re.Pattern[str],
) -> None:
    bar = loaded.filter_bar
    bar.regex.setChecked(regex)
    bar.case.setChecked(case)
    bar.search.setText(text)
    qtbot.waitUntil(lambda: not loaded.browser.searching, timeout=TIMEOUT)  # regex
    expected = [
        i
        for i in range(SIZE)
        if any(pattern.search(field) for field in search_fields(i))
    ]
    assert shown_rows(loaded) == expected
    assert bar.problem.text() == ""
    shown = loaded.summary.shown.text()
    if not expected:
        assert "— (no sentences)" in shown
    elif len(expected) < SIZE:
        assert f"<b>{subset_bleu(expected):.2f}</b>" in shown
        subset = loaded.browser.shown_score()
        assert not isinstance(subset, Unavailable)
        assert subset.score == subset_bleu(expected)


def test_an_invalid_regex_is_reported_and_keeps_the_rows(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    bar = loaded.filter_bar
    bar.search.setText("motor")
    before = shown_rows(loaded)
    assert before == [1, 2, 4, 8]
    bar.regex.setChecked(True)
    bar.search.setText("motor(")
    assert "regular expression" in bar.problem.text()
    assert shown_rows(loaded) == before
    bar.search.setText("motor(ist|cycl)")
    qtbot.waitUntil(lambda: not loaded.browser.searching, timeout=TIMEOUT)
    assert bar.problem.text() == ""
    assert shown_rows(loaded) == [1, 2, 4, 8]


def test_search_in_references_only(loaded: MainWindow) -> None:
    bar = loaded.filter_bar
    bar.in_hyp.setChecked(False)
    bar.search.setText("Machtolsheim")
    assert shown_rows(loaded) == [1, 3]
    bar.in_refs.setChecked(False)
    assert shown_rows(loaded) == []


@pytest.mark.parametrize(
    ("column", "order"),
    [
        (Column.BLEU, Qt.SortOrder.DescendingOrder),
        (Column.BLEU, Qt.SortOrder.AscendingOrder),
        (Column.NUMBER, Qt.SortOrder.DescendingOrder),
    ],
    ids=["bleu-descending", "bleu-ascending", "number-descending"],
)
def test_sorting_by_a_header_orders_the_rows(
    loaded: MainWindow, column: Column, order: Qt.SortOrder
) -> None:
    scores = sacrebleu_sentences()
    sign = -1 if order == Qt.SortOrder.DescendingOrder else 1
    key = (
        (lambda i: (sign * scores[i], i))
        if column == Column.BLEU
        else (lambda i: sign * i)
    )
    loaded.select_sentence(4)
    loaded.table.horizontalHeader().setSortIndicator(column, order)
    assert shown_rows(loaded) == sorted(range(SIZE), key=key)
    assert loaded.table.selected_corpus_row() == 3  # the selection follows its row
    values = [bleu_column(loaded)[row] for row in shown_rows(loaded)]
    if column == Column.BLEU:
        assert values == sorted(values, reverse=sign < 0)


def test_filter_and_sort_combine(loaded: MainWindow) -> None:
    loaded.table.horizontalHeader().setSortIndicator(
        Column.BLEU, Qt.SortOrder.DescendingOrder
    )
    loaded.filter_bar.search.setText("biker")
    scores = sacrebleu_sentences()
    expected = [
        i for i in range(SIZE) if any("biker" in f.lower() for f in search_fields(i))
    ]
    assert shown_rows(loaded) == sorted(expected, key=lambda i: (-scores[i], i))


# --- settings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "options"),
    [
        ("floor", {"smooth_method": "floor", "smooth_value": 0.1}),
        ("add-k", {"smooth_method": "add-k", "smooth_value": 1}),
        ("none", {"smooth_method": "none"}),
    ],
    ids=["floor", "add-k", "none"],
)
def test_a_smoothing_change_rescores_from_the_cached_statistics(
    qtbot: QtBot, loaded: MainWindow, method: str, options: dict[str, Any]
) -> None:
    stats = loaded.session.stats
    loaded.select_sentence(3)  # no 2-gram match: smoothing decides its score
    before = bleu_column(loaded)[2]
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findText(method))
    assert loaded.session.stats is stats  # re-scored, not counted again
    score, signature = sacrebleu_corpus(**options)
    assert loaded.summary.score.text() == f"{score:.2f}"
    assert loaded.summary.signature.text() == signature
    sentences = sacrebleu_sentences(**options)
    assert bleu_column(loaded) == sentences
    assert sentences[2] != before
    text = loaded.explain.plain_text()
    assert f"Sentence BLEU {sentences[2]:.2f}" in text
    assert loaded.table.selected_corpus_row() == 2


@pytest.mark.parametrize(
    ("change", "options"),
    [
        ("tokenizer:char", {"tokenize": "char"}),
        ("tokenizer:intl", {"tokenize": "intl"}),
        ("lowercase", {"lowercase": True}),
    ],
    ids=["char", "intl", "lowercase"],
)
def test_a_tokenizer_or_case_change_counts_again(
    qtbot: QtBot, loaded: MainWindow, change: str, options: dict[str, Any]
) -> None:
    stats = loaded.session.stats
    loaded.select_sentence(2)
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        if change == "lowercase":
            panel.lowercase.setChecked(True)
        else:
            panel.tokenizer.setCurrentIndex(
                panel.tokenizer.findData(change.split(":")[1])
            )
    assert loaded.session.stats is not stats
    score, signature = sacrebleu_corpus(**options)
    assert loaded.summary.score.text() == f"{score:.2f}"
    assert loaded.summary.signature.text() == signature
    assert bleu_column(loaded) == sacrebleu_sentences(**options)
    explanation = loaded.detail.explanation()
    assert explanation is not None
    config = {"tokenizer": options["tokenize"]} if "tokenize" in options else options
    assert explanation.hypothesis.tokens == explain(2, **config).hypothesis.tokens
    assert loaded.table.selected_corpus_row() == 1


# --- bad input --------------------------------------------------------------------


BAD_FILES: dict[str, tuple[bytes, list[str]]] = {
    "invalid-utf8": (
        b"fine\n\xff\xfe broken\n" + b"more\n" * (SIZE - 2),
        ["bad.txt", "line 2"],
    ),
    "line-count": (b"only\ntwo lines\n", ["bad.txt", "2", "12"]),
}


@pytest.mark.parametrize("problem", sorted(BAD_FILES))
def test_a_bad_reference_is_reported_and_the_old_data_stays(
    qtbot: QtBot, loaded: MainWindow, tmp_path: Path, problem: str
) -> None:
    content, words = BAD_FILES[problem]
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    loaded.select_sentence(4)
    scores = bleu_column(loaded)
    score = loaded.summary.score.text()
    message = failure(qtbot, loaded, lambda: loaded.session.add_reference(bad))
    for word in words:
        assert word in message
    assert not loaded.banner.isHidden()
    for word in words:
        assert word in loaded.banner.text()
    assert bleu_column(loaded) == scores
    assert loaded.summary.score.text() == score
    assert loaded.session.files is not None
    assert len(loaded.session.files.references) == 2
    assert loaded.table.selected_corpus_row() == 3
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[3]
    # The next successful scoring clears the banner.
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findText("floor"))
    assert loaded.banner.isHidden()


def test_a_missing_candidate_is_reported(
    qtbot: QtBot, loaded: MainWindow, tmp_path: Path
) -> None:
    message = failure(
        qtbot, loaded, lambda: loaded.session.set_hypothesis(tmp_path / "gone.txt")
    )
    assert "gone.txt" in message
    assert "gone.txt" in loaded.banner.text()
    assert bleu_column(loaded) == sacrebleu_sentences()


# --- the file menu ----------------------------------------------------------------


def test_remove_and_add_a_reference_from_the_file_menu(
    qtbot: QtBot, loaded: MainWindow, files: Files, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert loaded.remove_menu.isEnabled()
    assert menu_texts(loaded.remove_menu) == ["1: refA.txt", "2: refB.txt"]
    with scored(qtbot, loaded):
        loaded.remove_menu.actions()[1].trigger()
    assert loaded.session.files == FileSet(files.hyp, (files.ref_a,))
    score, signature = sacrebleu_corpus(refs=[REF_A])
    assert loaded.summary.score.text() == f"{score:.2f}"
    assert "nrefs:1" in signature
    assert loaded.summary.signature.text() == signature
    assert bleu_column(loaded) == sacrebleu_sentences(refs=[REF_A])
    assert menu_texts(loaded.remove_menu) == ["1: refA.txt"]
    assert not loaded.remove_menu.isEnabled()  # the last reference must stay

    answer_file_dialog(monkeypatch, files.ref_b)
    with scored(qtbot, loaded):
        loaded.add_ref_action.trigger()
    assert loaded.session.files == files.fileset()
    assert loaded.summary.score.text() == f"{sacrebleu_corpus()[0]:.2f}"
    assert menu_texts(loaded.remove_menu) == ["1: refA.txt", "2: refB.txt"]
    loaded.select_sentence(1)
    assert TextKey.reference_of(1) in loaded.detail.text_keys()


def test_open_source_shows_it_in_the_detail(
    qtbot: QtBot, loaded: MainWindow, files: Files, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_file_dialog(monkeypatch, files.src)
    with scored(qtbot, loaded):
        loaded.source_action.trigger()
    assert loaded.session.files == files.fileset(source=True)
    assert bleu_column(loaded) == sacrebleu_sentences()  # the source is not scored
    assert loaded.select_sentence(3)
    assert TextKey.source() in loaded.detail.text_keys()
    assert loaded.detail.displayed_text(TextKey.source()) == SOURCE[2]
    loaded.filter_bar.search.setText("Autofahrerin")  # only in the source
    assert shown_rows(loaded) == [2, 3]


def test_open_candidate_asks_for_references_first(
    qtbot: QtBot, window: MainWindow, files: Files, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_file_dialog(monkeypatch, files.hyp)
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileNames",
        lambda *_args, **_kwargs: ([str(files.ref_a), str(files.ref_b)], ""),
    )
    with scored(qtbot, window):
        window.open_action.trigger()
    assert window.session.files == files.fileset()
    assert window.add_ref_action.isEnabled()
    assert bleu_column(window) == sacrebleu_sentences()


def test_open_candidate_replaces_the_candidate(
    qtbot: QtBot,
    loaded: MainWindow,
    files: Files,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other = write_lines(tmp_path / "other.txt", REF_B)
    answer_file_dialog(monkeypatch, other)
    with scored(qtbot, loaded):
        loaded.open_action.trigger()
    assert loaded.session.files == FileSet(other, (files.ref_a, files.ref_b))
    assert loaded.windowTitle() == "bleu-gui — other.txt"
    assert bleu_column(loaded) == sacrebleu_sentences(hyps=REF_B)


def test_reload_reads_the_files_again(
    qtbot: QtBot, loaded: MainWindow, files: Files
) -> None:
    assert bleu_column(loaded)[2] < 100.0
    changed = [*HYPS]
    changed[2] = REF_A[2]
    write_lines(files.hyp, changed)
    with scored(qtbot, loaded):
        find_action(loaded, "Reload").trigger()
    assert bleu_column(loaded) == sacrebleu_sentences(hyps=changed)
    assert bleu_column(loaded)[2] == pytest.approx(100.0)
    column = loaded.browser.model.hypothesis_column()
    assert loaded.browser.model.index(2, column).data() == REF_A[2]


def test_recent_files_remember_and_reopen_a_file_set(
    qtbot: QtBot,
    loaded: MainWindow,
    files: Files,
    settings: QSettings,
    tmp_path: Path,
) -> None:
    assert loaded.recent_menu.isEnabled()
    # Each entry with the tokenizer it reopens with and its folder.
    assert menu_texts(loaded.recent_menu) == [
        f"hyp.txt (+2 references) · 13a · {tmp_path}"
    ]
    with scored(qtbot, loaded):
        loaded.session.open_files(FileSet(files.ref_b, (files.ref_a,)))
    assert menu_texts(loaded.recent_menu) == [
        f"refB.txt (+1 reference) · 13a · {tmp_path}",
        f"hyp.txt (+2 references) · 13a · {tmp_path}",
    ]
    with scored(qtbot, loaded):
        loaded.recent_menu.actions()[1].trigger()
    assert loaded.session.files == files.fileset()
    assert bleu_column(loaded) == sacrebleu_sentences()
    assert (
        menu_texts(loaded.recent_menu)[0]
        == f"hyp.txt (+2 references) · 13a · {tmp_path}"
    )
    loaded.recent.close()  # on disk for sure (and the writer thread stopped)
    settings.sync()
    assert Path(settings.fileName()) == tmp_path / "settings.ini"
    assert "refB.txt" in (tmp_path / "settings.ini").read_text(encoding="utf-8")
    # A new window with the same settings remembers them.
    again = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(again)
    assert menu_texts(again.recent_menu) == menu_texts(loaded.recent_menu)


# --- drag and drop ----------------------------------------------------------------


def roles_by_name(files: Files) -> dict[str, str]:
    return {
        files.hyp.name: "candidate",
        files.ref_a.name: "reference",
        files.ref_b.name: "reference",
        files.src.name: "source",
    }


def test_dropped_files_open_in_the_roles_chosen(
    qtbot: QtBot, window: MainWindow, files: Files
) -> None:
    asked: list[str] = []
    roles = roles_by_name(files)

    def choose(path: Path) -> str:
        asked.append(path.name)
        return roles[path.name]

    window.choose_role = choose
    dropped = [files.ref_a, files.hyp, files.src, files.ref_b]
    with scored(qtbot, window):
        window.open_dropped(dropped)
    assert asked == [path.name for path in dropped]
    assert window.session.files == files.fileset(source=True)
    assert bleu_column(window) == sacrebleu_sentences()


def test_a_real_drop_event_opens_the_files(
    qtbot: QtBot, window: MainWindow, files: Files
) -> None:
    roles = roles_by_name(files)
    window.choose_role = lambda path: roles[path.name]
    mime = QMimeData()
    mime.setUrls(
        [QUrl.fromLocalFile(str(p)) for p in (files.hyp, files.ref_a, files.ref_b)]
    )
    enter = drag_enter_event(mime)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with scored(qtbot, window):
        window.dropEvent(drop)
    assert drop.isAccepted()
    assert window.session.files == files.fileset()


def test_a_drag_without_files_is_refused(window: MainWindow) -> None:
    mime = QMimeData()
    mime.setText("just text")
    enter = drag_enter_event(mime)
    enter.ignore()
    window.dragEnterEvent(enter)
    assert not enter.isAccepted()


def test_a_reference_dropped_on_loaded_files_replaces_them(
    qtbot: QtBot, loaded: MainWindow, files: Files, tmp_path: Path
) -> None:
    extra = write_lines(tmp_path / "refC.txt", REF_B[::-1])
    loaded.choose_role = lambda _path: "reference"
    with scored(qtbot, loaded):
        loaded.open_dropped([extra])
    assert loaded.session.files == FileSet(files.hyp, (extra,))
    refs = [REF_B[::-1]]
    assert loaded.summary.score.text() == f"{sacrebleu_corpus(refs=refs)[0]:.2f}"


def test_a_drop_without_a_reference_is_refused(
    window: MainWindow, files: Files
) -> None:
    window.choose_role = lambda path: "candidate" if path == files.hyp else ""
    window.open_dropped([files.hyp, files.ref_a])
    assert not window.session.is_busy
    assert not window.banner.isHidden()
    assert "at least one reference" in window.banner.text()
    assert window.session.files is None


# --- background work --------------------------------------------------------------


def big_corpus(tmp_path: Path, copies: int = 250) -> FileSet:
    """3000 real lines: the 12 segments, repeated."""
    return FileSet(
        write_lines(tmp_path / "big.hyp.txt", HYPS * copies),
        (
            write_lines(tmp_path / "big.refA.txt", REF_A * copies),
            write_lines(tmp_path / "big.refB.txt", REF_B * copies),
        ),
    )


def test_a_long_load_runs_in_the_background_with_progress(
    qtbot: QtBot, loaded: MainWindow, tmp_path: Path
) -> None:
    session = loaded.session
    busy: list[bool] = []
    progress: list[tuple[int, int, str]] = []
    session.busy_changed.connect(busy.append)
    session.progress_changed.connect(lambda *args: progress.append(args))
    big = big_corpus(tmp_path)
    with scored(qtbot, loaded):
        session.open_files(big)
        assert session.is_busy
        assert not loaded.progress.isHidden()
        assert not loaded.cancel_button.isHidden()
        assert loaded.status_text.text() == "Working…"
    assert busy == [True, False]
    assert progress
    assert loaded.progress.isHidden()
    assert loaded.cancel_button.isHidden()
    assert loaded.status_text.text().startswith(("Ready", "Sentence"))
    assert loaded.browser.model.rowCount() == SIZE * 250
    score, _ = sacrebleu_corpus(HYPS * 250, [REF_A * 250, REF_B * 250])
    assert loaded.summary.score.text() == f"{score:.2f}"


HELD = "held by the test"


@pytest.fixture
def held_after_reading(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Background work (what follows reading the texts) waits until the event is set.

    While it waits it keeps reporting progress, so that it can be cancelled.
    """
    release = threading.Event()

    def hold(job: Job) -> Job:
        while not release.wait(0.005):
            yield 0, 1, HELD
        return (yield from job)

    class HeldWorker(Worker):
        def __init__(self, make_job: Callable[[], Job]) -> None:
            super().__init__(lambda: hold(make_job()))

    monkeypatch.setattr("bleu_gui.models.session.Worker", HeldWorker)
    yield release
    release.set()


def test_cancel_stops_a_load_and_keeps_the_old_data(
    qtbot: QtBot,
    loaded: MainWindow,
    files: Files,
    tmp_path: Path,
    held_after_reading: threading.Event,
) -> None:
    session = loaded.session
    loaded.select_sentence(6)
    scores = bleu_column(loaded)
    score = loaded.summary.score.text()
    with qtbot.waitSignal(session.texts_loaded, timeout=TIMEOUT):
        session.open_files(big_corpus(tmp_path))
    # The new texts are shown while they are scored; the window still responds.
    assert loaded.browser.model.rowCount() == SIZE * 250
    assert loaded.browser.model.index(0, Column.BLEU).data() == "…"
    qtbot.waitUntil(lambda: HELD.capitalize() in loaded.status_text.text())
    loaded.filter_bar.search.setText("biker")
    assert not loaded.progress.isHidden()
    assert loaded.cancel_button.isVisibleTo(loaded)
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        loaded.cancel_button.click()
    assert session.files == files.fileset()
    assert loaded.progress.isHidden()
    assert loaded.cancel_button.isHidden()
    loaded.filter_bar.clear.click()
    assert bleu_column(loaded) == scores
    assert loaded.summary.score.text() == score
    assert loaded.banner.isHidden()
    assert loaded.table.selected_corpus_row() == 5
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[5]


# --- keyboard ---------------------------------------------------------------------


def test_next_and_previous_sentence_follow_the_table(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    loaded.select_sentence(3)
    find_action(loaded, "Next sentence").trigger()
    assert loaded.table.selected_corpus_row() == 3
    assert shown_hypothesis(qtbot, loaded) == HYPS[3]
    find_action(loaded, "Previous sentence").trigger()
    find_action(loaded, "Previous sentence").trigger()
    assert loaded.table.selected_corpus_row() == 1
    loaded.table.horizontalHeader().setSortIndicator(
        Column.BLEU, Qt.SortOrder.DescendingOrder
    )
    rows = shown_rows(loaded)
    find_action(loaded, "Next sentence").trigger()
    assert loaded.table.selected_corpus_row() == rows[rows.index(1) + 1]


def test_next_sentence_continues_after_a_rescore(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    loaded.select_sentence(6)
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findText("floor"))
    assert loaded.table.selected_corpus_row() == 5
    find_action(loaded, "Next sentence").trigger()
    assert loaded.table.selected_corpus_row() == 6
    assert shown_hypothesis(qtbot, loaded) == HYPS[6]


def record_calls(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str
) -> list[object]:
    """The first argument of every call of `owner.name` from now on (still made)."""
    calls: list[object] = []
    original = getattr(owner, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0] if args else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return calls


@pytest.mark.parametrize("change", ["smoothing", "lowercase", "reload"])
def test_a_change_explains_and_paints_the_shown_sentence_once(
    qtbot: QtBot, loaded: MainWindow, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    loaded.select_sentence(3)
    explained = record_calls(monkeypatch, loaded.session, "explain")
    painted = record_calls(monkeypatch, loaded.detail, "set_explanation")
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        if change == "smoothing":
            panel.smoothing.setCurrentIndex(panel.smoothing.findText("floor"))
        elif change == "lowercase":
            panel.lowercase.setChecked(True)
        else:
            find_action(loaded, "Reload").trigger()
    assert explained == [2]
    assert len(painted) == 1
    explanation = loaded.detail.explanation()
    assert explanation is painted[0]
    assert explanation is not None
    assert explanation.score.score == bleu_column(loaded)[2]
    assert loaded.table.selected_corpus_row() == 2
    assert loaded.status_text.text() == f"Sentence 3: BLEU {bleu_column(loaded)[2]:.2f}"


def test_a_sentence_selected_again_is_not_explained_again(
    loaded: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded.select_sentence(3)
    explained = record_calls(monkeypatch, loaded.session, "explain")
    painted = record_calls(monkeypatch, loaded.detail, "set_explanation")
    loaded.filter_bar.search.setText("no sentence says this")
    assert loaded.table.selected_corpus_row() is None
    loaded.show_error("the status bar says something else meanwhile")
    loaded.filter_bar.search.clear()
    assert loaded.table.selected_corpus_row() == 2  # selected again
    assert explained == []
    assert painted == []
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[2]
    assert loaded.status_text.text() == f"Sentence 3: BLEU {bleu_column(loaded)[2]:.2f}"


def test_new_scores_reach_the_table_before_the_sentence_is_explained_once(
    qtbot: QtBot, loaded: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table paints its new rows first; the explanation comes a turn later.

    One change of scores asks for the shown sentence several times (the table's
    reset selects it again, the scores handler shows it): it is explained once.
    """
    loaded.select_sentence(4)
    explained = record_calls(monkeypatch, loaded.session, "explain")
    at_reset: list[int] = []
    loaded.browser.model.modelReset.connect(lambda: at_reset.append(len(explained)))
    # Seen from a slot connected after the window's: every handler of the new
    # scores has returned, and nothing else has run yet. (Checked after
    # `waitSignal` returns instead, the explanation's zero-time timer may already
    # have fired in the same pass of the event loop, as on a busy machine.)
    when_handled: list[tuple[int, bool]] = []
    loaded.session.workspace_changed.connect(
        lambda _old, _new, change: (
            when_handled.append((len(explained), loaded.sentence_pending))
            if change.any(Moved.SHOWN_SCORES)
            else None
        )
    )
    panel = loaded.settings_panel
    with qtbot.waitSignal(
        loaded.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        panel.smoothing.setCurrentIndex(panel.smoothing.findText("floor"))
    assert at_reset == [0]
    # Not yet explained when the handlers have returned: a paint may come first.
    assert when_handled == [(0, True)]
    assert shown_hypothesis(qtbot, loaded) == HYPS[3]
    assert explained == [3]
    detail = loaded.detail.explanation()
    assert detail is not None
    assert detail.score.score == bleu_column(loaded)[3]


def test_column_widths_a_user_set_survive_a_rescore(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    """Re-scoring keeps dragged widths; new precision columns get fitted widths."""
    table, panel = loaded.table, loaded.settings_panel
    fitted = table.columnWidth(Column.BLEU)
    table.setColumnWidth(Column.BLEU, fitted + 37)
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findText("floor"))
    assert table.columnWidth(Column.BLEU) == fitted + 37
    with scored(qtbot, loaded):
        panel.max_order.setValue(6)
    model = loaded.browser.model
    p6 = model.precision_column(6)
    assert model.headerData(p6, Qt.Orientation.Horizontal) == "p6"
    assert table.columnWidth(Column.BLEU) == fitted
    p1 = p6 - 5
    assert model.headerData(p1, Qt.Orientation.Horizontal) == "p1"
    assert table.columnWidth(p6) == table.columnWidth(p1)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_shortcuts_move_the_selection(qtbot: QtBot, loaded: MainWindow) -> None:
    with qtbot.waitActive(loaded):
        loaded.show()
        loaded.activateWindow()
    loaded.select_sentence(5)
    loaded.table.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    with qtbot.waitSignal(find_action(loaded, "Next sentence").triggered, timeout=1000):
        qtbot.keyClick(loaded.table, Qt.Key.Key_Down, ctrl)
    assert loaded.table.selected_corpus_row() == 5
    qtbot.keyClick(loaded.table, Qt.Key.Key_Up, ctrl)
    qtbot.keyClick(loaded.table, Qt.Key.Key_Up, ctrl)
    assert loaded.table.selected_corpus_row() == 3
    assert shown_hypothesis(qtbot, loaded) == HYPS[3]
    qtbot.keyClick(loaded.table, Qt.Key.Key_2, ctrl)
    assert loaded.detail.order() == 2
    qtbot.keyClick(loaded.table, Qt.Key.Key_Down)  # the table's own keys
    assert loaded.table.selected_corpus_row() == 4
    assert shown_hypothesis(qtbot, loaded) == HYPS[4]


def test_jump_to_a_sentence_number(
    loaded: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QInputDialog, "getInt", lambda *_args, **_kwargs: (5, True))
    find_action(loaded, "Jump to sentence…").trigger()
    assert loaded.table.selected_corpus_row() == 4
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[4]
    loaded.filter_bar.search.setText("biker")
    assert 4 not in shown_rows(loaded)
    find_action(loaded, "Jump to sentence…").trigger()
    assert not loaded.banner.isHidden()
    assert "sentence 5 is hidden" in loaded.banner.text()


def test_copy_with_no_sentence_copies_nothing(window: MainWindow) -> None:
    QGuiApplication.clipboard().clear()
    find_action(window, "Copy sentence with scores").trigger()
    assert QGuiApplication.clipboard().text() == ""  # nothing to copy yet


def test_copy_the_selected_sentence_with_its_scores(loaded: MainWindow) -> None:
    find_action(loaded, "Copy sentence with scores").trigger()
    assert QGuiApplication.clipboard().text().startswith("Sentence 1: BLEU")
    loaded.select_sentence(2)
    find_action(loaded, "Copy sentence with scores").trigger()
    text = QGuiApplication.clipboard().text()
    score = sacrebleu_sentences()[1]
    assert text.splitlines()[0] == f"Sentence 2: BLEU {score:.2f}"
    assert f"HYP\t{HYPS[1]}" in text
    assert f"REF1\t{REF_A[1]}" in text
    assert f"REF2\t{REF_B[1]}" in text
    assert "BP=" in text
    metric = BLEU(effective_order=True)
    metric.sentence_score(HYPS[1], [REF_A[1], REF_B[1]])
    assert text.splitlines()[-1] == str(metric.get_signature())


# --- palette ----------------------------------------------------------------------


def test_a_dark_palette_repaints_the_highlighting(loaded: MainWindow) -> None:
    light = status_format(NgramStatus.MATCHED, loaded.detail.palette())
    loaded.setPalette(dark_palette())
    assert loaded.select_sentence(1)
    dark = status_format(NgramStatus.MATCHED, loaded.detail.palette())
    assert dark.background().color() != light.background().color()
    runs = loaded.detail.highlighted_spans(HYPOTHESIS)
    assert runs == expected_runs(explain(1), 1)
    start = next(start for start, _, label in runs if label == "matched")
    cursor = QTextCursor(loaded.detail.document(HYPOTHESIS))
    cursor.setPosition(start + 1)  # ASCII text: UTF-16 positions are indices
    assert cursor.charFormat().background().color() == dark.background().color()
    assert loaded.explain.plain_text()
