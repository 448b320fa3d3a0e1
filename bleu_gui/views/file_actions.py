"""The File menu and everything else that brings files into the window.

Menus' file actions and their dialogs, the recent-files list, the "Open test set"
dialog, Close, and dropped files with the roles the user gives them. It holds no
state of its own beyond the directory the file pickers open in: the files are the
`Session`'s, and every request goes to it. The main window builds one `FileActions`
and forwards drag-and-drop events to it.

Opening another test set never replaces the loaded one before the new files have
been read and found to fit together: the session reads them first, and a failure
leaves everything as it was.

A file that holds a whole test set (WMT XML, a spreadsheet: `opens_with_roles`)
opens the roles dialog; that dialog and the "Open test set" one follow the
session's reading of their files in `views.open_dialogs`. XLIFF and TMX files are
dropped like text files, each in a role.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.session_file import SESSION_SUFFIX
from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.recent import RecentFiles, Remembered
from bleu_gui.models.session import BundleSet, FileSet, Session, opens_with_roles
from bleu_gui.models.workspace import Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.named_set_dialog import NamedSetDialog
from bleu_gui.views.open_dialogs import OpenDialogs
from bleu_gui.views.roles_dialog import RolesDialog
from bleu_gui.views.test_set_dialog import OpenTestSetDialog

__all__ = [
    "MISFIT_TITLE",
    "FileActions",
    "FileRole",
    "dropped_file_set",
    "last_loaded_directory",
]


class FileRole(StrEnum):
    """What a dropped file is (its value is also the word a string role uses)."""

    CANDIDATE = "candidate"
    SYSTEM = "system"
    REFERENCE = "reference"
    SOURCE = "source"
    SKIP = ""


MISFIT_TITLE = "Another test set?"


def dropped_file_set(
    roles: dict[Path, FileRole], loaded: FileSet | None
) -> OrUnavailable[FileSet]:
    """The files to open after a drop, or why there are none (one line).

    Dropped references replace the loaded ones: they are a new test set, so the
    loaded source goes with them (unless a source is dropped too). Adding them to the
    loaded references instead made the same set dropped twice score with four. A
    drop of a candidate alone keeps the loaded references, source and other
    systems, the candidate in the shown one's place. Of several candidates or
    sources, the last one counts. Dropped systems are compared: in the order
    dropped (the first is the baseline), with the candidate, if one is dropped,
    shown, else the last system. (Systems dropped on a loaded test set without
    references are added to it instead: see `FileActions.open_dropped`.)
    """
    candidates = [p for p, role in roles.items() if role is FileRole.CANDIDATE]
    refs = tuple(p for p, role in roles.items() if role is FileRole.REFERENCE)
    sources = [p for p, role in roles.items() if role is FileRole.SOURCE]
    systems = tuple(
        p
        for p, role in roles.items()
        if role is FileRole.SYSTEM or (candidates and p == candidates[-1])
    )
    if refs:
        references, source = refs, (sources[-1] if sources else None)
    else:
        references = loaded.references if loaded else ()
        source = sources[-1] if sources else (loaded.source if loaded else None)
    encoding = loaded.encoding if loaded else "utf-8"
    if systems:
        hypothesis = candidates[-1] if candidates else systems[-1]
        if len(systems) == 1 and loaded is not None and not refs:
            files = replace(loaded.with_hypothesis(hypothesis), source=source)
        else:
            files = FileSet(
                hypothesis,
                references,
                source,
                encoding,
                systems=systems if len(systems) > 1 else (),
            )
    elif loaded is not None:
        files = replace(loaded, references=references, source=source)
        if refs and loaded.systems:  # a new test set: the shown system goes on
            files = replace(files, systems=())
    else:
        return Unavailable("drop a candidate and at least one reference")
    if not files.references:
        return Unavailable("drop a candidate and at least one reference")
    return files


def last_loaded_directory(previous: FileSet | None, files: FileSet) -> Path:
    """Where the file pickers open after `files` replaced `previous`.

    The directory of the file just loaded: the candidate when it is new (it is
    the file users change most), otherwise the last file new to the set.
    """
    old = set(previous.paths) if previous is not None else set()
    new = [path for path in files.paths if path not in old]
    if not new or files.hypothesis in new:
        return files.hypothesis.parent
    return new[-1].parent


class FileActions(QObject):
    """The File menu's actions, its dialogs (`OpenDialogs`), recent files and drops.

    Signals:
        error_occurred: a one-line message about a request that was not sent to
            the session (a drop without a reference); nothing changed.
        session_dropped: (path) a session file was dropped on the window.

    Attributes:
        choose_role: asks which role a dropped file plays (replaced in tests;
            the role's word, "candidate" say, does as well as the `FileRole`).
        directory: where file pickers open: the directory of the last loaded or
            picked file; at start, that of the newest recent file set.
    """

    error_occurred = Signal(str)
    session_dropped = Signal(object)

    def __init__(
        self, window: QMainWindow, session: Session, settings: QSettings
    ) -> None:
        super().__init__(window)
        self._window = window
        self.session = session
        self.recent = RecentFiles(settings, self)
        self.choose_role: Callable[[Path], FileRole | str] = self._ask_role
        recent = self.recent.entries()
        self.directory: Path | None = recent[0].hypothesis.parent if recent else None
        self._dialogs = OpenDialogs(
            window, session, lambda: self.directory, self._remember
        )
        self._shown_files: FileSet | None = None
        self.named_set_dialog: NamedSetDialog | None = None
        # What each rebuilt menu was last made from: one load refreshes three
        # times in a turn (files, systems, recent), each rebuilt 69 actions.
        self._built: dict[QMenu, object] = {}
        self._build_actions()
        session.workspace_changed.connect(self._on_workspace_changed)
        session.candidate_refused.connect(self._on_candidate_refused)
        self.recent.changed.connect(self.refresh)
        self.refresh()

    # --- the menu ---------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.open_test_set_action = self._action(
            "Open &test set…", "Ctrl+Shift+N", self.open_test_set
        )
        self.open_named_set_action = self._action(
            "Open sacreBLE&U test set…", "Ctrl+Shift+T", self.open_named_set
        )
        self.open_named_set_action.setToolTip(
            "A test set by name (wmt21 de-en), from sacreBLEU's cache or downloaded "
            "by sacreBLEU, with a system's output"
        )
        self.open_action = self._action(
            "&Open candidate…", QKeySequence.StandardKey.Open, self._on_open_candidate
        )
        self.add_ref_action = self._action(
            "&Add reference…", "Ctrl+R", self._on_add_reference
        )
        self.source_action = self._action(
            "Open &source…", "Ctrl+Shift+O", self._on_open_source
        )
        self.remove_menu = QMenu("Re&move reference", self._window)
        self.add_system_action = self._action(
            "Add s&ystem…", "Ctrl+Shift+Y", self._on_add_system
        )
        self.add_system_action.setToolTip(
            "Open one more system's output against the loaded test set, to compare"
        )
        self.remove_system_menu = QMenu("Remove sys&tem", self._window)
        self.baseline_menu = QMenu("&Baseline", self._window)
        self.baseline_menu.setToolTipsVisible(True)
        self.baseline_menu.setToolTip("The system the others are compared with (A)")
        self.reload_action = self._action(
            "Re&load", QKeySequence.StandardKey.Refresh, self.session.reload
        )
        self.close_action = self._action(
            "&Close", QKeySequence.StandardKey.Close, self.session.close
        )
        self.recent_menu = QMenu("Recent &files", self._window)
        self.drop_bom_action = QAction("Drop &byte-order marks", self._window)
        self.drop_bom_action.setCheckable(True)
        self.drop_bom_action.setToolTip(
            "Read files without the invisible mark (U+FEFF) some editors put at the "
            "start. sacreBLEU keeps it, glued to the first word, so that word never "
            "matches; dropped, the score differs from sacreBLEU's and the signature "
            "ends in bom:dropped."
        )
        self.drop_bom_action.toggled.connect(self.session.set_drop_bom)

    def fill_menu(self, menu: QMenu) -> None:
        """Put the file actions in `menu` (the window's File menu)."""
        menu.setToolTipsVisible(True)
        menu.addAction(self.open_test_set_action)
        menu.addAction(self.open_named_set_action)
        menu.addAction(self.open_action)
        menu.addAction(self.add_ref_action)
        menu.addAction(self.source_action)
        menu.addMenu(self.remove_menu)
        menu.addAction(self.add_system_action)
        menu.addMenu(self.remove_system_menu)
        menu.addMenu(self.baseline_menu)
        menu.addAction(self.reload_action)
        menu.addAction(self.close_action)
        menu.addSeparator()
        menu.addAction(self.drop_bom_action)
        menu.addSeparator()
        menu.addMenu(self.recent_menu)

    def _action(
        self,
        text: str,
        shortcut: QKeySequence.StandardKey | str,
        slot: Callable[[], object],
    ) -> QAction:
        return menu_action(self._window, text, slot, shortcut)

    def open_recent(self, remembered: Remembered) -> None:
        """Reopen a recent test set with the options it was last scored with.

        The options come with the test set: one that cannot be opened (a file
        gone) leaves the open test set scored as it was.
        """
        request, config = remembered.request, remembered.config
        if isinstance(request, BundleSet):
            self._remember(request.path)
            self.session.open_bundle(request, config)
        else:
            self.session.open_files(request, config)

    def refresh(self) -> None:
        """Rebuild the Remove and Recent menus; enable what the loaded set allows."""
        # A session or a recent entry may bring its own choice: the menu says it.
        self.drop_bom_action.blockSignals(True)
        self.drop_bom_action.setChecked(self.session.drop_bom)
        self.drop_bom_action.blockSignals(False)
        files = self.session.files
        test_set = self.session.workspace.test_set
        names = test_set.reference_names if test_set is not None else ()
        if self._built.get(self.remove_menu) != names:
            self._built[self.remove_menu] = names
            self.remove_menu.clear()
            for k, name in enumerate(names):
                action = self.remove_menu.addAction(f"{k + 1}: {name}")
                action.triggered.connect(
                    lambda _c=False, k=k: self.session.remove_reference(k)
                )
        self.remove_menu.setEnabled(bool(files and len(files.references) > 1))
        self._refresh_systems()
        remembered_sets = tuple(self.recent.remembered())
        if self._built.get(self.recent_menu) != remembered_sets:
            self._built[self.recent_menu] = remembered_sets
            self.recent_menu.clear()
            self.recent_menu.setToolTipsVisible(True)
            for remembered in remembered_sets:
                action = self.recent_menu.addAction(recent_text(remembered))
                action.setToolTip(recent_tooltip(remembered))
                action.triggered.connect(
                    lambda _c=False, r=remembered: self.open_recent(r)
                )
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())
        has_files = files is not None
        for action in (
            self.add_ref_action,
            self.add_system_action,
            self.source_action,
            self.reload_action,
            self.close_action,
        ):
            action.setEnabled(has_files)

    def _refresh_systems(self) -> None:
        """The Remove system and Baseline menus: one item per system, in order."""
        session = self.session
        shown = (
            tuple((system.id, system.name) for system in session.systems),
            session.baseline,
        )
        if self._built.get(self.baseline_menu) == shown:
            # The same systems: only the check follows the session (a baseline
            # clicked and not taken is unchecked again).
            for action, system in zip(
                self.baseline_menu.actions(), session.systems, strict=True
            ):
                action.setChecked(system.id == session.baseline)
            return
        self._built[self.baseline_menu] = shown
        self.remove_system_menu.clear()
        self.baseline_menu.clear()
        group = QActionGroup(self.baseline_menu)
        for number, system in enumerate(session.systems, start=1):
            text = f"{number}: {system.name}"
            remove = self.remove_system_menu.addAction(text)
            remove.triggered.connect(
                lambda _c=False, i=system.id: self.session.remove_system(i)
            )
            choose = self.baseline_menu.addAction(text)
            choose.setCheckable(True)
            choose.setChecked(system.id == session.baseline)
            group.addAction(choose)
            choose.triggered.connect(
                lambda _c=False, i=system.id: self.session.set_baseline(i)
            )
        several = len(session.systems) > 1
        self.remove_system_menu.setEnabled(several)
        self.baseline_menu.setEnabled(several)

    # --- requests ---------------------------------------------------------------------

    @property
    def test_set_dialog(self) -> OpenTestSetDialog | None:
        """The "Open test set" dialog while it is open."""
        return self._dialogs.test_set_dialog

    @property
    def roles_dialog(self) -> RolesDialog | None:
        """The roles dialog of a file of several texts while it is open or read."""
        return self._dialogs.roles_dialog

    def open_test_set(self, candidate: Path | None = None) -> OpenTestSetDialog:
        """Show the "Open test set" dialog (`OpenDialogs.open_test_set`)."""
        return self._dialogs.open_test_set(candidate)

    def open_named_set(
        self, direct: tuple[NamedSource, Sequence[Path]] | None = None
    ) -> NamedSetDialog:
        """Show File › Open sacreBLEU test set… (`views.named_set_dialog`).

        Listing the sets imports sacreBLEU's dataset package: a fraction of a
        second, once, on this click. The set's files and the system are opened
        as the "Open test set" dialog's are; a fetch that fails is the window's
        one-line error too.

        `direct`: (sets, systems) from the command line's `-t`: fetched at once;
        the dialog shows only for a download (its progress and Cancel) or when
        the fetch fails.
        """
        from bleu_gui.io.sacrebleu_sets import is_cached
        from bleu_gui.models.named_set_fetch import named_set_choices

        if self.named_set_dialog is not None:
            self.named_set_dialog.close()
        files = self.session.files
        dialog = NamedSetDialog(
            self._window,
            named_set_choices(),
            directory=self.directory,
            encoding=files.encoding if files else "utf-8",
        )
        dialog.open_requested.connect(self._on_named_set_requested)
        dialog.failed.connect(self.error_occurred)
        dialog.finished.connect(lambda _result: self._on_named_set_closed(dialog))
        self.named_set_dialog = dialog
        if direct is None:
            dialog.open()
            return dialog
        asked, systems = direct
        dialog.failed.connect(lambda _message: dialog.open())
        dialog.start(asked, systems)
        cached = all(is_cached(name) for name in asked.names.split(","))
        if dialog.fetcher.is_busy() and not cached:
            dialog.open()
        return dialog

    def _on_named_set_requested(self, files: FileSet) -> None:
        self._remember(files.hypothesis)
        self.session.open_files(files)

    def _on_named_set_closed(self, dialog: NamedSetDialog) -> None:
        dialog.fetcher.cancel()  # closed while fetching: its result is not wanted
        if self.named_set_dialog is dialog:
            self.named_set_dialog = None
        dialog.deleteLater()

    def open_bundle(
        self, path: Path, encoding: str = "utf-8", *, direct: bool = False
    ) -> RolesDialog:
        """Open a file of several texts (`OpenDialogs.open_bundle`)."""
        return self._dialogs.open_bundle(path, encoding, direct=direct)

    def open_dropped(self, paths: list[Path]) -> None:
        """Open dropped files in the roles the user gives them.

        Systems alone, dropped on a loaded test set, are added to it (the other
        systems go on as they are); with references, they open a new test set.
        A file of a whole test set (WMT XML, a spreadsheet) opens its roles
        dialog instead, dropped alone.
        """
        self._remember(*paths)
        sessions = [path for path in paths if path.name.endswith(SESSION_SUFFIX)]
        if sessions:
            if len(paths) > 1:
                self.error_occurred.emit(
                    f"{sessions[0].name} is a session (its own files): drop it alone"
                )
                return
            self.session_dropped.emit(sessions[0])
            return
        bundles = [path for path in paths if opens_with_roles(path)]
        if bundles:
            if len(paths) > 1:
                self.error_occurred.emit(
                    f"{bundles[0].name} holds a whole test set: drop it alone"
                )
                return
            self.open_bundle(bundles[0])
            return
        roles = {path: FileRole(self.choose_role(path)) for path in paths}
        chosen = {role for role in roles.values() if role is not FileRole.SKIP}
        if chosen == {FileRole.SYSTEM} and self.session.files is not None:
            for path, role in roles.items():
                if role is FileRole.SYSTEM:
                    self.session.add_system(path)
            return
        files = dropped_file_set(roles, self.session.files)
        if isinstance(files, Unavailable):
            self.error_occurred.emit(files.reason)
            return
        self.session.open_files(files)

    def drag_enter(self, event: QDragEnterEvent) -> None:
        """Accept a drag that brings files."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def drop(self, event: QDropEvent) -> None:
        """Open the local files dropped."""
        paths = [
            Path(url.toLocalFile())
            for url in event.mimeData().urls()
            if url.isLocalFile()
        ]
        if paths:
            event.acceptProposedAction()
            self.open_dropped(paths)

    def close(self) -> None:
        """On exit: the recent files reach the disk."""
        self.recent.close()

    # --- dialogs ----------------------------------------------------------------------

    def _start(self) -> str:
        return str(self.directory) if self.directory is not None else ""

    def _remember(self, *paths: Path) -> None:
        if paths:
            self.directory = paths[-1].parent

    def _pick(self, title: str) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(self._window, title, self._start())
        if not path:
            return None
        self._remember(Path(path))
        return Path(path)

    def _on_open_candidate(self) -> None:
        path = self._pick("Open candidate (system output)")
        if path is None:
            return
        if opens_with_roles(path):  # a whole test set: its roles, not one role
            self.open_bundle(path)
            return
        if self.session.files is None:
            refs, _ = QFileDialog.getOpenFileNames(
                self._window, "Choose the reference file(s)", self._start()
            )
            if refs:
                self.session.open_files(FileSet(path, tuple(map(Path, refs))))
            return
        self.session.set_hypothesis(path)

    def _on_add_system(self) -> None:
        path = self._pick("Add a system (another output of the same test set)")
        if path is not None and opens_with_roles(path):
            self.open_bundle(path)  # a whole test set: its roles, not one system
        elif path is not None:
            self.session.add_system(path)

    def _on_add_reference(self) -> None:
        path = self._pick("Add a reference")
        if path is not None:
            self.session.add_reference(path)

    def _on_open_source(self) -> None:
        path = self._pick("Open the source")
        if path is not None:
            self.session.set_source(path)

    def _ask_role(self, path: Path) -> FileRole:
        box = QMessageBox(self._window)
        box.setWindowTitle("What is this file?")
        box.setText(f"Open {path.name} as…")
        roles = (
            FileRole.CANDIDATE,
            FileRole.SYSTEM,
            FileRole.REFERENCE,
            FileRole.SOURCE,
        )
        buttons = {
            box.addButton(
                role.value.capitalize(), QMessageBox.ButtonRole.AcceptRole
            ): role
            for role in roles
        }
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return next(
            (role for button, role in buttons.items() if button is clicked),
            FileRole.SKIP,
        )

    def _on_candidate_refused(self, path: Path, message: str) -> None:
        """Offer a new test set for a candidate that does not fit the loaded one."""
        answer = QMessageBox.question(
            self._window,
            MISFIT_TITLE,
            f"{message}.\n\n{path.name} may belong to another test set. "
            "Open a new test set with it as the candidate?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.open_test_set(candidate=path)

    # --- session state ----------------------------------------------------------------

    def _on_workspace_changed(
        self, _old: Workspace, new: Workspace, change: Change
    ) -> None:
        if change.any(Moved.CONFIG):
            self._on_config_changed(new.config)
        if change.any(Moved.ROWS):
            self._on_files_changed()
        if change.any(Moved.SYSTEMS):
            self.refresh()

    def _on_files_changed(self) -> None:
        files, previous = self.session.files, self._shown_files
        self._shown_files = files
        if files is not None:
            self.directory = last_loaded_directory(previous, files)
            opened = self.session.opened
            config = self.session.config
            if isinstance(opened, BundleSet):
                self.recent.add(opened, config)
            elif not _same_or_fewer_systems(previous, files):
                self.recent.add(files, config)
        self.refresh()

    def _on_config_changed(self, config: BleuConfig) -> None:
        """The open test set is remembered with the options chosen for it.

        Not during a load: the options then belong to the test set being read,
        which is remembered with them once it is open.
        """
        opened = self.session.opened
        if opened is None or self.session.loading is not None:
            return
        if isinstance(opened, FileSet):
            opened = self._shown_files or opened
            known = [r.request for r in self.recent.remembered()]
            # The entry as it was opened (with every system), if it is listed.
            opened = next(
                (r for r in known if isinstance(r, FileSet) and _fits(r, opened)),
                opened,
            )
        if self.recent.config_of(opened) != config:
            self.recent.add(opened, config)


def _same_or_fewer_systems(previous: FileSet | None, files: FileSet) -> bool:
    """Whether `files` is `previous` with another system shown or systems removed.

    Showing another system or removing one is no new file set to remember: the
    recent list keeps the set as it was opened.
    """
    return (
        previous is not None
        and (files.references, files.source, files.encoding)
        == (previous.references, previous.source, previous.encoding)
        and set(files.hypotheses) <= set(previous.hypotheses)
    )


def _fits(entry: FileSet, files: FileSet) -> bool:
    """Whether `files` is the recent `entry` as it was opened, or part of it."""
    return (entry.references, entry.source, entry.encoding) == (
        files.references,
        files.source,
        files.encoding,
    ) and set(files.hypotheses) <= set(entry.hypotheses)


def recent_text(remembered: Remembered) -> str:
    """A recent entry as the menu names it: the shown file, what else, options.

    "sys.txt and 2 other systems (+2 references) · zh · ~/wmt/zh-en": the folder
    tells apart two test sets whose files have the same names.
    """
    request = remembered.request
    if isinstance(request, BundleSet):
        refs, systems = len(request.roles.references), len(request.roles.systems)
        what = (
            f"{request.path.name} ({systems} system{'s' if systems > 1 else ''}, "
            f"{refs} reference{'s' if refs > 1 else ''})"
        )
        folder = request.path.parent
    else:
        refs = len(request.references)
        others = len(request.hypotheses) - 1
        compared = (
            f" and {others} other system{'s' if others > 1 else ''}" if others else ""
        )
        what = (
            f"{request.hypothesis.name}{compared} "
            f"(+{refs} reference{'s' if refs > 1 else ''})"
        )
        folder = request.hypothesis.parent
    parts = [what]
    if remembered.config is not None:
        parts.append(_options_words(remembered.config))
    parts.append(_folder_words(folder))
    return " · ".join(parts)


def recent_tooltip(remembered: Remembered) -> str:
    """Every file of a recent entry with its role, and its options, one per line."""
    request = remembered.request
    if isinstance(request, BundleSet):
        lines = [f"Test set: {request.path}"]
    else:
        lines = [f"System: {path}" for path in request.hypotheses]
        lines += [f"Reference: {path}" for path in request.references]
        if request.source is not None:
            lines.append(f"Source: {request.source}")
    config = remembered.config
    if config is not None:
        lines.append(f"Reopens with: {_options_words(config, full=True)}")
    return "\n".join(lines)


def _options_words(config: BleuConfig, *, full: bool = False) -> str:
    """The options a user picks per test set: tokenizer, case, mode, smoothing."""
    words = [f"tokenizer {config.tokenizer_name}" if full else config.tokenizer_name]
    if config.lowercase:
        words.append("lowercased")
    if config.compat is not Compat.SACREBLEU or full:
        words.append(config.compat.label if full else config.compat.value)
    if full or config.smoothing_method is not config.capabilities.default_smoothing:
        words.append(f"smoothing {config.smoothing_method.value}")
    return ", ".join(words)


def _folder_words(folder: Path) -> str:
    """A folder as the menu shows it: under the home folder as `~/…`."""
    try:
        return f"~/{folder.relative_to(Path.home()).as_posix()}"
    except ValueError:
        return str(folder)
