"""What the session's collaborators see of it: its signals and its workspace.

The session (`models.session`) is the one place that holds state and says what
changed; the collaborators it delegates a whole operation to (reading a test set,
scoring its systems) emit its signals themselves, so that every operation keeps
its order of signals in one piece of code. They are given the session typed as
this protocol, which names only what they use: no collaborator imports the
session (`models.session` imports them).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from bleu_gui.core import BleuConfig
from bleu_gui.models.workspace import Workspace

__all__ = ["SessionEvents"]


class SessionEvents(Protocol):
    """The session's signals (see `Session`) and the workspace it holds."""

    @property
    def workspace(self) -> Workspace:
        """The session's workspace now."""

    @property
    def config(self) -> BleuConfig:
        """The options the current (or pending) scores use."""

    @property
    def texts_loaded(self) -> SignalInstance:
        """`Session.texts_loaded`."""

    @property
    def files_changed(self) -> SignalInstance:
        """`Session.files_changed`."""

    @property
    def candidate_refused(self) -> SignalInstance:
        """`Session.candidate_refused`."""

    @property
    def config_changed(self) -> SignalInstance:
        """`Session.config_changed`."""

    @property
    def scores_changed(self) -> SignalInstance:
        """`Session.scores_changed`."""

    @property
    def systems_changed(self) -> SignalInstance:
        """`Session.systems_changed`."""

    @property
    def system_scored(self) -> SignalInstance:
        """`Session.system_scored`."""

    @property
    def edits_changed(self) -> SignalInstance:
        """`Session.edits_changed`."""

    @property
    def documents_changed(self) -> SignalInstance:
        """`Session.documents_changed`."""

    @property
    def error_occurred(self) -> SignalInstance:
        """`Session.error_occurred`."""

    @property
    def bundle_inspected(self) -> SignalInstance:
        """`Session.bundle_inspected`."""

    @property
    def languages_needed(self) -> SignalInstance:
        """`Session.languages_needed`."""
