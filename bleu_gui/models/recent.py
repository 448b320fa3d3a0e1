"""Recently opened file sets, remembered across runs in the platform's settings.

The list is read once and kept in memory; changes are written back on a thread of
their own. Writing settings is not free: Qt's sync takes a lock file, writes a new
file, `fdatasync`s twice and renames, which is a millisecond on an idle disk and
was 80 ms on a busy one, on the GUI thread, just as a freshly scored corpus was
being painted. One writer thread keeps the writes in order; each uses its own
`QSettings` object for the same file (QSettings is reentrant, not thread-safe).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, QThreadPool, Signal

from bleu_gui.models.session import FileSet

__all__ = ["RecentFiles"]

_KEY = "recent/filesets"
_LIMIT = 8


class RecentFiles(QObject):
    """The last few file sets opened, newest first.

    Signals:
        changed: the list changed.
    """

    changed = Signal()

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._file = settings.fileName()
        self._format = settings.format()
        self._entries = _parse(settings.value(_KEY, "[]"))
        self._writer = QThreadPool(self)
        self._writer.setMaxThreadCount(1)  # one write at a time, in order

    def entries(self) -> list[FileSet]:
        """The remembered file sets, newest first; unreadable entries are skipped."""
        return list(self._entries)

    def add(self, files: FileSet) -> None:
        """Remember `files` as the newest entry."""
        entries = [entry for entry in self._entries if entry != files]
        self._entries = [files, *entries][:_LIMIT]
        self._write(json.dumps([_to_json(entry) for entry in self._entries]))
        self.changed.emit()

    def clear(self) -> None:
        """Forget every entry."""
        self._entries = []
        self._write(None)
        self.changed.emit()

    def wait(self, timeout_ms: int = 10_000) -> bool:
        """Block until every change is written (on exit, and in tests); True if so."""
        return self._writer.waitForDone(timeout_ms)

    def _write(self, value: str | None) -> None:
        self._writer.start(partial(_store, self._file, self._format, value))


def _store(file: str, settings_format: QSettings.Format, value: str | None) -> None:
    """Write the list (None: remove it) to the settings file, on the writer thread."""
    settings = QSettings(file, settings_format)
    if value is None:
        settings.remove(_KEY)
    else:
        settings.setValue(_KEY, value)
    settings.sync()


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
