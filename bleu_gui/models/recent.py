"""Recently opened file sets, remembered across runs in the platform's settings.

The list is read once and kept in memory; a change is shown at once and written a
moment later, in an event-loop turn of its own. Writing settings is not free: Qt's
sync takes a lock file, writes a new file, `fdatasync`s twice and renames, which is a
millisecond on an idle disk but was 80 ms on a busy one, and it ran in the same turn
as the paint of a freshly scored corpus. (Not on a thread: PySide holds the GIL
through the whole sync, so the GUI thread would wait for it anyway, at a moment
nobody chose.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from bleu_gui.models.session import FileSet

__all__ = ["RecentFiles"]

_KEY = "recent/filesets"
_LIMIT = 8
# How long after a change the list is written: past the burst of work a load ends
# with, and changes close together are written once.
_WRITE_AFTER_MS = 1_000


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
        self._pending = False  # a change not written yet
        self._writer = QTimer(self)
        self._writer.setSingleShot(True)
        self._writer.setInterval(_WRITE_AFTER_MS)
        self._writer.timeout.connect(self.flush)

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

    def flush(self) -> None:
        """Write a pending change now (on exit; otherwise a timer does it)."""
        self._writer.stop()
        if not self._pending:
            return
        self._pending = False
        if self._entries:
            data = [_to_json(entry) for entry in self._entries]
            self._settings.setValue(_KEY, json.dumps(data))
        else:
            self._settings.remove(_KEY)
        self._settings.sync()

    def _changed(self) -> None:
        self._pending = True
        self._writer.start()
        self.changed.emit()


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
