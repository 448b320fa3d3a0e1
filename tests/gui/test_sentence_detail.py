"""The sentence detail view paints exactly the explanation's n-grams, by status."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import (
    QColor,
    QHelpEvent,
    QMouseEvent,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication, QLabel, QTextEdit, QToolTip
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.explain import (
    NgramStatus,
    OrderExplanation,
    SentenceExplanation,
    TokenizedSegment,
    explain_sentence,
)
from bleu_gui.views.highlight_runs import painted_runs
from bleu_gui.views.palette import (
    reference_link_format,
    reference_match_format,
    status_format,
)
from bleu_gui.views.sentence_detail import (
    HYPOTHESIS,
    SOURCE,
    SentenceDetailView,
    TextKey,
)
from tests.gui.palettes import dark_palette

Span = tuple[int, int]
REF_1, REF_2 = TextKey.reference_of(0), TextKey.reference_of(1)


def lane(order: int) -> TextKey:
    """The all-orders lane of the hypothesis showing `order`-grams."""
    return TextKey.hypothesis(lane=order)


EXAMPLES: dict[str, tuple[str, list[str | None], BleuConfig]] = {
    "clipping": ("the the the cat", ["the cat"], BleuConfig()),
    "clipping-two-refs": ("the the the cat", ["the cat", "the the cat"], BleuConfig()),
    "multi-reference": (
        "the cat sat on the mat with the hat",
        ["the cat is on the mat", "there is a cat on the mat with a hat"],
        BleuConfig(),
    ),
    "entity-and-dotted-i": (
        "AT&amp;T İstanbul'da büyüdü .",
        ["at&t istanbul'da büyüdü.", "AT&amp;T büyüdü"],
        BleuConfig(lowercase=True),
    ),
    "chinese": (
        "我喜欢吃苹果，你呢？",
        ["我爱吃苹果，你呢？"],
        BleuConfig(tokenizer="zh"),
    ),
    "empty-hypothesis": ("", ["a reference"], BleuConfig()),
    "absent-reference": ("the cat sat down", ["the cat sat", None], BleuConfig()),
    "astral-plane": ("I like 🍎 and 🍐 a lot", ["I like 🍎 a lot"], BleuConfig()),
}

RANK = {NgramStatus.MATCHED: 0, NgramStatus.CLIPPED: 1, NgramStatus.UNMATCHED: 2}


def explain(name: str) -> SentenceExplanation:
    hypothesis, references, config = EXAMPLES[name]
    return explain_sentence(hypothesis, references, config)


@pytest.fixture
def view(qtbot: QtBot) -> SentenceDetailView:
    widget = SentenceDetailView()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    return widget


# --- an independent, character-by-character statement of the scheme -----------------


def located_spans(segment: TokenizedSegment) -> list[Span]:
    spans = segment.char_spans
    assert all(span is not None for span in spans)
    return [span for span in spans if span is not None]


def expected_runs(
    token_spans: Sequence[Span],
    pieces: Sequence[tuple[int, int, int]],
    labels: list[str],
) -> list[tuple[int, int, str]]:
    """Runs from a per-character labelling: token chars take the best covering rank;
    gap chars the best rank of pieces covering both neighbours, if equal to both."""
    size = max((end for _, end in token_spans), default=0)
    chars: list[int | None] = [None] * size
    token_rank: list[int | None] = []
    for i, (start, end) in enumerate(token_spans):
        ranks = [rank for first, stop, rank in pieces if first <= i < stop]
        best = min(ranks) if ranks else None
        token_rank.append(best)
        for c in range(start, end):
            chars[c] = best
    for i in range(len(token_spans) - 1):
        ranks = [rank for first, stop, rank in pieces if first <= i and stop > i + 1]
        if ranks and min(ranks) == token_rank[i] == token_rank[i + 1]:
            for c in range(token_spans[i][1], token_spans[i + 1][0]):
                chars[c] = min(ranks)
    runs: list[tuple[int, int, str]] = []
    for c, rank in enumerate(chars):
        if rank is None:
            continue
        if runs and runs[-1][1] == c and runs[-1][2] == labels[rank]:
            runs[-1] = (runs[-1][0], c + 1, labels[rank])
        else:
            runs.append((c, c + 1, labels[rank]))
    return runs


STATUS_LABELS = [status.value for status in NgramStatus]


def hypothesis_pieces(order: OrderExplanation) -> list[tuple[int, int, int]]:
    return [(o.start, o.start + order.order, RANK[o.status]) for o in order.hypothesis]


def reference_pieces(
    orders: Sequence[OrderExplanation], k: int
) -> list[tuple[int, int, int]]:
    return [
        (o.start, o.start + order.order, 0)
        for order in orders
        for o in order.references[k]
        if o.matched
    ]


def qt_position(text: str, index: int) -> int:
    return len(text[:index].encode("utf-16-le")) // 2


def background_at(document: QTextDocument, text: str, index: int) -> QColor | None:
    """The background of character `index` of `text` shown in `document`."""
    cursor = QTextCursor(document)
    cursor.setPosition(qt_position(text, index + 1))
    char_format = cursor.charFormat()
    if char_format.background().style() == Qt.BrushStyle.NoBrush:
        return None
    return char_format.background().color()


def assert_document_matches(
    view: SentenceDetailView, which: TextKey, colors: dict[str, QColor]
) -> None:
    """Every character's background is its painted run's colour, or none."""
    text = view.displayed_text(which)
    document = view.document(which)
    assert document.toPlainText() == text.replace("\u00a0", " ")
    painted: dict[int, str] = {}
    for start, end, label in view.highlighted_spans(which):
        for c in range(start, end):
            painted[c] = label
    for c in range(len(text)):
        expected = colors[painted[c]] if c in painted else None
        assert background_at(document, text, c) == expected, (which, c, text[c])


def status_colors(view: SentenceDetailView) -> dict[str, QColor]:
    return {
        status.value: status_format(status, view.palette()).background().color()
        for status in NgramStatus
    }


def reference_colors(view: SentenceDetailView, k: int) -> dict[str, QColor]:
    color = reference_match_format(k, view.palette()).background().color()
    return {"matched": color}


# --- the tests ------------------------------------------------------------------------


def test_clipping_paints_the_occurrence_beyond_the_reference_count(
    view: SentenceDetailView,
) -> None:
    view.set_explanation(explain("clipping"))
    assert view.text_keys() == (HYPOTHESIS, REF_1)
    assert view.highlighted_spans(HYPOTHESIS) == [
        (0, 3, "matched"),
        (4, 7, "clipped"),
        (8, 11, "clipped"),
        (12, 15, "matched"),
    ]
    assert view.highlighted_spans(REF_1) == [
        (0, 3, "matched"),
        (4, 7, "matched"),
    ]
    view.set_order(2)
    # "the the" is in no reference; "the cat" is matched and joins its two tokens.
    assert view.highlighted_spans(HYPOTHESIS) == [
        (0, 7, "unmatched"),
        (8, 15, "matched"),
    ]
    assert view.highlighted_spans(REF_1) == [(0, 7, "matched")]


def test_second_reference_licenses_a_repeated_bigram(view: SentenceDetailView) -> None:
    view.set_explanation(explain("clipping-two-refs"))
    view.set_order(2)
    # "the the" twice here, at most once in one reference: the second is clipped.
    assert view.highlighted_spans(HYPOTHESIS) == [
        (0, 7, "matched"),
        (8, 15, "matched"),
    ]
    view.set_order(1)
    assert [label for *_, label in view.highlighted_spans(HYPOTHESIS)] == [
        "matched",
        "matched",
        "clipped",
        "matched",
    ]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_painted_spans_follow_the_explanation(
    view: SentenceDetailView, name: str, order: int
) -> None:
    explanation = explain(name)
    view.set_explanation(explanation)
    view.set_order(order)
    selected = explanation.orders[order - 1]
    hypothesis = located_spans(explanation.hypothesis)
    assert view.displayed_text(HYPOTHESIS) == explanation.hypothesis.text
    assert view.highlighted_spans(HYPOTHESIS) == expected_runs(
        hypothesis, hypothesis_pieces(selected), STATUS_LABELS
    )
    assert_document_matches(view, HYPOTHESIS, status_colors(view))
    for k, reference in enumerate(explanation.references):
        key = TextKey.reference_of(k)
        if reference is None:
            assert view.displayed_text(key) == ""
            assert view.highlighted_spans(key) == []
            continue
        assert view.displayed_text(key) == reference.text
        assert view.highlighted_spans(key) == expected_runs(
            located_spans(reference), reference_pieces([selected], k), ["matched"]
        )
        assert_document_matches(view, key, reference_colors(view, k))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_all_orders_are_stacked_lanes(view: SentenceDetailView, name: str) -> None:
    explanation = explain(name)
    view.set_explanation(explanation)
    view.set_order(0)
    lanes = tuple(lane(n) for n in range(1, 5))
    references = tuple(
        TextKey.reference_of(k) for k in range(len(explanation.references))
    )
    assert view.text_keys() == lanes + references
    hypothesis = located_spans(explanation.hypothesis)
    for order in explanation.orders:
        key = lane(order.order)
        assert view.displayed_text(key) == explanation.hypothesis.text
        assert view.highlighted_spans(key) == expected_runs(
            hypothesis, hypothesis_pieces(order), STATUS_LABELS
        )
        assert_document_matches(view, key, status_colors(view))
    for k, reference in enumerate(explanation.references):
        if reference is None:
            continue
        key = TextKey.reference_of(k)
        assert view.highlighted_spans(key) == expected_runs(
            located_spans(reference),
            reference_pieces(explanation.orders, k),
            ["matched"],
        )
    labels = {label.text() for label in view.findChildren(QLabel)}
    assert any("1-gram" in text for text in labels)
    assert any("4-gram" in text for text in labels)


def test_a_lane_shows_the_same_spans_as_its_single_order(
    view: SentenceDetailView,
) -> None:
    view.set_explanation(explain("multi-reference"))
    singles = {}
    for order in (1, 2, 3, 4):
        view.set_order(order)
        singles[order] = view.highlighted_spans(HYPOTHESIS)
    view.set_order(0)
    for order in (1, 2, 3, 4):
        assert view.highlighted_spans(lane(order)) == singles[order]


def test_entity_and_dotted_i_are_painted_on_the_original_text(
    view: SentenceDetailView,
) -> None:
    explanation = explain("entity-and-dotted-i")
    assert explanation.hypothesis.tokens[:3] == ("at", "&", "t")
    view.set_explanation(explanation)
    assert not view.is_tokenized(HYPOTHESIS)
    spans = view.highlighted_spans(HYPOTHESIS)
    # "&amp;" is the one token "&", painted over all five original characters.
    assert (2, 7) in [(start, end) for start, end, _ in spans] or any(
        start <= 2 and end >= 7 for start, end, _ in spans
    )
    text = view.displayed_text(HYPOTHESIS)
    assert text.startswith("AT&amp;T İstanbul")


def test_astral_characters_map_to_the_right_document_positions(
    view: SentenceDetailView,
) -> None:
    explanation = explain("astral-plane")
    view.set_explanation(explanation)
    text = view.displayed_text(HYPOTHESIS)
    after = text.index("and")
    # "and" is unmatched; in UTF-16 it starts one position later than in Python.
    assert (
        background_at(view.document(HYPOTHESIS), text, after)
        == status_colors(view)["unmatched"]
    )
    assert (after, after + 3, "unmatched") in view.highlighted_spans(HYPOTHESIS)


def test_show_tokens_paints_token_spans_in_the_tokenized_text(
    view: SentenceDetailView,
) -> None:
    explanation = explain("entity-and-dotted-i")
    view.set_explanation(explanation)
    view.set_show_tokens(True)
    text = view.displayed_text(HYPOTHESIS)
    assert text == " ".join(explanation.hypothesis.tokens)
    assert view.is_tokenized(HYPOTHESIS)
    positions, cursor = [], 0
    for token in explanation.hypothesis.tokens:
        positions.append((cursor, cursor + len(token)))
        cursor += len(token) + 1
    expected = expected_runs(
        positions, hypothesis_pieces(explanation.orders[0]), STATUS_LABELS
    )
    assert view.highlighted_spans(HYPOTHESIS) == expected
    assert_document_matches(view, HYPOTHESIS, status_colors(view))
    reference = explanation.references[0]
    assert reference is not None
    assert view.displayed_text(REF_1) == " ".join(reference.tokens)
    notes = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    assert any("tokens as the scorer sees them" in note for note in notes)
    view.set_show_tokens(False)
    assert view.displayed_text(HYPOTHESIS) == explanation.hypothesis.text


def test_unlocatable_tokens_fall_back_to_the_tokenized_text(
    view: SentenceDetailView,
) -> None:
    explanation = explain("multi-reference")
    hypothesis = explanation.hypothesis
    lost = TokenizedSegment(
        hypothesis.text,
        hypothesis.tokens,
        (None, *hypothesis.char_spans[1:]),
    )
    view.set_explanation(dataclasses.replace(explanation, hypothesis=lost))
    assert view.is_tokenized(HYPOTHESIS)
    assert not view.is_tokenized(REF_1)
    assert view.displayed_text(HYPOTHESIS) == " ".join(hypothesis.tokens)
    notes = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    assert any("for the hypothesis" in note for note in notes)


def test_tooltip_of_a_clipped_token_gives_the_counts(view: SentenceDetailView) -> None:
    view.set_explanation(explain("clipping"))
    tooltip = view.tooltip_at(HYPOTHESIS, 9)
    assert "clipped" in tooltip
    assert "occurs 3× in the hypothesis" in tooltip
    assert "at most 1× in one reference (ref 1)" in tooltip
    assert "occurrence 3 of 3" in tooltip
    matched = view.tooltip_at(HYPOTHESIS, 0)
    assert "occurrence 1 of 3" in matched
    assert "licensed by reference 1" in matched
    assert view.tooltip_at(HYPOTHESIS, 3) == ""  # the space of a unigram view
    view.set_order(2)
    # Token 2 is covered by two bigrams: "the the" (unmatched), "the cat" (matched).
    both = view.tooltip_at(HYPOTHESIS, 9)
    assert "2-grams covering" in both
    assert "in no reference" in both
    assert "licensed by reference 1" in both


def test_tooltip_names_every_licensing_reference(view: SentenceDetailView) -> None:
    view.set_explanation(explain("clipping-two-refs"))
    first = view.tooltip_at(HYPOTHESIS, 0)
    assert "licensed by references 1 and 2" in first
    second = view.tooltip_at(HYPOTHESIS, 5)
    assert "licensed by reference 2" in second
    assert "at most 2× in one reference (ref 2)" in second


def test_reference_tooltip_says_whether_a_span_was_used(
    view: SentenceDetailView,
) -> None:
    view.set_explanation(explain("clipping-two-refs"))
    view.set_order(2)
    assert "paired with occurrence 1" in view.tooltip_at(REF_2, 1)
    view.set_order(3)
    assert "paired" in view.tooltip_at(REF_2, 1)


# The offscreen platform cannot raise the tooltip window; real platforms can.
@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_tooltip_event_shows_the_tooltip(
    view: SentenceDetailView, qtbot: QtBot
) -> None:
    view.set_explanation(explain("clipping"))
    view.show()
    qtbot.waitExposed(view)
    editor = next(
        edit
        for edit in view.findChildren(QTextEdit)
        if edit.document() is view.document(HYPOTHESIS)
    )
    cursor = QTextCursor(editor.document())
    cursor.setPosition(9)
    point = editor.cursorRect(cursor).center()
    viewport = editor.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    assert QToolTip.isVisible()
    assert "occurs 3× in the hypothesis" in QToolTip.text()
    QToolTip.hideText()


def test_hovering_a_matched_token_lights_up_its_reference_spans(
    view: SentenceDetailView, qtbot: QtBot
) -> None:
    view.set_explanation(explain("clipping-two-refs"))
    assert view.linked_spans_at(HYPOTHESIS, 13) == {
        REF_1: [(4, 7)],
        REF_2: [(8, 11)],
    }
    assert view.linked_spans_at(HYPOTHESIS, 9) == {}  # clipped: paired with nothing
    view.show()
    qtbot.waitExposed(view)
    editors = {
        key: next(
            edit
            for edit in view.findChildren(QTextEdit)
            if edit.document() is view.document(key)
        )
        for key in (HYPOTHESIS, REF_1, REF_2)
    }
    hypothesis = editors[HYPOTHESIS]
    cursor = QTextCursor(hypothesis.document())
    cursor.setPosition(13)
    point = QPointF(hypothesis.cursorRect(cursor).center())
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        QPointF(hypothesis.viewport().mapToGlobal(point.toPoint())),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(hypothesis.viewport(), move)
    selections = editors[REF_2].extraSelections()
    assert [
        (s.cursor.selectionStart(), s.cursor.selectionEnd()) for s in selections
    ] == [(8, 11)]
    QApplication.sendEvent(hypothesis.viewport(), QEvent(QEvent.Type.Leave))
    assert editors[REF_2].extraSelections() == []


def test_the_second_reference_is_named_painted_and_lit_as_the_second(
    view: SentenceDetailView, qtbot: QtBot
) -> None:
    # Two references, only the second licenses a match: "x y" is its bigram at
    # characters 0-3 (hand count); the first shares no word with the hypothesis.
    view.set_explanation(explain_sentence("x y", ["a b c", "x y z"], BleuConfig()))
    view.set_order(2)
    assert view.header_text(REF_1).startswith("■ Reference 1")
    assert view.header_text(REF_2).startswith("■ Reference 2")
    assert "0 of 2 2-grams paired" in view.header_text(REF_1)
    assert "1 of 2 2-grams paired" in view.header_text(REF_2)
    assert view.highlighted_spans(REF_1) == []
    assert view.highlighted_spans(REF_2) == [(0, 3, "matched")]
    assert_document_matches(view, REF_2, reference_colors(view, 1))
    assert "paired with occurrence 1" in view.tooltip_at(REF_2, 0)
    assert "<b>a b</b>" in view.tooltip_at(REF_1, 0)
    assert "not used" in view.tooltip_at(REF_1, 0)
    assert "licensed by reference 2" in view.tooltip_at(HYPOTHESIS, 0)
    assert view.linked_spans_at(HYPOTHESIS, 0) == {REF_2: [(0, 3)]}
    view.show()
    qtbot.waitExposed(view)
    view.text_widget(HYPOTHESIS).hovered.emit(0)
    assert view.text_widget(REF_1).extraSelections() == []
    (lit,) = view.text_widget(REF_2).extraSelections()
    assert (lit.cursor.selectionStart(), lit.cursor.selectionEnd()) == (0, 3)
    link = reference_link_format(1, view.palette()).background().color()
    assert lit.format.background().color() == link


def test_order_changed_is_emitted_for_a_new_order_only(
    view: SentenceDetailView, qtbot: QtBot
) -> None:
    with qtbot.waitSignal(view.order_changed) as blocker:
        view.set_order(3)
    assert blocker.args == [3]
    with qtbot.assertNotEmitted(view.order_changed):
        view.set_order(3)
    with pytest.raises(ValueError, match="order"):
        view.set_order(-1)
    assert view.order() == 3


def test_headers_show_score_length_reference_and_absent_reference(
    view: SentenceDetailView,
) -> None:
    explanation = explain("absent-reference")
    view.set_explanation(explanation, source="le chat s'est assis")
    assert view.text_keys()[0] == SOURCE
    assert view.displayed_text(SOURCE) == "le chat s'est assis"
    assert view.highlighted_spans(SOURCE) == []
    texts = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    assert any(f"{explanation.score.score:.2f}" in text for text in texts)
    first = next(text for text in texts if "Reference 1" in text)
    second = next(text for text in texts if "Reference 2" in text)
    assert explanation.length_refs == (0,)
    assert "brevity penalty" in first
    assert "(none)" in second
    assert "brevity penalty" not in second


def test_empty_state_and_clearing(view: SentenceDetailView) -> None:
    assert view.text_keys() == ()
    view.set_explanation(explain("multi-reference"))
    assert HYPOTHESIS in view.text_keys()
    view.set_explanation(None)
    assert view.text_keys() == ()
    with pytest.raises(KeyError, match="hypothesis"):
        view.highlighted_spans(HYPOTHESIS)
    labels = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    assert any("Select a sentence" in text for text in labels)


def test_fewer_references_rebuild_the_reference_boxes(view: SentenceDetailView) -> None:
    view.set_explanation(explain("clipping-two-refs"))
    assert REF_2 in view.text_keys()
    view.set_explanation(explain("clipping"))
    assert view.text_keys() == (HYPOTHESIS, REF_1)


def test_dark_palette_repaints_with_dark_distinct_colours(
    view: SentenceDetailView,
) -> None:
    view.set_explanation(explain("multi-reference"))
    view.set_order(1)
    light = status_colors(view)
    view.setPalette(dark_palette())
    dark = status_colors(view)
    assert len({color.name() for color in dark.values()}) == 3
    for status in light:
        assert dark[status] != light[status]
        assert dark[status].lightness() < light[status].lightness()
    assert_document_matches(view, HYPOTHESIS, dark)
    assert_document_matches(view, REF_1, reference_colors(view, 0))
    text_color = status_format(NgramStatus.MATCHED, view.palette()).foreground().color()
    assert text_color.lightness() > 200


def test_painted_runs_merge_only_inside_one_ngram() -> None:
    tokens = [(0, 1), (2, 3), (4, 5)]
    # Two matched bigrams overlap on the middle token: one block over all three.
    assert painted_runs(
        tokens, [(0, 2, "matched"), (1, 3, "matched")], STATUS_LABELS
    ) == [(0, 5, "matched")]
    # Unigrams never join.
    assert painted_runs(
        tokens, [(0, 1, "matched"), (1, 2, "matched")], STATUS_LABELS
    ) == [(0, 1, "matched"), (2, 3, "matched")]
    # A clipped bigram between two tokens matched by other bigrams is not a block.
    pieces = [(0, 1, "matched"), (0, 2, "clipped"), (1, 2, "matched")]
    assert painted_runs([(0, 1), (2, 3)], pieces, STATUS_LABELS) == [
        (0, 1, "matched"),
        (2, 3, "matched"),
    ]


# The offscreen platform cannot raise the tooltip window; real platforms can.
@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_hit_testing_maps_points_to_characters(
    view: SentenceDetailView, qtbot: QtBot
) -> None:
    view.set_explanation(explain("astral-plane"))
    view.show()
    qtbot.waitExposed(view)
    text = view.displayed_text(HYPOTHESIS)
    editor = next(
        edit
        for edit in view.findChildren(QTextEdit)
        if edit.document() is view.document(HYPOTHESIS)
    )
    index = text.index("and") + 1
    cursor = QTextCursor(editor.document())
    cursor.setPosition(qt_position(text, index))
    left = editor.cursorRect(cursor)
    cursor.setPosition(qt_position(text, index + 1))
    right = editor.cursorRect(cursor)
    point = QPoint((left.center().x() + right.center().x()) // 2, left.center().y())
    event = QHelpEvent(QEvent.Type.ToolTip, point, editor.viewport().mapToGlobal(point))
    QApplication.sendEvent(editor.viewport(), event)
    assert "and" in QToolTip.text()
    QToolTip.hideText()


def test_reference_names_rename_the_headers_without_repainting(
    view: SentenceDetailView,
) -> None:
    explanation = explain("absent-reference")
    view.set_explanation(explanation)
    edits: list[str] = []
    for key in view.text_keys():
        view.document(key).contentsChanged.connect(lambda key=key: edits.append(key))
    view.set_reference_names(["a.txt", "b.txt"])
    view.set_reference_names(["a.txt", "b.txt"])  # the same names: nothing to do
    assert edits == []
    texts = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    first = next(text for text in texts if "Reference 1" in text)
    second = next(text for text in texts if "Reference 2" in text)
    assert "(a.txt)" in first
    assert "brevity penalty" in first
    assert "(b.txt)" in second
    assert "(none)" in second
    view.set_explanation(explain("multi-reference"))
    texts = [
        label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)
    ]
    assert any("Reference 2</b> (b.txt)" in text for text in texts)
