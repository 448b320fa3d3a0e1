"""A system is prepared in steps the window can give way between.

A worker thread beside the GUI thread gives way to it only between two steps of
its job (`bleu_gui.gui_pace`); preparing a system in steps of 4,096 segments held
the GIL 15-98 ms at a time while the window drew the systems scored so far. The
numbers stay those of one piece: checked against sacreBLEU.
"""

from __future__ import annotations

from pathlib import Path

from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig
from bleu_gui.core.token_table import TokenTable
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.io import Corpus, Segments
from bleu_gui.models.system_jobs import STEP_SEGMENTS, Computed, prepare_job

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def _lines(name: str, count: int) -> tuple[str, ...]:
    text = (DEMO / name).read_text(encoding="utf-8").split("\n")[:-1]
    return tuple(text[i % len(text)] + f" {i}" for i in range(count))


def test_a_system_is_prepared_in_steps_of_step_segments() -> None:
    size = 2 * STEP_SEGMENTS + 100
    hyp, ref = _lines("sys.UEdin.txt", size), _lines("ref.A.txt", size)
    corpus = Corpus(Segments(Path("hyp.txt"), hyp), (Segments(Path("ref.txt"), ref),))
    config = BleuConfig()
    job = prepare_job(
        corpus, config, TokenTable(tokenizer_for(config)), lambda *_: None
    )
    counted: list[int] = []
    while True:
        try:
            done, total, what = next(job)  # type: ignore[misc]
        except StopIteration as end:
            computed = end.value
            break
        if what == "tokenizing and counting":
            assert total == size
            counted.append(done)
    assert counted == [STEP_SEGMENTS, 2 * STEP_SEGMENTS, size]
    assert isinstance(computed, Computed)
    expected = BLEU().corpus_score(list(hyp), [list(ref)]).score
    assert computed.scores.corpus.score == expected  # type: ignore[union-attr]
