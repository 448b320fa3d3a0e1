"""`bleu-gui score job.txt`: Excel's "Unicode Text" export is a test-set file.

Its headers name the roles (`io.column_roles`), so no option is needed; the score
is sacreBLEU's on the same strings. A UTF-8 .txt stays a file of lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import main
from tests.unicode_text import write_unicode_text

MT = ["Öffne die Datei.", "Klicken Sie OK.", "Die Datei ist nicht gespeichert."]
TARGET = [
    "Öffnen Sie die Datei.",
    "Klicken Sie auf OK.",
    "Die Datei wurde nicht gespeichert.",
]
SOURCE = ["Open the file.", "Click OK.", "The file was not saved."]


def test_unicode_text_scores_its_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [["Source (en-US)", "MT", "Target (de-DE)"]]
    rows += [[s, m, t] for s, m, t in zip(SOURCE, MT, TARGET, strict=True)]
    path = write_unicode_text(tmp_path / "job.txt", rows)
    capsys.readouterr()
    assert main([str(path), "-w", "20"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    record = json.loads(out)
    expected = sacrebleu.corpus_bleu(MT, [TARGET])
    assert record["system"] == "column 'MT'"
    assert record["score"] == expected.score
    assert (record["counts"], record["totals"]) == (expected.counts, expected.totals)


def test_a_utf8_text_file_with_tabs_is_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    ref.write_text("a\tb c d e\nf g\th i\n", encoding="utf-8")
    hyp.write_text("a\tb c d x\nf g\th i\n", encoding="utf-8")
    capsys.readouterr()
    assert main([str(ref), "-i", str(hyp), "-w", "20"]) == 0
    record = json.loads(capsys.readouterr().out)
    expected = sacrebleu.corpus_bleu(
        ["a\tb c d x", "f g\th i"], [["a\tb c d e", "f g\th i"]]
    )
    assert record["score"] == expected.score
