"""`bleu-gui -t wmt21 -l de-en -i out.txt`: the window opens sacreBLEU's test set.

Real processes (Qt offscreen) on a cache folder written in the test
(`tests/cli/sacrebleu_cache.py`); the network is closed to them by a proxy that
refuses every connection. The set is fetched once the window shows, in the
background; a screenshot run ends at a fetch that fails, with its one line. The
corpus score shown must be sacreBLEU's (its API on the same lines: the reference
it chooses for wmt21 is translator A).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import sacrebleu

from tests.cli.sacrebleu_cache import demo_lines, write_wmt21_de_en, write_wmt22_de_en

TIMEOUT = 120

# Prints what the window shows before the screenshot is saved.
REPORTING_APP = """
import sys
import bleu_gui.app as app
from bleu_gui.views.sentence_detail import SOURCE

save = app._save

def report(window, path, status):
    print("summary:", window.summary.score.text())
    print("source:", window.detail.displayed_text(SOURCE))
    save(window, path, status)

app._save = report
sys.exit(app.main(sys.argv[1:]))
"""


# Prints each row the window holds as sacreBLEU's `--echo docid src ref` does.
ROWS_APP = """
import sys
import bleu_gui.app as app

save = app._save

def report(window, path, status):
    print("summary:", window.summary.score.text())
    corpus = window.session.corpus
    documents = window.session.workspace.test_set.documents
    for row, (source, reference) in enumerate(
        zip(corpus.source.lines, corpus.references[0].lines, strict=True)
    ):
        print(documents[row], source, reference, sep="\\t")
    save(window, path, status)

app._save = report
sys.exit(app.main(sys.argv[1:]))
"""


def sacrebleu_env(folder: Path, cache: Path) -> dict[str, str]:
    """The environment of a process on the test's cache, with no network."""
    closed = "http://127.0.0.1:9"  # the discard port: nothing listens
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")},
        "SACREBLEU": str(cache),
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(folder / "config"),
        "http_proxy": closed,
        "https_proxy": closed,
        "no_proxy": "",
    }


def run(
    folder: Path, cache: Path, *args: str, app: str = REPORTING_APP
) -> subprocess.CompletedProcess[str]:
    """The window's command line, offscreen, with no network to download from."""
    env = sacrebleu_env(folder, cache)
    return subprocess.run(
        [sys.executable, "-c", app, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=folder,
        timeout=TIMEOUT,
        check=False,
    )


def test_the_window_opens_a_named_test_set(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    write_wmt21_de_en(cache)
    hypothesis = demo_lines("sys.happypoet.txt")
    (tmp_path / "out.txt").write_text("\n".join(hypothesis) + "\n", encoding="utf-8")
    shot = tmp_path / "shot.png"
    args = ["-t", "wmt21", "-l", "de-en", "-i", "out.txt", "--select", "3"]
    result = run(tmp_path, cache, *args, "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    expected = sacrebleu.corpus_bleu(hypothesis, [demo_lines("ref.A.txt")])
    lines = result.stdout.splitlines()
    assert f"summary: {expected.score:.2f}" in lines
    assert f"source: {demo_lines('src.txt')[2]}" in lines
    assert shot.is_file()


def test_offline_and_not_cached_is_one_line(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (tmp_path / "out.txt").write_text("a line\n", encoding="utf-8")
    shot = tmp_path / "shot.png"
    args = ["-t", "wmt21", "-l", "de-en", "-i", "out.txt", "--screenshot", str(shot)]
    result = run(tmp_path, cache, *args)
    assert result.returncode == 1
    assert result.stdout == ""
    # The offscreen platform's notes on the dialog shown for the download aside:
    notes = "This plugin does not support propagateSizeHints()"
    (line,) = [line for line in result.stderr.splitlines() if line != notes]
    assert line.startswith(
        f"bleu-gui: error: sacreBLEU's test set wmt21 (de-en) is not in its cache "
        f"({cache}) and could not be downloaded: no network ("
    )
    assert not (cache / "wmt21" / "raw" / "wmt21.test.tgz").exists()
    assert not shot.exists()


def test_a_named_set_is_given_without_reference_files(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    write_wmt21_de_en(cache)
    args = ["ref.txt", "-t", "wmt21", "-l", "de-en", "-i", "out.txt"]
    result = run(tmp_path, cache, *args)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "bleu-gui: error: -t wmt21 gives the references and source: leave out REF "
        "and --src"
    )


def test_an_unknown_pair_is_a_command_line_error(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    write_wmt21_de_en(cache)
    result = run(tmp_path, cache, "-t", "wmt21", "-l", "xx-en", "-i", "out.txt")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith(
        "bleu-gui: error: -l: sacreBLEU's wmt21 has no language pair 'xx-en' (it has "
    )


def test_several_systems_open_with_the_named_set(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    write_wmt21_de_en(cache)
    for name, demo in (("a.txt", "sys.Online-W.txt"), ("b.txt", "sys.happypoet.txt")):
        lines = demo_lines(demo)
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    shot = tmp_path / "shot.png"
    args = ["-t", "wmt21", "-l", "de-en", "-i", "a.txt", "b.txt"]
    result = run(tmp_path, cache, *args, "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    expected = sacrebleu.corpus_bleu(
        demo_lines("sys.happypoet.txt"), [demo_lines("ref.A.txt")]
    )
    assert f"summary: {expected.score:.2f}" in result.stdout.splitlines()


def sacrebleu_cli(folder: Path, cache: Path, *args: str) -> str:
    """What `python -m sacrebleu ARGS` prints on the test's cache."""
    result = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=sacrebleu_env(folder, cache),
        cwd=folder,
        timeout=TIMEOUT,
        check=True,
    )
    return result.stdout


def test_several_sets_and_origlang_are_sacrebleus_lines(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    write_wmt21_de_en(cache)
    write_wmt22_de_en(cache)
    # One line per segment of both sets (wmt22's are the demo's, reversed).
    output = demo_lines("sys.happypoet.txt")
    output += output[::-1]
    (tmp_path / "out.txt").write_text("\n".join(output) + "\n", encoding="utf-8")
    asked = ["-t", "wmt21,wmt22", "-l", "de-en", "--origlang", "de"]
    shot = tmp_path / "shot.png"
    args = [*asked, "-i", "out.txt", "--screenshot", str(shot)]
    result = run(tmp_path, cache, *args, app=ROWS_APP)
    assert result.returncode == 0, result.stderr
    echoed = sacrebleu_cli(tmp_path, cache, *asked, "--echo", "docid", "src", "ref")
    lines = result.stdout.splitlines()
    assert lines[1:] == echoed.splitlines()
    assert len(lines[1:]) == 140  # 4 of wmt21's 6 documents, 3 of wmt22's
    score = sacrebleu_cli(tmp_path, cache, *asked, "-i", "out.txt", "-b", "-w", "2")
    assert lines[0] == f"summary: {score.strip()}"


def test_a_filter_without_a_test_set_is_a_command_line_error(tmp_path: Path) -> None:
    result = run(
        tmp_path, tmp_path / "cache", "ref.txt", "-i", "out.txt", "--origlang", "de"
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "bleu-gui: error: --origlang chooses in sacreBLEU's test sets: give -t NAME "
        "-l PAIR"
    )
