"""Input files to segments: the layer between the disk and the scorer.

`bleu_gui.core` scores strings and never touches files; this package turns files into
those strings exactly as sacreBLEU's command line does (same segments, same
whitespace handling, ``.gz`` support), so that scores are comparable, and turns every
mistake a user can make with a file into a typed `InputError` with a one-line message
naming the file and line. It imports no Qt, so the command line and the GUI share it.
"""

from __future__ import annotations

from bleu_gui.io.bom import Bom, BomCost, bom_warning, encoding_by_bom
from bleu_gui.io.bom_cost import bom_costs
from bleu_gui.io.duplicates import (
    Duplicate,
    Sameness,
    duplicate_warning,
    find_duplicates,
)
from bleu_gui.io.errors import (
    BinaryFileError,
    CompressedFileError,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    FilePermissionError,
    FileTooLargeError,
    InputError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    NotAFileError,
    UndecodableFileError,
    UnknownEncodingError,
)
from bleu_gui.io.notices import corpus_notices
from bleu_gui.io.readers import (
    DEFAULT_ENCODING,
    MAX_FILE_BYTES,
    STDIN,
    Corpus,
    Segments,
    check_encoding,
    check_piped_hypothesis,
    iter_read_corpus,
    iter_read_segments,
    read_corpus,
    read_raw,
    read_segments,
    read_stdin,
    split_segments,
)
from bleu_gui.io.roles_check import RepeatedFileError, check_roles, repeated_file
from bleu_gui.io.test_set import TestSet, read_system, read_test_set

__all__ = [
    "DEFAULT_ENCODING",
    "MAX_FILE_BYTES",
    "STDIN",
    "BinaryFileError",
    "Bom",
    "BomCost",
    "CompressedFileError",
    "Corpus",
    "DecodingError",
    "Duplicate",
    "EmptyCorpusError",
    "FileAccessError",
    "FilePermissionError",
    "FileTooLargeError",
    "InputError",
    "LineCountError",
    "MissingFileError",
    "NoReferencesError",
    "NotAFileError",
    "RepeatedFileError",
    "Sameness",
    "Segments",
    "TestSet",
    "UndecodableFileError",
    "UnknownEncodingError",
    "bom_costs",
    "bom_warning",
    "check_encoding",
    "check_piped_hypothesis",
    "check_roles",
    "corpus_notices",
    "duplicate_warning",
    "encoding_by_bom",
    "find_duplicates",
    "iter_read_corpus",
    "iter_read_segments",
    "read_corpus",
    "read_raw",
    "read_segments",
    "read_stdin",
    "read_system",
    "read_test_set",
    "repeated_file",
    "split_segments",
]
