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
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, QThread, QTimer, Signal

from bleu_gui.models.session import FileSet

__all__ = ["RecentFiles"]

_KEY = "recent/filesets"
_LIMIT = 8


class _Writer(QObject):
    """On the writer thread: hands the list to a `QSettings` that Qt syncs there."""

    def __init__(self, file_name: str, file_format: QSettings.Format) -> None:
        super().__init__()
        # The same store as the caller's settings; QSettings objects on one file are
        # safe to use from different threads, and see each other's changes.
        self._settings = QSettings(file_name, file_format, self)

    def store(self, data: str) -> None:
        """Put `data` (JSON; empty: forget the list) in the settings; Qt writes it."""
        if data:
            self._settings.setValue(_KEY, data)
        else:
            self._settings.remove(_KEY)


class RecentFiles(QObject):
    """The last few file sets opened, newest first.

    Signals:
        changed: the list changed.
    """

    changed = Signal()

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._entries = _parse(settings.value(_KEY, "[]"))
        self._unsaved = False  # changed since the last close
        self._thread: QThread | None = None
        self._writer: _Writer | None = None

    def entries(self) -> list[FileSet]:
        """The remembered file sets, newest first; unreadable entries are skipped."""
        return list(self._entries)

    def add(self, files: FileSet) -> None:
        """Remember `files` as the newest entry."""
        entries = [entry for entry in self._entries if entry != files]
        self._entries = [files, *entries][:_LIMIT]
        self._changed()

    def clear(self) -> None:
        """Forget every entry."""
        self._entries = []
        self._changed()

    def close(self) -> None:
        """Stop the writer thread and make sure the list is on disk (on exit).

        The last change may still be queued for the stopped thread: it is written
        here, on the calling thread, where waiting no longer matters. The list can
        still change afterwards (a new writer thread starts).
        """
        thread, writer = self._thread, self._writer
        self._thread = self._writer = None
        if thread is not None:
            thread.quit()
            thread.wait()
        del writer  # only now, on this thread: the one it lived on has stopped
        if self._unsaved:
            self._unsaved = False
            data = self._json()
            if data:
                self._settings.setValue(_KEY, data)
            else:
                self._settings.remove(_KEY)
            self._settings.sync()

    def _changed(self) -> None:
        self._unsaved = True
        writer, data = self._writer or self._start_writer(), self._json()
        # Run on the writer's thread (a queued call to the context object's thread).
        QTimer.singleShot(0, writer, lambda: writer.store(data))
        self.changed.emit()

    def _start_writer(self) -> _Writer:
        writer = _Writer(self._settings.fileName(), self._settings.format())
        thread = QThread(self)
        thread.setObjectName("recent files writer")
        writer.moveToThread(thread)
        thread.start(QThread.Priority.LowPriority)
        self._thread, self._writer = thread, writer
        return writer

    def _json(self) -> str:
        """The list as stored: JSON, or "" for none."""
        if not self._entries:
            return ""
        return json.dumps([_to_json(entry) for entry in self._entries])


def _to_json(entry: FileSet) -> dict[str, Any]:
    return {
        "hypothesis": str(entry.hypothesis),
        "references": [str(ref) for ref in entry.references],
        "source": str(entry.source) if entry.source else None,
        "encoding": entry.encoding,
    }


def _parse(raw: object) -> list[FileSet]:
    """The file sets stored as `raw` (JSON); unreadable entries are skipped."""
    try:
        items = json.loads(str(raw))
    except json.JSONDecodeError:
        return []
    out = []
    for item in items if isinstance(items, list) else []:
        try:
            out.append(
                FileSet(
                    Path(item["hypothesis"]),
                    tuple(Path(ref) for ref in item["references"]),
                    Path(item["source"]) if item.get("source") else None,
                    str(item.get("encoding", "utf-8")),
                )
            )
        except (KeyError, TypeError):
            continue
    return out
