"""What a user is told about input that was accepted: one list, for the CLI and the GUI.

A file may be read and scored and still deserve a word: a byte-order mark kept as
sacreBLEU keeps it (and what that costs), line breaks other than a newline inside
a segment, a reference given twice, Chinese references that the tokenizer chosen
leaves unsplit (`core.language_hint`). The command line prints these lines on
stderr, the window shows them in its status line; both take them from here, in
the same order and words.
"""

from __future__ import annotations

from dataclasses import dataclass

from bleu_gui.core import BleuConfig
from bleu_gui.core.counts import Counts
from bleu_gui.core.language_hint import SAMPLE_LINES, language_hint
from bleu_gui.core.tokenize import tokenizer_available
from bleu_gui.io.bom import bom_warning
from bleu_gui.io.bom_cost import bom_costs
from bleu_gui.io.duplicates import duplicate_warning, find_duplicates
from bleu_gui.io.errors import display_name
from bleu_gui.io.readers import Corpus

__all__ = ["TokenizerHint", "corpus_notices", "file_notices", "tokenizer_hint"]


@dataclass(frozen=True, slots=True)
class TokenizerHint:
    """The language hint about a test set, in full and in a few words.

    Attributes:
        line: The warning, naming the reference (as the command line prints it).
        short: What and what to do, for a place that stays in view.
    """

    line: str
    short: str


def corpus_notices(
    corpus: Corpus,
    config: BleuConfig,
    stats: Counts,
    *,
    how_to_drop: str,
    how_to_tokenize: str,
) -> tuple[str, ...]:
    """Every warning about `corpus` as read and counted, one line each.

    `file_notices`, then the language hint if the references are in a language
    the tokenizer leaves unsplit (`tokenizer_hint`).

    Args:
        corpus: The files as read.
        config: The scoring options `stats` were counted under.
        stats: `corpus`'s statistics.
        how_to_drop: How the user drops a byte-order mark ("--drop-bom", a menu
            item), named in that warning.
        how_to_tokenize: How the user chooses a tokenizer, "{}" standing for its
            name ("-tok {}"), named in the language hint.
    """
    lines = file_notices(corpus, config, stats, how_to_drop=how_to_drop)
    hint = tokenizer_hint(corpus, config, stats, how_to_tokenize=how_to_tokenize)
    return lines if hint is None else (*lines, hint.line)


def file_notices(
    corpus: Corpus, config: BleuConfig, stats: Counts, *, how_to_drop: str
) -> tuple[str, ...]:
    """The warnings about `corpus`'s files, which hold whatever the tokenizer.

    Per file (hypothesis, references, source): its byte-order mark with what keeping
    it costs, then the reader's own warnings; then each repeated reference. The
    window keeps these for as long as the test set is open; the language hint,
    which a tokenizer chosen answers, is apart (`tokenizer_hint`).
    """
    costs = {cost.path: cost for cost in bom_costs(corpus, config, stats)}
    lines: list[str] = []
    for file in corpus.files:
        note = bom_warning(
            file.path, file.bom, costs.get(file.path), how_to_drop=how_to_drop
        )
        if note is not None:
            lines.append(note)
        lines.extend(file.warnings)
    num_refs = len(corpus.references)
    lines.extend(duplicate_warning(dup, num_refs) for dup in find_duplicates(corpus))
    return tuple(lines)


def tokenizer_hint(
    corpus: Corpus, config: BleuConfig, stats: Counts, *, how_to_tokenize: str
) -> TokenizerHint | None:
    """The language hint about the first reference, naming it, or None.

    Its first `SAMPLE_LINES` segments are looked at, with their lengths in tokens
    as `stats` counted them (segments without this reference left out).
    """
    reference = corpus.references[0]
    lengths = stats.reference_lengths(SAMPLE_LINES)
    sample = [
        (line, length)
        for line, length in zip(reference.lines, lengths, strict=False)
        if length >= 0
    ]
    hint = language_hint(
        [line for line, _ in sample],
        [length for _, length in sample],
        config,
        available=tokenizer_available,
    )
    if hint is None:
        return None
    return TokenizerHint(
        f"{display_name(reference.path)}: {hint.line(how_to_tokenize)}",
        hint.short(how_to_tokenize),
    )
