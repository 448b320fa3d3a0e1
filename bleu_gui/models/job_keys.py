"""The keys the session's jobs run under: a key names the result its job replaces.

Apart from `session` so that the collaborators that start jobs of their own (the
pair's comparison) name their key without importing the session. The rule the
keys follow is the session's (see `models.session`): a new job supersedes only the
running job of its key.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bleu_gui.models.workspace import SystemId

__all__ = [
    "DOCUMENTS",
    "INSPECT",
    "PAIR",
    "TEST_SET",
    "JobKey",
    "JobKind",
    "effort_key",
    "qa_key",
    "system_key",
]


class JobKind(Enum):
    """What a job's result replaces."""

    TEST_SET = "test set"
    SYSTEM = "system"
    PAIR = "pair"
    DOCUMENTS = "documents"
    INSPECT = "inspect"
    EFFORT = "effort"
    QA = "qa"


@dataclass(frozen=True, slots=True)
class JobKey:
    """The key of the jobs whose results replace one thing.

    Attributes:
        kind: the test set (reading it and scoring its shown system), one system
            (reading an added one, re-scoring), or the pair's comparison.
        system: the system's id, for `JobKind.SYSTEM`, `JobKind.EFFORT` and
            `JobKind.QA`.
    """

    kind: JobKind
    system: SystemId | None = None


TEST_SET = JobKey(JobKind.TEST_SET)
PAIR = JobKey(JobKind.PAIR)
DOCUMENTS = JobKey(JobKind.DOCUMENTS)
INSPECT = JobKey(JobKind.INSPECT)


def system_key(system_id: SystemId) -> JobKey:
    """The key of one system's jobs: reading it (when added) and scoring it."""
    return JobKey(JobKind.SYSTEM, system_id)


def effort_key(system_id: SystemId) -> JobKey:
    """The key of counting one system's post-editing effort."""
    return JobKey(JobKind.EFFORT, system_id)


def qa_key(system_id: SystemId) -> JobKey:
    """The key of running the QA checks on one system's texts."""
    return JobKey(JobKind.QA, system_id)
