"""`bleu-gui score memory.tmx -i mt.tmx`: a TMX file of three languages asks for two.

The command line's one line says how to choose them (`--languages SRC TGT`), and
with them the targets score as sacreBLEU scores the same strings.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import main

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
TMX = DATA / "memory-en-de-fr.tmx"


def test_three_languages_ask_for_two_by_the_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mt = tmp_path / "mt.tmx"
    shutil.copy(TMX, mt)
    capsys.readouterr()
    assert main([str(TMX), "-i", str(mt)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(
        f"bleu-gui: error: {TMX}: has 3 languages (en-US, de-DE, fr-FR): choose the "
        "source and target languages with --languages SRC TGT\n"
    )
    assert err.count("error") == 1


# The German of the memory's four units as a translator reads it (tags dropped).
GERMAN = [
    "Öffnen Sie das Dialogfeld Einstellungen.",
    "Klicken Sie auf OK, um fortzufahren.",
    "Zeile eins Zeile zwei",
    "Die Datei wurde nicht gespeichert.",
]


def test_with_the_languages_the_targets_are_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mt = tmp_path / "mt.tmx"
    text = TMX.read_text("utf-8")
    mine = "Klicken Sie OK, um weiterzumachen."
    mt.write_text(text.replace(GERMAN[1], mine), "utf-8")
    capsys.readouterr()
    argv = [str(TMX), "-i", str(mt), "--languages", "en-US", "de-DE", "-w", "20"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    expected = sacrebleu.corpus_bleu([GERMAN[0], mine, *GERMAN[2:]], [GERMAN])
    assert record["score"] == expected.score
    assert (record["counts"], record["totals"]) == (expected.counts, expected.totals)
