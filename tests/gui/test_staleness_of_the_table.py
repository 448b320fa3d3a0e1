"""The sentence table and the shown sentence tell texts current by their keys.

Issue 25, the places moved after `test_staleness_by_generation`: the table's
values (effort, QA issues and sort ranks kept for the texts shown), the
browser's filter and search, and the explanation's key. Each test holds a case
where identity and the keys disagree: texts rebuilt equal under the same key are
the same texts; the very objects under a later key are other texts. Real data:
the bundled WMT21 demo (the browser), hand-made texts (the values); events are
ordered by signals and states, never sleeps.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from copy import copy
from dataclasses import replace

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig
from bleu_gui.core.effort import effort_of
from bleu_gui.core.significance import PairedTest
from bleu_gui.io.bundle import Units
from bleu_gui.io.sentence_columns import ColumnKey, ColumnKind
from bleu_gui.models import sentence_values
from bleu_gui.models.explainer import ExplainKey
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_values import SentenceValues
from bleu_gui.models.session import Session
from bleu_gui.models.systems_model import SystemEntry, SystemsModel
from bleu_gui.models.text_order import natural_ranks
from bleu_gui.models.workspace import ReadKey, StatsKey, System, SystemId, TextsKey
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.views.compare_systems import _Fed
from tests.gui.systems_support import SIGNATURE, demo_entries
from tests.gui.test_workspace import TIMEOUT, demo_files, open_and_wait

HYPS = ("The cat sat on the mat.", "A dog barked.", "Rain fell all day.")
LENGTHS = np.array([6, 3, 4], dtype=np.int64)
KEY = TextsKey(SystemId(1), 3)
LATER = TextsKey(SystemId(1), 4)


def _copied(lines: tuple[str, ...]) -> tuple[str, ...]:
    """`lines` as another tuple of the same strings: equal, not the same."""
    copy = tuple(line for line in lines)
    assert copy == lines
    assert copy is not lines
    return copy


def test_the_effort_stays_for_texts_given_again_equal_under_their_key() -> None:
    values = SentenceValues()
    values.set_content(None, HYPS, LENGTHS, None, texts=KEY)
    effort = effort_of(HYPS, [HYPS])
    values.set_effort(effort)
    values.set_content(None, _copied(HYPS), LENGTHS, None, texts=KEY)
    assert values.effort is effort


def test_the_effort_goes_for_the_very_texts_at_a_later_generation() -> None:
    values = SentenceValues()
    values.set_content(None, HYPS, LENGTHS, None, texts=KEY)
    values.set_effort(effort_of(HYPS, [HYPS]))
    values.set_content(None, HYPS, LENGTHS, None, texts=LATER)  # an edit taken back
    assert values.effort is None


def test_texts_nobody_named_are_other_texts() -> None:
    values = SentenceValues()
    values.set_content(None, HYPS, LENGTHS, None)
    values.set_effort(effort_of(HYPS, [HYPS]))
    values.set_content(None, HYPS, LENGTHS, None)
    assert values.effort is None


def test_unit_ranks_are_kept_by_the_test_sets_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Units rebuilt equal: not ranked again; the same units opened anew: ranked."""
    ranked: list[int] = []
    original = natural_ranks

    def counting(names: tuple[str, ...]) -> np.typing.NDArray[np.float64]:
        ranked.append(len(names))
        return original(names)

    monkeypatch.setattr(sentence_values, "natural_ranks", counting)
    units = Units("Unit", ("u10", "u9", "u2"))
    unit = ColumnKey(ColumnKind.UNIT)
    values = SentenceValues()
    values.set_content(None, HYPS, LENGTHS, units, texts=KEY, test_set=2)
    assert values.sort_key(unit).tolist() == [2.0, 1.0, 0.0]  # natural order
    values.set_content(None, HYPS, LENGTHS, replace(units), texts=KEY, test_set=2)
    values.sort_key(unit)
    assert ranked == [3]
    values.set_content(None, HYPS, LENGTHS, units, texts=KEY, test_set=5)
    values.sort_key(unit)
    assert ranked == [3, 3]


@pytest.fixture
def browsing(qtbot: QtBot) -> Iterator[tuple[Session, SentenceBrowser]]:
    """One demo system read and scored, its sentences in a browser."""
    session = Session(processes=1)
    browser = SentenceBrowser(session)
    open_and_wait(qtbot, session, demo_files("Facebook-AI"))
    assert browser.model.rowCount() > 100
    yield session, browser
    browser.cancel()
    session.shutdown()


def _shown(session: Session) -> System:
    shown = session.workspace.shown_system
    assert shown is not None
    assert shown.scores is not None
    assert shown.stats is not None
    return shown


GOOD = SentenceFilter(min_score=50.0)  # a score range: filtered at once


def test_a_filter_applies_to_the_shown_texts_rebuilt_equal(
    browsing: tuple[Session, SentenceBrowser],
) -> None:
    session, browser = browsing
    shown = _shown(session)
    assert shown.scores is not None
    assert shown.stats is not None
    lines = _copied(shown.corpus.hypothesis.lines)
    browser.model.set_content(
        shown.scores, lines, shown.stats.hyp_len, texts=shown.texts_key
    )
    browser.set_filter(GOOD)
    expected = np.flatnonzero(shown.scores.sentences.score >= 50.0)
    assert 0 < expected.size < len(lines)
    assert sorted(browser.model.rows.tolist()) == expected.tolist()


def test_a_filter_waits_while_the_table_shows_an_earlier_generation(
    browsing: tuple[Session, SentenceBrowser],
) -> None:
    """The very lines, under an older key: scores of other texts; wait for new."""
    session, browser = browsing
    shown = _shown(session)
    assert shown.scores is not None
    assert shown.stats is not None
    lines = shown.corpus.hypothesis.lines
    older = replace(shown.texts_key, since=shown.texts_key.since - 1)
    browser.model.set_content(shown.scores, lines, shown.stats.hyp_len, texts=older)
    browser.set_filter(GOOD)
    assert browser.filter == GOOD
    assert browser.model.rowCount() == len(lines)  # not filtered yet


def test_a_search_goes_on_over_the_shown_texts_rebuilt_equal(
    qtbot: QtBot, browsing: tuple[Session, SentenceBrowser]
) -> None:
    """New scores of a copy of the same texts: the running search is not redone."""
    session, browser = browsing
    searching: list[bool] = []
    browser.searching_changed.connect(searching.append)
    spec = SentenceFilter(text=r"\bthe\b", regex=True)
    browser.set_filter(spec)
    assert browser.searching
    shown = _shown(session)
    copy = replace(shown, corpus=replace(shown.corpus))  # the same key
    workspace = session.workspace
    session._put(
        replace(
            workspace,
            systems=tuple(copy if s.id == shown.id else s for s in workspace.systems),
        )
    )
    session.announce(Change.of(Moved.SHOWN_SCORES))
    assert searching == [True]  # not stopped and started again
    qtbot.waitUntil(lambda: not browser.searching, timeout=TIMEOUT)
    assert searching == [True, False]
    assert browser.filter == spec
    found = re.compile(r"\bthe\b", re.IGNORECASE).search
    corpus = copy.corpus
    texts = [corpus.hypothesis.lines, *(ref.lines for ref in corpus.references)]
    if corpus.source is not None:
        texts.append(corpus.source.lines)
    expected = [
        row for row in range(corpus.num_segments) if any(found(t[row]) for t in texts)
    ]
    assert 0 < len(expected) < corpus.num_segments
    assert browser.model.rows.tolist() == expected


def test_an_explanation_is_told_by_the_texts_key() -> None:
    config = BleuConfig()
    corpus = object()
    key = ExplainKey(2, corpus, config, KEY)  # type: ignore[arg-type]
    rebuilt = ExplainKey(2, object(), config, KEY)  # type: ignore[arg-type]
    assert key.same_as(rebuilt)
    assert not key.same_as(ExplainKey(2, corpus, config, LATER))  # type: ignore[arg-type]
    assert not key.same_as(ExplainKey(3, corpus, config, KEY))  # type: ignore[arg-type]
    lowercase = BleuConfig(lowercase=True)
    assert not key.same_as(ExplainKey(2, corpus, lowercase, KEY))  # type: ignore[arg-type]


def test_texts_being_read_are_the_same_once_they_join_as_a_systems() -> None:
    """A read's texts have no generation: the corpus object bridges the join."""
    config = BleuConfig()
    read = object()
    while_read = ExplainKey(2, read, config, ReadKey(1))  # type: ignore[arg-type]
    assert while_read.same_as(ExplainKey(2, read, config, KEY))  # type: ignore[arg-type]
    assert not while_read.same_as(ExplainKey(2, object(), config, KEY))  # type: ignore[arg-type]


def _keyed(entries: list[SystemEntry], since: int) -> list[SystemEntry]:
    """`entries` keyed as a session's systems whose texts came in at `since`."""
    return [
        replace(entry, stats_key=StatsKey(TextsKey(SystemId(k + 1), since), since))
        for k, entry in enumerate(entries)
    ]


@pytest.fixture
def systems(qtbot: QtBot) -> Iterator[SystemsModel]:
    model = SystemsModel()
    model.set_systems(_keyed(demo_entries(), 1), BleuConfig(), SIGNATURE)
    with qtbot.waitSignal(model.job.finished, timeout=TIMEOUT):
        model.run(PairedTest.BOOTSTRAP, 100)
    assert model.result is not None
    assert model.stale_reason() is None
    yield model
    model.job.shutdown()


def test_a_test_stays_current_for_statistics_rebuilt_equal(
    systems: SystemsModel,
) -> None:
    result = systems.result
    rebuilt = [
        replace(entry, stats=copy(entry.stats)) for entry in _keyed(demo_entries(), 1)
    ]
    assert rebuilt[0].stats is not demo_entries()[0].stats
    systems.set_systems(rebuilt, BleuConfig(), SIGNATURE)
    assert systems.result is result
    assert systems.stale_reason() is None


def test_a_test_is_stale_for_the_very_statistics_at_a_later_generation(
    systems: SystemsModel,
) -> None:
    """One system's edits changed: its very statistics object, at a later key."""
    later = _keyed(demo_entries(), 1)
    key = StatsKey(TextsKey(SystemId(2), 2), 2)
    later[1] = replace(later[1], stats_key=key, edits=1)  # edited: the result stays
    systems.set_systems(later, BleuConfig(), SIGNATURE)
    assert systems.result is not None
    assert systems.stale_reason() == (
        "The edits changed since the test ran: run it again."
    )


def test_the_systems_dock_is_fed_again_only_for_new_statistics_keys() -> None:
    stats = demo_entries()[0].stats
    key = StatsKey(KEY, 3)
    fed = _Fed((SystemId(1),), ("a",), (stats,), BleuConfig(), (None,), (key,))
    rebuilt = _Fed(
        (SystemId(1),), ("a",), (copy(stats),), BleuConfig(), (None,), (key,)
    )
    assert fed.same(rebuilt)
    later = _Fed(
        (SystemId(1),), ("a",), (stats,), BleuConfig(), (None,), (StatsKey(LATER, 4),)
    )
    assert not fed.same(later)
