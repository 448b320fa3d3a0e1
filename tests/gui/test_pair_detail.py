"""The two-system detail view paints the core's classes, says both counts, and reads.

The hand-made pair: A = "the the cat runs", B = "a cat sat", references
"the cat sat down" and "a cat". By BLEU's clipping rule, worked by hand:

* unigrams of A: "the" #1 counted (reference 1 has it once), B has no "the": only A;
  "the" #2 beyond the one a reference allows: clipped; "cat": both count it; "runs":
  in no reference.
* unigrams of B: "a" (reference 2) and "sat" (reference 1) only B; "cat" both.
* bigrams of A: "the cat" counted (reference 1), B lacks it: only A; "the the" and
  "cat runs" in no reference. Bigrams of B: "a cat" (reference 2) and "cat sat"
  (reference 1), both only B.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QMouseEvent, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.pair_ngrams import PairExplanation, PairStatus, Side, explain_pair
from bleu_gui.views.pair_detail import PairDetailView, TextKey
from bleu_gui.views.palette import pair_reference_format, pair_status_format
from tests.core.demo_systems import references, system
from tests.gui.palettes import dark_palette, light_palette

NAMES = ("Baseline", "Challenger")
BOTH, ONLY_A, ONLY_B = PairStatus.BOTH, PairStatus.ONLY_A, PairStatus.ONLY_B
CLIPPED, UNMATCHED = PairStatus.CLIPPED, PairStatus.UNMATCHED
HYP_A, HYP_B = TextKey.hypothesis(Side.A), TextKey.hypothesis(Side.B)
REF_1, REF_2 = TextKey.reference_of(0), TextKey.reference_of(1)


def hand_made() -> PairExplanation:
    return explain_pair(
        "the the cat runs",
        "a cat sat",
        ["the cat sat down", "a cat"],
        BleuConfig(),
        names=NAMES,
    )


@pytest.fixture
def view(qtbot: QtBot) -> PairDetailView:
    widget = PairDetailView()
    qtbot.addWidget(widget)
    widget.resize(700, 600)
    widget.set_pair(hand_made())
    return widget


def runs(*items: tuple[int, int, PairStatus]) -> list[tuple[int, int, str]]:
    return [(start, end, status.value) for start, end, status in items]


def test_unigrams_painted_by_class_on_both_hypotheses_and_references(
    view: PairDetailView,
) -> None:
    assert view.text_keys() == (HYP_A, HYP_B, REF_1, REF_2)
    assert view.displayed_text(HYP_A) == "the the cat runs"
    assert view.highlighted_spans(HYP_A) == runs(
        (0, 3, ONLY_A), (4, 7, CLIPPED), (8, 11, BOTH), (12, 16, UNMATCHED)
    )
    assert view.highlighted_spans(HYP_B) == runs(
        (0, 1, ONLY_B), (2, 5, BOTH), (6, 9, ONLY_B)
    )
    # "the cat sat down": "the" paired with A's match, "cat" with both, "sat" with B's.
    assert view.highlighted_spans(REF_1) == runs(
        (0, 3, ONLY_A), (4, 7, BOTH), (8, 11, ONLY_B)
    )
    assert view.highlighted_spans(REF_2) == runs((0, 1, ONLY_B), (2, 5, BOTH))


def test_bigrams_join_the_tokens_of_one_ngram(view: PairDetailView) -> None:
    view.set_order(2)
    assert view.highlighted_spans(HYP_A) == runs(
        (0, 3, UNMATCHED), (4, 11, ONLY_A), (12, 16, UNMATCHED)
    )
    assert view.highlighted_spans(HYP_B) == runs((0, 9, ONLY_B))
    assert view.highlighted_spans(REF_1) == runs((0, 7, ONLY_A), (8, 11, ONLY_B))
    assert view.highlighted_spans(REF_2) == runs((0, 5, ONLY_B))


def test_the_document_carries_each_class_format(view: PairDetailView) -> None:
    palette = view.palette()
    for key in (HYP_A, HYP_B):
        document = view.document(key)
        for start, end, label in view.highlighted_spans(key):
            want = pair_status_format(PairStatus(label), palette)
            for index in range(start, end):
                cursor = QTextCursor(document)
                cursor.setPosition(index + 1)
                got = cursor.charFormat()
                assert got.background().color() == want.background().color()
                assert got.underlineStyle() == want.underlineStyle()
                assert got.fontStrikeOut() == want.fontStrikeOut()
    cursor = QTextCursor(view.document(REF_1))
    cursor.setPosition(9)  # "sat", paired with B's match only
    want = pair_reference_format(ONLY_B, 0, palette)
    assert cursor.charFormat().background().color() == want.background().color()


def test_colour_free_cues_tell_the_classes_apart() -> None:
    palette = light_palette()
    cues = {
        status: (
            pair_status_format(status, palette).underlineStyle(),
            pair_status_format(status, palette).fontStrikeOut(),
        )
        for status in (ONLY_A, ONLY_B, CLIPPED)
    }
    assert len(set(cues.values())) == 3
    assert cues[ONLY_A][0] != cues[ONLY_B][0]


def test_all_orders_are_lanes_under_each_hypothesis(
    view: PairDetailView, qtbot: QtBot
) -> None:
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.order_changed) as changed:
        qtbot.mouseClick(view.order_bar.orders.button(0), Qt.MouseButton.LeftButton)
    assert changed.args == [0]
    lanes_a = tuple(TextKey.hypothesis(Side.A, n) for n in range(1, 5))
    lanes_b = tuple(TextKey.hypothesis(Side.B, n) for n in range(1, 5))
    assert view.text_keys() == (*lanes_a, *lanes_b, REF_1, REF_2)
    assert view.highlighted_spans(lanes_a[1]) == runs(
        (0, 3, UNMATCHED), (4, 11, ONLY_A), (12, 16, UNMATCHED)
    )
    # References show the union of every order's pairings.
    assert view.highlighted_spans(REF_1) == runs((0, 7, ONLY_A), (8, 11, ONLY_B))


def test_tooltip_gives_both_systems_counts(view: PairDetailView) -> None:
    tip = view.tooltip_at(HYP_A, 1)  # the first "the"
    lines = tip.split("<br>")
    assert "1-gram of Baseline covering “the”" in tip
    assert "matched only by Baseline" in lines[0]
    assert lines[1:] == [
        "Baseline: occurs 2×, counted 1×",
        "Challenger: does not have it",
        "at most 1× in one reference (reference 1)",
        "occurrence 1 of 2: counted, licensed by reference 1</div></qt>",
    ]
    tip = view.tooltip_at(HYP_B, 3)  # "cat"
    assert "matched by both" in tip
    assert "Baseline: occurs 1×, counted 1×<br>Challenger: occurs 1×, counted 1×" in tip
    assert "licensed by references 1 and 2" in tip
    assert "beyond the 1 allowed, clipped" in view.tooltip_at(HYP_A, 5)


@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_a_tooltip_event_shows_both_counts(view: PairDetailView, qtbot: QtBot) -> None:
    view.show()
    qtbot.waitExposed(view)
    editor = view.text_widget(HYP_B)
    cursor = QTextCursor(editor.document())
    cursor.setPosition(7)  # "sat"
    point = editor.cursorRect(cursor).center()
    viewport = editor.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    assert QToolTip.isVisible()
    assert "Baseline: does not have it<br>Challenger: occurs 1×, counted 1×" in (
        QToolTip.text()
    )
    QToolTip.hideText()


def test_legend_letters_the_systems(view: PairDetailView) -> None:
    # Each swatch's words are in its tooltip (tests/gui/test_compare_layout.py).
    assert view.legend_text() == (
        " both    only A    only B    clipped    unmatched   ·   ref 1    ref 2   "
    )


def test_headers_give_scores_counts_and_brevity_references(
    view: PairDetailView,
) -> None:
    # sacreBLEU's sentence BLEU of each (effective order, exp smoothing).
    from sacrebleu.metrics.bleu import BLEU

    refs = ["the cat sat down", "a cat"]
    bleu = BLEU(effective_order=True)
    score_a = bleu.sentence_score("the the cat runs", refs).score
    score_b = bleu.sentence_score("a cat sat", refs).score
    assert view.header_text(HYP_A) == (
        f"A (baseline): Baseline  ·  sentence BLEU {score_a:.2f}   "
        "1‑grams:  1  both   1  only A   1  clipped   1  unmatched"
    )
    assert view.header_text(HYP_B) == (
        f"B: Challenger  ·  sentence BLEU {score_b:.2f}   "
        "1‑grams:  1  both   2  only B   0  clipped   0  unmatched"
    )
    # A has 4 tokens: r = 4 (reference 1); B has 3: 4 and 2 tie, the shorter wins.
    assert view.header_text(REF_1) == (
        "■ Reference 1   · its length r = 4 set the brevity penalty of Baseline"
    )
    assert view.header_text(REF_2) == (
        "■ Reference 2   · its length r = 2 set the brevity penalty of Challenger"
    )


def test_hovering_a_match_lights_its_reference_spans(
    view: PairDetailView, qtbot: QtBot
) -> None:
    assert view.linked_spans_at(HYP_A, 9) == {REF_1: [(4, 7)], REF_2: [(2, 5)]}
    assert view.linked_spans_at(HYP_A, 5) == {}  # clipped: paired with nothing
    view.show()
    qtbot.waitExposed(view)
    editor = view.text_widget(HYP_B)
    cursor = QTextCursor(editor.document())
    cursor.setPosition(7)  # "sat"
    point = QPointF(editor.cursorRect(cursor).center())
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        QPointF(editor.viewport().mapToGlobal(point.toPoint())),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(editor.viewport(), move)
    lit = view.text_widget(REF_1).extraSelections()
    assert [(s.cursor.selectionStart(), s.cursor.selectionEnd()) for s in lit] == [
        (8, 11)
    ]
    assert view.text_widget(REF_2).extraSelections() == []
    QApplication.sendEvent(editor.viewport(), QEvent(QEvent.Type.Leave))
    assert view.text_widget(REF_1).extraSelections() == []


def test_a_chosen_ngram_is_emphasised_at_its_order(view: PairDetailView) -> None:
    view.set_chosen_ngram(2, ("the", "cat"))
    assert view.order() == 2
    assert view.emphasised_spans(HYP_A) == [(4, 11)]
    assert view.emphasised_spans(HYP_B) == []
    cursor = QTextCursor(view.document(HYP_A))
    cursor.setPosition(6)
    assert cursor.charFormat().fontWeight() == 700
    # Its colours stay: still the only-A background.
    want = pair_status_format(ONLY_A, view.palette()).background().color()
    assert cursor.charFormat().background().color() == want
    view.set_order(0)  # lanes: emphasised in the bigram lanes
    assert view.emphasised_spans(TextKey.hypothesis(Side.A, 2)) == [(4, 11)]
    view.set_chosen_ngram(2, None)
    assert view.emphasised_spans(TextKey.hypothesis(Side.A, 2)) == []


def test_tokens_button_shows_the_tokens(view: PairDetailView, qtbot: QtBot) -> None:
    view.set_pair(
        explain_pair("It's fine.", "It is fine.", ["It is fine."], BleuConfig())
    )
    view.show()
    qtbot.waitExposed(view)
    qtbot.mouseClick(view.order_bar.tokens, Qt.MouseButton.LeftButton)
    assert view.displayed_text(HYP_A) == "It's fine ."
    assert view.note() == (
        "Showing the tokens as the scorer sees them, joined by single spaces."
    )


def test_a_source_is_shown_and_a_long_one_cut(view: PairDetailView) -> None:
    view.set_pair(hand_made(), source="die Katze")
    assert view.text_keys()[0] == TextKey.source()
    assert view.displayed_text(TextKey.source()) == "die Katze"
    assert view.note() == ""
    view.set_pair(hand_made(), source="x" * 30_000)
    assert view.displayed_text(TextKey.source()) == "x" * 20_000 + " …"
    assert view.note() == "The source is shown up to character 20,000 of 30,000."


def test_long_texts_are_painted_up_to_the_explained_tokens(
    view: PairDetailView,
) -> None:
    pair = explain_pair(
        "a b c d e f g h",
        "a b c x y",
        ["a b c d e f g h i"],
        BleuConfig(),
        names=NAMES,
        limit=4,
    )
    view.set_pair(pair)
    view.set_order(2)
    assert view.displayed_text(HYP_A) == "a b c d …"
    assert view.highlighted_spans(HYP_A) == runs((0, 3, BOTH), (4, 7, ONLY_A))
    assert view.highlighted_spans(HYP_B) == runs((0, 5, BOTH), (6, 7, UNMATCHED))
    assert view.note() == (
        "Too long to highlight in full: highlighting stops in Baseline's hypothesis "
        "at token 4, Challenger's hypothesis at token 4 and reference 1 at token 4; "
        "the numbers are for the whole segments."
    )
    view.set_chosen_ngram(2, ("c", "d"))
    assert view.emphasised_spans(HYP_A) == [(4, 7)]
    assert view.linked_spans_at(HYP_A, 6) == {REF_1: [(4, 7)]}


def test_empty_state_and_message(view: PairDetailView) -> None:
    view.set_pair(None)
    assert view.message() == "Select a sentence to compare the two systems' n-grams."
    assert view.text_keys() == ()
    view.show_message("Choose a second system")
    assert view.message() == "Choose a second system"
    with pytest.raises(KeyError):
        view.displayed_text(HYP_A)


@pytest.mark.parametrize("row", [3, 42, 264, 412])
def test_painting_agrees_with_the_core_on_demo_rows(qtbot: QtBot, row: int) -> None:
    """Unigrams do not overlap: each token shows exactly its core class."""
    refs = [stream[row] for stream in references()]
    pair = explain_pair(
        system("Online-W")[row], system("happypoet")[row], refs, BleuConfig()
    )
    view = PairDetailView()
    qtbot.addWidget(view)
    view.set_pair(pair)
    for side, key in ((Side.A, HYP_A), (Side.B, HYP_B)):
        text = view.displayed_text(key)
        label_of = {}
        for start, end, label in view.highlighted_spans(key):
            for index in range(start, end):
                label_of[index] = label
        for item in pair.orders[0].occurrences(side):
            span = item.occurrence.char_span
            assert span is not None
            for index in range(*span):
                assert label_of[index] == item.status.value, (text, index)


def test_dark_palette_repaints_with_dark_backgrounds(view: PairDetailView) -> None:
    view.setPalette(dark_palette())
    cursor = QTextCursor(view.document(HYP_B))
    cursor.setPosition(1)
    background = cursor.charFormat().background().color()
    assert background == pair_status_format(ONLY_B, dark_palette()).background().color()
    light = pair_status_format(ONLY_B, light_palette()).background().color()
    assert _relative_luminance(background) < _relative_luminance(light) / 3


# --- the palette: distinguishable under colour vision deficiencies -------------------

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB.
_CVD = {
    "normal": np.eye(3),
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}


def _linear(color: QColor) -> np.ndarray:
    rgb = np.array([color.redF(), color.greenF(), color.blueF()])
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    xyz = np.array(
        [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    ) @ np.clip(linear, 0, 1)
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def _distance(one: QColor, other: QColor, matrix: np.ndarray) -> float:
    return float(
        np.linalg.norm(_lab(matrix @ _linear(one)) - _lab(matrix @ _linear(other)))
    )


def _relative_luminance(color: QColor) -> float:
    return float(np.dot([0.2126, 0.7152, 0.0722], _linear(color)))


@pytest.mark.parametrize("palette", [light_palette(), dark_palette()])
def test_only_a_and_only_b_stand_apart_under_every_vision(palette: QPalette) -> None:
    """CIE76 ≥ 18 from every other class and the base, in every simulation."""
    backgrounds = {
        status: pair_status_format(status, palette).background().color()
        for status in PairStatus
    }
    base = palette.color(QPalette.ColorRole.Base)
    for new in (ONLY_A, ONLY_B):
        others = [
            color for s, color in backgrounds.items() if s not in (ONLY_A, ONLY_B)
        ]
        for other, matrix in itertools.product([*others, base], _CVD.values()):
            assert _distance(backgrounds[new], other, matrix) >= 18
    # Never in one text together, but the legend shows them side by side.
    assert _distance(backgrounds[ONLY_A], backgrounds[ONLY_B], _CVD["normal"]) >= 18


@pytest.mark.parametrize("palette", [light_palette(), dark_palette()])
def test_text_on_every_class_is_legible(palette: QPalette) -> None:
    """WCAG contrast of at least 4.5:1 between text and each background."""
    for status in PairStatus:
        text_format = pair_status_format(status, palette)
        lum = sorted(
            (
                _relative_luminance(text_format.background().color()),
                _relative_luminance(text_format.foreground().color()),
            )
        )
        assert (lum[1] + 0.05) / (lum[0] + 0.05) >= 4.5, status
