"""The window reads a byte-order mark as sacreBLEU does, and says what it costs.

A UTF-8 byte-order mark used to be dropped silently under an unchanged sacreBLEU
signature, so the window's number was not sacreBLEU's. Now the mark is kept (glued
to the first word, as sacreBLEU reads it) with a warning naming the file and the
cost; File › Drop byte-order marks reads the files again without it, and the
signature says `bom:dropped`. A reference that repeats another one is named too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import Smoothing
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.gui.demo_sets import (
    TIMEOUT,
    DemoSet,
    demo_set,
    make_window,
    read_lines,
    scored,
)

BOM = "\ufeff"


def with_bom(demo: DemoSet) -> DemoSet:
    """The demo set with a byte-order mark at the start of the candidate."""
    text = demo.candidate.read_text(encoding="utf-8")
    demo.candidate.write_text(BOM + text, encoding="utf-8")
    return demo


def sacrebleu_score(candidate: list[str], demo: DemoSet) -> float:
    refs = [read_lines(ref) for ref in demo.refs]
    return float(BLEU().corpus_score(candidate, refs).score)


def corpus_score(window: MainWindow) -> float:
    scores = window.session.scores
    assert scores is not None
    assert not isinstance(scores.corpus, Unavailable)
    return scores.corpus.score


def signature(window: MainWindow) -> str:
    scores = window.session.scores
    assert scores is not None
    return scores.signature


def test_a_kept_mark_scores_as_sacrebleu_and_is_named_with_its_cost(
    qtbot: QtBot, tmp_path: Path
) -> None:
    demo = with_bom(demo_set(tmp_path / "set"))
    window = make_window(qtbot, tmp_path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())

    as_sacrebleu_reads_it = read_lines(demo.candidate)
    assert as_sacrebleu_reads_it[0].startswith(BOM)
    kept = sacrebleu_score(as_sacrebleu_reads_it, demo)
    dropped = sacrebleu_score(
        [as_sacrebleu_reads_it[0][1:], *as_sacrebleu_reads_it[1:]], demo
    )
    assert kept != dropped  # the demo's first word matches once the mark is gone
    assert corpus_score(window) == kept
    assert "bom" not in signature(window)
    # The detail shows the mark where it is (Qt would drop it and shift every
    # highlight by one character).
    assert window.select_sentence(1)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    shown = window.detail.document(HYPOTHESIS).toPlainText()
    assert shown == "\u25cc" + as_sacrebleu_reads_it[0][1:]
    assert [line for line in warnings if "byte-order mark" in line] == [
        f"{demo.candidate}: starts with a byte-order mark (U+FEFF), kept as sacreBLEU "
        "keeps it: the first token of line 1 carries it and matches nothing; corpus "
        f"BLEU is {kept:.4f} with it, {dropped:.4f} with it dropped "
        f"({dropped - kept:+.4f}); File › Drop byte-order marks drops it"
    ]


def test_dropping_the_mark_rereads_the_files_and_labels_the_signature(
    qtbot: QtBot, tmp_path: Path
) -> None:
    demo = with_bom(demo_set(tmp_path / "set"))
    window = make_window(qtbot, tmp_path)
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    action = window.file_actions.drop_bom_action
    assert action.isCheckable()
    assert not action.isChecked()
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu)
    assert action in menu.actions()

    with scored(qtbot, window):
        action.trigger()
    lines = read_lines(demo.candidate)
    assert corpus_score(window) == sacrebleu_score([lines[0][1:], *lines[1:]], demo)
    assert signature(window).endswith("|bom:dropped|version:2.6.0")
    files = window.session.files
    assert files is not None
    assert files.drop_bom

    # A re-score from the cached statistics keeps saying so.
    with scored(qtbot, window):
        window.session.set_config(BleuConfig(smoothing=Smoothing.FLOOR))
    assert "|bom:dropped|" in signature(window)

    with scored(qtbot, window):
        action.trigger()
    assert corpus_score(window) == sacrebleu_score(lines, demo)
    assert "bom" not in signature(window)


def test_a_reference_with_the_same_content_as_another_is_named(
    qtbot: QtBot, tmp_path: Path
) -> None:
    demo = demo_set(tmp_path / "set")
    copy = tmp_path / "copy-of-ref.txt"
    copy.write_bytes(demo.refs[0].read_bytes())
    window = make_window(qtbot, tmp_path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    files = demo.file_set()
    with scored(qtbot, window):
        window.session.open_files(
            type(files)(files.hypothesis, (*files.references, copy), files.source)
        )
    assert (
        f"{copy}: reference identical to reference {demo.refs[0]}; it is scored as "
        "two references, as sacreBLEU does, so nrefs:3 in the signature counts a "
        "duplicate"
    ) in warnings
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)
