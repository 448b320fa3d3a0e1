"""Recently opened file sets, remembered across runs in the platform's settings."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

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
        self._settings = settings

    def entries(self) -> list[FileSet]:
        """The remembered file sets, newest first; unreadable entries are skipped."""
        raw = self._settings.value(_KEY, "[]")
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

    def add(self, files: FileSet) -> None:
        """Remember `files` as the newest entry."""
        entries = [entry for entry in self.entries() if entry != files]
        entries.insert(0, files)
        data = [
            {
                "hypothesis": str(entry.hypothesis),
                "references": [str(ref) for ref in entry.references],
                "source": str(entry.source) if entry.source else None,
                "encoding": entry.encoding,
            }
            for entry in entries[:_LIMIT]
        ]
        self._settings.setValue(_KEY, json.dumps(data))
        self.changed.emit()

    def clear(self) -> None:
        """Forget every entry."""
        self._settings.remove(_KEY)
        self.changed.emit()
