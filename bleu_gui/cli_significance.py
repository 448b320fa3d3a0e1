"""The command line's significance tests: sacreBLEU's flags, checks and output.

`bleu-gui score` takes sacreBLEU's `--paired-bs`, `--paired-ar`, `--confidence` and
their sample counts, and prints what sacreBLEU prints for them (its JSON list, its
text table and legend, its signatures with the test's samples and seed), so that
scripts written for sacreBLEU read our output unchanged, and its `-f latex` table.
The numbers come from `bleu_gui.core.significance`; this module holds only the
options and the layouts.

Beyond sacreBLEU, and labelled as ours where printed: `--all-pairs` (every pair of
systems on the same resamples: a matrix in text, a documented JSON object of our
own) with `--holm`; and a system that cannot be told apart from another (a copy of
it) is said so in words instead of a star, in the text and LaTeX tables and in our
JSON. sacreBLEU's JSON stays sacreBLEU's.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bleu_gui.core import BleuConfig, ConfigError
from bleu_gui.core.config import SIGNIFICANCE_MODE
from bleu_gui.core.number_text import signed
from bleu_gui.core.signature import test_signature
from bleu_gui.core.significance_names import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    Identity,
    PairedTest,
)
from bleu_gui.io.latex_table import align_cell as _align
from bleu_gui.io.latex_table import column_widths as _widths
from bleu_gui.io.latex_table import latex_booktabs as _latex
from bleu_gui.io.margin_text import margin_record, margin_text
from bleu_gui.io.seed import SEED_VARIABLE, environment_seed, parse_seed
from bleu_gui.io.significance_text import identity_note, p_value_mark

if TYPE_CHECKING:
    from bleu_gui.core.margin import Margin, NoMargin
    from bleu_gui.core.significance import (
        AllPairsResult,
        PairedTestResult,
        SystemResult,
    )
    from bleu_gui.core.stats import CorpusStats

__all__ = [
    "SEED_VARIABLE",
    "add_significance_options",
    "ascii_json",
    "check_significance_options",
    "render_all_pairs",
    "render_paired",
    "render_scores",
    "run_paired",
    "seed_from_options",
    "system_names",
    "test_signature",
]


def add_significance_options(parser: argparse.ArgumentParser) -> None:
    """Flags of sacreBLEU's for confidence intervals and paired tests; `--seed`."""
    group = parser.add_argument_group(
        f"significance ({SIGNIFICANCE_MODE.compat.value} mode)",
        "With --paired-bs or --paired-ar the first -i file is the baseline. The "
        f"seed is --seed, else the SACREBLEU_SEED variable, else {DEFAULT_SEED}; "
        "'none' draws fresh randomness.",
    )
    group.add_argument(
        "-ci",
        "--confidence",
        action="store_true",
        help="one system's 95%% confidence interval by bootstrap resampling",
    )
    group.add_argument(
        "-cin",
        "--confidence-n",
        type=int,
        default=DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
        metavar="N",
        help="resamples for --confidence (default: %(default)s)",
    )
    group.add_argument(
        "-pbs",
        "--paired-bs",
        action="store_true",
        help="paired bootstrap resampling test of each system against the first",
    )
    group.add_argument(
        "-par",
        "--paired-ar",
        action="store_true",
        help="paired approximate randomization test against the first system",
    )
    group.add_argument(
        "-pbsn",
        "--paired-bs-n",
        type=int,
        default=DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
        metavar="N",
        help="resamples for --paired-bs (default: %(default)s)",
    )
    group.add_argument(
        "-parn",
        "--paired-ar-n",
        type=int,
        default=DEFAULT_SAMPLES[PairedTest.RANDOMIZATION],
        metavar="N",
        help="trials for --paired-ar (default: %(default)s)",
    )
    group.add_argument(
        "-j",
        "--paired-jobs",
        type=int,
        default=1,
        metavar="N",
        help="accepted for sacreBLEU's command lines; the tests run in one process, "
        "which gives the same numbers",
    )
    group.add_argument(
        "--all-pairs",
        action="store_true",
        help="bleu-gui's addition: test every pair of systems on the same "
        "resamples (with --paired-bs or --paired-ar) and print the matrix of "
        "differences and p-values",
    )
    group.add_argument(
        "--holm",
        action="store_true",
        help="with --all-pairs: Holm's step-down correction of the p-values for "
        "testing every pair",
    )
    group.add_argument(
        "--margin",
        action="store_true",
        help="bleu-gui's addition, with --paired-bs: for each system significantly "
        "different from the baseline, the fewest sentences whose output, taken "
        "from the baseline, make the difference no longer significant at 0.05",
    )
    group.add_argument(
        "--seed",
        default=None,
        metavar="SEED",
        help="the random seed, an integer or 'none' (overrides SACREBLEU_SEED)",
    )


def check_significance_options(
    options: argparse.Namespace, config: BleuConfig
) -> PairedTest | None:
    """The paired test asked for, if any, after refusing flags that do not fit.

    Raises:
        ConfigError: naming the flags that do not go together.
    """
    if options.paired_bs and options.paired_ar:
        raise ConfigError("--paired-bs and --paired-ar: choose one of the two tests")
    paired = options.paired_bs or options.paired_ar
    if options.all_pairs and not paired:
        raise ConfigError(
            "--all-pairs needs the test to run on every pair: --paired-bs or "
            "--paired-ar"
        )
    if options.holm and not options.all_pairs:
        raise ConfigError("--holm corrects the p-values of --all-pairs: add it")
    _check_margin(options)
    if options.format == "latex" and options.all_pairs:
        raise ConfigError(
            "-f latex prints sacreBLEU's table of a paired test; --all-pairs "
            "prints text or json"
        )
    test = (
        PairedTest.BOOTSTRAP
        if options.paired_bs
        else PairedTest.RANDOMIZATION
        if options.paired_ar
        else None
    )
    flag = None if test is None else _PAIRED_FLAG[test]
    if flag is None and not options.confidence:
        return None
    used = flag or "-ci/--confidence"
    if flag is not None and options.confidence:
        raise ConfigError(
            f"-ci/--confidence and {flag}: a paired test already gives the "
            "baseline's confidence interval (with --paired-bs)"
        )
    if options.sentence_level:
        raise ConfigError(f"{used} cannot be used with -sl/--sentence-level")
    if not config.capabilities.significance:
        raise ConfigError(
            f"{used} is available in the {SIGNIFICANCE_MODE.compat.value} mode only, "
            f"not with --compat {config.compat.value}"
        )
    if flag is not None and len(options.input) < 2:
        raise ConfigError(
            f"{flag} needs two or more systems after -i (the first is the baseline)"
        )
    if flag is None and len(options.input) > 1:
        raise ConfigError(
            "-ci/--confidence is for one system; compare several with "
            "--paired-bs or --paired-ar"
        )
    samples, name, least = (
        (options.confidence_n, "-cin/--confidence-n", 2)
        if test is None
        else (options.paired_bs_n, "-pbsn/--paired-bs-n", 1)
        if test is PairedTest.BOOTSTRAP
        else (options.paired_ar_n, "-parn/--paired-ar-n", 1)
    )
    if samples < least:
        raise ConfigError(f"{name} must be {least} or more, not {samples}")
    return test


def _check_margin(options: argparse.Namespace) -> None:
    """`--margin` goes with one paired bootstrap against the baseline, in text or json.

    Raises:
        ConfigError: naming what does not fit.
    """
    if not options.margin:
        return
    if not options.paired_bs:
        raise ConfigError(
            "--margin is defined by the paired bootstrap: add -pbs/--paired-bs"
        )
    if options.all_pairs:
        raise ConfigError("--margin is against the baseline: leave out --all-pairs")
    if options.format == "latex":
        raise ConfigError("--margin prints text or json, not -f latex")


_PAIRED_FLAG = {
    PairedTest.BOOTSTRAP: "-pbs/--paired-bs",
    PairedTest.RANDOMIZATION: "-par/--paired-ar",
}


def seed_from_options(options: argparse.Namespace, *, used: bool) -> int | None:
    """The seed: `--seed`, else `SACREBLEU_SEED`, else sacreBLEU's default.

    Read by `io.seed`, as the window reads its Seed field. The environment is
    read only when the seed is `used`: a stray value there does not stop a plain
    score (sacreBLEU does not read it then either).

    As in sacreBLEU, `none` in any case means unseeded. Unlike sacreBLEU, seed 0
    seeds every resample (sacreBLEU leaves the paired tests' systems unseeded).

    Raises:
        ConfigError: for a value that is neither an integer nor `none`.
    """
    if options.seed is not None:
        return parse_seed(options.seed, "--seed")
    return environment_seed() if used else DEFAULT_SEED


def system_names(
    options: argparse.Namespace, test: PairedTest | None, warn: Callable[[str], None]
) -> list[str]:
    """The hypothesis files to score, as typed.

    In a paired test, as in sacreBLEU, a later copy of the baseline's name is
    skipped with a warning, and any other name given twice is an error.
    """
    if test is None:
        return list(options.input)
    baseline, *others = options.input
    names = [baseline]
    for name in others:
        if name == baseline:
            warn(f"ignoring {name!r}: it is also the baseline")
        elif name in names:
            raise ConfigError(f"-i: {name!r} is given twice")
        else:
            names.append(name)
    if len(names) < 2:
        raise ConfigError(
            f"{_PAIRED_FLAG[test]} needs a system besides the baseline {baseline!r}"
        )
    return names


def run_paired(
    stats: Sequence[CorpusStats],
    texts: Sequence[Sequence[str]],
    names: Sequence[str],
    config: BleuConfig,
    test: PairedTest,
    seed: int | None,
    sig: str,
    options: argparse.Namespace,
) -> tuple[str, PairedTestResult | AllPairsResult, int]:
    """Run the paired test the options ask for and lay its output out.

    Against the first system, or every pair with `--all-pairs`. `sig` is the plain
    corpus signature; the test's samples and seed are added here. Returns the
    output, the result and the number of samples.
    """
    # Imported here: a score without a test does without the tests' arithmetic
    # (`tests/cli/test_cli_startup.py`).
    from bleu_gui.core.significance import all_pairs, paired_test

    samples = (
        options.paired_bs_n if test is PairedTest.BOOTSTRAP else options.paired_ar_n
    )
    sig = test_signature(sig, test.value, samples, seed)
    if options.all_pairs:
        matrix = all_pairs(stats, config, test, samples=samples, seed=seed, texts=texts)
        return render_all_pairs(matrix, names, sig, options), matrix, samples
    result = paired_test(
        stats[0], stats[1:], config, test, samples=samples, seed=seed, texts=texts
    )
    margins = None
    if options.margin:
        from bleu_gui.core.margin import margin

        margins = [
            margin(stats[0], other, config, samples=samples, seed=seed)
            for other in stats[1:]
        ]
    return render_paired(result, names, sig, options, margins), result, samples


def render_paired(
    result: PairedTestResult,
    names: Sequence[str],
    sig: str,
    options: argparse.Namespace,
    margins: Sequence[Margin | NoMargin] | None = None,
) -> str:
    """A paired test's output, in sacreBLEU's JSON, text or LaTeX layout.

    A system that cannot be told apart from the baseline gets words instead of a
    star in the tables, and a note under sacreBLEU's legend; the JSON stays
    exactly sacreBLEU's, but for `--margin` (`margins`, one per compared system):
    a `margin` object in each compared system's record (`io.margin_text`), and a
    line per system under the text table.
    """
    labels = [f"Baseline: {names[0]}", *names[1:]]
    rows = [result.baseline, *result.systems]
    if options.format == "json":
        # sacreBLEU's layout: unrounded values, 4 spaces, no signature.
        records = [
            {
                "system": label,
                "BLEU": {
                    "score": row.score,
                    "p_value": row.p_value,
                    "mean": row.mean,
                    "ci": row.ci,
                },
            }
            for label, row in zip(labels, rows, strict=True)
        ]
        if margins is not None:
            for record, found in zip(records[1:], margins, strict=True):
                record["margin"] = margin_record(found)
        return json.dumps(records, indent=4, ensure_ascii=ascii_json()) + "\n"
    bootstrap = result.test is PairedTest.BOOTSTRAP
    header = "BLEU (μ ± 95% CI)" if bootstrap else "BLEU"
    latex = options.format == "latex"
    identities = (None, *result.identical)
    cells = [
        _paired_cell(row, options.width, same, "\n" if not latex else " ")
        for row, same in zip(rows, identities, strict=True)
    ]
    table_rows = [[label, cell] for label, cell in zip(labels, cells, strict=True)]
    table = (_latex if latex else _grid)(["System", header], table_rows)
    notes = _identity_notes(result.identical, "the system", "the baseline")
    if margins is not None:
        table += "\n\n" + _margin_lines(names[1:], margins)
    return table + "\n\n" + _paired_legend(result, labels[0]) + notes + _signatures(sig)


def _margin_lines(names: Sequence[str], margins: Sequence[Margin | NoMargin]) -> str:
    """The margin lines ("margin: N sentences …"), named by system if several."""
    if len(margins) == 1:
        return margin_text(margins[0])
    return "\n".join(
        f"{name}: {margin_text(found)}"
        for name, found in zip(names, margins, strict=True)
    )


def render_scores(
    names: Sequence[str], scores: Sequence[str], sig: str, options: argparse.Namespace
) -> str:
    """Several systems' scores, no test: what sacreBLEU prints for them.

    sacreBLEU prints the same with or without `-b`. `scores` are the scores as
    printed (`-w`'s decimals). JSON: a list of records with the score as a string;
    text and latex: the table and the signature.
    """
    if options.format == "json":
        records = [
            {"system": name, "BLEU": score}
            for name, score in zip(names, scores, strict=True)
        ]
        return json.dumps(records, indent=4, ensure_ascii=ascii_json()) + "\n"
    rows = list(zip(names, scores, strict=True))
    table = (_latex if options.format == "latex" else _grid)(("System", "BLEU"), rows)
    return table + "\n\n" + _signatures(sig)


def _paired_cell(
    row: SystemResult, width: int, same: Identity | None, breaks: str
) -> str:
    """One score cell: score, `(mean ± ci)`, and the p-value after `breaks`.

    A p-value of 0.05 or less is starred (sacreBLEU stars p = 0.05 too); a system
    that cannot be told apart from the baseline gets the words instead.
    """
    cell = f"{row.score:.{width}f}"
    if row.mean is not None and row.ci is not None:
        cell += f" ({row.mean:.{width}f} ± {row.ci:.{width}f})"
    if row.p_value is not None:
        cell += breaks + _p_text(row.p_value, same, breaks)
    return cell


def _p_text(p: float, same: Identity | None, breaks: str, label: str = "p") -> str:
    """`(p = 0.0123)`, starred at 0.05 or less, or an identity after `breaks`.

    The star and the words are `significance_text`'s, as every table's.
    """
    text = f"({label} = {p:.4f})"
    mark = p_value_mark(p, same)
    return f"{text}{breaks}{mark}" if same is not None else text + mark


def _identity_notes(identities: Sequence[Identity | None], a: str, b: str) -> str:
    """A note per identity present, under the legend; nothing if none is."""
    out = []
    for identity in Identity:
        if identity in identities:
            lines = textwrap.wrap(
                identity_note(identity, a, b),
                width=88,
                initial_indent=" - ",
                subsequent_indent="   ",
            )
            out.append("\n".join(lines) + "\n\n")
    return "".join(out)


def render_all_pairs(
    result: AllPairsResult,
    names: Sequence[str],
    sig: str,
    options: argparse.Namespace,
) -> str:
    """The all-pairs matrix: bleu-gui's own text table or JSON object.

    JSON (documented in the README): `name`, `test` ("bs" or "ar"), `samples`,
    `seed`, `correction` ("holm" or null), `signature`, `note`, `systems` (one
    object per system: `system`, `score`, `mean`, `ci`), `pairs` (one object per
    pair, first system before second as given: `first`, `second`, `delta` =
    BLEU(second) − BLEU(first), `p_value`, `holm_p_value` (null without --holm),
    `identical` (null, "identical output" or "identical statistics")).
    Values are unrounded, as in sacreBLEU's JSON.
    """
    holm = options.holm
    if options.format == "json":
        record = {
            "name": "BLEU",
            "test": result.test.value,
            "samples": result.samples,
            "seed": result.seed,
            "correction": "holm" if holm else None,
            "signature": sig,
            "note": "bleu-gui's all-pairs test (not a sacreBLEU output): every pair "
            "on the same resamples; each p-value is sacreBLEU's for that pair",
            "systems": [
                {"system": name, "score": row.score, "mean": row.mean, "ci": row.ci}
                for name, row in zip(names, result.systems, strict=True)
            ],
            "pairs": [
                {
                    "first": names[pair.first],
                    "second": names[pair.second],
                    "delta": pair.delta,
                    "p_value": pair.p_value,
                    "holm_p_value": pair.holm_p_value if holm else None,
                    "identical": pair.identical,
                }
                for pair in result.pairs
            ],
        }
        return json.dumps(record, indent=4, ensure_ascii=ascii_json()) + "\n"
    width = options.width
    bootstrap = result.test is PairedTest.BOOTSTRAP
    header = [
        "System",
        "BLEU (μ ± 95% CI)" if bootstrap else "BLEU",
        *(str(k) for k in range(1, len(names) + 1)),
    ]
    rows = []
    for index, (name, row) in enumerate(zip(names, result.systems, strict=True)):
        cells = [f"{index + 1}: {name}", _paired_cell(row, width, None, "")]
        for other in range(len(names)):
            if other == index:
                cells.append("—")
                continue
            pair = result.pair(other, index)  # delta: this row minus the column
            p = pair.holm_p_value if holm else pair.p_value
            label = "Holm p" if holm else "p"
            said = _p_text(p, pair.identical, "\n", label)
            cells.append(f"{signed(pair.delta, width)}\n{said}")
        rows.append(cells)
    identities = [pair.identical for pair in result.pairs]
    return (
        _grid(header, rows)
        + "\n\n"
        + _all_pairs_legend(result, holm)
        + _identity_notes(identities, "one system", "the other")
        + _signatures(sig)
    )


def _all_pairs_legend(result: AllPairsResult, holm: bool) -> str:
    """What the matrix shows, labelled as bleu-gui's."""
    if result.test is PairedTest.BOOTSTRAP:
        title = (
            "All pairs: paired bootstrap resampling test with "
            f"{result.samples} resampling trials"
        )
    else:
        title = (
            f"All pairs: paired approximate randomization test with "
            f"{result.samples} trials"
        )
    pairs = len(result.pairs)
    if holm:
        starred = (
            f"p-values are corrected by Holm's step-down method for the {pairs} "
            'pairs tested; those of 0.05 or less are marked with "*".'
        )
    else:
        starred = (
            'p-values of 0.05 or less are marked with "*" (not corrected for '
            f"testing {pairs} pairs: see --holm)."
        )
    said = [
        "bleu-gui's addition to sacreBLEU: every pair of systems is tested on "
        "the same resamples. Each p-value is the one sacreBLEU's paired test "
        "gives with either system of the pair as the baseline.",
        "Each cell: BLEU of the row's system minus BLEU of the column's system, "
        "and the p-value of that difference.",
        starred,
    ]
    dashes = "-" * len(title)
    out = [dashes, title, dashes]
    for text in said:
        out += textwrap.wrap(
            text, width=88, initial_indent=" - ", subsequent_indent="   "
        )
        out.append("")
    return "\n".join(out) + "\n"


def _grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A box-drawn table, laid out as sacreBLEU's (tabulate's fancy_grid).

    The first column is right-aligned, the others centred; a column is as wide as
    its longest line, or its header plus two, and padded by one space each side.
    """
    lines = [[cell.split("\n") for cell in row] for row in rows]
    widths = _widths(header, lines)

    def rule(left: str, fill: str, middle: str, right: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right

    def text_lines(cells: Sequence[Sequence[str]]) -> list[str]:
        height = max(len(parts) for parts in cells)
        out = []
        for index in range(height):
            parts = [
                _align(col, parts[index] if index < len(parts) else "", widths[col])
                for col, parts in enumerate(cells)
            ]
            out.append("│ " + " │ ".join(parts) + " │")
        return out

    out = [rule("╒", "═", "╤", "╕")]
    out += text_lines([[part] for part in header])
    out.append(rule("╞", "═", "╪", "╡"))
    for index, cells in enumerate(lines):
        if index:
            out.append(rule("├", "─", "┼", "┤"))
        out += text_lines(cells)
    out.append(rule("╘", "═", "╧", "╛"))
    return "\n".join(out)


def _paired_legend(result: PairedTestResult, baseline: str) -> str:
    """The explanation sacreBLEU prints under a paired test's table, word for word."""
    if result.test is PairedTest.BOOTSTRAP:
        title = (
            f"Paired bootstrap resampling test with {result.samples} resampling trials"
        )
        provided = (
            "Actual system score / bootstrap estimated true mean / 95% CI are "
            "provided for each metric."
        )
    else:
        title = f"Paired approximate randomization test with {result.samples} trials"
        provided = "Actual system score is provided for each metric."
    dashes = "-" * len(title)
    return "\n".join(
        [
            dashes,
            title,
            dashes,
            f" - Each system is pairwise compared to {baseline}.",
            f"   {provided}",
            "",
            " - Null hypothesis: the system and the baseline translations are "
            "essentially",
            "   generated by the same underlying process. For a given system and "
            "the baseline,",
            "   the p-value is roughly the probability of the absolute score "
            "difference (delta)",
            "   or higher occurring due to chance, under the assumption that the "
            "null hypothesis is correct.",
            "",
            " - Assuming a significance threshold of 0.05, the null hypothesis can "
            "be rejected",
            '   for p-values < 0.05 (marked with "*"). This means that the delta is '
            "unlikely to be attributed",
            '   to chance, hence the system is significantly "different" than the '
            "baseline.",
            "   Otherwise, the p-values are highlighted in red.",
            "",
            ' - NOTE: Significance does not tell whether a system is "better" than '
            "the baseline but rather",
            '   emphasizes the "difference" of the systems in terms of the '
            "replicability of the delta.",
            "",
            "",
        ]
    )


def _signatures(sig: str) -> str:
    """The signature list that ends sacreBLEU's text output."""
    rule = "-" * len("Metric signatures")
    return f"{rule}\nMetric signatures\n{rule}\n - {'BLEU':<10} {sig}\n"


def ascii_json() -> bool:
    """Whether JSON must escape non-ASCII: stdout is not UTF-8 (a latin-1 locale)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return encoding.lower().replace("_", "-") not in {"utf-8", "utf8"}
