"""A training corpus read and its words counted, for word accuracy by frequency.

compare-mt buckets words by their frequency in the training data; the user gives
that corpus as a plain text file (one segment a line, as a system output is read:
`io.readers`), and its words are counted with the scoring tokenizer, so that they
are the same tokens as the references' (`core.word_buckets.iter_count_frequency`).
One generator for the command line (drained) and the window (a job with progress
and cancel, `models.bucket_views.FrequencyJob`).
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.steps import drain, relabel
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.word_buckets import WordFrequency, iter_count_frequency
from bleu_gui.io.errors import InputError, display_name
from bleu_gui.io.readers import DEFAULT_ENCODING, iter_read_segments

__all__ = ["iter_read_frequency", "read_frequency"]


def read_frequency(
    path: Path, config: BleuConfig, encoding: str = DEFAULT_ENCODING
) -> WordFrequency:
    """Run `iter_read_frequency` to its end."""
    return drain(iter_read_frequency(path, config, encoding))


def iter_read_frequency(
    path: Path, config: BleuConfig, encoding: str = DEFAULT_ENCODING
) -> Generator[tuple[int, int, str], None, WordFrequency]:
    """Read `path` and count its tokens; yields (done, total, what is being done).

    A byte-order mark at the start is dropped (it would glue itself to the first
    word).

    Raises:
        InputError: the file cannot be read or decoded, or holds no word (one
            line naming it).
    """
    name = display_name(path)
    segments = yield from relabel(
        iter_read_segments(path, encoding, drop_bom=True),
        lambda step: (step[0], step[1], f"reading {name}"),
    )
    lines = segments.lines
    frequency = yield from relabel(
        iter_count_frequency(lines, tokenizer_for(config), path.name, len(lines)),
        lambda step: (step[0], step[1], f"counting the words of {name}"),
    )
    if not frequency.words:
        raise InputError("no words to count in it", path=path)
    return frequency
