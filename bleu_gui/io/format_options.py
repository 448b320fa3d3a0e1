"""The choices a format's reader needs beyond the file and its encoding.

A module of its own, below every reader: the readers take these options, and
`io.formats` dispatches to the readers, so the options cannot live there without
each reader importing the module that imports it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bleu_gui.io.xliff_states import XliffStates

__all__ = ["FormatOptions"]


@dataclass(frozen=True, slots=True)
class FormatOptions:
    """Choices a format's reader needs beyond the file and its encoding.

    Attributes:
        include_testsuites: WMT XML: keep test-suite documents (sacreBLEU skips them).
        keep_unreferenced: WMT XML and SGML: keep segments without any reference
            (sacreBLEU drops them, and so does bleu-gui by default, so that the
            numbers match).
        sheet: XLSX: the worksheet to read (the first when None).
        languages: TMX: the source and target language codes to read, or None for
            the only two the file has.
        drop_bom: Text files: drop a byte-order mark at the start.
        xliff_states: XLIFF: count only the units whose target is a finished
            translation (the default), or all units with a target.
    """

    include_testsuites: bool = False
    keep_unreferenced: bool = False
    sheet: str | None = None
    languages: tuple[str, str] | None = None
    drop_bom: bool = False
    xliff_states: XliffStates = XliffStates.FINAL

    def for_systems(self) -> FormatOptions:
        """These options for reading a system's file: every XLIFF unit counts.

        Workflow states say whether a *reference* is a finished translation; a
        system's target is a machine pre-translation, unfinished by nature
        (``needs-review-translation``), and an empty one is an empty output, which
        BLEU must see.
        """
        return replace(self, xliff_states=XliffStates.ALL)

    def to_json(self) -> dict[str, object]:
        """The options a test-set file is read with, as JSON values.

        Not `drop_bom`: the window's setting, stored with the other settings.
        """
        return {
            "include_testsuites": self.include_testsuites,
            "keep_unreferenced": self.keep_unreferenced,
            "sheet": self.sheet,
            "languages": list(self.languages) if self.languages else None,
            "xliff_states": self.xliff_states.value,
        }
