"""The session with several systems: each scored on its own, refs tokenized once.

Real data: the bundled WMT21 demo (four systems, two references, 500 segments).
sacreBLEU is the oracle for every score; events are ordered by the session's
signals, never by sleeps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig, BleuScore
from bleu_gui.core.config import Smoothing
from bleu_gui.core.tokenize import Tokenizer
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models import session as session_module
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.session import FileSet, Session, SystemId
from bleu_gui.models.workspace import System
from bleu_gui.models.workspace_change import Moved, moves
from tests.core.demo_systems import DEMO, SYSTEM_NAMES, references, system

REFS = (DEMO / "ref.A.txt", DEMO / "ref.B.txt")
TIMEOUT = 60_000


def sys_path(name: str) -> Path:
    return DEMO / f"sys.{name}.txt"


def demo_files(*names: str, shown: str | None = None) -> FileSet:
    paths = tuple(sys_path(name) for name in names)
    hypothesis = sys_path(shown) if shown else paths[0]
    return FileSet(hypothesis, REFS, systems=paths if len(paths) > 1 else ())


def sacrebleu_score(name: str) -> float:
    return float(sacrebleu.corpus_bleu(list(system(name)), list(references())).score)


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    session = Session(processes=1)
    yield session
    session.shutdown()


def not_busy(busy: bool) -> bool:
    return not busy


def open_and_wait(qtbot: QtBot, session: Session, files: FileSet) -> None:
    """Open `files` and wait until every job (each system, the pair) has ended."""
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.open_files(files)


def by_name(session: Session, name: str) -> System:
    return next(s for s in session.systems if s.path == sys_path(name))


def corpus_score(system: System) -> float:
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score.score


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Counter[Hashable]:
    """How many jobs each key started (every `JobRunner.start` in the session)."""
    counts: Counter[Hashable] = Counter()
    original = JobRunner.start

    def spy(self: JobRunner, key: Hashable, *args: Any, **kwargs: Any) -> None:
        counts[key] += 1
        original(self, key, *args, **kwargs)

    monkeypatch.setattr(JobRunner, "start", spy)
    return counts


@pytest.fixture
def tokenizer_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every line the tokenizer is called on in this process, with how often."""
    calls: Counter[str] = Counter()
    original = Tokenizer.__call__

    def spy(self: Tokenizer, line: str) -> str:
        calls[line] += 1
        return original(self, line)

    monkeypatch.setattr(Tokenizer, "__call__", spy)
    return calls


def test_each_system_scores_sacrebleus_corpus_bleu_of_its_file(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(qtbot, session, demo_files(*SYSTEM_NAMES, shown="happypoet"))
    assert [s.name for s in session.systems] == [
        f"sys.{name}.txt" for name in SYSTEM_NAMES
    ]
    for name in SYSTEM_NAMES:
        assert corpus_score(by_name(session, name)) == sacrebleu_score(name)
    # The single-system API is the shown system's.
    assert session.shown == by_name(session, "happypoet").id
    assert session.baseline == by_name(session, "Facebook-AI").id
    assert session.scores is by_name(session, "happypoet").scores
    files = session.files
    assert files is not None
    assert files.hypothesis == sys_path("happypoet")
    assert files.hypotheses == tuple(sys_path(name) for name in SYSTEM_NAMES)


def test_one_system_opens_as_before(qtbot: QtBot, session: Session) -> None:
    files = demo_files("UEdin")
    open_and_wait(qtbot, session, files)
    assert session.files == files
    assert len(session.systems) == 1
    assert session.baseline == session.shown
    assert session.pair is None
    scores = session.scores
    assert scores is not None
    assert isinstance(scores.corpus, BleuScore)
    assert scores.corpus.score == sacrebleu_score("UEdin")


def test_adding_a_system_while_others_score_restarts_none_of_them(
    qtbot: QtBot, session: Session, started: Counter[Hashable]
) -> None:
    scored: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: scored.extend(sorted(change.scored))
    )
    # The systems are listed once the shown one is scored; the other (B) has
    # just started scoring under its own key.
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        session.open_files(demo_files("Facebook-AI", "Online-W"))
    a, b = (s.id for s in session.systems)
    assert session._jobs.is_running(session_module._system_key(b))
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.add_system(sys_path("UEdin"))
    c = by_name(session, "UEdin").id
    assert c not in (a, b)
    assert sorted(scored) == sorted([a, b, c])  # each scored once
    # B's job started once (scoring), C's twice (reading, then scoring), and the
    # test set's twice (reading, then scoring A): nobody restarted.
    assert started[session_module._system_key(b)] == 1
    assert started[session_module._system_key(c)] == 2
    assert started[session_module._TEST_SET] == 2
    for name in ("Facebook-AI", "Online-W", "UEdin"):
        assert corpus_score(by_name(session, name)) == sacrebleu_score(name)


def test_references_are_tokenized_once_across_systems(
    qtbot: QtBot, session: Session, tokenizer_calls: Counter[str]
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.add_system(sys_path("UEdin"))
    reference_lines = set(references()[0]) | set(references()[1])
    assert {tokenizer_calls[line] for line in reference_lines} == {1}
    every = reference_lines.union(
        *(system(name) for name in ("Facebook-AI", "Online-W", "UEdin"))
    )
    assert set(tokenizer_calls) == every
    assert set(tokenizer_calls.values()) == {1}


def test_a_new_tokenizer_tokenizes_the_references_once_for_all_systems(
    qtbot: QtBot, session: Session, tokenizer_calls: Counter[str]
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W", "UEdin"))
    tokenizer_calls.clear()
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.set_config(BleuConfig(lowercase=True))
    reference_lines = set(references()[0]) | set(references()[1])
    assert {tokenizer_calls[line] for line in reference_lines} == {1}
    for name in ("Facebook-AI", "Online-W", "UEdin"):
        expected = sacrebleu.corpus_bleu(
            list(system(name)), list(references()), lowercase=True
        ).score
        assert corpus_score(by_name(session, name)) == expected


def test_a_config_change_rescores_every_system_under_its_own_key(
    qtbot: QtBot, session: Session, started: Counter[Hashable]
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    a, b = (s.id for s in session.systems)
    before = Counter(started)
    scored: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: scored.extend(sorted(change.scored))
    )
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.set_config(BleuConfig(smoothing=Smoothing.FLOOR))
    assert sorted(scored) == sorted([a, b])
    assert (
        started[session_module._system_key(a)] - before[session_module._system_key(a)]
        == 1
    )
    assert (
        started[session_module._system_key(b)] - before[session_module._system_key(b)]
        == 1
    )
    assert started[session_module._TEST_SET] == before[session_module._TEST_SET]
    for name in ("Facebook-AI", "Online-W"):
        expected = sacrebleu.corpus_bleu(
            list(system(name)), list(references()), smooth_method="floor"
        ).score
        assert corpus_score(by_name(session, name)) == expected


def write_short_copy(tmp_path: Path, name: str) -> Path:
    short = tmp_path / "short.txt"
    lines = system(name)[:-1]
    short.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return short


def test_a_misfit_system_is_refused_in_one_line_and_the_others_stay(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))

    # Effort and QA checks are counted in the background once scoring ends (the
    # session is not busy with them) and may land at any time: what must stay is
    # each system, its texts and its scores.
    def kept() -> list[tuple[SystemId, Path, object, object]]:
        return [(s.id, s.path, s.corpus, s.scores) for s in session.systems]

    before = kept()
    short = write_short_copy(tmp_path, "UEdin")
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.add_system(short)
    assert error.args == [
        f"{REFS[0]} has 500 lines but {short} has 499 "
        "(a reference needs one line per hypothesis line)"
    ]
    assert kept() == before
    assert not session.is_busy


def test_a_misfit_among_the_systems_opened_is_refused_alone(
    qtbot: QtBot, session: Session, tmp_path: Path
) -> None:
    short = write_short_copy(tmp_path, "UEdin")
    errors: list[str] = []
    session.error_occurred.connect(errors.append)
    files = FileSet(
        sys_path("Facebook-AI"),
        REFS,
        systems=(sys_path("Facebook-AI"), short, sys_path("Online-W")),
    )
    open_and_wait(qtbot, session, files)
    assert errors == [
        f"{REFS[0]} has 500 lines but {short} has 499 "
        "(a reference needs one line per hypothesis line)"
    ]
    assert [s.path for s in session.systems] == [
        sys_path("Facebook-AI"),
        sys_path("Online-W"),
    ]


def test_a_system_given_twice_is_refused_before_reading(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    errors: list[str] = []
    session.error_occurred.connect(errors.append)
    session.add_system(sys_path("Online-W"))
    assert errors == [
        f"{sys_path('Online-W')} is already system 2: a file can be only one system"
    ]
    assert not session.is_busy


def wait_for_pair(qtbot: QtBot, session: Session, action: Callable[[], None]) -> None:
    with qtbot.waitSignal(
        session.workspace_changed,
        timeout=TIMEOUT,
        check_params_cb=lambda _old, _new, change: (
            change.any(Moved.PAIR) and session.pair is not None
        ),
    ):
        action()


def test_the_pair_compares_baseline_and_shown_system_as_sacrebleu_would(
    qtbot: QtBot, session: Session
) -> None:
    wait_for_pair(
        qtbot,
        session,
        lambda: session.open_files(
            demo_files("Facebook-AI", "happypoet", shown="happypoet")
        ),
    )
    pair = session.pair
    assert pair is not None
    a, b = by_name(session, "Facebook-AI"), by_name(session, "happypoet")
    assert (pair.a, pair.b) == (a.id, b.id)
    assert not isinstance(pair.corpus, Unavailable)
    assert pair.corpus.delta == sacrebleu_score("happypoet") - sacrebleu_score(
        "Facebook-AI"
    )
    refs = references()
    for row in (0, 264, 499):
        theirs = [
            sacrebleu.sentence_bleu(system(name)[row], [r[row] for r in refs]).score
            for name in ("Facebook-AI", "happypoet")
        ]
        assert pair.deltas[row] == theirs[1] - theirs[0]
    # The swap effect: corpus BLEU of A with one row taken from B, minus A's.
    row = int(np.nanargmax(np.abs(pair.swap_effects)))
    swapped = list(system("Facebook-AI"))
    swapped[row] = system("happypoet")[row]
    expected = sacrebleu.corpus_bleu(swapped, list(refs)).score - sacrebleu_score(
        "Facebook-AI"
    )
    assert pair.swap_effects[row] == pytest.approx(expected, abs=1e-9)


def test_removing_and_choosing_the_baseline(qtbot: QtBot, session: Session) -> None:
    wait_for_pair(
        qtbot,
        session,
        lambda: session.open_files(
            demo_files("Facebook-AI", "Online-W", "UEdin", shown="UEdin")
        ),
    )
    fb, ow, ue = (s.id for s in session.systems)
    wait_for_pair(qtbot, session, lambda: session.set_baseline(ow))
    assert session.baseline == ow
    pair = session.pair
    assert pair is not None
    assert (pair.a, pair.b) == (ow, ue)
    assert not isinstance(pair.corpus, Unavailable)
    assert pair.corpus.delta == sacrebleu_score("UEdin") - sacrebleu_score("Online-W")
    # Removing the baseline makes the first system left the baseline.
    wait_for_pair(qtbot, session, lambda: session.remove_system(ow))
    assert [s.id for s in session.systems] == [fb, ue]
    assert session.baseline == fb
    pair = session.pair
    assert pair is not None
    assert (pair.a, pair.b) == (fb, ue)
    # Removing the shown system shows the baseline: no pair, new texts.
    with qtbot.waitSignals(
        [session.workspace_changed],
        check_params_cbs=[moves(Moved.SYSTEMS | Moved.ROWS | Moved.PAIR)],
        timeout=TIMEOUT,
    ):
        session.remove_system(ue)
    assert session.shown == session.baseline == fb
    assert session.pair is None
    assert session.corpus is by_name(session, "Facebook-AI").corpus
    # The last system stays.
    errors: list[str] = []
    session.error_occurred.connect(errors.append)
    session.remove_system(fb)
    assert errors == [
        "the test set needs at least one system: add another before removing this one"
    ]
    assert [s.id for s in session.systems] == [fb]
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)


def test_showing_another_system_changes_the_single_system_api(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    ow = by_name(session, "Online-W")
    with qtbot.waitSignals(
        [session.workspace_changed],
        check_params_cbs=[moves(Moved.SYSTEMS | Moved.ROWS | Moved.SHOWN_SCORES)],
        timeout=TIMEOUT,
    ):
        session.set_shown(ow.id)
    assert session.scores is ow.scores
    assert session.corpus is ow.corpus
    assert session.stats is ow.stats
    files = session.files
    assert files is not None
    assert files.hypothesis == sys_path("Online-W")
    qtbot.waitUntil(lambda: session.pair is not None, timeout=TIMEOUT)


def test_a_new_test_set_supersedes_every_system(qtbot: QtBot, session: Session) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    old = {s.id for s in session.systems}
    open_and_wait(qtbot, session, demo_files("UEdin"))
    assert [s.path for s in session.systems] == [sys_path("UEdin")]
    assert not old & {s.id for s in session.systems}


def test_replacing_the_shown_candidate_keeps_the_other_systems(
    qtbot: QtBot, session: Session
) -> None:
    open_and_wait(
        qtbot, session, demo_files("Facebook-AI", "Online-W", shown="Online-W")
    )
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.set_hypothesis(sys_path("UEdin"))
    assert [s.path for s in session.systems] == [
        sys_path("Facebook-AI"),
        sys_path("UEdin"),
    ]
    assert session.shown == by_name(session, "UEdin").id
    assert session.baseline == by_name(session, "Facebook-AI").id
    assert corpus_score(by_name(session, "UEdin")) == sacrebleu_score("UEdin")


def test_adding_a_system_needs_a_test_set(session: Session) -> None:
    errors: list[str] = []
    session.error_occurred.connect(errors.append)
    session.add_system(sys_path("UEdin"))
    assert errors == ["open a test set before adding a system"]


def test_system_ids_are_never_reused(qtbot: QtBot, session: Session) -> None:
    open_and_wait(qtbot, session, demo_files("Facebook-AI", "Online-W"))
    ids = [s.id for s in session.systems]
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SYSTEMS), timeout=TIMEOUT
    ):
        session.remove_system(ids[1])
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=not_busy
    ):
        session.add_system(sys_path("Online-W"))
    assert session.systems[-1].id not in ids
    assert session.systems[-1].id == SystemId(max(ids) + 1)
