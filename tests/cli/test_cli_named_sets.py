"""`bleu-gui score -t wmt21 -l de-en`: sacreBLEU's named test sets, and pasted options.

The oracle is sacreBLEU's own command line, run as a subprocess on the same cache
folder (a tiny wmt21 de-en written in the test, `tests/cli/sacrebleu_cache.py`)
and the same files: the output must be the same, character for character. No test
reaches the network: every download is refused (`urlopen` raises), and the offline
message is pinned word for word, as are our other one-line errors.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import main
from tests.cli.sacrebleu_cache import (
    DOCUMENT_SIZE,
    DOCUMENTS,
    SEGMENTS,
    demo_lines,
    point_sacrebleu_at,
    write_wmt21_de_en,
)

TIMEOUT = 120
NAMED = ["-t", "wmt21", "-l", "de-en"]
OFFLINE = "offline for the test"


def _refuse_download(*_args: object, **_kwargs: object) -> None:
    raise urllib.error.URLError(OFFLINE)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """sacreBLEU's cache folder for the test, with nothing downloadable."""
    folder = tmp_path / "cache"
    folder.mkdir()
    point_sacrebleu_at(folder, monkeypatch)
    monkeypatch.setattr(urllib.request, "urlopen", _refuse_download)
    return folder


@pytest.fixture
def folder(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cached wmt21 de-en and two systems' outputs in the current folder."""
    write_wmt21_de_en(cache)
    for name, demo in (("h.txt", "sys.happypoet.txt"), ("w.txt", "sys.Online-W.txt")):
        lines = demo_lines(demo)
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)
    return tmp_path


def sacrebleu_run(
    folder: Path, argv: Sequence[str], stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """sacreBLEU's command line on the test's cache, in `folder`."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("SACREBLEU")
    }
    return subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        cwd=folder,
        env={**env, "NO_COLOR": "1", "SACREBLEU": os.environ["SACREBLEU"]},
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=TIMEOUT,
    )


def ours(
    argv: Sequence[str], capsys: pytest.CaptureFixture[str], status: int = 0
) -> tuple[str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == status, err
    return out, err


SAME_AS_SACREBLEU = [
    pytest.param([*NAMED, "-i", "h.txt", "-f", "text"], id="text"),
    pytest.param([*NAMED, "-i", "h.txt", "-b", "-w", "4"], id="score-only"),
    pytest.param([*NAMED, "-i", "h.txt", "--origlang", "en", "-f", "text"], id="en"),
    pytest.param(
        [*NAMED, "-i", "h.txt", "-ol", "non-en", "-w", "3", "-f", "text"], id="non-en"
    ),
    pytest.param([*NAMED, "-i", "h.txt", "-lc", "-f", "text", "-nc"], id="lc-nc"),
    pytest.param([*NAMED, "-i", "h.txt", "w.txt", "-f", "text"], id="two-text"),
    pytest.param([*NAMED, "-i", "h.txt", "w.txt", "-f", "json"], id="two-json"),
    pytest.param(
        [*NAMED, "-i", "h.txt", "w.txt", "-f", "latex", "-w", "3"], id="two-latex"
    ),
    pytest.param(
        [*NAMED, "-i", "h.txt", "w.txt", "-pbs", "-pbsn", "20", "-q", "-f", "text"],
        id="paired",
    ),
    pytest.param(
        [*NAMED, "-i", "h.txt", "w.txt", "--origlang", "de", "-f", "text"],
        id="two-filtered",
    ),
    pytest.param([*NAMED, "--echo", "src", "docid"], id="echo"),
    # Not `--echo all`: sacreBLEU orders the references by a set of names, which
    # differs from one Python process to the next (PYTHONHASHSEED).
    pytest.param([*NAMED, "--echo", "ref", "origlang", "-ol", "en"], id="echo-ref"),
]


@pytest.mark.parametrize("argv", SAME_AS_SACREBLEU)
def test_a_named_test_set_prints_what_sacrebleu_prints(
    argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    theirs = sacrebleu_run(folder, argv)
    assert theirs.returncode == 0, theirs.stderr
    assert ours(argv, capsys)[0] == theirs.stdout


def test_the_json_record_holds_sacrebleus(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*NAMED, "-i", "h.txt", "-w", "2"]
    theirs = json.loads(sacrebleu_run(folder, argv).stdout)
    mine = json.loads(ours(argv, capsys)[0])
    assert {key: mine[key] for key in theirs} == theirs


def test_standard_input_is_the_hypothesis(folder: Path) -> None:
    text = (folder / "h.txt").read_text(encoding="utf-8")
    argv = [*NAMED, "-f", "text"]
    theirs = sacrebleu_run(folder, argv, stdin=text)
    env = {**os.environ, "NO_COLOR": "1"}
    mine = subprocess.run(
        [sys.executable, "-m", "bleu_gui", "score", *argv],
        cwd=folder,
        env=env,
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=TIMEOUT,
    )
    assert mine.returncode == 0, mine.stderr
    assert mine.stdout == theirs.stdout


def test_documents_are_the_test_sets(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = ours([*NAMED, "-i", "h.txt", "-d", "-f", "json"], capsys)
    rows = json.loads(out)["rows"]
    assert [(row[0], row[1]) for row in rows] == [
        (doc_id, DOCUMENT_SIZE) for doc_id, _ in DOCUMENTS
    ]
    first = slice(0, DOCUMENT_SIZE)
    expected = sacrebleu.corpus_bleu(
        demo_lines("sys.happypoet.txt")[first], [demo_lines("ref.A.txt")[first]]
    )
    assert rows[0][2] == pytest.approx(expected.score, abs=1e-9)


def test_offline_and_not_cached_is_one_line(
    tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hypothesis = tmp_path / "h.txt"
    hypothesis.write_text("a line\n", encoding="utf-8")
    out, err = ours([*NAMED, "-i", str(hypothesis)], capsys, status=1)
    assert out == ""
    assert err == (
        f"bleu-gui: error: sacreBLEU's test set wmt21 (de-en) is not in its cache "
        f"({cache}) and could not be downloaded: no network ({OFFLINE})\n"
    )
    # Nothing left that sacreBLEU would take for a downloaded archive.
    assert not (cache / "wmt21" / "raw" / "wmt21.test.tgz").exists()


REFUSED = [
    pytest.param(
        ["-t", "wmt99", "-l", "de-en", "-i", "h.txt"],
        "-t: sacreBLEU has no test set 'wmt99' (`sacrebleu --list` lists them)",
        id="unknown-set",
    ),
    pytest.param(
        ["-t", "wmt21", "-l", "xx-en", "-i", "h.txt"],
        "-l: sacreBLEU's wmt21 has no language pair 'xx-en' (it has de-fr, en-de, "
        "en-ha, en-is, en-ja, fr-de, ha-en, is-en, ja-en, zh-en, en-zh, cs-en, "
        "de-en, en-cs, en-ru, ru-en, bn-hi, hi-bn, xh-zu, zu-xh)",
        id="unknown-pair",
    ),
    pytest.param(
        ["-t", "wmt21", "-i", "h.txt"],
        "-t wmt21 needs a language pair: -l, one of de-fr, en-de, en-ha, en-is, "
        "en-ja, fr-de, ha-en, is-en, ja-en, zh-en, en-zh, cs-en, de-en, en-cs, "
        "en-ru, ru-en, bn-hi, hi-bn, xh-zu, zu-xh",
        id="no-pair",
    ),
    pytest.param(
        [*NAMED, "--echo", "mt"],
        "--echo: wmt21 de-en has no field 'mt' (its fields: docid, origlang, ref:A, "
        "ref:B, src)",
        id="echo-field",
    ),
    pytest.param(
        [*NAMED, "--echo", "all", "src"],
        "--echo all prints every field: give it alone",
        id="echo-all-and-more",
    ),
    pytest.param(
        ["ref.txt", *NAMED, "-i", "h.txt"],
        "-t wmt21 gives the references: leave out the REF files (ref.txt)",
        id="refs-too",
    ),
    pytest.param(
        ["ref.txt", "-i", "h.txt", "--origlang", "en"],
        "--origlang chooses in sacreBLEU's test sets: give -t NAME -l PAIR",
        id="origlang-alone",
    ),
    pytest.param(
        [*NAMED, "-i", "h.txt", "--subset", "news"],
        "-t wmt21: no line of de-en is left by --subset news",
        id="subset-empty",
    ),
    pytest.param(
        [*NAMED, "-i", "h.txt", "-sh"],
        "-sh/--short: bleu-gui prints the full signature only; leave out -sh",
        id="short",
    ),
    pytest.param(
        [*NAMED, "-i", "h.txt", "-nr", "2"],
        "-nr/--num-refs splits one REF text file on tabs: give one REF file, "
        "without -t",
        id="num-refs-with-t",
    ),
    pytest.param(
        ["two.tsv", "-i", "h.txt", "-nr", "2"],
        "-nr/--num-refs splits a text file on tabs; two.tsv is read as a test-set "
        "file (by its name): give it another name, or leave out -nr",
        id="num-refs-tsv",
    ),
    pytest.param(
        ["h.txt", "-i", "h.txt", "-nr", "2"],
        "h.txt, line 1: -nr 2: 2 tab-separated references expected, 1 found",
        id="num-refs-fields",
    ),
    pytest.param(
        [*NAMED, "-i", "short.txt"],
        "{cache}/wmt21/wmt21.de-en.ref-A has 120 lines but short.txt has 1 (a "
        "reference needs one line per hypothesis line)",
        id="line-count",
    ),
]


@pytest.mark.parametrize(("argv", "line"), REFUSED)
def test_what_cannot_be_done_is_one_line(
    argv: list[str],
    line: str,
    folder: Path,
    cache: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (folder / "short.txt").write_text("one line\n", encoding="utf-8")
    (folder / "two.tsv").write_text("a\tb\n", encoding="utf-8")
    _, err = ours(argv, capsys, status=1)
    assert err == f"bleu-gui: error: {line.format(cache=cache)}\n"


def test_num_refs_splits_one_file_as_sacrebleu_does(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = zip(demo_lines("ref.A.txt"), demo_lines("ref.B.txt"), strict=True)
    (folder / "both.txt").write_text(
        "".join(f"{a}\t{b}\n" for a, b in pairs), encoding="utf-8"
    )
    argv = ["both.txt", "-nr", "2", "-i", "h.txt", "-f", "text"]
    theirs = sacrebleu_run(folder, argv)
    assert theirs.returncode == 0, theirs.stderr
    mine = ours(argv, capsys)[0]
    assert mine == theirs.stdout
    assert "nrefs:2" in mine


def test_tokenized_output_is_warned_of_unless_forced(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [f"{line.rstrip('.')} ." for line in demo_lines("sys.happypoet.txt")]
    (folder / "tok.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = [*NAMED, "-i", "tok.txt", "-b"]
    theirs = sacrebleu_run(folder, argv)
    forced = sacrebleu_run(folder, [*argv, "--force"])
    assert "detokenize" in theirs.stderr
    assert "detokenize" not in forced.stderr
    out, err = ours(argv, capsys)
    assert out == theirs.stdout
    assert err == (
        f"bleu-gui: warning: tok.txt: {SEGMENTS} lines end in a tokenized period "
        "(' .'): score detokenized output, or give --force if it is\n"
    )
    out, err = ours([*argv, "--force"], capsys)
    assert (out, err) == (forced.stdout, "")


def test_no_tokenizer_with_a_named_set_is_warned_of(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*NAMED, "-i", "h.txt", "-tok", "none", "-f", "text"]
    out, err = ours(argv, capsys)
    assert out == sacrebleu_run(folder, argv).stdout
    assert err == (
        "bleu-gui: warning: -tok none leaves your files as they are tokenized: the "
        "score is not comparable with published wmt21 scores, which sacreBLEU's "
        "own tokenizer makes\n"
    )


def test_the_target_language_chooses_the_tokenizer(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`-l en-zh` with REF files: sacreBLEU's zh tokenizer, as there."""
    (folder / "zh.txt").write_text("我们在北京。\n他们很好。\n", encoding="utf-8")
    (folder / "mt.txt").write_text("我们在上海。\n他们很好。\n", encoding="utf-8")
    argv = ["zh.txt", "-i", "mt.txt", "-l", "en-zh", "-f", "text"]
    theirs = sacrebleu_run(folder, argv)
    out = ours(argv, capsys)[0]
    assert out == theirs.stdout
    assert "tok:zh" in out


def test_joined_test_sets_are_scored_one_after_the_other(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`-t wmt21,wmt21`: sacreBLEU joins the sets' lines; the output has them all."""
    text = (folder / "h.txt").read_text(encoding="utf-8")
    (folder / "twice.txt").write_text(text + text, encoding="utf-8")
    argv = ["-t", "wmt21,wmt21", "-l", "de-en", "-i", "twice.txt", "-f", "text"]
    theirs = sacrebleu_run(folder, argv)
    assert theirs.returncode == 0, theirs.stderr
    out = ours(argv, capsys)[0]
    assert out == theirs.stdout
    assert f"ref_len = {2 * 2302})" in out  # 2302: the tiny set's reference length
