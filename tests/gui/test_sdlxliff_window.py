"""The window shows a Trados job a row per `<mrk mtype="seg">` segment, as the CLI does.

`manual-final.sdlxliff` and `manual-mt.sdlxliff` are the job of
tests/io/test_xliff_segments.py, opened through File › Open test set as a person
does: the final as reference, the MT as candidate. The final's unfinished segments
(tu3::6, tu4, tu5::9) are left out, so the table's row 3 is segment tu2::3.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, window
from tests.gui.test_formats_end_to_end import picker, shown
from tests.gui.test_units_window import UNIT, click_row, open_job
from tests.io.test_xliff_segments import EVERY_NAME, FINAL_TARGETS, FINISHED, MT_TARGETS

__all__ = ["picker", "shown", "window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "sdlxliff"


@pytest.fixture
def job(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> MainWindow:
    """The Trados job's final (reference) and MT (candidate) open and scored."""
    final, mt = DATA / "manual-final.sdlxliff", DATA / "manual-mt.sdlxliff"
    return open_job(qtbot, shown, picker, final, mt, tmp_path)


def test_the_unit_column_names_each_segment(job: MainWindow) -> None:
    model = job.browser.model
    column = model.column_of(UNIT)
    assert column is not None
    assert [model.index(row, column).data() for row in range(model.rowCount())] == [
        EVERY_NAME[i] for i in FINISHED
    ]
    assert [
        model.index(row, model.hypothesis_column()).data()
        for row in range(model.rowCount())
    ] == [MT_TARGETS[i] for i in FINISHED]


def test_the_detail_and_the_status_bar_name_the_segment(
    qtbot: QtBot, job: MainWindow
) -> None:
    click_row(qtbot, job, 2)
    qtbot.waitUntil(
        lambda: job.detail.heading() == "Sentence 3 (unit tu2::3)", timeout=TIMEOUT
    )
    expected = sacrebleu.sentence_bleu(MT_TARGETS[2], [FINAL_TARGETS[2]]).score
    assert job.status_text.text() == f"Sentence 3 (unit tu2::3): BLEU {expected:.2f}"
