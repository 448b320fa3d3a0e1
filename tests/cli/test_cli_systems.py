"""`bleu-gui score REF… -i SYS…`: several systems, one test set; stdin as hypothesis.

The bundled WMT21 de-en demo (2 references, 4 systems) is scored by our command
line and by sacreBLEU's, in the same folder, with the same arguments and the same
standard input. Several systems are read and tokenized against references read and
tokenized once; their numbers and names must still be sacreBLEU's.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.cli import main
from bleu_gui.core.tokenize import Tokenizer

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
REFS = ["ref.A.txt", "ref.B.txt"]
SYSTEMS = [
    "sys.Facebook-AI.txt",
    "sys.Online-W.txt",
    "sys.UEdin.txt",
    "sys.happypoet.txt",
]
# The keys of sacreBLEU's JSON for one system.
SACREBLEU_KEYS = (
    "name",
    "score",
    "signature",
    "verbose_score",
    "nrefs",
    "case",
    "eff",
    "tok",
    "smooth",
    "version",
)
TIMEOUT = 120


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the demo's references and systems under their own names."""
    folder = tmp_path_factory.mktemp("demo")
    for name in [*REFS, *SYSTEMS]:
        shutil.copyfile(DEMO / name, folder / name)
    return folder


@pytest.fixture
def here(demo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo folder as the current folder (files named as a user types them)."""
    monkeypatch.chdir(demo)
    return demo


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return env


def run_cli(
    module: str, folder: Path, argv: Sequence[str], stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    """`python -m <module> …` in `folder`, fed `stdin` through a pipe."""
    command = [sys.executable, "-m", module]
    if module == "bleu_gui":
        command.append("score")
    return subprocess.run(
        [*command, *argv],
        cwd=folder,
        env=_environment(),
        input=stdin,
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )


def sacrebleu_out(folder: Path, argv: Sequence[str], stdin: bytes = b"") -> str:
    """sacreBLEU's standard output, which must succeed."""
    done = run_cli("sacrebleu", folder, argv, stdin)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


def sacrebleu_outs(folder: Path, runs: Sequence[Sequence[str]]) -> list[str]:
    """sacreBLEU's standard output for several argument lists, run side by side."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "sacrebleu", *argv],
            cwd=folder,
            env=_environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for argv in runs
    ]
    outputs = []
    for process in processes:
        out, err = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, err.decode()
        outputs.append(out.decode())
    return outputs


def ours(
    argv: Sequence[str],
    capsys: pytest.CaptureFixture[str],
    *,
    expect_stderr: str = "",
) -> str:
    """Our standard output, in process; the run must succeed."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, err) == (0, expect_stderr)
    return out


def fail(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Our one line on stderr for a run that must fail with status 1."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.count("\n") == 1
    return err


def pipe(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input for an in-process run: `data`, not a terminal."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def sacrebleu_part(record: dict[str, Any]) -> dict[str, Any]:
    return {key: record[key] for key in SACREBLEU_KEYS}


# ------------------------------------------------------------------ several systems


SEVERAL = [
    pytest.param(["-w", "4"], id="json"),
    pytest.param(["-lc", "-tok", "intl", "-w", "3", "-f", "text"], id="lc-intl-text"),
    pytest.param(["-f", "latex", "-w", "2"], id="latex"),
    pytest.param(["-f", "text", "-b"], id="score-only"),
]


@pytest.mark.parametrize("flags", SEVERAL)
def test_several_systems_print_what_sacrebleu_prints(
    here: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """sacreBLEU's table of several systems (names, scores, signature), -b or not."""
    argv = [*REFS, "-i", *SYSTEMS, *flags]
    (theirs,) = sacrebleu_outs(here, [argv])
    assert ours(argv, capsys) == theirs


def test_several_systems_tokenize_the_references_once(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: Counter[str] = Counter()
    original = Tokenizer.__call__

    def spy(self: Tokenizer, line: str) -> str:
        calls[line] += 1
        return original(self, line)

    monkeypatch.setattr(Tokenizer, "__call__", spy)
    ours([*REFS, "-i", *SYSTEMS, "-f", "text"], capsys)
    texts = [
        (here / name).read_text(encoding="utf-8").split("\n")[:-1]
        for name in [*REFS, *SYSTEMS]
    ]
    assert set(calls) == set().union(*texts)
    assert set(calls.values()) == {1}


def test_a_warning_about_the_shared_references_is_printed_once(
    here: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copy-of-ref.A.txt"
    shutil.copyfile(here / "ref.A.txt", copy)
    out = ours(
        ["ref.A.txt", str(copy), "-i", *SYSTEMS, "-f", "text"],
        capsys,
        expect_stderr=f"bleu-gui: warning: {copy}: reference identical to reference "
        "ref.A.txt; it is scored as two references, as sacreBLEU does, so nrefs:2 in "
        "the signature counts a duplicate\n",
    )
    assert [line.split("│")[1].strip() for line in out.splitlines()[3:-6:2]] == SYSTEMS


def test_a_system_with_another_line_count_is_named(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = here / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    err = fail([*REFS, "-i", SYSTEMS[0], "short.txt", SYSTEMS[1]], capsys)
    assert err == (
        "bleu-gui: error: ref.A.txt has 500 lines but short.txt has 1 (a reference "
        "needs one line per hypothesis line)\n"
    )


# ------------------------------------------------------------------ standard input


PIPED = [
    pytest.param([], id="json"),
    pytest.param(["-f", "text"], id="text"),
    pytest.param(["-lc", "-tok", "intl", "-w", "3", "-f", "text"], id="lc-intl"),
    pytest.param(["-sl", "-f", "text"], id="sentence-level"),
]


def same_output(mine: str, theirs: str, flags: Sequence[str]) -> None:
    if "text" in flags:
        assert mine.splitlines() == theirs.splitlines()
    else:
        assert sacrebleu_part(json.loads(mine)) == json.loads(theirs)


@pytest.mark.parametrize("flags", PIPED)
def test_a_piped_hypothesis_without_i_is_scored_as_by_sacrebleu(
    demo: Path, flags: list[str]
) -> None:
    """Both command lines as separate processes, reading the same pipe."""
    data = (demo / "sys.UEdin.txt").read_bytes()
    theirs = sacrebleu_out(demo, [*REFS, *flags], data)
    mine = run_cli("bleu_gui", demo, [*REFS, *flags], data)
    assert (mine.returncode, mine.stderr) == (0, b"")
    same_output(mine.stdout.decode(), theirs, flags)


@pytest.mark.parametrize("flags", PIPED)
def test_i_dash_reads_standard_input(
    here: Path,
    flags: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = (here / "sys.happypoet.txt").read_bytes()
    theirs = sacrebleu_out(here, [*REFS, *flags], data)
    pipe(monkeypatch, data)
    same_output(ours([*REFS, "-i", "-", *flags], capsys), theirs, flags)


def test_standard_input_among_several_systems(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pipe(monkeypatch, (here / "sys.happypoet.txt").read_bytes())
    mine = json.loads(ours([*REFS, "-i", "sys.UEdin.txt", "-", "-"], capsys))
    theirs = json.loads(
        sacrebleu_out(here, [*REFS, "-i", "sys.UEdin.txt", "sys.happypoet.txt"])
    )
    assert [record["system"] for record in mine] == ["sys.UEdin.txt", "-", "-"]
    assert [record["BLEU"] for record in mine] == [
        theirs[0]["BLEU"],
        theirs[1]["BLEU"],
        theirs[1]["BLEU"],  # standard input read once, scored as often as named
    ]


def test_a_paired_test_reads_the_baseline_from_standard_input(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    flags = ["-pbs", "-pbsn", "20"]
    pipe(monkeypatch, (here / "sys.happypoet.txt").read_bytes())
    mine = json.loads(ours([*REFS, "-i", "-", "sys.UEdin.txt", *flags], capsys))
    theirs = json.loads(
        sacrebleu_out(here, [*REFS, "-i", "sys.happypoet.txt", "sys.UEdin.txt", *flags])
    )
    assert [record["system"] for record in mine] == ["Baseline: -", "sys.UEdin.txt"]
    assert [record["BLEU"] for record in mine] == [record["BLEU"] for record in theirs]


def test_a_byte_order_mark_on_standard_input_is_kept_as_by_sacrebleu(
    demo: Path,
) -> None:
    data = b"\xef\xbb\xbf" + (demo / "sys.UEdin.txt").read_bytes()
    theirs = sacrebleu_out(demo, [*REFS, "-f", "text"], data)
    mine = run_cli("bleu_gui", demo, [*REFS, "-f", "text"], data)
    assert mine.returncode == 0
    assert mine.stdout.decode().splitlines() == theirs.splitlines()
    assert mine.stderr.decode().startswith(
        "bleu-gui: warning: <stdin>: starts with a byte-order mark (U+FEFF), kept "
        "as sacreBLEU keeps it"
    )


def test_a_tab_in_piped_text_is_refused_and_i_dash_reads_it_as_a_file(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """sacreBLEU reads tab-separated columns of stdin as systems: no number of ours."""
    lines = (here / "sys.UEdin.txt").read_text(encoding="utf-8").split("\n")
    lines[1] = lines[1].replace(" ", "\t", 1)
    data = "\n".join(lines).encode()
    pipe(monkeypatch, data)
    assert fail(REFS, capsys) == (
        "bleu-gui: error: <stdin>, line 2: contains a tab, where sacreBLEU starts "
        "another system's column when it reads standard input; -i - reads it as a "
        "file, as one system\n"
    )
    (here / "tabbed.txt").write_bytes(data)
    theirs = sacrebleu_out(here, [*REFS, "-i", "tabbed.txt", "-f", "text"])
    pipe(monkeypatch, data)
    assert ours([*REFS, "-i", "-", "-f", "text"], capsys) == theirs


@pytest.mark.parametrize("test", [["--paired-bs"], ["-par"], ["-pbs", "-f", "latex"]])
def test_a_paired_test_on_tabbed_piped_text_names_the_tab(
    here: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    test: list[str],
) -> None:
    """`paste a b | sacrebleu ref -pbs` compares the columns: we say why we do not.

    Not "needs two or more systems after -i": the user gave two, in sacreBLEU's way.
    """
    one = (here / "sys.UEdin.txt").read_text(encoding="utf-8").splitlines()
    other = (here / "sys.happypoet.txt").read_text(encoding="utf-8").splitlines()
    pasted = "".join(f"{a}\t{b}\n" for a, b in zip(one, other, strict=True))
    pipe(monkeypatch, pasted.encode())
    assert fail([*REFS, *test], capsys) == (
        "bleu-gui: error: <stdin>, line 1: contains a tab, where sacreBLEU starts "
        "another system's column when it reads standard input; -i - reads it as a "
        "file, as one system\n"
    )


class _Terminal(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    typed = io.BytesIO(b"never read\n")
    monkeypatch.setattr(sys, "stdin", _Terminal(typed))
    yield
    assert typed.tell() == 0


@pytest.mark.usefixtures("terminal")
def test_without_i_a_terminal_is_not_read(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fail(REFS, capsys) == (
        "bleu-gui: error: no hypothesis: name its files with -i/--input, or pipe it "
        "to standard input\n"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            b"fine\nbad \xff byte\n",
            "<stdin>, line 2: bytes that are not valid UTF-8 (0xff at column 5); is "
            "the file in another encoding? (choose the hypotheses' encoding with "
            "--hyp-encoding)",
            id="undecodable",
        ),
        pytest.param(
            b"one\ntwo\n",
            "ref.A.txt has 500 lines but <stdin> has 2 (a reference needs one line "
            "per hypothesis line)",
            id="line-count",
        ),
        pytest.param(
            b"", "<stdin>: the file is empty: there is nothing to score", id="empty"
        ),
    ],
)
@pytest.mark.parametrize("how", [[], ["-i", "-"]], ids=["piped", "i-dash"])
def test_standard_input_errors_name_stdin(
    here: Path,
    data: bytes,
    message: str,
    how: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pipe(monkeypatch, data)
    assert fail([*REFS, *how], capsys) == f"bleu-gui: error: {message}\n"


def test_closed_standard_input_is_named(
    here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert fail(REFS, capsys) == (
        "bleu-gui: error: <stdin>: cannot be read (standard input is closed)\n"
    )
