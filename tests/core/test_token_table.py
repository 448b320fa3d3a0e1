"""Several systems against one set of references, through one token table.

On the bundled WMT21 de-en demo (4 systems, 2 references, 500 segments), each
system's statistics must equal what it gets alone and what sacreBLEU computes, while
the tokenizer sees every distinct line once: the references for the first system
only, a line two systems share for the first that has it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu

from bleu_gui.core import (
    BleuConfig,
    Compat,
    CorpusStats,
    TokenKeyError,
    TokenTable,
    corpus_stats,
    corpus_stats_of_systems,
    get_tokenizer,
    score_corpus,
)
from bleu_gui.core import scoring as scoring_module
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.scoring import (
    Progress,
    iter_corpus_stats_of_systems,
    iter_prepare,
    iter_prepare_systems,
)
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import Tokenizer

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SYSTEM_NAMES = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]


def demo_lines(name: str) -> list[str]:
    """A demo file's segments (each file ends with a newline, has no CR)."""
    return (DEMO / name).read_text(encoding="utf-8").split("\n")[:-1]


SYSTEMS = [demo_lines(f"sys.{name}.txt") for name in SYSTEM_NAMES]
REFS = [demo_lines("ref.A.txt"), demo_lines("ref.B.txt")]
STATS_FIELDS = ("hyp_len", "ref_lens", "matches", "totals")


def assert_same_stats(actual: CorpusStats, expected: CorpusStats) -> None:
    for name in STATS_FIELDS:
        np.testing.assert_array_equal(getattr(actual, name), getattr(expected, name))


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


def test_the_demo_has_lines_that_systems_share_with_each_other_and_the_references() -> (
    None
):
    """The premise of the counting tests below: there is something to share."""
    references = set(REFS[0]) | set(REFS[1])
    assert all(set(system) & references for system in SYSTEMS)
    assert set(SYSTEMS[0]) & set(SYSTEMS[1])


CONFIGS = [
    pytest.param(BleuConfig(), id="sacrebleu"),
    pytest.param(BleuConfig(lowercase=True, tokenizer="intl"), id="intl-lc"),
    pytest.param(BleuConfig(compat=Compat.NLTK), id="nltk"),
]


@pytest.mark.parametrize("config", CONFIGS)
def test_each_system_gets_the_statistics_it_gets_alone(config: BleuConfig) -> None:
    together = corpus_stats_of_systems(SYSTEMS, REFS, config)
    assert len(together) == len(SYSTEMS)
    for system, stats in zip(SYSTEMS, together, strict=True):
        assert_same_stats(stats, corpus_stats(system, REFS, config))


@pytest.mark.parametrize(
    ("config", "options"),
    [
        pytest.param(BleuConfig(), {}, id="default"),
        pytest.param(
            BleuConfig(lowercase=True, tokenizer="intl"),
            {"lowercase": True, "tokenize": "intl"},
            id="intl-lc",
        ),
    ],
)
def test_each_systems_score_is_sacrebleus(
    config: BleuConfig, options: dict[str, Any]
) -> None:
    together = corpus_stats_of_systems(SYSTEMS, REFS, config)
    for system, stats in zip(SYSTEMS, together, strict=True):
        ours = score_corpus(stats, config)
        theirs = sacrebleu.corpus_bleu(system, REFS, **options)
        assert ours.score == theirs.score
        assert list(ours.counts) == theirs.counts
        assert list(ours.totals) == theirs.totals
        assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)


def test_every_distinct_line_is_tokenized_once(
    tokenizer_calls: Counter[str],
) -> None:
    corpus_stats_of_systems(SYSTEMS, REFS, BleuConfig())
    distinct = set().union(*SYSTEMS, *REFS)
    assert set(tokenizer_calls) == distinct
    assert set(tokenizer_calls.values()) == {1}


def test_one_by_one_the_references_are_tokenized_for_every_system(
    tokenizer_calls: Counter[str],
) -> None:
    """What the shared table saves: alone, each system tokenizes the references."""
    for system in SYSTEMS:
        corpus_stats(system, REFS, BleuConfig())
    only_in_refs = (set(REFS[0]) | set(REFS[1])) - set().union(*SYSTEMS)
    assert {tokenizer_calls[line] for line in only_in_refs} == {len(SYSTEMS)}


def test_a_line_shared_by_systems_and_a_reference_is_tokenized_once(
    tokenizer_calls: Counter[str],
) -> None:
    shared = "The cat sat on the mat."
    systems = [[shared, "A dog."], ["A dog.", shared], [shared, "A cat."]]
    references = [[shared, "A dog barked."]]
    together = corpus_stats_of_systems(systems, references, BleuConfig())
    assert tokenizer_calls == Counter(
        {shared: 1, "A dog.": 1, "A cat.": 1, "A dog barked.": 1}
    )
    assert [score_corpus(stats, BleuConfig()).score for stats in together] == [
        sacrebleu.corpus_bleu(system, references).score for system in systems
    ]


def test_a_table_carries_over_to_a_later_call(tokenizer_calls: Counter[str]) -> None:
    """The caller keeps the table: a system added later tokenizes its new lines only."""
    config = BleuConfig()
    table = TokenTable.for_config(config)
    corpus_stats_of_systems(SYSTEMS[:2], REFS, config, table=table)
    tokenizer_calls.clear()
    [late] = corpus_stats_of_systems(SYSTEMS[2:3], REFS, config, table=table)
    assert set(tokenizer_calls) == set(SYSTEMS[2]) - set().union(*SYSTEMS[:2], *REFS)
    assert_same_stats(late, corpus_stats(SYSTEMS[2], REFS, config))
    assert len(table) == len(set().union(*SYSTEMS[:3], *REFS))


def test_each_system_keeps_its_own_tokens_and_one_copy_of_the_references() -> None:
    config = BleuConfig()
    prepared = drain(iter_prepare_systems(SYSTEMS, REFS, config))
    for system, (tokens, stats) in zip(SYSTEMS, prepared, strict=True):
        alone_tokens, alone_stats = drain(iter_prepare(system, REFS, config))
        assert tokens.hypotheses == alone_tokens.hypotheses
        assert tokens.references == alone_tokens.references
        assert_same_stats(stats, alone_stats)
    assert all(tokens.references is prepared[0][0].references for tokens, _ in prepared)


def test_progress_counts_the_segments_of_every_system() -> None:
    steps = iter_corpus_stats_of_systems(SYSTEMS, REFS, BleuConfig())
    progress: list[Progress] = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration:
            break
    total = 500 * len(SYSTEMS)
    assert {step.total for step in progress} == {total}
    done = [step.done for step in progress]
    assert done == sorted(done)
    assert done[-1] == total
    assert [step.done for step in progress if step.done % 500 == 0] == [
        500,
        1000,
        1500,
        2000,
    ]


@pytest.fixture(scope="module")
def pool() -> Iterator[WorkerPool]:
    with WorkerPool(2) as workers:
        yield workers


def test_with_worker_processes_each_distinct_line_is_sent_once(
    pool: WorkerPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workers tokenize; what they are sent is what gets tokenized."""
    sent: Counter[str] = Counter()

    def spy(
        function: Callable[[Any], Any],
        jobs: Iterable[tuple[tuple[str, bool, bool], list[str]]],
        workers: WorkerPool | None = None,
    ) -> Iterator[Any]:
        def recorded() -> Iterator[tuple[tuple[str, bool, bool], list[str]]]:
            for job in jobs:
                sent.update(job[1])
                yield job

        return map_ordered(function, recorded(), workers)

    monkeypatch.setattr("bleu_gui.core.tokenize.map_ordered", spy)
    config = BleuConfig()
    together = drain(iter_corpus_stats_of_systems(SYSTEMS, REFS, config, pool=pool))
    assert set(sent) == set().union(*SYSTEMS, *REFS)
    assert set(sent.values()) == {1}
    for system, stats in zip(SYSTEMS, together, strict=True):
        assert_same_stats(stats, corpus_stats(system, REFS, config))


def test_corpus_stats_of_systems_in_processes_equals_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scoring_module, "_PARALLEL_MIN_LINES", 1)
    config = BleuConfig()
    in_processes = corpus_stats_of_systems(SYSTEMS, REFS, config, processes=2)
    for stats, alone in zip(
        in_processes, corpus_stats_of_systems(SYSTEMS, REFS, config), strict=True
    ):
        assert_same_stats(stats, alone)


@pytest.mark.parametrize(
    ("made_for", "used_with", "words"),
    [
        pytest.param(
            BleuConfig(),
            BleuConfig(tokenizer="intl"),
            "holds the tokens of 13a, case-sensitive, not of intl, case-sensitive",
            id="tokenizer",
        ),
        pytest.param(
            BleuConfig(),
            BleuConfig(lowercase=True),
            "holds the tokens of 13a, case-sensitive, not of 13a, lowercased",
            id="case",
        ),
        pytest.param(
            BleuConfig(tokenizer="none"),
            BleuConfig(compat=Compat.MULTI_BLEU),
            "of none, case-sensitive, not of none, case-sensitive, multi-bleu.perl",
            id="perl",
        ),
    ],
)
def test_a_table_of_another_tokenizer_or_case_is_refused(
    made_for: BleuConfig, used_with: BleuConfig, words: str
) -> None:
    table = TokenTable.for_config(made_for)
    corpus_stats_of_systems(SYSTEMS[:1], REFS, made_for, table=table)
    filled = len(table)
    with pytest.raises(TokenKeyError, match=words):
        corpus_stats_of_systems(SYSTEMS[:1], REFS, used_with, table=table)
    with pytest.raises(TokenKeyError, match="use one table per tokenizer and case"):
        drain(iter_prepare(SYSTEMS[0], REFS, used_with, table=table))
    assert len(table) == filled  # nothing added under the wrong key


def test_a_table_knows_only_what_it_was_given() -> None:
    table = TokenTable(get_tokenizer("13a"))
    table.add(["a b.", "c"], ["a b .", "c"])
    assert len(table) == 2
    assert "a b." in table
    assert "x" not in table
    assert table.lookup(["c", "a b."]) == ("c", "a b .")
    assert table.lookup_optional([None, "c"]) == (None, "c")
    assert table.unknown(["x", "c", "x", "y"]) == ["x", "y"]


def test_a_line_the_table_lacks_is_an_error_not_a_missing_reference() -> None:
    # `None` stands for "no reference k for this segment"; a line the table lacks
    # must not read as one (the score would change with no other sign).
    table = TokenTable(get_tokenizer("13a"))
    table.add(["c"], ["c"])
    with pytest.raises(KeyError, match="'not there'"):
        table.lookup_optional(["c", None, "not there"])
    with pytest.raises(KeyError, match="'x'"):
        table.lookup(["c", "x"])
    assert table.lookup_optional([None, None]) == (None, None)
    assert table.lookup_optional([]) == ()


def test_unknown_lines_keep_their_order_of_occurrence() -> None:
    table = TokenTable(get_tokenizer("13a"))
    table.add(["b"], ["b"])
    assert table.unknown(["z", "b", "a", "z", "", "a"]) == ["z", "a", ""]


REF_TUPLES = tuple(tuple(stream) for stream in REFS)


def test_a_reference_tuple_seen_before_is_not_looked_up_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The window's case: every system is prepared against the same tuples."""
    config = BleuConfig()
    table = TokenTable.for_config(config)
    first, _ = drain(iter_prepare(SYSTEMS[0], REF_TUPLES, config, table=table))
    looked_up: list[int] = []
    original = TokenTable.lookup_optional

    def spy(self: TokenTable, lines: Any) -> tuple[str | None, ...]:
        looked_up.append(len(lines))
        return original(self, lines)

    monkeypatch.setattr(TokenTable, "lookup_optional", spy)
    second, stats = drain(iter_prepare(SYSTEMS[1], REF_TUPLES, config, table=table))
    assert looked_up == []
    assert all(
        mine is theirs
        for mine, theirs in zip(second.references, first.references, strict=True)
    )
    alone_tokens, alone_stats = drain(iter_prepare(SYSTEMS[1], REFS, config))
    assert second.references == alone_tokens.references
    assert second.hypotheses == alone_tokens.hypotheses
    assert_same_stats(stats, alone_stats)
    assert score_corpus(stats, config).score == (
        sacrebleu.corpus_bleu(SYSTEMS[1], REFS).score
    )


def test_an_equal_tuple_made_anew_is_looked_up_and_a_list_is_not_kept() -> None:
    config = BleuConfig()
    table = TokenTable.for_config(config)
    drain(iter_prepare(SYSTEMS[0], REF_TUPLES, config, table=table))
    copy = (*REF_TUPLES[0],)  # a new tuple (tuple(a_tuple) is the same object)
    assert copy == REF_TUPLES[0]
    assert copy is not REF_TUPLES[0]
    assert table.stream_tokens(copy) is None
    assert table.stream_tokens(REF_TUPLES[0]) is not None
    drain(iter_prepare(SYSTEMS[0], REFS, config, table=table))
    assert table.stream_tokens(REFS[0]) is None


def test_other_references_through_the_same_table_get_their_own_tokens() -> None:
    """Tokens kept for one reference tuple are never taken for another's."""
    config = BleuConfig()
    table = TokenTable.for_config(config)
    drain(iter_prepare(SYSTEMS[0], REF_TUPLES, config, table=table))
    swapped = (REF_TUPLES[1], REF_TUPLES[0])
    tokens, stats = drain(iter_prepare(SYSTEMS[2], swapped, config, table=table))
    alone_tokens, alone_stats = drain(iter_prepare(SYSTEMS[2], swapped, config))
    assert tokens.references == alone_tokens.references
    assert_same_stats(stats, alone_stats)
    shifted = (REF_TUPLES[0][1:] + REF_TUPLES[0][:1],)
    tokens, stats = drain(iter_prepare(SYSTEMS[2], shifted, config, table=table))
    alone_tokens, alone_stats = drain(iter_prepare(SYSTEMS[2], shifted, config))
    assert tokens.references == alone_tokens.references
    assert_same_stats(stats, alone_stats)


def test_a_kept_stream_with_missing_references_keeps_them_missing() -> None:
    config = BleuConfig()
    table = TokenTable.for_config(config)
    with_gaps = (tuple(None if i % 3 == 0 else line for i, line in enumerate(REFS[1])),)
    references = (REF_TUPLES[0], *with_gaps)
    drain(iter_prepare(SYSTEMS[0], references, config, table=table))
    tokens, stats = drain(iter_prepare(SYSTEMS[3], references, config, table=table))
    assert [i for i, line in enumerate(tokens.references[1]) if line is None] == list(
        range(0, len(REFS[1]), 3)
    )
    _, alone_stats = drain(iter_prepare(SYSTEMS[3], references, config))
    assert_same_stats(stats, alone_stats)
