"""Hand mutations: does a test fail when a boundary, default or tie-break moves?

Every arithmetic mutant of an earlier round died; the survivors sat at boundaries,
defaults, tie-breaks and state transitions (issue 25). This script keeps those
mutations, applies them one at a time to a copy of the working tree (the tree itself
is never written), runs the tests that name the mutated module in that copy, and
prints one line per mutant (killed or survived) and a table per module.

A mutation is (module, file, old text, new text, why): `old` must occur exactly once
in the file. A mutant is killed when pytest reports a failing test (exit status 1);
any other status (a collection error, no test) is reported as an error, so that a
mutation that breaks the import is not counted as a test's catch.

Run: `python bench/mutants.py [--module NAME ...] [--list] [--python PATH]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each module group's tests: the test files named after the module and the ones that
# import it (the tests a change of that module is checked against).
MODULE_TESTS: dict[str, tuple[str, ...]] = {
    "core/significance": (
        "tests/core/test_significance.py",
        "tests/core/test_significance_pipe.py",
        "tests/core/test_all_pairs.py",
        "tests/cli/test_cli_significance.py",
        "tests/cli/test_cli_all_pairs.py",
        "tests/gui/test_significance_job.py",
    ),
    "core/edits": (
        "tests/core/test_edits.py",
        "tests/io/test_export_edits.py",
        "tests/io/test_hypothesis_save.py",
        "tests/io/test_session_edits.py",
        "tests/gui/test_session_edits_state.py",
        "tests/gui/test_save_hypothesis.py",
    ),
    "core/salient": (
        "tests/core/test_salient.py",
        "tests/gui/test_salient_list.py",
        "tests/gui/test_salient_filter.py",
    ),
    "core/score_delta+delta": (
        "tests/core/test_corpus_delta.py",
        "tests/core/test_delta.py",
        "tests/core/test_margin.py",
        "tests/gui/test_delta_panel.py",
    ),
    "io/report_html": (
        "tests/io/test_report_html.py",
        "tests/io/test_report_buckets.py",
        "tests/io/test_report_browser.py",
        "tests/io/test_export_edits.py",
        "tests/cli/test_cli_report.py",
        "tests/gui/test_delta_histogram.py",
    ),
    "io/wmt_xml": (
        "tests/io/test_wmt_xml.py",
        "tests/io/test_format_specs.py",
        "tests/cli/test_cli_documents.py",
        "tests/cli/test_cli_bundle.py",
    ),
    "io/session_file": (
        "tests/io/test_session_file.py",
        "tests/io/test_hostile_session.py",
        "tests/io/test_session_edits.py",
        "tests/gui/test_session_edits_state.py",
    ),
    "models/workspace": (
        "tests/gui/test_workspace.py",
        "tests/models/test_workspace_values.py",
        "tests/gui/test_several_systems.py",
    ),
}


@dataclass(frozen=True, slots=True)
class Mutation:
    """One hand mutation: `old` (found exactly once in `path`) becomes `new`.

    `equivalent`: why no test can kill it (it changes no behaviour, or none that
    can be reached), for a mutant known to be equivalent; "" otherwise.
    """

    module: str
    path: str
    old: str
    new: str
    why: str
    equivalent: str = ""


_SIG = "bleu_gui/core/significance.py"
_NAMES = "bleu_gui/core/significance_names.py"
_EDITS = "bleu_gui/core/edits.py"
_SALIENT = "bleu_gui/core/salient.py"
_DELTA = "bleu_gui/core/score_delta.py"
_REPORT = "bleu_gui/io/report_html.py"
_BUILD = "bleu_gui/core/report.py"
_WMT = "bleu_gui/io/wmt_xml.py"
_READ = "bleu_gui/io/session_read.py"
_FORMAT = "bleu_gui/io/session_format.py"
_SPACE = "bleu_gui/models/workspace.py"

_S = "core/significance"
_E = "core/edits"
_N = "core/salient"
_D = "core/score_delta+delta"
_R = "io/report_html"
_W = "io/wmt_xml"
_F = "io/session_file"
_K = "models/workspace"

MUTATIONS: tuple[Mutation, ...] = (
    # --- core/significance -----------------------------------------------------
    Mutation(
        _S,
        _NAMES,
        "p_value <= STAR_LEVEL",
        "p_value < STAR_LEVEL",
        "no star at exactly p = 0.05",
    ),
    Mutation(
        _S,
        _SIG,
        "self.resampled > self.observed",
        "self.resampled >= self.observed",
        "p counts ties (>= for >)",
    ),
    Mutation(
        _S, _NAMES, "DEFAULT_SEED = 12345", "DEFAULT_SEED = 12346", "default seed"
    ),
    Mutation(
        _S,
        _NAMES,
        "PairedTest.BOOTSTRAP: 1000,",
        "PairedTest.BOOTSTRAP: 999,",
        "default bootstrap resamples",
    ),
    Mutation(
        _S,
        _NAMES,
        "PairedTest.RANDOMIZATION: 10000}",
        "PairedTest.RANDOMIZATION: 1000}",
        "default randomization trials",
    ),
    Mutation(
        _S,
        _SIG,
        "adjusted[index] = min(1.0, running)",
        "adjusted[index] = running",
        "Holm p not capped at 1",
    ),
    Mutation(
        _S,
        _SIG,
        "running = max(running, (count - rank) * p_values[index])",
        "running = (count - rank) * p_values[index]",
        "Holm not monotone (step-down max dropped)",
    ),
    Mutation(
        _S,
        _SIG,
        "ordered[len(ordered) - lower - 1] - ordered[lower]",
        "ordered[len(ordered) - lower - 2] - ordered[lower]",
        "CI upper rank off by one",
    ),
    Mutation(
        _S,
        _SIG,
        "    if samples < 2:\n",
        "    if samples < 1:\n",
        "confidence accepts 1 resample",
    ),
    Mutation(
        _S,
        _SIG,
        "return np.float32 if largest < _FLOAT32_EXACT",
        "return np.float32 if largest <= _FLOAT32_EXACT",
        "float32 at exactly 2**24",
        equivalent="every integer up to 2**24 is a float32, and no partial sum "
        "exceeds `largest`: float32 is exact there too",
    ),
    Mutation(
        _S, _SIG, "k = math.floor(k)", "k = k", "add-k not truncated in randomization"
    ),
    Mutation(
        _S,
        _SIG,
        "0.0 - found.delta,",
        "-found.delta,",
        "-0.0 delta for equal scores seen backwards",
    ),
    Mutation(
        _S,
        _SIG,
        "            return Identity.TEXT\n",
        "            return Identity.STATISTICS\n",
        "identical text called identical statistics",
    ),
    # --- core/edits --------------------------------------------------------------
    Mutation(
        _E,
        _EDITS,
        "[[stream[row]] for stream in references]",
        "[[stream[row]] for stream in references[:1]]",
        "edit counted against the first reference only",
    ),
    Mutation(
        _E,
        _EDITS,
        "[[stream[row]] for stream in references]",
        "[[stream[row]] for stream in references[:-1]]",
        "edit counted without the last reference",
    ),
    Mutation(
        _E,
        _EDITS,
        "if rows[-1] >= len(stats) or rows[0] < 0:",
        "if rows[-1] > len(stats) or rows[0] < 0:",
        "edit one past the end accepted",
    ),
    Mutation(
        _E,
        _EDITS,
        "if rows[-1] >= len(stats) or rows[0] < 0:",
        "if rows[-1] >= len(stats) or rows[0] < -1:",
        "edit of row -1 accepted",
    ),
    Mutation(
        _E,
        _EDITS,
        "if not 0 <= row < len(self.stats):",
        "if not 0 <= row <= len(self.stats):",
        "what-if of a row past the end accepted",
    ),
    Mutation(
        _E,
        _EDITS,
        "holds_last=row == len(self.stats) - 1,",
        "holds_last=False,",
        "last row's own counts not moved by an edit",
    ),
    Mutation(
        _E,
        _EDITS,
        "holds_last=row == len(system) - 1,",
        "holds_last=False,",
        "last row's cost without its own counts",
    ),
    Mutation(
        _E,
        _EDITS,
        "if rows != sorted(set(rows)):",
        "if rows != sorted(rows):",
        "two edits of one row accepted",
    ),
    Mutation(
        _E,
        _EDITS,
        "kept = {**self._index, line.row: line}",
        "kept = {line.row: line, **self._index}",
        "a second edit of a row loses to the first",
    ),
    Mutation(
        _E,
        _EDITS,
        "if other is not None and isinstance(corpus, BleuScore):",
        "if other and isinstance(corpus, BleuScore):",
        "no delta against a system scoring 0",
    ),
    Mutation(
        _E,
        _EDITS,
        "        or block.ref_lens.shape[1] != like.ref_lens.shape[1]\n",
        "        or False\n",
        "edited rows of other references accepted",
    ),
    # --- core/salient ------------------------------------------------------------
    Mutation(
        _N,
        _SALIENT,
        "if count > theirs[gram]]",
        "if count >= theirs[gram]]",
        "n-grams of gain 0 listed",
    ),
    Mutation(
        _N,
        _SALIENT,
        '-len(wins.get(gram, b"")), gram',
        'len(wins.get(gram, b"")), gram',
        "tie: fewer sentences first",
    ),
    Mutation(
        _N,
        _SALIENT,
        '-len(wins.get(gram, b"")), gram',
        '-len(wins.get(gram, b"")), gram[::-1]',
        "tie: text compared from its end",
    ),
    Mutation(
        _N,
        _SALIENT,
        "                if a != b:\n",
        "                if a != b or a:\n",
        "a sentence where both match equally counted as A's win",
    ),
    Mutation(
        _N,
        _SALIENT,
        "ceiling |= Counter(",
        "ceiling += Counter(",
        "clipped against the references pooled (sum, not max)",
    ),
    Mutation(
        _N,
        _SALIENT,
        "            for stream in references\n",
        "            for stream in references[:1]\n",
        "clipped against the first reference only",
    ),
    Mutation(
        _N,
        _SALIENT,
        "if max_order < 1 or",
        "if max_order < 0 or",
        "max_order 0 accepted",
    ),
    Mutation(
        _N,
        _SALIENT,
        "(top is not None and top < 1)",
        "(top is not None and top < 0)",
        "top 0 accepted",
    ),
    Mutation(
        _N,
        _SALIENT,
        "top: int | None = 20,\n) -> tuple[SalientOrder",
        "top: int | None = 10,\n) -> tuple[SalientOrder",
        "default top",
    ),
    Mutation(
        _N,
        _SALIENT,
        "rows if kept is None else kept + rows",
        "rows if kept is None else rows + kept",
        "rows of later blocks listed first",
    ),
    # --- core/score_delta + core/delta -------------------------------------------
    Mutation(
        _D,
        _DELTA,
        "log_exact = a.score > 0 and b.score > 0",
        "log_exact = a.score >= 0 and b.score > 0",
        "log split tried with A at 0",
    ),
    Mutation(
        _D,
        _DELTA,
        "or (stats_a.ref_lens != stats_b.ref_lens).any()",
        "or False",
        "other references' lengths accepted",
    ),
    Mutation(
        _D,
        _DELTA,
        "    if delta > 0:\n",
        "    if delta >= 0:\n",
        "equal scores said as a gain of 0.00",
    ),
    Mutation(
        _D,
        _DELTA,
        "    elif a.score == 0:\n",
        "    elif a.score < 0:\n",
        "both at 0 not said",
    ),
    Mutation(_D, _DELTA, "_SHOWN = 0.005", "_SHOWN = 0.01", "parts shown from 0.01"),
    Mutation(
        _D,
        _DELTA,
        "abs(points) >= _SHOWN",
        "abs(points) > _SHOWN",
        "a part of exactly 0.005 left out",
        equivalent="a part is a product of logs and a Δ: never exactly 0.005",
    ),
    Mutation(
        _D,
        _DELTA,
        "        reverse=True,\n",
        "        reverse=False,\n",
        "parts named smallest first",
    ),
    Mutation(
        _D,
        _DELTA,
        "scale = score_a if score_a == score_b or total == 0",
        "scale = score_a if total == 0",
        "equal scores: parts of cancelling factors set to 0",
        equivalent="differs only for bit-equal scores whose log terms sum to a "
        "rounding error; none among 18,000 near-equal pairs searched",
    ),
    Mutation(
        _D,
        _DELTA,
        "if not log_exact and delta != 0:",
        "if not log_exact:",
        "zero note when both score 0",
    ),
    Mutation(
        _D,
        "bleu_gui/core/delta.py",
        'names: tuple[str, str] = ("A", "B"),',
        'names: tuple[str, str] = ("B", "A"),',
        "default names swapped",
    ),
    # --- io/report_html (and the report's content, core/report) -----------------
    Mutation(
        _R,
        _REPORT,
        "if k == 0 and len(report.scores) > 1",
        "if k == 0 and len(report.scores) >= 1",
        "a single system labelled the baseline",
    ),
    Mutation(
        _R,
        _REPORT,
        "if paired is None and len(report.scores) > 1:",
        "if paired is None and len(report.scores) >= 1:",
        "no-test note for a single system",
    ),
    Mutation(
        _R,
        _REPORT,
        "    if len(systems) > 1:\n",
        "    if len(systems) > 2:\n",
        "edits note does not name the system of two",
    ),
    Mutation(
        _R,
        _REPORT,
        "sentence{'' if count == 1 else 's'}",
        "sentence{'' if count == 0 else 's'}",
        "1 sentences edited",
    ),
    Mutation(_R, _REPORT, "* marks p ≤ 0.05", "* marks p < 0.05", "star legend says <"),
    Mutation(
        _R,
        _REPORT,
        "    if first.hyp_len.size == 0:\n",
        "    if first.hyp_len.size < 0:\n",
        "empty test set not said",
        equivalent="unreachable: an empty test set cannot be scored, so no report "
        "of one is built (`score_corpus` refuses it)",
    ),
    Mutation(
        _R,
        _REPORT,
        '+ (_EDITED_MARK if edited else "")',
        '+ ("")',
        "edited sentence not marked (one system)",
    ),
    Mutation(
        _R,
        _BUILD,
        'np.argsort(-values[finite], kind="stable")',
        'np.argsort(values[finite], kind="stable")[::-1]',
        "tie: the last row first",
    ),
    Mutation(
        _R,
        _BUILD,
        "finite = np.flatnonzero(~np.isnan(values))",
        "finite = np.arange(values.size)",
        "NaN rows ranked",
    ),
    Mutation(
        _R,
        _BUILD,
        "DEFAULT_TOP = 20",
        "DEFAULT_TOP = 10",
        "default number of sentences",
    ),
    Mutation(
        _R,
        _BUILD,
        "if request.test is not None and len(systems) > 1:",
        "if request.test is not None and len(systems) > 2:",
        "no test for two systems",
    ),
    # --- io/wmt_xml --------------------------------------------------------------
    Mutation(
        _W,
        _WMT,
        "for seg_id in sorted(document.source):",
        "for seg_id in document.source:",
        "segments in file order",
    ),
    Mutation(
        _W,
        _WMT,
        "for seg_id in sorted(document.source):",
        "for seg_id in sorted(document.source, key=str):",
        "segment ids sorted as text (10 before 2)",
    ),
    Mutation(
        _W,
        _WMT,
        "        if seg_id in seen:\n",
        "        if seg_id in seen and False:\n",
        "a segment id twice accepted",
    ),
    Mutation(
        _W,
        _WMT,
        "    seen = dict(earlier)\n",
        "    seen = {}\n",
        "an id twice across two <src> accepted",
    ),
    Mutation(
        _W,
        _WMT,
        '        return int(raw or "")\n',
        '        return int(float(raw or ""))\n',
        "id '1.5' read as 1",
    ),
    Mutation(
        _W,
        _WMT,
        "    if len(languages) > 1:\n",
        "    if len(languages) > 2:\n",
        "two source languages accepted",
    ),
    Mutation(
        _W,
        _WMT,
        "if not any(text is not None and text.text for text in references.values()):",
        "if not any(text is not None for text in references.values()):",
        "an empty reference counts as a reference",
    ),
    Mutation(
        _W,
        _WMT,
        "                    if text is None or not text.text:\n",
        "                    if text is None:\n",
        "an empty reference not in the gaps notice",
    ),
    Mutation(
        _W,
        _WMT,
        "    if more > 0:\n",
        "    if more > 1:\n",
        "'and 1 other document' left out",
    ),
    Mutation(
        _W,
        _WMT,
        "_PLACES_SHOWN = 3",
        "_PLACES_SHOWN = 4",
        "documents named in a notice",
    ),
    Mutation(
        _W,
        _WMT,
        "return list(dict.fromkeys(key for group in keys for key in group))",
        "return sorted({key for group in keys for key in group})",
        "systems in name order, not first seen",
    ),
    # --- io/session_file (session_read, session_format) -------------------------
    Mutation(
        _F,
        _READ,
        "    if version < 1:\n",
        "    if version < 0:\n",
        "session format 0 accepted",
    ),
    Mutation(
        _F,
        _READ,
        "    if version > SESSION_VERSION:\n",
        "    if version > SESSION_VERSION + 1:\n",
        "format 3 accepted",
    ),
    Mutation(
        _F,
        _FORMAT,
        "return FIRST_EDITS_VERSION if has_edits else 1",
        "return SESSION_VERSION",
        "a file without edits written as format 2",
    ),
    Mutation(
        _F,
        _READ,
        'if version < FIRST_EDITS_VERSION and "edits" in item:',
        'if version < 1 and "edits" in item:',
        "edits in format 1 accepted",
    ),
    Mutation(
        _F,
        _READ,
        "        if not 0 <= position < count:\n",
        "        if not 0 <= position <= count:\n",
        "baseline one past the last system",
    ),
    Mutation(
        _F,
        _READ,
        'item.get("samples", 1000)',
        'item.get("samples", 999)',
        "default samples",
    ),
    Mutation(
        _F,
        _READ,
        'item.get("in_hypothesis", True)',
        'item.get("in_hypothesis", False)',
        "default: search hypotheses",
    ),
    Mutation(
        _F,
        _READ,
        'item.get("max_score", 100.0)',
        'item.get("max_score", 0.0)',
        "default: highest score",
    ),
    Mutation(
        _F,
        _READ,
        "        if not 0 <= system < len(names):\n",
        "        if not 0 <= system <= len(names):\n",
        "edits of a system one past the last",
    ),
    Mutation(
        _F,
        _READ,
        "for system in sorted(saved) if saved[system].lines)",
        "for system in sorted(saved))",
        "empty edit lists kept",
    ),
    Mutation(
        _F,
        _READ,
        "            if row in lines:\n",
        "            if row in lines and False:\n",
        "a row edited twice accepted",
    ),
    Mutation(
        _F,
        _FORMAT,
        "        if runs and runs[-1][0] == doc:\n",
        "        if runs and runs[-1][0] == doc and False:\n",
        "document ids not run-length coded",
    ),
    Mutation(
        _F,
        _READ,
        "    if total > MAX_SEGMENTS:\n",
        "    if total >= MAX_SEGMENTS:\n",
        "exactly MAX_SEGMENTS refused",
    ),
    Mutation(
        _F,
        _READ,
        "    return tuple(sorted(set(ids)))\n",
        "    return tuple(ids)\n",
        "filter documents kept as written (duplicates, order)",
    ),
    # --- models/workspace --------------------------------------------------------
    Mutation(
        _K,
        _SPACE,
        "at = self.generation + 1\n        return Workspace(",
        "at = 0\n        return Workspace(",
        "closing resets generation",
    ),
    Mutation(
        _K,
        _SPACE,
        "replace(self, baseline=system_id, generation=self.generation + 1)",
        "replace(self, baseline=system_id)",
        "new baseline: generation not bumped",
    ),
    Mutation(
        _K,
        _SPACE,
        "replace(self, shown=system_id, generation=self.generation + 1)",
        "replace(self, shown=system_id)",
        "new shown: generation not bumped",
    ),
    Mutation(
        _K,
        _SPACE,
        "replace(self, config=config, generation=self.generation + 1)",
        "replace(self, config=config)",
        "new config: generation not bumped",
    ),
    Mutation(
        _K,
        _SPACE,
        "for s in self.systems),\n            generation=self.generation + 1,\n",
        "for s in self.systems),\n",
        "new scores/edits: generation not bumped",
    ),
    Mutation(
        _K,
        _SPACE,
        "shown = baseline if shown is None else shown",
        "shown = first if shown is None else shown",
        "opened: shown defaults to the first, not the baseline",
    ),
    Mutation(
        _K,
        _SPACE,
        "shown = baseline if self.shown == system_id else self.shown",
        "shown = first if self.shown == system_id else self.shown",
        "removed shown passes to the first, not the baseline",
    ),
    Mutation(
        _K,
        _SPACE,
        "if a is None or b is None or a.id == b.id:",
        "if a is None or b is None:",
        "a system paired with itself",
    ),
    Mutation(
        _K,
        _SPACE,
        "            and self.scores.edits == self.edits\n",
        "",
        "scores before an edit taken as current",
    ),
    Mutation(
        _K,
        _SPACE,
        "                edits=Edits(),\n",
        "",
        "recounted system keeps its edits",
    ),
    Mutation(
        _K,
        _SPACE,
        "if names.count(name) > 1}",
        "if names.count(name) > 2}",
        "two systems of one file name not told apart",
    ),
    Mutation(
        _K,
        _SPACE,
        "name if system.label is None else system.label",
        "name",
        "a labelled system named by its file",
    ),
)


class Outcome(StrEnum):
    """What the tests did with a mutant."""

    KILLED = "killed"
    SURVIVED = "survived"
    ERROR = "error"


_SKIPPED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "*.egg-info",
    "build",
    "dist",
)


def copy_tree(tree: Path, target: Path) -> Path:
    """`tree` copied into `target` (no git data, caches or venv)."""
    copy = target / "tree"
    shutil.copytree(tree, copy, ignore=_SKIPPED)
    return copy


def _env(copy: Path) -> dict[str, str]:
    """The copy's package first on the path; no bytecode (a mutant of the same
    size and second as the original would otherwise run the original's)."""
    return {
        **os.environ,
        "PYTHONPATH": str(copy),
        "PYTHONDONTWRITEBYTECODE": "1",
        "QT_QPA_PLATFORM": "offscreen",
    }


def imports_copy(copy: Path, python: str) -> bool:
    """Whether `python` run in the copy imports the copy's bleu_gui (not an install)."""
    done = subprocess.run(
        [python, "-c", "import bleu_gui; print(bleu_gui.__file__)"],
        cwd=copy,
        env=_env(copy),
        capture_output=True,
        text=True,
        check=False,
    )
    return Path(done.stdout.strip()).is_relative_to(copy)


def run_tests(copy: Path, tests: Sequence[str], python: str) -> int:
    """pytest's exit status for `tests` in the copy, its own package imported first."""
    done = subprocess.run(
        [python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests],
        cwd=copy,
        env=_env(copy),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return done.returncode


def mutate(copy: Path, mutation: Mutation) -> str:
    """Apply `mutation` in the copy; returns the file's text to restore."""
    target = copy / mutation.path
    text = target.read_text(encoding="utf-8")
    found = text.count(mutation.old)
    if found != 1:
        raise ValueError(f"{mutation.path}: {mutation.old!r} found {found} times")
    target.write_text(text.replace(mutation.old, mutation.new), encoding="utf-8")
    return text


def try_mutation(copy: Path, mutation: Mutation, python: str) -> Outcome:
    """Run the module's tests against one mutant; the copy is restored after."""
    original = mutate(copy, mutation)
    try:
        status = run_tests(copy, MODULE_TESTS[mutation.module], python)
    finally:
        (copy / mutation.path).write_text(original, encoding="utf-8")
    if status == 0:
        return Outcome.SURVIVED
    return Outcome.KILLED if status == 1 else Outcome.ERROR


def table(results: Sequence[tuple[Mutation, Outcome]]) -> str:
    """Per module: mutants tried, killed, and equivalent (a markdown table)."""
    lines = ["| module | tried | killed | equivalent |", "|---|---:|---:|---:|"]
    for module in MODULE_TESTS:
        mine = [(m, outcome) for m, outcome in results if m.module == module]
        if mine:
            killed = sum(outcome is Outcome.KILLED for _, outcome in mine)
            same = sum(bool(m.equivalent) for m, _ in mine)
            lines.append(f"| {module} | {len(mine)} | {killed} | {same} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--module",
        action="append",
        choices=sorted(MODULE_TESTS),
        help="only this module group (again for more)",
    )
    parser.add_argument(
        "--list", action="store_true", help="list the mutations, run nothing"
    )
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter to run pytest with"
    )
    parser.add_argument(
        "--only",
        type=int,
        action="append",
        help="only mutation number N of --list (again for more)",
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="the source tree to mutate a copy of (default: this one); another "
        "commit's tree, say, to count what its tests killed",
    )
    args = parser.parse_args(argv)
    chosen = [
        mutation
        for k, mutation in enumerate(MUTATIONS, start=1)
        if (not args.module or mutation.module in args.module)
        and (not args.only or k in args.only)
    ]
    if args.list:
        for mutation in chosen:
            print(
                f"{MUTATIONS.index(mutation) + 1:3} {mutation.module:24} {mutation.why}"
            )
        return 0
    with tempfile.TemporaryDirectory(prefix="mutants-") as folder:
        copy = copy_tree(args.tree, Path(folder))
        if not imports_copy(copy, args.python):
            print("the copy's bleu_gui is not the one imported", file=sys.stderr)
            return 1
        groups = sorted({m.module for m in chosen})
        for module in groups:
            if run_tests(copy, MODULE_TESTS[module], args.python) != 0:
                print(f"{module}: its tests fail without a mutation", file=sys.stderr)
                return 1
        results = []
        for mutation in chosen:
            outcome = try_mutation(copy, mutation, args.python)
            results.append((mutation, outcome))
            k = MUTATIONS.index(mutation) + 1
            said = (
                f" (equivalent: {mutation.equivalent})" if mutation.equivalent else ""
            )
            print(
                f"{k:3} {outcome.value:8} {mutation.module:24} {mutation.why}{said}",
                flush=True,
            )
    print()
    print(table(results))
    survivors = sum(
        outcome is not Outcome.KILLED and not mutation.equivalent
        for mutation, outcome in results
    )
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
