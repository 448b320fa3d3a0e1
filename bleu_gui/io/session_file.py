"""Session files: what a user found, kept in a small versioned JSON file they can share.

A session file (`*.bleu-session`) names the test set's files (paths relative to the
session file, so a folder moved or sent whole still opens), each with its role, its
encoding and a SHA-256 checksum (so a file changed since is noticed rather than
silently scored anew), and every choice that shaped what the user saw: the scoring
options, the baseline and shown system, the paired test's settings, the filter, the
sort, the selected sentence, the window's layout, the document ids given by a file.

This module is the file format only: values in, JSON out and back, with no Qt. The
window's state is turned into a `SessionData` (and back) by `models.session_state`.
A file is written whole or not at all (`io.safe_write`). A file that is not a session
(bad JSON, a value of the wrong type) or one from a newer bleu-gui is refused by one
`SessionFileError` line naming the file and the JSON place; nothing half-read is
returned.

Format, version 2 (`"bleu-gui-session": 2`; a reader refuses a higher number)::

    {"bleu-gui-session": 2,
     "test_set": {"kind": "files" | "bundle", "encoding": "utf-8", "drop_bom": false,
                  "files": [{"role": "system" | "reference" | "source" | "bundle",
                             "path": "out/a.txt", "encoding": "utf-8",
                             "sha256": "…" | null}, …],
                  "bundle": {"format": "tsv" | null, "references": [column keys],
                             "systems": [column keys], "source": key | null,
                             "documents": key | null,
                             "units": key (only when chosen)} | null,
                  "options": {"include_testsuites": false, "keep_unreferenced": false,
                              "sheet": null, "languages": null,
                              "xliff_states": "final" | "all"},
                  "documents": [["doc id", number of segments], …] | null},
     "settings": {"compat": "sacrebleu", "tokenizer": "13a", "lowercase": false,
                  "smoothing": "exp", "smooth_value": null, "max_order": 4,
                  "weights": null, "effective_order": null, "nltk_alpha": 5.0,
                  "nltk_k": 5.0},
     "systems": {"baseline": 0, "shown": 1, "test": "bs", "samples": 1000,
                 "all_pairs": false, "shown_only": false,
                 "seed": 12345 | "none"},
     "filter": {"text": "", "regex": false, "case_sensitive": false,
                "in_hypothesis": true, "in_references": true, "in_source": true,
                "min_score": 0.0, "max_score": 100.0, "side": "ANY",
                "delta": [-100.0, 100.0, false, false],
                "documents": ["doc id", …]},
     "table": {"sort": ["BLEU", 0, true] | null, "selected": 12 | null,
               "columns": [["COST", 0, false], …]},
     "layout": {"docks": base64, "central": base64, "bottom": base64,
                "header": base64},
     "edits": [{"system": 1, "segments": [{"row": 11, "text": "…"}, …]}, …]}

`baseline` and `shown` are positions among the systems in the order listed (files of
role "system", or the bundle's system columns); so is each `edits` entry's `system`.
Document ids are stored as runs (an
id and how many segments in a row have it): the ids given by a file are then kept
even if that file is gone.

Version 2 added `edits`: the what-if edits (issue 15), per system the edited segments,
each by its 0-based row and the text as typed. A file without edits is still written
as version 1, so that an older bleu-gui opens it; a file with edits is version 2, so
that an older bleu-gui refuses it in one line rather than opening it without its
edits. Version 1 files read as sessions without edits. Whether an edit's row exists
is known only once the system's file is read: `models.session_state.restore_edits`
checks it.

The filter's `documents` (the documents chosen in the Documents dock, by id) and the
tests' `seed` (an integer, or "none": unseeded, as `SACREBLEU_SEED` says it) came
later without a new version: they are settings of the view, not work, and an older
bleu-gui reading such a file opens it whole, showing every document and testing at
its own seed; a version bump would make it refuse the file instead. A file without
them reads as no document filter and seed 12345 (the only seed the window had).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from bleu_gui.core.config import (
    MAX_ORDER_LIMIT,
    BleuConfig,
    Compat,
    ConfigError,
    Smoothing,
)
from bleu_gui.core.significance import MAX_SAMPLES
from bleu_gui.core.tokenize import TOKENIZER_NAMES, unknown_tokenizer
from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.errors import InputError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.safe_write import write_text
from bleu_gui.io.seed import DEFAULT_SEED, MAX_SEED, UNSEEDED, parse_seed
from bleu_gui.io.xliff_states import XliffStates

__all__ = [
    "SESSION_KEY",
    "SESSION_SUFFIX",
    "SESSION_VERSION",
    "FileCheck",
    "FileState",
    "SavedEdits",
    "SavedFile",
    "SavedFilter",
    "SavedRole",
    "SavedSystems",
    "SavedTable",
    "SessionData",
    "SessionFileError",
    "SetKind",
    "check_files",
    "checksum",
    "config_from_json",
    "config_to_json",
    "document_runs",
    "documents_of_runs",
    "outside_folder",
    "read_session",
    "session_from_json",
    "session_to_json",
    "write_session",
]

SESSION_KEY = "bleu-gui-session"
"""The key whose value is the format's version: it says what the file is."""
SESSION_VERSION = 2
_FIRST_EDITS_VERSION = 2  # the version that added "edits"
SESSION_SUFFIX = ".bleu-session"
"""The session file's extension (a name of its own: the desktop can open it with us)."""

_CHUNK = 1 << 20  # bytes hashed at a time


class SessionFileError(InputError):
    """A session file that cannot be opened or written: one line, file and place."""

    def __init__(self, path: Path, why: str, *, place: str = "") -> None:
        """Create an error.

        Args:
            path: The session file.
            why: What is wrong.
            place: Where in the JSON (`test_set.files[2].path`), if somewhere.
        """
        self.place = place
        super().__init__(f"{place}: {why}" if place else why, path=path)


class SetKind(StrEnum):
    """How the test set was opened: files in roles, or one file of several texts."""

    FILES = "files"
    BUNDLE = "bundle"


class SavedRole(StrEnum):
    """The role of a file of the test set."""

    SYSTEM = "system"
    REFERENCE = "reference"
    SOURCE = "source"
    BUNDLE = "bundle"


@dataclass(frozen=True, slots=True)
class SavedFile:
    """One file of the test set.

    Attributes:
        role: what it is.
        path: where it is (absolute in memory; relative to the session file on
            disk when it can be).
        encoding: how it is decoded.
        sha256: its checksum when saved (hex), or None (not a regular file then).
    """

    role: SavedRole
    path: Path
    encoding: str = "utf-8"
    sha256: str | None = None


@dataclass(frozen=True, slots=True)
class SavedSystems:
    """The systems' choices: A and B, and the paired test's settings.

    Attributes:
        baseline: position of the baseline (A) among the systems, as listed.
        shown: position of the shown system (B).
        test: the paired test (`core.significance.PairedTest` value: "bs", "ar").
        samples: its resamples or trials.
        all_pairs: test every pair of systems.
        shown_only: test on the shown (filtered) sentences only.
        seed: the tests' seed (None: unseeded); a file from before seeds were
            saved ran its tests at sacreBLEU's default, so it reads as that.
    """

    baseline: int = 0
    shown: int = 0
    test: str = "bs"
    samples: int = 1000
    all_pairs: bool = False
    shown_only: bool = False
    seed: int | None = DEFAULT_SEED


@dataclass(frozen=True, slots=True)
class SavedFilter:
    """The filter's saved parts (`models.sentence_filter.SentenceFilter`'s fields).

    A salient n-gram clicked is not saved: its rows belong to the counts of the
    moment. The documents chosen in the Documents dock ("Only document 'd7'")
    are saved by their ids (`documents`, sorted; empty: all documents), and
    their rows are found again once the test set's document ids are read.
    """

    text: str = ""
    regex: bool = False
    case_sensitive: bool = False
    in_hypothesis: bool = True
    in_references: bool = True
    in_source: bool = True
    min_score: float = 0.0
    max_score: float = 100.0
    side: str = "ANY"
    delta: tuple[float, float, bool, bool] = (-100.0, 100.0, False, False)
    documents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SavedTable:
    """The sentence table: sort, selection, the columns chosen.

    Attributes:
        sort: (column kind name, n-gram order, descending), None: corpus order.
        selected: the selected sentence (0-based corpus row), if any.
        columns: (column kind name, order, shown) for each column the user chose
            to show or hide against its default.
    """

    sort: tuple[str, int, bool] | None = None
    selected: int | None = None
    columns: tuple[tuple[str, int, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class SavedEdits:
    """One system's what-if edits, as a session keeps them (texts only).

    The statistics of an edit are not saved: they are counted again from the text
    when the session opens (`core.edits.count_edits`), under the options then.

    Attributes:
        system: position of the system among the systems, as listed.
        lines: (0-based row, edited text), sorted by row, one per row.
    """

    system: int
    lines: tuple[tuple[int, str], ...]

    def texts(self) -> dict[int, str]:
        """Row -> edited text (what `core.edits.count_edits` takes)."""
        return dict(self.lines)


@dataclass(frozen=True, slots=True)
class SessionData:
    """Everything a session file holds, as one value (paths absolute).

    Attributes:
        kind: files in roles, or one file of several texts.
        files: the test set's files: systems in order, references in order, the
            source; for a bundle, the one file (role `BUNDLE`).
        encoding: the encoding of a file without one of its own.
        drop_bom: files are read with a leading byte-order mark dropped.
        roles: a bundle's roles (its column keys), else None.
        format: a bundle's format (None: told by its name).
        options: the format options (XLIFF/TMX/WMT/spreadsheets).
        documents: document ids given by a file, one per segment, or None.
        config: the scoring options.
        systems: baseline, shown system and the paired test's settings.
        filter: the filter.
        table: sort, selection and column choices.
        layout: the window's saved states (`QMainWindow.saveState` and the
            splitters' and header's), by name.
        edits: the what-if edits of the systems that have any, by system position.
    """

    kind: SetKind
    files: tuple[SavedFile, ...]
    encoding: str = "utf-8"
    drop_bom: bool = False
    roles: Roles | None = None
    format: Format | None = None
    options: FormatOptions = field(default_factory=FormatOptions)
    documents: tuple[str, ...] | None = None
    config: BleuConfig = field(default_factory=BleuConfig)
    systems: SavedSystems = field(default_factory=SavedSystems)
    filter: SavedFilter = field(default_factory=SavedFilter)
    table: SavedTable = field(default_factory=SavedTable)
    layout: Mapping[str, bytes] = field(default_factory=dict)
    edits: tuple[SavedEdits, ...] = ()

    def system_names(self) -> tuple[str, ...]:
        """How a message names each system: its file's name, or its bundle column."""
        return _system_names(self.kind, self.files, self.roles)

    def of_role(self, role: SavedRole) -> tuple[SavedFile, ...]:
        """The files of `role`, in order."""
        return tuple(file for file in self.files if file.role is role)


class FileState(Enum):
    """What a file named by a session is now."""

    SAME = "same"
    MISSING = "missing"
    CHANGED = "changed"


@dataclass(frozen=True, slots=True)
class FileCheck:
    """A file of a session and what became of it since it was saved."""

    file: SavedFile
    state: FileState


# --- checksums and paths --------------------------------------------------------------


def checksum(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes (hex); None for anything else.

    A named pipe or a device would be consumed or never end: not hashed.

    Raises:
        OSError: the file cannot be read.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def check_files(data: SessionData) -> tuple[FileCheck, ...]:
    """Each file of `data` against its checksum: the same, missing or changed."""
    checks = []
    for file in data.files:
        try:
            now = checksum(file.path)
        except OSError:
            checks.append(FileCheck(file, FileState.MISSING))
            continue
        same = file.sha256 is None or now is None or now == file.sha256
        checks.append(FileCheck(file, FileState.SAME if same else FileState.CHANGED))
    return tuple(checks)


def _relative(path: Path, folder: Path) -> str:
    """`path` relative to `folder` (with `/`), or absolute where it cannot be."""
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.abspath(folder))
    except ValueError:  # another drive (Windows)
        return Path(os.path.abspath(path)).as_posix()
    return Path(relative).as_posix()


def _absolute(text: str, folder: Path) -> Path:
    """A stored path, relative to `folder` unless absolute, normalised."""
    return Path(os.path.normpath(os.path.join(os.path.abspath(folder), text)))


def outside_folder(data: SessionData, session: Path) -> tuple[Path, ...]:
    """The files of `data` that are not in the session file's folder (or below).

    A session names its files relative to itself so that its folder can be moved
    or sent whole; a file outside (an absolute path, or `../`) is not in that
    folder, and a session from someone else may name any file of this machine:
    the window says where they are.
    """
    folder = os.path.normpath(os.path.abspath(session.parent))

    def inside(path: Path) -> bool:
        try:
            return os.path.commonpath([folder, os.path.normpath(path)]) == folder
        except ValueError:  # another drive (Windows)
            return False

    return tuple(file.path for file in data.files if not inside(file.path))


# --- document ids as runs -------------------------------------------------------------


def document_runs(ids: Sequence[str]) -> list[list[str | int]]:
    """Document ids as runs: `[id, count]` for each stretch of equal ids."""
    runs: list[list[str | int]] = []
    for doc in ids:
        if runs and runs[-1][0] == doc:
            runs[-1][1] = int(runs[-1][1]) + 1
        else:
            runs.append([doc, 1])
    return runs


def documents_of_runs(runs: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The inverse of `document_runs`."""
    return tuple(doc for doc, count in runs for _ in range(count))


# --- settings -------------------------------------------------------------------------


def config_to_json(config: BleuConfig) -> dict[str, Any]:
    """A `BleuConfig` as JSON values (enums by value)."""
    return {
        "compat": config.compat.value,
        "tokenizer": config.tokenizer_name,
        "lowercase": config.lowercase,
        "smoothing": config.smoothing_method.value,
        "smooth_value": config.smooth_value,
        "max_order": config.max_order,
        "weights": list(config.weights) if config.weights is not None else None,
        "effective_order": config.effective_order,
        "nltk_alpha": config.nltk_alpha,
        "nltk_k": config.nltk_k,
    }


def config_from_json(value: object, source: Path) -> BleuConfig:
    """The inverse of `config_to_json`.

    Raises:
        SessionFileError: a wrong value (one line naming `source`, where it was
            read, and the option as a session names it: `settings.max_order`).
    """
    return _config(value, _Where(source, "settings"))


def _config(value: object, where: _Where) -> BleuConfig:
    """`config_from_json` at a place of a file."""
    item = where.mapping(value)
    tokenizer = item.get("tokenizer")
    if tokenizer is not None and tokenizer not in TOKENIZER_NAMES:
        raise where.at("tokenizer").error(unknown_tokenizer(tokenizer))
    weights = where.at("weights").optional(
        item.get("weights"), lambda w, v: tuple(w.number_list(v))
    )
    try:
        return BleuConfig(
            compat=Compat(where.at("compat").text(item.get("compat", "sacrebleu"))),
            tokenizer=where.at("tokenizer").optional(
                item.get("tokenizer"), _Where.text
            ),
            lowercase=where.at("lowercase").flag(item.get("lowercase", False)),
            smoothing=where.at("smoothing").optional(
                item.get("smoothing"), lambda w, v: Smoothing(w.text(v))
            ),
            smooth_value=where.at("smooth_value").optional(
                item.get("smooth_value"), _Where.number
            ),
            max_order=where.at("max_order").integer(item.get("max_order", 4)),
            weights=weights,
            effective_order=where.at("effective_order").optional(
                item.get("effective_order"), _Where.flag
            ),
            nltk_alpha=where.at("nltk_alpha").number(item.get("nltk_alpha", 5.0)),
            nltk_k=where.at("nltk_k").number(item.get("nltk_k", 5.0)),
        )
    except ConfigError as error:
        raise where.at(error.field or "").error(str(error)) from None
    except ValueError as error:  # an enum's unknown value
        raise where.error(str(error)) from None


# --- to JSON --------------------------------------------------------------------------


def session_to_json(data: SessionData, folder: Path) -> dict[str, Any]:
    """`data` as the file's JSON value, paths relative to `folder` (the file's)."""
    roles = data.roles
    options = data.options
    value: dict[str, Any] = {
        SESSION_KEY: _FIRST_EDITS_VERSION if data.edits else 1,
        "test_set": {
            "kind": data.kind.value,
            "encoding": data.encoding,
            "drop_bom": data.drop_bom,
            "files": [
                {
                    "role": file.role.value,
                    "path": _relative(file.path, folder),
                    "encoding": file.encoding,
                    "sha256": file.sha256,
                }
                for file in data.files
            ],
            "bundle": None
            if roles is None
            else {
                "format": data.format.value if data.format is not None else None,
                **roles.to_json(),
            },
            "options": options.to_json(),
            "documents": None
            if data.documents is None
            else document_runs(data.documents),
        },
        "settings": config_to_json(data.config),
        "systems": {
            "baseline": data.systems.baseline,
            "shown": data.systems.shown,
            "test": data.systems.test,
            "samples": data.systems.samples,
            "all_pairs": data.systems.all_pairs,
            "shown_only": data.systems.shown_only,
            "seed": data.systems.seed if data.systems.seed is not None else UNSEEDED,
        },
        "filter": {
            "text": data.filter.text,
            "regex": data.filter.regex,
            "case_sensitive": data.filter.case_sensitive,
            "in_hypothesis": data.filter.in_hypothesis,
            "in_references": data.filter.in_references,
            "in_source": data.filter.in_source,
            "min_score": data.filter.min_score,
            "max_score": data.filter.max_score,
            "side": data.filter.side,
            "delta": list(data.filter.delta),
            "documents": list(data.filter.documents),
        },
        "table": {
            "sort": list(data.table.sort) if data.table.sort is not None else None,
            "selected": data.table.selected,
            "columns": [list(choice) for choice in data.table.columns],
        },
        "layout": {
            name: base64.b64encode(state).decode("ascii")
            for name, state in sorted(data.layout.items())
        },
    }
    if data.edits:
        value["edits"] = [
            {
                "system": edits.system,
                "segments": [{"row": row, "text": text} for row, text in edits.lines],
            }
            for edits in data.edits
        ]
    return value


def write_session(path: Path, data: SessionData) -> None:
    """Write `data` to `path`, whole or not at all.

    Raises:
        WriteError: the file could not be written (one line naming it).
    """
    value = session_to_json(data, path.parent)
    write_text(path, json.dumps(value, indent=2, ensure_ascii=False) + "\n")


# --- from JSON ------------------------------------------------------------------------

_T = TypeVar("_T")

_MAX_SEGMENTS = 10_000_000
"""The most segments a session may name (a selected row, an edited row, document
runs): far beyond any test set read into a window, and small enough that a row
fits Qt's int and the document ids a session names fit in memory."""
_MAX_DIGITS = 30
"""An integer of more digits in a session is out of every range: it is not
converted at all (Python refuses to convert more than 4,300 digits, with an
exception that names no place)."""


@dataclass(frozen=True, slots=True)
class _Range:
    """The values a number of a session file may hold, `low` to `high`.

    `None` on a side: that side is checked by the scoring options themselves
    (`core.config.BleuConfig`, which names the option), so this table does not
    repeat their rules; the value must still be a finite number.
    """

    low: float | None
    high: float | None


_SCORE = _Range(0.0, 100.0)  # a sentence BLEU, as the filter's score fields
_DELTA = _Range(-100.0, 100.0)  # a difference of two scores
_ROW = _Range(0, _MAX_SEGMENTS - 1)
_CONFIG = _Range(None, None)

_RANGES: Mapping[str, _Range] = MappingProxyType(
    {
        "test_set.documents[*][*]": _Range(1, _MAX_SEGMENTS),
        "settings.max_order": _CONFIG,
        "settings.smooth_value": _CONFIG,
        "settings.weights[*]": _CONFIG,
        "settings.nltk_alpha": _CONFIG,
        "settings.nltk_k": _CONFIG,
        "systems.baseline": _ROW,
        "systems.shown": _ROW,
        "systems.samples": _Range(1, MAX_SAMPLES),
        "systems.seed": _Range(0, MAX_SEED),
        "filter.min_score": _SCORE,
        "filter.max_score": _SCORE,
        "filter.delta[*]": _DELTA,
        "table.sort[*]": _Range(0, MAX_ORDER_LIMIT),
        "table.selected": _ROW,
        "table.columns[*][*]": _Range(0, MAX_ORDER_LIMIT),
        "edits[*].system": _ROW,
        "edits[*].segments[*].row": _ROW,
    }
)
"""Every number a session file holds, by its JSON place (`[*]`: any position in a list),
and the values it may take: the one place where a session's numbers are bounded.
A number outside is refused naming its place, before anything of the session
applies (a resample count the window cannot hold would fail half-way through
putting the session back). A place not here holds no number."""


@dataclass(frozen=True, slots=True)
class _Unusable:
    """A JSON number that is no value to compute with, kept to be refused by place.

    JSON allows neither NaN nor Infinity, but Python's reader does; an integer
    of thousands of digits makes it raise an exception that names no place.
    Read as this, such a number is refused where it is read, by its place.

    Attributes:
        words: how a message names it ("NaN", "a whole number of 5,000 digits").
        sign: 1 above every range, -1 below, 0 neither (NaN).
    """

    words: str
    sign: int


def _json_constant(name: str) -> _Unusable:
    """NaN, Infinity, -Infinity: not JSON, refused where read."""
    return _Unusable(name, 0 if name == "NaN" else -1 if name.startswith("-") else 1)


def _json_integer(text: str) -> int | _Unusable:
    """An integer, or a long one (refused where read) left unconverted."""
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        sign = -1 if text.startswith("-") else 1
        return _Unusable(f"a whole number of {digits:,} digits", sign)
    return int(text)


def _json_float(text: str) -> float | _Unusable:
    """A number, or one too large for a float ("1e999": refused where read)."""
    value = float(text)
    if math.isinf(value):
        return _Unusable(
            text if len(text) <= _MAX_DIGITS else "a huge number",
            1 if value > 0 else -1,
        )
    return value


def _number_text(value: float) -> str:
    """A number as a message shows it: a bound with thousands separators."""
    if isinstance(value, int) or value.is_integer():
        return f"{int(value):,}"
    return f"{value:,g}"


@dataclass(frozen=True, slots=True)
class _Where:
    """A place in the JSON being read, to name in an error."""

    path: Path
    place: str = ""

    def at(self, key: str | int) -> _Where:
        if isinstance(key, int):
            return _Where(self.path, f"{self.place}[{key}]")
        return _Where(self.path, f"{self.place}.{key}" if self.place else key)

    def error(self, why: str) -> SessionFileError:
        return SessionFileError(self.path, why, place=self.place)

    def mapping(self, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(f"expected an object, found {_kind(value)}")
        return value

    def items(self, value: object) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(f"expected a list, found {_kind(value)}")
        return value

    def text(self, value: object) -> str:
        if not isinstance(value, str):
            raise self.error(f"expected a string, found {_kind(value)}")
        return value

    def flag(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, found {_kind(value)}")
        return value

    def whole(self, value: object) -> int:
        """An integer of any size (the format's version: not a bounded value)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number, found {_kind(value)}")
        return value

    def integer(self, value: object) -> int:
        """A whole number within its place's range (`_RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, int | _Unusable):
            raise self.error(f"expected a whole number, found {_kind(value)}")
        return int(self._bounded(value))

    def number(self, value: object) -> float:
        """A number within its place's range (`_RANGES`)."""
        if isinstance(value, bool) or not isinstance(value, int | float | _Unusable):
            raise self.error(f"expected a number, found {_kind(value)}")
        return float(self._bounded(value))

    def _bounded(self, value: int | float | _Unusable) -> int | float:
        """`value` if its place's range holds it; else one line naming the place."""
        bounds = _RANGES[re.sub(r"\[\d+\]", "[*]", self.place)]
        low, high = bounds.low, bounds.high
        if isinstance(value, _Unusable):
            if value.sign > 0 and high is not None:
                raise self.error(f"{value.words} is more than {_number_text(high)}")
            if value.sign < 0 and low is not None:
                raise self.error(f"{value.words} is less than {_number_text(low)}")
            if value.sign:
                too = "large" if value.sign > 0 else "small"
                raise self.error(f"{value.words} is too {too}")
            if low is not None and high is not None:
                span = f" (expected {_number_text(low)} to {_number_text(high)})"
            else:
                span = ""
            raise self.error(f"{value.words} is not a number{span}")
        shown = str(value) if isinstance(value, int) else f"{value:g}"
        if high is not None and value > high:
            raise self.error(f"{shown} is more than {_number_text(high)}")
        if low is not None and value < low:
            raise self.error(f"{shown} is less than {_number_text(low)}")
        return value

    def number_list(self, value: object) -> list[float]:
        return [self.at(k).number(v) for k, v in enumerate(self.items(value))]

    def optional(self, value: object, read: Callable[[_Where, Any], _T]) -> _T | None:
        return None if value is None else read(self, value)

    def choice(self, value: object, kind: type[StrEnum]) -> Any:
        text = self.text(value)
        try:
            return kind(text)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in kind)
            raise self.error(f"{text!r} is not one of {allowed}") from None


def _kind(value: object) -> str:
    """What a JSON value is, in a message's words."""
    if value is None:
        return "null"
    if isinstance(value, _Unusable):
        return value.words
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def session_from_json(value: object, path: Path) -> SessionData:
    """A session from its JSON value (`path`: the session file, paths relative to it).

    Raises:
        SessionFileError: not a session file, a newer version, or a value of the
            wrong type or out of range (one line naming the file and the place).
    """
    root = _Where(path)
    item = root.mapping(value)
    version = item.get(SESSION_KEY)
    if version is None:
        raise root.error(f"not a bleu-gui session file (no {SESSION_KEY!r} key)")
    if isinstance(version, _Unusable):
        raise root.at(SESSION_KEY).error(f"unknown session format ({version.words})")
    version = root.at(SESSION_KEY).whole(version)
    if version > SESSION_VERSION:
        raise root.error(
            f"saved by a newer bleu-gui (session format {version}; this one reads "
            f"up to {SESSION_VERSION}): update bleu-gui to open it"
        )
    if version < 1:
        raise root.at(SESSION_KEY).error(f"unknown session format {version}")
    folder = path.parent
    where = root.at("test_set")
    test_set = where.mapping(item.get("test_set"))
    kind: SetKind = where.at("kind").choice(test_set.get("kind"), SetKind)
    files = tuple(
        _file(raw, where.at("files").at(k), folder)
        for k, raw in enumerate(where.at("files").items(test_set.get("files")))
    )
    roles, format_ = _bundle(test_set.get("bundle"), where.at("bundle"))
    _check_roles(kind, files, roles, where)
    documents = where.at("documents").optional(test_set.get("documents"), _runs)
    names = _system_names(kind, files, roles)
    if version < _FIRST_EDITS_VERSION and "edits" in item:
        raise root.at("edits").error(
            f"edits in a session of format {version} (they came with format "
            f"{_FIRST_EDITS_VERSION})"
        )
    return SessionData(
        kind=kind,
        files=files,
        encoding=where.at("encoding").text(test_set.get("encoding", "utf-8")),
        drop_bom=where.at("drop_bom").flag(test_set.get("drop_bom", False)),
        roles=roles,
        format=format_,
        options=_options(test_set.get("options", {}), where.at("options")),
        documents=documents,
        config=_config(item.get("settings", {}), root.at("settings")),
        systems=_systems(
            item.get("systems", {}), root.at("systems"), kind, files, roles
        ),
        filter=_filter(item.get("filter", {}), root.at("filter")),
        table=_table(item.get("table", {}), root.at("table")),
        layout=_layout(item.get("layout", {}), root.at("layout")),
        edits=_edits(item.get("edits", []), root.at("edits"), names),
    )


def read_session(path: Path) -> SessionData:
    """Read a session file.

    Raises:
        SessionFileError: it cannot be read, is not JSON, not a session, from a
            newer version, or holds a wrong value (one line: file and place).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SessionFileError(path, "no such file") from None
    except UnicodeDecodeError:
        raise SessionFileError(path, "not a session file (not UTF-8 text)") from None
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise SessionFileError(
            path, f"cannot read it: {why[:1].lower()}{why[1:]}"
        ) from None
    try:
        value = json.loads(
            text,
            parse_constant=_json_constant,
            parse_int=_json_integer,
            parse_float=_json_float,
        )
    except json.JSONDecodeError as error:
        raise SessionFileError(
            path,
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})",
        ) from None
    except RecursionError:
        raise SessionFileError(
            path, "not a session file (lists or objects nested too deeply)"
        ) from None
    return session_from_json(value, path)


def _file(raw: object, where: _Where, folder: Path) -> SavedFile:
    item = where.mapping(raw)
    path = where.at("path").text(item.get("path"))
    if not path:
        raise where.at("path").error("empty path")
    if "\x00" in path:  # no file has one: the system's calls would raise
        raise where.at("path").error("a path with a NUL character")
    sha = where.at("sha256").optional(item.get("sha256"), _Where.text)
    return SavedFile(
        where.at("role").choice(item.get("role"), SavedRole),
        _absolute(path, folder),
        where.at("encoding").text(item.get("encoding", "utf-8")),
        sha,
    )


def _bundle(raw: object, where: _Where) -> tuple[Roles | None, Format | None]:
    if raw is None:
        return None, None
    item = where.mapping(raw)

    def keys(name: str) -> tuple[str, ...]:
        place = where.at(name)
        return tuple(
            place.at(k).text(v) for k, v in enumerate(place.items(item.get(name)))
        )

    roles = Roles(
        keys("references"),
        keys("systems"),
        where.at("source").optional(item.get("source"), _Where.text),
        where.at("documents").optional(item.get("documents"), _Where.text),
        where.at("units").optional(item.get("units"), _Where.text),
    )
    format_: Format | None = where.at("format").optional(
        item.get("format"), lambda w, v: w.choice(v, Format)
    )
    return roles, format_


def _check_roles(
    kind: SetKind,
    files: tuple[SavedFile, ...],
    roles: Roles | None,
    where: _Where,
) -> None:
    """The files' roles make a test set of `kind`."""
    count = {role: sum(f.role is role for f in files) for role in SavedRole}
    if kind is SetKind.BUNDLE:
        if count[SavedRole.BUNDLE] != 1 or len(files) != 1:
            raise where.at("files").error(
                "a bundle test set has one file, of role 'bundle'"
            )
        if roles is None or not roles.references or not roles.systems:
            raise where.at("bundle").error(
                "the bundle's reference and system columns are missing"
            )
        return
    if count[SavedRole.BUNDLE]:
        raise where.at("files").error("a file of role 'bundle' in a test set of files")
    if not count[SavedRole.SYSTEM]:
        raise where.at("files").error("no file of role 'system'")
    if not count[SavedRole.REFERENCE]:
        raise where.at("files").error("no file of role 'reference'")
    if count[SavedRole.SOURCE] > 1:
        raise where.at("files").error("more than one file of role 'source'")


def _options(raw: object, where: _Where) -> FormatOptions:
    item = where.mapping(raw)
    languages = where.at("languages").optional(item.get("languages"), _pair_of_texts)
    return FormatOptions(
        include_testsuites=where.at("include_testsuites").flag(
            item.get("include_testsuites", False)
        ),
        keep_unreferenced=where.at("keep_unreferenced").flag(
            item.get("keep_unreferenced", False)
        ),
        sheet=where.at("sheet").optional(item.get("sheet"), _Where.text),
        languages=languages,
        xliff_states=where.at("xliff_states").choice(
            item.get("xliff_states", XliffStates.FINAL.value), XliffStates
        ),
    )


def _pair_of_texts(where: _Where, value: object) -> tuple[str, str]:
    items = where.items(value)
    if len(items) != 2:
        raise where.error("expected two language codes")
    return where.at(0).text(items[0]), where.at(1).text(items[1])


def _runs(where: _Where, value: object) -> tuple[str, ...]:
    runs = []
    for k, raw in enumerate(where.items(value)):
        place = where.at(k)
        run = place.items(raw)
        if len(run) != 2:
            raise place.error("expected [document id, number of segments]")
        doc, count = place.at(0).text(run[0]), place.at(1).integer(run[1])
        if not doc:
            raise place.at(0).error("expected a document id, found an empty string")
        runs.append((doc, count))
    total = sum(count for _doc, count in runs)
    if total > _MAX_SEGMENTS:
        raise where.error(f"{total:,} segments in all is more than {_MAX_SEGMENTS:,}")
    return documents_of_runs(runs)


def _systems(
    raw: object,
    where: _Where,
    kind: SetKind,
    files: tuple[SavedFile, ...],
    roles: Roles | None,
) -> SavedSystems:
    item = where.mapping(raw)
    if kind is SetKind.BUNDLE:
        count = len(roles.systems) if roles is not None else 0
    else:
        count = sum(file.role is SavedRole.SYSTEM for file in files)
    positions = {}
    for name in ("baseline", "shown"):
        position = where.at(name).integer(item.get(name, 0))
        if not 0 <= position < count:
            raise where.at(name).error(
                f"system {position} does not exist (there are {count})"
            )
        positions[name] = position
    samples = where.at("samples").integer(item.get("samples", 1000))
    return SavedSystems(
        positions["baseline"],
        positions["shown"],
        where.at("test").text(item.get("test", "bs")),
        samples,
        where.at("all_pairs").flag(item.get("all_pairs", False)),
        where.at("shown_only").flag(item.get("shown_only", False)),
        _seed(item.get("seed", DEFAULT_SEED), where.at("seed")),
    )


def _seed(raw: object, where: _Where) -> int | None:
    """The tests' seed: a whole number in range, or "none" (as `io.seed` reads it).

    A seed written as a string of digits is bounded as a number is (its digits
    are not converted when there are too many to be a seed).
    """
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = _json_integer(raw.strip())
    text = str(where.integer(raw)) if not isinstance(raw, str) else raw
    try:
        return parse_seed(text, "seed")
    except ConfigError as error:
        raise where.error(str(error).removeprefix("seed: ")) from None


def _filter(raw: object, where: _Where) -> SavedFilter:
    item = where.mapping(raw)
    default = SavedFilter()
    delta = where.at("delta").items(item.get("delta", list(default.delta)))
    if len(delta) != 4:
        raise where.at("delta").error("expected [low, high, low open, high open]")
    place = where.at("delta")
    return SavedFilter(
        text=where.at("text").text(item.get("text", "")),
        regex=where.at("regex").flag(item.get("regex", False)),
        case_sensitive=where.at("case_sensitive").flag(
            item.get("case_sensitive", False)
        ),
        in_hypothesis=where.at("in_hypothesis").flag(item.get("in_hypothesis", True)),
        in_references=where.at("in_references").flag(item.get("in_references", True)),
        in_source=where.at("in_source").flag(item.get("in_source", True)),
        min_score=where.at("min_score").number(item.get("min_score", 0.0)),
        max_score=where.at("max_score").number(item.get("max_score", 100.0)),
        side=where.at("side").text(item.get("side", "ANY")),
        delta=(
            place.at(0).number(delta[0]),
            place.at(1).number(delta[1]),
            place.at(2).flag(delta[2]),
            place.at(3).flag(delta[3]),
        ),
        documents=_document_ids(item.get("documents", []), where.at("documents")),
    )


def _document_ids(raw: object, where: _Where) -> tuple[str, ...]:
    """The filter's documents: ids, none empty (older files have none)."""
    ids = []
    for k, value in enumerate(where.items(raw)):
        doc = where.at(k).text(value)
        if not doc:
            raise where.at(k).error("expected a document id, found an empty string")
        ids.append(doc)
    return tuple(sorted(set(ids)))


def _column(where: _Where, value: object) -> tuple[str, int, bool]:
    items = where.items(value)
    if len(items) != 3:
        raise where.error("expected [column, n-gram order, true/false]")
    return (
        where.at(0).text(items[0]),
        where.at(1).integer(items[1]),
        where.at(2).flag(items[2]),
    )


def _table(raw: object, where: _Where) -> SavedTable:
    item = where.mapping(raw)
    selected = where.at("selected").optional(item.get("selected"), _Where.integer)
    columns = where.at("columns").items(item.get("columns", []))
    return SavedTable(
        sort=where.at("sort").optional(item.get("sort"), _column),
        selected=selected,
        columns=tuple(
            _column(where.at("columns").at(k), v) for k, v in enumerate(columns)
        ),
    )


def _layout(raw: object, where: _Where) -> dict[str, bytes]:
    layout = {}
    for name, value in where.mapping(raw).items():
        text = where.at(name).text(value)
        try:
            layout[name] = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise where.at(name).error("not base64") from None
    return layout


def _system_names(
    kind: SetKind, files: Sequence[SavedFile], roles: Roles | None
) -> tuple[str, ...]:
    """The systems' names in order: their files' names, or the bundle's columns."""
    if kind is SetKind.BUNDLE:
        return roles.systems if roles is not None else ()
    return tuple(file.path.name for file in files if file.role is SavedRole.SYSTEM)


def _edits(raw: object, where: _Where, names: Sequence[str]) -> tuple[SavedEdits, ...]:
    """The `edits` list: systems that exist, once each; rows 0 or more, once each.

    A wrong segment is named by its system's file and its 1-based segment number,
    as the window numbers sentences ("edits of system 'b.txt', segment 12").
    """
    saved: dict[int, SavedEdits] = {}
    for k, entry in enumerate(where.items(raw)):
        place = where.at(k)
        item = place.mapping(entry)
        system = place.at("system").integer(item.get("system"))
        if not 0 <= system < len(names):
            raise place.at("system").error(
                f"system {system} does not exist (there are {len(names)})"
            )
        if system in saved:
            raise place.at("system").error(
                f"a second list of edits of system {names[system]!r}"
            )
        segments = place.at("segments").items(item.get("segments"))
        lines: dict[int, str] = {}
        for n, segment in enumerate(segments):
            at = place.at("segments").at(n)
            fields = at.mapping(segment)
            row = at.at("row").integer(fields.get("row"))
            named = _Where(
                where.path, f"edits of system {names[system]!r}, segment {row + 1}"
            )
            if row in lines:
                raise named.error("edited twice")
            text = fields.get("text")
            if not isinstance(text, str):
                raise named.error(f"the text is not a string ({_kind(text)})")
            lines[row] = text
        saved[system] = SavedEdits(system, tuple(sorted(lines.items())))
    return tuple(saved[system] for system in sorted(saved) if saved[system].lines)
