"""The `bleu-gui` command: the window from the command line, screenshots, errors.

Each run is a real process with Qt offscreen, and its own configuration folder so
that recent files never reach the user's settings.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtGui import QImage

from bleu_gui.app import main
from tests.gui.controls_support import HYPS, REF_A, REF_B
from tests.gui.demo_sets import write_lines

# WMT21 news de-en (newstest2021): happypoet's output and both references.
SOURCE = [
    "Biker reagiert blitzschnell und verhindert Schlimmeres",
    "Autofahrerin übersieht Biker",
    "Biker erleidet Beinverletzung",
    "Der Biker versuchte noch, dem Pkw auszuweichen, streifte diesen dennoch am "
    "hinteren Fahrzeugbereich.",
]
TIMEOUT = 120

# Runs the app, and before the screenshot is saved prints what the window shows.
REPORTING_APP = """
import sys
import bleu_gui.app as app
from bleu_gui.views.sentence_detail import HYPOTHESIS

save = app._save

def report(window, path, status):
    print("selected:", window.table.selected_corpus_row())
    print("hypothesis:", window.detail.displayed_text(HYPOTHESIS))
    print("banner:", window.banner.text() if window.banner.isVisibleTo(window) else "")
    save(window, path, status)

app._save = report
sys.exit(app.main(sys.argv[1:]))
"""


@pytest.fixture
def corpus(tmp_path: Path) -> dict[str, Path]:
    return {
        "hyp": write_lines(tmp_path / "hyp.txt", HYPS),
        "refA": write_lines(tmp_path / "refA.txt", REF_A),
        "refB": write_lines(tmp_path / "refB.txt", REF_B),
        "src": write_lines(tmp_path / "src.txt", SOURCE),
    }


def run(
    tmp_path: Path, *args: str, code: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `python -m bleu_gui ARGS` (or `python -c CODE ARGS`) offscreen."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    command = ["-c", code] if code is not None else ["-m", "bleu_gui"]
    return subprocess.run(
        [sys.executable, *command, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
        timeout=TIMEOUT,
        check=False,
    )


def assert_png(path: Path) -> None:
    assert path.is_file()
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(path))
    assert not image.isNull()
    assert image.width() > 800
    assert image.height() > 500


# --- screenshots ------------------------------------------------------------------


def test_demo_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "out.png"
    result = run(tmp_path, "--demo", "--select", "3", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "error" not in result.stderr
    assert_png(shot)
    # The recent files went to the configuration folder given, not the user's.
    settings = tmp_path / "config" / "bleu-gui" / "bleu-gui.conf"
    assert "sys.happypoet.txt" in settings.read_text(encoding="utf-8")


def test_files_and_select_are_shown_in_the_screenshot(
    tmp_path: Path, corpus: dict[str, Path]
) -> None:
    shot = tmp_path / "mine.png"
    result = run(
        tmp_path,
        str(corpus["refA"]),
        str(corpus["refB"]),
        "-i",
        str(corpus["hyp"]),
        "--src",
        str(corpus["src"]),
        "--select",
        "2",
        "--screenshot",
        str(shot),
        code=REPORTING_APP,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "selected: 1" in lines
    assert f"hypothesis: {HYPS[1]}" in lines
    assert "banner: " in lines
    assert_png(shot)


def test_select_past_the_end_is_reported_in_the_window(
    tmp_path: Path, corpus: dict[str, Path]
) -> None:
    shot = tmp_path / "past.png"
    result = run(
        tmp_path,
        str(corpus["refA"]),
        "-i",
        str(corpus["hyp"]),
        "--select",
        "99",
        "--screenshot",
        str(shot),
        code=REPORTING_APP,
    )
    assert result.returncode == 0, result.stderr
    assert "banner: ⚠ there is no sentence 99" in result.stdout.splitlines()
    assert_png(shot)


def test_scoring_options_reach_the_window(
    tmp_path: Path, corpus: dict[str, Path]
) -> None:
    code = REPORTING_APP.replace(
        '    print("selected:"',
        '    print("summary:", window.summary.score.text())\n    print("selected:"',
    )
    result = run(
        tmp_path,
        str(corpus["refA"]),
        "-i",
        str(corpus["hyp"]),
        "-lc",
        "-s",
        "floor",
        "--screenshot",
        str(tmp_path / "options.png"),
        code=code,
    )
    assert result.returncode == 0, result.stderr
    expected = sacrebleu.corpus_bleu(
        HYPS, [REF_A], lowercase=True, smooth_method="floor"
    )
    assert f"summary: {expected.score:.2f}" in result.stdout.splitlines()


# --- errors -----------------------------------------------------------------------


BAD_INPUTS: dict[str, tuple[bytes | None, str]] = {
    "invalid-utf8": (b"fine\n\xff\xfe broken\nthree\nfour\n", "line 2"),
    "line-count": (b"only one line\n", "refA.txt has 4 lines but "),
    "missing": (None, "no such file"),
}


@pytest.mark.parametrize("problem", sorted(BAD_INPUTS))
def test_a_bad_file_fails_with_one_line(
    tmp_path: Path, corpus: dict[str, Path], problem: str
) -> None:
    content, detail = BAD_INPUTS[problem]
    bad = tmp_path / "bad.txt"
    if content is not None:
        bad.write_bytes(content)
    shot = tmp_path / "never.png"
    argv = [str(corpus["refA"]), "-i", str(bad), "--screenshot", str(shot)]
    code = f"import sys\nfrom bleu_gui.app import main\nsys.exit(main({argv!r}))"
    result = run(tmp_path, code=code)
    assert result.returncode != 0
    assert "bleu-gui: error:" in result.stderr
    assert "bad.txt" in result.stderr
    assert detail in result.stderr
    assert "Traceback" not in result.stderr
    assert not shot.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-i", "hyp.txt"], "at least one reference"),
        (["ref.txt"], "-i HYP"),
        (["--screenshot", "x.png"], "--screenshot needs files"),
        (["--demo", "--compat", "multi-bleu", "-tok", "intl"], "does not tokenize"),
        (["--demo", "--select", "three"], "invalid int value"),
    ],
    ids=["no-reference", "no-candidate", "screenshot-nothing", "bad-mode", "bad-int"],
)
def test_argument_errors_exit_2_with_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: bleu-gui")
    assert "bleu-gui: error:" in err
    assert message in err


def test_argument_error_exit_status_of_the_process(tmp_path: Path) -> None:
    result = run(tmp_path, "-i", "hyp.txt")
    assert result.returncode == 2
    assert result.stderr.startswith("usage: bleu-gui")
    assert "Traceback" not in result.stderr


# --- the terminal command ------------------------------------------------------------


def test_score_subcommand_still_works_without_qt(
    tmp_path: Path, corpus: dict[str, Path]
) -> None:
    result = run(
        tmp_path,
        "score",
        str(corpus["refA"]),
        str(corpus["refB"]),
        "-i",
        str(corpus["hyp"]),
    )
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    expected = sacrebleu.corpus_bleu(HYPS, [REF_A, REF_B])
    assert output["score"] == round(expected.score, 1)
    assert output["signature"] == (
        "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    )
    code = (
        "import sys\n"
        "from bleu_gui.__main__ import main\n"
        "status = main(sys.argv[1:])\n"
        "assert 'PySide6' not in sys.modules, 'score imported Qt'\n"
        "sys.exit(status)\n"
    )
    plain = run(
        tmp_path,
        "score",
        str(corpus["refA"]),
        "-i",
        str(corpus["hyp"]),
        "-f",
        "text",
        code=code,
    )
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.startswith("BLEU|nrefs:1|")
