"""Between the session and a session file: what to save, what to open, what changed.

`io.session_file` is the file format (no Qt); this module knows the session's values:
it turns the open test set, the options, the systems and the filter into a
`SessionData` (`session_data`), turns a `SessionData` read back into the request
the session opens, leaving out the files that are gone (`reopen_plan`), and keeps
the "changed since saved" flag of the window's title (`SessionTracker`).

The what-if edits (issue 15) are kept by the session per system; this module reaches
them through `EditsHolder` (`edits(system_id)`, `set_edits(system_id, edits)`), so
that it needs nothing else of the session's editing: `saved_edits` takes them for a
file, `restore_edits` counts them again (`core.edits.count_edits`, under the options
in force) and gives them back once the systems are read and counted.

What counts as a change a user would not want to lose: the test set (its files,
systems added or removed, document ids given), the scoring options, the baseline
and shown system, the filter, the sort and the edits. Not the selected sentence, the
columns or the layout: they are saved with the session, but moving through
sentences or dragging a splitter is no work to lose, and a prompt on every close
after reading a few sentences would teach users to click it away.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Qt, Signal

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.documents import Documents
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.significance import DEFAULT_SEED
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.errors import display_name
from bleu_gui.io.sentence_columns import COLUMN_SPECS
from bleu_gui.io.session_file import (
    FileCheck,
    FileState,
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
    checksum,
)
from bleu_gui.models.margin_model import MarginModel
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import (
    DeltaRange,
    DeltaSide,
    DocumentRows,
    SentenceFilter,
)
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session import BundleSet, FileSet, OpenRequest, Session
from bleu_gui.models.workspace import System, SystemId
from bleu_gui.models.workspace_change import Moved

__all__ = [
    "STORED_COLUMN_KINDS",
    "STORED_SIDES",
    "EditsHolder",
    "ReopenPlan",
    "SessionTracker",
    "TestChoice",
    "choices_from_json",
    "choices_to_json",
    "column_key",
    "document_filter",
    "filter_of",
    "margin_to_restore",
    "reopen_plan",
    "restore_edits",
    "saved_edits",
    "saved_filter",
    "saved_margin",
    "session_data",
    "sort_from_json",
    "sort_of",
    "sort_to_json",
]


@dataclass(frozen=True, slots=True)
class TestChoice:
    """The Systems dock's paired-test settings (the view reads and sets them)."""

    test: str = "bs"
    samples: int = 1000
    all_pairs: bool = False
    shown_only: bool = False
    seed: int | None = DEFAULT_SEED


class EditsHolder(Protocol):
    """What keeps the what-if edits of each system (the session)."""

    def edits(self, system_id: SystemId) -> Edits:
        """The edits of a system (empty: none)."""
        ...

    def set_edits(self, system_id: SystemId, edits: Edits) -> None:
        """Replace the edits of a system."""
        ...


# --- saving ---------------------------------------------------------------------------


def saved_edits(
    holder: EditsHolder, systems: Sequence[SystemId]
) -> tuple[SavedEdits, ...]:
    """The edits of `systems` (in order) as a session file keeps them: texts only."""
    saved = []
    for position, system_id in enumerate(systems):
        texts = holder.edits(system_id).texts()
        if texts:
            saved.append(SavedEdits(position, tuple(sorted(texts.items()))))
    return tuple(saved)


# The names a session file and the settings store for a column kind (the column
# specs say them) and a Δ side: chosen here, not taken from the members' names, so
# that renaming a member in the code does not make the files users saved
# unreadable. A new member needs its name (`tests/models/test_stored_names.py`
# says so, and pins these).
STORED_COLUMN_KINDS: Mapping[ColumnKind, str] = {
    kind: spec.stored for kind, spec in COLUMN_SPECS.items()
}
STORED_SIDES: Mapping[DeltaSide, str] = {
    DeltaSide.ANY: "ANY",
    DeltaSide.BETTER: "BETTER",
    DeltaSide.WORSE: "WORSE",
    DeltaSide.SAME: "SAME",
}
_KINDS_BY_NAME = {name: kind for kind, name in STORED_COLUMN_KINDS.items()}
_SIDES_BY_NAME = {name: side for side, name in STORED_SIDES.items()}


def saved_filter(spec: SentenceFilter) -> SavedFilter:
    """The saved parts of a filter: all but a salient n-gram (documents by id)."""
    delta = spec.delta
    documents = spec.documents
    return SavedFilter(
        text=spec.text,
        regex=spec.regex,
        case_sensitive=spec.case_sensitive,
        in_hypothesis=spec.in_hypothesis,
        in_references=spec.in_references,
        in_source=spec.in_source,
        min_score=spec.min_score,
        max_score=spec.max_score,
        side=STORED_SIDES[spec.side],
        delta=(delta.low, delta.high, delta.low_open, delta.high_open),
        documents=() if documents is None else tuple(sorted(documents.ids)),
    )


def document_filter(
    saved: SavedFilter, documents: Documents | None
) -> tuple[DocumentRows | None, str]:
    """The saved filter's documents among the test set's, and one line on any not.

    Ids that name no document of the test set now (its document ids changed, or
    are gone) are left out and named; if none is left, no document filter.

    Returns:
        The rows to show (None: every document) and "" or the line.
    """
    if not saved.documents:
        return None, ""
    known = set() if documents is None else set(documents.ids)
    found = frozenset(doc for doc in saved.documents if doc in known)
    gone = [doc for doc in saved.documents if doc not in known]
    note = ""
    if gone:
        names = ", ".join(f"'{doc}'" for doc in gone)
        noun = "document" if len(gone) == 1 else "documents"
        note = f"filter: {noun} {names} left out (not in the test set's document ids)"
    if not found or documents is None:
        return None, note
    return DocumentRows.of(documents, found), note


def filter_of(saved: SavedFilter) -> OrUnavailable[SentenceFilter]:
    """The filter a session saved, or why it cannot be one (one line).

    Without its documents: their rows are known once the test set is read
    (`document_filter`).
    """
    side = _SIDES_BY_NAME.get(saved.side)
    if side is None:
        names = ", ".join(STORED_SIDES.values())
        return Unavailable(f"filter.side: {saved.side!r} is not one of {names}")
    low, high, low_open, high_open = saved.delta
    return SentenceFilter(
        text=saved.text,
        regex=saved.regex,
        case_sensitive=saved.case_sensitive,
        in_hypothesis=saved.in_hypothesis,
        in_references=saved.in_references,
        in_source=saved.in_source,
        min_score=saved.min_score,
        max_score=saved.max_score,
        side=side,
        delta=DeltaRange(low, high, low_open, high_open),
    )


def column_key(name: str, order: int) -> ColumnKey | None:
    """The column a session names (kind name, n-gram order), or None if unknown."""
    kind = _KINDS_BY_NAME.get(name)
    return None if kind is None else ColumnKey(kind, order)


def choices_to_json(choices: Mapping[ColumnKey, bool]) -> str:
    """The table's column choices as a settings value (JSON)."""
    return json.dumps(
        [
            [STORED_COLUMN_KINDS[key.kind], key.order, shown]
            for key, shown in choices.items()
        ]
    )


def choices_from_json(value: object) -> dict[ColumnKey, bool]:
    """The inverse of `choices_to_json`; what cannot be read is left out."""
    try:
        items = json.loads(str(value))
    except json.JSONDecodeError:
        return {}
    choices = {}
    for item in items if isinstance(items, list) else ():
        if isinstance(item, list) and len(item) == 3:
            name, order, shown = item
            key = column_key(str(name), order) if isinstance(order, int) else None
            if key is not None and isinstance(shown, bool):
                choices[key] = shown
    return choices


def sort_to_json(sort: tuple[str, int, bool] | None) -> str:
    """A sort as `sort_of` gives it, as a settings value (JSON; "" for none)."""
    return "" if sort is None else json.dumps(list(sort))


def sort_from_json(value: object) -> tuple[ColumnKey, Qt.SortOrder] | None:
    """The inverse of `sort_to_json`: the column and order; None if unreadable."""
    try:
        item = json.loads(str(value))
    except json.JSONDecodeError:
        return None
    if not isinstance(item, list) or len(item) != 3:
        return None
    name, order, descending = item
    if not isinstance(order, int) or not isinstance(descending, bool):
        return None
    key = column_key(str(name), order)
    if key is None:
        return None
    return (
        key,
        Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder,
    )


def sort_of(browser: SentenceBrowser) -> tuple[str, int, bool] | None:
    """The sort in force as a session saves it; None: corpus order."""
    column, order = browser.sort
    key = browser.model.column_key(column)
    descending = order == Qt.SortOrder.DescendingOrder
    if key is None or (key.kind is ColumnKind.NUMBER and not descending):
        return None
    return STORED_COLUMN_KINDS[key.kind], key.order, descending


def session_data(
    session: Session,
    browser: SentenceBrowser,
    *,
    tests: TestChoice,
    selected: int | None,
    columns: Sequence[tuple[ColumnKey, bool]] = (),
    layout: Mapping[str, bytes] | None = None,
    edits: EditsHolder | None = None,
    buckets: SavedBuckets | None = None,
    margin: MarginModel | None = None,
) -> OrUnavailable[SessionData]:
    """What a session file keeps of the window now, or why nothing (one line).

    Each file's checksum is taken now (its bytes are read: a second for a few
    hundred megabytes). `edits`: where the what-if edits are kept (None: none
    saved). `buckets`: the Buckets tab's settings (None: the defaults).
    saved). `margin`: the Systems dock's (`saved_margin`).
    """
    request = session.opened
    workspace = session.workspace
    if request is None or workspace.test_set is None:
        return Unavailable("open a test set before saving a session")
    if session.loading is not None:
        return Unavailable(
            "a test set is being opened: save the session once it is open"
        )
    ids = [system.id for system in workspace.systems]
    position = {system_id: k for k, system_id in enumerate(ids)}
    systems = SavedSystems(
        position.get(workspace.baseline or ids[0], 0),
        position.get(workspace.shown or ids[-1], 0),
        tests.test,
        tests.samples,
        tests.all_pairs,
        tests.shown_only,
        tests.seed,
    )
    try:
        if isinstance(request, BundleSet):
            files: tuple[SavedFile, ...] = (
                _saved(SavedRole.BUNDLE, request.path, request.encoding),
            )
            kind, roles, format_ = SetKind.BUNDLE, request.roles, request.format
            documents = None  # the file has its own
            encoding, drop_bom = request.encoding, request.options.drop_bom
        else:
            files = _saved_files(request, [s.path for s in workspace.systems])
            kind, roles, format_ = SetKind.FILES, None, None
            documents = workspace.test_set.documents
            encoding, drop_bom = request.encoding, request.drop_bom
    except OSError as error:
        name = display_name(error.filename or "a file of the test set")
        return Unavailable(
            f"{name}: cannot read it to take its checksum ({error.strerror})"
        )
    return SessionData(
        kind=kind,
        files=files,
        encoding=encoding,
        drop_bom=drop_bom,
        roles=roles,
        format=format_,
        options=replace(request.options, drop_bom=False),
        documents=documents,
        config=session.config,
        systems=systems,
        filter=saved_filter(browser.filter),
        table=SavedTable(
            sort_of(browser),
            selected,
            tuple(
                (STORED_COLUMN_KINDS[key.kind], key.order, shown)
                for key, shown in columns
            ),
        ),
        layout=dict(layout or {}),
        edits=() if edits is None else saved_edits(edits, ids),
        buckets=buckets or SavedBuckets(),
        margin=None if margin is None else saved_margin(margin, session),
        named=request.named if isinstance(request, FileSet) else None,
    )


def saved_margin(model: MarginModel, session: Session) -> SavedMargin | None:
    """The dock's margin as a session keeps it, or None.

    Only a margin found (not running) under the options in force: one of other
    options is not the scores the session shows.
    """
    pair, found = model.pair, model.result
    if pair is None or found is None or model.running or pair.ids is None:
        return None
    ids = [system.id for system in session.workspace.systems]
    a, b = pair.ids
    if pair.config != session.config or a not in ids or b not in ids:
        return None
    tested = None if pair.rows is None else tuple(int(row) for row in pair.rows)
    return SavedMargin(
        ids.index(a), ids.index(b), pair.samples, pair.seed, tested, found
    )


def margin_to_restore(
    data: SessionData, plan: ReopenPlan, checks: Sequence[FileCheck]
) -> SavedMargin | None:
    """The session's margin, if it is still of the pair and texts it was found for.

    Not when a file is missing or changed since (other statistics), nor when
    the margin's pair is not the session's baseline and shown system as they
    open (another pair was shown when it was saved, or a system was left out).
    The options are the session's own: a margin is saved only under them.
    """
    saved = data.margin
    if saved is None or any(check.state is not FileState.SAME for check in checks):
        return None
    if (saved.baseline, saved.shown) != (plan.baseline, plan.shown):
        return None
    return saved


def _saved(role: SavedRole, path: Path, encoding: str) -> SavedFile:
    return SavedFile(role, path.absolute(), encoding, checksum(path))


def _saved_files(files: FileSet, systems: Sequence[Path]) -> tuple[SavedFile, ...]:
    """The files of a test set of files: systems in the workspace's order first."""
    saved = [
        _saved(SavedRole.SYSTEM, path, files.encoding_of(path)) for path in systems
    ]
    saved += [
        _saved(SavedRole.REFERENCE, path, files.encoding_of(path))
        for path in files.references
    ]
    if files.source is not None:
        saved.append(
            _saved(SavedRole.SOURCE, files.source, files.encoding_of(files.source))
        )
    return tuple(saved)


# --- opening --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReopenPlan:
    """How a session file reopens, given what became of its files.

    Attributes:
        request: what the session opens.
        baseline: position of the baseline among the systems opened.
        shown: position of the shown system among them.
        note: one line on what was left out or changed since saved ("" if none).
    """

    request: OpenRequest
    baseline: int
    shown: int
    note: str


def reopen_plan(
    data: SessionData, checks: Sequence[FileCheck], outside: Sequence[Path] = ()
) -> OrUnavailable[ReopenPlan]:
    """What to open of a session, leaving out files that are gone; or why nothing.

    A missing system or reference is left out while one of its role is left; a
    missing source is left out. A changed file opens as it is now (its scores may
    differ from those seen when saved): the note says so. Without any system, any
    reference, or the one file of a bundle, the session cannot open (one line).
    The files of `outside` (`io.session_file.outside_folder`: not in the session
    file's folder) that are opened are named in full, so that a session from
    elsewhere never reads a file of this machine unsaid.
    """
    state = {check.file: check.state for check in checks}
    gone = [f for f in data.files if state.get(f) is FileState.MISSING]
    changed = [f for f in data.files if state.get(f) is FileState.CHANGED]
    missing_names = ", ".join(display_name(f.path.name) for f in gone)
    if data.kind is SetKind.BUNDLE:
        if gone:
            return Unavailable(
                f"its test set's file is missing: {display_name(gone[0].path)}"
            )
        (bundle,) = data.files
        roles = data.roles
        assert roles is not None  # the reader checked it
        request: OpenRequest = BundleSet(
            bundle.path, roles, data.format, bundle.encoding, data.options
        )
        baseline, shown = data.systems.baseline, data.systems.shown
    else:
        present = [f for f in data.files if f not in gone]
        systems = [f for f in present if f.role is SavedRole.SYSTEM]
        references = [f for f in present if f.role is SavedRole.REFERENCE]
        sources = [f for f in present if f.role is SavedRole.SOURCE]
        if not systems:
            return Unavailable(
                f"none of its systems is there (missing: {missing_names})"
            )
        if not references:
            return Unavailable(
                f"none of its references is there (missing: {missing_names})"
            )
        saved_systems = data.of_role(SavedRole.SYSTEM)
        paths = [f.path for f in systems]

        def position(saved: int, fallback: int) -> int:
            path = saved_systems[saved].path
            return paths.index(path) if path in paths else fallback

        baseline = position(data.systems.baseline, 0)
        shown = position(data.systems.shown, len(paths) - 1)
        request = FileSet(
            paths[shown],
            tuple(f.path for f in references),
            sources[0].path if sources else None,
            data.encoding,
            data.drop_bom,
            tuple(paths) if len(paths) > 1 else (),
            encodings=tuple((f.path, f.encoding) for f in present),
            options=data.options,
            named=data.named,
        )
    parts = []
    far = [path for path in outside if path not in {f.path for f in gone}]
    if far:
        names = ", ".join(display_name(path) for path in far)
        parts.append(f"read from outside its folder: {names}")
    if gone:
        parts.append(f"left out (missing): {missing_names}")
    if changed:
        names = ", ".join(display_name(f.path.name) for f in changed)
        parts.append(f"changed since saved (scored as they are now): {names}")
    return ReopenPlan(request, baseline, shown, "; ".join(parts))


def restore_edits(
    holder: EditsHolder,
    systems: Sequence[System],
    data: SessionData,
    config: BleuConfig,
) -> str:
    """Give the systems opened from `data` their saved edits; one line on what not.

    Called once the systems are read and counted (the edits are counted again
    from their texts, under `config`). A saved system is found among `systems` by
    its file (a test set of files: some may have been left out) or by its
    position (a file of several texts). A system's edits are left out whole when
    its system is not open or not counted, or when an edit's row is beyond its
    segments (its file changed since saved): the line says which and why.

    Returns:
        "" if every edit was given back, else the reasons, "; "-separated.
    """
    names = data.system_names()
    found = _opened_systems(systems, data)
    problems = []
    for saved in data.edits:
        name = names[saved.system]
        system = found[saved.system]
        if system is None or system.tokenized is None or system.stats is None:
            why = "not open" if system is None else "not counted"
            problems.append(f"edits of system {name!r}: left out (the system is {why})")
            continue
        count = len(system.hypothesis.lines)
        last = saved.lines[-1][0]
        if last >= count:
            problems.append(
                f"edits of system {name!r}, segment {last + 1}: beyond its {count} "
                "segments (its edits are left out)"
            )
            continue
        holder.set_edits(
            system.id,
            count_edits(
                saved.texts(),
                system.tokenized.references,
                config,
                system.stats.max_order,
            ),
        )
    return "; ".join(problems)


def _opened_systems(
    systems: Sequence[System], data: SessionData
) -> list[System | None]:
    """Each saved system's opened `System`, by position in `data` (None: not open)."""
    count = len(data.system_names())
    if data.kind is SetKind.BUNDLE:
        if len(systems) != count:  # a column refused: positions no longer tell
            return [None] * count
        return list(systems)
    by_path = {os.path.abspath(system.path): system for system in systems}
    return [
        by_path.get(os.path.abspath(file.path))
        for file in data.of_role(SavedRole.SYSTEM)
    ]


# --- changed since saved --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Care:
    """What a user would not want to lose, as one comparable value."""

    request: OpenRequest | None
    config: BleuConfig
    baseline: int | None
    shown: int | None
    documents: tuple[str, ...] | None
    filter: SavedFilter
    sort: tuple[str, int, bool] | None
    edits: tuple[SavedEdits, ...]


def _care(
    session: Session, browser: SentenceBrowser, edits: EditsHolder | None
) -> _Care:
    workspace = session.workspace
    ids = [system.id for system in workspace.systems]
    test_set = workspace.test_set

    def position(system_id: SystemId | None) -> int | None:
        return ids.index(system_id) if system_id in ids else None

    request = session.opened
    if isinstance(request, FileSet):  # which one is shown is `shown`
        request = replace(request, hypothesis=request.hypotheses[0])
    return _Care(
        request,
        session.config,
        position(workspace.baseline),
        position(workspace.shown),
        test_set.documents if test_set is not None else None,
        saved_filter(browser.filter),
        sort_of(browser),
        () if edits is None else saved_edits(edits, ids),
    )


# What a session file holds of the workspace: a change of these may modify it.
_CARED_FOR = Moved.ROWS | Moved.SYSTEMS | Moved.CONFIG | Moved.DOCUMENTS | Moved.EDITS


class SessionTracker(QObject):
    """The session file the window shows, and whether it changed since saved.

    `check` compares what a user cares about (see the module's docstring) with
    what was saved or opened; the window calls it when any of it may have
    changed. A window with no session file is never "changed": the user chose
    no file to keep, and the recent list remembers the test set with its
    options anyway; asking on every close would teach users to click it away.

    `edits`: where the what-if edits are kept, if they count (the window then
    calls `check` when they change; the tracker checks on each change of edits).

    Signals:
        modified_changed: (bool) the flag changed.
        path_changed: the session file changed (saved as, opened, forgotten).
    """

    modified_changed = Signal(bool)
    path_changed = Signal()

    def __init__(
        self,
        session: Session,
        browser: SentenceBrowser,
        parent: QObject | None = None,
        *,
        edits: EditsHolder | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._browser = browser
        self._edits = edits
        self._path: Path | None = None
        self._saved = _care(session, browser, edits)
        self._modified = False
        session.workspace_changed.connect(
            lambda _old, _new, change: self.check() if change.any(_CARED_FOR) else None
        )
        browser.filter_changed.connect(self.check)
        browser.sort_changed.connect(self.check)

    @property
    def path(self) -> Path | None:
        """The session file last saved or opened, if any."""
        return self._path

    @property
    def modified(self) -> bool:
        """Whether something a user cares about changed since saved or opened."""
        return self._modified

    def mark_saved(self, path: Path | None) -> None:
        """What the window shows now is what `path` holds (None: no file)."""
        changed_path = path != self._path
        self._path = path
        self._saved = _care(self._session, self._browser, self._edits)
        self._set_modified(False)
        if changed_path:
            self.path_changed.emit()

    def check(self) -> None:
        """Compare again (after any change that may matter)."""
        if self._path is not None:
            care = _care(self._session, self._browser, self._edits)
            self._set_modified(care != self._saved)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)
