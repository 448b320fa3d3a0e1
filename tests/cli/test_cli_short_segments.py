"""A corpus of short segments (all under four characters) is scored, not refused.

sacreBLEU scores ``printf 'a\\nb\\n'`` against itself 0.0 (no 2-gram exists); the
guard against orders no segment reaches must never refuse the default order, which
the user did not give.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import main


def _score(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    status = main(argv)
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    result: dict[str, object] = json.loads(out)
    return result


@pytest.mark.parametrize("mode", [[], ["--compat", "nltk"]])
def test_one_letter_lines_are_scored_as_sacrebleu_scores_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: list[str]
) -> None:
    path = tmp_path / "short.txt"
    path.write_bytes(b"a\nb\n")
    mine = _score([str(path), "-i", str(path), "-w", "6", *mode], capsys)
    expected = BLEU().corpus_score(["a", "b"], [["a", "b"]])
    assert expected.score == 0.0
    assert mine["score"] == expected.score
    assert mine["counts"] == expected.counts


def test_an_xliff_job_of_short_targets_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    units = [("1", "OK", "OK"), ("2", "No", "Nein"), ("3", "Yes", "Ja")]
    body = "".join(
        f'<trans-unit id="{n}"><source>{s}</source><target>{t}</target></trans-unit>'
        for n, s, t in units
    )
    path = tmp_path / "buttons.xlf"
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="ui" source-language="en" target-language="de" '
        f'datatype="plaintext"><body>{body}</body></file></xliff>',
        encoding="utf-8",
    )
    mt = tmp_path / "buttons.mt.xlf"
    mt.write_bytes(path.read_bytes())
    mine = _score([str(path), "-i", str(mt), "-w", "6"], capsys)
    expected = BLEU().corpus_score(["OK", "Nein", "Ja"], [["OK", "Nein", "Ja"]])
    assert mine["score"] == expected.score == 0.0
    assert mine["totals"] == expected.totals


def test_an_order_the_user_gives_beyond_every_segment_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.txt"
    path.write_bytes(b"a\nb\n")
    capsys.readouterr()
    assert main([str(path), "-i", str(path), "--max-ngram-order", "5"]) == 1
    assert capsys.readouterr().err == (
        "bleu-gui: error: --max-ngram-order: no segment has an n-gram of order 5 "
        "(the longest segment has 1 characters)\n"
    )
