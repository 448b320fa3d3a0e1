"""Random user actions on the real window: no exception, no Qt warning, no hang.

A seeded `Monkey` (tests/gui/random_actions.py) opens good and bad files, changes
every setting while work runs, filters with random text and regexes, sorts, clicks
chart bars, changes the maximum order, moves with the keyboard, cancels, reloads and
closes the window mid-work. Every exception reaches `sys.excepthook` (or a thread's
hook) and is recorded with the action it followed; so are Qt warnings, errors the
app logged, and "internal error" banners (a bug inside a background job). The run
stops at the first problem and prints the seed and every action so far.

A heartbeat timer measures the longest event-loop gap and prints it. CI runs one
fixed seed for ~30 s and only prints the gap (a busy 2-core machine says little about
freezes); a long local run asserts it stays under 500 ms. To explore:

    BLEU_GUI_RANDOM_SEED=$RANDOM BLEU_GUI_RANDOM_SECONDS=300 \
        BLEU_GUI_RANDOM_ACTIONS=100000 pytest tests/gui/test_random_actions.py -s

At the end the work must come to rest, and a last reload must give the numbers
sacreBLEU gives for the files and options the window shows.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import traceback
from pathlib import Path
from types import TracebackType

import pytest
from pytestqt.logging import _QtMessageCapture
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuScore, Compat
from bleu_gui.models.session import Session
from tests.gui.random_actions import (
    LOCAL_MAX_GAP_MS,
    Corpora,
    Heartbeat,
    Monkey,
    RunOptions,
)

IDLE_TIMEOUT = 120_000  # ms: work that has not ended by then is a hang


class Problems:
    """Everything that went wrong, each with the number of the action before it."""

    def __init__(self, monkey: Monkey) -> None:
        self.monkey = monkey
        self.found: list[str] = []

    def add(self, what: str) -> None:
        """Record a problem found after the latest action."""
        self.found.append(f"after action {len(self.monkey.log)}: {what}")

    def distinct(self) -> str:
        """Each kind of problem once (by its last line), how often, and where first."""
        first: dict[str, tuple[int, str]] = {}
        for entry in self.found:
            key = entry.strip().splitlines()[-1].split(": ", 1)[-1]
            count, where = first.get(key, (0, entry.split(":", 1)[0]))
            first[key] = (count + 1, where)
        return "\n".join(
            f"{count}× {key} (first {where})" for key, (count, where) in first.items()
        )

    def excepthook(
        self,
        kind: type[BaseException],
        error: BaseException,
        tb: TracebackType | None,
    ) -> None:
        """`sys.excepthook`: an exception nobody caught (in a slot, a virtual)."""
        text = "".join(traceback.format_exception(kind, error, tb))
        self.add(f"uncaught exception\n{text}")

    def thread_hook(self, args: threading.ExceptHookArgs) -> None:
        """`threading.excepthook`: an exception that ended a thread."""
        text = "".join(
            traceback.format_exception(
                args.exc_type, args.exc_value, args.exc_traceback
            )
        )
        self.add(f"uncaught exception in a thread\n{text}")


def check_logs(
    problems: Problems,
    qtlog: _QtMessageCapture,
    caplog: pytest.LogCaptureFixture,
    seen: dict[str, int],
) -> None:
    """Record Qt warnings, logged errors and internal-error banners seen since last."""
    records = qtlog.records
    for record in records[seen["qt"] :]:
        if record.matches_level("WARNING") and not record.ignored:
            problems.add(f"Qt {record.type_name}: {record.message}")
    seen["qt"] = len(records)
    logged = caplog.records
    formatter = logging.Formatter("%(levelname)s %(name)s %(message)s")
    for log_record in logged[seen["log"] :]:
        if log_record.levelno >= logging.ERROR:
            problems.add(f"logged {formatter.format(log_record)}")
    seen["log"] = len(logged)
    errors = problems.monkey.internal_errors
    for message in errors[seen["banner"] :]:
        problems.add(f"banner: {message}")
    seen["banner"] = len(errors)


def shown_edits(session: Session) -> dict[int, str]:
    """The shown system's kept what-if edits: row -> the text typed."""
    for system in session.systems:
        if system.id == session.shown:
            return system.edits.texts()
    return {}


def expected_corpus_score(session: Session) -> float | None:
    """sacreBLEU's corpus BLEU for the session's files and options (sacreBLEU mode).

    The shown system's kept what-if edits replace their lines of its file: the
    window scores the hypothesis as edited (a reload keeps the edits), and so
    does sacreBLEU here (before, a run that ended with an edit failed falsely).
    """
    config, files = session.config, session.files
    if files is None or config.compat is not Compat.SACREBLEU:
        return None

    def lines(path: Path) -> list[str]:
        return path.read_text(encoding=files.encoding).splitlines()

    smooth_value = config.effective_smooth_value
    metric = BLEU(
        lowercase=config.lowercase,
        tokenize=config.tokenizer_name,
        smooth_method=config.smoothing_method.value,
        smooth_value=None if smooth_value is None else float(smooth_value),
        max_ngram_order=config.order,
        effective_order=bool(config.effective_order),
    )
    hyps = lines(files.hypothesis)
    for row, text in shown_edits(session).items():
        hyps[row] = text
    refs = [lines(ref) for ref in files.references]
    return float(metric.corpus_score(hyps, refs).score)


@pytest.mark.qt_no_exception_capture  # our own hook records them, with the action
@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_random_user_actions(
    qtbot: QtBot,
    qtlog: _QtMessageCapture,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    options = RunOptions.from_environment()
    corpora = Corpora.build(tmp_path / "corpora", options.sizes)
    monkey = Monkey(
        qtbot, corpora, tmp_path / "settings.ini", options.seed, options.processes
    )
    monkey.patch_dialogs(monkeypatch.setattr)
    problems = Problems(monkey)
    monkeypatch.setattr(sys, "excepthook", problems.excepthook)
    monkeypatch.setattr(threading, "excepthook", problems.thread_hook)
    caplog.set_level(logging.INFO, logger="bleu_gui")
    # The action by its number too: a replay stops right after it.
    heartbeat = Heartbeat(
        lambda: f"{len(monkey.log)}. {monkey.log[-1]}" if monkey.log else "(start)"
    )
    seen = {"qt": 0, "log": 0, "banner": 0}

    start = time.monotonic()
    heartbeat.start()
    while (
        (options.keep_going or not problems.found)
        and len(monkey.log) < options.actions
        and time.monotonic() - start < options.seconds
    ):
        try:
            monkey.step()
        except Exception:
            problems.add(f"the action raised\n{traceback.format_exc()}")
        check_logs(problems, qtlog, caplog, seen)
    actions = len(monkey.log)
    elapsed = time.monotonic() - start

    # The end: the work comes to rest, and a reload scores what the window shows.
    final_score: float | None = None
    expected: float | None = None
    if options.keep_going or not problems.found:
        session = monkey.window.session
        try:
            if session.is_busy:
                # A read may wait for ever on a pipe nobody writes: cancel, as a
                # user would.
                monkey.log.append("final cancel")
                session.cancel()
            qtbot.waitUntil(lambda: not session.is_busy, timeout=IDLE_TIMEOUT)
            if session.files is not None:
                monkey.log.append("final reload")
                failed: list[str] = []
                session.error_occurred.connect(failed.append)
                with qtbot.waitSignal(
                    session.busy_changed,
                    check_params_cb=lambda busy: not busy,
                    timeout=IDLE_TIMEOUT,
                ):
                    monkey.window.reload_action.trigger()
                assert not failed, f"the final reload failed: {failed}"
                scores = session.scores
                assert scores is not None
                assert scores.config == session.config
                if isinstance(scores.corpus, BleuScore):
                    final_score = scores.corpus.score
                expected = expected_corpus_score(session)
        except Exception:
            problems.add(f"the end\n{traceback.format_exc()}")
        check_logs(problems, qtlog, caplog, seen)
    heartbeat.stop()

    gap_ms = heartbeat.longest * 1000
    report = (
        f"random actions: seed {options.seed}, {actions} actions in {elapsed:.1f} s, "
        f"{len(monkey.windows)} window(s); longest event-loop gap {gap_ms:.0f} ms "
        f"(during: {heartbeat.longest_during}); final BLEU {final_score} "
        f"(sacreBLEU: {'not comparable' if expected is None else expected})"
    )
    if heartbeat.long_gaps:
        report += f"\ngaps over {LOCAL_MAX_GAP_MS:.0f} ms: " + "; ".join(
            f"{gap * 1000:.0f} ms during {during}"
            for gap, during in heartbeat.long_gaps
        )
    with capsys.disabled():
        print(f"\n{report}")
    replay = (
        f"{report}\nreplay: BLEU_GUI_RANDOM_SEED={options.seed} "
        f"BLEU_GUI_RANDOM_ACTIONS={actions}\nactions:\n{monkey.numbered_log()}"
    )
    if problems.found:
        with capsys.disabled():
            print(f"distinct problems:\n{problems.distinct()}")
        pytest.fail("\n\n".join([*problems.found[:20], replay]), pytrace=False)
    if expected is not None:
        assert final_score == expected, replay
    if options.max_gap_ms is not None:
        assert gap_ms <= options.max_gap_ms, f"the window froze\n{replay}"
