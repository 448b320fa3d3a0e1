"""`bleu-gui score` given XLIFF or TMX files: their targets scored, matched by unit id.

``bleu-gui score final.xlf -i mt.xlf`` scores the machine pre-translation of a job
(its target) against the post-edited final (its target), unit by unit: the units are
matched by id (`io.align.align_by_id`), since a CAT tool may have reordered, added or
removed units. Several ``-i`` files are several systems; every file is aligned with
every other, so that all systems are scored on the same units (a paired test needs
that) and the units some file lacks are left out with a warning naming them. TMX
files take ``--languages SRC TGT`` when they hold more than two languages; XLIFF
references count only their finished units unless ``--xliff-states all``.

This module keeps the command line's reading of such files apart from `cli`, which
reads text files and bundles.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.core.config import ConfigError
from bleu_gui.io.file_format import Format, detect_format
from bleu_gui.io.readers import Corpus
from bleu_gui.io.test_set import TestSet
from bleu_gui.io.xliff_states import XliffStates

if TYPE_CHECKING:
    from bleu_gui.io.bundle import Units
    from bleu_gui.io.format_options import FormatOptions

__all__ = [
    "CHOOSE_LANGUAGES",
    "add_bilingual_options",
    "bilingual_options",
    "is_bilingual",
    "read_aligned",
]

_BILINGUAL = frozenset({Format.XLIFF, Format.TMX})

CHOOSE_LANGUAGES = "with --languages SRC TGT"
"""How a command line chooses a TMX file's two languages: the end of the reader's
line "…: choose the source and target languages" wherever nobody can be asked
(`bleu-gui score`, the window's `--screenshot`)."""


def add_bilingual_options(
    parser: argparse.ArgumentParser, languages_help: str | None = None
) -> None:
    """The options for XLIFF and TMX files (`--languages`).

    `languages_help`: what `--languages` means to the command, if it means more
    than which languages of a TMX file are read (`bleu-gui qa`: how numbers are
    written).
    """
    parser.add_argument(
        "--languages",
        nargs=2,
        default=None,
        metavar=("SRC", "TGT"),
        help=languages_help
        or "TMX files: the source and target languages to read (needed when a "
        "file has more than two); XLIFF and TMX files are scored by their "
        "targets, units matched by id",
    )
    parser.add_argument(
        "--xliff-states",
        choices=[state.value for state in XliffStates],
        default=XliffStates.FINAL.value,
        help="XLIFF references: count only the units whose target is a finished "
        "translation (final: state translated, final, signed-off, XLIFF 2 "
        'reviewed, or none; not translate="no"), or every unit with a target '
        "(all); default: %(default)s. Systems' units all count",
    )


def bilingual_options(options: argparse.Namespace) -> FormatOptions:
    """The XLIFF and TMX options `add_bilingual_options` parsed.

    `bleu-gui score` and the window (`app`) both read their files with these, so
    that the same command line reads the same units in the same languages.
    """
    # Not at the module's top: the readers come with it (see `read_aligned`).
    from bleu_gui.io.format_options import FormatOptions

    languages = options.languages
    return FormatOptions(
        languages=None if languages is None else (languages[0], languages[1]),
        xliff_states=XliffStates(options.xliff_states),
    )


def is_bilingual(references: Sequence[str], systems: Sequence[str]) -> bool:
    """Whether any reference or hypothesis file is XLIFF or TMX.

    Raises:
        ConfigError: Some files are XLIFF or TMX and others are not (their units
            cannot be matched with lines).
    """
    formats = {name: detect_format(Path(name)) for name in [*references, *systems]}
    bilingual = [name for name, found in formats.items() if found in _BILINGUAL]
    if not bilingual:
        return False
    others = [name for name, found in formats.items() if found not in _BILINGUAL]
    if others:
        raise ConfigError(
            f"{bilingual[0]} is {formats[bilingual[0]]} but {others[0]} is not: "
            "XLIFF and TMX files are matched by unit id, with XLIFF or TMX files only"
        )
    return True


def read_aligned(
    references: Sequence[str],
    systems: Sequence[str],
    *,
    options: FormatOptions,
    notify: Callable[[str], None],
    keep_source: bool = False,
) -> tuple[list[Corpus], Units | None, tuple[str, str] | None]:
    """Each system's target with the references' targets, units matched by id.

    Returns:
        Each system's corpus, the units matched (the first reference's names of
        them, `Bundle.units`), and the first reference's source and target
        languages where the file names them (an XLIFF header, a TMX file's two
        languages): how the QA checks read numbers.

    Args:
        references: The reference files (XLIFF or TMX), as typed.
        systems: The system files, as typed; a name given twice is read once.
        options: The languages of TMX files and the XLIFF references' units
            that count (`bilingual_options`).
        notify: Called with each notice (units left out, units without ids).
        keep_source: Give each corpus the first reference's source (with its
            inline tags), for the QA checks; a score leaves it out (below).

    Raises:
        InputError: A file cannot be read, or the files cannot be matched by id.
    """
    # Imported here: a score of text files does without the readers of the
    # other formats and the alignment (`tests/cli/test_cli_startup.py`).
    from bleu_gui.io.align import SOURCE, align_by_id
    from bleu_gui.io.formats import read_bundle

    both = [name for name in systems if name in references]
    if both:
        raise ConfigError(f"{both[0]} is given both as a reference and after -i")
    if len(set(references)) < len(references):
        raise ConfigError("a reference file is given twice")
    read = {name: read_bundle(Path(name), options=options) for name in references}
    read |= {
        name: read_bundle(Path(name), options=options.for_systems())
        for name in dict.fromkeys(systems)
    }
    aligned = align_by_id(
        [read[name] for name in references],
        [read[name] for name in dict.fromkeys(systems)],
    )
    for notice in aligned.notices:
        notify(notice)
    keys = [column.key for column in aligned.columns if column.key != SOURCE]
    # Without its source: the source is the first reference's file, which the
    # notices would take for a reference given twice.
    test_set = TestSet(
        tuple(aligned.column(key).segments for key in keys[: len(references)]),
        aligned.column(SOURCE).segments if keep_source else None,
    )
    system_keys = dict(
        zip(dict.fromkeys(systems), keys[len(references) :], strict=True)
    )
    languages = read[references[0]].languages
    return (
        [
            test_set.corpus(aligned.column(system_keys[name]).segments)
            for name in systems
        ],
        aligned.units,
        (languages[0], languages[1]) if len(languages) >= 2 else None,
    )
