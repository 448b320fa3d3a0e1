"""What the session's collaborators see of it: its signals, changes and workspace.

The session (`models.session`) is the one place that holds state and says what
changed; the collaborators it delegates a whole operation to (reading a test set,
scoring its systems) announce its changes and emit its other signals themselves,
inside one `changing()` per operation, so that every operation is said once and
in one piece of code. They are given the session typed as
this protocol, which names only what they use: no collaborator imports the
session (`models.session` imports them).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

from PySide6.QtCore import SignalInstance

from bleu_gui.core import BleuConfig
from bleu_gui.models.workspace import Workspace
from bleu_gui.models.workspace_change import Change

__all__ = ["SessionEvents"]


class SessionEvents(Protocol):
    """The session's signals (see `Session`) and the workspace it holds."""

    @property
    def workspace(self) -> Workspace:
        """The session's workspace now."""

    @property
    def config(self) -> BleuConfig:
        """The options the current (or pending) scores use."""

    def announce(self, change: Change) -> None:
        """`Session.announce`: say a change of the workspace."""

    def changing(self) -> AbstractContextManager[None]:
        """`Session.changing`: one operation's changes, said once."""

    @property
    def texts_loaded(self) -> SignalInstance:
        """`Session.texts_loaded`."""

    @property
    def candidate_refused(self) -> SignalInstance:
        """`Session.candidate_refused`."""

    @property
    def error_occurred(self) -> SignalInstance:
        """`Session.error_occurred`."""

    @property
    def bundle_inspected(self) -> SignalInstance:
        """`Session.bundle_inspected`."""

    @property
    def languages_needed(self) -> SignalInstance:
        """`Session.languages_needed`."""
