"""Every system's counts once its files are read, and the order check before them.

`score` and `report` count alike between reading and printing: the references
tokenized once for all systems, each file's warnings said with their cost, and an
n-gram order that no segment reaches refused before counting sizes its arrays by
it. Kept apart from the commands, which only decide what to do with the counts.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bleu_gui.core import BleuConfig, ConfigError
from bleu_gui.core.counts import Counts
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.system_counts import counts_of_systems
from bleu_gui.io import Corpus, Segments, corpus_notices
from bleu_gui.io.notices import file_notices

if TYPE_CHECKING:
    from bleu_gui.cli_files import Warnings
    from bleu_gui.core.stats import CorpusStats
    from bleu_gui.core.token_table import TokenTable

__all__ = ["as_arrays", "check_order_reachable", "count_systems"]


def check_order_reachable(config: BleuConfig, systems: Sequence[Corpus]) -> None:
    """Refuse an order that no segment of some system can reach.

    No tokenizer makes more tokens than a segment has characters, so no n-gram is
    longer than the longest segment. (Counting sizes its arrays by the order.)
    The systems share their references, whose longest segment is found once.
    The mode's default order is never refused: the user did not choose it, and a
    corpus of short segments (all under four characters) is scored as sacreBLEU
    scores it (0.0), not refused over an option never given.
    """
    if config.order <= config.capabilities.default_max_order:
        return
    in_references = _longest(systems[0].references)
    for corpus in systems:
        longest = max(in_references, _longest([corpus.hypothesis]))
        if config.order > longest:
            option = "--weights" if config.weights else "--max-ngram-order"
            raise ConfigError(
                f"{option}: no segment has an n-gram of order {config.order} (the "
                f"longest segment has {longest} characters)",
                field="max_order",
            )


def _longest(files: Sequence[Segments]) -> int:
    """The length in characters of the longest segment of `files`."""
    return max((len(line) for file in files for line in file.lines), default=0)


def count_systems(
    systems: Sequence[Corpus],
    config: BleuConfig,
    warnings: Warnings,
    pool: WorkerPool | None = None,
    table: TokenTable | None = None,
) -> list[Counts]:
    """Every system's counts, references tokenized once; warnings to `warnings`.

    `table`: filled with every distinct line's tokens, for a command that needs
    them after counting (`report`'s word table).

    A small test set is counted in plain Python (`core.row_counts`): a plain
    score of it never imports numpy; whatever needs arrays asks `as_arrays`.

    A kept byte-order mark's warning comes with its cost (per system: a warning
    about a shared reference that says the same for every system is said once).
    The language hint is about the references, which every system shares: it is
    looked for with the first system only (0.09 s a system on WMT lines).
    """
    references = [ref.lines for ref in systems[0].references]
    every = counts_of_systems(
        [corpus.hypothesis.lines for corpus in systems],
        references,
        config,
        processes=os.cpu_count() or 1,
        pool=pool,
        table=table,
    )
    for index, (corpus, stats) in enumerate(zip(systems, every, strict=True)):
        notices = (
            corpus_notices(
                corpus,
                config,
                stats,
                how_to_drop="--drop-bom",
                how_to_tokenize="use -tok {}",
            )
            if index == 0
            else file_notices(corpus, config, stats, how_to_drop="--drop-bom")
        )
        for line in notices:
            warnings.add(line)
    return every


def as_arrays(every: Sequence[Counts]) -> list[CorpusStats]:
    """The counts as numpy arrays, for the tests, the exports and the documents."""
    return [counts.arrays() for counts in every]
