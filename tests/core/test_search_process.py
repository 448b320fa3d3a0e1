"""The search process: it answers searches, and a stuck one dies with its owner.

A regex that never ends holds the GIL in the process, so no thread of it runs: these
tests get it stuck for real and check that killing it, or killing its owner, ends it.
"""

from __future__ import annotations

import os
import sys
import time

import pytest

from bleu_gui.core.search_process import (
    Found,
    Reply,
    SearchFailed,
    SearchProcess,
    SearchStarted,
    pickle_texts,
)
from bleu_gui.core.text_search import SearchTexts, TextQuery
from tests.core.orphans import alive, killed_owner, still_alive

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="SIGKILL and getppid are POSIX"
)

TEXTS = SearchTexts(
    hypotheses=["the police closed the road", "The driver", "a" * 40 + "!"],
    references=[["police shut the road", "the car driver", "aaaa"]],
    source=None,
)
HOSTILE = "(a+)+$"  # never ends on row 2 in `re`


def wait_for(process: SearchProcess, done: type[Found | SearchFailed]) -> list[Reply]:
    """The replies of `process` up to the first of type `done`."""
    replies: list[Reply] = []
    while not any(isinstance(reply, done) for reply in replies):
        assert process.alive
        replies.extend(process.replies())
        time.sleep(0.01)  # polling a pipe, not measuring time
    return replies


def test_the_process_searches_its_texts_and_can_be_killed_when_stuck() -> None:
    process = SearchProcess()
    try:
        process.load(pickle_texts(TEXTS))
        process.search(1, TextQuery("driver"))
        assert wait_for(process, Found) == [SearchStarted(1), Found(1, [1])]
        process.search(2, TextQuery("(", regex=True))
        assert wait_for(process, SearchFailed)[-1] == SearchFailed(
            2,
            "invalid regular expression: missing ), unterminated subpattern "
            "at position 0",
        )
        process.search(3, TextQuery(HOSTILE, regex=True))
        replies: list[Reply] = []
        while SearchStarted(3) not in replies:
            replies.extend(process.replies())
            time.sleep(0.01)
        assert process.alive
        pid = process.pid
    finally:
        process.kill()
    assert pid is not None
    assert not alive(pid)


_STUCK_OWNER = """
import sys, time
from bleu_gui.core.search_process import SearchProcess, SearchStarted, pickle_texts
from bleu_gui.core.text_search import TextQuery
from tests.core.test_search_process import HOSTILE, TEXTS
process = SearchProcess()
process.load(pickle_texts(TEXTS))
process.search(1, TextQuery(HOSTILE, regex=True))
while SearchStarted(1) not in process.replies():
    time.sleep(0.01)
print(process.pid, flush=True)
sys.stdin.read()  # wait to be killed
"""


def test_a_stuck_search_process_ends_when_its_owner_is_killed() -> None:
    with killed_owner(_STUCK_OWNER) as printed:
        stuck = int(printed)
        assert alive(stuck)
    left = still_alive([stuck])
    if left:
        os.kill(stuck, 9)  # leave nothing spinning behind a failed test
    assert not left
