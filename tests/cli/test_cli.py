# ruff: noqa: E501
"""The command line, `bleu-gui score`, against sacreBLEU's own command line and API.

Most tests call `bleu_gui.cli.main()` (the arguments after `bleu-gui score`) in-process;
a few run `python -m bleu_gui score ...` in a subprocess to check the real exit status and that nothing prints a traceback.
sacreBLEU's command line runs once per option set, all of them in parallel, in a
module-scoped fixture.

The test segments are real MT output: WMT21 news task de-en, newstest2021, references
A and B and the primary submissions happypoet and Online-W, lines 1, 3, 6, 7, 9, 10,
11 and 12 of the published release (github.com/wmt-conference/wmt21-news-systems,
folder txt/), copied unmodified. Published by the WMT organisers for research and
evaluation of machine translation.
"""

from __future__ import annotations

import gzip
import json
import math
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu_gui.cli import demo_paths, main
from tests.oracles import tf_nmt_bleu

REF_A = [
    "Biker reacts lightning fast and prevents worse.",
    "A female car driver overlooks a biker",
    "When they collided hand and foot brake pedals break off",
    "The biker still attempted to evade the car, however, brushed against the car at the rear end.",
    "“In order to avoid a further spreading we unfortunately must take this measure to protect the population”, county commissioner Werner Bumeder (CSU) explained.",
    "Bumeder called on the citizens to keep calm: “According to our information it concerns a closed group of persons.”",
    "“That can backfire horribly when such local infections spread and regional lockdowns must be ordered”, said Jürgen Mistol, the parliamentary manager of the Greens.",
    "But instead to talk about the new season when Sané & co. are not only participants in diverse practice units Flick prefers to talk about the current title project of the German serial champion.",
]
REF_B = [
    "Biker reacts lighting-fast and prevents the worst",
    "Car driver doesn’t see biker",
    "During the collision, the hand brake and foot brake lever flew off",
    "The biker tried to evade the car, but still hit the rear of the vehicle.",
    "“To prevent further spread, we unfortunately need to take this step to protect the population,” stated district administrator Werner Bumeder (CSU).",
    "Bumeder appealed to the citizens to stay calm: “According to our information, this is a closed group of people.”",
    "“This could pay dearly if local infections like this spread and regional lockdowns have to be arranged,” said Jürgen Mistol, the parliamentary director of the Green Party.",
    "But instead of talking about the new season when Sané and company will no longer be able to just train, Flick preferred to talk about the current title project of the German series champions.",
]
HYP = [  # happypoet
    "Biker reacts at lightning speed and prevents worse",
    "Motorist overlooks biker",
    "When collision, hand and foot brake lever fly away",
    "The biker tried to avoid the car, but still grazed it at the rear of the vehicle.",
    '"In order to avoid further spread, we have to go to the protection of the population this step," said Werner Bumeder (CSU).',
    'Bumeder appealed to the citizens to keep calm: "According to our information it is a closed circle of persons."',
    '"This can be traced in a bitter way when such local infection events have to intervene and have to be arranged regional lockdowns," said Jürgen Mistol, the Parliamentary Managing Director of the Greens.',
    "But instead of talking about the new season, when Sané & Co. are no longer allowed to train, Flick preferred to talk about the current title project of the German series champion.",
]
HYP2 = [  # Online-W
    "Biker reacts in a flash and prevents worse",
    "Car driver overlooks biker",
    "In the collision hand and foot brake lever fly away",
    "The biker tried to avoid the car, but still hit the rear of the vehicle.",
    '"In order to prevent further spread, we unfortunately have to take this step to protect the population," explained District Administrator Werner Bumeder (CSU).',
    'Bumeder appealed to citizens to remain calm: "According to our information, it is a closed circle of people."',
    '"This can take bitter revenge if such local infection events spread and regional lockdowns have to be ordered," said Jürgen Mistol, the parliamentary manager of the Green Party.',
    "But instead of talking about the new season, when Sané &amp; Co. are no longer only allowed to train with, Flick talked much rather about the current title project of the German serial champion.",
]

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
EXTRA_KEYS = ("precisions", "bp", "ratio", "sys_len", "ref_len", "counts", "totals")
TIMEOUT = 60


# --------------------------------------------------------------------------- helpers


def _write(path: Path, lines: Sequence[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The test corpus as files: name -> absolute path (as a string)."""
    root = tmp_path_factory.mktemp("cli-data")
    files = {
        "ref_a": _write(root / "ref.A.txt", REF_A),
        "ref_b": _write(root / "ref.B.txt", REF_B),
        "hyp": _write(root / "happypoet.txt", HYP),
        "hyp2": _write(root / "online-w.txt", HYP2),
    }
    return {name: str(path) for name, path in files.items()}


def run(
    argv: Sequence[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """Run `main(argv)` in-process: (return value, stdout, stderr)."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_ok(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run `main(argv)`, which must succeed silently on stderr; its stdout."""
    status, out, err = run(argv, capsys)
    assert (status, err) == (0, ""), err
    return out


def score_json(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(run_ok([*argv], capsys))


def run_subprocess(
    args: Sequence[str], cwd: Path | str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bleu_gui", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=TIMEOUT,
        check=False,
    )


def refs_of(data: dict[str, str], nrefs: int) -> list[str]:
    return [data["ref_a"], data["ref_b"]][:nrefs]


def ref_lines(nrefs: int) -> list[list[str]]:
    return [REF_A, REF_B][:nrefs]


# ------------------------------------------------- sacreBLEU's command line, batched

# (id, our and sacreBLEU's flags, sacrebleu.metrics.BLEU keyword arguments, nrefs)
CLI_CASES: list[tuple[str, list[str], dict[str, Any], int]] = [
    ("default", [], {}, 1),
    ("tok-intl", ["-tok", "intl"], {"tokenize": "intl"}, 1),
    ("tok-char", ["-tok", "char"], {"tokenize": "char"}, 1),
    ("tok-none", ["-tok", "none"], {"tokenize": "none"}, 1),
    ("tok-zh", ["-tok", "zh"], {"tokenize": "zh"}, 1),
    ("lc", ["-lc"], {"lowercase": True}, 1),
    ("smooth-none", ["-s", "none"], {"smooth_method": "none"}, 1),
    ("smooth-floor", ["-s", "floor"], {"smooth_method": "floor"}, 1),
    (
        "smooth-floor-sv",
        ["-s", "floor", "-sv", "0.25"],
        {"smooth_method": "floor", "smooth_value": 0.25},
        1,
    ),
    ("smooth-add-k", ["-s", "add-k"], {"smooth_method": "add-k"}, 1),
    (
        "smooth-add-k-sv",
        ["-s", "add-k", "-sv", "2"],
        {"smooth_method": "add-k", "smooth_value": 2.0},
        1,
    ),
    ("smooth-exp", ["-s", "exp"], {"smooth_method": "exp"}, 1),
    ("width-0", ["-w", "0"], {}, 1),
    ("width-2", ["-w", "2"], {}, 1),
    ("width-4", ["-w", "4"], {}, 1),
    ("two-refs", [], {}, 2),
    (
        "two-refs-lc-intl-w3",
        ["-lc", "-tok", "intl", "-w", "3"],
        {"lowercase": True, "tokenize": "intl"},
        2,
    ),
]
CLI_IDS = [case[0] for case in CLI_CASES]

# (id, flags, nrefs) of `sacrebleu -sl` runs
SENTENCE_CASES: list[tuple[str, list[str], int]] = [
    ("default", [], 1),
    ("two-refs", [], 2),
    ("floor-w2-intl", ["-s", "floor", "-w", "2", "-tok", "intl"], 1),
    ("lc-add-k", ["-lc", "-s", "add-k"], 2),
]
SENTENCE_IDS = [case[0] for case in SENTENCE_CASES]


@pytest.fixture(scope="module")
def sacrebleu_cli(data: dict[str, str]) -> dict[tuple[str, ...], str]:
    """sacreBLEU's stdout for every invocation the tests compare with, run in parallel.

    Keyed by the argument tuple given after `python -m sacrebleu`.
    """
    invocations: list[tuple[str, ...]] = []
    for _, flags, _, nrefs in CLI_CASES:
        base = (*refs_of(data, nrefs), "-i", data["hyp"], *flags)
        invocations += [(*base, "-f", "json"), (*base, "-f", "text")]
    for _, flags, nrefs in SENTENCE_CASES:
        invocations.append((*refs_of(data, nrefs), "-i", data["hyp"], *flags, "-sl"))
    processes = {
        args: subprocess.Popen(
            [sys.executable, "-m", "sacrebleu", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        for args in invocations
    }
    outputs = {}
    for args, process in processes.items():
        out, err = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, (args, err)
        outputs[args] = out
    return outputs


def _case_argv(data: dict[str, str], flags: list[str], nrefs: int) -> list[str]:
    return [*refs_of(data, nrefs), "-i", data["hyp"], *flags]


# ------------------------------------------------------------------------ JSON output


@pytest.mark.parametrize(
    ("flags", "kwargs", "nrefs"), [c[1:] for c in CLI_CASES], ids=CLI_IDS
)
def test_json_matches_sacrebleu_cli(
    flags: list[str],
    kwargs: dict[str, Any],
    nrefs: int,
    data: dict[str, str],
    sacrebleu_cli: dict[tuple[str, ...], str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = _case_argv(data, flags, nrefs)
    ours = score_json(argv, capsys)
    theirs = json.loads(sacrebleu_cli[(*argv, "-f", "json")])
    assert {key: ours[key] for key in SACREBLEU_KEYS} == {
        key: theirs[key] for key in SACREBLEU_KEYS
    }
    assert set(theirs) == set(SACREBLEU_KEYS)  # the comparison covers all their keys


@pytest.mark.parametrize(
    ("flags", "kwargs", "nrefs"), [c[1:] for c in CLI_CASES], ids=CLI_IDS
)
def test_json_extra_keys_equal_sacrebleu_api(
    flags: list[str],
    kwargs: dict[str, Any],
    nrefs: int,
    data: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    ours = score_json(_case_argv(data, flags, nrefs), capsys)
    expected = BLEU(**kwargs).corpus_score(HYP, ref_lines(nrefs))
    assert {key: ours[key] for key in EXTRA_KEYS} == {
        key: getattr(expected, key) for key in EXTRA_KEYS
    }
    assert "native_score" not in ours
    assert list(ours) == [*SACREBLEU_KEYS, *EXTRA_KEYS]


@pytest.mark.parametrize(
    ("flags", "kwargs", "nrefs"), [c[1:] for c in CLI_CASES], ids=CLI_IDS
)
def test_text_line_matches_sacrebleu_cli(
    flags: list[str],
    kwargs: dict[str, Any],
    nrefs: int,
    data: dict[str, str],
    sacrebleu_cli: dict[tuple[str, ...], str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = _case_argv(data, flags, nrefs)
    ours = run_ok([*argv, "-f", "text"], capsys)
    theirs = sacrebleu_cli[(*argv, "-f", "text")]
    assert ours.splitlines() == theirs.splitlines()
    assert len(ours.splitlines()) == 1


def test_text_line_literal(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    line = run_ok([data["ref_a"], "-i", data["hyp"], "-f", "text"], capsys)
    assert line == (
        "BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 27.6 "
        "59.6/34.8/22.0/12.7 (BP = 1.000 ratio = 1.057 hyp_len = 166 ref_len = 157)\n"
    )


# (id, flags, BLEU keyword arguments): options sacreBLEU's command line does not have
API_CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("order-1", ["--max-ngram-order", "1"], {"max_ngram_order": 1}),
    ("order-2", ["--max-ngram-order", "2"], {"max_ngram_order": 2}),
    (
        "order-3-floor",
        ["--max-ngram-order", "3", "-s", "floor"],
        {"max_ngram_order": 3, "smooth_method": "floor"},
    ),
    ("order-5", ["--max-ngram-order", "5"], {"max_ngram_order": 5}),
    ("order-4-explicit", ["--max-ngram-order", "4"], {"max_ngram_order": 4}),
    ("effective-order", ["--effective-order"], {"effective_order": True}),
    (
        "effective-order-order-6",
        ["--effective-order", "--max-ngram-order", "6"],
        {"effective_order": True, "max_ngram_order": 6},
    ),
]


@pytest.mark.parametrize(
    ("flags", "kwargs"), [c[1:] for c in API_CASES], ids=[c[0] for c in API_CASES]
)
def test_options_beyond_sacrebleu_cli_match_its_api(
    flags: list[str],
    kwargs: dict[str, Any],
    data: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [data["ref_a"], data["ref_b"], "-i", data["hyp"], *flags]
    metric = BLEU(**kwargs)
    expected = metric.corpus_score(HYP, [REF_A, REF_B])
    their_signature = metric.get_signature().format()
    order = kwargs.get("max_ngram_order", 4)
    assert "ngram" not in their_signature  # sacreBLEU's signature omits the order...
    if order == 4:
        our_signature = their_signature
    else:  # ...ours appends it when it is not 4
        our_signature = their_signature.replace("|version:", f"|ngram:{order}|version:")
    ours = score_json(argv, capsys)
    assert ours["signature"] == our_signature
    assert ours.get("ngram") == (None if order == 4 else str(order))
    assert ours["score"] == float(f"{expected.score:.1f}")
    assert ours["verbose_score"] == expected._verbose
    assert {key: ours[key] for key in EXTRA_KEYS} == {
        key: getattr(expected, key) for key in EXTRA_KEYS
    }
    assert len(ours["precisions"]) == order
    text = run_ok([*argv, "-f", "text"], capsys)
    assert text == expected.format(width=1, signature=our_signature) + "\n"


# ------------------------------------------------------------------ several systems


def table_rows(text: str) -> list[list[str]]:
    """The cells of sacreBLEU's text table of several systems, a list per row."""
    return [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in text.splitlines()
        if line.startswith("│")
    ]


def test_several_systems_json_list(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """sacreBLEU's list for several systems: each one's name and rounded score."""
    refs = [data["ref_a"], data["ref_b"]]
    systems = [data["hyp"], data["hyp2"], data["hyp"]]
    ours = score_json([*refs, "-i", *systems, "-w", "2"], capsys)
    assert isinstance(ours, list)
    assert [record["system"] for record in ours] == systems
    for record, path in zip(ours, systems, strict=True):
        alone = score_json([*refs, "-i", path, "-w", "2"], capsys)
        assert record == {"system": path, "BLEU": f"{alone['score']:.2f}"}
    assert ours[0]["BLEU"] != ours[1]["BLEU"]


def test_several_systems_text(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    refs = [data["ref_a"]]
    systems = [data["hyp"], data["hyp2"]]
    out = run_ok([*refs, "-i", *systems, "-f", "text"], capsys)
    rows = table_rows(out)
    assert rows[0] == ["System", "BLEU"]
    for row, path in zip(rows[1:], systems, strict=True):
        alone = json.loads(run_ok([*refs, "-i", path], capsys))
        assert row == [path, f"{alone['score']:.1f}"]


@pytest.mark.parametrize(
    "second",
    [
        "online-w.txt",
        "./online-w.txt",
    ],
    ids=["plain", "dot-slash"],
)
def test_several_systems_relative_paths_named_as_given(
    second: str, data: dict[str, str]
) -> None:
    result = run_subprocess(
        ["score", "ref.A.txt", "-i", "happypoet.txt", second],
        cwd=Path(data["hyp"]).parent,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert [record["system"] for record in json.loads(result.stdout)] == [
        "happypoet.txt",
        second,
    ]


# ------------------------------------------------------------------- sentence level


@pytest.mark.parametrize("nrefs", [1, 2], ids=["one-ref", "two-refs"])
def test_sentence_level_json_equals_sentence_bleu(
    nrefs: int, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_ok([*refs_of(data, nrefs), "-i", data["hyp"], "-sl"], capsys)
    lines = out.splitlines()
    assert len(lines) == len(HYP)
    for index, (line, hyp, *refs) in enumerate(
        zip(lines, HYP, *ref_lines(nrefs), strict=True), start=1
    ):
        record = json.loads(line)  # one JSON object per line
        expected = sacrebleu.sentence_bleu(hyp, refs)
        assert record["segment"] == index
        assert record["eff"] == "yes"
        assert record["nrefs"] == str(nrefs)
        assert "|eff:yes|" in record["signature"]
        assert record["score"] == float(f"{expected.score:.1f}")
        assert record["verbose_score"] == expected._verbose
        assert {key: record[key] for key in EXTRA_KEYS} == {
            key: getattr(expected, key) for key in EXTRA_KEYS
        }


@pytest.mark.parametrize(
    ("flags", "nrefs"), [c[1:] for c in SENTENCE_CASES], ids=SENTENCE_IDS
)
def test_sentence_level_text_matches_sacrebleu_cli(
    flags: list[str],
    nrefs: int,
    data: dict[str, str],
    sacrebleu_cli: dict[tuple[str, ...], str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Our `-sl -f text` lines are sacreBLEU's `-sl` lines, exactly."""
    argv = [*refs_of(data, nrefs), "-i", data["hyp"], *flags]
    ours = run_ok([*argv, "-sl", "-f", "text"], capsys).splitlines()
    theirs = sacrebleu_cli[(*argv, "-sl")].splitlines()
    assert len(ours) == len(theirs) == len(HYP)
    for our_line, their_line in zip(ours, theirs, strict=True):
        assert our_line == their_line


def test_sentence_level_several_systems(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    systems = [data["hyp"], data["hyp2"]]
    out = run_ok([data["ref_a"], "-i", *systems, "-sl"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["system"], r["segment"]) for r in records] == [
        (path, index) for path in systems for index in range(1, len(HYP) + 1)
    ]
    for record in records:
        hyp = (HYP if record["system"] == data["hyp"] else HYP2)[record["segment"] - 1]
        expected = sacrebleu.sentence_bleu(hyp, [REF_A[record["segment"] - 1]])
        assert record["counts"] == expected.counts
        assert record["score"] == float(f"{expected.score:.1f}")


def test_sentence_level_unscorable_segment_is_reported_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = _write(tmp_path / "ref.txt", ["a b c d", "e f g h"])
    hyp = _write(tmp_path / "hyp.txt", ["a b c d", ""])
    out = run_ok([str(ref), "-i", str(hyp), "-sl", "--compat", "tf-nmt"], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["segment"] == 1
    assert first["native_score"] == 1.0
    assert second["segment"] == 2
    assert "error" in second
    assert "empty hypothesis" in second["error"]
    text = run_ok(
        [str(ref), "-i", str(hyp), "-sl", "--compat", "tf-nmt", "-f", "text"], capsys
    )
    assert text.splitlines()[1].startswith("BLEU cannot be computed for segment 2: ")


# ----------------------------------------------------------------------------- NLTK


def _nltk_refs(nrefs: int, lowercase: bool = False) -> list[list[list[str]]]:
    def split(line: str) -> list[str]:
        return (line.lower() if lowercase else line).split()

    return [
        [split(ref) for ref in refs] for refs in zip(*ref_lines(nrefs), strict=True)
    ]


def _nltk_hyps(hyps: Sequence[str], lowercase: bool = False) -> list[list[str]]:
    return [(line.lower() if lowercase else line).split() for line in hyps]


# (id, flags, corpus_bleu keyword arguments built from a SmoothingFunction, lowercase)
NLTK_CASES: list[tuple[str, list[str], Callable[[], dict[str, Any]], bool]] = [
    ("default", [], lambda: {}, False),
    (
        "method1-sv0.2-weights-effective",
        ["-s", "method1", "-sv", "0.2", "--weights", "0.5", "0.5", "--effective-order"],
        lambda: {
            "smoothing_function": SmoothingFunction(epsilon=0.2).method1,
            "weights": (0.5, 0.5),
            "auto_reweigh": True,
        },
        False,
    ),
    (
        "method1-sv0.2",
        ["-s", "method1", "-sv", "0.2"],
        lambda: {"smoothing_function": SmoothingFunction(epsilon=0.2).method1},
        False,
    ),
    (
        "weights-0.5-0.5",
        ["--weights", "0.5", "0.5"],
        lambda: {"weights": (0.5, 0.5)},
        False,
    ),
    (
        "weights-3-uneven",
        ["--weights", "0.5", "0.3", "0.2"],
        lambda: {"weights": (0.5, 0.3, 0.2)},
        False,
    ),
    ("effective-order", ["--effective-order"], lambda: {"auto_reweigh": True}, False),
    (
        "method2",
        ["-s", "method2"],
        lambda: {"smoothing_function": SmoothingFunction().method2},
        False,
    ),
    (
        "method3",
        ["-s", "method3"],
        lambda: {"smoothing_function": SmoothingFunction().method3},
        False,
    ),
    (
        "method4-k3",
        ["-s", "method4", "--nltk-k", "3"],
        lambda: {"smoothing_function": SmoothingFunction(k=3).method4},
        False,
    ),
    (
        "method5",
        ["-s", "method5"],
        lambda: {"smoothing_function": SmoothingFunction().method5},
        False,
    ),
    (
        "method6-alpha3",
        ["-s", "method6", "--nltk-alpha", "3"],
        lambda: {"smoothing_function": SmoothingFunction(alpha=3).method6},
        False,
    ),
    (
        "method7",
        ["-s", "method7"],
        lambda: {"smoothing_function": SmoothingFunction().method7},
        False,
    ),
    ("lc", ["-lc"], lambda: {}, True),
]


@pytest.mark.parametrize("nrefs", [1, 2], ids=["one-ref", "two-refs"])
@pytest.mark.parametrize(
    ("flags", "kwargs", "lowercase"),
    [c[1:] for c in NLTK_CASES],
    ids=[c[0] for c in NLTK_CASES],
)
def test_nltk_native_score_equals_corpus_bleu(
    flags: list[str],
    kwargs: Callable[[], dict[str, Any]],
    lowercase: bool,
    nrefs: int,
    data: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    ours = score_json(
        [*refs_of(data, nrefs), "-i", data["hyp"], "--compat", "nltk", *flags], capsys
    )
    expected = corpus_bleu(
        _nltk_refs(nrefs, lowercase), _nltk_hyps(HYP, lowercase), **kwargs()
    )
    assert ours["native_score"] == expected
    assert type(ours["native_score"]) is type(expected)
    assert ours["score"] == float(f"{100 * expected:.1f}")
    assert ours["compat"].startswith("nltk")


def test_nltk_integer_zero_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = _write(tmp_path / "ref.txt", ["a b c d", "e f g h"])
    hyp = _write(tmp_path / "hyp.txt", ["w x y z", "q r s t"])
    ours = score_json([str(ref), "-i", str(hyp), "--compat", "nltk"], capsys)
    expected = corpus_bleu(
        [[["a", "b", "c", "d"]], [["e", "f", "g", "h"]]],
        [["w", "x", "y", "z"], ["q", "r", "s", "t"]],
    )
    assert expected == 0
    assert ours["native_score"] == 0
    assert type(ours["native_score"]) is int
    assert ours["score"] == 0.0


def test_nltk_sentence_level_equals_sentence_bleu(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_ok(
        [
            data["ref_a"],
            data["ref_b"],
            "-i",
            data["hyp"],
            "--compat",
            "nltk",
            "-s",
            "method1",
            "-sl",
        ],
        capsys,
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == len(HYP)
    smoothing = SmoothingFunction().method1
    for record, refs, hyp in zip(records, _nltk_refs(2), _nltk_hyps(HYP), strict=True):
        assert record["native_score"] == sentence_bleu(
            refs, hyp, smoothing_function=smoothing
        )


# --------------------------------------------------------------------------- tf-nmt


@pytest.mark.parametrize("nrefs", [1, 2], ids=["one-ref", "two-refs"])
@pytest.mark.parametrize(
    ("flags", "smooth"),
    [([], False), (["-s", "add-one"], True), (["-s", "none"], False)],
    ids=["default", "add-one", "none"],
)
def test_tf_nmt_native_score(
    flags: list[str],
    smooth: bool,
    nrefs: int,
    data: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    ours = score_json(
        [*refs_of(data, nrefs), "-i", data["hyp"], "--compat", "tf-nmt", *flags], capsys
    )
    tokenize = Tokenizer13a()
    references = [
        [tokenize(ref).split() for ref in refs]
        for refs in zip(*ref_lines(nrefs), strict=True)
    ]
    translations = [tokenize(hyp).split() for hyp in HYP]
    bleu, _, bp, ratio, hyp_len, ref_len = tf_nmt_bleu(
        translations, references, add_one=smooth
    )
    assert 0 < ours["native_score"] < 1  # a 0-1 scale
    assert ours["native_score"] == bleu
    assert ours["score"] == float(f"{100 * bleu:.1f}")
    assert ours["bp"] == bp
    assert ours["ratio"] == ratio
    assert (ours["sys_len"], ours["ref_len"]) == (hyp_len, ref_len)
    assert ours["compat"] == "tf-nmt"
    assert ours["smooth"] == ("add-one" if smooth else "none")


# ----------------------------------------------------------------------- multi-bleu


def _multi_bleu_line(nrefs: int) -> tuple[float, str]:
    """multi-bleu.perl's arithmetic and printf, on counts from sacreBLEU -tok none."""
    stats = BLEU(tokenize="none", smooth_method="none").corpus_score(
        HYP, ref_lines(nrefs)
    )
    precisions = [
        c / t if t else 0 for c, t in zip(stats.counts, stats.totals, strict=True)
    ]
    hyp_len, ref_len = stats.sys_len, stats.ref_len
    bp = math.exp(1 - ref_len / hyp_len) if hyp_len < ref_len else 1
    bleu = bp * math.exp(sum(math.log(p) if p else -9999999999 for p in precisions) / 4)
    p1, p2, p3, p4 = (100 * p for p in precisions)
    line = (  # its printf "BLEU = %.2f, %.1f/%.1f/%.1f/%.1f (BP=%.3f, ratio=%.3f, ...)"
        f"BLEU = {100 * bleu:.2f}, {p1:.1f}/{p2:.1f}/{p3:.1f}/{p4:.1f} "
        f"(BP={bp:.3f}, ratio={hyp_len / ref_len:.3f}, hyp_len={hyp_len:d}, "
        f"ref_len={ref_len:d})"
    )
    return 100 * bleu, line


@pytest.mark.parametrize("nrefs", [1, 2], ids=["one-ref", "two-refs"])
def test_multi_bleu_line(
    nrefs: int, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*refs_of(data, nrefs), "-i", data["hyp"], "--compat", "multi-bleu"]
    native, expected_line = _multi_bleu_line(nrefs)
    text = run_ok([*argv, "-f", "text"], capsys)
    assert text.endswith(f"  [multi-bleu.perl: {expected_line}]\n")
    assert expected_line.startswith("BLEU = ")
    ours = json.loads(run_ok(argv, capsys))
    assert ours["native_score"] == native
    assert ours["tok"] == "none"


# ------------------------------------------------------------------- input handling


def test_gzip_input(
    tmp_path: Path, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    for name, lines in (("ref.txt.gz", REF_A), ("hyp.txt.gz", HYP)):
        with gzip.open(tmp_path / name, "wt", encoding="utf-8") as file:
            file.write("".join(f"{line}\n" for line in lines))
    ours = score_json(
        [str(tmp_path / "ref.txt.gz"), "-i", str(tmp_path / "hyp.txt.gz")], capsys
    )
    assert ours == score_json([data["ref_a"], "-i", data["hyp"]], capsys)


@pytest.mark.parametrize("where", ["hyp", "ref"])
def test_byte_order_mark_warns_and_is_kept_as_in_sacrebleu(
    where: str, tmp_path: Path, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    source = Path(data["hyp"] if where == "hyp" else data["ref_a"])
    bom = tmp_path / f"bom-{where}.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    paths = {"hyp": data["hyp"], "ref": data["ref_a"], where: str(bom)}
    status, out, err = run([paths["ref"], "-i", paths["hyp"]], capsys)
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bleu-gui: warning: ")
    assert str(bom) in lines[0]
    assert "byte-order mark" in lines[0]
    # sacreBLEU reads the mark as U+FEFF glued to the first word of line 1.
    hyp, ref = list(HYP), list(REF_A)
    (hyp if where == "hyp" else ref)[0] = (
        "\ufeff" + (HYP if where == "hyp" else REF_A)[0]
    )
    assert json.loads(out)["score"] == round(BLEU().corpus_score(hyp, [ref]).score, 1)


def test_crlf_and_trailing_whitespace(
    tmp_path: Path, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    hyp = tmp_path / "crlf.txt"
    hyp.write_bytes("".join(f"{line}  \r\n" for line in HYP).encode())
    ours = score_json([data["ref_a"], "-i", str(hyp)], capsys)
    assert ours == score_json([data["ref_a"], "-i", data["hyp"]], capsys)


def test_latin1_input_with_encoding_flag(
    tmp_path: Path, data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    latin = ["Jürgen Mistol said so.", "Sané & Co. are here."]
    references = ["Jürgen Mistol said it.", "Sané and co. are here."]
    ref_utf8 = _write(tmp_path / "ref.utf8.txt", references)
    ref = tmp_path / "ref.latin1.txt"  # -e applies to every file, as in sacreBLEU
    ref.write_bytes("".join(f"{line}\n" for line in references).encode("latin-1"))
    hyp = tmp_path / "latin1.txt"
    hyp.write_bytes("".join(f"{line}\n" for line in latin).encode("latin-1"))
    status, out, err = run([str(ref_utf8), "-i", str(hyp)], capsys)
    assert status == 1
    assert out == ""
    assert err.startswith(f"bleu-gui: error: {hyp}, line 1: ")
    assert "--hyp-encoding" in err
    utf8 = _write(tmp_path / "utf8.txt", latin)
    expected = score_json([str(ref_utf8), "-i", str(utf8)], capsys)
    assert expected["counts"][0] == 9  # ü and é match
    assert score_json([str(ref), "-i", str(hyp), "-e", "latin-1"], capsys) == expected
    assert (
        score_json([str(ref), "-i", str(hyp), "--encoding", "latin-1"], capsys)
        == expected
    )


# --------------------------------------------------------------------------- errors


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Files that cannot be scored, and good ones to pair them with."""
    root = tmp_path_factory.mktemp("cli-bad")
    (root / "a directory").mkdir()
    (root / "bad-utf8.txt").write_bytes(b"fine line\nJ\xfcrgen Mistol\nthird\n")
    (root / "binary.txt").write_bytes(b"fine line\nsome\x00thing\nthird\n")
    (root / "corrupt.txt.gz").write_bytes(
        b"\x1f\x8b\x08\x00not really gzip data at all"
    )
    files = {
        "ref3": _write(root / "ref3.txt", ["a b c d", "e f g h", "i j k l"]),
        "hyp3": _write(root / "hyp3.txt", ["a b c d", "e f g x", "i j k l"]),
        "hyp2": _write(root / "hyp2.txt", ["a b c d", "e f g h"]),
        "empty3": _write(root / "empty3.txt", ["", "", ""]),
        "dir": root / "a directory",
        "missing": root / "missing.txt",
        "bad_utf8": root / "bad-utf8.txt",
        "binary": root / "binary.txt",
        "corrupt_gz": root / "corrupt.txt.gz",
    }
    return {name: str(path) for name, path in files.items()}


# (id, argv as templates over the `bad` fixture's names, fragments of the message)
ERROR_CASES: list[tuple[str, list[str], list[str]]] = [
    ("missing-ref", ["{missing}", "-i", "{hyp3}"], ["{missing}: no such file"]),
    ("missing-hyp", ["{ref3}", "-i", "{missing}"], ["{missing}: no such file"]),
    (
        "missing-second-system",
        ["{ref3}", "-i", "{hyp3}", "{missing}"],
        ["{missing}: no such file"],
    ),
    ("directory-ref", ["{dir}", "-i", "{hyp3}"], ["{dir}: is a directory, not a file"]),
    ("directory-hyp", ["{ref3}", "-i", "{dir}"], ["{dir}: is a directory, not a file"]),
    (
        "invalid-utf8-hyp",
        ["{ref3}", "-i", "{bad_utf8}"],
        ["{bad_utf8}, line 2: ", "not valid UTF-8", "0xfc", "--hyp-encoding"],
    ),
    (
        "invalid-utf8-ref",
        ["{bad_utf8}", "-i", "{hyp3}"],
        ["{bad_utf8}, line 2: ", "not valid UTF-8", "--ref-encoding"],
    ),
    (
        "unknown-encoding",
        ["{ref3}", "-i", "{hyp3}", "-e", "no-such-codec"],
        ["unknown encoding 'no-such-codec'"],
    ),
    (
        "not-a-text-encoding",
        ["{ref3}", "-i", "{hyp3}", "-e", "base64"],
        ["'base64'", "not a text encoding"],
    ),
    (
        "binary-hyp",
        ["{ref3}", "-i", "{binary}"],
        ["{binary}, line 2: ", "binary", "NUL"],
    ),
    ("binary-ref", ["{binary}", "-i", "{hyp3}"], ["{binary}, line 2: ", "binary"]),
    ("corrupt-gzip", ["{ref3}", "-i", "{corrupt_gz}"], ["{corrupt_gz}: ", "gzip"]),
    ("line-count", ["{ref3}", "-i", "{hyp2}"], ["{ref3} has 3 lines", "{hyp2} has 2"]),
    (
        "line-count-second-ref",
        ["{hyp2}", "{ref3}", "-i", "{hyp2}"],
        ["{ref3} has 3 lines", "{hyp2} has 2"],
    ),
    (
        "smoothing-method1-in-sacrebleu",
        ["{ref3}", "-i", "{hyp3}", "-s", "method1"],
        ["'method1'", "sacrebleu mode", "none, floor, add-k, exp"],
    ),
    (
        "smoothing-floor-in-nltk",
        ["{ref3}", "-i", "{hyp3}", "--compat", "nltk", "-s", "floor"],
        ["'floor'", "nltk mode"],
    ),
    (
        "smooth-value-with-exp",
        ["{ref3}", "-i", "{hyp3}", "-sv", "0.5", "-s", "exp"],
        ["'exp'", "takes no value"],
    ),
    (
        "smooth-value-with-none",
        ["{ref3}", "-i", "{hyp3}", "-s", "none", "-sv", "0.3"],
        ["'none'", "takes no value"],
    ),
    (
        "smooth-value-negative",
        ["{ref3}", "-i", "{hyp3}", "-s", "floor", "-sv", "-1"],
        ["-sv/--smooth-value: smoothing value must be from 0 to 1,000,000, not -1"],
    ),
    (
        "smooth-value-nltk-method2",
        ["{ref3}", "-i", "{hyp3}", "--compat", "nltk", "-s", "method2", "-sv", "0.1"],
        ["takes no value", "method1"],
    ),
    (
        "weights-without-nltk",
        ["{ref3}", "-i", "{hyp3}", "--weights", "0.5", "0.5"],
        ["weights", "only in nltk mode"],
    ),
    (
        "weights-nan",
        ["{ref3}", "-i", "{hyp3}", "--compat", "nltk", "--weights", "0.5", "nan"],
        ["--weights: a weight must be a finite number, not nan"],
    ),
    (
        "max-ngram-order-0",
        ["{ref3}", "-i", "{hyp3}", "--max-ngram-order", "0"],
        ["--max-ngram-order: maximum n-gram order must be from 1 to 100, not 0"],
    ),
    (
        "multi-bleu-tok-13a",
        ["{ref3}", "-i", "{hyp3}", "--compat", "multi-bleu", "-tok", "13a"],
        ["multi-bleu.perl does not tokenize"],
    ),
    (
        "multi-bleu-order-2",
        ["{ref3}", "-i", "{hyp3}", "--compat", "multi-bleu", "--max-ngram-order", "2"],
        ["4-grams"],
    ),
    (
        "multi-bleu-empty-hyps",
        ["{ref3}", "-i", "{empty3}", "--compat", "multi-bleu"],
        ["hypothesis is empty", "Illegal division by zero"],
    ),
    (
        "tf-nmt-empty-hyps",
        ["{ref3}", "-i", "{empty3}", "--compat", "tf-nmt"],
        ["empty hypothesis", "ZeroDivisionError"],
    ),
    (
        "tf-nmt-add-one-empty-hyps",
        ["{ref3}", "-i", "{empty3}", "--compat", "tf-nmt", "-s", "add-one"],
        ["empty hypothesis", "ZeroDivisionError"],
    ),
    (
        "tf-nmt-effective-order",
        ["{ref3}", "-i", "{hyp3}", "--compat", "tf-nmt", "--effective-order"],
        ["tf-nmt has no effective order"],
    ),
    (
        "nltk-alpha-nan",
        [
            "{ref3}",
            "-i",
            "{hyp3}",
            "--compat",
            "nltk",
            "-s",
            "method6",
            "--nltk-alpha",
            "nan",
        ],
        ["nltk_alpha", "finite"],
    ),
    (
        "width-negative",
        ["{ref3}", "-i", "{hyp3}", "-w", "-1"],
        ["-w/--width must be from 0 to 20, not -1"],
    ),
]


def _fill(templates: Sequence[str], bad: dict[str, str]) -> list[str]:
    return [template.format(**bad) for template in templates]


def assert_one_error_line(err: str, fragments: Sequence[str]) -> None:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    assert lines[0].startswith("bleu-gui: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.mark.parametrize(
    ("argv", "fragments"), [c[1:] for c in ERROR_CASES], ids=[c[0] for c in ERROR_CASES]
)
def test_error_one_line_status_1(
    argv: list[str],
    fragments: list[str],
    bad: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run([*_fill(argv, bad)], capsys)
    assert status == 1
    assert out == ""
    assert_one_error_line(err, _fill(fragments, bad))


SUBPROCESS_ERROR_IDS = [
    "missing-ref",
    "directory-hyp",
    "invalid-utf8-hyp",
    "binary-hyp",
    "line-count",
    "smoothing-method1-in-sacrebleu",
    "tf-nmt-empty-hyps",
    "width-negative",
]


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [c[1:] for c in ERROR_CASES if c[0] in SUBPROCESS_ERROR_IDS],
    ids=[c[0] for c in ERROR_CASES if c[0] in SUBPROCESS_ERROR_IDS],
)
def test_error_subprocess_exit_status_1_no_traceback(
    argv: list[str], fragments: list[str], bad: dict[str, str]
) -> None:
    result = run_subprocess(["score", *_fill(argv, bad)])
    assert result.returncode == 1
    assert result.stdout == ""
    assert_one_error_line(result.stderr, _fill(fragments, bad))


def test_latin1_fixes_invalid_utf8(
    bad: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [bad["ref3"], "-i", bad["bad_utf8"]]
    assert run(argv, capsys)[0] == 1
    ours = score_json([*argv, "-e", "latin-1"], capsys)
    assert ours["sys_len"] == 5  # "fine line" / "Jürgen Mistol" / "third"


# (id, argv after `score`)
USAGE_ERRORS: list[tuple[str, list[str]]] = [
    ("unknown-flag", ["{ref3}", "-i", "{hyp3}", "--bogus"]),
    ("missing-refs", ["-i", "{hyp3}"]),
    ("bad-tokenizer", ["{ref3}", "-i", "{hyp3}", "-tok", "moses"]),
    ("bad-compat", ["{ref3}", "-i", "{hyp3}", "--compat", "bleurt"]),
    ("bad-width", ["{ref3}", "-i", "{hyp3}", "-w", "two"]),
    ("bad-format", ["{ref3}", "-i", "{hyp3}", "-f", "xml"]),
    (
        "weights-without-values",
        ["{ref3}", "-i", "{hyp3}", "--compat", "nltk", "--weights"],
    ),
]


@pytest.mark.parametrize(
    "argv", [c[1] for c in USAGE_ERRORS], ids=[c[0] for c in USAGE_ERRORS]
)
def test_usage_error_exits_2(
    argv: list[str], bad: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main([*_fill(argv, bad)])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "usage: bleu-gui score" in err
    assert "bleu-gui score: error: " in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [c[1] for c in USAGE_ERRORS[:2]], ids=[c[0] for c in USAGE_ERRORS[:2]]
)
def test_usage_error_subprocess_exits_2(argv: list[str], bad: dict[str, str]) -> None:
    result = run_subprocess(["score", *_fill(argv, bad)])
    assert result.returncode == 2
    assert result.stdout == ""
    assert "bleu-gui score: error: " in result.stderr
    assert "Traceback" not in result.stderr


# ----------------------------------------------------------------- subprocess success


def test_subprocess_success_matches_in_process(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["score", data["ref_a"], data["ref_b"], "-i", data["hyp"], "-w", "2"]
    result = run_subprocess(argv)
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == score_json(argv[1:], capsys)


# ------------------------------------------------------- demo corpus, help, dispatch


def test_demo_corpus_scores_four_systems(capsys: pytest.CaptureFixture[str]) -> None:
    """What `bleu-gui --demo` printed before the GUI: four systems, two references."""
    _, refs, hyp, others = demo_paths()
    systems = [str(hyp), *map(str, others)]
    out = run_ok([*map(str, refs), "-i", *systems, "-f", "text", "-w", "2"], capsys)
    rows = table_rows(out)[1:]
    assert [row[0] for row in rows] == systems
    assert " - BLEU       nrefs:2|" in out
    ref_texts = [path.read_text(encoding="utf-8").splitlines() for path in refs]
    expected = sacrebleu.corpus_bleu(
        hyp.read_text(encoding="utf-8").splitlines(), ref_texts
    )
    assert rows[0][1] == f"{expected.score:.2f}"


def test_console_script_dispatches_score(
    data: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`bleu-gui score ...` (bleu_gui.__main__.main) is `bleu_gui.cli.main(...)`."""
    from bleu_gui.__main__ import main as console_main

    argv = [data["ref_a"], "-i", data["hyp"], "-f", "text"]
    capsys.readouterr()
    assert console_main(["score", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == run_ok(argv, capsys)


def test_score_without_arguments_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2
    assert "usage: bleu-gui score" in capsys.readouterr().err


def test_score_help(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: bleu-gui score")
    for flag in (
        "-tok",
        "-lc",
        "-sv",
        "-sl",
        "--compat",
        "--max-ngram-order",
        "--weights",
        "-w",
        "-f",
        "-e",
    ):
        assert f" {flag}" in out


def test_score_help_subprocess() -> None:
    result = run_subprocess(["score", "--help"])
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("usage: bleu-gui score")
