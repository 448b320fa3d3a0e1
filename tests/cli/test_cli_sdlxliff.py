"""`bleu-gui score` on a Trados job: each `<mrk mtype="seg">` segment is a sentence.

`manual-final.sdlxliff` (post-edited, reference) and `manual-mt.sdlxliff` (MT) are
the Trados job of tests/io/test_xliff_segments.py: ten segments in six trans-units;
the final's segments tu3::6 (Draft), tu4 (no level, empty) and tu5::9
(RejectedTranslation) are not finished. The numbers are sacreBLEU's own, on the
segment texts written out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sacrebleu.metrics.bleu import BLEU

from tests.cli.test_cli_units import run, sacrebleu_sentences
from tests.export_files import read_delimited
from tests.io.test_xliff_segments import (
    EVERY_NAME,
    FINAL_TARGETS,
    FINISHED,
    MT_TARGETS,
)

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "sdlxliff"
FINAL = str(DATA / "manual-final.sdlxliff")
MT = str(DATA / "manual-mt.sdlxliff")
LEFT_OUT = (
    f"bleu-gui: warning: {FINAL}: 3 units left out, not a finished translation: "
    "1 conf=\"Draft\" (unit 'tu3::6'); 1 conf unset, target empty (unit 'tu4'); "
    "1 conf=\"RejectedTranslation\" (unit 'tu5::9'); --xliff-states all (in the "
    'window: "Count unfinished XLIFF units") counts them\n'
)
NAMES = [EVERY_NAME[i] for i in FINISHED]
REFS = [FINAL_TARGETS[i] for i in FINISHED]
HYPS = [MT_TARGETS[i] for i in FINISHED]


def test_sentence_lines_name_each_trados_segment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = run([FINAL, "-i", MT, "-sl", "-f", "text"], capsys)
    assert err == LEFT_OUT
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [
        "unit tu1",
        "unit tu2::2",
        "unit tu2::3",
        "unit tu2::4",
        "unit tu3::5",
        "unit tu5::8",
        "unit tu6",
    ]
    assert [line.split("\t", 1)[1] for line in lines] == sacrebleu_sentences(
        tmp_path, REFS, HYPS
    )


def test_the_score_is_sacrebleus_on_the_segments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run([FINAL, "-i", MT, "-w", "6"], capsys)
    mine = json.loads(out)
    expected = BLEU().corpus_score(HYPS, [REFS])
    assert mine["score"] == pytest.approx(expected.score, abs=5e-7)
    assert (mine["counts"], mine["totals"]) == (expected.counts, expected.totals)
    assert round(mine["score"], 2) == 71.94


def test_every_segment_counts_with_xliff_states_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = run([FINAL, "-i", MT, "-w", "6", "--xliff-states", "all"], capsys)
    assert err == ""
    expected = BLEU().corpus_score(list(MT_TARGETS), [list(FINAL_TARGETS)])
    mine = json.loads(out)
    assert mine["score"] == pytest.approx(expected.score, abs=5e-7)
    assert (mine["counts"], mine["totals"]) == (expected.counts, expected.totals)


def test_the_sentence_export_names_each_segment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sentences.csv"
    run([FINAL, "-i", MT, "--export", str(target)], capsys)
    read = read_delimited(target)
    assert read.header[:3] == ["#", "Unit", "BLEU"]
    assert [row[1] for row in read.rows] == NAMES
    assert [row[-1] for row in read.rows] == HYPS
