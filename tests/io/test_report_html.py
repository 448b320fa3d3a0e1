"""The HTML report's numbers and choices, checked against sacreBLEU itself."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.core import BleuConfig, Compat, corpus_stats_of_systems
from bleu_gui.core.explain import NgramStatus, SentenceExplanation
from bleu_gui.core.report import Report, ReportRequest, ReportSystem, build_report
from bleu_gui.core.significance import PairedTest
from bleu_gui.io.report_html import NO_TEST, escaped, render_report, write_report
from bleu_gui.io.report_svg import delta_histogram
from bleu_gui.io.safe_write import WriteError
from tests.core.test_significance import Opts, sacrebleu_paired
from tests.io.report_page import ReportPage

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
LINES = 40
SYSTEMS = ("sys.happypoet.txt", "sys.UEdin.txt", "sys.Online-W.txt")
SIGNATURE = "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"


def _lines(name: str) -> list[str]:
    return (DEMO / name).read_text(encoding="utf-8").splitlines()[:LINES]


REFS = (_lines("ref.A.txt"), _lines("ref.B.txt"))


def _report(names: tuple[str, ...], top: int = 5) -> Report:
    config = BleuConfig()
    hyps = [_lines(name) for name in names]
    every = corpus_stats_of_systems(hyps, [list(r) for r in REFS], config)
    request = ReportRequest(
        references=REFS,
        systems=tuple(
            ReportSystem(name, lines, stats)
            for name, lines, stats in zip(names, hyps, every, strict=True)
        ),
        config=config,
        signature=SIGNATURE,
        top=top,
        test=PairedTest.BOOTSTRAP if len(names) > 1 else None,
        samples=100,
    )
    return build_report(request)


def test_corpus_bleu_of_every_system_is_sacrebleus() -> None:
    page = ReportPage(render_report(_report(SYSTEMS)))
    table = page.table_with("System")
    assert [row[0] for row in table[1:]] == [
        "sys.happypoet.txt (baseline)",
        "sys.UEdin.txt",
        "sys.Online-W.txt",
    ]
    header = table[0]
    assert header == [
        "System", "BLEU", "μ ± 95% CI", "p-value", "p1", "p2", "p3", "p4",
        "BP", "ratio", "hyp_len", "ref_len",
    ]  # fmt: skip
    for name, row in zip(SYSTEMS, table[1:], strict=True):
        cells = dict(zip(header, row, strict=True))
        expected = sacrebleu.corpus_bleu(_lines(name), [list(r) for r in REFS])
        assert cells["BLEU"] == f"{expected.score:.2f}"
        assert row[4:8] == [f"{p:.2f}" for p in expected.precisions]
        assert cells["BP"] == f"{expected.bp:.3f}"
        assert cells["ratio"] == f"{expected.sys_len / expected.ref_len:.3f}"
        assert cells["hyp_len"] == str(expected.sys_len)
        assert cells["ref_len"] == str(expected.ref_len)


def _tokens(text: str) -> int:
    """How many tokens sacreBLEU's default tokenizer makes of `text`."""
    return len(sacrebleu.BLEU().tokenizer(text).split())


def _closest_ref(hyp_len: int, row: int) -> str:
    """The reference whose length BP uses: closest, ties to the shorter."""
    refs = [ref[row] for ref in REFS]
    return min(refs, key=lambda ref: (abs(_tokens(ref) - hyp_len), _tokens(ref)))


def test_one_system_shows_the_sentences_of_highest_cost_first() -> None:
    hyps = _lines(SYSTEMS[0])
    refs = [list(r) for r in REFS]
    base = sacrebleu.corpus_bleu(hyps, refs).score
    costs = []
    for row in range(LINES):
        perfect = list(hyps)
        perfect[row] = _closest_ref(_tokens(hyps[row]), row)
        costs.append(sacrebleu.corpus_bleu(perfect, refs).score - base)
    expected = sorted(range(LINES), key=lambda row: -costs[row])[:5]
    report = _report(SYSTEMS[:1])
    assert [row.index for row in report.rows] == expected
    page = ReportPage(render_report(report))
    assert page.headings == [
        f"Segment {row + 1} · cost {costs[row]:.2f} BLEU · sentence BLEU "
        f"{sacrebleu.sentence_bleu(hyps[row], [r[row] for r in refs]).score:.2f}"
        for row in expected
    ]


def test_two_systems_show_the_sentences_of_largest_delta_first() -> None:
    a, b = _lines(SYSTEMS[0]), _lines(SYSTEMS[1])
    delta = [
        sacrebleu.sentence_bleu(b[i], [r[i] for r in REFS]).score
        - sacrebleu.sentence_bleu(a[i], [r[i] for r in REFS]).score
        for i in range(LINES)
    ]
    expected = sorted(range(LINES), key=lambda row: -abs(delta[row]))[:5]
    report = _report(SYSTEMS[:2])
    assert [row.index for row in report.rows] == expected
    page = ReportPage(render_report(report))
    assert page.headings == [
        f"Segment {row + 1} · Δ {delta[row]:+.2f} sentence BLEU" for row in expected
    ]


def test_each_order_of_a_sentence_is_painted_with_the_cores_statuses() -> None:
    report = _report(SYSTEMS[:1], top=1)
    page = render_report(report)
    explanation = report.rows[0].explanation
    assert isinstance(explanation, SentenceExplanation)
    first = explanation.orders[0]
    unigram_row = page[page.index("<th>1-grams</th>") : page.index("<th>2-grams</th>")]
    for status in NgramStatus:
        painted = unigram_row.count(f'<mark class="s-{status.value}"')
        # Unigrams never overlap: one mark per token, unless neighbours merge.
        assert (painted > 0) == (first.count(status) > 0)
    assert page.count("-grams</th>") == 4
    assert "<p>" + escaped(explanation.diagnosis) + "</p>" in page


def test_escaped_shows_markup_and_controls_as_text() -> None:
    assert escaped('<script>"x"</script>') == (
        "&lt;script&gt;&quot;x&quot;&lt;/script&gt;"
    )
    assert escaped("a\u202eb") == 'a<span class="ctl">⟨U+202E⟩</span>b'
    assert escaped("tab\tok") == "tab\tok"


def test_the_page_loads_nothing() -> None:
    page = render_report(_report(SYSTEMS))
    assert "http:" not in page
    assert "https:" not in page
    assert "//" not in page
    assert re.findall(r"\bsrc\s*=", page) == []
    assert "<script" not in page.lower()
    assert "url(" not in page


def test_a_failed_write_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.mkdir()  # a folder where the file should go: the rename fails
    with pytest.raises(WriteError, match=r"report\.html"):
        write_report(target, _report(SYSTEMS[:1], top=1))
    assert target.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]


def _expected_bars(
    deltas: list[float], names: tuple[str, str]
) -> list[tuple[str, str]]:
    """The Δ histogram's bars by the rule, counted here from sacreBLEU's Δs.

    Bins of 5 points from -span to span (span: the smallest multiple of 10, at
    least 10, that holds every |Δ|), 0 an edge; the ties (Δ exactly 0) a bar of
    their own between the halves.
    """
    a, b = names
    moved = [d for d in deltas if d != 0]
    span = max(10, math.ceil(max(abs(d) for d in moved) / 10) * 10)
    bins = 2 * span // 5
    counts = [0] * bins
    for d in moved:
        counts[min(math.floor((d + span) / 5), bins - 1)] += 1
    ties = deltas.count(0.0)

    def edge(value: int) -> str:
        return "0.0" if value == 0 else f"{value:+.1f}"

    def said(count: int) -> str:
        return f"{count} sentence{'' if count == 1 else 's'}"

    bars = []
    for i, count in enumerate(counts):
        low = -span + 5 * i
        if i == bins // 2:
            bars.append(("tie", f"Δ = 0 (ties): {said(ties)}, {a} = {b}"))
        side = f"{b} worse" if low < 0 else f"{b} better"
        words = f"{edge(low)} to {edge(low + 5)}: {said(count)}, {side}"
        bars.append(("loss" if low < 0 else "gain", words))
    return bars


def test_the_delta_histogram_never_mixes_signs_and_gives_ties_their_bar() -> None:
    a = _lines(SYSTEMS[0])
    # B repeats A on its first 12 sentences: ties, which no gain bar may hold.
    b = [*a[:12], *_lines(SYSTEMS[1])[12:]]
    names = ("a.txt", "b.txt")
    deltas = [
        sacrebleu.sentence_bleu(b[i], [r[i] for r in REFS]).score
        - sacrebleu.sentence_bleu(a[i], [r[i] for r in REFS]).score
        for i in range(LINES)
    ]
    assert deltas.count(0.0) >= 12
    config = BleuConfig()
    every = corpus_stats_of_systems([a, b], [list(r) for r in REFS], config)
    request = ReportRequest(
        references=REFS,
        systems=tuple(
            ReportSystem(name, lines, stats)
            for name, lines, stats in zip(names, (a, b), every, strict=True)
        ),
        config=config,
        signature=SIGNATURE,
        top=0,
    )
    page = ReportPage(render_report(build_report(request)))
    assert page.bars == _expected_bars(deltas, names)


def test_a_loss_bin_ending_at_zero_is_a_loss() -> None:
    """The issue's case: 170 sentences a little worse, 84 ties, none better."""
    deltas = [-8.5] * 170 + [0.0] * 84
    page = ReportPage(
        delta_histogram("Δ", deltas, names=("A", "B"), axis="Δ", escape=escaped)
    )
    assert page.bars == _expected_bars(deltas, ("A", "B"))
    assert ("loss", "-10.0 to -5.0: 170 sentences, B worse") in page.bars
    assert ("tie", "Δ = 0 (ties): 84 sentences, A = B") in page.bars
    assert [kind for kind, title in page.bars if " 0 sentences" not in title] == [
        "loss",
        "tie",
    ]


def test_an_empty_token_is_shown_and_said_on_hover() -> None:
    """tf-nmt's split-space: the empty line is one empty token, shown as ∅."""
    config = BleuConfig(compat=Compat.TF_NMT, tokenizer="split-space")
    hyps = ["", "the cat sat on the mat"]
    refs = (("nothing at all", "the cat sat on the mat"),)
    (stats,) = corpus_stats_of_systems([hyps], [list(r) for r in refs], config)
    request = ReportRequest(
        references=refs,
        systems=(ReportSystem("tf", hyps, stats),),
        config=config,
        signature="compat:tf-nmt|tok:split-space",
        top=1,
    )
    report = build_report(request)
    assert [row.index for row in report.rows] == [0]
    page = render_report(report)
    assert (
        '<span title="∅ is an empty token: split-space (tensorflow/nmt&#x27;s split '
        "on each single space) makes one of an empty line and of each double space, "
        'and counts it like a word."><mark class="s-unmatched" title="unmatched">∅'
        "</mark></span>"
    ) in page


# --- boundaries the hand mutations found unguarded (issue 25) -----------------------


def test_one_system_is_no_baseline_and_has_no_test_note() -> None:
    page = ReportPage(render_report(_report(SYSTEMS[:1], top=1)))
    assert [row[0] for row in page.table_with("System")[1:]] == ["sys.happypoet.txt"]
    assert NO_TEST not in page.paragraphs


def test_two_systems_without_a_test_say_there_is_none() -> None:
    config = BleuConfig()
    hyps = [_lines(name) for name in SYSTEMS[:2]]
    every = corpus_stats_of_systems(hyps, [list(r) for r in REFS], config)
    request = ReportRequest(
        references=REFS,
        systems=tuple(
            ReportSystem(name, lines, stats)
            for name, lines, stats in zip(SYSTEMS[:2], hyps, every, strict=True)
        ),
        config=config,
        signature=SIGNATURE,
        top=1,
    )
    page = ReportPage(render_report(build_report(request)))
    assert NO_TEST in page.paragraphs
    assert "p-value" not in page.table_with("System")[0]


def test_two_systems_get_sacrebleus_paired_test_and_its_star_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The p-value is sacreBLEU's (100 resamples, its default seed 12345); its
    code stars p <= 0.05 (`utils.py`: no star only when p > 0.05), as the note says."""
    expected = sacrebleu_paired(
        monkeypatch,
        [_lines(name) for name in SYSTEMS[:2]],
        [list(r) for r in REFS],
        Opts(),
        PairedTest.BOOTSTRAP,
        100,
        12345,
    )
    page = ReportPage(render_report(_report(SYSTEMS[:2], top=1)))
    table = page.table_with("System")
    cells = dict(zip(table[0], table[2], strict=True))
    p_value = expected[1].p_value
    assert p_value is not None
    assert cells["p-value"] == f"{p_value:.4f}" + ("*" if p_value <= 0.05 else "")
    assert (
        "p-values: paired bootstrap resampling against the baseline, 100 resamples, "
        "seed 12345; * marks p ≤ 0.05 (as sacreBLEU)."
    ) in page.paragraphs


def test_the_report_shows_twenty_sentences_unless_told() -> None:
    """README: `--top N` (default 20)."""
    config = BleuConfig()
    hyps = _lines(SYSTEMS[0])
    (stats,) = corpus_stats_of_systems([hyps], [list(r) for r in REFS], config)
    request = ReportRequest(
        references=REFS,
        systems=(ReportSystem(SYSTEMS[0], hyps, stats),),
        config=config,
        signature=SIGNATURE,
    )
    page = ReportPage(render_report(build_report(request)))
    assert len(page.headings) == 20
    assert "The 20 sentences of highest cost" in page.sections


def test_equal_costs_rank_the_earlier_sentence_first() -> None:
    """Rows 1 and 2 are the same sentence against the same reference: equal costs,
    the highest; row 3 is perfect. The tie goes to the earlier row."""
    config = BleuConfig()
    refs = (("the cat sat on the mat",) * 2 + ("a dog ran in the park today",),)
    hyps = ["a cat sat on a mat", "a cat sat on a mat", "a dog ran in the park today"]
    (stats,) = corpus_stats_of_systems([hyps], [list(r) for r in refs], config)
    request = ReportRequest(
        references=refs,
        systems=(ReportSystem("s", hyps, stats),),
        config=config,
        signature=SIGNATURE,
        top=1,
    )
    assert [row.index for row in build_report(request).rows] == [0]


def test_a_sentence_that_cannot_be_scored_is_not_ranked() -> None:
    """tensorflow/nmt divides by the reference length: an empty reference leaves
    that sentence without a score, so it has no Δ to rank (top 10 of 3: two)."""
    config = BleuConfig(compat=Compat.TF_NMT, tokenizer="none")
    refs = (("a b c d", "", "x y z w"),)
    a, b = ["a b c d", "p q", "x y"], ["a b c", "p", "x y z w"]
    stats = corpus_stats_of_systems([a, b], [list(r) for r in refs], config)
    request = ReportRequest(
        references=refs,
        systems=(ReportSystem("a", a, stats[0]), ReportSystem("b", b, stats[1])),
        config=config,
        signature=SIGNATURE,
        top=10,
    )
    report = build_report(request)
    assert [row.index for row in report.rows] == [0, 2]
    page = ReportPage(render_report(report))
    assert [h.split(" · ")[0] for h in page.headings] == ["Segment 1", "Segment 3"]
