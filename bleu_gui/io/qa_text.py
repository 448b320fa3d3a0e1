"""How a QA issue reads in a table cell and an export: one rule for every place.

The window's "QA issues" column, its exports and `bleu-gui score --export` write a
segment's issues as one cell, each issue named by its check's title
("Numbers: 1.5 is missing"), joined by "; ", in the order of `core.qa_checks.CHECKS`
(the order `QaResult.row_issues` gives them).
"""

from __future__ import annotations

from collections.abc import Sequence

from bleu_gui.core.qa import QaIssue
from bleu_gui.core.qa_checks import spec_of

__all__ = ["ISSUE_SEPARATOR", "issue_text", "issues_text"]

ISSUE_SEPARATOR = "; "
"""Between two issues of one segment in a cell."""


def issue_text(issue: QaIssue) -> str:
    """One issue as a reader of a table takes it: "<check's title>: <message>"."""
    return f"{spec_of(issue.kind).title}: {issue.message}"


def issues_text(issues: Sequence[QaIssue]) -> str:
    """A segment's issues in one cell (empty: none)."""
    return ISSUE_SEPARATOR.join(issue_text(issue) for issue in issues)
