"""sacreBLEU's options that users paste: `-nr`, `--force`, `-sh`, `-nc`.

A sacreBLEU command line pasted into `bleu-gui score` should either do what it did
there or say in one line which option is not taken; an option silently taken for
another (or read as a file name) would print a number of something else.

- `-nr N` splits the one reference file's lines on tabs into N references;
- `--force` silences the warning about hypotheses that look tokenized (many
  lines ending in " ."), which bleu-gui, like sacreBLEU, gives otherwise;
- `-nc/--no-color` is taken and changes nothing: bleu-gui never colours;
- `-sh/--short` (sacreBLEU's abbreviated signature) is refused: bleu-gui prints
  the full signature, which the short one only abbreviates.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bleu_gui.core import Compat, ConfigError
from bleu_gui.io.errors import InputError, display_name

if TYPE_CHECKING:
    from bleu_gui.io import Corpus, Segments

__all__ = [
    "TOKENIZED_LINES",
    "add_pasted_options",
    "check_pasted_options",
    "split_references",
    "tokenized_warnings",
]

TOKENIZED_LINES = 100
"""Lines ending in " ." from which a hypothesis looks tokenized (sacreBLEU's count)."""

_TOKENIZED_END = " ."


def add_pasted_options(parser: argparse.ArgumentParser) -> None:
    """`-nr/--num-refs`, `--force`, `-sh/--short`, `-nc/--no-color`."""
    parser.add_argument(
        "-nr",
        "--num-refs",
        type=int,
        default=1,
        metavar="N",
        help="the one REF file holds N references a line, tab-separated (as in "
        "sacreBLEU; not with -t or several REF files)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"no warning when {TOKENIZED_LINES} lines or more of a hypothesis end "
        "in a tokenized period (' .'), as sacreBLEU's --force",
    )
    parser.add_argument(
        "-sh",
        "--short",
        action="store_true",
        help="refused: sacreBLEU's abbreviated signature; bleu-gui prints the full one",
    )
    parser.add_argument(
        "-nc",
        "--no-color",
        action="store_true",
        help="accepted for sacreBLEU's command lines: bleu-gui never colours",
    )


def check_pasted_options(options: argparse.Namespace, *, test_set_file: bool) -> None:
    """Refuse `-sh`, and `-nr` where sacreBLEU refuses it.

    Raises:
        ConfigError: naming the option.
    """
    if options.short:
        raise ConfigError(
            "-sh/--short: bleu-gui prints the full signature only; leave out -sh"
        )
    if options.num_refs < 1:
        raise ConfigError(f"-nr/--num-refs must be 1 or more, not {options.num_refs}")
    if options.num_refs != 1 and test_set_file:
        raise ConfigError(
            f"-nr/--num-refs splits a text file on tabs; {options.refs[0]} is read "
            "as a test-set file (by its name): give it another name, or leave out -nr"
        )
    if options.num_refs != 1 and (
        options.test_set is not None or len(options.refs) != 1
    ):
        raise ConfigError(
            "-nr/--num-refs splits one REF text file on tabs: give one REF file, "
            "without -t"
        )


def split_references(segments: Segments, count: int) -> tuple[Segments, ...]:
    """The `count` references of one file whose lines hold them tab-separated.

    As sacreBLEU splits them: at the first `count - 1` tabs of each line.

    Raises:
        InputError: a line with another number of fields, naming it.
    """
    columns: list[list[str]] = [[] for _ in range(count)]
    for number, line in enumerate(segments.lines, 1):
        fields = line.split("\t", count - 1)
        if len(fields) != count:
            raise InputError(
                f"-nr {count}: {count} tab-separated references expected, "
                f"{len(fields)} found",
                path=segments.path,
                line=number,
            )
        for column, field in zip(columns, fields, strict=True):
            column.append(field)
    return tuple(replace(segments, lines=tuple(column)) for column in columns)


def tokenized_warnings(
    systems: Sequence[Corpus], options: argparse.Namespace, warn: Callable[[str], None]
) -> None:
    """Warn (`warn`) of each hypothesis that looks tokenized, unless `--force`.

    In sacreBLEU's mode only: the other modes score text their tools tokenized.
    """
    if options.force or options.compat != Compat.SACREBLEU.value:
        return
    for corpus in systems:
        hypothesis = corpus.hypothesis
        ending = sum(1 for line in hypothesis.lines if line.endswith(_TOKENIZED_END))
        if ending >= TOKENIZED_LINES:
            warn(
                f"{display_name(hypothesis.path)}: {ending} lines end in a "
                "tokenized period (' .'): score detokenized output, or give "
                "--force if it is"
            )
