"""Random sequences of what a user does to the sentence table, with fixed seeds.

Sorts by any column, filters, selections, other corpora, other maximum orders and
modes, in any order: the column set changes under a sort, a selection, a filter.
After every action the table must still show valid rows, sorted as its header
says, and the header must show a column that exists.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, Compat
from bleu_gui.models.sentence_table import RAW_ROLE, ROW_ROLE
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow

TIMEOUT = 20_000
_DEMO_REFS, _DEMO_HYP, _ = demo_paths()[1:4]
HYPS = _DEMO_HYP.read_text(encoding="utf-8").splitlines()
REFS = [path.read_text(encoding="utf-8").splitlines() for path in _DEMO_REFS]
SEARCHES = ["", "the", "Biker", "Nummer 3.", "(", "e$", "ß"]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def corpus(folder: Path, start: int, size: int, source: bool) -> FileSet:
    """Demo segments `start`..`start + size`, one empty hypothesis among them."""
    folder.mkdir()
    hyps = HYPS[start : start + size]
    hyps[size // 2] = ""  # unscorable in tensorflow/nmt's mode
    return FileSet(
        write(folder / "hyp.txt", hyps),
        tuple(
            write(folder / f"ref{k}.txt", ref[start : start + size])
            for k, ref in enumerate(REFS)
        ),
        write(folder / "src.txt", [f"Quelle Nummer {i}." for i in range(size)])
        if source
        else None,
    )


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    session = Session(processes=1)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(session, settings)
    qtbot.addWidget(main)
    yield main
    session.shutdown()


def wait_scored(
    qtbot: QtBot, window: MainWindow, request: Callable[[], object]
) -> None:
    session = window.session
    with qtbot.waitSignals(
        [session.workspace_changed, session.busy_changed],
        check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda busy: not busy],
        timeout=TIMEOUT,
    ):
        request()


def check_table(window: MainWindow) -> None:
    """Valid rows, sorted as the header says, by a column that exists."""
    model, header = window.browser.model, window.table.horizontalHeader()
    corpus = window.session.corpus
    size = corpus.num_segments if corpus is not None else 0
    rows = [model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())]
    assert len(set(rows)) == len(rows)
    assert all(0 <= row < size for row in rows)
    column, order = window.browser.sort
    assert 0 <= column < model.columnCount()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        column,
        order,
    )
    if column == model.hypothesis_column():
        return  # alphabetical order: see test_browser_sort
    values = [model.index(r, column).data(RAW_ROLE) for r in range(len(rows))]
    known = [v for v in values if v is not None and not math.isnan(v)]
    assert values[: len(known)] == known  # NaN and "not scored yet" last
    assert known == sorted(known, reverse=order == Qt.SortOrder.DescendingOrder)
    selected = window.table.selected_corpus_row()
    assert selected is None or selected in rows


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_user_actions_keep_the_table_consistent(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    corpora = [
        corpus(tmp_path / "long", 0, 40, source=True),
        corpus(tmp_path / "short", 40, 5, source=False),
        corpus(tmp_path / "middle", 100, 12, source=True),
    ]
    session, bar, table = window.session, window.filter_bar, window.table
    wait_scored(qtbot, window, lambda: session.open_files(corpora[0]))
    for _ in range(40):
        action = rng.choice(
            ["open", "config", "sort", "sort", "filter", "select", "step"]
        )
        if action == "open":
            files = rng.choice(corpora)
            wait_scored(qtbot, window, partial(session.open_files, files))
        elif action == "config":
            compat = rng.choice([Compat.SACREBLEU, Compat.TF_NMT])
            config = BleuConfig(compat=compat, max_order=rng.randint(1, 6))
            if config != session.config:
                wait_scored(qtbot, window, partial(session.set_config, config))
        elif action == "sort":
            column = rng.randrange(window.browser.model.columnCount())
            order = rng.choice(list(Qt.SortOrder))
            table.horizontalHeader().setSortIndicator(column, order)
        elif action == "filter":
            bar.regex.setChecked(rng.random() < 0.3)
            bar.in_src.setChecked(rng.random() < 0.7)
            bar.in_refs.setChecked(rng.random() < 0.7)
            bar.min_score.setValue(rng.choice([0.0, 0.0, 10.0, 30.0]))
            bar.search.setText(rng.choice(SEARCHES))
        elif action == "select":
            rows = window.browser.model.rowCount()
            if rows:
                table.selectRow(rng.randrange(rows))
        else:
            table.step(rng.choice([-1, 1]))
        check_table(window)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
