"""Translators' bilingual files (XLIFF 1.2 and 2.x, TMX) read by translate-toolkit.

A CAT tool's XLIFF file holds each unit's source and target; a TMX translation memory
holds each unit in several languages. Either is read into a `Bundle` of two columns:
"source" (`Role.SOURCE`) and "target", whose role only the user knows (the target of
an XLIFF job is the machine pre-translation before post-editing and the final
translation after it). Two such files of the same job are scored against each other
by `io.align.align_by_id`, which matches units by id, not by position: a post-edited
file may have its units in another order, or some units more or fewer.

Parsing is translate-toolkit's (`translate.storage.xliff`, `xliff2`, `tmx`), XML
decoding included (the XML declaration or a byte-order mark says the encoding; the
`encoding` argument is not used). What is decided here:

* **Inline tags become the text a translator reads**, without the tags: the text
  inside paired tags (`<g>`, `<pc>`, `<mrk>`, TMX `<hi>`) is kept; inline codes and
  placeholders (`<x/>`, `<bx/>`, `<ex/>`, `<ph>`, `<bpt>`, `<ept>`, `<it>`, `<ut>`,
  XLIFF 2 `<sc/>`, `<ec/>`, `<sm/>`, `<em/>`) are left out with whatever native code
  they hold (``&lt;b&gt;`` in a `<bpt>`), and nothing replaces them: "Press
  <g>Start</g>" is "Press Start", "Use <bpt>&lt;b&gt;</bpt>bold<ept>&lt;/b&gt;</ept>"
  is "Use bold", "one<x/>two" is "onetwo". Markup is not part of the translation
  that BLEU measures, and keeping ``<b>`` would add matching n-grams to both sides.
  An XLIFF 2 `<cp hex="..."/>` is the character it stands for. The text is read
  by `io.inline_text` from the toolkit's parsed tree, ``xml:space`` applied over
  the whole segment (XLIFF's default "default", TMX's "preserve"), so that a space
  at the edge of a tag still separates words; each segment is then right-stripped,
  as sacreBLEU strips each line of a text file. The tags themselves are kept apart,
  each with where it stood, in `Segments.tags` (for the QA checks, `core.qa`),
  without a character of the text changing.
* **Ids**: a unit's segment id is "unit 'ID'": the XLIFF 1.2 `trans-unit` id
  (prefixed by its `<file original="...">` when the file has several `<file>`
  elements, whose ids may repeat), the XLIFF 2 unit id ("u1", or "u1::s2" for each
  segment of a unit with several, as the toolkit names them; prefixed likewise by
  its `<file id>` when the file has several `<file>` elements), the TMX `tuid`. An
  XLIFF 1.2 unit segmented by `<mrk mtype="seg" mid="...">` (SDLXLIFF, Okapi) is a
  segment per mark, by the same rule: "tu7::3" for mid 3 of a unit with several,
  "tu7" for a unit of one (`io.xliff_segments`). A unit
  without an id is named by its position among the file's units ("unit #5"); two
  files are then matched by position for those units, which the notices say. The
  bundle's `Units` are the same names without the word: "u1", "#5".
* **Entities**: a file that declares or uses XML entities is refused before the
  toolkit reads it (`io.xml_files.parse_xml`): nothing an entity points to is read.
* **Units left out**, each kind counted in a notice naming the first few: XLIFF
  units without a `<target>` (an empty `<target/>` is an empty segment), XLIFF
  units whose target is not a finished translation (`io.xliff_states`), TMX units
  without the source or the target language. A file whose units are all left out
  is refused.
* **TMX languages**: `FormatOptions.languages` (source, target), compared without
  regard to case; when None, the file must have exactly two languages, the source
  being the header's `srclang` when it is one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from bleu_gui.core.inline_tags import SegmentTags
from bleu_gui.io.bundle import UNIT, Bundle, Column, Format, Role, Units
from bleu_gui.io.errors import FormatError, LanguagesNotChosenError, display_name
from bleu_gui.io.file_bytes import read_bytes
from bleu_gui.io.inline_text import segment_text_and_tags
from bleu_gui.io.readers import DEFAULT_ENCODING, Segments
from bleu_gui.io.xliff_segments import SEGMENT_SEPARATOR, segment_name, split_unit
from bleu_gui.io.xliff_states import (
    COUNT_ALL_HINT,
    XliffStates,
    is_left_untranslated,
    left_out_notice,
    not_final,
    segment_not_final,
)
from bleu_gui.io.xml_files import parse_xml

if TYPE_CHECKING:
    from bleu_gui.io.format_options import FormatOptions

__all__ = ["read_tmx", "read_xliff"]

SOURCE = "source"
"""The key of a bilingual file's source column."""


class _Row(NamedTuple):
    """A sentence read: its unit's name (`Units`), its id for messages, its texts.

    With each text's inline tags (`io.inline_text`), for the QA checks.
    """

    name: str
    segment_id: str
    source: str
    target: str
    source_tags: SegmentTags = ()
    target_tags: SegmentTags = ()


TARGET = "target"
"""The key of a bilingual file's target column."""

# The toolkit's separator between a file's `original` and a unit's id.
_ID_SEPARATOR = "\x04"
# How many ids a notice names before it says "and N more".
_SHOWN = 3
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_FORMAT_NAMES = {"xliff": "an XLIFF file", "tmx": "a TMX file"}


def read_xliff(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """Read an XLIFF 1.x or 2.x file: a source and a target column, by segment.

    `encoding` is not used: an XML file says its encoding. Units whose target is
    not finished are left out unless `options.xliff_states` is "all"
    (`io.xliff_states`). An XLIFF 1.2 unit segmented by `<mrk mtype="seg">`
    (SDLXLIFF, Okapi) is a row per segment (`io.xliff_segments`).
    """
    data = read_bytes(path)
    parser, version_2 = _xliff_class(path, data)
    store = _parse(path, data, parser)
    units = [unit for unit in store.units if not unit.isheader()]
    if not units:
        raise FormatError(path, "has no translation units")
    raw_ids = _xliff_ids(units, version_2=version_2)
    kept: list[_Row] = []
    sourceless: list[str] = []
    untranslated: list[str] = []
    unfinished: list[tuple[str, str]] = []
    mismatched: list[str] = []
    unpaired: list[str] = []  # the segments of the units in `mismatched`
    every_state = options.xliff_states is XliffStates.ALL
    for raw, name, unit in zip(raw_ids, _names(raw_ids), units, strict=True):
        element = unit.xmlelement
        source, target = _child(unit, "source"), _child(unit, "target")
        if is_left_untranslated(element, target):
            continue  # not for translation, and none given: not a segment at all
        if source is None:
            sourceless.append(_segment_id(name, raw))
            continue
        split = None if version_2 else split_unit(element, target)
        if split is not None and split.mismatch is not None:
            mismatched.append(f"{_segment_id(name, raw)}: {split.mismatch}")
            unpaired += [_segment_id(name, raw)] + [
                _segment_id(segment_name(name, mid, len(split.mids)), raw)
                for mid in split.mids
            ]
            continue
        pieces = [(None, source, target)] if split is None else split.segments
        for mid, source_part, target_part in pieces:
            own = name if mid is None else segment_name(name, mid, len(pieces))
            segment_id = _segment_id(own, raw)
            if target is None:
                untranslated.append(segment_id)
                continue
            text, target_tags = _plain(target_part, "default")
            reason = None
            if not every_state:
                reason = not_final(element, target, version_2=version_2)
                if reason is None and mid is not None:
                    reason = segment_not_final(element, mid, text)
            if reason is not None:
                unfinished.append((segment_id, reason))
                continue
            source_text, source_tags = _plain(source_part, "default")
            kept.append(
                _Row(own, segment_id, source_text, text, source_tags, target_tags)
            )
    notices = _left_out(path, sourceless, "have no <source>", "has no <source>")
    notices += _left_out(path, untranslated, "have no <target>", "has no <target>")
    notices += _left_out(
        path,
        mismatched,
        "have <target> segments that cannot be paired with their <seg-source>'s by mid",
        "has <target> segments that cannot be paired with its <seg-source>'s by mid",
        separator="; ",
    )
    if unfinished:
        notices += (left_out_notice(path, unfinished),)
    if not kept:
        raise FormatError(
            path, _nothing_kept(sourceless, untranslated, unfinished, mismatched)
        )
    left_out = (
        *sourceless,
        *untranslated,
        *(segment_id for segment_id, _ in unfinished),
        *unpaired,
    )
    bundle = _bundle(
        path, Format.XLIFF, kept, ("source", "target"), notices, raw_ids, left_out
    )
    # The header's languages (`source-language`, `srcLang`): how the QA checks
    # read numbers. Both or none: one alone pairs with nothing.
    languages = (store.getsourcelanguage(), store.gettargetlanguage())
    if all(isinstance(language, str) and language for language in languages):
        bundle = replace(bundle, languages=tuple(str(lang) for lang in languages))
    return bundle


def _child(unit: Any, name: str) -> Any:
    """The unit's own `<source>` or `<target>` element (XLIFF 2: its segment's).

    Found by name: the toolkit takes a unit's first language element for its
    source and the second for its target, so a `<target>` without a `<source>`
    would be read as the source.
    """
    for child in unit.xmlelement.iterchildren("{*}" + name, name):
        return child
    return None


def read_tmx(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """Read a TMX file: the source and target languages' texts, by unit.

    `encoding` is not used: an XML file says its encoding.
    """
    from translate.storage import tmx

    data = read_bytes(path)
    _root(path, data, "tmx")
    store = _parse(path, data, tmx.tmxfile.parsestring)
    units = list(store.units)
    if not units:
        raise FormatError(path, "has no translation units")
    found = _languages(units)
    source_language, target_language = _chosen_languages(path, store, found, options)
    raw_ids = tuple(str(unit.xmlelement.get("tuid", "")) for unit in units)
    kept: list[_Row] = []
    missing: list[str] = []
    for raw, name, unit in zip(raw_ids, _names(raw_ids), units, strict=True):
        source = _tmx_text(unit, source_language)
        target = _tmx_text(unit, target_language)
        if source is None or target is None:
            missing.append(_segment_id(name, raw))
            continue
        row_id = _segment_id(name, raw)
        kept.append(_Row(name, row_id, source[0], target[0], source[1], target[1]))
    pair = f"{source_language} or {target_language}"
    notices = _left_out(path, missing, f"lack {pair}", f"lacks {pair}")
    if not kept:
        raise FormatError(
            path,
            f"has no unit in both {source_language} and {target_language}: "
            "nothing to score",
        )
    labels = (f"source ({source_language})", f"target ({target_language})")
    bundle = _bundle(path, Format.TMX, kept, labels, notices, raw_ids, tuple(missing))
    others = [
        lang
        for lang in found.values()
        if lang not in (source_language, target_language)
    ]
    return replace(bundle, languages=(source_language, target_language, *others))


def _nothing_kept(
    sourceless: Sequence[str],
    untranslated: Sequence[str],
    unfinished: Sequence[object],
    mismatched: Sequence[str],
) -> str:
    """Why an XLIFF file whose units are all left out has nothing to score."""
    if unfinished:
        return (
            f"has no unit with a finished translation ({len(unfinished)} not "
            f"finished, {len(untranslated)} without <target>): nothing to score; "
            f"{COUNT_ALL_HINT}"
        )
    if mismatched:
        return (
            "has no unit whose <target> segments pair with its <seg-source>'s by "
            f"mid ({mismatched[0]}): nothing to score"
        )
    if untranslated:
        return "has no unit with a <target>: nothing to score"
    if sourceless:
        return "has no unit with a <source>: nothing to score"
    return (
        'has no unit for translation (every unit is translate="no"): nothing to score'
    )


def _xliff_class(path: Path, data: bytes) -> tuple[Any, bool]:
    """The toolkit's parser for the file's XLIFF version, and whether it is 2.

    The version is the root's `version` attribute (or its namespace's).
    """
    from translate.storage import xliff, xliff2

    root = _root(path, data, "xliff")
    version = str(root.get("version") or "")
    namespace = str(root.nsmap.get(None) or "")
    if version.startswith("2") or (not version and ":2." in namespace):
        return xliff2.Xliff2File.parsestring, True
    return xliff.Xliff1File.parsestring, False


def _root(path: Path, data: bytes, expected: str) -> Any:
    """The document's root element, refused unless it is `expected` (its local name).

    The file is parsed by `parse_xml` before the toolkit sees it, so that a file
    with entities, which the toolkit's rich text cannot hold, is refused in one
    line. The toolkit asserts the root's name; checking it first gives a message
    that says what the file is instead.
    """
    root = parse_xml(path, data)
    name = str(root.tag).rpartition("}")[2]
    if name != expected:
        raise FormatError(
            path,
            f"is not {_FORMAT_NAMES[expected]}: its root element is <{name}>, not "
            f"<{expected}>",
        )
    return root


def _parse(path: Path, data: bytes, parse: Any) -> Any:
    """`parse(data)`, with whatever the toolkit or lxml raises as a `FormatError`."""
    try:
        return parse(data)
    except SyntaxError as error:  # lxml's XMLSyntaxError
        line = error.lineno if error.lineno else None
        raise FormatError(
            path, f"is not well-formed XML ({error.msg})", line=line
        ) from None
    except (AssertionError, ValueError, StopIteration, KeyError) as error:
        reason = str(error).strip() or type(error).__name__
        raise FormatError(path, f"cannot be read ({reason})") from None


def _xliff_ids(units: Sequence[Any], *, version_2: bool) -> tuple[str, ...]:
    """Each unit's id (see the module docstring), "" when it has none.

    XLIFF 2 unit ids are unique within their `<file>` only, as XLIFF 1.2's are
    within theirs; the toolkit prefixes an XLIFF 1.2 id with its file's
    `original` but gives an XLIFF 2 id bare, so two `<file>` elements each with
    a unit "u1" (OASIS's test file withReferences.xlf) would be one id twice.
    An XLIFF 2 id is prefixed here by its `<file id>` the same way.
    """
    parts = [
        (
            _file_id(unit) + _ID_SEPARATOR + _unit_id(unit)
            if version_2
            else _unit_id(unit)
        ).rpartition(_ID_SEPARATOR)
        for unit in units
    ]
    several_files = len({original for original, _, _ in parts}) > 1
    return tuple(
        f"{original}/{own}" if several_files and own else own
        for original, _, own in parts
    )


def _file_id(unit: Any) -> str:
    """The `id` of the XLIFF 2 `<file>` a unit (or segment) is in, "" if none."""
    for ancestor in unit.xmlelement.iterancestors():
        if str(ancestor.tag).rpartition("}")[2] == "file":
            return str(ancestor.get("id") or "")
    return ""


def _unit_id(unit: Any) -> str:
    """The toolkit's id of a unit, but an XLIFF 2 unit of one segment is its unit.

    The toolkit names a segment "u6::s1" when the segment has an id of its own,
    even when it is its unit's only one; a translator knows it as unit "u6".
    """
    raw = str(unit.getid() or "")
    segment = unit.xmlelement
    parent = segment.getparent()
    if str(segment.tag).rpartition("}")[2] != "segment" or parent is None:
        return raw
    if len(list(parent.iterchildren(segment.tag))) != 1:
        return raw
    return raw.rpartition(SEGMENT_SEPARATOR)[0] or raw


def _names(raw_ids: Sequence[str]) -> tuple[str, ...]:
    """Each unit's name (`Units`): its id, or "#3", its position, without one."""
    return tuple(
        unit_id or f"#{number}" for number, unit_id in enumerate(raw_ids, start=1)
    )


def _segment_id(name: str, raw_id: str) -> str:
    """A segment's id, for messages: "unit 'u7'", or "unit #3" (`raw_id` "")."""
    return f"unit {name!r}" if raw_id else f"unit {name}"


def _plain(element: Any, default_space: str) -> tuple[str, SegmentTags]:
    """The text a translator reads in a segment element, right-stripped; its tags.

    A tag after the last word stands at the text's end.
    """
    if element is None:
        return "", ()
    text, tags = segment_text_and_tags(element, default_space)
    text = text.rstrip()
    end = len(text)
    return text, tuple(
        tag if tag.offset <= end else replace(tag, offset=end) for tag in tags
    )


def _languages(units: Iterable[Any]) -> dict[str, str]:
    """The languages of the units' variants: lower case to as first written."""
    found: dict[str, str] = {}
    for unit in units:
        for node in unit.getlanguageNodes():
            language = _language_of(node)
            if language:
                found.setdefault(language.lower(), language)
    return found


def _language_of(node: Any) -> str:
    """A `<tuv>`'s language: ``xml:lang``, or ``lang`` (TMX 1.1)."""
    return str(node.get(_XML_LANG) or node.get("lang") or "")


def _chosen_languages(
    path: Path, store: Any, found: dict[str, str], options: FormatOptions
) -> tuple[str, str]:
    """The source and target languages to read, as the file writes them."""
    listed = ", ".join(found.values()) or "none"
    if options.languages is None:
        if len(found) != 2:
            raise LanguagesNotChosenError(
                path,
                f"has {len(found)} languages ({listed}): choose the source and "
                "target languages",
                tuple(found.values()),
            )
        first, second = found.values()
        header = str(store.sourcelanguage or "").lower()
        return (second, first) if header == second.lower() else (first, second)
    chosen = []
    for language in options.languages:
        if language.lower() not in found:
            raise FormatError(path, f"has no language {language!r} (it has {listed})")
        chosen.append(found[language.lower()])
    if chosen[0] == chosen[1]:
        raise FormatError(path, "the source and target languages must differ")
    return chosen[0], chosen[1]


def _tmx_text(unit: Any, language: str) -> tuple[str, SegmentTags] | None:
    """The unit's text in `language` (its first variant in it) and tags, or None."""
    for node in unit.getlanguageNodes():
        if _language_of(node).lower() == language.lower():
            seg = next(node.iterchildren("seg"), None)
            return _plain(seg, "preserve")
    return None


def _left_out(
    path: Path, ids: Sequence[str], plural: str, singular: str, separator: str = ", "
) -> tuple[str, ...]:
    """One notice for units left out: how many, and the first few ids."""
    if not ids:
        return ()
    shown = separator.join(ids[:_SHOWN])
    if len(ids) > _SHOWN:
        shown += f" and {len(ids) - _SHOWN} more"
    if len(ids) == 1:
        return (f"{display_name(path)}: 1 unit {singular} ({shown}); left out",)
    return (f"{display_name(path)}: {len(ids)} units {plural} ({shown}); left out",)


def _bundle(
    path: Path,
    format_: Format,
    kept: Sequence[_Row],
    labels: tuple[str, str],
    notices: tuple[str, ...],
    raw_ids: Sequence[str],
    left_out: tuple[str, ...],
) -> Bundle:
    """The two-column bundle of the rows kept (`left_out`: those said left out).

    `raw_ids`: every unit's id as the file writes it ("" for none), for the
    notice on units without one.
    """
    units = Units(UNIT, tuple(row.name for row in kept))
    sources = Segments(
        path,
        tuple(row.source for row in kept),
        DEFAULT_ENCODING,
        tags=tuple(row.source_tags for row in kept),
    )
    targets = Segments(
        path,
        tuple(row.target for row in kept),
        DEFAULT_ENCODING,
        tags=tuple(row.target_tags for row in kept),
    )
    columns = (
        Column(SOURCE, labels[0], Role.SOURCE, sources),
        Column(TARGET, labels[1], None, targets),
    )
    unnamed = [
        _segment_id(name, raw)
        for name, raw in zip(_names(raw_ids), raw_ids, strict=True)
        if not raw
    ]
    if unnamed:
        count = f"{len(unnamed)} units have" if len(unnamed) > 1 else "1 unit has"
        notices += (
            f"{display_name(path)}: {count} no id ({', '.join(unnamed[:_SHOWN])}"
            f"{' ...' if len(unnamed) > _SHOWN else ''}); named by position, and "
            "matched by position with another file",
        )
    ids = tuple(row.segment_id for row in kept)
    return Bundle(path, format_, columns, ids, None, notices, left_out, units)
