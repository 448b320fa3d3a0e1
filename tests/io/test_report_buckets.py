"""The HTML report's buckets section, read back from the page, against sacreBLEU.

Which sentence is in which bucket is decided here from sacreBLEU's
`sentence_bleu` (its `ref_len`); each cell's BLEU is sacreBLEU's `corpus_bleu`
of the bucket's lines, each p sacreBLEU's `PairedTest` on them at the report's
seed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, corpus_stats_of_systems
from bleu_gui.core.buckets import BucketEdges, BucketKind
from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
from bleu_gui.core.significance import PairedTest
from bleu_gui.core.tokenize import Tokenizer
from bleu_gui.core.word_buckets import WordFrequency
from bleu_gui.io.report_buckets import BUCKETS_NOTE, WORDS_HEADING
from bleu_gui.io.report_html import escaped, render_report
from tests.io.report_page import ReportPage
from tests.io.test_report_html import REFS, SIGNATURE, _lines

NAMES = ("sys.happypoet.txt", "sys.Online-W.txt")
SEED = 77


def _page(test: PairedTest | None) -> str:
    config = BleuConfig()
    hyps = [_lines(name) for name in NAMES]
    every = corpus_stats_of_systems(hyps, [list(r) for r in REFS], config)
    request = ReportRequest(
        references=REFS,
        systems=tuple(
            ReportSystem(name, lines, stats)
            for name, lines, stats in zip(NAMES, hyps, every, strict=True)
        ),
        config=config,
        signature=SIGNATURE,
        top=1,
        test=test,
        samples=100,
        seed=SEED,
    )
    return render_report(build_report(request))


def test_reference_length_buckets_are_sacrebleus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = ReportPage(_page(PairedTest.BOOTSTRAP))
    assert page.bucket_headings == [
        "Reference length (tokens)",
        "Length difference, hypothesis − reference (tokens)",
        "Sentence BLEU of the baseline",
        "Word accuracy by frequency",
    ]
    table = page.bucket_tables[0]
    assert table[0] == ["Bucket", "Sentences", *NAMES, f"Δ {NAMES[1]}", "p"]
    a, b = (_lines(name) for name in NAMES)
    refs = [list(r) for r in REFS]
    lengths = [
        sacrebleu.sentence_bleu(a[k], [r[k] for r in refs]).ref_len
        for k in range(len(a))
    ]
    monkeypatch.setenv("SACREBLEU_SEED", str(SEED))
    edges = [(-1, 10), (10, 20), (20, 30), (30, 40), (40, 50), (50, 60), (60, 10**9)]
    for row, (low, high) in zip(table[1:], edges, strict=True):
        rows = [k for k, n in enumerate(lengths) if low <= n < high]
        assert row[1] == f"{len(rows)}"
        if not rows:
            assert row[2:] == ["–", "–", "–", "–"]
            continue
        sub = [[r[k] for k in rows] for r in refs]
        score_a = sacrebleu.corpus_bleu([a[k] for k in rows], sub).score
        score_b = sacrebleu.corpus_bleu([b[k] for k in rows], sub).score
        _, scores = SacrePairedTest(
            [("a", [a[k] for k in rows]), ("b", [b[k] for k in rows])],
            {"BLEU": BLEU()},
            references=sub,
            test_type="bs",
            n_samples=100,
        )()
        other = scores["BLEU"][1]
        assert not isinstance(other, str)
        assert row[2:] == [
            f"{score_a:.2f}",
            f"{score_b:.2f}",
            f"{score_b - score_a:.2f}",
            f"{other.p_value:.4f}",
        ]
    assert escaped(BUCKETS_NOTE) in _page(PairedTest.BOOTSTRAP)


def test_without_a_bootstrap_the_buckets_have_no_p() -> None:
    page = ReportPage(_page(PairedTest.RANDOMIZATION))
    assert page.bucket_tables[0][0] == ["Bucket", "Sentences", *NAMES, f"Δ {NAMES[1]}"]
    assert "No paired test: no resamples asked for." in _page(None)


# Hand-counted word accuracy (tests/core/test_word_buckets.py's corpus): reference
# frequencies the 4, cat 2, dog 2, ran 2, sat 1, a 1.
WORD_REFS = (("the cat sat", "the the dog ran"), ("the cat", "a dog ran"))
WORD_HYPS = (
    ("the cat the cat", "the dog walked"),
    ("sat sat", "the the the dog ran ran"),
)


def test_the_word_accuracy_table_is_counted_by_hand() -> None:
    config = BleuConfig()
    hyps = [list(lines) for lines in WORD_HYPS]
    every = corpus_stats_of_systems(hyps, [list(r) for r in WORD_REFS], config)
    request = ReportRequest(
        references=WORD_REFS,
        systems=tuple(
            ReportSystem(name, lines, stats)
            for name, lines, stats in zip(("a", "b"), hyps, every, strict=True)
        ),
        config=config,
        signature=SIGNATURE,
        top=1,
    )
    html = render_report(build_report(request))
    page = ReportPage(html)
    assert page.bucket_headings[-1] == WORDS_HEADING == "Word accuracy by frequency"
    table = page.bucket_tables[-1]
    assert table[0] == [
        "Frequency",
        "Reference words",
        "a words",
        "P",
        "R",
        "F",
        "b words",
        "P",
        "R",
        "F",
    ]
    # (matched, words, reference words): "0" walked: a (0, 1, 0); "1" sat, a:
    # a (0, 0, 2), b (1, 2, 2); "2" cat, dog, ran and "3–4" the: (2, 3, 3) each.
    assert table[1] == ["0", "0", "1", "0.00", "–", "–", "0", "–", "–", "–"]
    assert table[2] == ["1", "2", "0", "–", "0.00", "–", "2", "50.00", "50.00", "50.00"]
    two = ["3", "66.67", "66.67", "66.67"]
    assert table[3] == ["2", "3", *two, *two]
    assert table[4] == ["3–4", "3", *two, *two]
    assert table[5] == ["5–9", "0", "0", "–", "–", "–", "0", "–", "–", "–"]
    assert [row[0] for row in table[6:]] == ["10–99", "100–999", "≥ 1000"]
    assert (
        escaped(
            "P, R, F in %. Frequencies in the test set's references. Per sentence a "
            "word's matches are min(hypothesis count, reference count), the reference "
            "count being its largest count in any one reference (clipped, as "
            "compare-mt and BLEU count)"
        )
        in html
    )


def _word_request(**given: Any) -> ReportRequest:
    config = BleuConfig()
    hyps = [list(lines) for lines in WORD_HYPS]
    every = corpus_stats_of_systems(hyps, [list(r) for r in WORD_REFS], config)
    systems = tuple(
        ReportSystem(name, lines, stats)
        for name, lines, stats in zip(("a", "b"), hyps, every, strict=True)
    )
    return replace(
        ReportRequest(
            references=WORD_REFS,
            systems=systems,
            config=config,
            signature=SIGNATURE,
            top=1,
        ),
        **given,
    )


def test_the_words_are_bucketed_at_the_edges_and_by_the_counts_given() -> None:
    # A training corpus's counts: the 3, cat 1, dog 12; sat, ran, a, walked: 0.
    frequency = WordFrequency({"the": 3, "cat": 1, "dog": 12}, "train.txt", 16)
    edges = BucketEdges().edited(None, (1, 2, 10))
    request = _word_request(
        edges=edges, frequency=frequency, bucket_kinds=(BucketKind.REF_LENGTH,)
    )
    html = render_report(build_report(request))
    page = ReportPage(html)
    assert page.bucket_headings == ["Reference length (tokens)", WORDS_HEADING]
    table = page.bucket_tables[-1]
    # Per bucket (matched, words, reference words), counted by hand:
    # "0" sat, ran, a, walked: a (0, 1, 3), b (2, 4, 3); "1" cat: a (1, 2, 1),
    # b (0, 0, 1); "2–9" the: (2, 3, 3) both; "≥ 10" dog: (1, 1, 1) both.
    assert table[1:] == [
        ["0", "3", "1", "0.00", "0.00", "0.00", "4", "50.00", "66.67", "57.14"],
        ["1", "1", "2", "50.00", "100.00", "66.67", "0", "–", "0.00", "–"],
        ["2–9", "3", *["3", "66.67", "66.67", "66.67"] * 2],
        ["≥ 10", "1", *["1", "100.00", "100.00", "100.00"] * 2],
    ]
    assert escaped("P, R, F in %. Frequencies in train.txt (16 words). Per") in html


def test_only_the_tables_asked_for_are_shown() -> None:
    html = render_report(build_report(_word_request(bucket_kinds=())))
    assert ReportPage(html).bucket_headings == [WORDS_HEADING]
    assert escaped(BUCKETS_NOTE) not in html
    none = render_report(build_report(_word_request(bucket_kinds=(), words=False)))
    assert "<h2>Buckets</h2>" not in none


def test_the_tokens_given_are_the_ones_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("tokenized again")

    monkeypatch.setattr(Tokenizer, "iter_tokenize", refused)
    request = _word_request()
    # a's lines read "the cat the cat", "the dog walked"; its tokens given say
    # "dog", "dog": frequency 2 (dog twice in the references), one matched
    # (segment 2's), of 3 reference words of that bucket (cat, dog, ran).
    given = replace(
        request,
        systems=(
            replace(request.systems[0], tokens=("dog", "dog")),
            replace(request.systems[1], tokens=WORD_HYPS[1]),
        ),
        reference_tokens=WORD_REFS,
    )
    table = ReportPage(render_report(build_report(given))).bucket_tables[-1]
    two = ["3", "66.67", "66.67", "66.67"]
    assert table[3] == ["2", "3", "2", "50.00", "33.33", "40.00", *two]
