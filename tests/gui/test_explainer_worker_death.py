"""The long-segment explainer survives the death of its worker process.

Found by the random-action test: after its process was killed (as the
out-of-memory killer does), the next long segment raised `WorkerDiedError` from a
slot instead of being explained by a new process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from typing import cast

import pytest
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig
from bleu_gui.core.explain import ExplainRequest, SentenceExplanation
from bleu_gui.io import Corpus
from bleu_gui.models.explainer import Explainer, ExplainKey

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

WORDS = "the police closed the road after the accident on Friday evening ."
HYP = " ".join([WORDS] * 400)  # long enough for the worker process
REF = HYP.replace("Friday", "Saturday")


@pytest.fixture
def explainer() -> Iterator[Explainer]:
    explainer = Explainer()
    yield explainer
    explainer.shutdown()


def explain(qtbot: QtBot, explainer: Explainer, row: int) -> object:
    corpus = cast(Corpus, object())  # a key compares its corpus by identity only
    key = ExplainKey(row, corpus, BleuConfig())
    with qtbot.waitSignal(explainer.finished, timeout=60_000) as done:
        explainer.start(key, ExplainRequest(HYP, (REF,), BleuConfig()))
    assert done.args[0] is key
    return done.args[1]


def test_a_killed_worker_is_replaced_for_the_next_segment(
    qtbot: QtBot, explainer: Explainer
) -> None:
    before = set(multiprocessing.active_children())
    first = explain(qtbot, explainer, 0)
    assert isinstance(first, SentenceExplanation)
    workers = set(multiprocessing.active_children()) - before
    assert workers
    for worker in workers:
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        worker.join()

    second = explain(qtbot, explainer, 1)
    assert isinstance(second, SentenceExplanation)
    assert (
        second.score.score
        == BLEU(effective_order=True).sentence_score(HYP, [REF]).score
    )
