"""The workspace's transitions as pure values: no Qt, no file read."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.effort import effort_of
from bleu_gui.core.qa import qa_of
from bleu_gui.core.qa_checks import CheckKind
from bleu_gui.core.score_counts import score_corpus
from bleu_gui.core.scoring import iter_prepare, score_sentences
from bleu_gui.core.steps import drain
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus, Segments, TestSet
from bleu_gui.models.workspace import (
    EffortOf,
    QaOf,
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


CONFIG = BleuConfig()
TOKENIZER = ("13a", False, False)


def _scores(stats: CorpusStats) -> Scores:
    sentences = score_sentences(stats, CONFIG)
    return Scores(
        CONFIG, Unavailable("not needed here"), sentences, np.zeros(len(stats)), "", ""
    )


def _system(number: int, path: str, lines: tuple[str, ...] = ("a b", "d e")) -> System:
    """A system read, tokenized, counted and scored, as the session gives it."""
    corpus = Corpus(Segments(Path(path), lines), REFS)
    references = [reference.lines for reference in REFS]
    tokenized, stats = drain(iter_prepare(lines, references, CONFIG))
    return System(
        SystemId(number),
        "",
        corpus,
        tokenizer_key=TOKENIZER,
        tokenized=tokenized,
        stats=stats,
        scores=_scores(stats),
    )


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


def _edited(workspace: Workspace, system_id: SystemId, text: str) -> Workspace:
    """The system with its first sentence typed as `text` (a what-if edit)."""
    tokenized = workspace.system(system_id).read_tokenized
    assert tokenized is not None
    edits = count_edits({0: text}, tokenized.references, CONFIG, 4)
    return workspace.with_edits(system_id, edits)


def _rescored(workspace: Workspace, system_id: SystemId) -> Workspace:
    """New scores of the system's statistics (a smoothing change): nothing counted."""
    stats = workspace.system(system_id).stats
    assert stats is not None
    return workspace.with_computed(system_id, scores=_scores(stats))


def _recounted(workspace: Workspace, system_id: SystemId) -> Workspace:
    """The system tokenized and counted again from its files, and scored."""
    system = workspace.system(system_id)
    again = _system(system_id, str(system.path), system.read_corpus.hypothesis.lines)
    assert again.tokenized is not None
    assert again.stats is not None
    assert again.scores is not None
    counted = (TOKENIZER, again.tokenized, again.stats)
    return workspace.with_computed(system_id, scores=again.scores, counted=counted)


def _effort(workspace: Workspace, system_id: SystemId) -> EffortOf:
    """The system's effort, keyed by its texts then, counted from a copy of them.

    The copy is equal, not the system's objects: an effort is told current by
    its key, which an identity check of the texts would refuse.
    """
    system = workspace.system(system_id)
    lines = list(system.corpus.hypothesis.lines)
    copy = replace(
        system.corpus, hypothesis=replace(system.corpus.hypothesis, lines=tuple(lines))
    )
    assert copy.hypothesis.lines is not system.corpus.hypothesis.lines
    references = [r.lines for r in copy.references]
    return EffortOf(copy, effort_of(lines, references), system.texts_key)


def _qa(workspace: Workspace, system_id: SystemId) -> QaOf:
    system = workspace.system(system_id)
    result = qa_of(system.corpus.hypothesis.lines, enabled=frozenset())
    return QaOf(system.corpus, frozenset(), result, system.texts_key)


TRANSITIONS.update(
    {
        "opened": lambda w: w.opened(_test_set(), [_system(7, "sys7.txt")]),
        "with_documents": lambda w: w.with_documents(("d1", "d1")),
        "with_edits": lambda w: _edited(w, SystemId(2), "a b c"),
        "with_computed": lambda w: _rescored(w, SystemId(2)),
        "with_computed counted": lambda w: _recounted(w, SystemId(2)),
        "with_effort": lambda w: w.with_effort(SystemId(2), _effort(w, SystemId(2))),
        "with_qa": lambda w: w.with_qa(SystemId(2), _qa(w, SystemId(2))),
        "with_compared": lambda w: w.with_compared(None),
    }
)


def test_every_transition_of_the_workspace_is_among_those_tested() -> None:
    """A transition added later is checked for its generation too."""
    returning = {
        name
        for name, member in vars(Workspace).items()
        if callable(member)
        and not name.startswith("_")
        and member.__annotations__.get("return") == "Workspace"
    }
    tested = {name.split()[0] for name in TRANSITIONS}
    assert returning == tested


def test_a_count_of_the_texts_is_current_until_they_change() -> None:
    """Rebuilt workspaces keep an effort counted before; new texts make it stale."""
    workspace = _opened()
    counted = _effort(workspace, SystemId(2))
    later = workspace.with_config(BleuConfig(lowercase=True)).with_shown(SystemId(2))
    later = _rescored(_recounted(later, SystemId(2)), SystemId(2))
    # Every value around the texts is new, the texts are those counted.
    assert later.system(SystemId(2)) is not workspace.system(SystemId(2))
    assert counted.is_of(later.system(SystemId(2)).texts_key)
    kept = later.with_effort(SystemId(2), counted)
    assert kept.system(SystemId(2)).current_effort is counted.effort
    edited = _edited(kept, SystemId(2), "a b c")
    assert edited.system(SystemId(2)).current_effort is None
    assert not counted.is_of(edited.system(SystemId(2)).texts_key)
    # Typed back as it was: equal texts, but a later generation's, counted anew.
    back = _edited(edited, SystemId(2), "a b")
    assert back.system(SystemId(2)).corpus.hypothesis.lines == ("a b", "d e")
    assert back.system(SystemId(2)).current_effort is None
    # Its edits let go (counted again from its files): new texts again.
    reverted = _recounted(edited, SystemId(2)).system(SystemId(2))
    assert reverted.texts_key != edited.system(SystemId(2)).texts_key


def test_a_qa_result_is_of_its_texts_and_checks() -> None:
    workspace = _opened()
    found = _qa(workspace, SystemId(1))
    checked = workspace.with_qa(SystemId(1), found).with_baseline(SystemId(3))
    assert checked.system(SystemId(1)).current_qa(frozenset()) is found.result
    numbers = frozenset({CheckKind.NUMBERS})
    assert checked.system(SystemId(1)).current_qa(numbers) is None
    edited = _edited(checked, SystemId(1), "d e")
    assert edited.system(SystemId(1)).current_qa(frozenset()) is None


def test_the_keys_follow_what_each_transition_changes() -> None:
    """Scores, tokens and texts each have a key that moves only when they do."""
    workspace = _opened()
    one = workspace.system(SystemId(1))
    rescored = _rescored(workspace, SystemId(1)).system(SystemId(1))
    assert rescored.scores is not one.scores
    assert rescored.scores_key != one.scores_key
    assert (rescored.texts_key, rescored.tokens_key) == (one.texts_key, one.tokens_key)
    assert rescored.stats_key == one.stats_key
    recounted = _recounted(workspace, SystemId(1)).system(SystemId(1))
    assert recounted.tokenized is not one.tokenized
    assert recounted.tokens_key == one.tokens_key  # the same texts, the same tokenizer
    assert recounted.scored_key != one.scored_key
    assert recounted.stats_key != one.stats_key  # counted again: new statistics
    moved = workspace.with_shown(SystemId(2)).with_config(CONFIG)
    untouched = moved.system(SystemId(1))
    assert untouched.scored_key == one.scored_key
    edited = _edited(workspace, SystemId(1), "a b c").system(SystemId(1))
    assert edited.texts_key != one.texts_key
    assert edited.scores_key == one.scores_key  # stale by its edits, not replaced
    assert edited.stats_key != one.stats_key


def test_the_test_set_key_is_the_opening_not_the_files() -> None:
    workspace = _opened()
    documented = workspace.with_documents(("d1", "d2"))
    assert documented.test_set is not workspace.test_set
    assert documented.test_set_key == workspace.test_set_key
    assert documented.documents_key != workspace.documents_key
    same_ids = documented.with_documents(("d1", "d2"))
    assert same_ids.documents_key != documented.documents_key  # given anew
    again = documented.opened(_test_set(), [_system(9, "a/sys1.txt")])
    assert again.test_set_key != workspace.test_set_key
    assert again.closed().test_set_key != again.test_set_key


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


def _scores_of(system: System, config: BleuConfig) -> Scores:
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
        SystemId(1), scores=_scores_of(edited.system(SystemId(1)), BleuConfig())
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
        SystemId(1), scores=_scores_of(workspace.system(SystemId(1)), config)
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
        scores=_scores_of(system, config),
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
