"""The QA panel's list of issues, as a Qt table model: sentence, check, issue.

Virtual, as the sentence table is: a system of 100,000 segments may have tens of
thousands of issues, and a widget item each would take seconds to build. The
issues are `QaResult.issues()` (by sentence, then in the order of the checks);
the columns come from one spec table, so the header, the cell and its tooltip
cannot disagree. `ISSUE_ROLE` gives a row's `QaIssue`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from typing_extensions import override

from bleu_gui.core.qa_checks import spec_of

if TYPE_CHECKING:
    from bleu_gui.core.qa import QaIssue, QaResult

__all__ = ["ISSUE_ROLE", "IssueColumn", "QaIssuesModel"]

ISSUE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The role that gives a row's `QaIssue`."""

_ModelIndex = QModelIndex | QPersistentModelIndex
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class IssueColumn(IntEnum):
    """The list's columns, left to right."""

    SENTENCE = 0
    CHECK = 1
    ISSUE = 2


@dataclass(frozen=True, slots=True)
class _Column:
    header: str
    tooltip: str
    text: Callable[[QaIssue, Callable[[int], str]], str]
    right: bool = False


_COLUMNS = {
    IssueColumn.SENTENCE: _Column(
        "#",
        "The sentence (its number in the table); click an issue to show it",
        lambda issue, name: name(issue.row),
        right=True,
    ),
    IssueColumn.CHECK: _Column(
        "Check",
        "The check that found the issue",
        lambda issue, name: spec_of(issue.kind).title,
    ),
    IssueColumn.ISSUE: _Column(
        "Issue",
        "What is wrong (the span is highlighted in the sentence's detail)",
        lambda issue, name: issue.message,
    ),
}


class QaIssuesModel(QAbstractTableModel):
    """The issues of one system's QA result, one row each."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._issues: tuple[QaIssue, ...] = ()
        self._name: Callable[[int], str] = lambda row: str(row + 1)

    def set_result(
        self, result: QaResult | None, name: Callable[[int], str] | None = None
    ) -> None:
        """Show `result`'s issues (None: none). `name`: a row's "#" text."""
        self.beginResetModel()
        self._issues = () if result is None else result.issues()
        if name is not None:
            self._name = name
        self.endResetModel()

    def issue(self, row: int) -> QaIssue:
        """The issue of list row `row`."""
        return self._issues[row]

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._issues)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(IssueColumn)

    @override
    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._issues):
            return None
        issue = self._issues[index.row()]
        column = _COLUMNS[IssueColumn(index.column())]
        role = int(role)
        if role == int(Qt.ItemDataRole.DisplayRole):
            return column.text(issue, self._name)
        if role == int(ISSUE_ROLE):
            return issue
        if role == int(Qt.ItemDataRole.TextAlignmentRole):
            return _RIGHT if column.right else _LEFT
        if role == int(Qt.ItemDataRole.ToolTipRole):
            return (
                f"Sentence {self._name(issue.row)}: {spec_of(issue.kind).title}: "
                f"{issue.message}"
            )
        return None

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not (
            0 <= section < len(IssueColumn)
        ):
            return None
        column = _COLUMNS[IssueColumn(section)]
        if int(role) == int(Qt.ItemDataRole.DisplayRole):
            return column.header
        if int(role) == int(Qt.ItemDataRole.ToolTipRole):
            return column.tooltip
        return None
