"""sacreBLEU's named test sets (`-t wmt21 -l de-en`), read by sacreBLEU's own code.

A number computed on "wmt21 de-en" is comparable with a published one only if the
references are the very lines sacreBLEU scores against: the same reference chosen
(wmt21's is translator A), the same segments kept (no test-suite document, none
without a reference), the same whitespace cleaning. So nothing here parses a test
set: sacreBLEU's `DATASETS` downloads it into its cache (`$SACREBLEU`, else
`~/.sacrebleu`), writes each field as a text file, and names the files
(`get_files`, `get_reference_files`); its `filter_subset` picks the lines of
`--origlang` and `--subset`; its `print_test_set` prints `--echo`. This module
only reads those files as sacreBLEU's command line reads them (each line stripped
at its end), and turns sacreBLEU's exits and exceptions into one-line errors.

Importing it imports sacreBLEU's package (lxml, portalocker, tabulate): only a
command line with `-t` does (`tests/cli/test_cli_startup.py`).
"""

from __future__ import annotations

import contextlib
import io
import ssl
import urllib.error
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sacrebleu import utils as sacrebleu_utils
from sacrebleu.dataset import DATASETS

from bleu_gui.io.errors import InputError
from bleu_gui.io.readers import Segments
from bleu_gui.io.test_set import TestSet

if TYPE_CHECKING:
    from bleu_gui.io.bundle import Selection

__all__ = [
    "NamedSet",
    "NamedSetError",
    "TestSetNotCachedError",
    "cache_folder",
    "echo_text",
    "is_cached",
    "kept_selection",
    "known_test_sets",
    "language_pairs",
    "named_test_set",
    "read_named_set",
    "target_language",
]

# Every field of a test set is written to the cache when any one is asked for.
_SOURCE_FIELD = "src"
_DOCUMENT_FIELD = "docid"
_ALL_FIELDS = "all"


class NamedSetError(InputError):
    """A test set or language pair sacreBLEU does not have, or cannot give."""


class TestSetNotCachedError(NamedSetError):
    """The test set is not in the cache and could not be downloaded (offline)."""

    __test__ = False  # for pytest: an error, not a class of tests


@dataclass(frozen=True, slots=True)
class NamedSet:
    """What `-t NAMES -l PAIR` gives: the lines sacreBLEU scores against.

    Attributes:
        names: the test sets, in the order given (sacreBLEU concatenates them).
        langpair: the language pair, "de-en".
        references: each reference's field name ("ref:A") and lines.
        source: the source lines.
        documents: each line's document id, or None for sets without them.
        reference_files: the cache files of the references (of the first set,
            when several are joined: messages name them).
        source_file: the cache file of the source (of the first set).
        kept: the lines `--origlang`/`--subset` keep (0-based), or None for all.
    """

    names: tuple[str, ...]
    langpair: str
    references: tuple[tuple[str, tuple[str, ...]], ...]
    source: tuple[str, ...]
    documents: tuple[str, ...] | None
    reference_files: tuple[Path, ...]
    source_file: Path
    kept: tuple[int, ...] | None = None


def cache_folder() -> Path:
    """The folder sacreBLEU keeps its test sets in (`$SACREBLEU`, else ~/.sacrebleu)."""
    return Path(sacrebleu_utils.SACREBLEU_DIR)


def known_test_sets() -> tuple[str, ...]:
    """Every test set sacreBLEU knows, newest first (as its `--list` sorts them)."""
    return tuple(sorted(DATASETS, reverse=True))


def language_pairs(name: str) -> tuple[str, ...]:
    """The language pairs of test set `name`, in sacreBLEU's order.

    Raises:
        NamedSetError: sacreBLEU has no such test set.
    """
    return tuple(_dataset(name).langpairs)


def target_language(langpair: str) -> str:
    """The target language of "de-en": what chooses sacreBLEU's default tokenizer."""
    return langpair.split("-")[-1]


def is_cached(name: str) -> bool:
    """Whether test set `name` is downloaded: what sacreBLEU checks before fetching.

    sacreBLEU downloads a set's archives unless each is in its `raw` folder and
    not empty (`Dataset.maybe_download`); the text files it writes from them are
    made without the network.
    """
    dataset = _dataset(name)
    return all(
        _archive(dataset, url).is_file() and _archive(dataset, url).stat().st_size
        for url in dataset.data or ()
    )


def check_names(names: str, langpair: str | None) -> tuple[str, ...]:
    """The test sets of `-t A,B`, each checked to have `langpair`.

    Raises:
        NamedSetError: an unknown test set, no language pair, or one a set lacks.
    """
    sets = tuple(names.split(","))
    for name in sets:
        _dataset(name)
    if langpair is None:
        raise NamedSetError(
            f"-t {names} needs a language pair: -l, one of "
            + ", ".join(language_pairs(sets[0]))
        )
    for name in sets:
        pairs = language_pairs(name)
        if langpair not in pairs:
            raise NamedSetError(
                f"-l: sacreBLEU's {name} has no language pair {langpair!r} (it has "
                + ", ".join(pairs)
                + ")"
            )
    return sets


def read_named_set(
    names: str,
    langpair: str | None,
    *,
    origlang: str | None = None,
    subset: str | None = None,
    encoding: str = "utf-8",
) -> NamedSet:
    """The references, source and document ids of `-t names -l langpair`.

    Downloaded first if the cache does not have them and the network allows.
    `kept`: the lines sacreBLEU's `filter_subset` keeps for `origlang` and
    `subset`, found by filtering the line numbers themselves.

    Raises:
        NamedSetError: an unknown name or pair, a filter sacreBLEU cannot apply,
            no line left by the filter, or references in unequal numbers.
        TestSetNotCachedError: not in the cache, and the download failed.
    """
    sets = check_names(names, langpair)
    assert langpair is not None  # check_names
    references: list[tuple[str, list[str]]] = []
    source: list[str] = []
    documents: list[str] | None = []
    files: list[Path] = []
    for name in sets:
        dataset = _fetched(name, langpair)
        fields = dataset.fieldnames(langpair)
        every = dict(zip(fields, dataset.get_files(langpair), strict=True))
        refs = dataset.get_reference_files(langpair)
        labels = [field for field, path in every.items() if path in refs]
        if references and len(labels) != len(references):
            raise NamedSetError(
                f"-t {names}: {name} has {len(labels)} references for {langpair}, "
                f"{sets[0]} {len(references)}: they cannot be scored together"
            )
        if not references:
            references = [(label, []) for label in labels]
        for (_, lines), path in zip(references, refs, strict=True):
            lines.extend(_lines(path, encoding))
        source.extend(_lines(every[_SOURCE_FIELD], encoding))
        if not files:
            files = [*map(Path, refs), Path(every[_SOURCE_FIELD])]
        if documents is not None and _DOCUMENT_FIELD in every:
            documents.extend(_lines(every[_DOCUMENT_FIELD], encoding))
        else:
            documents = None
    kept = _kept(names, langpair, len(source), origlang, subset)
    return NamedSet(
        sets,
        langpair,
        tuple((label, tuple(lines)) for label, lines in references),
        tuple(source),
        None if documents is None else tuple(documents),
        tuple(files[:-1]),
        files[-1],
        kept,
    )


def named_test_set(named: NamedSet, encoding: str) -> TestSet:
    """The references and source of `named`, whole (before `kept` cuts them).

    Each is named by its cache file (of the first set, when several are joined),
    so that messages and the window name the file sacreBLEU wrote.
    """
    references = tuple(
        Segments(Path(path), lines, encoding)
        for path, (_, lines) in zip(
            named.reference_files, named.references, strict=True
        )
    )
    return TestSet(references, Segments(named.source_file, named.source, encoding))


def kept_selection(selection: Selection, kept: Sequence[int] | None) -> Selection:
    """`selection` cut to the lines `--origlang`/`--subset` keep (None: all).

    The systems are cut as the references are: each system file has a line for
    every segment of the whole set, as sacreBLEU wants it, and sacreBLEU's
    `filter_subset` keeps the same lines of the references and the systems.
    """
    if kept is None:
        return selection

    def cut(segments: Segments) -> Segments:
        return replace(segments, lines=tuple(segments.lines[i] for i in kept))

    source = selection.test_set.source
    test_set = replace(
        selection.test_set,
        references=tuple(cut(ref) for ref in selection.test_set.references),
        source=None if source is None else cut(source),
    )
    documents = selection.documents
    return replace(
        selection,
        test_set=test_set,
        systems=tuple((name, cut(lines)) for name, lines in selection.systems),
        documents=None if documents is None else tuple(documents[i] for i in kept),
    )


def echo_text(
    names: str,
    langpair: str | None,
    fields: Sequence[str],
    *,
    origlang: str | None = None,
    subset: str | None = None,
) -> str:
    """What sacreBLEU's `--echo FIELDS` prints: the fields' lines, tab-separated.

    The fields are checked first, so that a wrong one is one line of ours rather
    than sacreBLEU's exit; the printing is sacreBLEU's `print_test_set`.

    Raises:
        NamedSetError: an unknown name, pair or field, or a filter it cannot apply.
        TestSetNotCachedError: not in the cache, and the download failed.
    """
    sets = check_names(names, langpair)
    assert langpair is not None  # check_names
    if _ALL_FIELDS in fields and len(fields) > 1:
        raise NamedSetError(f"--echo {_ALL_FIELDS} prints every field: give it alone")
    printed = io.StringIO()
    for name in sets:
        dataset = _fetched(name, langpair)
        known = dataset.fieldnames(langpair)
        has_ref = any(field.startswith("ref") for field in known)
        for field in fields:
            if field in (*known, _ALL_FIELDS) or (field == "ref" and has_ref):
                continue
            raise NamedSetError(
                f"--echo: {name} {langpair} has no field {field!r} (its fields: "
                + ", ".join(sorted(known))
                + ")"
            )
        # sacreBLEU leaves the fields' files for the collector to close: its
        # ResourceWarning is about its code, not the user's files.
        with contextlib.redirect_stdout(printed), warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            _sacrebleu_call(
                sacrebleu_utils.print_test_set,
                name,
                langpair,
                list(fields),
                origlang,
                subset,
            )
    return printed.getvalue()


def _dataset(name: str) -> Any:
    """The dataset sacreBLEU names `name`.

    Raises:
        NamedSetError: sacreBLEU has no such test set.
    """
    try:
        return DATASETS[name]
    except KeyError:
        raise NamedSetError(
            f"-t: sacreBLEU has no test set {name!r} (`sacrebleu --list` lists them)"
        ) from None


def _archive(dataset: Any, url: str) -> Path:
    """Where sacreBLEU keeps the archive downloaded from `url`."""
    return Path(dataset._rawdir) / str(dataset._get_tarball_filename(url))


def _fetched(name: str, langpair: str) -> Any:
    """Dataset `name`, its text files for `langpair` made (downloaded if need be).

    A download that fails leaves no partial archive behind: sacreBLEU would take
    an archive that is there and not empty as downloaded, and never fetch it again.

    Raises:
        TestSetNotCachedError: the download failed (no network, a bad archive).
        NamedSetError: the cached files cannot be read.
    """
    dataset = _dataset(name)
    missing = [
        _archive(dataset, url)
        for url in dataset.data or ()
        if not _archive(dataset, url).is_file()
    ]
    try:
        _sacrebleu_call(dataset.get_files, langpair)
    except _DownloadFailedError as failed:
        for path in missing:
            with contextlib.suppress(OSError):
                path.unlink()
        raise TestSetNotCachedError(
            f"sacreBLEU's test set {name} ({langpair}) is not in its cache "
            f"({cache_folder()}) and could not be downloaded: {failed.reason}"
        ) from None
    return dataset


class _DownloadFailedError(Exception):
    """sacreBLEU's download did not finish; `reason` says why, in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _sacrebleu_call(function: Any, *args: Any) -> Any:
    """Call sacreBLEU, its failures as our errors (it exits or raises on its own).

    Raises:
        _DownloadFailedError: the network or the downloaded archive failed.
        NamedSetError: any other failure, in one line.
    """
    try:
        return function(*args)
    except urllib.error.URLError as error:
        raise _DownloadFailedError(f"no network ({error.reason})") from None
    except (ssl.SSLError, TimeoutError, ConnectionError) as error:
        raise _DownloadFailedError(f"no network ({error})") from None
    except SystemExit:  # sacreBLEU's exit after a bad download (its MD5, SSL)
        raise _DownloadFailedError("sacreBLEU refused the downloaded archive") from None
    except OSError as error:
        raise NamedSetError(f"sacreBLEU's cache ({cache_folder()}): {error}") from None
    except Exception as error:  # sacreBLEU raises bare Exceptions
        raise NamedSetError(f"sacreBLEU: {error}") from None


def _lines(path: str, encoding: str) -> list[str]:
    """A cache file's lines as sacreBLEU's command line reads them (end-stripped)."""
    opened = sacrebleu_utils.smart_open(path, encoding=encoding)  # type: ignore[no-untyped-call]
    with opened as lines:
        return [line.rstrip() for line in lines]


def _kept(
    names: str,
    langpair: str,
    count: int,
    origlang: str | None,
    subset: str | None,
) -> tuple[int, ...] | None:
    """The line numbers sacreBLEU's `filter_subset` keeps, or None without a filter.

    Raises:
        NamedSetError: it cannot filter this set, or keeps no line.
    """
    if origlang is None and subset is None:
        return None
    (kept,) = _sacrebleu_call(
        sacrebleu_utils.filter_subset,
        [list(range(count))],
        names,
        langpair,
        origlang,
        subset,
    )
    if not kept:
        asked = " ".join(
            f"{flag} {value}"
            for flag, value in (("--origlang", origlang), ("--subset", subset))
            if value is not None
        )
        raise NamedSetError(f"-t {names}: no line of {langpair} is left by {asked}")
    return tuple(kept)
