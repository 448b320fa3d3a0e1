"""`bleu-gui score` under awkward and hostile conditions: one line, a known status.

Each case was reported by users as a traceback, gigabytes of memory or of output, or
a silent surprise. Every one must end in one line on stderr (none for a reader that
went away) and a conventional exit status. Most run the real command in a
subprocess (a memory limit keeps a regression from eating the machine); the rest
call `main()` in-process.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui import cli
from bleu_gui.core import BleuConfig, Compat, ConfigError
from tests.io.locked_folder import lock_folder

TIMEOUT = 120
MEMORY_LIMIT = 2 << 30  # bytes of address space for the command under test

REFS = [
    "The cat sat on the mat.",
    "A dog ran in the park today.",
    "It rained all day in the city.",
]
HYPS = [
    "The cat sat on a mat.",
    "A dog runs in the park today.",
    "It rained all day in town.",
]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def bleu_gui(
    args: Sequence[str | bytes],
    *,
    env: dict[str, str] | None = None,
    stdout: int | None = subprocess.PIPE,
) -> subprocess.CompletedProcess[bytes]:
    """Run `python -m bleu_gui score ARGS` with a memory limit; bytes out."""
    return subprocess.run(
        [sys.executable, "-m", "bleu_gui", "score", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_limit_memory,
        timeout=TIMEOUT,
        check=False,
    )


def one_error_line(result: subprocess.CompletedProcess[bytes]) -> str:
    """The single stderr line of a failed run (status 1), decoded."""
    err = result.stderr.decode("utf-8", "backslashreplace")
    assert result.returncode == 1, err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    ref.write_text("".join(f"{line}\n" for line in REFS), encoding="utf-8")
    hyp.write_text("".join(f"{line}\n" for line in HYPS), encoding="utf-8")
    return {"ref": ref, "hyp": hyp}


def run_main(
    argv: Sequence[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    capsys.readouterr()
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --------------------------------------------------------------------------------------
# Option values: bounded, with one line naming the option


@pytest.mark.parametrize(
    ("options", "line"),
    [
        pytest.param(
            ["--max-ngram-order", "1000000000"],
            "bleu-gui: error: --max-ngram-order: maximum n-gram order must be from 1 "
            "to 100, not 1000000000",
            id="order-a-billion",
        ),
        pytest.param(
            ["--max-ngram-order", "30000000"],
            "bleu-gui: error: --max-ngram-order: maximum n-gram order must be from 1 "
            "to 100, not 30000000",
            id="order-thirty-million",
        ),
        pytest.param(
            ["--max-ngram-order", "40"],
            "bleu-gui: error: --max-ngram-order: no segment has an n-gram of order 40 "
            "(the longest segment has 30 characters)",
            id="order-no-segment-reaches",
        ),
        pytest.param(
            ["--compat", "nltk", "-s", "method4", "--nltk-k", "1" + "0" * 400],
            "bleu-gui: error: --nltk-k: nltk_k must be from -1,000,000 to 1,000,000, "
            "not an integer of about 401 digits",
            id="nltk-k-huge-int",
        ),
        pytest.param(
            ["--compat", "nltk", "-s", "method6", "--nltk-alpha", "1" + "0" * 40],
            "bleu-gui: error: --nltk-alpha: nltk_alpha must be from 0 to 1,000,000, "
            "not an integer of about 41 digits",
            id="nltk-alpha-huge-int",
        ),
        pytest.param(
            ["-s", "floor", "-sv", "1e300"],
            "bleu-gui: error: -sv/--smooth-value: smoothing value must be from 0 to "
            "1,000,000, not 1e+300",
            id="smooth-value-huge",
        ),
        pytest.param(
            ["--compat", "nltk", "--weights", "1e308", "1e308"],
            "bleu-gui: error: --weights: a weight must be from -1,000,000 to "
            "1,000,000, not 1e+308",
            id="weights-huge",
        ),
        pytest.param(
            ["--compat", "nltk", "--weights", *["0.01"] * 101],
            "bleu-gui: error: --weights: maximum n-gram order must be from 1 to 100, "
            "not 101",
            id="weights-too-many",
        ),
        pytest.param(
            ["-w", "1000000000"],
            "bleu-gui: error: -w/--width must be from 0 to 20, not 1000000000",
            id="width-a-billion",
        ),
        pytest.param(
            ["-e", "idna"],
            "bleu-gui: error: -e/--encoding: a codec for domain names, not text "
            "files: 'idna'; use a Python codec name such as utf-8, utf-16, latin-1 "
            "or cp1252",
            id="encoding-idna",
        ),
        pytest.param(
            ["-e", "unicode_escape"],
            "bleu-gui: error: -e/--encoding: a codec for Python string literals, not "
            "text files: 'unicode_escape'; use a Python codec name such as utf-8, "
            "utf-16, latin-1 or cp1252",
            id="encoding-unicode-escape",
        ),
    ],
)
def test_option_out_of_bounds_is_one_line(
    options: list[str], line: str, files: dict[str, Path]
) -> None:
    result = bleu_gui([str(files["ref"]), "-i", str(files["hyp"]), *options])
    assert one_error_line(result) == line
    assert result.stdout == b""


def test_utf16_without_byte_order_mark_names_the_file(files: dict[str, Path]) -> None:
    result = bleu_gui([str(files["ref"]), "-i", str(files["hyp"]), "-e", "utf-16"])
    assert one_error_line(result) == (
        f"bleu-gui: error: {files['hyp']}: does not start with a byte-order mark, "
        "which utf-16 needs to tell the byte order; choose utf-16-le or utf-16-be "
        "(choose the hypotheses' encoding with --hyp-encoding)"
    )


def test_highest_order_a_segment_reaches_is_scored(files: dict[str, Path]) -> None:
    # The longest segment has 30 characters: order 30 is allowed (and sacreBLEU's).
    result = bleu_gui(
        [str(files["ref"]), "-i", str(files["hyp"]), "--max-ngram-order", "30"]
    )
    assert (result.returncode, result.stderr) == (0, b"")
    expected = BLEU(max_ngram_order=30).corpus_score(HYPS, [REFS]).score
    assert json.loads(result.stdout)["score"] == round(expected, 1)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("nltk_k", 10**400, "nltk_k must be from -1,000,000 to 1,000,000, not an"),
        ("nltk_alpha", 10**40, "nltk_alpha must be from 0 to 1,000,000, not an"),
        (
            "nltk_k",
            -(10**7),
            "nltk_k must be from -1,000,000 to 1,000,000, not -10000000",
        ),
        ("nltk_alpha", float("inf"), "nltk_alpha must be a finite number, not inf"),
    ],
)
def test_config_bounds_nltk_parameters_for_the_window_too(
    field: str, value: float, message: str
) -> None:
    # The GUI builds the same BleuConfig: a huge integer once raised OverflowError.
    with pytest.raises(ConfigError, match=message) as info:
        BleuConfig(compat=Compat.NLTK, **{field: value})  # type: ignore[arg-type]
    assert info.value.field == field


# --------------------------------------------------------------------------------------
# Files that are not text, or cannot be reached


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_character_device_is_refused_before_reading(
    device: str, files: dict[str, Path]
) -> None:
    result = bleu_gui([str(files["ref"]), "-i", device])
    assert one_error_line(result) == (
        f"bleu-gui: error: {device}: is a character device, not a file"
    )


def test_process_substitution_still_works(files: dict[str, Path]) -> None:
    command = (
        f'"{sys.executable}" -m bleu_gui score "{files["ref"]}" '
        f'-i <(cat "{files["hyp"]}") -f text -w 4'
    )
    result = subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    expected = sacrebleu.corpus_bleu(HYPS, [REFS]).score
    assert result.stdout.decode().split(" = ")[1].split()[0] == f"{expected:.4f}"


def test_unsearchable_folder_is_one_line(
    files: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A folder without search permission: stat() and open() of anything in it fail
    # with EACCES (simulated: the tests may run as root, who may search anything).
    locked = tmp_path / "locked"
    locked.mkdir()
    ref = locked / "ref.txt"
    ref.write_bytes(files["ref"].read_bytes())
    lock_folder(monkeypatch, locked)
    status, out, err = run_main([str(ref), "-i", str(files["hyp"])], capsys)
    assert (status, out) == (1, "")
    assert err == (
        f"bleu-gui: error: {ref}: permission denied (a folder on its path may not be "
        "searched)\n"
    )


# --------------------------------------------------------------------------------------
# Standard output closed, full, or closed early by its reader


def test_stdout_closed_is_one_line(files: dict[str, Path]) -> None:
    command = (
        f'"{sys.executable}" -m bleu_gui score "{files["ref"]}" -i "{files["hyp"]}" >&-'
    )
    result = subprocess.run(
        ["bash", "-c", command], capture_output=True, timeout=TIMEOUT, check=False
    )
    assert one_error_line(result) == (
        "bleu-gui: error: cannot write the scores: standard output is closed"
    )


def test_stdout_full_is_one_line(files: dict[str, Path]) -> None:
    with open("/dev/full", "wb") as full:
        result = bleu_gui(
            [str(files["ref"]), "-i", str(files["hyp"])], stdout=full.fileno()
        )
    assert one_error_line(result) == (
        "bleu-gui: error: cannot write the scores to standard output: No space left "
        "on device"
    )


@pytest.mark.parametrize("output", [["-sl"], ["-sl", "-f", "text"], []])
def test_reader_closing_early_is_quiet(output: list[str], tmp_path: Path) -> None:
    # Enough output (several systems, 20,000 segments each) to overrun a pipe buffer.
    lines = [f"{HYPS[i % 3]} {i}" for i in range(20_000)]
    refs = [f"{REFS[i % 3]} {i}" for i in range(20_000)]
    ref, hyp = tmp_path / "big-ref.txt", tmp_path / "big-hyp.txt"
    ref.write_text("".join(f"{line}\n" for line in refs), encoding="utf-8")
    hyp.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    systems = [str(hyp)] * (3 if output else 1)
    process = subprocess.Popen(
        [sys.executable, "-m", "bleu_gui", "score", str(ref), "-i", *systems, *output],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    with process.stdout, process.stderr:
        try:
            head = process.stdout.read(10)  # as `| head -c 10`: read, then leave
            process.stdout.close()
            err = process.stderr.read()
            process.wait(timeout=TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert len(head) == 10
    assert err.decode() == ""
    # SIGPIPE's status when the reader left before the end, 0 when it came too late.
    assert process.returncode in ({141} if output else {0, 141})


# --------------------------------------------------------------------------------------
# Interrupt and termination while worker processes run


def _children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            text = Path(f"/proc/{pid}/task/{task}/children").read_text()
        except OSError:
            continue
        found += [int(child) for child in text.split()]
    return found


@pytest.fixture(scope="module")
def large_corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """25,000 distinct lines: enough for `corpus_stats` to start worker processes."""
    root = tmp_path_factory.mktemp("large")
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
    words += ["iota", "kappa"]
    hyp, ref = root / "hyp.txt", root / "ref.txt"
    hyp.write_text(
        "".join(
            " ".join(words[(i * k) % 10] for k in range(1, 30)) + f" {i}\n"
            for i in range(25_000)
        )
    )
    ref.write_text(
        "".join(
            " ".join(words[(i + k) % 10] for k in range(1, 30)) + f" {i}\n"
            for i in range(25_000)
        )
    )
    return ref, hyp


@pytest.mark.parametrize(
    ("signum", "to_group", "status", "line"),
    [
        pytest.param(signal.SIGINT, True, 130, "bleu-gui: interrupted", id="ctrl-c"),
        pytest.param(signal.SIGTERM, False, 143, "bleu-gui: terminated", id="sigterm"),
    ],
)
def test_signal_stops_workers_quietly(
    signum: signal.Signals,
    to_group: bool,
    status: int,
    line: str,
    large_corpus: tuple[Path, Path],
) -> None:
    for _ in range(_SIGNAL_ATTEMPTS):
        signalled = _signal_while_scoring(large_corpus, signum, to_group)
        if signalled is not None:
            break
    else:
        pytest.fail(f"the run ended before the signal, {_SIGNAL_ATTEMPTS} times")
    returncode, out, err, workers = signalled
    assert returncode == status
    assert err.decode() == f"{line}\n"
    assert out == b""
    assert len(workers) == 2
    for worker in workers:  # stopped and reaped before the run ended
        assert not Path(f"/proc/{worker}").exists()


# A run that ends before it is signalled tests nothing; it is run again this often.
_SIGNAL_ATTEMPTS = 5


def _signal_while_scoring(
    corpus: tuple[Path, Path], signum: signal.Signals, to_group: bool
) -> tuple[int, bytes, bytes, list[int]] | None:
    """Signal a `score` run while its pool workers live: (status, out, err, workers).

    The run is frozen (SIGSTOP to its group) once both workers exist. Workers
    still alive then (not zombies) prove that the run is inside its command, which
    closes the pool before it returns; the signal is sent to the frozen run, which
    then goes on (SIGCONT) and must stop. None if the workers had already ended: the
    run got to its end first, which a busy machine can make happen.
    """
    ref, hyp = corpus
    process = subprocess.Popen(
        [sys.executable, "-m", "bleu_gui", "score", str(ref), "-i", str(hyp)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: Ctrl-C reaches all of it
    )
    try:
        # Both pool workers exist (their command line is multiprocessing's spawn).
        deadline = time.monotonic() + TIMEOUT
        workers: list[int] = []
        while len(workers) < 2:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.02)
            workers = [pid for pid in _children(process.pid) if _is_pool_worker(pid)]
        os.killpg(process.pid, signal.SIGSTOP)
        if not all(_is_live(worker) for worker in workers):
            return None
        if to_group:
            os.killpg(process.pid, signum)  # what a terminal does on Ctrl-C
        else:
            os.kill(process.pid, signum)
        os.killpg(process.pid, signal.SIGCONT)
        out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:  # its workers too, stopped ones included
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    return process.returncode, out, err, workers


def _is_live(pid: int) -> bool:
    """Whether process `pid` exists and has not exited (is not a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _is_pool_worker(pid: int) -> bool:
    """A pool worker, not the resource tracker (which leaves on its own, later)."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


# --------------------------------------------------------------------------------------
# File names that are not UTF-8, on a strict UTF-8 terminal


def test_non_utf8_file_name_on_strict_stdout(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/hyp-\xff.txt"
    ref = tmp_path / "ref.txt"
    ref.write_text("".join(f"{line}\n" for line in REFS), encoding="utf-8")
    with open(name, "wb") as handle:
        handle.write("".join(f"{line}\n" for line in HYPS).encode())
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
    scored = bleu_gui(
        [os.fsencode(ref), b"-i", name, os.fsencode(ref), b"-f", b"text"], env=env
    )
    assert scored.returncode == 0, scored.stderr
    rows = scored.stdout.decode("utf-8").splitlines()
    assert rows[3].split("│")[1].strip() == f"{tmp_path}/hyp-\\udcff.txt"
    as_json = bleu_gui([os.fsencode(ref), b"-i", name, os.fsencode(ref)], env=env)
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)[0]["system"] == os.fsdecode(name)
    missing = bleu_gui([os.fsencode(ref), b"-i", name + b".gone"], env=env)
    assert one_error_line(missing) == (
        f"bleu-gui: error: '{tmp_path}/hyp-\\udcff.txt.gone': no such file"
    )


# --------------------------------------------------------------------------------------
# A reference given twice; the byte-order mark


def test_reference_copy_warns_and_keeps_sacrebleus_number(
    tmp_path: Path, files: dict[str, Path]
) -> None:
    # The same file given twice is refused (tests/cli/test_cli_roles.py); a copy
    # is only found once read, and scored as sacreBLEU scores it.
    copy = tmp_path / "copy-of-ref.txt"
    copy.write_bytes(files["ref"].read_bytes())
    ref, hyp = str(files["ref"]), str(files["hyp"])
    result = bleu_gui([ref, copy.as_posix(), "-i", hyp, "-w", "6"])
    assert result.returncode == 0
    assert result.stderr.decode().splitlines() == [
        f"bleu-gui: warning: {copy}: reference identical to reference {ref}; it is "
        "scored as two references, as sacreBLEU does, so nrefs:2 in the signature "
        "counts a duplicate",
    ]
    record = json.loads(result.stdout)
    expected = sacrebleu.corpus_bleu(HYPS, [REFS, REFS])
    assert (record["score"], record["nrefs"]) == (round(expected.score, 6), "2")


@pytest.fixture
def bom_files(tmp_path: Path) -> dict[str, Path]:
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    plain = tmp_path / "hyp-plain.txt"
    ref.write_text("".join(f"{line}\n" for line in REFS), encoding="utf-8")
    text = "".join(f"{line}\n" for line in HYPS).encode()
    hyp.write_bytes(b"\xef\xbb\xbf" + text)
    plain.write_bytes(text)
    return {"ref": ref, "hyp": hyp, "plain": plain}


def sacrebleu_cli(ref: Path, hyp: Path) -> dict[str, object]:
    """sacreBLEU 2.6.0's own command line on the files, as JSON."""
    result = subprocess.run(
        [sys.executable, "-m", "sacrebleu", str(ref), "-i", str(hyp), "-w", "4"],
        capture_output=True,
        timeout=TIMEOUT,
        check=True,
    )
    record: dict[str, object] = json.loads(result.stdout)
    return record


def test_byte_order_mark_kept_scores_as_sacrebleu_cli(
    bom_files: dict[str, Path],
) -> None:
    theirs = sacrebleu_cli(bom_files["ref"], bom_files["hyp"])
    without = sacrebleu_cli(bom_files["ref"], bom_files["plain"])
    assert theirs["score"] != without["score"]  # the mark costs something here
    ours = bleu_gui([str(bom_files["ref"]), "-i", str(bom_files["hyp"]), "-w", "4"])
    assert ours.returncode == 0
    record = json.loads(ours.stdout)
    assert (record["score"], record["signature"]) == (
        theirs["score"],
        theirs["signature"],
    )
    with_mark = BLEU().corpus_score(["\ufeff" + HYPS[0], *HYPS[1:]], [REFS]).score
    dropped = BLEU().corpus_score(HYPS, [REFS]).score
    assert ours.stderr.decode() == (
        f"bleu-gui: warning: {bom_files['hyp']}: starts with a byte-order mark "
        "(U+FEFF), kept as sacreBLEU keeps it: the first token of line 1 carries it "
        f"and matches nothing; corpus BLEU is {with_mark:.4f} with it, "
        f"{dropped:.4f} with it dropped ({dropped - with_mark:+.4f}); --drop-bom "
        "drops it\n"
    )


@pytest.mark.parametrize("sentence", [False, True])
def test_drop_bom_is_labelled_in_the_signature(
    sentence: bool, bom_files: dict[str, Path]
) -> None:
    level = ["-sl"] if sentence else []
    ours = bleu_gui(
        [str(bom_files["ref"]), "-i", str(bom_files["hyp"]), "--drop-bom", *level]
    )
    assert ours.returncode == 0
    assert ours.stderr.decode() == (
        f"bleu-gui: warning: {bom_files['hyp']}: dropped a byte-order mark (U+FEFF) "
        "at the start of line 1, which sacreBLEU keeps glued to the first word (the "
        "signature says bom:dropped)\n"
    )
    first = json.loads(
        ours.stdout.decode().splitlines()[0] if sentence else ours.stdout
    )
    eff = "yes" if sentence else "no"
    assert first["signature"] == (
        f"nrefs:1|case:mixed|eff:{eff}|tok:13a|smooth:exp|bom:dropped|version:2.6.0"
    )
    assert first["bom"] == "dropped"
    expected = (
        BLEU(effective_order=True).sentence_score(HYPS[0], [REFS[0]])
        if sentence
        else BLEU().corpus_score(HYPS, [REFS])
    )
    assert first["score"] == round(expected.score, 1)


def test_drop_bom_without_a_mark_is_plain_sacrebleu(files: dict[str, Path]) -> None:
    ours = bleu_gui([str(files["ref"]), "-i", str(files["hyp"]), "--drop-bom"])
    assert (ours.returncode, ours.stderr) == (0, b"")
    signature = json.loads(ours.stdout)["signature"]
    assert signature == "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
