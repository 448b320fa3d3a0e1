"""`bleu-gui report`'s buckets: `bleu-gui buckets`' options, the same answers.

The small files of `tests.cli.test_cli_buckets`: memberships written out by
hand, every BLEU sacreBLEU's `corpus_bleu` of the bucket's lines, the word
counts counted by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import report_main
from bleu_gui.cli_buckets import buckets_main
from bleu_gui.core.tokenize import Tokenizer
from bleu_gui.io.report_html import escaped
from tests.cli.test_cli_buckets import CORPUS, MEMBERS, REF, SYS_A, _lines, files
from tests.io.report_page import ReportPage

__all__ = ["files"]  # the fixture, used here


def test_the_report_takes_the_edges_the_tables_and_the_corpus(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("tokenized again")

    # The word table takes the tokens counted: no line is tokenized twice.
    monkeypatch.setattr(Tokenizer, "iter_tokenize", refused)
    (files / "train.txt").write_text(CORPUS, encoding="utf-8")
    args = ["ref.txt", "-i", "a.txt", "-o", "out.html", "--by", "ref-length"]
    args += ["words", "--edges", "ref-length=4,10", "--edges", "word-frequency=1,2"]
    assert report_main([*args, "--freq-corpus", "train.txt"]) == 0
    assert capsys.readouterr().err == "bleu-gui: wrote out.html\n"
    html = (files / "out.html").read_text(encoding="utf-8")
    page = ReportPage(html)
    assert page.bucket_headings == [
        "Reference length (tokens)",
        "Word accuracy by frequency",
    ]
    lengths, words = page.bucket_tables
    assert lengths[0] == ["Bucket", "Sentences", "a.txt"]
    expected = []
    for label, rows in MEMBERS.items():
        refs = [_lines(REF, rows)]
        bleu = sacrebleu.corpus_bleu(_lines(SYS_A, rows), refs).score
        expected.append([label, f"{len(rows)}", f"{bleu:.2f}"])
    assert lengths[1:] == expected
    # As `bleu-gui buckets` counts them (its test): frequency 0, 13 of A's 14
    # words matched, 17 reference words; 1: 3 of 3; ≥ 2: 2 of 2.
    assert words[1:] == [
        ["0", "17", "14", "92.86", "76.47", "83.87"],
        ["1", "3", "3", "100.00", "100.00", "100.00"],
        ["≥ 2", "2", "2", "100.00", "100.00", "100.00"],
    ]
    assert escaped("Frequencies in train.txt (8 words). Per sentence") in html


@pytest.mark.parametrize(
    ("command", "output"),
    [(buckets_main, []), (report_main, ["-o", "out.html"])],
    ids=["buckets", "report"],
)
def test_both_commands_refuse_bad_bucket_options_alike(
    files: Path,
    capsys: pytest.CaptureFixture[str],
    command: Callable[[Sequence[str]], int],
    output: list[str],
) -> None:
    base = ["ref.txt", "-i", "a.txt", *output]
    assert command([*base, "--by", "ref-length", "--freq-corpus", "x"]) == 1
    assert capsys.readouterr().err == (
        "bleu-gui: error: --freq-corpus counts words: add words to --by, or leave "
        "--by out\n"
    )
    assert command([*base, "--edges", "ref-length=3,2"]) == 1
    assert capsys.readouterr().err == (
        "bleu-gui: error: --edges: ref-length: bucket edges must increase\n"
    )
    assert not (files / "out.html").exists()
