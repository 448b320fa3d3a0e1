"""Scoring a system in one place (`core.system_score`) gives sacreBLEU's numbers.

The window, the command line and the report all take a system's corpus score,
sentence scores, costs and signatures from `iter_system_score`; here they are
checked against sacreBLEU itself on real WMT21 lines with two references, and
with a byte-order mark dropped from a file read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.core import BleuConfig, BleuScore, Compat, corpus_stats
from bleu_gui.core.row_counts import count_rows
from bleu_gui.core.steps import drain
from bleu_gui.core.system_score import ScorePhase, iter_system_score, system_score
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import read_corpus
from tests.core.wmt21_excerpt import ONLINE_W, REF_A, REF_B

_ROWS = 8  # lines 1-8 of the release: one article, in order


def _lines() -> tuple[list[str], list[str], list[str]]:
    return ONLINE_W[:_ROWS], REF_A[:_ROWS], REF_B[:_ROWS]


def test_two_references_score_as_sacrebleu_with_its_signatures() -> None:
    hyps, ref_a, ref_b = _lines()
    config = BleuConfig()
    stats = corpus_stats(hyps, [ref_a, ref_b], config)
    steps: list[tuple[int, int, ScorePhase]] = []
    generator = iter_system_score(
        stats, config, num_refs=2, dropped_bom=False, sentences=True, gains=True
    )
    while True:
        try:
            steps.append(next(generator))
        except StopIteration as done:
            scored = done.value
            break

    theirs = sacrebleu.corpus_bleu(hyps, [ref_a, ref_b])
    assert scored.corpus_score().score == theirs.score
    assert scored.corpus_score().precisions == tuple(theirs.precisions)
    assert scored.sentences is not None
    assert scored.sentences.score.tolist() == [
        sacrebleu.sentence_bleu(hyp, [a, b]).score
        for hyp, a, b in zip(hyps, ref_a, ref_b, strict=True)
    ]
    corpus_metric, sentence_metric = BLEU(), BLEU(effective_order=True)
    corpus_metric.corpus_score(hyps, [ref_a, ref_b])
    sentence_metric.sentence_score(hyps[0], [ref_a[0], ref_b[0]])
    assert scored.signatures.corpus == str(corpus_metric.get_signature())
    assert scored.signatures.sentence == str(sentence_metric.get_signature())
    assert scored.signatures.corpus == (
        "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    )
    assert steps[0] == (0, 1, ScorePhase.SENTENCES)
    assert steps[-1] == (_ROWS, _ROWS, ScorePhase.GAINS)


def test_a_sentences_cost_is_sacrebleus_gain_were_it_its_closest_reference() -> None:
    """The cost of row i: sacreBLEU's corpus BLEU with row i replaced by the
    reference closest to it in 13a tokens (ties: the shorter), minus its BLEU."""
    hyps, ref_a, ref_b = _lines()
    config = BleuConfig()
    scored = drain(
        iter_system_score(
            corpus_stats(hyps, [ref_a, ref_b], config),
            config,
            num_refs=2,
            dropped_bom=False,
            gains=True,
        )
    )
    assert scored.sentences is None  # not asked for
    assert scored.gains is not None
    base = sacrebleu.corpus_bleu(hyps, [ref_a, ref_b]).score
    tokenize = Tokenizer13a()
    for row in range(_ROWS):
        length = len(tokenize(hyps[row]).split())
        closest = min(
            (ref_a[row], ref_b[row]),
            key=lambda ref: (abs(len(tokenize(ref).split()) - length), len(ref)),
        )
        perfect = [*hyps[:row], closest, *hyps[row + 1 :]]
        gain = sacrebleu.corpus_bleu(perfect, [ref_a, ref_b]).score - base
        assert scored.gains[row] == pytest.approx(gain, abs=1e-9)


def test_the_command_lines_plain_counts_score_the_same() -> None:
    """`RowCounts` (plain Python, the command line's) and `CorpusStats` agree."""
    hyps, ref_a, ref_b = _lines()
    config = BleuConfig()
    tokenizer = tokenizer_for(config)
    rows = count_rows(
        [tokenizer(line) for line in hyps],
        [[tokenizer(line) for line in ref] for ref in (ref_a, ref_b)],
        4,
    )
    plain = system_score(rows, config, num_refs=2, dropped_bom=False)
    theirs = sacrebleu.corpus_bleu(hyps, [ref_a, ref_b])
    assert plain.corpus_score().score == theirs.score
    each = plain.each_sentence()
    assert [s.score if isinstance(s, BleuScore) else None for s in each] == [
        sacrebleu.sentence_bleu(hyp, [a, b]).score
        for hyp, a, b in zip(hyps, ref_a, ref_b, strict=True)
    ]


def test_a_dropped_mark_scores_the_text_without_it_and_says_so(
    tmp_path: Path,
) -> None:
    hyps, ref_a, ref_b = _lines()
    hyp_file, a_file, b_file = (tmp_path / n for n in ("hyp", "a", "b"))
    hyp_file.write_text("\ufeff" + "\n".join(hyps) + "\n", encoding="utf-8")
    a_file.write_text("\n".join(ref_a) + "\n", encoding="utf-8")
    b_file.write_text("\n".join(ref_b) + "\n", encoding="utf-8")
    corpus = read_corpus(hyp_file, [a_file, b_file], drop_bom=True)
    assert corpus.dropped_bom
    config = BleuConfig()
    stats = corpus_stats(
        corpus.hypothesis.lines, [ref.lines for ref in corpus.references], config
    )
    scored = system_score(
        stats, config, num_refs=len(corpus.references), dropped_bom=corpus.dropped_bom
    )
    without = sacrebleu.corpus_bleu(hyps, [ref_a, ref_b]).score
    glued = sacrebleu.corpus_bleu(["\ufeff" + hyps[0], *hyps[1:]], [ref_a, ref_b])
    assert scored.corpus_score().score == without
    assert glued.score != without  # the mark kept costs a match: sacreBLEU differs
    metric = BLEU()
    metric.corpus_score(hyps, [ref_a, ref_b])
    version = "|version:"
    assert scored.signatures.corpus == str(metric.get_signature()).replace(
        version, "|bom:dropped" + version
    )


def test_a_corpus_the_mode_cannot_score_gives_the_reason() -> None:
    """tensorflow/nmt divides by the reference length: none, no score, a reason."""
    config = BleuConfig(compat=Compat.TF_NMT)
    stats = corpus_stats([""], [[""]], config)
    scored = system_score(stats, config, num_refs=1, dropped_bom=False)
    assert isinstance(scored.corpus, Unavailable)
    assert "tensorflow/nmt" in scored.corpus.reason
    with pytest.raises(ValueError, match="tensorflow/nmt"):
        scored.corpus_score()
