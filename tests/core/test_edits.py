"""What-if edits (`core.edits`): one row re-counted, every number as a fresh scoring.

Expected values come from elsewhere: a fresh `corpus_stats` of the edited corpus
(the statistics), sacreBLEU's `corpus_bleu` / `sentence_bleu` / `PairedTest` on the
edited hypotheses, NLTK's `corpus_bleu`, the tensorflow/nmt oracle and sacreBLEU
none/none for multi-bleu.perl, as the compatibility tests check those modes. Undo is
compared with `==`, never approximately.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    Compat,
    CorpusStats,
    Smoothing,
    corpus_stats,
    score_sentence,
    tokenizer_for,
)
from bleu_gui.core.analysis import perfect_gains
from bleu_gui.core.edits import (
    EditedLine,
    EditedSystem,
    Edits,
    RowStats,
    WhatIf,
    apply_edits,
    count_edits,
    count_line,
    edit_line,
    edited_hypotheses,
    revert_line,
    take_line,
    what_if,
)
from bleu_gui.core.scoring import TokenizedCorpus, iter_prepare
from bleu_gui.core.significance import PairedTest, paired_test
from bleu_gui.core.steps import drain
from tests.core.cjk_lines import ZH_HYP, ZH_REF
from tests.core.test_compat_nltk import make_config, nltk_corpus
from tests.core.test_significance import Opts, sacrebleu_paired
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B
from tests.oracles import tf_nmt_bleu

Refs = list[list[str | None]]
REFS: Refs = [list(REF_A), list(REF_B)]
SACRE_REFS: list[list[str]] = [list(REF_A), list(REF_B)]  # no missing reference
LAST = len(ONLINE_W) - 1

# (row, text): a word fixed, a line emptied, characters 13a and intl treat
# specially (quotes, a dash, an apostrophe, digits with separators, ellipsis, NBSP).
EDITS: list[tuple[int, str]] = [
    (0, "Biker reacts lightning fast and prevents worse."),
    (2, ""),
    (3, "Around 21:30, a 44-year-old driver &amp; her VW — “turned” left…"),
    (LAST, "But instead of talking about\u00a0the new season, Flick's talk was 1,230."),
]


class Prepared:
    """A system prepared as the session prepares it: tokens and statistics."""

    def __init__(self, hyps: Sequence[str], refs: Refs, config: BleuConfig) -> None:
        tokenized, stats = drain(iter_prepare(hyps, refs, config, max_order=6))
        self.hyps = list(hyps)
        self.refs = refs
        self.tokenized: TokenizedCorpus = tokenized
        self.stats: CorpusStats = stats


def type_edits(
    prepared: Prepared,
    config: BleuConfig,
    edits: Sequence[tuple[int, str]],
    other: float | None = None,
) -> tuple[EditedSystem, WhatIf]:
    """Type each edit character by character, as keystrokes; the last `WhatIf`."""
    system = EditedSystem.of(prepared.stats)
    result = what_if(system, 0, config, other=other)
    refs = prepared.tokenized.references
    for row, text in edits:
        for end in range(len(text) + 1):
            result = edit_line(system, row, text[:end], refs, config, other=other)
            system = result.system
    return system, result


def fresh(prepared: Prepared, config: BleuConfig, system: EditedSystem) -> CorpusStats:
    """The edited corpus tokenized and counted from scratch."""
    hyps = edited_hypotheses(prepared.hyps, system.edits)
    return corpus_stats(hyps, prepared.refs, config, max_order=6)


def assert_same_stats(ours: CorpusStats, theirs: CorpusStats) -> None:
    assert np.array_equal(ours.hyp_len, theirs.hyp_len)
    assert np.array_equal(ours.ref_lens, theirs.ref_lens)
    assert np.array_equal(ours.matches, theirs.matches)
    assert np.array_equal(ours.totals, theirs.totals)


def numbers(result: WhatIf) -> tuple[object, ...]:
    """Every number a `WhatIf` shows, for `==` (NaN made comparable)."""
    return (
        result.sentence,
        result.corpus,
        repr(result.delta),
        repr(result.cost),
        result.system.summed,
        result.system.row(result.row),
    )


# --- the statistics ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("tokenizer", "lowercase"), [("13a", False), ("intl", False), ("13a", True)]
)
def test_edited_rows_equal_a_fresh_count(tokenizer: str, lowercase: bool) -> None:
    config = BleuConfig(tokenizer=tokenizer, lowercase=lowercase)
    prepared = Prepared(ONLINE_W, REFS, config)
    system, _ = type_edits(prepared, config, EDITS)
    counted = fresh(prepared, config, system)
    assert_same_stats(apply_edits(prepared.stats, system.edits), counted)
    assert system.summed == counted.summed()
    for row, _ in EDITS:
        assert system.row(row) == RowStats.of(counted, row)
        assert what_if(system, row, config).sentence == score_sentence(
            counted, row, config
        )


def test_edits_counted_again_from_their_texts_under_another_tokenizer() -> None:
    typed_under = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, typed_under)
    system, _ = type_edits(prepared, typed_under, EDITS)
    texts = system.edits.texts()
    refs = prepared.tokenized.references
    assert count_edits(texts, refs, typed_under, 6) == system.edits
    intl = BleuConfig(tokenizer="intl")
    again = Prepared(ONLINE_W, REFS, intl)
    edits = count_edits(texts, again.tokenized.references, intl, 6)
    hyps = edited_hypotheses(ONLINE_W, edits)
    assert_same_stats(
        apply_edits(again.stats, edits), corpus_stats(hyps, REFS, intl, max_order=6)
    )


def test_an_emptied_line_has_no_tokens_and_keeps_its_references() -> None:
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    result = edit_line(
        EditedSystem.of(prepared.stats), 2, "", prepared.tokenized.references, config
    )
    row = result.system.row(2)
    assert row.hyp_len == 0
    assert row.matches == row.totals == (0,) * 6
    assert row.ref_lens == RowStats.of(prepared.stats, 2).ref_lens
    assert isinstance(result.sentence, BleuScore)
    assert (
        result.sentence.score == sacrebleu.sentence_bleu("", [REF_A[2], REF_B[2]]).score
    )


def test_chinese_edits_with_zh() -> None:
    config = BleuConfig(tokenizer="zh")
    refs: Refs = [list(ZH_REF)]
    prepared = Prepared(ZH_HYP, refs, config)
    edits = [
        (1, "这座新建的图书馆每天早上８点开门，晚上10点关门。"),
        (6, "新产品“很”受欢迎！"),
    ]
    system, result = type_edits(prepared, config, edits)
    hyps = edited_hypotheses(ZH_HYP, system.edits)
    assert_same_stats(
        apply_edits(prepared.stats, system.edits), fresh(prepared, config, system)
    )
    assert isinstance(result.corpus, BleuScore)
    assert (
        result.corpus.score
        == sacrebleu.corpus_bleu(hyps, [ZH_REF], tokenize="zh").score
    )


# --- the scores against the libraries ---------------------------------------------


@pytest.mark.parametrize(
    ("tokenizer", "smoothing", "lowercase"),
    [("13a", "exp", False), ("intl", "floor", False), ("13a", "add-k", True)],
)
def test_corpus_and_sentence_bleu_equal_sacrebleu_on_the_edited_text(
    tokenizer: str, smoothing: str, lowercase: bool
) -> None:
    config = BleuConfig(
        tokenizer=tokenizer, smoothing=Smoothing(smoothing), lowercase=lowercase
    )
    prepared = Prepared(ONLINE_W, REFS, config)
    other = sacrebleu.corpus_bleu(
        HAPPYPOET,
        SACRE_REFS,
        tokenize=tokenizer,
        smooth_method=smoothing,
        lowercase=lowercase,
    ).score
    system, result = type_edits(prepared, config, EDITS, other=other)
    hyps = edited_hypotheses(ONLINE_W, system.edits)
    expected = sacrebleu.corpus_bleu(
        hyps,
        SACRE_REFS,
        tokenize=tokenizer,
        smooth_method=smoothing,
        lowercase=lowercase,
    )
    assert isinstance(result.corpus, BleuScore)
    assert result.corpus.score == expected.score
    assert list(result.corpus.counts) == list(expected.counts)
    assert (result.corpus.sys_len, result.corpus.ref_len) == (
        expected.sys_len,
        expected.ref_len,
    )
    assert result.delta == expected.score - other
    sentence = sacrebleu.sentence_bleu(
        hyps[LAST],
        [REF_A[LAST], REF_B[LAST]],
        tokenize=tokenizer,
        smooth_method=smoothing,
        lowercase=lowercase,
    )
    assert isinstance(result.sentence, BleuScore)
    assert result.row == LAST
    assert result.sentence.score == sentence.score


def test_nltk_corpus_bleu_with_edits_equals_nltk_last_row_included() -> None:
    # methods 5-7 read the corpus's last segment: the edit of the last row counts.
    for method in (0, 1, 4, 5, 7):
        config = make_config(method)
        prepared = Prepared(ONLINE_W, REFS, config)
        system, result = type_edits(prepared, config, EDITS)
        hyps = edited_hypotheses(ONLINE_W, system.edits)
        per_segment = [[REF_A[i], REF_B[i]] for i in range(len(hyps))]
        expected = nltk_corpus(hyps, per_segment, config)
        assert isinstance(result.corpus, BleuScore)
        assert result.corpus.native_score == expected
        assert type(result.corpus.native_score) is type(expected)


def test_tf_nmt_corpus_bleu_with_edits_equals_the_oracle() -> None:
    for smooth in (False, True):
        config = BleuConfig(
            compat=Compat.TF_NMT,
            tokenizer="none",
            smoothing=Smoothing.ADD_ONE if smooth else Smoothing.NONE,
        )
        prepared = Prepared(ONLINE_W, REFS, config)
        system, result = type_edits(prepared, config, EDITS)
        hyps = edited_hypotheses(ONLINE_W, system.edits)
        bleu, *_ = tf_nmt_bleu(
            [h.split() for h in hyps],
            [[REF_A[i].split(), REF_B[i].split()] for i in range(len(hyps))],
            4,
            smooth,
        )
        assert isinstance(result.corpus, BleuScore)
        assert result.corpus.native_score == bleu


def test_multi_bleu_with_edits_counts_as_sacrebleu_none() -> None:
    # multi-bleu.perl splits on ASCII whitespace only, sacreBLEU on NBSP too
    ascii_spaced = [(row, text.replace("\u00a0", " ")) for row, text in EDITS]
    config = BleuConfig(compat=Compat.MULTI_BLEU)
    prepared = Prepared(ONLINE_W, REFS, config)
    system, result = type_edits(prepared, config, ascii_spaced)
    hyps = edited_hypotheses(ONLINE_W, system.edits)
    expected = BLEU(tokenize="none", smooth_method="none").corpus_score(
        hyps, SACRE_REFS
    )
    assert isinstance(result.corpus, BleuScore)
    assert list(result.corpus.counts) == list(expected.counts)
    assert (result.corpus.sys_len, result.corpus.ref_len) == (
        expected.sys_len,
        expected.ref_len,
    )
    assert math.isclose(result.corpus.score, expected.score, rel_tol=1e-9)


# --- cost, undo, taking B's sentence ------------------------------------------------


def test_cost_is_the_gain_of_the_closest_reference_in_sacrebleu() -> None:
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    system, result = type_edits(prepared, config, EDITS[:2])
    row = 3
    result = what_if(system, row, config)
    hyps = edited_hypotheses(ONLINE_W, system.edits)
    tokenize = tokenizer_for(config)
    length = len(tokenize(hyps[row]).split())
    closest = min(
        (REF_A[row], REF_B[row]),
        key=lambda ref: (
            abs(len(tokenize(ref).split()) - length),
            len(tokenize(ref).split()),
        ),
    )
    perfect = [*hyps[:row], closest, *hyps[row + 1 :]]
    expected = (
        sacrebleu.corpus_bleu(perfect, SACRE_REFS).score
        - sacrebleu.corpus_bleu(hyps, SACRE_REFS).score
    )
    assert result.cost == pytest.approx(expected, abs=1e-12)
    # the cost column's number for that row, exactly
    gains = perfect_gains(apply_edits(prepared.stats, system.edits), config)
    assert result.cost == gains[row]


def test_undo_restores_the_exact_previous_numbers() -> None:
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    refs = prepared.tokenized.references
    start = EditedSystem.of(prepared.stats)
    before = what_if(start, 3, config, other=21.5)
    first = edit_line(
        start, 3, "A 44-year-old driver turned left.", refs, config, other=21.5
    )
    second = edit_line(first.system, 3, "Nothing like it", refs, config, other=21.5)
    assert numbers(second) != numbers(first)
    # undo: the previous overlay value, scored again without tokenizing
    assert numbers(what_if(first.system, 3, config, other=21.5)) == numbers(first)
    assert numbers(what_if(start, 3, config, other=21.5)) == numbers(before)
    # typing the line back as read, or reverting it, gives the numbers as read
    typed_back = edit_line(second.system, 3, ONLINE_W[3], refs, config, other=21.5)
    assert numbers(typed_back) == numbers(before)
    reverted = revert_line(second.system, 3, config, other=21.5)
    assert numbers(reverted) == numbers(before)
    assert len(reverted.system.edits) == 0
    assert reverted.system.summed == prepared.stats.summed()


def test_taking_bs_sentence_is_bs_row() -> None:
    config = BleuConfig()
    a = Prepared(ONLINE_W, REFS, config)
    b = Prepared(HAPPYPOET, REFS, config)
    system = EditedSystem.of(a.stats)
    for row in (1, LAST):
        result = take_line(
            system, row, b.stats, HAPPYPOET[row], b.tokenized.hypotheses[row], config
        )
        system = result.system
        assert system.row(row) == RowStats.of(b.stats, row)
        line = system.edits.get(row)
        assert line is not None
        assert line.text == HAPPYPOET[row]
        assert line == count_line(
            HAPPYPOET[row], row, a.tokenized.references, config, a.stats.max_order
        )
    hyps = edited_hypotheses(ONLINE_W, system.edits)
    assert isinstance(result.corpus, BleuScore)
    assert result.corpus.score == sacrebleu.corpus_bleu(hyps, SACRE_REFS).score


def test_paired_test_on_edited_statistics_equals_sacrebleu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = BleuConfig()
    a = Prepared(ONLINE_W, REFS, config)
    b = Prepared(HAPPYPOET, REFS, config)
    system, _ = type_edits(a, config, EDITS)
    hyps = edited_hypotheses(ONLINE_W, system.edits)
    for test in (PairedTest.BOOTSTRAP, PairedTest.RANDOMIZATION):
        ours = paired_test(
            b.stats, [apply_edits(a.stats, system.edits)], config, test, samples=200
        )
        rows = sacrebleu_paired(
            monkeypatch, [HAPPYPOET, hyps], REFS, Opts(), test, 200, 12345
        )
        assert [ours.baseline, *ours.systems] == rows


# --- the overlay value --------------------------------------------------------------


def test_edits_are_a_value_one_per_row_in_row_order() -> None:
    row = RowStats(1, (1, 2), (1, 0), (1, 0))
    late = EditedLine(5, "x", "x", row)
    early = EditedLine(2, "y", "y", row)
    edits = Edits().with_line(late).with_line(early)
    assert [line.row for line in edits] == [2, 5]
    assert edits.texts() == {2: "y", 5: "x"}
    again = edits.with_line(EditedLine(5, "z", "z", row))
    assert edits.texts() == {2: "y", 5: "x"}  # unchanged: a value
    assert again.texts() == {2: "y", 5: "z"}
    assert again.without(5) == Edits((early,))
    assert hash(again.without(5)) == hash(Edits((early,)))
    with pytest.raises(ValueError, match="one per row"):
        Edits((late, early))


def test_an_edit_out_of_range_or_of_other_orders_is_refused() -> None:
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    row = RowStats(1, (1, 1), (1,) * 6, (1,) * 6)
    with pytest.raises(ValueError, match="segment 13 of 12"):
        apply_edits(prepared.stats, Edits((EditedLine(12, "x", "x", row),)))
    short = RowStats(1, (1, 1), (1, 0), (1, 0))
    with pytest.raises(ValueError, match="2 orders"):
        apply_edits(prepared.stats, Edits((EditedLine(0, "x", "x", short),)))
    with pytest.raises(IndexError, match="no segment 13"):
        EditedSystem.of(prepared.stats).with_line(EditedLine(12, "x", "x", row))


def test_an_edit_is_counted_against_every_reference_of_its_segment() -> None:
    """Typed as the second reference's sentence: a perfect match only against B.

    Against reference A alone, the line would score far below 100 and the corpus
    below sacreBLEU's; its closest reference length is B's.
    """
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    assert REF_A[1] != REF_B[1]
    system, result = type_edits(prepared, config, [(1, REF_B[1])])
    assert isinstance(result.sentence, BleuScore)
    assert (
        result.sentence.score
        == sacrebleu.sentence_bleu(REF_B[1], [REF_A[1], REF_B[1]]).score
    )
    assert round(result.sentence.score, 9) == 100.0  # sacreBLEU: 100.00000000000004
    expected = sacrebleu.corpus_bleu(
        edited_hypotheses(ONLINE_W, system.edits), SACRE_REFS
    )
    assert isinstance(result.corpus, BleuScore)
    assert result.corpus.score == expected.score
    assert (result.corpus.sys_len, result.corpus.ref_len) == (
        expected.sys_len,
        expected.ref_len,
    )


# --- boundaries the hand mutations found unguarded (issue 25) -----------------------


@pytest.mark.parametrize("method", [5, 7])
def test_the_last_rows_cost_under_nltk_reads_its_own_counts(method: int) -> None:
    """NLTK's methods 5 and 7 read the corpus's last segment: its cost must too.

    Expected: NLTK's corpus BLEU with the last line made its closest reference
    (ties to the shorter), minus NLTK's corpus BLEU, in points.
    """
    config = make_config(method)
    prepared = Prepared(ONLINE_W, REFS, config)
    result = what_if(EditedSystem.of(prepared.stats), LAST, config)
    length = len(ONLINE_W[LAST].split())
    closest = min(
        (REF_A[LAST], REF_B[LAST]),
        key=lambda ref: (abs(len(ref.split()) - length), len(ref.split())),
    )
    per_segment = [[REF_A[i], REF_B[i]] for i in range(len(ONLINE_W))]
    perfect = [*ONLINE_W[:LAST], closest]
    expected = nltk_corpus(perfect, per_segment, config) - nltk_corpus(
        ONLINE_W, per_segment, config
    )
    assert result.cost == pytest.approx(100 * expected, abs=1e-9)


def test_the_delta_against_a_system_scoring_zero_is_the_whole_score() -> None:
    """Against another system of BLEU 0, Δ is this system's BLEU (x − 0), not NaN."""
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    _, result = type_edits(prepared, config, EDITS[:1], other=0.0)
    expected = sacrebleu.corpus_bleu(
        edited_hypotheses(ONLINE_W, result.system.edits), SACRE_REFS
    ).score
    assert result.delta == pytest.approx(expected, abs=1e-9)


def test_an_edit_before_the_first_row_is_refused() -> None:
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    row = RowStats(1, (1, 1), (1,) * 6, (1,) * 6)
    with pytest.raises(ValueError, match="an edit of segment"):
        apply_edits(prepared.stats, Edits((EditedLine(-1, "x", "x", row),)))


def test_two_edits_of_one_row_are_refused() -> None:
    row = RowStats(1, (1, 2), (1, 0), (1, 0))
    with pytest.raises(ValueError, match="one per row"):
        Edits((EditedLine(2, "x", "x", row), EditedLine(2, "y", "y", row)))


def test_an_edit_counted_against_fewer_references_is_refused() -> None:
    """A row of one reference cannot replace one of two (numpy would spread it)."""
    config = BleuConfig()
    prepared = Prepared(ONLINE_W, REFS, config)
    one_reference = RowStats(1, (1,), (1,) * 6, (1,) * 6)
    with pytest.raises(ValueError, match="1 references cannot replace rows"):
        apply_edits(prepared.stats, Edits((EditedLine(0, "x", "x", one_reference),)))
