"""WMT test sets in the XML format of WMT21 and later, read as sacreBLEU reads them.

One file holds a whole test set: per document the source, each translator's
reference and every system's output, as numbered segments::

    <dataset id="newstest2021">
      <collection id="general">
        <doc id="d1" origlang="de" domain="news">
          <src lang="de"><p><seg id="1">...</seg></p></src>
          <ref lang="en" translator="A"><p><seg id="1">...</seg></p></ref>
          <hyp lang="en" system="Facebook-AI"><p><seg id="1">...</seg></p></hyp>

sacreBLEU's `WMTXMLDataset._unwrap_wmt21_or_later` is the reference reading, and the
segments here are the ones it extracts (the text of each ``seg``, exactly as written:
no whitespace is changed), in the same order (documents in file order, segments by
their numeric id), so that scores are sacreBLEU's:

* documents with a ``testsuite`` attribute are left out (kept with
  `FormatOptions.include_testsuites`);
* a segment for which no translator gave a non-empty reference is left out (kept,
  scored against empty references, with `FormatOptions.keep_unreferenced`);
* a translator who has no reference for a segment that another translator has gives
  an empty reference there, as in sacreBLEU.

What sacreBLEU does silently, or with an assertion or a `KeyError`, is an error here
naming the document and segment: a system without a segment, a segment id given
twice (sacreBLEU keeps the last), markup inside a segment (sacreBLEU keeps the text
before it), several source or reference languages. What is left out is said in the
bundle's notices. Collections, domains and original languages are not columns; they
are in `WmtXmlFile`, per segment.

The file goes to the parser as bytes, so it is decoded as its XML declaration says
(UTF-16 recognised by its byte-order mark); entities are never expanded and nothing
is fetched from the network (`io.xml_files.parse_xml`, which refuses entities).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.io.bundle import Bundle, Column, Format, Role
from bleu_gui.io.errors import FormatError, display_name
from bleu_gui.io.readers import Segments
from bleu_gui.io.xml_files import parse_xml, read_xml_bytes

if TYPE_CHECKING:
    # io.formats registers this reader: no import at run time. lxml is imported
    # when a file is parsed: a plain score of text files does not pay for it.
    from lxml import etree

    from bleu_gui.io.format_options import FormatOptions

__all__ = [
    "WmtXmlFile",
    "read_wmt_xml",
    "read_wmt_xml_file",
]

SOURCE_KEY = "source"
"""The key of the source column."""

_UNNAMED_TRANSLATOR_KEY = "ref"
"""The key of the reference of a ``ref`` without a translator (sacreBLEU's "ref")."""

_PLACES_SHOWN = 3
"""How many places a notice names before "and N more"."""


@dataclass(frozen=True, slots=True)
class WmtXmlFile:
    """A WMT XML test set: its bundle, and what it says about each segment.

    Attributes:
        bundle: The columns (source, references by translator, systems by name),
            the document id of each segment, and the notices.
        collections: Each segment's ``collection`` id (None outside a collection).
        domains: Each segment's document ``domain`` (None where it has none).
        origlangs: Each segment's document ``origlang`` (None where it has none).
    """

    bundle: Bundle
    collections: tuple[str | None, ...]
    domains: tuple[str | None, ...]
    origlangs: tuple[str | None, ...]


def read_wmt_xml(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """The bundle of a WMT XML file (the `io.formats` reader).

    `encoding` is not used: an XML file says its own encoding.

    Raises:
        InputError: the file cannot be read or is not well-formed XML (with the
            parser's line), or a `FormatError` naming the document and segment.
    """
    del encoding  # the XML declaration (or byte-order mark) says it
    return read_wmt_xml_file(path, options).bundle


def read_wmt_xml_file(path: Path, options: FormatOptions) -> WmtXmlFile:
    """Read a WMT XML file whole, with each segment's collection, domain and origlang.

    Raises:
        InputError: see `read_wmt_xml`.
    """
    root = parse_xml(path, read_xml_bytes(path))
    if root.tag != "dataset":
        raise FormatError(
            path,
            f"not a WMT XML test set: its root element is <{root.tag}>, not <dataset>",
            line=root.sourceline,
        )
    documents: list[_Document] = []
    skipped: list[_Document] = []
    for element in root.iter("doc"):
        document = _read_document(path, element)
        if document.testsuite and not options.include_testsuites:
            skipped.append(document)
        else:
            documents.append(document)
    _check_one_language(path, documents, "src", "source")
    _check_one_language(path, documents, "ref", "reference")
    encoding = root.getroottree().docinfo.encoding or "utf-8"
    return _assemble(path, encoding, documents, skipped, options)


@dataclass(frozen=True, slots=True)
class _Text:
    """One ``seg``: its text and line."""

    text: str
    line: int


@dataclass(slots=True)
class _Document:
    """One ``doc`` as read: its attributes and its segments per side."""

    id: str
    line: int
    testsuite: bool
    collection: str | None
    domain: str | None
    origlang: str | None
    languages: dict[str, set[str | None]]  # "src"/"ref" -> their lang attributes
    source: dict[int, _Text]
    references: dict[str, dict[int, _Text]]  # translator key -> segments
    systems: dict[str, dict[int, _Text]]  # system name -> segments
    labels: dict[str, str] = field(default_factory=dict)  # translator key -> label


def _read_document(path: Path, element: etree._Element) -> _Document:
    """A ``doc`` element's segments; an id given twice on one side is an error."""
    doc_id = element.get("id")
    line = element.sourceline or 0
    if not doc_id:
        raise FormatError(path, "a <doc> without an id", line=line)
    parent = element.getparent()
    document = _Document(
        id=doc_id,
        line=line,
        testsuite="testsuite" in element.attrib,
        collection=parent.get("id")
        if parent is not None and parent.tag == "collection"
        else None,
        domain=element.get("domain"),
        origlang=element.get("origlang"),
        languages={"src": set(), "ref": set()},
        source={},
        references={},
        systems={},
    )
    for side in element.iter("src"):
        document.languages["src"].add(side.get("lang"))
        document.source.update(
            _segments(path, document, side, "the source", document.source)
        )
    for side in element.iter("ref"):
        document.languages["ref"].add(side.get("lang"))
        translator = side.get("translator") or ""
        key = translator or _UNNAMED_TRANSLATOR_KEY
        label = f"reference {translator}" if translator else "reference"
        if key in document.references:
            raise _twice(path, document, side, label)
        document.labels[key] = label
        document.references[key] = dict(_segments(path, document, side, label, {}))
    for side in element.iter("hyp"):
        system = side.get("system")
        if not system:
            raise FormatError(
                path,
                "a <hyp> without a system name (its system attribute)",
                where=f"document {doc_id!r}",
            )
        label = f"system {system!r}"
        if system in document.systems:
            raise _twice(path, document, side, label)
        document.systems[system] = dict(_segments(path, document, side, label, {}))
    return document


def _twice(
    path: Path, document: _Document, side: etree._Element, label: str
) -> FormatError:
    return FormatError(
        path,
        f"{label} is given twice (again on line {side.sourceline})",
        where=f"document {document.id!r}",
    )


def _segments(
    path: Path,
    document: _Document,
    side: etree._Element,
    label: str,
    earlier: dict[int, _Text],
) -> Iterator[tuple[int, _Text]]:
    """The ``seg``s under `side` by numeric id, refusing what sacreBLEU misreads.

    `earlier`: segments of the same side already read (a document may hold several
    ``src`` elements, whose segments sacreBLEU reads together).
    """
    seen = dict(earlier)
    for seg in side.iter("seg"):
        line = seg.sourceline or 0
        seg_id = _segment_id(path, document, seg, label, line)
        where = f"document {document.id!r}, segment {seg_id}"
        if seg_id in seen:
            raise FormatError(
                path,
                f"{label} has this segment twice (lines {seen[seg_id].line} "
                f"and {line})",
                where=where,
            )
        if len(seg):
            inner = seg[0]
            what = f"<{inner.tag}>" if isinstance(inner.tag, str) else "a comment"
            raise FormatError(
                path,
                f"{label} has markup inside the segment ({what} on line "
                f"{inner.sourceline}); WMT XML segments are plain text",
                where=where,
            )
        text = _Text(seg.text or "", line)
        seen[seg_id] = text
        yield seg_id, text


def _segment_id(
    path: Path, document: _Document, seg: etree._Element, label: str, line: int
) -> int:
    """The ``id`` of a ``seg``: a whole number, as sacreBLEU's `int()` needs."""
    raw = seg.get("id")
    try:
        return int(raw or "")
    except ValueError:
        shown = "no id" if raw is None else f"the id {raw!r}"
        raise FormatError(
            path,
            f"a segment of {label} on line {line} has {shown}; segment ids are "
            "whole numbers",
            where=f"document {document.id!r}",
        ) from None


def _check_one_language(
    path: Path, documents: Iterable[_Document], side: str, what: str
) -> None:
    """Refuse sources (or references) in several languages, as sacreBLEU does."""
    languages: set[str | None] = set()
    for document in documents:
        languages |= document.languages[side]
    if len(languages) > 1:
        shown = ", ".join(sorted(lang or "none given" for lang in languages))
        raise FormatError(
            path,
            f"holds {what}s in several languages ({shown}); a test set has one "
            f"{what} language",
        )


@dataclass(slots=True)
class _Rows:
    """The segments kept so far, column by column."""

    source: list[str] = field(default_factory=list)
    references: dict[str, list[str]] = field(default_factory=dict)
    systems: dict[str, list[str]] = field(default_factory=dict)
    documents: list[str] = field(default_factory=list)
    segment_ids: list[str] = field(default_factory=list)
    collections: list[str | None] = field(default_factory=list)
    domains: list[str | None] = field(default_factory=list)
    origlangs: list[str | None] = field(default_factory=list)


def _assemble(
    path: Path,
    encoding: str,
    documents: list[_Document],
    skipped: list[_Document],
    options: FormatOptions,
) -> WmtXmlFile:
    """The bundle of the kept documents, and the notices about what was left out."""
    translators = _first_seen(document.references for document in documents)
    labels = dict.fromkeys(translators, "")
    for document in documents:
        labels.update(document.labels)
    systems = _first_seen(document.systems for document in documents)
    _check_keys(path, translators, labels, systems)
    rows = _Rows(
        references={key: [] for key in translators},
        systems={name: [] for name in systems},
    )
    unreferenced: list[tuple[str, int]] = []
    partial: dict[str, list[tuple[str, int]]] = {key: [] for key in translators}
    for document in documents:
        for seg_id in sorted(document.source):
            where = f"document {document.id!r}, segment {seg_id}"
            references = {
                key: document.references.get(key, {}).get(seg_id) for key in translators
            }
            if not any(text is not None and text.text for text in references.values()):
                unreferenced.append((document.id, seg_id))
                if not options.keep_unreferenced:
                    continue
            else:
                for key, text in references.items():
                    if text is None or not text.text:
                        partial[key].append((document.id, seg_id))
            for key, text in references.items():
                rows.references[key].append("" if text is None else text.text)
            for name in systems:
                rows.systems[name].append(_hypothesis(path, document, name, seg_id))
            rows.source.append(document.source[seg_id].text)
            rows.documents.append(document.id)
            rows.segment_ids.append(where)
            rows.collections.append(document.collection)
            rows.domains.append(document.domain)
            rows.origlangs.append(document.origlang)
    gaps = {
        key: _gaps_notice(path, labels[key], places)
        for key, places in partial.items()
        if places
    }
    notices = (*_notices(path, skipped, unreferenced, options), *gaps.values())
    if not rows.source:
        raise FormatError(path, _nothing_to_score(skipped, unreferenced))

    def column(key: str, label: str, role: Role, lines: list[str]) -> Column:
        own = (gaps[key],) if key in gaps else ()
        return Column(key, label, role, Segments(path, tuple(lines), encoding), own)

    columns = (
        column(SOURCE_KEY, "source", Role.SOURCE, rows.source),
        *(
            column(key, labels[key], Role.REFERENCE, rows.references[key])
            for key in translators
        ),
        *(column(name, name, Role.SYSTEM, rows.systems[name]) for name in systems),
    )
    bundle = Bundle(
        path,
        Format.WMT_XML,
        columns,
        segment_ids=tuple(rows.segment_ids),
        documents=tuple(rows.documents),
        notices=notices,
    )
    return WmtXmlFile(
        bundle, tuple(rows.collections), tuple(rows.domains), tuple(rows.origlangs)
    )


def _first_seen(keys: Iterable[Iterable[str]]) -> list[str]:
    """Every key, in the order first seen."""
    return list(dict.fromkeys(key for group in keys for key in group))


def _check_keys(
    path: Path, translators: list[str], labels: dict[str, str], systems: list[str]
) -> None:
    """Refuse a system named like the source or a translator: keys must differ."""
    taken = {SOURCE_KEY: "the source", **labels}
    for name in systems:
        if name in taken:
            raise FormatError(
                path,
                f"system {name!r} has the name of {taken[name]}; bleu-gui needs "
                "them to differ to choose among them",
            )


def _hypothesis(path: Path, document: _Document, system: str, seg_id: int) -> str:
    """`system`'s text for one segment; a system without it is an error."""
    segments = document.systems.get(system)
    if segments is None:
        raise FormatError(
            path,
            f"system {system!r} has no translation of this document",
            where=f"document {document.id!r}",
        )
    text = segments.get(seg_id)
    if text is None:
        raise FormatError(
            path,
            f"system {system!r} has no translation of this segment",
            where=f"document {document.id!r}, segment {seg_id}",
        )
    return text.text


def _notices(
    path: Path,
    skipped: list[_Document],
    unreferenced: list[tuple[str, int]],
    options: FormatOptions,
) -> tuple[str, ...]:
    """One line per kind of thing left out or kept, naming the file."""
    name = display_name(path)
    notices: list[str] = []
    if skipped:
        segments = sum(len(document.source) for document in skipped)
        notices.append(
            f"{name}: {_count(len(skipped), 'test-suite document')} "
            f"({_count(segments, 'segment')}) left out, as sacreBLEU leaves them "
            "out"
        )
    if unreferenced:
        what = _count(len(unreferenced), "segment")
        places = _places(unreferenced)
        if options.keep_unreferenced:
            notices.append(
                f"{name}: {what} without a reference ({places}) kept and scored "
                "against empty references; sacreBLEU leaves them out"
            )
        else:
            notices.append(
                f"{name}: {what} without a reference ({places}) left out, as "
                "sacreBLEU leaves them out"
            )
    return tuple(notices)


def _gaps_notice(path: Path, label: str, places: list[tuple[str, int]]) -> str:
    """The line about a reference that lacks segments another one has."""
    return (
        f"{display_name(path)}: {label} lacks {_count(len(places), 'segment')} that "
        f"another reference has ({_places(places)}); there it is an empty "
        "reference, as in sacreBLEU"
    )


def _nothing_to_score(
    skipped: list[_Document], unreferenced: list[tuple[str, int]]
) -> str:
    """Why a file gives no segment at all."""
    reasons = []
    if skipped:
        reasons.append(f"{_count(len(skipped), 'test-suite document')} left out")
    if unreferenced:
        reasons.append(
            f"{_count(len(unreferenced), 'segment')} without a reference left out"
        )
    why = f" ({'; '.join(reasons)})" if reasons else ""
    return f"has no segment to score{why}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _places(places: list[tuple[str, int]]) -> str:
    """Where, for a notice: "document 'a', segments 1, 2; document 'b', segment 4"."""
    by_document: dict[str, list[int]] = {}
    for doc_id, seg_id in places:
        by_document.setdefault(doc_id, []).append(seg_id)
    shown = [
        f"document {doc_id!r}, {_count(len(ids), 'segment').split()[1]} "
        + ", ".join(map(str, ids))
        for doc_id, ids in list(by_document.items())[:_PLACES_SHOWN]
    ]
    more = len(by_document) - _PLACES_SHOWN
    if more > 0:
        shown.append(f"and {_count(more, 'other document')}")
    return "; ".join(shown)
