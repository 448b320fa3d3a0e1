"""The status bar: what the window is doing, how far it got, and a way to cancel.

Two kinds of work report here, the session's (a load, a rescoring) and the HTML
report's, through one progress bar and one Cancel button; the language hint and
the warnings sit beside them. Kept apart from the window, which only lays the bar
out, because which work shows and what the line says once it ends are rules of
their own.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar

from bleu_gui.models.session import Session
from bleu_gui.views.report_action import ReportAction
from bleu_gui.views.warnings_button import HintLabel, WarningsButton

__all__ = ["WorkStatus"]


class WorkStatus:
    """The status bar's line, progress, Cancel button, language hint and warnings.

    Attributes:
        text: the status line (the shown sentence's score, what is being done).
        progress: the progress of the work under way, hidden when there is none.
        cancel_button: cancels it.
        hint_label: the language hint, when there is one.
        warnings_button: lists the session's warnings.
    """

    def __init__(
        self,
        bar: QStatusBar,
        session: Session,
        report: ReportAction,
        *,
        banner: QLabel,
        idle_text: Callable[[], str | None],
    ) -> None:
        """`idle_text`: what the line says once work ends (None: leave it)."""
        self._bar = bar
        self._session = session
        self._report = report
        self._banner = banner  # an error on show: it keeps the line's words
        self._idle_text = idle_text
        self.text = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(240)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        bar.addWidget(self.text, 1)
        self.hint_label = HintLabel()
        bar.addPermanentWidget(self.hint_label)
        self.warnings_button = WarningsButton()
        bar.addPermanentWidget(self.warnings_button)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        session.busy_changed.connect(self._on_busy_changed)
        session.progress_changed.connect(self._on_progress)
        report.written.connect(
            lambda path: self.text.setText(f"Report written to {path}")
        )
        report.progressed.connect(
            lambda done, total, what: self._on_progress(
                done, total, f"HTML report: {what}"
            )
        )
        report.busy_changed.connect(self._on_report_busy)
        session.warning_occurred.connect(self.warn)
        session.hint_changed.connect(self.show_hints)
        self.cancel_button.clicked.connect(self._cancel_work)

    def _on_busy_changed(self, busy: bool) -> None:
        working = busy or self._report.busy
        self.progress.setVisible(working)
        self.cancel_button.setVisible(working)
        if busy:
            self.progress.setRange(0, 0)
            self.text.setText("Working…")
        elif not self._banner.isVisible():
            # The last progress text ("… 500 of 500") would stay otherwise.
            text = self._idle_text()
            if text is not None:
                self.text.setText(text)

    def _on_report_busy(self, busy: bool) -> None:
        """The HTML report shows its progress and can be cancelled, as a load can."""
        if self._session.is_busy:
            return  # the session's progress shows; the report's follows it
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
        elif not self._banner.isVisible():
            self.text.setText("Ready")

    def _cancel_work(self) -> None:
        """Cancel: the session's work first (a load), else the report being built."""
        if self._session.is_busy:
            self._session.cancel()
        else:
            self._report.cancel()

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        # Not str.capitalize(): it lowercases the rest (file names among it).
        text = what[:1].upper() + what[1:]
        counted = f" {done:,} of {total:,}" if total > 1 else ""
        self.text.setText(f"{text}…{counted}")

    def copied(self, message: str) -> None:
        """Confirm a copy to the clipboard in the status bar."""
        self._bar.showMessage(message, 5_000)

    def warn(self, message: str) -> None:
        """Say a warning for a while; the warnings list keeps it."""
        self._bar.showMessage(message, 10_000)
        self.warnings_button.set_warnings(self._session.warnings)

    def show_hints(self) -> None:
        """The language hint or the warnings changed: the line and the list say so."""
        self.hint_label.set_hint(self._session.language_hint)
        self.warnings_button.set_warnings(self._session.warnings)
