"""Input files to segments: the layer between the disk and the scorer.

`bleu_gui.core` scores strings and never touches files; this package turns files into
those strings exactly as sacreBLEU's command line does (same segments, same
whitespace handling, ``.gz`` support), so that scores are comparable, and turns every
mistake a user can make with a file into a typed `InputError` with a one-line message
naming the file and line. It imports no Qt, so the command line and the GUI share it.
"""

from __future__ import annotations

from bleu_gui.io.errors import (
    BinaryFileError,
    CompressedFileError,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    FilePermissionError,
    InputError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    NotAFileError,
    UnknownEncodingError,
)
from bleu_gui.io.readers import (
    DEFAULT_ENCODING,
    Corpus,
    Segments,
    iter_read_corpus,
    iter_read_segments,
    read_corpus,
    read_segments,
    split_segments,
)

__all__ = [
    "DEFAULT_ENCODING",
    "BinaryFileError",
    "CompressedFileError",
    "Corpus",
    "DecodingError",
    "EmptyCorpusError",
    "FileAccessError",
    "FilePermissionError",
    "InputError",
    "LineCountError",
    "MissingFileError",
    "NoReferencesError",
    "NotAFileError",
    "Segments",
    "UnknownEncodingError",
    "iter_read_corpus",
    "iter_read_segments",
    "read_corpus",
    "read_segments",
    "split_segments",
]
