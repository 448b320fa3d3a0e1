"""How the sentence table sorts: every column by its own key, both ways, NaN last.

The expected orders come from sacreBLEU's numbers (sentence scores, lengths,
precisions, and corpus scores with one sentence replaced for the Cost column) and
from Python's stable `sorted`, never from the browser's own keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import QItemSelectionModel, QSettings, Qt
from pytestqt.qtbot import QtBot
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, Compat
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_table import (
    RAW_ROLE,
    ROW_ROLE,
    Column,
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.main_window import MainWindow

TIMEOUT = 20_000
ASCENDING = Qt.SortOrder.AscendingOrder
DESCENDING = Qt.SortOrder.DescendingOrder
SIZE = 40  # the first 40 segments of the demo

_DEMO_REFS, _DEMO_HYP = demo_paths()[1:3]
HYPS = _DEMO_HYP.read_text(encoding="utf-8").splitlines()[:SIZE]
REFS = [path.read_text(encoding="utf-8").splitlines()[:SIZE] for path in _DEMO_REFS]
SOURCE = [f"Quelle Nummer {i}." for i in range(SIZE)]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def fileset(
    folder: Path, hyps: list[str], refs: list[list[str]], source: list[str] | None
) -> FileSet:
    folder.mkdir(parents=True, exist_ok=True)
    return FileSet(
        write(folder / "hyp.txt", hyps),
        tuple(write(folder / f"ref{k}.txt", ref) for k, ref in enumerate(refs)),
        write(folder / "src.txt", source) if source is not None else None,
    )


def scored(qtbot: QtBot, session: Session, request: Callable[[], object]) -> None:
    """Run `request` and wait for its scores (the browser has handled them then)."""
    with qtbot.waitSignals(
        [session.workspace_changed, session.busy_changed],
        check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda busy: not busy],
        timeout=TIMEOUT,
    ):
        request()


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    session = Session(processes=1)
    yield session
    session.shutdown()


@pytest.fixture
def browser(qtbot: QtBot, session: Session, tmp_path: Path) -> SentenceBrowser:
    """The first 40 demo segments with their source, scored like sacreBLEU."""
    browser = SentenceBrowser(session)
    files = fileset(tmp_path / "demo", HYPS, REFS, SOURCE)
    scored(qtbot, session, lambda: session.open_files(files))
    return browser


def shown(browser: SentenceBrowser) -> list[int]:
    model = browser.model
    return [model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())]


def sacrebleu_cost(row: int) -> float:
    tokenize = Tokenizer13a()

    def length(text: str) -> int:
        return len(tokenize(text).split())

    closest = min(
        (ref[row] for ref in REFS),
        key=lambda text: (abs(length(text) - length(HYPS[row])), length(text)),
    )
    perfect = [closest if i == row else hyp for i, hyp in enumerate(HYPS)]
    return float(
        sacrebleu.corpus_bleu(perfect, REFS).score
        - sacrebleu.corpus_bleu(HYPS, REFS).score
    )


def oracle_keys() -> dict[str, list[float] | list[str]]:
    """Per column header, what it must sort by: sacreBLEU's numbers, the texts."""
    sentences = [
        sacrebleu.sentence_bleu(hyp, [ref[i] for ref in REFS])
        for i, hyp in enumerate(HYPS)
    ]
    keys: dict[str, list[float] | list[str]] = {
        "#": [float(i) for i in range(SIZE)],
        "BLEU": [s.score for s in sentences],
        "Cost": [sacrebleu_cost(i) for i in range(SIZE)],
        "Hyp len": [float(s.sys_len) for s in sentences],
        "Ref len": [float(s.ref_len) for s in sentences],
        "BP": [s.bp for s in sentences],
    }
    for n in range(4):
        keys[f"p{n + 1}"] = [s.precisions[n] for s in sentences]
    # No two of these 40 texts differ only in accents: case folding orders them.
    keys["Hypothesis"] = [hyp.casefold() for hyp in HYPS]
    return keys


ORACLE = oracle_keys()


@pytest.mark.parametrize("order", [ASCENDING, DESCENDING])
@pytest.mark.parametrize("header", list(ORACLE))
def test_every_column_sorts_by_its_key(
    browser: SentenceBrowser, header: str, order: Qt.SortOrder
) -> None:
    model = browser.model
    headers = [
        str(model.headerData(c, Qt.Orientation.Horizontal))
        for c in range(model.columnCount())
    ]
    column = next(c for c, text in enumerate(headers) if text.startswith(header))
    browser.sort_by(column, order)
    key = ORACLE[header]
    expected = sorted(
        range(SIZE), key=key.__getitem__, reverse=order == DESCENDING
    )  # stable: ties keep corpus order, in both directions
    assert shown(browser) == expected
    assert browser.sort == (column, order)


def test_the_text_sorts_alphabetically_not_by_length(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    """Case and accents do not separate words; ties keep corpus order; empty last."""
    hyps = ["zoo", "Apple", "école", "apple", "Ecole", "Zebra", "", "banana", "Éclair"]
    refs = [["a reference"] * len(hyps)]
    browser = SentenceBrowser(session)
    files = fileset(tmp_path / "words", hyps, refs, None)
    scored(qtbot, session, lambda: session.open_files(files))
    text = browser.model.hypothesis_column()

    def texts() -> list[str]:
        return [hyps[row] for row in shown(browser)]

    browser.sort_by(text, ASCENDING)
    assert texts() == [
        "Apple",
        "apple",
        "banana",
        "Éclair",
        "école",
        "Ecole",
        "Zebra",
        "zoo",
        "",
    ]
    browser.sort_by(text, DESCENDING)
    assert texts() == [
        "zoo",
        "Zebra",
        "école",
        "Ecole",
        "Éclair",
        "banana",
        "Apple",
        "apple",
        "",
    ]


# --- unscorable rows ------------------------------------------------------------------


def test_unscorable_rows_sort_last_both_ways(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    """tensorflow/nmt cannot score an empty hypothesis: its numbers are NaN ("—")."""
    hyps = [*HYPS[:6], "", *HYPS[6:10], ""]
    refs = [[*ref[:6], "Nothing.", *ref[6:10], "Nobody."] for ref in REFS]
    browser = SentenceBrowser(session)
    files = fileset(tmp_path / "tf", hyps, refs, None)
    scored(qtbot, session, lambda: session.open_files(files))
    scored(qtbot, session, lambda: session.set_config(BleuConfig(compat=Compat.TF_NMT)))
    model = browser.model
    unscorable = {6, 11}
    first = model.table_row(6)
    assert first is not None
    for column in (Column.BLEU, Column.REF_LEN, Column.BP):
        assert model.index(first, column).data() == "—"
    for column in [Column.BLEU, Column.REF_LEN, Column.BP, *range(6, 10)]:
        for order in (ASCENDING, DESCENDING):
            browser.sort_by(column, order)
            rows = shown(browser)
            assert set(rows[-2:]) == unscorable, (column, order)
            assert rows[-2:] == [6, 11]  # in corpus order
            values = [model.index(r, column).data(RAW_ROLE) for r in range(10)]
            assert values == sorted(values, reverse=order == DESCENDING)


# --- the selection --------------------------------------------------------------------


def test_the_selection_follows_its_sentence_to_the_top(
    browser: SentenceBrowser,
) -> None:
    model = browser.model
    selection = QItemSelectionModel(model)
    best = max(range(SIZE), key=ORACLE["BLEU"].__getitem__)
    row = model.table_row(best)
    assert row is not None
    assert row > 0
    flags = (
        QItemSelectionModel.SelectionFlag.ClearAndSelect
        | QItemSelectionModel.SelectionFlag.Rows
    )
    selection.setCurrentIndex(model.index(row, 0), flags)
    browser.sort_by(Column.BLEU, DESCENDING)
    selected = selection.selectedRows()
    assert [index.row() for index in selected] == [0]
    assert selected[0].data(ROW_ROLE) == best
    assert selection.currentIndex().row() == 0


# --- columns that change --------------------------------------------------------------


def test_a_sort_by_a_removed_precision_column_falls_back_to_corpus_order(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    """p4 sorted, then a maximum order of 2: no p4 column, so corpus order, said."""
    model = browser.model
    browser.sort_by(model.precision_column(4), DESCENDING)
    announced: list[tuple[int, Qt.SortOrder]] = []
    browser.sort_changed.connect(
        lambda column, order: announced.append((column, order))
    )
    scored(qtbot, session, lambda: session.set_config(BleuConfig(max_order=2)))
    assert (
        model.columnCount() == len(Column) + 2 + 4 + 2 + 1
    )  # p1, p2, effort, QA, text
    assert browser.sort == (0, ASCENDING)
    assert announced == [(0, ASCENDING)]
    assert shown(browser) == list(range(SIZE))
    # Back to order 4: the sort stays where it fell back to.
    scored(qtbot, session, lambda: session.set_config(BleuConfig(max_order=4)))
    assert browser.sort == (0, ASCENDING)
    assert announced == [(0, ASCENDING)]


def test_a_sort_by_the_text_follows_the_text_column(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    """A higher maximum order moves the text column right; the sort moves with it."""
    model = browser.model
    browser.sort_by(model.hypothesis_column(), ASCENDING)
    before = shown(browser)
    announced: list[tuple[int, Qt.SortOrder]] = []
    browser.sort_changed.connect(
        lambda column, order: announced.append((column, order))
    )
    scored(qtbot, session, lambda: session.set_config(BleuConfig(max_order=6)))
    assert model.hypothesis_column() == len(Column) + 6 + 4 + 2  # effort (4), QA (2)
    assert announced == [(model.hypothesis_column(), ASCENDING)]
    assert browser.sort == (model.hypothesis_column(), ASCENDING)
    assert shown(browser) == before
    # A column number is a place: the one that was p5's is p5's, whatever moved.
    browser.sort_by(len(Column) + 4, DESCENDING)
    assert browser.sort == (len(Column) + 4, DESCENDING)


def test_a_request_for_a_column_that_is_gone_keeps_the_sort(
    browser: SentenceBrowser,
) -> None:
    browser.sort_by(Column.BLEU, DESCENDING)
    before = shown(browser)
    announced: list[tuple[int, Qt.SortOrder]] = []
    browser.sort_changed.connect(
        lambda column, order: announced.append((column, order))
    )
    browser.sort_by(browser.model.columnCount() + 3, ASCENDING)
    assert shown(browser) == before
    assert announced == [(int(Column.BLEU), DESCENDING)]


def test_the_header_shows_the_sort_that_is_in_force(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    files = fileset(tmp_path / "demo", HYPS, REFS, SOURCE)
    scored(qtbot, session, lambda: session.open_files(files))
    header = window.table.horizontalHeader()
    header.setSortIndicator(window.browser.model.precision_column(4), DESCENDING)
    assert window.browser.sort == (window.browser.model.precision_column(4), DESCENDING)
    scored(qtbot, session, lambda: session.set_config(BleuConfig(max_order=3)))
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        0,
        ASCENDING,
    )
    assert shown(window.browser) == list(range(SIZE))
    text = window.browser.model.hypothesis_column()
    header.setSortIndicator(text, ASCENDING)
    scored(qtbot, session, lambda: session.set_config(BleuConfig(max_order=5)))
    assert window.browser.model.hypothesis_column() == text + 2
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        text + 2,
        ASCENDING,
    )


# --- the search flags -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Nummer 3.", "in_source"),
        (HYPS[7][:30], "in_hypothesis"),
        (REFS[1][12][:30], "in_references"),
    ],
)
def test_each_search_flag_searches_its_text(
    browser: SentenceBrowser, text: str, field: str
) -> None:
    """Each text is found through its own flag, and not without it."""
    row = {"in_source": 3, "in_hypothesis": 7, "in_references": 12}[field]
    browser.set_filter(_searching(text, only=field))
    assert shown(browser) == [row]
    browser.set_filter(_searching(text, without=field))
    assert row not in shown(browser)


def test_the_src_box_searches_the_source(
    qtbot: QtBot, browser: SentenceBrowser
) -> None:
    bar = FilterBar()
    qtbot.addWidget(bar)
    bar.filter_requested.connect(browser.set_filter)
    bar.search.setText("Nummer 3.")
    assert shown(browser) == [3]
    bar.in_src.setChecked(False)
    assert bar.current_filter().in_source is False
    assert shown(browser) == []
    bar.in_src.setChecked(True)
    assert shown(browser) == [3]


# --- other corpora --------------------------------------------------------------------


def test_a_shorter_corpus_after_a_longer_one(
    qtbot: QtBot, session: Session, browser: SentenceBrowser, tmp_path: Path
) -> None:
    browser.sort_by(Column.COST, DESCENDING)
    browser.set_filter(SentenceFilter(text="the", max_score=60.0))
    short = fileset(tmp_path / "short", HYPS[:5], [ref[:5] for ref in REFS], None)
    scored(qtbot, session, lambda: session.open_files(short))
    rows = shown(browser)
    assert set(rows) <= set(range(5))
    costs = [
        browser.model.index(r, Column.COST).data(RAW_ROLE) for r in range(len(rows))
    ]
    assert costs == sorted(costs, reverse=True)
    # A search of the source, which the new corpus does not have, finds nothing there.
    browser.set_filter(SentenceFilter(text="Quelle", in_hypothesis=False))
    assert shown(browser) == []


def test_no_corpus_sorts_by_any_column(session: Session) -> None:
    browser = SentenceBrowser(session)
    model = browser.model
    for column in range(model.columnCount()):
        for order in (ASCENDING, DESCENDING):
            browser.sort_by(column, order)
            assert model.rowCount() == 0
    model.set_content(None, (), np.zeros(0, dtype=np.int64))
    for kind in ColumnKind:
        key = ColumnKey(kind, 1 if kind is ColumnKind.PRECISION else 0)
        assert model.sort_key(key).size == 0


def test_a_precision_column_the_model_does_not_have_has_no_key() -> None:
    model = SentenceTableModel()
    assert model.column_of(ColumnKey(ColumnKind.PRECISION, 5)) is None
    with pytest.raises(ValueError, match="no column p5: the maximum order is 4"):
        model.sort_key(ColumnKey(ColumnKind.PRECISION, 5))


def test_texts_being_scored_are_shown_sorted_by_text(
    qtbot: QtBot, session: Session, browser: SentenceBrowser, tmp_path: Path
) -> None:
    """The texts of a new corpus come before its scores, already in text order."""
    browser.sort_by(browser.model.hypothesis_column(), DESCENDING)
    hyps = ["b", "C", "a"]
    files = fileset(tmp_path / "abc", hyps, [["x", "y", "z"]], None)
    while_scoring: list[tuple[list[int], str]] = []
    # Connected after the browser's slot: sees what the browser made of the texts.
    session.texts_loaded.connect(
        lambda _: while_scoring.append(
            (shown(browser), browser.model.index(0, Column.BLEU).data())
        )
    )
    scored(qtbot, session, lambda: session.open_files(files))
    assert while_scoring == [([1, 0, 2], "…")]
    assert shown(browser) == [1, 0, 2]


def _searching(text: str, *, only: str = "", without: str = "") -> SentenceFilter:
    """A search for `text` in the `only` field, or in every field but `without`."""

    def searched(name: str) -> bool:
        return name == only if only else name != without

    return SentenceFilter(
        text,
        in_hypothesis=searched("in_hypothesis"),
        in_references=searched("in_references"),
        in_source=searched("in_source"),
    )
