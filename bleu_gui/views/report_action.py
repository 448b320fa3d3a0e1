"""File › Export › HTML report…: the command line's report, of what the window holds.

The report (`io.report_html`) is built from the session's scored systems, the
baseline first and the system on show second (the pair the window compares), the
others after them; with two or more systems in the sacrebleu mode, the paired
bootstrap test of each against the baseline; the source, when one is open, and the
references named by their files (as the window names systems); the buckets at
the Buckets tab's edges and word counts (`BucketChoice`), the word table on the
tokens the window scored with (tokenizing 100,000 segments again took seconds).
Building it takes seconds on 100,000 segments (the paired test: docs/design.md),
so it runs in a `SliceWorker`, step by step between event-loop turns, and a
second export supersedes the first. The file is written whole or not at all
(`io.safe_write`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QWidget

from bleu_gui.core.margin import Margin, NoMargin
from bleu_gui.core.report import ReportRequest, ReportSystem, iter_build_report
from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.core.significance import PairedTest
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.io.report_html import write_report
from bleu_gui.models.bucket_views import BucketChoice
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.margin_model import MarginModel
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import Workspace, system_names
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.workers import SliceWorker

__all__ = ["ReportAction", "report_request"]

_REPORT = "report"  # the key of the report's job: one at a time

NOTHING_TO_REPORT = "Open a test set and a system, and let it be scored, first."


def report_request(
    workspace: Workspace,
    warnings: Sequence[str] = (),
    margin: MarginModel | None = None,
    buckets: BucketChoice | None = None,
) -> ReportRequest | None:
    """What to report on: the scored systems, baseline and shown system first.

    `warnings`: those that qualify the numbers (`Session.notices`). `None`
    while no system is scored under the current options. `margin`: the
    Systems dock's; a margin it found for the pair the report compares (the
    baseline and the shown system, every sentence, these options) is the
    report's, and the report's paired test is then run at its resamples and
    seed, so that the margin's p-values are of the test the page shows.
    `buckets`: the Buckets tab's edges and word counts (None: the defaults).
    Each system brings the tokens it was scored with, when they are of the
    current tokenizer.
    """
    test_set = workspace.test_set
    scored = [
        system
        for system in workspace.systems
        if system.stats is not None
        and system.scores is not None
        and system.scores.config == workspace.config
    ]
    if test_set is None or not scored:
        return None
    by_id = {system.id: system for system in scored}
    first = [workspace.baseline, workspace.shown]
    ids = dict.fromkeys(i for i in [*first, *by_id] if i is not None and i in by_id)
    ordered = [by_id[i] for i in ids]
    key = tokenizer_for(workspace.config).key
    tokenized = [
        system.tokenized if system.tokenizer_key == key else None for system in ordered
    ]
    # The effort the window counted of the texts as edited, when it is there;
    # the tokens of those texts (`System.tokenized` holds the edited ones).
    systems = tuple(
        replace(
            ReportSystem(
                system.name,
                system.read_corpus.hypothesis.lines,
                system.read_stats,
                tags=system.read_corpus.hypothesis.tags,
            ).with_edits(system.edits),
            effort=system.current_effort,
            tokens=None if tokens is None else tokens.hypotheses,
        )
        for system, tokens in zip(ordered, tokenized, strict=True)
        if system.read_stats is not None
    )
    choice = buckets or BucketChoice()
    several = len(systems) > 1 and workspace.config.capabilities.significance
    signature = ordered[0].scores.signature if ordered[0].scores is not None else ""
    corpus = ordered[0].corpus
    source = corpus.source
    request = ReportRequest(
        references=tuple(ref.lines for ref in corpus.references),
        reference_names=system_names(ref.path for ref in corpus.references),
        source=None if source is None else source.lines,
        source_name=None if source is None else system_names([source.path])[0],
        source_tags=None if source is None else source.tags,
        systems=systems,
        config=workspace.config,
        signature=signature,
        test=PairedTest.BOOTSTRAP if several else None,
        warnings=tuple(warnings),
        edges=choice.edges,
        frequency=choice.frequency,
        reference_tokens=_reference_tokens(tokenized),
    )
    found = _found_margin(workspace, margin) if several else None
    if found is None:
        return request
    return replace(
        request,
        samples=found.samples,
        seed=found.seed,
        margins_found=(found.result,),
    )


@dataclass(frozen=True, slots=True)
class _Found:
    """A margin the dock found for the report's pair, and its test's settings."""

    result: Margin | NoMargin
    samples: int
    seed: int | None


def _found_margin(workspace: Workspace, model: MarginModel | None) -> _Found | None:
    """The dock's margin of (baseline, shown) on every sentence, if it has one.

    Not a margin of the shown sentences only: the report is of every sentence.
    """
    if model is None or model.result is None or model.running:
        return None
    pair = model.pair
    if (
        pair is None
        or pair.rows is not None
        or pair.ids != (workspace.baseline, workspace.shown)
        or pair.config != workspace.config
    ):
        return None
    return _Found(model.result, pair.samples, pair.seed)


def _reference_tokens(
    tokenized: Sequence[TokenizedCorpus | None],
) -> tuple[Sequence[str | None], ...] | None:
    """The references' tokens the systems share, if every system has its tokens.

    One system without them (tokenized under another key) and the report
    tokenizes the lines itself: its references must be of the same tokenizer.
    """
    if not tokenized or any(tokens is None for tokens in tokenized):
        return None
    first = tokenized[0]
    return None if first is None else first.references


def _job(
    request: ReportRequest, path: Path
) -> Generator[tuple[int, int, str], None, Path]:
    report = yield from iter_build_report(request)
    yield (0, 1, "Writing the report")
    write_report(path, report)
    return path


class ReportAction(QObject):
    """The menu entry, its file dialog and its background job.

    Signals:
        written: the report was written to this path.
        failed: one line for the user (nothing scored yet, the file not writable).
        progressed: (done, total, what) while the report is built.
        busy_changed: True when a report starts being built, False at its end
            (written, failed or cancelled).
    """

    written = Signal(Path)
    failed = Signal(str)
    progressed = Signal(int, int, str)
    busy_changed = Signal(bool)

    def __init__(
        self,
        session: Session,
        parent: QWidget,
        margin: MarginModel | None = None,
        buckets: Callable[[], BucketChoice] = BucketChoice,
    ) -> None:
        """The report's action, enabled once a system is scored.

        `margin`: the Systems dock's, whose margin the report carries.
        `buckets`: the Buckets tab's edges and word counts, asked at export.
        """
        super().__init__(parent)
        self._session = session
        self._window = parent
        self._buckets = buckets
        # One report at a time: a new one supersedes the one being built.
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self._on_busy_changed)
        self._jobs.progress_changed.connect(self.progressed)
        self._written: Path | None = None  # said once the job has ended
        self.margin = margin
        self.action = QAction("&HTML report…", parent)
        self.action.setStatusTip(
            "Write one HTML file with the scores, the test, charts and the "
            "sentences that matter most"
        )
        self.action.triggered.connect(lambda _checked=False: self._on_triggered())
        self.action.setEnabled(False)
        follow(
            session.workspace_changed,
            Moved.ROWS
            | Moved.SYSTEMS
            | Moved.SHOWN_SCORES
            | Moved.SCORED
            | Moved.CONFIG,
            self._update_enabled,
            self,
        )

    def _update_enabled(self) -> None:
        """Enabled once a system is scored under the current options."""
        workspace = self._session.workspace
        self.action.setEnabled(report_request(workspace) is not None)

    def _on_triggered(self) -> None:
        if report_request(self._session.workspace) is None:
            self.failed.emit(NOTHING_TO_REPORT)
            return
        name, _ = QFileDialog.getSaveFileName(
            self._window, "Export an HTML report", "bleu-report.html", "HTML (*.html)"
        )
        if name:
            self.export(Path(name))

    def export(self, path: Path) -> None:
        """Build the report of the session's systems and write it to `path`."""
        session = self._session
        request = report_request(
            session.workspace, session.notices(), self.margin, self._buckets()
        )
        if request is None:
            self.failed.emit(NOTHING_TO_REPORT)
            return
        self._jobs.start(
            _REPORT,
            SliceWorker(lambda: _job(request, path), self),
            self._on_written,
            on_failed=self.failed.emit,
        )

    @property
    def busy(self) -> bool:
        """Whether a report is being built."""
        return self._jobs.is_busy

    def cancel(self) -> None:
        """Stop building the report: nothing is written; `busy_changed(False)`."""
        self._jobs.cancel(_REPORT)

    def _on_written(self, path: Path) -> None:
        self._written = path

    def _on_busy_changed(self, busy: bool) -> None:
        """Not busy, then written (as failed): the window's "Ready" comes first."""
        self.busy_changed.emit(busy)
        written, self._written = self._written, None
        if not busy and written is not None:
            self.written.emit(written)
