"""The salient n-gram lists: the core's lists, sortable, and a click says which.

A = Online-W (baseline), B = happypoet, on the bundled demo.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from functools import cache

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.salient import SalientOrder, salient_ngrams
from bleu_gui.core.scoring import iter_prepare
from bleu_gui.core.steps import drain
from bleu_gui.models.salient_model import RAW_ROLE, SalientColumn, SalientModel
from bleu_gui.views.salient_list import EMPTY_TEXT, SalientList
from tests.core.demo_systems import references, system
from tests.gui.palettes import dark_palette

# The offscreen platform's note when a shown widget's size hints change.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

A, B = "Online-W", "happypoet"
NAMES = (A, B)


@cache
def results() -> tuple[SalientOrder, ...]:
    refs = references()
    config = BleuConfig()
    tokens_a, _ = drain(iter_prepare(system(A), refs, config))
    tokens_b, _ = drain(iter_prepare(system(B), refs, config))
    return salient_ngrams(tokens_a, tokens_b)


@pytest.fixture
def lists(qtbot: QtBot) -> SalientList:
    widget = SalientList()
    qtbot.addWidget(widget)
    widget.resize(400, 720)
    widget.set_results(results(), NAMES)
    return widget


def shown(table: QTableView, column: SalientColumn, role: int) -> list[object]:
    model = table.model()
    return [model.index(row, column).data(role) for row in range(model.rowCount())]


def shown_keys(table: QTableView, column: SalientColumn) -> list[int] | list[str]:
    """The column's raw values top to bottom (n-grams case-folded, as Qt sorts)."""
    values = shown(table, column, RAW_ROLE)
    if column is SalientColumn.NGRAM:
        return [str(value).casefold() for value in values]
    return [int(str(value)) for value in values]


def shown_grams(table: QTableView) -> list[str]:
    return sorted(str(value) for value in shown(table, SalientColumn.NGRAM, RAW_ROLE))


def clipped_matches(name: str, gram: tuple[str, ...]) -> int:
    """How often `name` gets `gram` counted over the demo, by BLEU's clipping."""
    tokenize = Tokenizer13a()
    n = len(gram)
    total = 0
    for row, hypothesis in enumerate(system(name)):

        def count(text: str) -> int:
            words = tokenize(text).split()
            grams = Counter(zip(*(words[i:] for i in range(n)), strict=False))
            return grams[gram]

        most = max(count(stream[row]) for stream in references())
        total += min(count(hypothesis), most)
    return total


def test_models_pass_the_model_tester(qtmodeltester: ModelTester) -> None:
    for side in Side:
        model = SalientModel(side)
        model.set_results(results(), NAMES)
        model.set_order(3)
        qtmodeltester.check(model)


def test_lists_are_the_cores_largest_gain_first(lists: SalientList) -> None:
    lists.set_order(2)
    bigrams = results()[1]
    for side, want in ((Side.B, bigrams.b_over_a), (Side.A, bigrams.a_over_b)):
        table = lists.table(side)
        assert shown(table, SalientColumn.NGRAM, Qt.ItemDataRole.DisplayRole) == [
            " ".join(item.gram) for item in want
        ]
        assert shown(table, SalientColumn.GAIN, Qt.ItemDataRole.DisplayRole) == [
            f"+{item.gain}" for item in want
        ]
        assert shown(table, SalientColumn.SENTENCES, RAW_ROLE) == [
            len(item.rows) for item in want
        ]
    # The top of B's list, counted here with sacreBLEU's tokenizer.
    model = lists.table(Side.B).model()
    first = [model.index(0, c).data() for c in SalientColumn]
    assert first[0] == "of the"
    assert first[2:4] == [
        str(clipped_matches(A, ("of", "the"))),
        str(clipped_matches(B, ("of", "the"))),
    ]


def test_titles_and_headers_name_the_systems(lists: SalientList) -> None:
    lists.set_order(2)
    assert lists.title(Side.B) == (
        "happypoet gets these 2-grams right more often than Online-W (20 listed)"
    )
    assert lists.title(Side.A) == (
        "Online-W gets these 2-grams right more often than happypoet (20 listed)"
    )
    model = lists.table(Side.A).model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in SalientColumn]
    assert headers == ["n-gram", "gain", "A", "B", "sentences"]
    assert (
        model.headerData(
            SalientColumn.MATCHES_B,
            Qt.Orientation.Horizontal,
            Qt.ItemDataRole.ToolTipRole,
        )
        == "How many times B (happypoet) gets it counted (clipped matches)"
    )
    assert model.headerData(
        SalientColumn.GAIN, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    ) == (
        "How many more times Online-W gets it counted than happypoet, over the "
        "corpus (clipped matches)"
    )


def test_clicking_a_row_emits_its_ngram_and_sentences(
    lists: SalientList, qtbot: QtBot
) -> None:
    lists.set_order(2)
    lists.show()
    qtbot.waitExposed(lists)
    table = lists.table(Side.B)
    want = results()[1].b_over_a[2]
    index = table.model().index(2, SalientColumn.GAIN)
    assert table.model().index(2, SalientColumn.NGRAM).data() == " ".join(want.gram)
    with qtbot.waitSignal(lists.ngram_chosen) as chosen:
        qtbot.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=table.visualRect(index).center(),
        )
    assert chosen.args == [2, want.gram, want.rows]
    # Through a sort: the row clicked is the row shown.
    table = lists.table(Side.A)
    table.sortByColumn(SalientColumn.NGRAM, Qt.SortOrder.AscendingOrder)
    index = table.model().index(0, SalientColumn.NGRAM)
    want = next(
        item for item in results()[1].a_over_b if " ".join(item.gram) == index.data()
    )
    with qtbot.waitSignal(lists.ngram_chosen) as chosen:
        qtbot.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=table.visualRect(index).center(),
        )
    assert chosen.args == [2, want.gram, want.rows]


@pytest.mark.parametrize("column", list(SalientColumn))
@pytest.mark.parametrize(
    "order", [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder]
)
def test_sorting_by_each_column_both_ways(
    lists: SalientList, column: SalientColumn, order: Qt.SortOrder
) -> None:
    table = lists.table(Side.B)
    before = shown_grams(table)
    table.sortByColumn(column, order)
    values = shown_keys(table, column)
    descending = order is Qt.SortOrder.DescendingOrder
    assert len(set(values)) > 1  # a sort that can be seen
    assert values == sorted(values, reverse=descending)
    assert shown_grams(table) == before


def test_clicking_a_header_sorts(lists: SalientList, qtbot: QtBot) -> None:
    lists.show()
    qtbot.waitExposed(lists)
    table = lists.table(Side.A)
    header = table.horizontalHeader()
    point = header.rect().topLeft()
    point.setX(header.sectionViewportPosition(SalientColumn.MATCHES_A) + 5)
    point.setY(header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=point)
    first = shown_keys(table, SalientColumn.MATCHES_A)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=point)
    second = shown_keys(table, SalientColumn.MATCHES_A)
    assert header.sortIndicatorSection() == SalientColumn.MATCHES_A
    assert {tuple(first), tuple(second)} == {
        tuple(sorted(first)),
        tuple(sorted(first, reverse=True)),
    }


def test_pending_then_results(lists: SalientList) -> None:
    lists.set_pending("Counting the n-grams of both systems…")
    assert lists.message() == "Counting the n-grams of both systems…"
    assert lists.model(Side.B).rowCount() == 0
    assert lists.model(Side.B).pending() == "Counting the n-grams of both systems…"
    lists.set_results(results(), NAMES)
    assert lists.message() == ""
    assert lists.model(Side.B).rowCount() == len(results()[0].b_over_a)
    lists.show_message("Choose a second system.")
    assert lists.message() == "Choose a second system."
    lists.set_results(None, NAMES)
    assert lists.message() == EMPTY_TEXT


def test_order_buttons_choose_the_order(lists: SalientList, qtbot: QtBot) -> None:
    lists.show()
    qtbot.waitExposed(lists)
    lists.setPalette(dark_palette())
    qtbot.mouseClick(lists.order_buttons().button(4), Qt.MouseButton.LeftButton)
    assert lists.order() == 4
    assert lists.model(Side.A).item(0) == results()[3].a_over_b[0]


def test_the_model_imports_no_widgets() -> None:
    code = (
        "import sys, bleu_gui.models.salient_model; "
        "assert 'PySide6.QtWidgets' not in sys.modules, 'the model imported widgets'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_asking_again_while_pending_resets_nothing(
    lists: SalientList, qtbot: QtBot
) -> None:
    """Each system that arrives asks again; the list, already waiting, stays as is."""
    model = lists.model(Side.B)
    lists.set_pending("Counting the n-grams of both systems…")
    with qtbot.assertNotEmitted(model.modelReset):
        lists.set_pending("Counting the n-grams of both systems…")
    assert model.pending() == "Counting the n-grams of both systems…"
    with qtbot.waitSignal(model.modelReset, timeout=1_000):
        lists.set_pending("Counting the n-grams of A and C…")
    assert model.pending() == "Counting the n-grams of A and C…"
    lists.set_results(results(), NAMES)
    with qtbot.waitSignal(model.modelReset, timeout=1_000):
        lists.set_pending("Counting the n-grams of A and C…")
    assert model.rowCount() == 0
