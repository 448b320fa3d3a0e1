"""The workspace's transitions as pure values: no Qt, no file read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bleu_gui.core import BleuConfig
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.score_counts import score_corpus
from bleu_gui.core.scoring import iter_prepare, score_sentences
from bleu_gui.core.steps import drain
from bleu_gui.io import Corpus, Segments, TestSet
from bleu_gui.models.workspace import (
    Scores,
    System,
    SystemId,
    TestSetFiles,
    Workspace,
    system_names,
)

REFS = (Segments(Path("ref.txt"), ("a b c", "d e f")),)


def _test_set() -> TestSetFiles:
    return TestSetFiles(TestSet(REFS), "utf-8", False)


def _system(number: int, path: str) -> System:
    hypothesis = Segments(Path(path), ("a b", "d e"))
    return System(SystemId(number), "", Corpus(hypothesis, REFS))


def _opened() -> Workspace:
    return Workspace().opened(
        _test_set(),
        [_system(1, "a/sys1.txt"), _system(2, "a/sys2.txt"), _system(3, "sys3.txt")],
    )


def test_importing_the_workspace_loads_no_qt() -> None:
    code = (
        "import sys, bleu_gui.models.workspace\n"
        "qt = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "assert not qt, qt\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_opened_makes_the_first_system_the_baseline_and_shown() -> None:
    workspace = _opened()
    assert [s.name for s in workspace.systems] == ["sys1.txt", "sys2.txt", "sys3.txt"]
    assert workspace.baseline == workspace.shown == SystemId(1)
    assert workspace.pair is None
    assert workspace.generation == 1


def test_each_transition_returns_a_new_value_one_generation_on() -> None:
    workspace = _opened()
    shown = workspace.with_shown(SystemId(3))
    assert workspace.shown == SystemId(1)  # unchanged
    assert shown.shown == SystemId(3)
    assert shown.generation == workspace.generation + 1
    pair = shown.pair
    assert pair is not None
    assert (pair[0].id, pair[1].id) == (SystemId(1), SystemId(3))
    based = shown.with_baseline(SystemId(2))
    assert (based.baseline, based.shown) == (SystemId(2), SystemId(3))
    assert based.generation == workspace.generation + 2


def test_removing_the_baseline_passes_it_to_the_first_system_left() -> None:
    workspace = _opened().with_shown(SystemId(3))
    removed = workspace.without_system(SystemId(1))
    assert [s.id for s in removed.systems] == [SystemId(2), SystemId(3)]
    assert (removed.baseline, removed.shown) == (SystemId(2), SystemId(3))


def test_removing_the_shown_system_shows_the_baseline() -> None:
    workspace = _opened().with_baseline(SystemId(2)).with_shown(SystemId(3))
    removed = workspace.without_system(SystemId(3))
    assert (removed.baseline, removed.shown) == (SystemId(2), SystemId(2))
    assert removed.pair is None


def test_a_system_added_goes_last_and_an_unknown_id_is_refused() -> None:
    workspace = _opened().with_system(_system(7, "sys7.txt"))
    assert [s.id for s in workspace.systems][-1] == SystemId(7)
    assert workspace.baseline == SystemId(1)
    with pytest.raises(KeyError):
        workspace.with_shown(SystemId(99))
    with pytest.raises(KeyError):
        workspace.without_system(SystemId(99))
    with pytest.raises(ValueError, match="taken"):
        workspace.with_system(_system(7, "other.txt"))


def test_adding_a_system_without_a_test_set_is_refused() -> None:
    with pytest.raises(ValueError, match="no test set"):
        Workspace().with_system(_system(1, "sys1.txt"))


def test_two_systems_with_one_file_name_are_told_apart_by_their_folder() -> None:
    workspace = _opened().with_system(_system(4, "b/sys1.txt"))
    names = [s.name for s in workspace.systems]
    assert names == ["a/sys1.txt", "sys2.txt", "sys3.txt", "b/sys1.txt"]
    # Once the clash is gone, the plain name comes back.
    assert workspace.without_system(SystemId(4)).systems[0].name == "sys1.txt"


def test_system_names_quote_a_name_that_would_break_a_line() -> None:
    assert system_names([Path("x\ny.txt")]) == ("'x\\ny.txt'",)


def test_closed_keeps_the_config_only() -> None:
    config = BleuConfig(lowercase=True)
    workspace = _opened().with_config(config).closed()
    assert workspace.test_set is None
    assert workspace.systems == ()
    assert workspace.baseline is None
    assert workspace.config == config


TRANSITIONS = {
    "closed": lambda w: w.closed(),
    "with_system": lambda w: w.with_system(_system(4, "sys4.txt")),
    "without_system": lambda w: w.without_system(SystemId(2)),
    "with_baseline": lambda w: w.with_baseline(SystemId(3)),
    "with_shown": lambda w: w.with_shown(SystemId(2)),
    "with_config": lambda w: w.with_config(BleuConfig(lowercase=True)),
}


@pytest.mark.parametrize("name", TRANSITIONS)
def test_every_transition_is_exactly_one_generation_on(name: str) -> None:
    """A job started at one generation tells a newer workspace by its number alone."""
    workspace = _opened().with_shown(SystemId(3))
    after = TRANSITIONS[name](workspace)
    assert after is not workspace
    assert after.generation == workspace.generation + 1
    assert workspace.generation == 2  # the value it came from is unchanged


# --- transitions the hand mutations found unguarded (issue 25) ----------------------


def _counted(number: int, path: str, label: str | None = None) -> System:
    """A system tokenized and counted against `REFS`, as the session counts it."""
    config = BleuConfig()
    hypothesis = Segments(Path(path), ("a b", "d e"))
    tokenized, stats = drain(
        iter_prepare(hypothesis.lines, [list(REFS[0].lines)], config)
    )
    return System(
        SystemId(number),
        "",
        Corpus(hypothesis, REFS),
        tokenizer_key=("13a", False, False),
        tokenized=tokenized,
        stats=stats,
        label=label,
    )


def _scores(system: System, config: BleuConfig) -> Scores:
    """Scores of `system`'s statistics as they are, with its edits."""
    stats = system.stats
    assert stats is not None
    return Scores(
        config,
        score_corpus(stats, config),
        score_sentences(stats, config),
        np.zeros(len(stats)),
        "sig",
        "sig",
        edits=system.edits,
    )


def _typed(system: System) -> Edits:
    """Segment 1 typed as its reference."""
    assert system.tokenized is not None
    assert system.stats is not None
    return count_edits(
        {0: "a b c"},
        system.tokenized.references,
        BleuConfig(),
        system.stats.max_order,
    )


def _counted_workspace() -> Workspace:
    return Workspace().opened(
        _test_set(), [_counted(1, "sys1.txt"), _counted(2, "sys2.txt")]
    )


def test_new_edits_and_new_scores_are_one_generation_on_each() -> None:
    workspace = _counted_workspace()
    edited = workspace.with_edits(SystemId(1), _typed(workspace.system(SystemId(1))))
    assert edited.generation == workspace.generation + 1
    scored = edited.with_computed(
        SystemId(1), scores=_scores(edited.system(SystemId(1)), BleuConfig())
    )
    assert scored.generation == workspace.generation + 2


def test_a_baseline_given_on_opening_is_also_the_shown_system() -> None:
    """`opened`: `shown` defaults to the baseline (not to the first system)."""
    workspace = Workspace().opened(
        _test_set(),
        [_system(1, "sys1.txt"), _system(2, "sys2.txt")],
        baseline=SystemId(2),
    )
    assert (workspace.baseline, workspace.shown) == (SystemId(2), SystemId(2))
    assert workspace.pair is None


def test_an_edit_makes_the_scores_before_it_stale() -> None:
    config = BleuConfig()
    workspace = _counted_workspace()
    scored = workspace.with_computed(
        SystemId(1), scores=_scores(workspace.system(SystemId(1)), config)
    )
    assert scored.system(SystemId(1)).scored_under(config)
    edited = scored.with_edits(SystemId(1), _typed(scored.system(SystemId(1))))
    assert not edited.system(SystemId(1)).scored_under(config)


def test_a_system_counted_again_lets_its_edits_go() -> None:
    """Counted under new tokens, the edits are the session's to count again."""
    config = BleuConfig()
    workspace = _counted_workspace()
    system = workspace.system(SystemId(1))
    edited = workspace.with_edits(SystemId(1), _typed(system))
    assert len(edited.system(SystemId(1)).edits) == 1
    assert system.tokenized is not None
    assert system.stats is not None
    recounted = edited.with_computed(
        SystemId(1),
        scores=_scores(system, config),
        counted=(("13a", False, False), system.tokenized, system.stats),
    )
    again = recounted.system(SystemId(1))
    assert len(again.edits) == 0
    assert again.as_read is None
    assert again.hypothesis.lines == ("a b", "d e")


def test_a_system_of_a_file_of_several_is_named_by_its_label() -> None:
    """Two systems of one WMT file: named "Facebook-AI" and "UEdin", not the file."""
    workspace = Workspace().opened(
        _test_set(),
        [
            _counted(1, "wmt21.xml", label="Facebook-AI"),
            _counted(2, "wmt21.xml", label="UEdin"),
        ],
    )
    assert [s.name for s in workspace.systems] == ["Facebook-AI", "UEdin"]
