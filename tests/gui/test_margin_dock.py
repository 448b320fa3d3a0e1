"""The Systems dock's margin: found in the background, said, and one click to see.

The demo's four systems are opened in the real window (Facebook-AI the baseline,
happypoet shown); a paired bootstrap finds their difference significant, which
offers the margin. Its count is checked by sacreBLEU's own paired bootstrap on the
swapped lines (happypoet's lines with the margin's rows taken from Facebook-AI),
never by the code under test. Events are ordered by signals and states.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.__main__ import main
from bleu_gui.cli import demo_paths
from bleu_gui.core.margin import Margin
from bleu_gui.core.significance import PairedTest
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import system
from tests.gui.systems_support import NAMES, sacrebleu_rows
from tests.gui.test_compare_systems_dock import _SAMPLES, _TIMEOUT_MS, run_test
from tests.gui.test_compare_systems_dock import four as four  # the fixture

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DEFINITION = (
    "The margin of a significant difference: the fewest sentences whose output, "
    "taken from the baseline A into B, make the paired bootstrap (sacreBLEU's, same "
    "seed and resamples) no longer significant at 0.05 in the same direction. "
    "Sentences are swapped in the order of their swap effect, largest first; the "
    "count is found by doubling and halving and confirmed by the test at that "
    "count and at one fewer."
)


def swapped_p(
    monkeypatch: pytest.MonkeyPatch,
    rows: tuple[int, ...],
    tested: npt.NDArray[np.int64] | None = None,
) -> float:
    """sacreBLEU's p of happypoet with `rows` taken from Facebook-AI, against it.

    `tested`: on those lines only (of the systems and the references).
    """
    a, b = list(system("Facebook-AI")), list(system("happypoet"))
    for row in rows:
        b[row] = a[row]
    texts = (tuple(a), tuple(b))
    result = sacrebleu_rows(
        monkeypatch, [0, 1], PairedTest.BOOTSTRAP, _SAMPLES, rows=tested, texts=texts
    )[1]
    assert result.p_value is not None
    return result.p_value


def test_margin_found_in_the_background_and_its_sentences_one_click_away(
    qtbot: QtBot, four: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    compare = four.compare_systems
    bar, margin = compare.margin_bar, compare.margin
    assert NAMES[0] == "Facebook-AI"
    assert NAMES[-1] == "happypoet"
    assert bar.isHidden()  # no test yet: nothing to offer
    run_test(qtbot, compare)
    qtbot.waitUntil(lambda: margin.pair is not None, timeout=_TIMEOUT_MS)
    assert bar.isVisible()
    assert bar.find_button.text() == "Margin"
    assert bar.find_button.toolTip() == DEFINITION
    assert bar.find_button.isEnabled()
    assert bar.show_button.isHidden()
    with qtbot.waitSignal(margin.job.busy_changed, timeout=_TIMEOUT_MS):
        bar.find_button.click()
    assert bar.label.text() == "margin: searching…"
    assert bar.progress_row.isVisible()
    qtbot.waitUntil(lambda: margin.result is not None, timeout=_TIMEOUT_MS)
    found = margin.result
    assert isinstance(found, Margin)
    at = swapped_p(monkeypatch, found.rows)
    fewer = swapped_p(monkeypatch, found.rows[:-1])
    assert at > 0.05
    assert fewer <= 0.05
    assert bar.label.text() == (
        f"margin: {found.count} sentences (p = {at:.4f} after swapping them)"
    )
    assert bar.label.toolTip() == DEFINITION
    assert bar.progress_row.isHidden()
    assert not bar.find_button.isEnabled()
    browser = four.browser
    with qtbot.waitSignal(browser.shown_changed, timeout=_TIMEOUT_MS) as shown:
        bar.show_button.click()
    assert shown.args[0] == found.count
    assert sorted(browser.model.rows.tolist()) == sorted(found.rows)
    chip = four.filter_bar.margin_row
    assert chip.isVisible()
    name = margin.pair.name_b if margin.pair is not None else ""
    assert chip.label.text() == (f"Only the {found.count} sentences of {name}'s margin")
    with qtbot.waitSignal(browser.shown_changed, timeout=_TIMEOUT_MS) as shown:
        chip.remove_button.click()
    assert shown.args[0] == shown.args[1]  # every sentence again
    assert chip.isHidden()


def test_cancel_stops_the_search_and_new_options_withdraw_the_offer(
    qtbot: QtBot, four: MainWindow
) -> None:
    compare = four.compare_systems
    bar, margin = compare.margin_bar, compare.margin
    run_test(qtbot, compare)
    qtbot.waitUntil(lambda: margin.pair is not None, timeout=_TIMEOUT_MS)
    with qtbot.waitSignal(margin.job.busy_changed, timeout=_TIMEOUT_MS):
        bar.find_button.click()
    with qtbot.waitSignal(margin.job.cancelled, timeout=_TIMEOUT_MS):
        bar.cancel_button.click()
    assert margin.result is None
    assert bar.label.text() == ""
    assert bar.find_button.isEnabled()
    assert bar.progress_row.isHidden()
    session = four.session
    with qtbot.waitSignal(compare.model.result_changed, timeout=_TIMEOUT_MS):
        session.set_config(replace(session.config, lowercase=True))
    assert margin.pair is None
    assert bar.isHidden()


def common_rows() -> npt.NDArray[np.int64]:
    """The happypoet lines that say "the" (most of them), as a search keeps them."""
    lines = system("happypoet")
    return np.array(
        [k for k, line in enumerate(lines) if "the" in line.casefold()],
        dtype=np.int64,
    )


def test_a_test_of_the_shown_sentences_offers_their_own_margin(
    qtbot: QtBot, four: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    compare, browser = four.compare_systems, four.browser
    bar, margin = compare.margin_bar, compare.margin
    run_test(qtbot, compare)
    spec = SentenceFilter(text="the", in_references=False, in_source=False)
    with qtbot.waitSignal(browser.shown_changed, timeout=_TIMEOUT_MS):
        four.filter_bar.filter_requested.emit(spec)
    rows = common_rows()
    assert 0 < rows.size < 500
    with qtbot.waitSignal(compare.test_finished, timeout=_TIMEOUT_MS):
        compare.table.subset_box.click()  # the test runs again, on those rows
    qtbot.waitUntil(
        lambda: margin.pair is not None and margin.pair.rows is not None,
        timeout=_TIMEOUT_MS,
    )
    with qtbot.waitSignal(margin.job.busy_changed, timeout=_TIMEOUT_MS):
        bar.find_button.click()
    qtbot.waitUntil(lambda: margin.result is not None, timeout=_TIMEOUT_MS)
    found = margin.result
    assert isinstance(found, Margin)
    assert set(found.rows) <= set(rows.tolist())  # rows of the whole test set
    # sacreBLEU's paired bootstrap on the shown lines alone, B's rows swapped.
    at = swapped_p(monkeypatch, found.rows, rows)
    assert at > 0.05
    assert swapped_p(monkeypatch, found.rows[:-1], rows) <= 0.05
    assert bar.label.text() == (
        f"margin on the {rows.size} shown sentences: {found.count} sentences "
        f"(p = {at:.4f} after swapping them)"
    )
    with qtbot.waitSignal(browser.shown_changed, timeout=_TIMEOUT_MS):
        bar.show_button.click()
    assert sorted(browser.model.rows.tolist()) == sorted(found.rows)
    assert four.filter_bar.margin_row.label.text() == (
        f"Only the {found.count} sentences of happypoet's margin on the "
        f"{rows.size} shown sentences"
    )


MARGIN_CELL = re.compile(
    r'<td class="num" title="lines swapped, in order: ([0-9, ]+)">'
    r"(\d+ sentences \(p = 0\.\d{4} after swapping them\))</td>"
)


def test_the_windows_report_carries_the_margin_the_dock_found(
    qtbot: QtBot,
    four: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    compare, margin = four.compare_systems, four.compare_systems.margin
    page = tmp_path / "window.html"
    with qtbot.waitSignal(four.report_action.written, timeout=_TIMEOUT_MS):
        four.report_action.export(page)
    assert "<th>margin</th>" not in page.read_text(encoding="utf-8")  # none found
    run_test(qtbot, compare)
    qtbot.waitUntil(lambda: margin.pair is not None, timeout=_TIMEOUT_MS)
    with qtbot.waitSignal(margin.job.busy_changed, timeout=_TIMEOUT_MS):
        compare.margin_bar.find_button.click()
    qtbot.waitUntil(lambda: margin.result is not None, timeout=_TIMEOUT_MS)
    found = margin.result
    assert isinstance(found, Margin)
    with qtbot.waitSignal(four.report_action.written, timeout=_TIMEOUT_MS):
        four.report_action.export(page)
    text = page.read_text(encoding="utf-8")
    assert "<th>p-value</th><th>margin</th>" in text
    (cell,) = MARGIN_CELL.findall(text)  # the compared pair's only
    lines = [int(line) for line in cell[0].split(", ")]
    assert lines == [row + 1 for row in found.rows]
    at = swapped_p(monkeypatch, found.rows)
    assert cell[1] == (f"{found.count} sentences (p = {at:.4f} after swapping them)")
    assert f"{_SAMPLES} resamples, seed 12345" in text  # the margin's test
    # The command line's report of the same pair says the same words.
    _, refs, _, _ = demo_paths()
    folder = refs[0].parent
    argv = ["report", *map(str, refs), "-i", str(folder / "sys.Facebook-AI.txt")]
    argv += [str(folder / "sys.happypoet.txt"), "--margin"]
    argv += ["--samples", str(_SAMPLES), "-o", str(tmp_path / "cli.html")]
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    assert main(argv) == 0
    capsys.readouterr()
    assert MARGIN_CELL.findall((tmp_path / "cli.html").read_text(encoding="utf-8")) == [
        cell
    ]
