"""The bucket options `bleu-gui buckets` and `bleu-gui report` share.

`--by` (which tables), `--edges KIND=E1,E2,…` (a kind's bucket edges) and
`--freq-corpus FILE` (words bucketed by a training corpus's counts): added to
both parsers by one function, read back by one, so that the two commands cannot
come to differ in their names, help or errors. Below both commands (each
imports it; neither imports the other), and imported by `bleu-gui report` only
when it runs: `bleu-gui score` never loads the buckets' modules.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bleu_gui.core import ConfigError
from bleu_gui.core.buckets import WORD_FREQUENCY, BucketEdges, BucketKind

__all__ = [
    "WORDS",
    "BucketOptions",
    "add_bucket_options",
    "bucket_options",
    "edges_from",
]

WORDS = "words"
"""`--by`'s name for the word-frequency table."""

_EDGE_NAMES: dict[str, BucketKind | None] = {
    **{kind.value: kind for kind in BucketKind},
    WORD_FREQUENCY: None,
}
_VIEWS = [kind.value for kind in BucketKind] + [WORDS]


@dataclass(frozen=True, slots=True)
class BucketOptions:
    """The bucket options as given, checked.

    Attributes:
        edges: every kind's edges, the defaults for the kinds not given.
        kinds: the kinds of sentence bucket asked for, in `BucketKind`'s order.
        words: whether the word-frequency table is asked for.
        freq_corpus: the training corpus to count words in (None: the
            references').
    """

    edges: BucketEdges
    kinds: tuple[BucketKind, ...]
    words: bool
    freq_corpus: Path | None


def add_bucket_options(parser: argparse.ArgumentParser) -> None:
    """Add `--by`, `--edges` and `--freq-corpus` to a command's parser."""
    defaults = BucketEdges()
    default_edges = "; ".join(
        f"{name}={','.join(f'{edge:g}' for edge in defaults.of(kind))}"
        for name, kind in _EDGE_NAMES.items()
    )
    parser.add_argument(
        "--by",
        nargs="+",
        choices=_VIEWS,
        default=None,
        metavar="KIND",
        help=f"the bucket tables to show (default: all): {', '.join(_VIEWS)}",
    )
    parser.add_argument(
        "--edges",
        action="append",
        default=[],
        metavar="KIND=E1,E2,…",
        help="a kind's bucket edges, increasing lower edges (a value v is in "
        "[Ei, Ei+1)); repeat for several kinds. Default: " + default_edges,
    )
    parser.add_argument(
        "--freq-corpus",
        type=Path,
        default=None,
        metavar="FILE",
        help="bucket words by their frequency in FILE (a training corpus, one "
        "segment a line, read in -e's encoding and tokenized as the references "
        "are) rather than in the references",
    )


def bucket_options(options: argparse.Namespace) -> BucketOptions:
    """The options `add_bucket_options` added, checked.

    Raises:
        ConfigError: for edges that are not edges (`edges_from`), or a
            `--freq-corpus` without the word table.
    """
    edges = edges_from(options.edges)
    views = options.by or _VIEWS
    if options.freq_corpus is not None and WORDS not in views:
        raise ConfigError(
            f"--freq-corpus counts words: add {WORDS} to --by, or leave --by out"
        )
    return BucketOptions(
        edges,
        tuple(kind for kind in BucketKind if kind.value in views),
        WORDS in views,
        options.freq_corpus,
    )


def edges_from(given: Sequence[str]) -> BucketEdges:
    """`--edges` values as `BucketEdges`, the defaults for the kinds not given.

    Raises:
        ConfigError: for an unknown kind, a value that is not a number, or edges
            that do not increase.
    """
    edges = BucketEdges()
    for item in given:
        name, equals, values = item.partition("=")
        if name.strip() not in _EDGE_NAMES:
            known = ", ".join(_EDGE_NAMES)
            raise ConfigError(f"--edges {item}: the kind must be one of {known}")
        try:
            cuts = tuple(float(value) for value in values.split(",") if value.strip())
        except ValueError:
            raise ConfigError(
                f"--edges {item}: the edges must be numbers separated by commas"
            ) from None
        if not equals:
            raise ConfigError(f"--edges {item}: write KIND=E1,E2,…")
        try:
            edges = edges.edited(_EDGE_NAMES[name.strip()], cuts)
        except ValueError as error:
            raise ConfigError(f"--edges: {error}") from None
    return edges
