"""Recently opened file sets, remembered across runs in the platform's settings.

The list is read once and kept in memory; a change is shown at once and written to
disk by Qt on a thread of its own. Writing settings is not free: Qt's sync takes a
lock file, writes a new file, `fdatasync`s twice and renames. On an idle disk that is
a millisecond; under disk load it was 60–940 ms (measured), and on the GUI thread
each of those was a frozen window.

Calling `QSettings.sync()` from Python on another thread does not help: PySide holds
the GIL through the call, so the GUI thread waits just as long. What does help is
letting Qt sync by itself: `setValue` asks for an update, and the settings object's
own thread writes the file from its event loop, in C++, without the GIL. So the
writer's `QSettings` lives on a `QThread` whose loop is Qt's, and only the new value
crosses over (a queued call; storing it in memory takes microseconds).
Under the same disk load the GUI thread then never waited more than 4 ms.

Several windows, in one process or in several, share one list. Stored as one value,
the last writer's list replaced the others' (a file opened in one window vanished
from the list when another window opened one). So each file set is a key of its own
(`recent/sets/<digest of the file set>`), stamped with when it was opened, and a
clear is a stamp too (`recent/cleared`) that hides every entry opened before it.
Qt's sync merges key by key under its lock file, re-reading the file first if
another process changed it (its size or modification time), so two writers never
lose each other's entries, and the merge needs no sync of ours. The list is the
entries newer than the last clear, newest first, one per file set, at most eight;
each write also removes the keys past those eight. After Qt has synced a write, the
writer reads the merged list back and the window adopts it: its menu then shows
what the other windows opened too.

Each entry keeps the scoring options the test set was last scored with (its
tokenizer above all: a Chinese test set wants `zh`, and reopening it from the
list under `13a` gave a number nobody would report). The options are not part
of the entry's key: the same files scored with other options are the same entry,
updated. Test sets read from one file of several texts (`BundleSet`) are entries
too, with their roles. Entries written before options were remembered have none
(`Remembered.config` None): they open with the options in force.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, QThread, Signal

from bleu_gui.core.config import BleuConfig
from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.session_file import SessionFileError, config_from_json, config_to_json
from bleu_gui.io.xliff_states import XliffStates
from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.session import BundleSet, FileSet, OpenRequest

__all__ = ["RecentFiles", "Remembered"]

_SETS = "recent/sets"  # one key per file set: its JSON, with when it was opened
_CLEARED = "recent/cleared"  # when the list was last cleared (ns since the epoch)
_LEGACY = "recent/filesets"  # before: the whole list as one JSON value
_LIMIT = 8


@dataclass(frozen=True, slots=True)
class Remembered:
    """A recent test set and the options it was last scored with.

    Attributes:
        request: what reopens it (files in roles, or a file of several texts).
        config: the scoring options last used with it; None for an entry
            written before they were remembered.
    """

    request: OpenRequest
    config: BleuConfig | None = None


@dataclass(frozen=True, slots=True)
class _Entry:
    """One remembered test set, its options, and when (ns since the epoch)."""

    files: OpenRequest
    opened: int
    config: BleuConfig | None = None


@dataclass(frozen=True, slots=True)
class _History:
    """The list as a mergeable value.

    Attributes:
        entries: newest first, one per file set, at most `_LIMIT`, each opened
            after `cleared`.
        cleared: when the list was last cleared (0: never).
    """

    entries: tuple[_Entry, ...] = ()
    cleared: int = 0

    def merged(self, other: _History) -> _History:
        """Both lists as one: the later clear, each file set's latest opening.

        Order-free (`a.merged(b) == b.merged(a)`) and idempotent, so a list read
        back late, or twice, can never undo a newer change.
        """
        cleared = max(self.cleared, other.cleared)
        latest: dict[OpenRequest, _Entry] = {}
        for entry in (*self.entries, *other.entries):
            known = latest.get(entry.files)
            if entry.opened > max(cleared, known.opened if known else 0):
                latest[entry.files] = entry
        newest = sorted(
            latest.values(), key=lambda entry: (-entry.opened, _key(entry.files))
        )
        return _History(tuple(newest[:_LIMIT]), cleared)

    def latest(self) -> int:
        """The newest stamp in the list: a new one must be later."""
        return max([self.cleared, *(entry.opened for entry in self.entries)])

    def to_json(self) -> str:
        """The value that crosses between threads."""
        return json.dumps(
            {
                "cleared": self.cleared,
                "entries": [_entry_json(entry) for entry in self.entries],
            }
        )

    @staticmethod
    def from_json(data: str) -> _History:
        """The inverse of `to_json`."""
        value = json.loads(data)
        entries = (_parse_entry(item) for item in value["entries"])
        return _History(cleared=int(value["cleared"])).merged(
            _History(tuple(entry for entry in entries if entry is not None))
        )


class _Writer(QObject):
    """On the writer thread: hands the list to a `QSettings` that Qt syncs there.

    Signals:
        stored: (JSON of a `_History`) the list in the settings after Qt synced a
            write: this window's entries merged with those other windows wrote.
    """

    stored = Signal(str)
    _handed_over = Signal()

    def __init__(self, file_name: str, file_format: QSettings.Format) -> None:
        super().__init__()
        # The same store as the caller's settings; QSettings objects on one file are
        # safe to use from different threads, and see each other's changes.
        self._settings = QSettings(file_name, file_format, self)
        # Queued: runs after the sync that `setValue` posted to this thread's loop.
        self._handed_over.connect(self._read_back, Qt.ConnectionType.QueuedConnection)

    def store(self, data: str) -> None:
        """Merge `data` (JSON of a `_History`) into the settings; Qt writes it."""
        _write(self._settings, _History.from_json(data))
        self._handed_over.emit()

    def _read_back(self) -> None:
        self.stored.emit(_read(self._settings).to_json())


class RecentFiles(QObject):
    """The last few file sets opened, newest first, shared by every window.

    Signals:
        changed: the list changed (here, or read back from another window's).
        synced: a change went through the settings: Qt wrote it, merged with what
            other windows wrote, and the merged list came back.
    """

    changed = Signal()
    synced = Signal()
    _store_requested = Signal(str)

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._history = _read(settings)
        self._unsaved = False  # changed since the last close
        self._closed = False
        self._thread: QThread | None = None
        self._writer: _Writer | None = None

    def entries(self) -> list[FileSet]:
        """The remembered file sets (not files of several texts), newest first."""
        return [
            entry.files
            for entry in self._history.entries
            if isinstance(entry.files, FileSet)
        ]

    def remembered(self) -> list[Remembered]:
        """Every remembered test set with its options, newest first."""
        return [
            Remembered(entry.files, entry.config) for entry in self._history.entries
        ]

    def add(self, files: OpenRequest, config: BleuConfig | None = None) -> None:
        """Remember `files` (scored with `config`) as the newest entry.

        Its paths are made absolute against the working folder of now: a test set
        opened as `bleu-gui ref.txt -i hyp.txt` must reopen those files from a
        run started elsewhere, never another folder's files of the same names.
        """
        opened = _Entry(_absolute(files), self._stamp(), config)
        self._history = self._history.merged(_History((opened,)))
        self._changed()

    def config_of(self, files: OpenRequest) -> BleuConfig | None:
        """The options `files` was last scored with, if it is remembered with them."""
        files = _absolute(files)
        return next((e.config for e in self._history.entries if e.files == files), None)

    def clear(self) -> None:
        """Forget every entry opened until now, in every window."""
        self._history = _History(cleared=self._stamp())
        self._changed()

    def close(self) -> None:
        """Stop the writer thread and make sure the list is on disk (on exit).

        The last change may still be queued for the stopped thread: it is written
        here, on the calling thread, where waiting no longer matters. The list can
        still change afterwards (work that ends after its window closed opens no
        thread again): each change is then written here at once. A writer thread
        started after `close` would still run when its window is deleted, and Qt
        aborts the whole process when a running `QThread` is destroyed.
        """
        self._closed = True
        thread, writer = self._thread, self._writer
        self._thread = self._writer = None
        if thread is not None:
            thread.quit()
            thread.wait()
        del writer  # only now, on this thread: the one it lived on has stopped
        if self._unsaved:
            self._unsaved = False
            self._adopt(_write(self._settings, self._history))
            self._settings.sync()

    def _stamp(self) -> int:
        """Now, in ns since the epoch, and later than anything in the list."""
        return max(time.time_ns(), self._history.latest() + 1)

    def _changed(self) -> None:
        self._unsaved = True
        if self._closed:
            self.changed.emit()
            self.close()
            self.synced.emit()
            return
        if self._writer is None:
            self._start_writer()
        self._store_requested.emit(self._history.to_json())
        self.changed.emit()

    def _start_writer(self) -> None:
        writer = _Writer(self._settings.fileName(), self._settings.format())
        thread = QThread(self)
        thread.setObjectName("recent files writer")
        writer.moveToThread(thread)
        # Both queued: the writer lives on its thread, this object on the GUI's.
        self._store_requested.connect(writer.store)
        writer.stored.connect(self._on_stored)
        thread.start(QThread.Priority.LowPriority)
        self._thread, self._writer = thread, writer

    def _on_stored(self, data: str) -> None:
        self._adopt(self._history.merged(_History.from_json(data)))
        self.synced.emit()

    def _adopt(self, history: _History) -> None:
        """Take `history` as the list; say so if what it shows changed."""
        before, self._history = self.remembered(), history
        if self.remembered() != before:
            self.changed.emit()


def _read(settings: QSettings) -> _History:
    """The list in `settings` (as last synced); unreadable entries are skipped."""
    cleared = _stamp_value(settings.value(_CLEARED, 0))
    entries = [entry for _, entry in _stored_entries(settings) if entry is not None]
    legacy = _parse_legacy(settings.value(_LEGACY, "[]"))
    # The old list had no stamps: older than anything stamped, in its own order.
    entries += [_Entry(files, len(legacy) - i) for i, files in enumerate(legacy)]
    return _History(cleared=cleared).merged(_History(tuple(entries)))


def _write(settings: QSettings, history: _History) -> _History:
    """Merge `history` into `settings`, key by key; return the merged list.

    Only keys whose value changes are set, and the keys of entries past the limit
    or before the last clear are removed, so that a concurrent writer's other keys
    survive Qt's merge.
    """
    merged = _read(settings).merged(history)
    wanted = {
        _key(entry.files): json.dumps(_entry_json(entry)) for entry in merged.entries
    }
    for key, _ in _stored_entries(settings):
        if key not in wanted:
            settings.remove(f"{_SETS}/{key}")
    for key, value in wanted.items():
        if settings.value(f"{_SETS}/{key}") != value:
            settings.setValue(f"{_SETS}/{key}", value)
    if merged.cleared and _stamp_value(settings.value(_CLEARED, 0)) < merged.cleared:
        settings.setValue(_CLEARED, str(merged.cleared))
    if settings.contains(_LEGACY):
        settings.remove(_LEGACY)
    return merged


def _stored_entries(settings: QSettings) -> list[tuple[str, _Entry | None]]:
    """Each key under `recent/sets` and its entry (None: unreadable)."""
    settings.beginGroup(_SETS)
    try:
        keys = settings.childKeys()
        return [(key, _parse_stored(settings.value(key))) for key in keys]
    finally:
        settings.endGroup()


def _key(files: OpenRequest) -> str:
    """The settings key of a test set: a digest of its roles, paths and encoding.

    Not of its options: the same files scored otherwise are the same entry.
    """
    canonical = json.dumps(_request_json(files), sort_keys=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _request_json(request: OpenRequest) -> dict[str, Any]:
    """A test set's JSON value (without its options)."""
    if isinstance(request, FileSet):
        return _files_json(request)
    roles, options = request.roles, request.options
    return {
        "bundle": str(request.path),
        "format": request.format.value if request.format is not None else None,
        "encoding": request.encoding,
        **roles.to_json(),
        "options": options.to_json(),
    }


def _parse_bundle(item: dict[str, Any]) -> BundleSet | None:
    """A file of several texts with its roles from its JSON value; None if not one."""
    try:
        options = item.get("options") or {}
        languages = options.get("languages")
        return BundleSet(
            Path(item["bundle"]),
            Roles(
                tuple(map(str, item["references"])),
                tuple(map(str, item["systems"])),
                str(item["source"]) if item.get("source") is not None else None,
                str(item["documents"]) if item.get("documents") is not None else None,
                str(item["units"]) if item.get("units") is not None else None,
            ),
            Format(item["format"]) if item.get("format") else None,
            str(item.get("encoding", "utf-8")),
            FormatOptions(
                include_testsuites=bool(options.get("include_testsuites", False)),
                keep_unreferenced=bool(options.get("keep_unreferenced", False)),
                sheet=str(options["sheet"]) if options.get("sheet") else None,
                languages=(str(languages[0]), str(languages[1])) if languages else None,
                xliff_states=XliffStates(options.get("xliff_states", "final")),
            ),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def _files_json(files: FileSet) -> dict[str, Any]:
    """A file set's JSON value.

    `systems` only when there are several, and `encodings` only when a file has
    its own, so that a set keeps the key it had before they were remembered.
    """
    value: dict[str, Any] = {
        "hypothesis": str(files.hypothesis),
        "references": [str(ref) for ref in files.references],
        "source": str(files.source) if files.source else None,
        "encoding": files.encoding,
    }
    if files.systems:
        value["systems"] = [str(path) for path in files.systems]
    if files.encodings:  # only then: a set read in one encoding keeps its key
        value["encodings"] = [[str(path), name] for path, name in files.encodings]
    if files.named is not None:  # read by sacreBLEU's code, not from the files
        value["named"] = files.named.to_json()
    return value


def _entry_json(entry: _Entry) -> dict[str, Any]:
    value = {"opened": entry.opened, **_request_json(entry.files)}
    if entry.config is not None:
        value["config"] = config_to_json(entry.config)
    return value


def _stamp_value(raw: object) -> int:
    """A stamp as stored (INI files give back strings); 0 if unreadable."""
    try:
        return int(str(raw))
    except ValueError:
        return 0


def _parse_stored(raw: object) -> _Entry | None:
    try:
        item = json.loads(str(raw))
    except json.JSONDecodeError:
        return None
    return _parse_entry(item)


def _parse_entry(item: object) -> _Entry | None:
    """An entry from its JSON value; None if it is not one.

    An entry with a relative path (written before paths were made absolute) is
    none: which folder it was relative to is not known, and reopening it from
    another one would open other files.
    """
    if not isinstance(item, dict):
        return None
    files = _parse_bundle(item) if "bundle" in item else _parse_files(item)
    if files is None or not all(path.is_absolute() for path in _paths(files)):
        return None
    opened = item.get("opened")
    if not isinstance(opened, int) or opened <= 0:
        return None
    config = None
    if "config" in item:  # unreadable options: the entry, without them
        try:
            config = config_from_json(item["config"], Path("recent"))
        except SessionFileError:
            config = None
    return _Entry(files, opened, config)


def _parse_files(item: object) -> FileSet | None:
    """A file set from its JSON value; None if it is not one."""
    if not isinstance(item, dict):
        return None
    try:
        return FileSet(
            Path(item["hypothesis"]),
            tuple(Path(ref) for ref in item["references"]),
            Path(item["source"]) if item.get("source") else None,
            str(item.get("encoding", "utf-8")),
            systems=tuple(Path(path) for path in item.get("systems", ())),
            encodings=tuple(
                (Path(path), str(name)) for path, name in item.get("encodings", ())
            ),
            named=NamedSource.from_json(item["named"]) if "named" in item else None,
        )
    except (KeyError, TypeError, ValueError):
        return None


def _parse_legacy(raw: object) -> list[FileSet]:
    """The file sets of the old single value (JSON list); unreadable ones skipped."""
    try:
        items = json.loads(str(raw))
    except json.JSONDecodeError:
        return []
    parsed = [_parse_files(item) for item in items] if isinstance(items, list) else []
    return [
        files
        for files in parsed
        if files is not None and all(path.is_absolute() for path in _paths(files))
    ]


def _paths(request: OpenRequest) -> list[Path]:
    """Every path a test set names."""
    if isinstance(request, BundleSet):
        return [request.path]
    named = [request.hypothesis, *request.references, *request.systems]
    named += [path for path, _ in request.encodings]
    return named if request.source is None else [*named, request.source]


def _absolute(request: OpenRequest) -> OpenRequest:
    """`request` with each of its paths absolute (symbolic links kept)."""
    if isinstance(request, BundleSet):
        return replace(request, path=request.path.absolute())
    return replace(
        request,
        hypothesis=request.hypothesis.absolute(),
        references=tuple(path.absolute() for path in request.references),
        source=request.source.absolute() if request.source is not None else None,
        systems=tuple(path.absolute() for path in request.systems),
        encodings=tuple((path.absolute(), name) for path, name in request.encodings),
    )
