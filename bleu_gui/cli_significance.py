"""The command line's significance tests: sacreBLEU's flags, checks and output.

`bleu-gui score` takes sacreBLEU's `--paired-bs`, `--paired-ar`, `--confidence` and
their sample counts, and prints what sacreBLEU prints for them (its JSON list, its
text table and legend, its signatures with the test's samples and seed), so that
scripts written for sacreBLEU read our output unchanged. The numbers come from
`bleu_gui.core.compare`; this module holds only the options and the layouts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence

from bleu_gui.core import BleuConfig, Compat, ConfigError
from bleu_gui.core.compare import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    PairedTest,
    PairedTestResult,
    SystemResult,
)

__all__ = [
    "SEED_VARIABLE",
    "add_significance_options",
    "ascii_json",
    "check_significance_options",
    "render_paired",
    "render_scores",
    "seed_from_options",
    "system_names",
    "test_signature",
]


def add_significance_options(parser: argparse.ArgumentParser) -> None:
    """Flags of sacreBLEU's for confidence intervals and paired tests; `--seed`."""
    group = parser.add_argument_group(
        "significance (sacrebleu mode)",
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
    if config.compat is not Compat.SACREBLEU:
        raise ConfigError(
            f"{used} is available in the sacrebleu mode only, "
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


_PAIRED_FLAG = {
    PairedTest.BOOTSTRAP: "-pbs/--paired-bs",
    PairedTest.RANDOMIZATION: "-par/--paired-ar",
}

SEED_VARIABLE = "SACREBLEU_SEED"
"""The environment variable sacreBLEU reads its seed from."""


def seed_from_options(options: argparse.Namespace, *, used: bool) -> int | None:
    """The seed: `--seed`, else `SACREBLEU_SEED`, else sacreBLEU's default.

    The environment is read only when the seed is `used`: a stray value there does
    not stop a plain score (sacreBLEU does not read it then either).

    As in sacreBLEU, `none` in any case means unseeded. Unlike sacreBLEU, seed 0
    seeds every resample (sacreBLEU leaves the paired tests' systems unseeded).

    Raises:
        ConfigError: for a value that is neither an integer nor `none`.
    """
    if options.seed is not None:
        text, source = options.seed, "--seed"
    else:
        text, source = os.environ.get(SEED_VARIABLE), SEED_VARIABLE
        if text is None or not used:
            return DEFAULT_SEED
    if text.strip().lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(
            f"{source}: {text!r} is neither an integer nor 'none'"
        ) from None
    if value < 0:
        raise ConfigError(f"{source}: the seed cannot be negative, not {value}")
    return value


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


def test_signature(sig: str, key: str, samples: int, seed: int | None) -> str:
    """`sig` with the resampling's `bs:`/`ar:` and `seed:` after `nrefs:`.

    Where sacreBLEU puts them.
    """
    nrefs, _, rest = sig.partition("|")
    seed_text = "none" if seed is None else str(seed)
    return f"{nrefs}|{key}:{samples}|seed:{seed_text}|{rest}"


def render_paired(
    result: PairedTestResult,
    names: Sequence[str],
    sig: str,
    options: argparse.Namespace,
) -> str:
    """A paired test's output, in sacreBLEU's JSON or text layout."""
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
        return json.dumps(records, indent=4, ensure_ascii=ascii_json()) + "\n"
    bootstrap = result.test is PairedTest.BOOTSTRAP
    header = "BLEU (μ ± 95% CI)" if bootstrap else "BLEU"
    cells = [_paired_cell(row, options.width) for row in rows]
    table = _grid(("System", header), list(zip(labels, cells, strict=True)))
    return table + "\n\n" + _paired_legend(result, labels[0]) + _signatures(sig)


def render_scores(
    names: Sequence[str], scores: Sequence[str], sig: str, options: argparse.Namespace
) -> str:
    """Several systems' scores, no test: what sacreBLEU prints for them with `-b`.

    `scores` are the scores as printed (`-w`'s decimals). JSON: a list of records
    with the score as a string; text: the table and the signature.
    """
    if options.format == "json":
        records = [
            {"system": name, "BLEU": score}
            for name, score in zip(names, scores, strict=True)
        ]
        return json.dumps(records, indent=4, ensure_ascii=ascii_json()) + "\n"
    table = _grid(("System", "BLEU"), list(zip(names, scores, strict=True)))
    return table + "\n\n" + _signatures(sig)


def _paired_cell(row: SystemResult, width: int) -> str:
    """One score cell: score, `(mean ± ci)`, and the p-value on a line of its own.

    A p-value of 0.05 or less is starred (sacreBLEU stars p = 0.05 too).
    """
    cell = f"{row.score:.{width}f}"
    if row.mean is not None and row.ci is not None:
        cell += f" ({row.mean:.{width}f} ± {row.ci:.{width}f})"
    if row.p_value is not None:
        cell += f"\n(p = {row.p_value:.4f})" + ("" if row.p_value > 0.05 else "*")
    return cell


def _grid(header: tuple[str, str], rows: Sequence[tuple[str, str]]) -> str:
    """A two-column box-drawn table, laid out as sacreBLEU's (tabulate's fancy_grid).

    The first column is right-aligned, the second centred; a column is as wide as
    its longest line, or its header plus two, and padded by one space each side.
    """
    lines = [[cell.split("\n") for cell in row] for row in rows]
    widths = [
        max(len(header[col]) + 2, *(len(part) for row in lines for part in row[col]))
        for col in range(2)
    ]

    def rule(left: str, fill: str, middle: str, right: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right

    def text_lines(cells: Sequence[Sequence[str]]) -> list[str]:
        height = max(len(parts) for parts in cells)
        out = []
        for index in range(height):
            first = cells[0][index] if index < len(cells[0]) else ""
            second = cells[1][index] if index < len(cells[1]) else ""
            out.append(f"│ {first:>{widths[0]}} │ {second:^{widths[1]}} │")
        return out

    out = [rule("╒", "═", "╤", "╕")]
    out += text_lines([[header[0]], [header[1]]])
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
