"""The HTML report's numbers and choices, checked against sacreBLEU itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.core import BleuConfig, corpus_stats_of_systems
from bleu_gui.core.explain import NgramStatus, SentenceExplanation
from bleu_gui.core.significance import PairedTest
from bleu_gui.io.report_html import (
    Report,
    ReportRequest,
    ReportSystem,
    build_report,
    escaped,
    render_report,
    write_report,
)
from bleu_gui.io.safe_write import WriteError
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
