"""A test set read once, and each system's output read against it.

Several systems scored against the same references should not read the references
again for each of them: a `TestSet` holds the references (and the source) as read,
and `read_system` reads one system's output and aligns it with them. The alignment
check is `Corpus`'s own, so a system with the wrong number of lines gets the same
one-line error as when it is read with `read_corpus` (naming the reference and the
system's file).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bleu_gui.io.errors import LineCountError, NoReferencesError
from bleu_gui.io.readers import (
    DEFAULT_ENCODING,
    Corpus,
    Segments,
    StrPath,
    read_segments,
)

__all__ = ["TestSet", "read_system", "read_test_set"]


@dataclass(frozen=True, slots=True)
class TestSet:
    """The references (one or more) and optionally the source, as read.

    The files are not checked against each other here: each system's `Corpus`
    checks them against the system's output, with the error users know.

    Attributes:
        references: The reference translations.
        source: The source text, if given.
        file: The test-set file (WMT XML, a spreadsheet) whose columns the
            references are, if they are: an output of another length is then told
            in its terms (the segments the file keeps, not its lines).

    Raises:
        NoReferencesError: `references` is empty.
    """

    __test__ = False  # for pytest: a value, not a class of tests

    references: tuple[Segments, ...]
    source: Segments | None = None
    file: Path | None = None

    def __post_init__(self) -> None:
        """Refuse a test set without references."""
        if not self.references:
            raise NoReferencesError

    def corpus(self, hypothesis: Segments) -> Corpus:
        """`hypothesis` aligned with the test set.

        Raises:
            EmptyCorpusError: the hypothesis has no segments.
            LineCountError: a reference or the source has another number of
                segments than the hypothesis.
        """
        try:
            return Corpus(hypothesis, self.references, self.source)
        except LineCountError as error:
            if self.file is None or error.test_set_file:
                raise
            raise LineCountError(
                self.file,
                len(self.references[0].lines),
                hypothesis_path=hypothesis.path,
                hypothesis_count=len(hypothesis.lines),
                test_set_file=True,
            ) from None


def read_test_set(
    reference_paths: Iterable[StrPath],
    source_path: StrPath | None = None,
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
) -> TestSet:
    """Read the references and optionally the source, each file once.

    Args:
        reference_paths: One or more reference files (a collection, not one path).
        source_path: The source file, if any.
        encoding: The encoding of every file (see `read_segments`).
        drop_bom: Drop a byte-order mark at the start of any file.

    Raises:
        TypeError: `reference_paths` is a single path instead of a collection.
        NoReferencesError: `reference_paths` is empty.
        InputError: Any error of `read_segments`, for the first file that has one.
    """
    if isinstance(reference_paths, str | bytes | os.PathLike):
        raise TypeError(
            "reference_paths must be a collection of paths, not a single path; "
            "wrap it in a list"
        )
    paths = list(reference_paths)
    if not paths:
        raise NoReferencesError
    references = tuple(
        read_segments(path, encoding, drop_bom=drop_bom) for path in paths
    )
    source = (
        None
        if source_path is None
        else read_segments(source_path, encoding, drop_bom=drop_bom)
    )
    return TestSet(references, source)


def read_system(
    test_set: TestSet,
    hypothesis_path: StrPath,
    encoding: str = DEFAULT_ENCODING,
    *,
    drop_bom: bool = False,
) -> Corpus:
    """Read one system's output and align it with `test_set`.

    Raises:
        InputError: Any error of `read_segments` for the hypothesis file, or of
            `TestSet.corpus` (its line count).
    """
    return test_set.corpus(read_segments(hypothesis_path, encoding, drop_bom=drop_bom))
