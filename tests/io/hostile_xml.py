"""Small XML files of every format bleu-gui reads, with a document type to taste.

Shared by the reader, command-line and window tests of hostile XML: each writes
a file whose one unit (or segment) holds `text`, after `doctype` (a whole
``<!DOCTYPE ...>`` line, or none).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BILLION_LAUGHS", "TEMPLATES", "text_line", "write_xml"]

TEMPLATES: dict[str, str] = {
    "XLIFF 1.2": (
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n'
        '<file original="a.txt" source-language="en" target-language="de" '
        'datatype="plaintext"><body>\n'
        '<trans-unit id="u1"><source>Hello {source}</source>'
        "<target>Hallo {text}</target></trans-unit>\n"
        "</body></file></xliff>\n"
    ),
    "XLIFF 2.0": (
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
        'srcLang="en" trgLang="de"><file id="f1">\n'
        '<unit id="u1"><segment><source>Hello {source}</source>'
        "<target>Hallo {text}</target></segment></unit>\n"
        "</file></xliff>\n"
    ),
    "SDLXLIFF": (
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" '
        'xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0">\n'
        '<file original="a.docx" source-language="en-US" target-language="de-DE" '
        'datatype="x-sdlfilterframework2"><body>\n'
        '<trans-unit id="u1"><source>Hello {source}</source>'
        "<target>Hallo {text}</target></trans-unit>\n"
        "</body></file></xliff>\n"
    ),
    "TMX": (
        '<tmx version="1.4"><header srclang="en" datatype="plaintext" '
        'segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" '
        'creationtoolversion="1"/><body>\n'
        '<tu tuid="1"><tuv xml:lang="en"><seg>Hello {source}</seg></tuv>'
        '<tuv xml:lang="de"><seg>Hallo {text}</seg></tuv></tu>\n'
        "</body></tmx>\n"
    ),
}
"""Each format's file, its only segment's texts left as ``{source}`` and ``{text}``."""

_SUFFIXES = {"XLIFF 1.2": ".xlf", "XLIFF 2.0": ".xliff", "SDLXLIFF": ".sdlxliff"}

BILLION_LAUGHS = (
    "<!DOCTYPE lolz [\n"
    + '<!ENTITY lol0 "lollollollollollollollollollol">\n'
    + "".join(
        f'<!ENTITY lol{level} "{f"&lol{level - 1};" * 10}">\n' for level in range(1, 10)
    )
    + "]>"
)
"""A document type whose ``&lol9;`` would be 3 × 10⁹ characters, expanded."""


def write_xml(
    folder: Path,
    format_: str,
    doctype: str,
    text: str,
    stem: str = "job",
    source: str | None = None,
) -> Path:
    """Write `stem` + the format's suffix into `folder`: its file, `doctype` first.

    Its source holds `source` (the target's `text` if None): two files of one job
    have the same source and other targets.
    """
    path = folder / (stem + _SUFFIXES.get(format_, ".tmx"))
    body = TEMPLATES[format_].replace("{source}", text if source is None else source)
    body = body.replace("{text}", text)
    declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
    path.write_text(declaration + doctype + "\n" + body, "utf-8")
    return path


def text_line(format_: str, doctype: str) -> int:
    """The line `write_xml` writes the segment's text on."""
    before = TEMPLATES[format_].partition("{source}")[0]
    return 3 + doctype.count("\n") + before.count("\n")
