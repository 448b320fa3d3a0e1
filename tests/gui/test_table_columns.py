"""What each column of the sentence table says: headers, tooltips, cells, alignment.

Every number is checked against sacreBLEU itself (sentence scores, and corpus scores
with one sentence replaced for the Cost column); every text is pinned as users read
it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.cli import demo_paths
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_table import (
    RAW_ROLE,
    Column,
    CostUnit,
    SentenceTableModel,
)
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.sentence_table import SentenceTableView

TIMEOUT = 20_000
HORIZONTAL = Qt.Orientation.Horizontal
DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)

DEMO_REFS, DEMO_HYP = demo_paths()[1:3]
HYPS = DEMO_HYP.read_text(encoding="utf-8").splitlines()
REFS = [path.read_text(encoding="utf-8").splitlines() for path in DEMO_REFS]


def open_browser(qtbot: QtBot, files: FileSet) -> SentenceBrowser:
    """A browser of a new session that has opened and scored `files`."""
    session = Session(processes=1)
    browser = SentenceBrowser(session)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.open_files(files)
    qtbot.waitUntil(lambda: browser.model.effort is not None, timeout=TIMEOUT)
    return browser


@pytest.fixture
def demo(qtbot: QtBot) -> Iterator[SentenceBrowser]:
    """The bundled demo corpus (WMT21 de-en, happypoet, two references), scored."""
    browser = open_browser(qtbot, FileSet(DEMO_HYP, tuple(DEMO_REFS)))
    yield browser
    browser.session.shutdown()


def cells(model: SentenceTableModel, corpus_row: int) -> list[str]:
    row = model.table_row(corpus_row)
    assert row is not None
    return [
        model.index(row, column).data(DISPLAY) for column in range(model.columnCount())
    ]


def sacrebleu_cost(hyps: list[str], refs: list[list[str]], row: int) -> float:
    """sacreBLEU's corpus BLEU with `row` replaced by its closest reference, minus
    the corpus BLEU (closest by 13a token count, ties to the shorter)."""
    tokenize = Tokenizer13a()
    hyp_len = len(tokenize(hyps[row]).split())
    closest = min(
        (ref[row] for ref in refs),
        key=lambda text: (
            abs(len(tokenize(text).split()) - hyp_len),
            len(tokenize(text).split()),
        ),
    )
    perfect = [closest if i == row else hyp for i, hyp in enumerate(hyps)]
    return float(
        sacrebleu.corpus_bleu(perfect, refs).score
        - sacrebleu.corpus_bleu(hyps, refs).score
    )


# --- headers ----------------------------------------------------------------------


def test_headers_say_what_each_column_holds(demo: SentenceBrowser) -> None:
    model = demo.model
    headers = [model.headerData(c, HORIZONTAL) for c in range(model.columnCount())]
    assert headers == [
        "#",
        "BLEU",
        "Cost ×10⁻³",  # the demo's largest cost is 0.49 BLEU points
        "Hyp len",
        "Ref len",
        "BP",
        "p1",
        "p2",
        "p3",
        "p4",
        "Word edits %",
        "Char edits %",
        "Band",
        "Closest ref",
        "QA",
        "QA issues",
        "Hypothesis",
    ]
    tooltips = [
        model.headerData(c, HORIZONTAL, TOOLTIP) for c in range(model.columnCount())
    ]
    assert tooltips == [
        "Segment number (line in the files)",
        "Sentence BLEU (0–100)",
        "How much corpus BLEU would rise if this sentence were perfect (replaced by "
        "the reference its brevity penalty used), in thousandths of a BLEU point; "
        "negative: it would fall",
        "Hypothesis length in tokens",
        "Length in tokens of the reference the brevity penalty used",
        "Sentence brevity penalty (0–1)",
        "1-gram precision (%)",
        "2-gram precision (%)",
        "3-gram precision (%)",
        "4-gram precision (%)",
        "Post-editing effort in words: the words inserted, deleted or replaced to "
        "turn the hypothesis into the closest reference, per word of that reference "
        "(%, Levenshtein on the text as typed, split at spaces)",
        "Post-editing effort in characters: the characters inserted, deleted or "
        "replaced to turn the hypothesis into the closest reference (the one with "
        "the fewest per character), per character of that reference (%)",
        "The fuzzy-match band of 100 % minus the character edit rate, as CAT tools "
        "band matches: 100 % (nothing to change), 95–99, 85–94, 75–84, 50–74, < 50",
        "The reference the edit rates and the band are counted against (1: the "
        "first): of several, the one with the fewest character edits per character",
        "How many QA issues the sentence has (numbers, tags, untranslated, empty, "
        "end punctuation, spaces, inconsistent; the QA panel lists them and "
        "switches checks off)",
        "The sentence's QA issues, each named by its check (sorts by the first "
        "issue's check)",
        "The candidate translation (sorts alphabetically, ignoring case and accents)",
    ]
    assert model.headerData(model.columnCount(), HORIZONTAL) is None
    assert model.headerData(0, Qt.Orientation.Vertical) is None


def test_the_demo_model_passes_qts_model_tests(
    demo: SentenceBrowser, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(demo.model)


# --- cells ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (
            3,
            [
                "3",
                "17.8",
                "+23.99",
                "3",
                "5",
                "0.513",
                "66.7",
                "25.0",
                "25.0",
                "0.0",
                "71.4",  # the recurrence's, `test_effort_columns.expected`
                "51.4",
                "< 50 %",
                "1",  # reference A: 51.4 % against B's 60.7 %
                "0",  # no QA issue (no source: only the checks that need none)
                "",
                "Motorist overlooks biker",
            ],
        ),
        (
            4,
            [
                "4",
                "11.8",
                "+270.6",
                "21",
                "34",
                "0.538",
                "76.2",
                "35.0",
                "15.8",
                "5.6",
                "73.1",
                "64.4",
                "< 50 %",
                "2",  # reference B: 64.4 % against A's 68.3 %
                "0",
                "",
                "A 44th car driver wanted to turn left to the Landesstraße in 1230 "
                "at 21.30 with her VW from Merklingen.",
            ],
        ),
    ],
)
def test_each_cell_of_a_demo_row_shows_sacrebleus_number(
    demo: SentenceBrowser, number: int, expected: list[str]
) -> None:
    row = number - 1
    assert cells(demo.model, row) == expected
    # The numbers behind the texts are sacreBLEU's.
    sentence = sacrebleu.sentence_bleu(HYPS[row], [ref[row] for ref in REFS])
    model = demo.model
    table_row = model.table_row(row)
    assert table_row is not None
    raw = [model.index(table_row, c).data(RAW_ROLE) for c in range(model.columnCount())]
    assert raw[Column.BLEU] == sentence.score
    assert raw[Column.HYP_LEN] == sentence.sys_len
    assert raw[Column.REF_LEN] == sentence.ref_len
    assert raw[Column.BP] == pytest.approx(sentence.bp, rel=1e-12)
    assert raw[len(Column) : len(Column) + 4] == pytest.approx(
        sentence.precisions, rel=1e-12
    )
    assert raw[Column.COST] == pytest.approx(sacrebleu_cost(HYPS, REFS, row), rel=1e-9)
    # Its exact value, in BLEU points, as the Cost cell's tooltip.
    tooltip = model.index(table_row, Column.COST).data(TOOLTIP)
    assert tooltip == f"{sacrebleu_cost(HYPS, REFS, row):+.6g} BLEU points"


def test_numbers_are_right_aligned_and_the_text_left(demo: SentenceBrowser) -> None:
    model = demo.model
    last = model.columnCount() - 1
    issues = last - 1  # the QA issues, in words
    assert model.index(0, last).data(ALIGNMENT) == LEFT
    assert model.index(0, issues).data(ALIGNMENT) == LEFT
    numbers = [model.index(0, c).data(ALIGNMENT) for c in range(issues)]
    assert numbers == [RIGHT] * issues


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# A corpus where one sentence made perfect lowers corpus BLEU: its hypothesis is all
# matched (by reference B) but far longer than its closest reference (A), and its
# length is what keeps the corpus from a brevity penalty.
FALLING_HYPS = [
    "one two three four five six seven eight nine ten eleven twelve",
    "a small cat",
    "the bird sang in the tree today",
]
FALLING_REFS = [
    ["alpha beta gamma delta", "a small cat sat on the mat", FALLING_HYPS[2]],
    [
        "one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
        "a small cat sat on the mat today",
        "a bird sang in a tree",
    ],
]


def test_the_cost_is_signed_as_corpus_bleu_moves(qtbot: QtBot, tmp_path: Path) -> None:
    """Positive: corpus BLEU would rise; negative: it would fall (both shown)."""
    files = FileSet(
        write(tmp_path / "hyp.txt", FALLING_HYPS),
        (
            write(tmp_path / "a.txt", FALLING_REFS[0]),
            write(tmp_path / "b.txt", FALLING_REFS[1]),
        ),
    )
    browser = open_browser(qtbot, files)
    try:
        model = browser.model
        expected = [sacrebleu_cost(FALLING_HYPS, FALLING_REFS, row) for row in range(3)]
        assert expected[0] < -20.0
        assert expected[1:] == [0.0, 0.0]
        raw = [model.index(row, Column.COST).data(RAW_ROLE) for row in range(3)]
        assert raw == pytest.approx(expected, rel=1e-9, abs=1e-12)
        assert model.headerData(Column.COST, HORIZONTAL) == "Cost"
        assert [cells(model, row)[Column.COST] for row in range(3)] == [
            f"{expected[0]:.2f}",  # "-24.85": four significant digits
            "0",
            "0",
        ]
        assert cells(model, 0)[Column.COST] == "-24.85"
    finally:
        browser.session.shutdown()


def test_costs_of_a_huge_corpus_stay_apart(demo: SentenceBrowser) -> None:
    """Costs 10⁴ times smaller (as a corpus of millions of words has) still differ.

    Three decimals of a BLEU point showed +0.000 in every row of a
    262,883-segment corpus.
    """
    demo_scores, corpus, stats = (
        demo.session.scores,
        demo.session.corpus,
        demo.session.stats,
    )
    assert demo_scores is not None
    assert corpus is not None
    assert stats is not None
    gains = demo_scores.gains * 1e-4  # the demo's costs, 10⁴ times smaller
    scores = dataclasses.replace(demo_scores, gains=gains)
    model = SentenceTableModel()
    model.set_content(scores, corpus.hypothesis.lines, stats.hyp_len)
    assert model.cost_unit is CostUnit.MILLIONTHS
    assert model.headerData(Column.COST, HORIZONTAL) == "Cost ×10⁻⁶"
    assert "millionths of a BLEU point" in model.headerData(
        Column.COST, HORIZONTAL, TOOLTIP
    )
    shown = [model.index(r, Column.COST).data(DISPLAY) for r in range(model.rowCount())]
    assert all(
        text not in ("+0.000", "-0.000", "0")
        for text, gain in zip(shown, gains, strict=True)
        if gain
    )
    assert shown[2] == "+2.399"  # row 3: 0.02398… BLEU points ×10⁻⁴
    assert model.index(2, Column.COST).data(RAW_ROLE) == gains[2]  # sorts by this


@pytest.mark.parametrize(
    ("largest", "unit"),
    [
        (0.0, CostUnit.POINTS),
        (24.85, CostUnit.POINTS),
        (1.0, CostUnit.POINTS),
        (0.9999, CostUnit.THOUSANDTHS),
        (0.001, CostUnit.THOUSANDTHS),
        (3.2e-5, CostUnit.MILLIONTHS),
        (-3.2e-5, CostUnit.MILLIONTHS),
        (4e-8, CostUnit.BILLIONTHS),
        (1e-13, CostUnit.BILLIONTHS),
    ],
)
def test_the_cost_unit_fits_the_largest_cost(largest: float, unit: CostUnit) -> None:
    costs = np.array([np.nan, largest / 7.0, largest, 0.0])
    assert CostUnit.for_costs(costs) is unit


@pytest.mark.parametrize(
    ("unit", "cost", "text"),
    [
        (CostUnit.POINTS, 0.25282620779704246, "+0.2528"),
        (CostUnit.POINTS, -24.85227069247142, "-24.85"),
        (CostUnit.POINTS, 0.0, "0"),
        (CostUnit.THOUSANDTHS, 0.02398774441231666, "+23.99"),
        (CostUnit.THOUSANDTHS, 0.4929806, "+493.0"),
        (CostUnit.THOUSANDTHS, 0.0010, "+1.000"),
        (CostUnit.MILLIONTHS, 3.2e-5, "+32.00"),
        (CostUnit.MILLIONTHS, 9.99996e-4, "+1000"),
        (CostUnit.MILLIONTHS, 1.234e-12, "+1.234e-06"),
        (CostUnit.BILLIONTHS, -4.5678e-8, "-45.68"),
    ],
)
def test_costs_read_with_four_significant_digits(
    unit: CostUnit, cost: float, text: str
) -> None:
    assert unit.format(cost) == text


def test_the_cost_header_with_its_unit_is_not_cut(
    qtbot: QtBot, demo: SentenceBrowser
) -> None:
    table = SentenceTableView()
    qtbot.addWidget(table)
    table.set_table_model(demo.model)
    header = table.horizontalHeader()
    assert header.model() is demo.model
    for column in range(demo.model.columnCount() - 1):  # the text column stretches
        if table.isColumnHidden(column):
            continue  # in the Columns menu (the edit rates)
        needed = header.sectionSizeFromContents(column).width()
        assert table.columnWidth(column) >= needed, demo.model.headerData(
            column, HORIZONTAL
        )
