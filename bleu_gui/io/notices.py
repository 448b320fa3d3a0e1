"""What a user is told about input that was accepted: one list, for the CLI and the GUI.

A file may be read and scored and still deserve a word: a byte-order mark kept as
sacreBLEU keeps it (and what that costs), line breaks other than a newline inside
a segment, a reference given twice. The command line prints these lines on stderr, the
window shows them in its status line; both take them from here, in the same order
and words.
"""

from __future__ import annotations

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.io.bom import bom_costs, bom_warning
from bleu_gui.io.duplicates import duplicate_warning, find_duplicates
from bleu_gui.io.readers import Corpus

__all__ = ["corpus_notices"]


def corpus_notices(
    corpus: Corpus, config: BleuConfig, stats: CorpusStats, *, how_to_drop: str
) -> tuple[str, ...]:
    """Every warning about `corpus` as read and counted, one line each.

    Per file (hypothesis, references, source): its byte-order mark with what keeping
    it costs, then the reader's own warnings; then each repeated reference.

    Args:
        corpus: The files as read.
        config: The scoring options `stats` were counted under.
        stats: `corpus`'s statistics.
        how_to_drop: How the user drops a byte-order mark ("--drop-bom", a menu
            item), named in that warning.
    """
    costs = {cost.path: cost for cost in bom_costs(corpus, config, stats)}
    lines: list[str] = []
    for file in corpus.files:
        note = bom_warning(file, costs.get(file.path), how_to_drop=how_to_drop)
        if note is not None:
            lines.append(note)
        lines.extend(file.warnings)
    num_refs = len(corpus.references)
    lines.extend(duplicate_warning(dup, num_refs) for dup in find_duplicates(corpus))
    return tuple(lines)
