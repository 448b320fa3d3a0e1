"""A corpus of few but long segments is tokenized in the worker processes too.

The session chose worker processes by the number of segments only: a two-segment
corpus whose first segment is a whole document was tokenized on a thread of the GUI
process, one tokenizer call holding the GIL for seconds while the window stalled.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves

WORDS = "the police closed the road after the accident on Friday evening ."


@pytest.fixture
def session() -> Iterator[Session]:
    session = Session(processes=2)
    yield session
    session.shutdown()


def test_a_long_segment_starts_the_worker_processes(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    # A short candidate file (no early start by its size); a long reference.
    long_line = " ".join([WORDS] * 5_000)  # ~330,000 characters
    hyps = [" ".join([WORDS] * 100), "a short second sentence"]
    refs = [long_line.replace("Friday", "Saturday"), "the short second sentence"]
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    before = set(multiprocessing.active_children())
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=120_000,
    ):
        session.open_files(FileSet(hyp, (ref,)))
    assert set(multiprocessing.active_children()) - before  # the pool's workers
    scores = session.scores
    assert scores is not None
    assert not isinstance(scores.corpus, Unavailable)
    assert scores.corpus.score == BLEU().corpus_score(hyps, [refs]).score
