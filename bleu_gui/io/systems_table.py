"""The systems table's rows and columns, for the window and the command line alike.

One row per system: corpus BLEU, Δ to the baseline and its parts, the paired test's
p-value and mean ± CI, the test and the signature. The window's table model
(`models.systems_model`) shows these rows and the exports write them; `bleu-gui
score --export-systems` builds the same rows from the same numbers, so a CSV from
the command line and one from File › Export › Systems table hold the same cells.

Each column is said once (`SYSTEM_COLUMNS`: header, tooltip, sort value, text,
a cell's tooltip); `systems_table` makes an exported `Table` of rows. No Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from bleu_gui.core import BleuConfig, BleuScore, Compat, CorpusStats, SummedStats
from bleu_gui.core.explain import format_points
from bleu_gui.core.score_delta import ScoreDelta, check_same_references, decompose
from bleu_gui.core.scoring import score_summed
from bleu_gui.core.signature import test_signature
from bleu_gui.core.significance import (
    AllPairsResult,
    Identity,
    PairedTest,
    PairedTestResult,
    SystemResult,
)
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.significance_text import (
    IDENTITY_CAVEAT,
    p_value_text,
    test_description,
    test_words,
)
from bleu_gui.io.table_export import (
    CellType,
    ExportFormat,
    Table,
    TableColumn,
    Value,
)

__all__ = [
    "QA_COUNTED",
    "QA_NOT_COUNTED",
    "SYSTEMS_FORMATS",
    "SYSTEMS_TITLE",
    "SYSTEM_COLUMNS",
    "SystemColumn",
    "SystemColumnSpec",
    "SystemRow",
    "TestRun",
    "paired_rows",
    "result_systems",
    "system_rows",
    "systems_table",
]

SYSTEMS_FORMATS = tuple(ExportFormat)
"""The formats the systems table is written in (File › Export › Systems table and
`--export-systems` alike): a sheet (CSV, TSV, XLSX), a program (JSON, unrounded)
or a paper (Markdown, LaTeX)."""
SYSTEMS_TITLE = "Systems against the baseline"
QA_NOT_COUNTED = (
    "Not checked yet: a system's QA issues are counted when it is shown (or is "
    "the baseline of the pair shown)"
)
"""The QA cell's tooltip of a system whose issues were not counted."""
QA_COUNTED = "The QA panel lists the issues of the shown system"
"""The QA cell's tooltip of a system whose issues were counted."""


class SystemColumn(Enum):
    """What a column of the systems table shows."""

    NAME = "System"
    BLEU = "BLEU"
    DELTA = "Δ"
    P_VALUE = "p"
    MEAN_CI = "μ ± 95% CI"
    WHY = "Why Δ"
    QA = "QA"
    TEST = "Test"
    SIGNATURE = "Signature"


@dataclass(frozen=True, slots=True)
class TestRun:
    """The paired test a result came from.

    Attributes:
        test: bootstrap or approximate randomization.
        samples: its resamples or trials.
        seed: its seed (None: a random one).
        segments: how many sentences it tested.
    """

    test: PairedTest
    samples: int
    seed: int | None
    segments: int


@dataclass(frozen=True, slots=True)
class SystemRow:
    """Everything one row shows, computed once per change.

    Attributes:
        system: the system's position among those given.
        name: how the table names it.
        baseline: whether it is the baseline.
        score: its corpus BLEU, if it can be computed.
        error: why `score` or `delta` is None.
        delta: its Δ to the baseline, decomposed (None for the baseline).
        result: its row of the paired test's result, if a test ran.
        identity: why the test had nothing to compare (identical outputs).
        run: the test the result came from.
        signature: the signature of the row's numbers.
        compat: the compatibility mode its numbers are rounded for.
        qa: its QA issues (`core.qa`), if they were counted for its texts as
            they are; None: not yet (a system is checked when it is shown).
    """

    system: int
    name: str
    baseline: bool
    score: BleuScore | None
    error: str | None
    delta: ScoreDelta | None
    result: SystemResult | None
    identity: Identity | None
    run: TestRun | None
    signature: str
    compat: Compat
    qa: int | None = None


@dataclass(frozen=True, slots=True)
class SystemColumnSpec:
    """One column, said once: header, tooltip, sort value, text, a cell's tooltip."""

    key: SystemColumn
    tooltip: str
    value: Callable[[SystemRow], object]
    text: Callable[[SystemRow], str]
    cell_tip: Callable[[SystemRow], str] | None = None
    of_test: bool = False  # shows the significance test's result


def system_rows(
    names: Sequence[str],
    stats: Sequence[CorpusStats],
    summed: Sequence[OrUnavailable[SummedStats]],
    config: BleuConfig,
    baseline: int,
    signature: str,
    *,
    run: TestRun | None = None,
    tested: Mapping[int, tuple[SystemResult, Identity | None]] | None = None,
    tested_signature: str = "",
    qa: Sequence[int | None] | None = None,
) -> list[SystemRow]:
    """The rows of systems `names` (their statistics, and those summed over the scope).

    A system's `summed` may be why it cannot be summed (`Unavailable`) instead.
    `signature` is the plain corpus signature; with a test (`run`, its rows per
    system `tested` as `paired_rows` gives them, and `tested_signature`, the plain
    signature it ran under) each row's signature is the test's.
    """
    scores: list[BleuScore | None] = []
    errors: list[str | None] = []
    for one in summed:
        score: BleuScore | None = None
        why = one.reason if isinstance(one, Unavailable) else None
        if not isinstance(one, Unavailable):
            try:
                score = score_summed(one, config)
            except ValueError as error:
                why = str(error)
        scores.append(score)
        errors.append(None if why is None else " ".join(why.split()))
    base_score = scores[baseline] if scores else None
    if run is not None:
        signature = test_signature(
            tested_signature, run.test.value, run.samples, run.seed
        )
    rows = []
    for k, (name, score) in enumerate(zip(names, scores, strict=True)):
        delta = None
        if k != baseline and score is not None and base_score is not None:
            try:
                check_same_references(stats[baseline], stats[k])
                delta = decompose(base_score, score, (names[baseline], name))
            except ValueError as error:
                errors[k] = " ".join(str(error).split())
        result, identity = (tested or {}).get(k, (None, None))
        rows.append(
            SystemRow(
                k,
                name,
                k == baseline,
                score,
                errors[k],
                delta,
                result,
                identity,
                run,
                signature,
                config.compat,
                None if qa is None else qa[k],
            )
        )
    return rows


def paired_rows(
    result: PairedTestResult | AllPairsResult,
    tested_against: int,
    shown_against: int,
) -> dict[int, tuple[SystemResult, Identity | None]]:
    """Each system's row of a result against the baseline it is shown with.

    `tested_against` is the baseline the paired test ran against; an all-pairs
    result serves every baseline, so its rows are those of `shown_against`.
    """
    if isinstance(result, AllPairsResult):
        base = shown_against
        paired = result.against(base)
    else:
        base = tested_against
        paired = result
    others = [k for k in range(len(result_systems(result))) if k != base]
    rows: dict[int, tuple[SystemResult, Identity | None]] = {
        base: (paired.baseline, None)
    }
    for k, row, same in zip(others, paired.systems, paired.identical, strict=True):
        rows[k] = (row, same)
    return rows


def result_systems(
    result: PairedTestResult | AllPairsResult,
) -> tuple[SystemResult, ...]:
    """Every system's row of a result, in the order the request gave them."""
    if isinstance(result, AllPairsResult):
        return result.systems
    return (result.baseline, *result.systems)


def _score_text(row: SystemRow) -> str:
    return "—" if row.score is None else format_points(row.score.score, row.compat)


def _delta_value(row: SystemRow) -> float | None:
    return None if row.delta is None else row.delta.delta


def _delta_text(row: SystemRow) -> str:
    if row.baseline:
        return "baseline"
    if row.delta is None:
        return "—"
    return format_points(row.delta.delta, row.compat, signed=True)


def _mean_ci_text(row: SystemRow) -> str:
    result = row.result
    if result is None or result.mean is None or result.ci is None:
        return "" if row.run is None else "—"
    mean = format_points(result.mean, row.compat)
    return f"{mean} ± {format_points(result.ci, row.compat)}"


def _p_text(row: SystemRow) -> str:
    if row.result is None or row.result.p_value is None:
        return "" if row.run is None or not row.baseline else "—"
    return p_value_text(row.result.p_value, row.identity)


def _p_tip(row: SystemRow) -> str:
    if row.baseline and row.run is not None:
        return "The baseline: every other system is tested against it"
    if row.identity is not None:
        return f"{row.identity.value}: {IDENTITY_CAVEAT}"
    return "The paired test's p-value against the baseline; * at 0.05 or less"


def _test_text(row: SystemRow) -> str:
    run = row.run
    return "" if run is None else test_words(run.test, run.samples, run.seed)


def _test_tip(row: SystemRow) -> str:
    run = row.run
    if run is None:
        return "No significance test has run: press Run"
    return test_description(run.test, run.samples, run.seed, run.segments)


def _why_value(row: SystemRow) -> float | None:
    """The length part: sorting the bar column groups the Δs that length made."""
    return None if row.delta is None else row.delta.parts[0].points


def _why_text(row: SystemRow) -> str:
    return "" if row.delta is None else row.delta.diagnosis


SYSTEM_COLUMNS = (
    SystemColumnSpec(
        SystemColumn.NAME, "The system", lambda r: r.name.casefold(), lambda r: r.name
    ),
    SystemColumnSpec(
        SystemColumn.BLEU,
        "Corpus BLEU of the system",
        lambda r: None if r.score is None else r.score.score,
        _score_text,
        lambda r: r.error or "",
    ),
    SystemColumnSpec(
        SystemColumn.DELTA,
        "BLEU of the system minus BLEU of the baseline",
        _delta_value,
        _delta_text,
        lambda r: r.error or "",
    ),
    SystemColumnSpec(
        SystemColumn.P_VALUE,
        "The paired test's p-value against the baseline; sacreBLEU's * marks 0.05 "
        "or less",
        lambda r: None if r.result is None else r.result.p_value,
        _p_text,
        _p_tip,
        of_test=True,
    ),
    SystemColumnSpec(
        SystemColumn.MEAN_CI,
        "The bootstrap's mean score ± half the width of its 95% confidence "
        "interval (paired bootstrap only)",
        lambda r: None if r.result is None else r.result.mean,
        _mean_ci_text,
        of_test=True,
    ),
    SystemColumnSpec(
        SystemColumn.WHY,
        "The Δ split into its parts: length (the brevity penalty) and each "
        "order's precision; right of the line a gain, left a loss (sorts by the "
        "length part)",
        _why_value,
        _why_text,
        _why_text,
    ),
    SystemColumnSpec(
        SystemColumn.QA,
        "How many QA issues the system's translations have (numbers, tags, "
        "untranslated, …); counted when a system is shown, — until then",
        lambda r: r.qa,
        lambda r: "—" if r.qa is None else f"{r.qa:,}",
        lambda r: QA_NOT_COUNTED if r.qa is None else QA_COUNTED,
    ),
    SystemColumnSpec(
        SystemColumn.TEST,
        "The paired test, its number of resamples or trials, and its seed",
        lambda r: _test_text(r) or None,
        _test_text,
        _test_tip,
        of_test=True,
    ),
    SystemColumnSpec(
        SystemColumn.SIGNATURE,
        "sacreBLEU's signature of the numbers in the row, with the test's "
        "bs:N|seed:S or ar:N|seed:S",
        lambda r: r.signature,
        lambda r: r.signature,
        lambda r: r.signature,
        of_test=True,
    ),
)

_SPECS = {spec.key: spec for spec in SYSTEM_COLUMNS}

# The columns as exported, as typed: the test and the signature, the same on every
# tested row, go under the table instead.
_EXPORTED: dict[SystemColumn, CellType] = {
    SystemColumn.NAME: CellType.TEXT,
    SystemColumn.BLEU: CellType.NUMBER,
    SystemColumn.DELTA: CellType.NUMBER,
    SystemColumn.P_VALUE: CellType.NUMBER,
    SystemColumn.MEAN_CI: CellType.TEXT,
    SystemColumn.WHY: CellType.TEXT,
}


def systems_table(
    rows: Sequence[SystemRow],
    *,
    stale: str | None = None,
    title: str = SYSTEMS_TITLE,
    warnings: Sequence[str] = (),
) -> Table:
    """The systems table of `rows` (in the order given) as an exported table.

    The columns no row fills are left out (the test's, before a test ran); the
    test's words and the signature of the numbers go under the table (one line
    each). The same columns in every format: "Why Δ", a sentence per row, says
    what the number alone does not (length or precision), also in a paper's
    table, where a column is easier left out than found again. `stale`: why the
    test's numbers no longer fit the rows. `warnings`: the warnings about the
    systems' files (`io.notices`).
    """
    keys = [
        key
        for key in _EXPORTED
        if any(_SPECS[key].text(row) for row in rows)
        or key in (SystemColumn.NAME, SystemColumn.BLEU, SystemColumn.DELTA)
    ]
    values = [tuple(_value(row, key) for key in keys) for row in rows]
    texts = [tuple(_SPECS[key].text(row) for key in keys) for row in rows]
    signature: list[str] = []
    for key, label in ((SystemColumn.TEST, "Test"), (SystemColumn.SIGNATURE, "BLEU")):
        seen = {_SPECS[key].text(row) for row in rows} - {""}
        signature += [f"{label}: {text}" for text in sorted(seen)]
    if stale is not None and any(row.run is not None for row in rows):
        signature.append(f"Stale: {stale}")
    columns = tuple(TableColumn(key.value, _EXPORTED[key]) for key in keys)
    return Table(title, columns, values, texts, tuple(signature), tuple(warnings))


def _value(row: SystemRow, key: SystemColumn) -> Value:
    """A cell's value: the number unrounded, else its text."""
    spec = _SPECS[key]
    if _EXPORTED[key] is CellType.TEXT:
        return spec.text(row)
    raw = spec.value(row)
    if isinstance(raw, float | int) and not (
        isinstance(raw, float) and math.isnan(raw)
    ):
        return raw
    return None
