"""Searching never freezes the window: hostile regexes, stops, compile errors.

The event loop must keep turning while a regular expression runs: a heartbeat timer
records whether the browser was searching each time it fired, and some beat must come
while it was. Nothing here measures time; events are ordered by Qt signals.
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from pytestqt.qtbot import QtBot

from bleu_gui.core.search_process import pickle_texts
from bleu_gui.core.text_search import SearchTexts
from bleu_gui.models import regex_search
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves

TIMEOUT = 60_000
HOSTILE = "(a+)+$"  # exponential backtracking on a run of a's that does not end a line
# Row 2 holds `re` for ever with HOSTILE (the issue: 40 a's never return).
HYPS = [
    "the police closed the road",
    "the driver",
    "a" * 40 + "!",
    "wanted to turn left",
    "Nothing was said.",
]
REFS = [
    "police closed the road",
    "the car driver",
    "aaaa",
    "he wanted to turn left",
    "Nothing was said.",  # a perfect sentence: 100.00000000000004
]
STOPPED = (
    "search stopped after 1 s: the regular expression is too slow on these texts; "
    "simplify it"
)


@pytest.fixture
def files(tmp_path: Path) -> FileSet:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    return FileSet(hyp, (ref,), None)


@pytest.fixture
def session(qtbot: QtBot, files: FileSet) -> Iterator[Session]:
    session = Session(processes=1)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.open_files(files)
    yield session
    session.shutdown()


@pytest.fixture
def browser(session: Session) -> Iterator[SentenceBrowser]:
    browser = SentenceBrowser(session)
    browser._on_scores_changed()
    browser.regex_search.budget = 1.0
    yield browser
    browser.cancel()


def heartbeat(browser: SentenceBrowser) -> tuple[QTimer, list[bool]]:
    """A timer that records, at each beat, whether `browser` was searching."""
    beats: list[bool] = []
    timer = QTimer(browser)
    timer.setInterval(10)
    timer.timeout.connect(lambda: beats.append(searching(browser)))
    timer.start()
    return timer, beats


def searching(browser: SentenceBrowser) -> bool:
    """Whether `browser` searches now (a call: each assert reads it anew)."""
    return browser.searching


def shown(browser: SentenceBrowser) -> list[int]:
    return sorted(int(row) for row in browser.model.rows)


def test_a_hostile_regex_is_stopped_with_a_message_while_the_loop_turns(
    qtbot: QtBot, browser: SentenceBrowser
) -> None:
    timer, beats = heartbeat(browser)
    with qtbot.waitSignal(browser.filter_failed, timeout=TIMEOUT) as failed:
        browser.set_filter(SentenceFilter(text=HOSTILE, regex=True))
        assert searching(browser)  # set_filter returned: the search runs elsewhere
    timer.stop()
    assert failed.args == [STOPPED]
    assert True in beats  # the event loop turned during the search
    assert not searching(browser)
    assert shown(browser) == [0, 1, 2, 3, 4]  # the filter in force stays
    assert browser.filter == SentenceFilter()
    # The next search gets a new process, and its answer.
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="dr.ver", regex=True))
    assert shown(browser) == [1]


def test_a_newer_search_replaces_a_hostile_one(
    qtbot: QtBot, browser: SentenceBrowser
) -> None:
    browser.regex_search.budget = 600.0  # only replacing it can end it
    failures: list[str] = []
    browser.filter_failed.connect(failures.append)
    with qtbot.waitSignal(browser.regex_search.began, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text=HOSTILE, regex=True))
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="^the", regex=True))
    assert shown(browser) == [0, 1]
    assert browser.filter.text == "^the"
    assert not searching(browser)
    assert failures == []


def test_stop_ends_a_hostile_search_and_keeps_the_filter(
    qtbot: QtBot, browser: SentenceBrowser
) -> None:
    browser.regex_search.budget = 600.0
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="turn"))
    with qtbot.waitSignal(browser.regex_search.began, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text=HOSTILE, regex=True))
    with (
        qtbot.waitSignal(browser.searching_changed) as changed,
        qtbot.waitSignal(browser.filter_failed) as failed,
    ):
        browser.stop_search()
    assert changed.args == [False]
    assert failed.args == ["search stopped"]
    assert not browser.regex_search.is_running
    assert shown(browser) == [3]
    assert browser.filter.text == "turn"


def test_a_regex_typed_during_a_load_is_searched_after_it_not_in_its_turn(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    with qtbot.waitSignal(session.texts_loaded, timeout=TIMEOUT):
        session.reload()
    browser.set_filter(SentenceFilter(text=HOSTILE, regex=True))  # kept for later
    assert not searching(browser)
    timer, beats = heartbeat(browser)
    with qtbot.waitSignal(browser.filter_failed, timeout=TIMEOUT) as failed:
        with qtbot.waitSignal(
            session.workspace_changed,
            check_params_cb=moves(Moved.SHOWN_SCORES),
            timeout=TIMEOUT,
        ):
            pass
        assert searching(browser)  # the scores are shown; the search runs elsewhere
    timer.stop()
    assert failed.args == [STOPPED]
    assert True in beats
    assert shown(browser) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        (
            "a{4294967296}",  # OverflowError in re.compile
            "invalid regular expression: the repetition number is too large",
        ),
        (
            "(" * 2_000 + ")" * 2_000,  # RecursionError in re.compile
            "invalid regular expression: its groups are nested too deeply",
        ),
        (
            "(",
            "invalid regular expression: missing ), unterminated subpattern "
            "at position 0",
        ),
    ],
    ids=["overflow", "recursion", "re.error"],
)
def test_a_pattern_that_does_not_compile_is_one_line_and_the_rows_stay(
    qtbot: QtBot, browser: SentenceBrowser, pattern: str, message: str
) -> None:
    with qtbot.waitSignal(browser.filter_failed, timeout=TIMEOUT) as failed:
        browser.set_filter(SentenceFilter(text=pattern, regex=True))
    assert failed.args == [message]
    assert not searching(browser)
    assert shown(browser) == [0, 1, 2, 3, 4]
    assert browser.filter == SentenceFilter()


@pytest.mark.parametrize("regex", [False, True], ids=["plain", "regex"])
def test_a_search_text_with_a_line_break_never_spans_two_segments(
    qtbot: QtBot, browser: SentenceBrowser, regex: bool
) -> None:
    # Row 0 ends with "road", row 1 is "the driver": searched in the texts joined
    # by line breaks, this text matched across the two segments.
    with qtbot.waitSignal(browser.filter_failed, timeout=TIMEOUT) as failed:
        browser.set_filter(SentenceFilter(text="road\nthe driver", regex=regex))
    assert failed.args == [
        "the search text has a line break, and no sentence has one: "
        "search for one line at a time"
    ]
    assert shown(browser) == [0, 1, 2, 3, 4]


def test_a_range_up_to_100_keeps_the_perfect_sentence(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    perfect = sacrebleu.sentence_bleu(HYPS[4], [REFS[4]]).score
    assert perfect == 100.00000000000004  # sacreBLEU's own number
    assert session.scores is not None
    assert session.scores.sentences.score[4] == perfect
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(min_score=95.0, max_score=100.0))
    assert shown(browser) == [4]
    scores = session.scores.sentences.score
    below = [row for row in range(len(HYPS)) if scores[row] <= 50.0]
    assert 4 not in below
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(min_score=0.0, max_score=50.0))
    assert shown(browser) == below
    assert np.isfinite(scores).all()


def test_the_texts_go_to_the_search_process_once_per_corpus(
    qtbot: QtBot,
    session: Session,
    browser: SentenceBrowser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pickled: list[SearchTexts] = []

    def counting(texts: SearchTexts) -> bytes:
        pickled.append(texts)
        return pickle_texts(texts)

    monkeypatch.setattr(regex_search, "pickle_texts", counting)
    for pattern, rows in (("^th", [0, 1]), ("^the", [0, 1]), ("dr.ver$", [1])):
        with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
            browser.set_filter(SentenceFilter(text=pattern, regex=True))
        assert shown(browser) == rows
    assert [list(texts.hypotheses) for texts in pickled] == [HYPS]
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.reload()
    assert searching(browser)  # the new texts, searched anew
    with qtbot.waitSignal(browser.searching_changed, timeout=TIMEOUT):
        pass
    assert shown(browser) == [1]
    assert len(pickled) == 2  # the new corpus's texts


def test_closing_the_test_set_ends_the_search_process(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    before = set(multiprocessing.active_children())
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="^the", regex=True))
    searcher = set(multiprocessing.active_children()) - before
    assert len(searcher) == 1  # idle, holding the texts for the next search
    session.close()
    assert not set(multiprocessing.active_children()) & searcher


def test_opening_other_files_lets_go_of_the_texts_searched_before(
    qtbot: QtBot, session: Session, browser: SentenceBrowser, tmp_path: Path
) -> None:
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT):
        browser.set_filter(SentenceFilter(text="^the", regex=True))
    browser.set_filter(SentenceFilter())  # no search of the next texts
    first = session.corpus
    assert first is not None
    hyp, ref = tmp_path / "other-hyp.txt", tmp_path / "other-ref.txt"
    hyp.write_text("Something else entirely.\n" * len(HYPS), encoding="utf-8")
    ref.write_text("Something else.\n" * len(HYPS), encoding="utf-8")
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.open_files(FileSet(hyp, (ref,), None))
    assert session.corpus is not first

    def released() -> bool:  # the session frees replaced data a moment later
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        return sys.getrefcount(first) == 2  # `first` and this call's argument

    qtbot.waitUntil(released, timeout=TIMEOUT)


def test_a_pattern_typed_during_a_load_that_cannot_compile_is_said_at_once(
    qtbot: QtBot, session: Session, browser: SentenceBrowser
) -> None:
    with qtbot.waitSignal(session.texts_loaded, timeout=TIMEOUT):
        session.reload()
    with qtbot.waitSignal(browser.filter_failed) as failed:
        browser.set_filter(SentenceFilter(text="a{4294967296}", regex=True))
    assert failed.args == [
        "invalid regular expression: the repetition number is too large"
    ]
    with qtbot.waitSignal(browser.shown_changed, timeout=TIMEOUT) as report:
        pass  # the scores arrive and are shown, unfiltered
    assert report.args[:2] == [5, 5]
    assert not isinstance(report.args[2], str)  # a score, not "scoring…"
    assert browser.filter == SentenceFilter()
