"""The dialogs that open a test set, and how each follows the session's reading.

The "Open test set" dialog and the roles dialog stay open while the session reads
the files they asked for, and close or show the problem once the session says how
that ended. Which dialog is waiting, which one its file said every role for, and
what closing one mid-read cancels is state of its own, apart from the File menu's
actions (`views.file_actions`), which open these dialogs and give them the
directory the file pickers are in.

A file that holds a whole test set (WMT XML, a spreadsheet: `opens_with_roles`),
picked in the "Open test set" dialog, dropped, or given on the command line, opens
the roles dialog (`views.roles_dialog`): the session reads the file for its
columns in the background (`Session.inspect_bundle`), the user gives each its
role, and the session opens it (`Session.open_bundle`). From the command line a
file that says every column's role (WMT XML) opens at once, as `bleu-gui score`
reads it; the dialog shows only where the user must choose (a spreadsheet) or the
open failed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow

from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus
from bleu_gui.io.bundle import Bundle, Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import BundleSet, FileSet, Session
from bleu_gui.views.roles_dialog import RolesDialog
from bleu_gui.views.test_set_dialog import OpenTestSetDialog

__all__ = ["OpenDialogs"]


class OpenDialogs(QObject):
    """The "Open test set" and roles dialogs, from their opening to the outcome.

    Attributes:
        test_set_dialog: the "Open test set" dialog while it is open.
        roles_dialog: the roles dialog of a file of several texts while it is
            open (or, opened from the command line, while its file is read).
    """

    def __init__(
        self,
        window: QMainWindow,
        session: Session,
        directory: Callable[[], Path | None],
        remember: Callable[[Path], None],
    ) -> None:
        """`directory`: where the file pickers are; `remember`: a path picked."""
        super().__init__(window)
        self._window = window
        self._session = session
        self._directory = directory
        self._remember = remember
        self.test_set_dialog: OpenTestSetDialog | None = None
        self.roles_dialog: RolesDialog | None = None
        # The dialog whose files the session is reading: it hears how that ends.
        self._awaiting: OpenTestSetDialog | RolesDialog | None = None
        # A roles dialog to skip when its file says every column's role.
        self._direct: RolesDialog | None = None
        session.texts_loaded.connect(self._on_texts_loaded)
        session.error_occurred.connect(self._on_error)
        session.busy_changed.connect(self._on_busy_changed)
        session.bundle_inspected.connect(self._on_bundle_inspected)
        session.languages_needed.connect(self._on_languages_needed)

    def open_test_set(self, candidate: Path | None = None) -> OpenTestSetDialog:
        """Show the "Open test set" dialog (window-modal, without a modal loop)."""
        if self.test_set_dialog is not None:
            self.test_set_dialog.close()
        files = self._session.files
        dialog = OpenTestSetDialog(
            self._window,
            directory=self._directory(),
            encoding=files.encoding if files else "utf-8",
        )
        dialog.set_files(candidate=candidate)
        dialog.open_requested.connect(self._on_test_set_requested)
        dialog.bundle_chosen.connect(self._on_bundle_chosen)
        dialog.finished.connect(lambda _result: self._on_dialog_finished(dialog))
        self.test_set_dialog = dialog
        dialog.open()
        return dialog

    def open_bundle(
        self,
        path: Path,
        encoding: str = "utf-8",
        *,
        direct: bool = False,
    ) -> RolesDialog:
        """Open a file of several texts: its roles dialog, its columns read.

        With `direct`, a file that says every column's role (WMT XML) opens
        without the dialog, every reference and system in file order; the
        dialog shows if the file leaves a role to the user or the open fails.
        """
        for old in (self.test_set_dialog, self.roles_dialog):
            if old is not None:
                old.close()
        dialog = RolesDialog(self._window, path, encoding=encoding)
        dialog.open_requested.connect(self._on_bundle_requested)
        dialog.reread_requested.connect(self._inspect)
        dialog.finished.connect(lambda _result: self._on_roles_finished(dialog))
        self.roles_dialog = dialog
        self._direct = dialog if direct else None
        if not direct:
            dialog.open()
        self._inspect(path, dialog.format, encoding, dialog.options())
        return dialog

    # --- the test-set dialog's request ------------------------------------------------

    def _on_test_set_requested(self, files: FileSet) -> None:
        self._remember(files.hypothesis)
        self._awaiting = self.test_set_dialog
        self._session.open_files(files)  # a refusal comes back at once

    # --- a file of several texts ------------------------------------------------------

    def _on_bundle_chosen(self, path: Path, encoding: str) -> None:
        """A file of a whole test set picked in the test-set dialog: its roles."""
        self._remember(path)
        self.open_bundle(path, encoding)

    def _inspect(
        self, path: Path, format_: Format, encoding: str, options: FormatOptions
    ) -> None:
        dialog = self.roles_dialog
        if dialog is None:
            return
        self._awaiting = dialog
        self._session.inspect_bundle(path, format_, encoding=encoding, options=options)

    def _on_bundle_inspected(self, bundle: Bundle) -> None:
        dialog = self.roles_dialog
        if dialog is None or bundle.path != dialog.path:
            return
        if self._awaiting is dialog:
            self._awaiting = None
        dialog.set_bundle(bundle)
        if self._direct is dialog:
            self._direct = None
            request = dialog.request()
            if not isinstance(request, Unavailable) and _says_every_role(
                bundle, request.roles
            ):
                dialog.set_checking(True)
                self._on_bundle_requested(request)
                return
            dialog.open()

    def _on_bundle_requested(self, request: BundleSet) -> None:
        self._awaiting = self.roles_dialog
        self._remember(request.path)
        self._session.open_bundle(request)

    def _on_roles_finished(self, dialog: RolesDialog) -> None:
        if self._awaiting is dialog:  # closed while its file was read
            self._awaiting = None
            if dialog.checking:  # being opened: that load stops
                self._session.cancel()
            else:  # read for its columns: the open test set's work goes on
                self._session.cancel_inspection()
        if self.roles_dialog is dialog:
            self.roles_dialog = None
        dialog.deleteLater()

    # --- how the session's reading ended ----------------------------------------------

    def _on_texts_loaded(self, _corpus: Corpus) -> None:
        dialog, self._awaiting = self._awaiting, None
        if dialog is not None:  # read and aligned: the new set is being scored
            dialog.accept()

    def _on_error(self, message: str) -> None:
        dialog, self._awaiting = self._awaiting, None
        if dialog is not None:
            dialog.show_problem(message)
            if dialog.isHidden():  # opened from the command line: now it shows
                dialog.open()

    def _on_languages_needed(
        self, files: FileSet, message: str, languages: tuple[str, ...]
    ) -> None:
        """A TMX file holds more than two languages: ask which two, among its own.

        In the "Open test set" dialog the files were asked for in, or, asked for
        from the command line or File › Open, in one opened with them: the
        reader's line above, the file's languages to choose from. Never an
        empty window with the reason in its status line only.
        """
        dialog = self.test_set_dialog
        if dialog is None:
            dialog = self.open_test_set()
            dialog.set_file_set(files)
            dialog.show_problem(message)
        dialog.offer_languages(languages)

    def _on_busy_changed(self, busy: bool) -> None:
        # A failure ends the work, then says why (`_on_error`, right after);
        # a cancel ends it without a word. Either way the fields unlock.
        dialog = self._awaiting
        if dialog is not None and not busy:
            dialog.set_checking(False)

    def _on_dialog_finished(self, dialog: OpenTestSetDialog) -> None:
        if self._awaiting is dialog:  # closed while its files were read
            self._awaiting = None
            self._session.cancel()
        if self.test_set_dialog is dialog:
            self.test_set_dialog = None
        dialog.deleteLater()


def _says_every_role(bundle: Bundle, roles: Roles) -> bool:
    """Whether `roles` are what the file itself says of every one of its columns.

    Then nothing is left to choose and the file opens without asking (a WMT XML
    test set: every reference, every system, the source).
    """
    return all(column.role is not None for column in bundle.columns) and bool(
        roles.references and roles.systems
    )
