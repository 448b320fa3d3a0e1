"""Reading a session: the file's JSON checked, part by part, into a `SessionData`.

A file that is not a session, from a newer bleu-gui, or with a wrong value is
refused whole by one `SessionFileError` line naming the file and the JSON place;
nothing half-read is returned. Each part of the file has its reader here; how a
value is checked at its place is `io.session_place`'s.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from pathlib import Path

from bleu_gui.core.buckets import BucketEdges
from bleu_gui.core.config import ConfigError
from bleu_gui.core.margin import Margin, NoMargin
from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.named_source import NamedSource
from bleu_gui.io.seed import DEFAULT_SEED, parse_seed
from bleu_gui.io.session_format import (
    FIRST_EDITS_VERSION,
    MAX_SEGMENTS,
    SESSION_KEY,
    SESSION_VERSION,
    documents_of_runs,
)
from bleu_gui.io.session_named_files import absolute_path
from bleu_gui.io.session_place import (
    SessionFileError,
    Unusable,
    Where,
    json_constant,
    json_float,
    json_integer,
    kind_of,
)
from bleu_gui.io.session_settings import config_at
from bleu_gui.io.session_values import (
    STORED_MARGIN_REASONS,
    SavedBucketKind,
    SavedBuckets,
    SavedEdits,
    SavedFile,
    SavedFilter,
    SavedMargin,
    SavedRole,
    SavedSystems,
    SavedTable,
    SessionData,
    SetKind,
    names_of_systems,
)
from bleu_gui.io.xliff_states import XliffStates

__all__ = ["read_session", "session_from_json"]


def session_from_json(value: object, path: Path) -> SessionData:
    """A session from its JSON value (`path`: the session file, paths relative to it).

    Raises:
        SessionFileError: not a session file, a newer version, or a value of the
            wrong type or out of range (one line naming the file and the place).
    """
    root = Where(path)
    item = root.mapping(value)
    version = item.get(SESSION_KEY)
    if version is None:
        raise root.error(f"not a bleu-gui session file (no {SESSION_KEY!r} key)")
    if isinstance(version, Unusable):
        raise root.at(SESSION_KEY).error(f"unknown session format ({version.words})")
    version = root.at(SESSION_KEY).whole(version)
    if version > SESSION_VERSION:
        raise root.error(
            f"saved by a newer bleu-gui (session format {version}; this one reads "
            f"up to {SESSION_VERSION}): update bleu-gui to open it"
        )
    if version < 1:
        raise root.at(SESSION_KEY).error(f"unknown session format {version}")
    folder = path.parent
    where = root.at("test_set")
    test_set = where.mapping(item.get("test_set"))
    kind: SetKind = where.at("kind").choice(test_set.get("kind"), SetKind)
    files = tuple(
        _file(raw, where.at("files").at(k), folder)
        for k, raw in enumerate(where.at("files").items(test_set.get("files")))
    )
    roles, format_ = _bundle(test_set.get("bundle"), where.at("bundle"))
    _check_roles(kind, files, roles, where)
    documents = where.at("documents").optional(test_set.get("documents"), _runs)
    names = names_of_systems(kind, files, roles)
    if version < FIRST_EDITS_VERSION and "edits" in item:
        raise root.at("edits").error(
            f"edits in a session of format {version} (they came with format "
            f"{FIRST_EDITS_VERSION})"
        )
    return SessionData(
        kind=kind,
        files=files,
        encoding=where.at("encoding").text(test_set.get("encoding", "utf-8")),
        drop_bom=where.at("drop_bom").flag(test_set.get("drop_bom", False)),
        roles=roles,
        format=format_,
        options=_options(test_set.get("options", {}), where.at("options")),
        documents=documents,
        config=config_at(item.get("settings", {}), root.at("settings")),
        systems=_systems(
            item.get("systems", {}), root.at("systems"), kind, files, roles
        ),
        filter=_filter(item.get("filter", {}), root.at("filter")),
        table=_table(item.get("table", {}), root.at("table")),
        layout=_layout(item.get("layout", {}), root.at("layout")),
        edits=_edits(item.get("edits", []), root.at("edits"), names),
        buckets=_buckets(item.get("buckets", {}), root.at("buckets")),
        named=where.at("named").optional(test_set.get("named"), _named),
        margin=root.at("margin").optional(
            item.get("margin"), lambda place, raw: _margin(raw, place, len(names))
        ),
    )


def read_session(path: Path) -> SessionData:
    """Read a session file.

    Raises:
        SessionFileError: it cannot be read, is not JSON, not a session, from a
            newer version, or holds a wrong value (one line: file and place).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SessionFileError(path, "no such file") from None
    except UnicodeDecodeError:
        raise SessionFileError(path, "not a session file (not UTF-8 text)") from None
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise SessionFileError(
            path, f"cannot read it: {why[:1].lower()}{why[1:]}"
        ) from None
    try:
        value = json.loads(
            text,
            parse_constant=json_constant,
            parse_int=json_integer,
            parse_float=json_float,
        )
    except json.JSONDecodeError as error:
        raise SessionFileError(
            path,
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})",
        ) from None
    except RecursionError:
        raise SessionFileError(
            path, "not a session file (lists or objects nested too deeply)"
        ) from None
    return session_from_json(value, path)


def _file(raw: object, where: Where, folder: Path) -> SavedFile:
    item = where.mapping(raw)
    path = where.at("path").text(item.get("path"))
    if not path:
        raise where.at("path").error("empty path")
    if "\x00" in path:  # no file has one: the system's calls would raise
        raise where.at("path").error("a path with a NUL character")
    sha = where.at("sha256").optional(item.get("sha256"), Where.text)
    return SavedFile(
        where.at("role").choice(item.get("role"), SavedRole),
        absolute_path(path, folder),
        where.at("encoding").text(item.get("encoding", "utf-8")),
        sha,
    )


def _bundle(raw: object, where: Where) -> tuple[Roles | None, Format | None]:
    if raw is None:
        return None, None
    item = where.mapping(raw)

    def keys(name: str) -> tuple[str, ...]:
        place = where.at(name)
        return tuple(
            place.at(k).text(v) for k, v in enumerate(place.items(item.get(name)))
        )

    roles = Roles(
        keys("references"),
        keys("systems"),
        where.at("source").optional(item.get("source"), Where.text),
        where.at("documents").optional(item.get("documents"), Where.text),
        where.at("units").optional(item.get("units"), Where.text),
    )
    format_: Format | None = where.at("format").optional(
        item.get("format"), lambda w, v: w.choice(v, Format)
    )
    return roles, format_


def _check_roles(
    kind: SetKind,
    files: tuple[SavedFile, ...],
    roles: Roles | None,
    where: Where,
) -> None:
    """The files' roles make a test set of `kind`."""
    count = {role: sum(f.role is role for f in files) for role in SavedRole}
    if kind is SetKind.BUNDLE:
        if count[SavedRole.BUNDLE] != 1 or len(files) != 1:
            raise where.at("files").error(
                "a bundle test set has one file, of role 'bundle'"
            )
        if roles is None or not roles.references or not roles.systems:
            raise where.at("bundle").error(
                "the bundle's reference and system columns are missing"
            )
        return
    if count[SavedRole.BUNDLE]:
        raise where.at("files").error("a file of role 'bundle' in a test set of files")
    if not count[SavedRole.SYSTEM]:
        raise where.at("files").error("no file of role 'system'")
    if not count[SavedRole.REFERENCE]:
        raise where.at("files").error("no file of role 'reference'")
    if count[SavedRole.SOURCE] > 1:
        raise where.at("files").error("more than one file of role 'source'")


def _options(raw: object, where: Where) -> FormatOptions:
    item = where.mapping(raw)
    languages = where.at("languages").optional(item.get("languages"), _pair_of_texts)
    return FormatOptions(
        include_testsuites=where.at("include_testsuites").flag(
            item.get("include_testsuites", False)
        ),
        keep_unreferenced=where.at("keep_unreferenced").flag(
            item.get("keep_unreferenced", False)
        ),
        sheet=where.at("sheet").optional(item.get("sheet"), Where.text),
        languages=languages,
        xliff_states=where.at("xliff_states").choice(
            item.get("xliff_states", XliffStates.FINAL.value), XliffStates
        ),
    )


def _pair_of_texts(where: Where, value: object) -> tuple[str, str]:
    items = where.items(value)
    if len(items) != 2:
        raise where.error("expected two language codes")
    return where.at(0).text(items[0]), where.at(1).text(items[1])


def _runs(where: Where, value: object) -> tuple[str, ...]:
    runs = []
    for k, raw in enumerate(where.items(value)):
        place = where.at(k)
        run = place.items(raw)
        if len(run) != 2:
            raise place.error("expected [document id, number of segments]")
        doc, count = place.at(0).text(run[0]), place.at(1).integer(run[1])
        if not doc:
            raise place.at(0).error("expected a document id, found an empty string")
        runs.append((doc, count))
    total = sum(count for _doc, count in runs)
    if total > MAX_SEGMENTS:
        raise where.error(f"{total:,} segments in all is more than {MAX_SEGMENTS:,}")
    return documents_of_runs(runs)


def _systems(
    raw: object,
    where: Where,
    kind: SetKind,
    files: tuple[SavedFile, ...],
    roles: Roles | None,
) -> SavedSystems:
    item = where.mapping(raw)
    if kind is SetKind.BUNDLE:
        count = len(roles.systems) if roles is not None else 0
    else:
        count = sum(file.role is SavedRole.SYSTEM for file in files)
    positions = {}
    for name in ("baseline", "shown"):
        position = where.at(name).integer(item.get(name, 0))
        if not 0 <= position < count:
            raise where.at(name).error(
                f"system {position} does not exist (there are {count})"
            )
        positions[name] = position
    samples = where.at("samples").integer(item.get("samples", 1000))
    return SavedSystems(
        positions["baseline"],
        positions["shown"],
        where.at("test").text(item.get("test", "bs")),
        samples,
        where.at("all_pairs").flag(item.get("all_pairs", False)),
        where.at("shown_only").flag(item.get("shown_only", False)),
        _seed(item.get("seed", DEFAULT_SEED), where.at("seed")),
    )


def _named(where: Where, raw: object) -> NamedSource:
    """The test sets of sacreBLEU's: their names and pair, and the filters (or null)."""
    item = where.mapping(raw)

    def text(name: str) -> str:
        value = where.at(name).text(item.get(name))
        if not value:
            raise where.at(name).error("empty")
        return value

    return NamedSource(
        text("names"),
        text("langpair"),
        where.at("origlang").optional(item.get("origlang"), Where.text),
        where.at("subset").optional(item.get("subset"), Where.text),
    )


_REASONS_BY_NAME = {name: reason for reason, name in STORED_MARGIN_REASONS.items()}


def _margin(raw: object, where: Where, systems: int) -> SavedMargin:
    """The Systems dock's margin: a margin (its sentences) or why none."""
    item = where.mapping(raw)
    positions = []
    for name in ("baseline", "shown"):
        position = where.at(name).integer(item.get(name))
        if not 0 <= position < systems:
            raise where.at(name).error(
                f"system {position} does not exist (there are {systems})"
            )
        positions.append(position)

    def rows(name: str) -> tuple[int, ...]:
        place = where.at(name)
        return tuple(
            place.at(k).integer(v) for k, v in enumerate(place.items(item.get(name)))
        )

    samples = where.at("samples").integer(item.get("samples"))
    seed = _seed(item.get("seed"), where.at("seed"))
    tested = rows("tested") if item.get("tested") is not None else None
    found: Margin | NoMargin
    if item.get("sentences") is None:
        place = where.at("reason")
        name = place.text(item.get("reason"))
        if name not in _REASONS_BY_NAME:
            allowed = ", ".join(repr(known) for known in _REASONS_BY_NAME)
            raise place.error(f"{name!r} is not one of {allowed}")
        p_value = where.at("p_value").optional(item.get("p_value"), Where.number)
        found = NoMargin(_REASONS_BY_NAME[name], p_value)
    else:
        swapped = rows("sentences")
        if not swapped:
            raise where.at("sentences").error("a margin of no sentence")
        found = Margin(
            len(swapped),
            swapped,
            where.at("b_better").flag(item.get("b_better")),
            where.at("p_value").number(item.get("p_value")),
            where.at("p_value_one_fewer").number(item.get("p_value_one_fewer")),
            where.at("p_value_after").number(item.get("p_value_after")),
            samples,
            seed,
            where.at("tests").integer(item.get("tests")),
        )
    return SavedMargin(positions[0], positions[1], samples, seed, tested, found)


def _seed(raw: object, where: Where) -> int | None:
    """The tests' seed: a whole number in range, or "none" (as `io.seed` reads it).

    A seed written as a string of digits is bounded as a number is (its digits
    are not converted when there are too many to be a seed).
    """
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = json_integer(raw.strip())
    text = str(where.integer(raw)) if not isinstance(raw, str) else raw
    try:
        return parse_seed(text, "seed")
    except ConfigError as error:
        raise where.error(str(error).removeprefix("seed: ")) from None


def _filter(raw: object, where: Where) -> SavedFilter:
    item = where.mapping(raw)
    default = SavedFilter()
    delta = where.at("delta").items(item.get("delta", list(default.delta)))
    if len(delta) != 4:
        raise where.at("delta").error("expected [low, high, low open, high open]")
    place = where.at("delta")
    return SavedFilter(
        text=where.at("text").text(item.get("text", "")),
        regex=where.at("regex").flag(item.get("regex", False)),
        case_sensitive=where.at("case_sensitive").flag(
            item.get("case_sensitive", False)
        ),
        in_hypothesis=where.at("in_hypothesis").flag(item.get("in_hypothesis", True)),
        in_references=where.at("in_references").flag(item.get("in_references", True)),
        in_source=where.at("in_source").flag(item.get("in_source", True)),
        min_score=where.at("min_score").number(item.get("min_score", 0.0)),
        max_score=where.at("max_score").number(item.get("max_score", 100.0)),
        side=where.at("side").text(item.get("side", "ANY")),
        delta=(
            place.at(0).number(delta[0]),
            place.at(1).number(delta[1]),
            place.at(2).flag(delta[2]),
            place.at(3).flag(delta[3]),
        ),
        documents=_document_ids(item.get("documents", []), where.at("documents")),
    )


def _document_ids(raw: object, where: Where) -> tuple[str, ...]:
    """The filter's documents: ids, none empty (older files have none)."""
    ids = []
    for k, value in enumerate(where.items(raw)):
        doc = where.at(k).text(value)
        if not doc:
            raise where.at(k).error("expected a document id, found an empty string")
        ids.append(doc)
    return tuple(sorted(set(ids)))


def _column(where: Where, value: object) -> tuple[str, int, bool]:
    items = where.items(value)
    if len(items) != 3:
        raise where.error("expected [column, n-gram order, true/false]")
    return (
        where.at(0).text(items[0]),
        where.at(1).integer(items[1]),
        where.at(2).flag(items[2]),
    )


def _table(raw: object, where: Where) -> SavedTable:
    item = where.mapping(raw)
    selected = where.at("selected").optional(item.get("selected"), Where.integer)
    columns = where.at("columns").items(item.get("columns", []))
    return SavedTable(
        sort=where.at("sort").optional(item.get("sort"), _column),
        selected=selected,
        columns=tuple(
            _column(where.at("columns").at(k), v) for k, v in enumerate(columns)
        ),
    )


def _layout(raw: object, where: Where) -> dict[str, bytes]:
    layout = {}
    for name, value in where.mapping(raw).items():
        text = where.at(name).text(value)
        try:
            layout[name] = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise where.at(name).error("not base64") from None
    return layout


def _edits(raw: object, where: Where, names: Sequence[str]) -> tuple[SavedEdits, ...]:
    """The `edits` list: systems that exist, once each; rows 0 or more, once each.

    A wrong segment is named by its system's file and its 1-based segment number,
    as the window numbers sentences ("edits of system 'b.txt', segment 12").
    """
    saved: dict[int, SavedEdits] = {}
    for k, entry in enumerate(where.items(raw)):
        place = where.at(k)
        item = place.mapping(entry)
        system = place.at("system").integer(item.get("system"))
        if not 0 <= system < len(names):
            raise place.at("system").error(
                f"system {system} does not exist (there are {len(names)})"
            )
        if system in saved:
            raise place.at("system").error(
                f"a second list of edits of system {names[system]!r}"
            )
        segments = place.at("segments").items(item.get("segments"))
        lines: dict[int, str] = {}
        for n, segment in enumerate(segments):
            at = place.at("segments").at(n)
            fields = at.mapping(segment)
            row = at.at("row").integer(fields.get("row"))
            named = Where(
                where.path, f"edits of system {names[system]!r}, segment {row + 1}"
            )
            if row in lines:
                raise named.error("edited twice")
            text = fields.get("text")
            if not isinstance(text, str):
                raise named.error(f"the text is not a string ({kind_of(text)})")
            lines[row] = text
        saved[system] = SavedEdits(system, tuple(sorted(lines.items())))
    return tuple(saved[system] for system in sorted(saved) if saved[system].lines)


def _buckets(raw: object, where: Where) -> SavedBuckets:
    """The Buckets tab's settings; a file from before them reads as the defaults."""
    item = where.mapping(raw)
    view = where.at("view").choice(
        item.get("view", SavedBucketKind.REF_LENGTH.value), SavedBucketKind
    )
    edges = BucketEdges()
    place = where.at("edges")
    for name, value in place.mapping(item.get("edges", {})).items():
        at = place.at(name)
        saved = at.choice(name, SavedBucketKind)
        try:
            edges = edges.edited(saved.kind, tuple(at.number_list(value)))
        except ValueError as error:
            raise at.error(str(error).partition(": ")[2] or str(error)) from None
    chosen = where.at("filter").optional(item.get("filter"), _chosen)
    if chosen is not None:
        count = len(edges.of(chosen[0].kind)) + 1
        if chosen[1] >= count:
            raise (
                where.at("filter")
                .at("bucket")
                .error(f"bucket {chosen[1]} does not exist (there are {count})")
            )
    return SavedBuckets(view, edges, chosen)


def _chosen(where: Where, value: object) -> tuple[SavedBucketKind, int]:
    """The bucket filter: a kind of sentence bucket and a bucket's position."""
    item = where.mapping(value)
    view: SavedBucketKind = where.at("view").choice(item.get("view"), SavedBucketKind)
    if view.kind is None:
        raise where.at("view").error(
            "words filter no sentences: expected a sentence view"
        )
    return view, where.at("bucket").integer(item.get("bucket"))
