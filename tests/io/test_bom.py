"""A byte-order mark: read as sacreBLEU reads it, its cost said, dropped on request."""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.utils import smart_open

from bleu_gui.core import BleuConfig, Compat, corpus_stats, score_corpus, signature
from bleu_gui.io import Bom, BomCost, bom_costs, bom_warning, read_corpus
from tests.core.wmt21_excerpt import HAPPYPOET, REF_A

REFS = ["The cat sat on the mat.", "A dog ran in the park today."]
REFS_B = ["The cat was sitting on the mat.", "A dog ran through the park."]
HYPS = ["The cat sat on a mat.", "A dog runs in the park today."]
MARK = b"\xef\xbb\xbf"


def write(path: Path, lines: list[str], *, mark: bool = False) -> Path:
    path.write_bytes(
        (MARK if mark else b"") + "".join(f"{x}\n" for x in lines).encode()
    )
    return path


def sacrebleu_lines(path: Path) -> list[str]:
    """What sacreBLEU 2.6.0's command line scores for `path`."""
    with smart_open(str(path)) as handle:
        return [line.rstrip() for line in handle]


@pytest.mark.parametrize("where", ["hyp", "ref"])
def test_default_reads_as_sacrebleu_and_scores_its_number(
    where: str, tmp_path: Path
) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS, mark=where == "hyp")
    ref = write(tmp_path / "ref.txt", REFS, mark=where == "ref")
    corpus = read_corpus(hyp, [ref])
    assert list(corpus.hypothesis.lines) == sacrebleu_lines(hyp)
    assert list(corpus.references[0].lines) == sacrebleu_lines(ref)
    assert not corpus.dropped_bom
    config = BleuConfig()
    stats = corpus_stats(corpus.hypothesis.lines, [corpus.references[0].lines], config)
    expected = BLEU().corpus_score(sacrebleu_lines(hyp), [sacrebleu_lines(ref)])
    assert score_corpus(stats, config).score == expected.score


def test_cost_of_a_kept_mark_is_sacrebleus_difference(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS, mark=True)
    ref_a = write(tmp_path / "ref.A.txt", REFS, mark=True)
    ref_b = write(tmp_path / "ref.B.txt", REFS_B)
    corpus = read_corpus(hyp, [ref_a, ref_b])
    config = BleuConfig()
    refs = [corpus.references[0].lines, corpus.references[1].lines]
    stats = corpus_stats(corpus.hypothesis.lines, refs, config)
    costs = bom_costs(corpus, config, stats)
    marked_hyp = ["\ufeff" + HYPS[0], *HYPS[1:]]
    marked_ref = ["\ufeff" + REFS[0], *REFS[1:]]
    with_marks = BLEU().corpus_score(marked_hyp, [marked_ref, REFS_B]).score
    assert costs == (
        BomCost(hyp, with_marks, BLEU().corpus_score(HYPS, [marked_ref, REFS_B]).score),
        BomCost(
            ref_a, with_marks, BLEU().corpus_score(marked_hyp, [REFS, REFS_B]).score
        ),
    )
    # Here the two marked first words matched each other: dropping one mark costs.
    assert costs[0].difference < 0


def test_cost_in_a_compatibility_mode_uses_that_mode(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS, mark=True)
    ref = write(tmp_path / "ref.txt", REFS)
    corpus = read_corpus(hyp, [ref])
    config = BleuConfig(compat=Compat.TF_NMT)
    stats = corpus_stats(corpus.hypothesis.lines, [corpus.references[0].lines], config)
    (cost,) = bom_costs(corpus, config, stats)
    plain = read_corpus(write(tmp_path / "plain.txt", HYPS), [ref])
    plain_stats = corpus_stats(plain.hypothesis.lines, [REFS], config)
    assert cost.without_mark == score_corpus(plain_stats, config).score
    assert cost.with_mark == score_corpus(stats, config).score


def test_no_cost_without_a_mark_or_for_the_source(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS)
    ref = write(tmp_path / "ref.txt", REFS)
    src = write(tmp_path / "src.txt", ["Die Katze.", "Ein Hund."], mark=True)
    corpus = read_corpus(hyp, [ref], source_path=src)
    config = BleuConfig()
    stats = corpus_stats(HYPS, [REFS], config)
    assert bom_costs(corpus, config, stats) == ()
    assert corpus.source is not None
    assert corpus.source.bom is Bom.KEPT


def test_warning_wording(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS, mark=True)
    ref = write(tmp_path / "ref.txt", REFS)
    corpus = read_corpus(hyp, [ref])
    cost = BomCost(hyp, 40.123456, 42.5)
    assert bom_warning(
        corpus.hypothesis.path, corpus.hypothesis.bom, cost, how_to_drop="--drop-bom"
    ) == (
        f"{hyp}: starts with a byte-order mark (U+FEFF), kept as sacreBLEU keeps it: "
        "the first token of line 1 carries it and matches nothing; corpus BLEU is "
        "40.1235 with it, 42.5000 with it dropped (+2.3765); --drop-bom drops it"
    )
    assert bom_warning(corpus.references[0].path, corpus.references[0].bom) is None
    assert corpus.warnings == (
        f"{hyp}: starts with a byte-order mark (U+FEFF), kept as sacreBLEU keeps it: "
        "the first token of line 1 carries it and matches nothing",
    )


def test_drop_bom_drops_it_and_labels_the_signature(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS, mark=True)
    ref = write(tmp_path / "ref.txt", REFS)
    corpus = read_corpus(hyp, [ref], drop_bom=True)
    assert corpus.hypothesis.lines == tuple(HYPS)
    assert corpus.hypothesis.bom is Bom.DROPPED
    assert corpus.dropped_bom
    assert corpus.warnings == (
        f"{hyp}: dropped a byte-order mark (U+FEFF) at the start of line 1, which "
        "sacreBLEU keeps glued to the first word (the signature says bom:dropped)",
    )
    config = BleuConfig()
    assert signature(config, 1, "13a", dropped_bom=corpus.dropped_bom) == (
        "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|bom:dropped|version:2.6.0"
    )
    nltk = BleuConfig(compat=Compat.NLTK)
    assert "|bom:dropped|version:bleu-gui-" in signature(
        nltk, 1, "none", dropped_bom=True
    )


def test_dropping_from_the_source_leaves_the_score_sacrebleus(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPS)
    ref = write(tmp_path / "ref.txt", REFS)
    src = write(tmp_path / "src.txt", ["Die Katze.", "Ein Hund."], mark=True)
    corpus = read_corpus(hyp, [ref], source_path=src, drop_bom=True)
    assert corpus.source is not None
    assert corpus.source.bom is Bom.DROPPED
    assert not corpus.dropped_bom  # the source is not scored


@pytest.mark.parametrize("marked", [("hyp",), ("ref",), ("hyp", "ref")])
def test_cost_on_real_files_is_sacrebleus_with_and_without(
    marked: tuple[str, ...], tmp_path: Path
) -> None:
    """WMT21 lines with a mark prepended: X and Y are sacreBLEU's own scores."""
    hyp = write(tmp_path / "hyp.txt", HAPPYPOET, mark="hyp" in marked)
    ref = write(tmp_path / "ref.txt", REF_A, mark="ref" in marked)
    corpus = read_corpus(hyp, [ref])
    config = BleuConfig()
    stats = corpus_stats(corpus.hypothesis.lines, [corpus.references[0].lines], config)
    as_read = BLEU().corpus_score(sacrebleu_lines(hyp), [sacrebleu_lines(ref)]).score
    hyps, refs = sacrebleu_lines(hyp), sacrebleu_lines(ref)
    expected = []
    if "hyp" in marked:
        unmarked = [hyps[0].removeprefix("\ufeff"), *hyps[1:]]
        without = BLEU().corpus_score(unmarked, [refs]).score
        expected.append(BomCost(hyp, as_read, without))
    if "ref" in marked:
        unmarked = [refs[0].removeprefix("\ufeff"), *refs[1:]]
        without = BLEU().corpus_score(hyps, [unmarked]).score
        expected.append(BomCost(ref, as_read, without))
    costs = bom_costs(corpus, config, stats)
    assert costs == tuple(expected)
    assert all(cost.difference != 0 for cost in costs)  # the mark costs here
