"""A compact chooser of one file's encoding, for the rows of the open dialogs.

Each file of a test set may have its own encoding (a latin-1 output against UTF-8
references is common). A field per file that nobody fills would clutter the
dialogs; instead every file row carries this small combo box, on UTF-8 unless the
user says otherwise. It lists the encodings translators meet and takes any other
Python codec name typed in. A file that starts with a UTF-16 byte-order mark is
read as UTF-16 when the combo says UTF-8 (the session's rule): the tooltip says so.
"""

from __future__ import annotations

import codecs

from PySide6.QtWidgets import QComboBox, QSizePolicy, QWidget

__all__ = ["ENCODINGS", "ENCODING_HINT", "EncodingCombo"]

ENCODINGS: tuple[tuple[str, str], ...] = (
    ("UTF-8", "utf-8"),
    ("UTF-16", "utf-16"),
    ("Latin-1", "latin-1"),
    ("Windows-1252", "cp1252"),
    ("Windows-1250", "cp1250"),
    ("Shift JIS", "shift_jis"),
    ("GB 18030", "gb18030"),
    ("Big5", "big5"),
)
"""(what users read, the codec name) of the encodings offered; UTF-8 first."""

ENCODING_HINT = (
    "Files are read as UTF-8, a file that starts with a UTF-16 byte-order mark as "
    "UTF-16; choose another encoding per file where one is needed."
)


class EncodingCombo(QComboBox):
    """One file's encoding: a known one picked, or a codec name typed."""

    def __init__(self, parent: QWidget | None = None, encoding: str = "utf-8"):
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for text, codec in ENCODINGS:
            self.addItem(text, codec)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setToolTip(f"This file's encoding. {ENCODING_HINT}")
        self.setAccessibleName("Encoding")
        self.set_encoding(encoding)

    def encoding(self) -> str:
        """The codec name chosen (a typed name as typed, stripped)."""
        index = self.findText(self.currentText())
        if index >= 0:
            return str(self.itemData(index))
        typed = self.currentText().strip()
        return typed or "utf-8"

    def set_encoding(self, encoding: str) -> None:
        """Show `encoding` (a known codec by its name; any other as typed)."""
        wanted = _normal(encoding)
        for index in range(self.count()):
            if _normal(str(self.itemData(index))) == wanted:
                self.setCurrentIndex(index)
                return
        self.setEditText(encoding)


def _normal(encoding: str) -> str:
    """The codec's canonical name, so that "UTF8" and "utf-8" are one."""
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return encoding.lower()
