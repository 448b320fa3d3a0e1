"""`bleu-gui score final.xlf -i mt.xlf`: XLIFF and TMX targets scored, units by id.

The expected numbers are sacreBLEU's own, on the aligned target strings written out
here by hand (inline tags dropped, units both files have, in the reference's order).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import main

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
FINAL = str(DATA / "job-final.xlf")
MT = str(DATA / "job-mt.xlf")

FINAL_TARGETS = [
    "Drücken Sie Start, um eine Tasse zuzubereiten.",
    "Füllen Sie vor dem ersten Gebrauch den Wassertank.",
    "Verwenden Sie nur kaltes Wasser. Verwenden Sie niemals Milch.",
    "Die Leuchte wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Weitere Informationen finden Sie auf Seite .",
]
MT_TARGETS = [
    "Drücken Sie Start, um eine Tasse zu brühen.",
    "Füllen Sie den Wassertank vor der ersten Verwendung.",
    "Verwenden Sie nur kaltes Wasser. Niemals Milch verwenden.",
    "Das Licht wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Siehe Seite  für Details.",
]
LEFT_OUT = (
    f"bleu-gui: warning: {FINAL}: lacks 1 unit (unit 'u5') of the other files; "
    "left out of the scores\n"
    f"bleu-gui: warning: {MT}: lacks 1 unit (unit 'u8') of the other files; left "
    "out of the scores\n"
)


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[Any, str]:
    """Our JSON output and standard error, for a run that must succeed."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out), err


def fail(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line on standard error of a run that must fail."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, out, err.count("\n")) == (1, "", 1)
    return err


def assert_sacrebleu(
    mine: dict[str, Any], hypotheses: list[str], refs: list[str]
) -> None:
    expected = BLEU().corpus_score(hypotheses, [refs])
    assert mine["score"] == pytest.approx(expected.score, abs=5e-7)
    assert mine["counts"] == expected.counts
    assert mine["totals"] == expected.totals
    assert (mine["sys_len"], mine["ref_len"]) == (expected.sys_len, expected.ref_len)


def test_an_mt_job_is_scored_against_its_post_edited_final_by_unit_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine, err = run([FINAL, "-i", MT, "-w", "6"], capsys)
    assert err == LEFT_OUT
    assert_sacrebleu(mine, MT_TARGETS, FINAL_TARGETS)
    assert round(mine["score"], 2) == 57.85


def test_several_systems_are_scored_on_the_units_every_file_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "job-mt.xlf"
    text = Path(MT).read_text(encoding="utf-8")
    other.write_text(
        text.replace("Niemals Milch verwenden.", "Verwenden Sie niemals Milch."),
        encoding="utf-8",
    )
    mine, err = run([FINAL, "-i", MT, str(other), "-w", "6"], capsys)
    assert err == LEFT_OUT + (
        f"bleu-gui: warning: {other}: lacks 1 unit (unit 'u8') of the other files; "
        "left out of the scores\n"
    )
    assert_sacrebleu(mine[0], MT_TARGETS, FINAL_TARGETS)
    edited = list(MT_TARGETS)
    edited[2] = "Verwenden Sie nur kaltes Wasser. Verwenden Sie niemals Milch."
    assert_sacrebleu(mine[1], edited, FINAL_TARGETS)


def test_tmx_files_are_read_in_the_languages_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    system = tmp_path / "mt.tmx"
    system.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header '
        'creationtool="MT" creationtoolversion="1" segtype="sentence" o-tmf="x" '
        'adminlang="en" srclang="en-US" datatype="plaintext"/><body>'
        '<tu tuid="2"><tuv xml:lang="en-US"><seg>Click OK to continue.</seg></tuv>'
        '<tuv xml:lang="de-DE"><seg>Klicken Sie OK, um weiterzumachen.</seg></tuv></tu>'
        '<tu tuid="1"><tuv xml:lang="en-US"><seg>Open the Settings dialog.</seg></tuv>'
        '<tuv xml:lang="de-DE"><seg>Öffnen Sie die Einstellungen.</seg></tuv></tu>'
        '<tu tuid="3"><tuv xml:lang="en-US"><seg>Line one<ph x="1">&lt;br/&gt;'
        "</ph>line two</seg></tuv>"
        '<tuv xml:lang="de-DE"><seg>Zeile eins Zeile zwei</seg></tuv></tu>'
        "</body></tmx>\n",
        encoding="utf-8",
    )
    reference = str(DATA / "memory-en-de-fr.tmx")
    argv = [reference, "-i", str(system), "--languages", "en-US", "de-DE", "-w", "6"]
    mine, err = run(argv, capsys)
    assert_sacrebleu(
        mine,
        [
            "Öffnen Sie die Einstellungen.",
            "Klicken Sie OK, um weiterzumachen.",
            "Zeile eins Zeile zwei",
        ],
        [
            "Öffnen Sie das Dialogfeld Einstellungen.",
            "Klicken Sie auf OK, um fortzufahren.",
            "Zeile eins Zeile zwei",
        ],
    )
    assert err == (
        f"bleu-gui: warning: {reference}: 1 unit has no id (unit #4); named by "
        "position, and matched by position with another file\n"
        f"bleu-gui: warning: {system}: lacks 1 unit (unit #4) of the other files; "
        "left out of the scores\n"
    )


def test_a_tmx_file_of_three_languages_without_languages_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reference = str(DATA / "memory-en-de-fr.tmx")
    err = fail([reference, "-i", str(DATA / "memory-two-languages.tmx")], capsys)
    assert err == (
        f"bleu-gui: error: {reference}: has 3 languages (en-US, de-DE, fr-FR): choose "
        "the source and target languages with --languages SRC TGT\n"
    )


def test_an_xliff_reference_with_a_text_hypothesis_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "mt.txt"
    text.write_text("a\n", encoding="utf-8")
    err = fail([FINAL, "-i", str(text)], capsys)
    assert err == (
        f"bleu-gui: error: {FINAL} is xliff but {text} is not: XLIFF and TMX files "
        "are matched by unit id, with XLIFF or TMX files only\n"
    )


def test_a_repeated_unit_id_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    broken = str(DATA / "broken-duplicate-id.xlf")
    err = fail([FINAL, "-i", broken], capsys)
    assert err == (
        f"bleu-gui: error: {broken}, unit 'u1': appears twice in the file: units can "
        "be matched by id only if each id is unique\n"
    )


def test_the_same_file_as_reference_and_system_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = fail([FINAL, "-i", FINAL], capsys)
    assert (
        err == f"bleu-gui: error: {FINAL} is given both as a reference and after -i\n"
    )


def test_a_tagged_target_scores_100_against_its_own_plain_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tagged = DATA.parent / "xliff" / "tags-spaced.xlf"
    plain = tmp_path / "plain.xlf"
    plain.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="doc.odt" source-language="en" target-language="fr" '
        'datatype="x-odf"><body>'
        '<trans-unit id="1"><source>Paragraph with bold, italics, and both.</source>'
        "<target>Paragraphe avec gras, italique, et les deux.</target></trans-unit>"
        '<trans-unit id="2"><source>Press Start now</source>'
        "<target>Appuyez sur Start maintenant</target></trans-unit>"
        '<trans-unit id="3"><source>Keep these spaces</source>'
        "<target>Gardez ces espaces</target></trans-unit>"
        '<trans-unit id="4"><source>A no-break space</source>'
        "<target>Une espace\N{NO-BREAK SPACE}insécable</target></trans-unit>"
        "</body></file></xliff>",
        encoding="utf-8",
    )
    mine, _ = run([str(plain), "-i", str(tagged), "-w", "6"], capsys)
    assert mine["score"] == 100.0


STATES_FINAL = str(DATA.parent / "xliff" / "states-final.xlf")
STATES_MT = str(DATA.parent / "xliff" / "states-mt.xlf")


def test_unfinished_reference_units_are_left_out_in_one_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine, err = run([STATES_FINAL, "-i", STATES_MT, "-w", "6"], capsys)
    assert err == (
        f"bleu-gui: warning: {STATES_FINAL}: 4 units left out, not a finished "
        "translation: 2 state=\"needs-translation\" (unit '2', unit '3'); "
        "2 translate=\"no\" (unit '4', unit '8'); --xliff-states all (in the "
        'window: "Count unfinished XLIFF units") counts them\n'
    )
    assert_sacrebleu(
        mine,
        [
            "Öffnen Sie den Deckel.",
            "Warten Sie auf den Piepton.",
            "Gießen Sie den Kaffee.",
            "Säubern Sie den Filter.",
        ],
        [
            "Öffnen Sie den Deckel.",
            "Warten Sie auf den Signalton.",
            "Gießen Sie den Kaffee ein.",
            "Reinigen Sie den Filter.",
        ],
    )


def test_xliff_states_all_counts_every_unit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mine, err = run(
        [STATES_FINAL, "-i", STATES_MT, "--xliff-states", "all", "-w", "6"], capsys
    )
    assert err == ""
    assert_sacrebleu(
        mine,
        [
            "Öffnen Sie den Deckel.",
            "Schließen Sie den Deckel.",
            "Drücken Sie die rote Taste.",
            "ACME CoffeeMaster 3000",
            "Warten Sie auf den Piepton.",
            "Gießen Sie den Kaffee.",
            "Säubern Sie den Filter.",
            "v1.2",
        ],
        [
            "Öffnen Sie den Deckel.",
            "",
            "Press the red button.",
            "ACME CoffeeMaster 3000",
            "Warten Sie auf den Signalton.",
            "Gießen Sie den Kaffee ein.",
            "Reinigen Sie den Filter.",
            "v1.2",
        ],
    )


def test_a_file_of_another_job_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.xlf"
    text = Path(STATES_MT).read_text(encoding="utf-8")
    for source in ("Open the lid.", "Close the lid.", "Wait for the beep.", "Pour"):
        text = text.replace(source, "Something else entirely.")
    other.write_text(text, encoding="utf-8")
    err = fail([STATES_FINAL, "-i", str(other)], capsys)
    assert err == (
        f"bleu-gui: error: {other}: the sources of 3 units (unit '1', unit '5', "
        f"unit '6') of 4 matched by id differ from {STATES_FINAL}'s: not the same "
        "job's units (more than half differ), or its ids were shifted; nothing "
        "scored\n"
    )


def test_a_reference_unit_without_a_target_is_reported_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = tmp_path / "final.xlf"
    text = Path(STATES_FINAL).read_text(encoding="utf-8")
    final.write_text(
        text.replace('<target state="needs-translation"/>', ""), encoding="utf-8"
    )
    _, err = run([str(final), "-i", STATES_MT, "--xliff-states", "all"], capsys)
    assert err == (
        f"bleu-gui: warning: {final}: 1 unit has no <target> (unit '2'); left out\n"
    )
