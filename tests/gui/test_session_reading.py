"""How the session reads a test set's files: each file's bytes let go once decoded."""

from __future__ import annotations

from pathlib import Path

import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.loading import iter_decode
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves

HYP = ["The police are investigating.", "A car driver wanted to turn left."]
REF = ["Police are investigating.", "A 44-year-old car driver wanted to turn left."]


def test_each_files_bytes_leave_once_it_is_decoded(tmp_path: Path) -> None:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    raw: dict[Path, object] = {
        hyp: ("\n".join(HYP).encode(), "utf-8"),
        ref: ("\n".join(REF).encode(), "utf-8"),
    }
    # The reference twice, as when it is also the candidate: decoded once.
    steps = iter_decode([hyp, ref, ref], raw, False)  # type: ignore[arg-type]
    held_while_decoding_ref = None
    while True:
        try:
            done, total = next(steps)
        except StopIteration as end:
            read = end.value
            break
        assert total == 2000
        if done > 1000:
            held_while_decoding_ref = set(raw)
    assert held_while_decoding_ref == set()  # the hypothesis's bytes already gone
    assert raw == {}
    assert list(read[hyp].lines) == HYP
    assert list(read[ref].lines) == REF


def test_a_reference_opened_as_the_candidate_scores_100(
    qtbot: QtBot, tmp_path: Path
) -> None:
    ref = tmp_path / "ref.txt"
    ref.write_text("\n".join(REF) + "\n", encoding="utf-8")
    session = Session(processes=1)
    try:
        with qtbot.waitSignal(
            session.workspace_changed,
            check_params_cb=moves(Moved.SHOWN_SCORES),
            timeout=20_000,
        ):
            session.open_files(FileSet(ref, (ref,)))
        scores = session.scores
        assert scores is not None
        assert not isinstance(scores.corpus, Unavailable)
        assert scores.corpus.score == sacrebleu.corpus_bleu(REF, [REF]).score
    finally:
        session.shutdown()


def test_a_reference_also_compared_as_a_system_is_read_once_and_scored(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """WMT's second reference is often compared as a system: `bleu-gui ref.A -i
    A ref.A B` failed with an internal error (the reference left out of the files
    read, as a system that may fail alone)."""
    hyp, ref, other = tmp_path / "hyp.txt", tmp_path / "ref.txt", tmp_path / "b.txt"
    ref.write_text("\n".join(REF) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYP) + "\n", encoding="utf-8")
    other.write_text("\n".join(HYP[::-1]) + "\n", encoding="utf-8")
    session = Session(processes=1)
    try:
        with qtbot.waitSignal(
            session.workspace_changed,
            check_params_cb=moves(Moved.SHOWN_SCORES),
            timeout=20_000,
        ):
            session.open_files(FileSet(other, (ref,), systems=(hyp, ref, other)))
        qtbot.waitUntil(
            lambda: all(system.scores is not None for system in session.systems),
            timeout=20_000,
        )
        scored = {
            system.path.name: system.scores.corpus.score
            for system in session.systems
            if system.scores is not None
            and not isinstance(system.scores.corpus, Unavailable)
        }
        assert scored == {
            "hyp.txt": sacrebleu.corpus_bleu(HYP, [REF]).score,
            "ref.txt": sacrebleu.corpus_bleu(REF, [REF]).score,
            "b.txt": sacrebleu.corpus_bleu(HYP[::-1], [REF]).score,
        }
    finally:
        session.shutdown()
