"""Files of several texts for the window's tests, read by small test readers.

The window opens whatever `io.formats.read_bundle` reads. Its tests must not
depend on how a WMT XML or XLIFF parser works (other tests pin those): here a
bundle file is JSON written by the test, and a test reader registered in
`io.formats` (monkeypatched, so the registry is as it was after each test) turns
it into the `Bundle` the real reader of that format would return. The texts are
real: lines of the bundled WMT21 demo corpus.

XLIFF files aligned by unit id go through `io.align.align_by_id`; `fake_align`
installs a stand-in of the same signature for the tests (columns "source", one
per reference file, one per system file, keyed by file name; units in every file
only, a notice for the rest).
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.cli import demo_paths
from bleu_gui.io import Segments
from bleu_gui.io.bundle import Bundle, Column, Format, Role
from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from tests.gui.demo_sets import read_lines

SIZE = 24  # segments of each test bundle: a few dozen, as the brief asks


@dataclass(frozen=True)
class DemoTexts:
    """The first `SIZE` lines of the demo's source, references and systems."""

    source: list[str]
    references: dict[str, list[str]]  # WMT translator id -> lines
    systems: dict[str, list[str]]  # system name -> lines


def demo_texts() -> DemoTexts:
    source, refs, candidate, others = demo_paths()
    references = {
        chr(ord("A") + k): read_lines(path)[:SIZE] for k, path in enumerate(refs)
    }
    systems = {
        path.name.removeprefix("sys.").removesuffix(".txt"): read_lines(path)[:SIZE]
        for path in (*others, candidate)
    }
    return DemoTexts(read_lines(source)[:SIZE], references, systems)


def documents(size: int = SIZE) -> list[str]:
    """Document ids of `size` segments: three documents."""
    return [f"doc{1 + k * 3 // size}" for k in range(size)]


# --- a WMT XML test set, as JSON ----------------------------------------------------


def write_wmt(path: Path, texts: DemoTexts, notices: Sequence[str] = ()) -> Path:
    """A test set of the demo's texts: the source, references A and B, 4 systems."""
    columns: list[dict[str, Any]] = [
        {"key": "source", "label": "source", "role": "source", "lines": texts.source}
    ]
    for key, lines in texts.references.items():
        columns.append(
            {
                "key": key,
                "label": f"reference {key}",
                "role": "reference",
                "lines": lines,
            }
        )
    for name, lines in texts.systems.items():
        columns.append({"key": name, "label": name, "role": "system", "lines": lines})
    content = {"columns": columns, "documents": documents(), "notices": list(notices)}
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


def write_sheet(path: Path, texts: DemoTexts) -> Path:
    """A spreadsheet of the demo's texts: headers say nothing of roles."""
    names = list(texts.systems)
    columns = [
        {"key": "doc", "label": "column 'doc'", "role": None, "lines": documents()},
        {"key": "de", "label": "column 'de'", "role": None, "lines": texts.source},
        {
            "key": "post-edit",
            "label": "column 'post-edit'",
            "role": None,
            "lines": texts.references["A"],
        },
        {
            "key": "mt",
            "label": "column 'mt'",
            "role": None,
            "lines": texts.systems[names[0]],
        },
    ]
    path.write_text(json.dumps({"columns": columns}), encoding="utf-8")
    return path


def read_json_bundle(format_: Format) -> Any:
    """A reader of `format_` for the JSON test bundles (io.formats.Reader)."""

    def read(path: Path, encoding: str, options: FormatOptions) -> Bundle:
        try:
            content = json.loads(path.read_text(encoding=encoding))
        except (OSError, ValueError) as error:
            raise FormatError(path, f"is not a test bundle ({error})", line=1) from None
        columns = tuple(
            Column(
                item["key"],
                item["label"],
                None if item["role"] is None else Role(item["role"]),
                Segments(path, tuple(item["lines"]), encoding),
            )
            for item in content["columns"]
        )
        notices = tuple(content.get("notices", ()))
        if options.include_testsuites:
            notices += (f"{path.name}: test suites included",)
        docs = content.get("documents")
        return Bundle(
            path,
            format_,
            columns,
            documents=None if docs is None else tuple(docs),
            notices=notices,
        )

    return read


def register_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read ``*.xml``, ``*.tsv``, ``*.sgm``, ``*.xlf`` in their formats (test JSON)."""
    from bleu_gui.io import file_format, formats

    for suffix, format_ in (
        (".xml", Format.WMT_XML),
        (".tsv", Format.TSV),
        (".sgm", Format.WMT_SGML),
    ):
        monkeypatch.setitem(file_format._SUFFIXES, suffix, format_)
        monkeypatch.setitem(formats._READERS, format_, read_json_bundle(format_))
    monkeypatch.setitem(file_format._SUFFIXES, ".xlf", Format.XLIFF)
    monkeypatch.setitem(formats._READERS, Format.XLIFF, read_xliff)


# --- XLIFF, as JSON: unit id -> (source, target) --------------------------------------


def write_xliff(path: Path, units: dict[str, tuple[str, str]]) -> Path:
    path.write_text(json.dumps(units), encoding="utf-8")
    return path


def read_xliff(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    units: dict[str, list[str]] = json.loads(path.read_text(encoding=encoding))
    ids = tuple(units)
    source = Segments(path, tuple(units[i][0] for i in ids), encoding)
    target = Segments(path, tuple(units[i][1] for i in ids), encoding)
    return Bundle(
        path,
        Format.XLIFF,
        (
            Column("source", "source", Role.SOURCE, source),
            Column("target", "target", None, target),
        ),
        segment_ids=ids,
    )


def align_by_id(references: Sequence[Bundle], systems: Sequence[Bundle]) -> Bundle:
    """The stand-in of `io.align.align_by_id`: units in every file, by id."""
    files = (*references, *systems)
    common = set.intersection(*(set(bundle.segment_ids or ()) for bundle in files))
    first = files[0]
    ids = tuple(i for i in first.segment_ids or () if i in common)
    notices = tuple(
        f"{bundle.path.name}: unit {unit!r} is not in every file; left out"
        for bundle in files
        for unit in bundle.segment_ids or ()
        if unit not in common
    )

    def column(bundle: Bundle, key: str) -> Segments:
        segments = bundle.column(key).segments
        by_id = dict(zip(bundle.segment_ids or (), segments.lines, strict=True))
        return Segments(segments.path, tuple(by_id[i] for i in ids), segments.encoding)

    columns = [Column("source", "source", Role.SOURCE, column(first, "source"))]
    for bundle, role in (
        *((b, Role.REFERENCE) for b in references),
        *((b, Role.SYSTEM) for b in systems),
    ):
        name = bundle.path.name
        columns.append(Column(name, name, role, column(bundle, "target")))
    return Bundle(
        first.path, first.format, tuple(columns), segment_ids=ids, notices=notices
    )


def fake_align(monkeypatch: pytest.MonkeyPatch) -> None:
    """Install `align_by_id` above as `bleu_gui.io.align` (until the real one is)."""
    module = types.ModuleType("bleu_gui.io.align")
    module.align_by_id = align_by_id  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bleu_gui.io.align", module)


def write_one_text(path: Path, key: str, role: Role, lines: Sequence[str]) -> Path:
    """A file of one text (a WMT SGML refset or tstset), with its documents."""
    column = {"key": key, "label": key, "role": role.value, "lines": list(lines)}
    content = {"columns": [column], "documents": documents(len(lines))}
    path.write_text(json.dumps(content), encoding="utf-8")
    return path
