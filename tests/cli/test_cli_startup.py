"""`bleu-gui score` starts light: what a plain score does not import.

A short file scores in about the time Python takes to import what the command
needs, and `sacrebleu` must never be faster (`bench/bench_cli.py`). These modules were
made lazy for that; a new top-level import of one of them would silently bring back
the cost. Checked in a fresh interpreter (this one has imported everything).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from tests.core.wmt21_excerpt import HAPPYPOET, REF_A

TIMEOUT = 120

NOT_FOR_A_PLAIN_SCORE = {
    # a small test set is counted in plain Python (`core.row_counts`): numpy's
    # import alone was a third of the run
    "numpy": "numpy's counting, for test sets above PLAIN_MAX_SEGMENTS",
    "bleu_gui.core.stats": "numpy's counting, for test sets above PLAIN_MAX_SEGMENTS",
    "bleu_gui.core.scoring": "numpy's counting, for test sets above PLAIN_MAX_SEGMENTS",
    # the GUI
    "PySide6": "Qt is for the window only",
    "shiboken6": "Qt is for the window only",
    # sacreBLEU's package __init__ (its CLI: downloads, tables, colours)
    "sacrebleu": "the tokenizers are loaded without sacreBLEU's package",
    "portalocker": "sacreBLEU's test-set downloader",
    "lxml": "sacreBLEU's test-set reader",
    "tabulate": "sacreBLEU's table printer",
    "colorama": "sacreBLEU's colours",
    # worker processes start for 20,000 distinct lines or more only
    "multiprocessing": "worker processes start for large corpora only",
    "concurrent.futures": "worker processes start for large corpora only",
    # resources and package metadata
    "importlib.resources": "the demo files, for --demo only",
    "importlib.metadata": "sacreBLEU's version is read from its version file",
    # tokenizers other than the one scoring: the language hint asks whether the
    # one it suggests is installed only when it gives a hint
    "MeCab": "ja-mecab's tokenizer, when the language hint suggests it",
    "mecab_ko": "ko-mecab's tokenizer, when the language hint suggests it",
    "regex": "the intl tokenizer's",
    # NLTK mode's exact fractions
    "fractions": "NLTK mode's arithmetic (core.compat.nltk)",
    "decimal": "NLTK mode's arithmetic (core.compat.nltk)",
    # the significance tests, for --paired-bs, --paired-ar, --confidence only
    "bleu_gui.core.significance": "the significance tests' arithmetic",
    "bleu_gui.core.margin": "--margin's search",
    "statistics": "--confidence's mean",
    # the exports and the tables they write (--export, --export-systems, -d)
    "bleu_gui.io.sentence_export": "--export's sentence table",
    "bleu_gui.io.systems_table": "--export-systems' table",
    "bleu_gui.io.table_export": "the exports' writers",
    "bleu_gui.core.explain": "the sentence table's explanations",
    "bleu_gui.core.edits": "the sentence table's edits",
    "bleu_gui.core.score_delta": "the systems table's differences",
    "bleu_gui.core.documents": "-d/--documents' table",
    # the readers of formats other than text, and the matching of units by id
    "bleu_gui.io.formats": "the readers of every format (text is read directly)",
    "bleu_gui.io.wmt_xml": "WMT XML test sets",
    "bleu_gui.io.wmt_sgml": "WMT SGML files",
    "bleu_gui.io.spreadsheet": "TSV, CSV and XLSX test sets",
    "bleu_gui.io.bilingual": "XLIFF and TMX files",
    "bleu_gui.io.bundle": "the columns and roles of test-set files",
    "bleu_gui.io.align": "XLIFF and TMX units matched by id",
    # the bucket tables are `bleu-gui buckets`'s
    "bleu_gui.cli_buckets": "bleu-gui buckets",
    "bleu_gui.core.buckets": "bleu-gui buckets' tables",
    "bleu_gui.core.word_buckets": "bleu-gui buckets' word table",
    # the QA checks are `bleu-gui qa`'s
    "bleu_gui.cli_qa": "bleu-gui qa",
    "bleu_gui.core.qa": "bleu-gui qa's checks",
    "bleu_gui.core.qa_rules": "bleu-gui qa's checks",
    "bleu_gui.core.number_formats": "bleu-gui qa's reading of numbers",
    "zipfile": "XLSX workbooks",
    "csv": "TSV and CSV test sets",
}

PROBE = """
import contextlib, io, json, sys
import bleu_gui.cli
after_import = sorted(sys.modules)
from bleu_gui.__main__ import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(["score", *sys.argv[1:]])
print(json.dumps({"import": after_import, "score": sorted(sys.modules),
                  "status": status, "out": out.getvalue()}))
"""


def loaded(tmp_path: Path, *options: str) -> dict[str, object]:
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("\n".join(REF_A) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HAPPYPOET) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ref), "-i", str(hyp), *options],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("options", [[], ["-b"], ["-sl", "-f", "text"]])
def test_a_plain_score_imports_none_of_the_heavy_modules(
    options: list[str], tmp_path: Path
) -> None:
    result = loaded(tmp_path, *options)
    assert result["status"] == 0
    assert result["out"]
    # The probe does see what a score needs (the check below is not vacuous).
    assert isinstance(result["score"], list)
    assert {"bleu_gui.core.row_counts", "bleu_gui.core.score_counts"} <= set(
        result["score"]
    )
    for stage in ("import", "score"):
        modules = result[stage]
        assert isinstance(modules, list)
        found = {
            heavy: why
            for heavy, why in NOT_FOR_A_PLAIN_SCORE.items()
            if any(name == heavy or name.startswith(f"{heavy}.") for name in modules)
        }
        assert found == {}, stage


def test_a_light_score_is_sacrebleus(tmp_path: Path) -> None:
    """What the light start-up prints is sacreBLEU's score, to the last digit."""
    expected = sacrebleu.corpus_bleu(HAPPYPOET, [REF_A])
    printed = loaded(tmp_path)["out"]
    assert isinstance(printed, str)
    record = json.loads(printed)
    assert record["score"] == round(expected.score, 1)
    # sacreBLEU's line is "BLEU = 26.60 " and then its verbose score.
    assert record["verbose_score"] == str(expected).split(" ", 3)[3]
    assert record["counts"] == expected.counts
    assert record["totals"] == expected.totals
    assert record["bp"] == expected.bp
    score_only = loaded(tmp_path, "-b", "-w", "4")["out"]
    assert score_only == f"{expected.score:.4f}\n"


BLAS_PROBE = """
import contextlib, io, json, os, sys
from bleu_gui.__main__ import main
entry = sorted(sys.modules)
with contextlib.redirect_stdout(io.StringIO()):
    status = main(["score", *sys.argv[1:]])
print(json.dumps({"entry": entry, "status": status,
                  "threads": os.environ.get("OPENBLAS_NUM_THREADS")}))
"""


@pytest.mark.parametrize(("preset", "expected"), [(None, "1"), ("3", "3")])
def test_score_runs_blas_on_one_thread_unless_the_user_chose(
    preset: str | None, expected: str, tmp_path: Path
) -> None:
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("\n".join(REF_A) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HAPPYPOET) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if preset is not None:
        env["OPENBLAS_NUM_THREADS"] = preset
    done = subprocess.run(
        [sys.executable, "-c", BLAS_PROBE, str(ref), "-i", str(hyp)],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
        env=env,
    )
    result = json.loads(done.stdout)
    assert result["status"] == 0
    assert result["threads"] == expected
    # The entry point itself imports neither numpy nor Qt: `score` must be able
    # to set the thread count first, and the window pays only for what it uses.
    assert not {"numpy", "PySide6", "bleu_gui.cli"} & set(result["entry"])


def _scored_at(tmp_path: Path, segments: int) -> dict[str, object]:
    """The probe on `segments` segments of the excerpt, repeated."""
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    refs = [REF_A[i % len(REF_A)] for i in range(segments)]
    hyps = [HAPPYPOET[i % len(HAPPYPOET)] for i in range(segments)]
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ref), "-i", str(hyp), "-b", "-w", "6"],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
    )
    result: dict[str, object] = json.loads(done.stdout)
    expected = sacrebleu.corpus_bleu(hyps, [refs]).score
    assert result["out"] == f"{expected:.6f}\n"
    return result


def test_numpy_counts_a_test_set_above_the_plain_pythons_limit(
    tmp_path: Path,
) -> None:
    """Up to `PLAIN_MAX_SEGMENTS` segments are counted in plain Python, one more
    with numpy; both print sacreBLEU's score."""
    from bleu_gui.core.system_counts import PLAIN_MAX_SEGMENTS

    at_limit = _scored_at(tmp_path, PLAIN_MAX_SEGMENTS)["score"]
    above = _scored_at(tmp_path, PLAIN_MAX_SEGMENTS + 1)["score"]
    assert isinstance(at_limit, list)
    assert isinstance(above, list)
    assert "numpy" not in at_limit
    assert {"numpy", "bleu_gui.core.stats"} <= set(above)
