"""Why a sentence scored what it scored, as the arithmetic a reader can check.

Users of every BLEU tool ask the same question about a surprising sentence score:
which precision was low, did smoothing step in, how much did the brevity penalty
take. This panel answers it with the scorer's own terms (`OrderTerm`) and sentences
(`SentenceExplanation.brevity`, `.mean`, `.diagnosis`); it only lays them out, it
computes nothing. The text is selectable so it can be pasted into a bug report.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QFrame, QTextBrowser, QVBoxLayout, QWidget
from typing_extensions import override

from bleu_gui.core.config import Compat, ScoreScale
from bleu_gui.core.explain import (
    NgramStatus,
    SentenceExplanation,
    format_precision,
    format_weight,
    precision_scale,
)
from bleu_gui.core.result import OrderTerm
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.views.palette import (
    is_palette_change,
    muted_text_color,
    status_format,
    swatch_html,
)

__all__ = ["EMPTY_TEXT", "UNSCORABLE_TEXT", "ExplainPanel"]

EMPTY_TEXT = "Select a sentence to see why it scored what it scored."
UNSCORABLE_TEXT = "This sentence has no score."


class ExplainPanel(QWidget):
    """The arithmetic of one sentence score: p1…pN, smoothing, BP, mean, diagnosis."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._explanation: SentenceExplanation | None = None
        self._reason: str | None = None
        self._message: str | None = None
        self._browser = QTextBrowser()
        self._browser.setReadOnly(True)
        self._browser.setOpenLinks(False)
        self._browser.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self._browser.setFrameShape(QFrame.Shape.NoFrame)
        self._browser.document().setDocumentMargin(10)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._browser)
        self._ready = True
        self._render()

    def set_explanation(
        self, explanation: OrUnavailable[SentenceExplanation] | None
    ) -> None:
        """Explain `explanation`; `None` shows the empty state.

        `Unavailable` is why the selected sentence has no score (a row the emulated
        library cannot score, such as tensorflow/nmt's empty hypothesis): shown
        instead of the arithmetic, so that the row does not look unselected.
        """
        if isinstance(explanation, Unavailable):
            self._explanation, self._reason = None, explanation.reason
        else:
            self._explanation, self._reason = explanation, None
        self._message = None
        self._render()

    def show_message(self, message: str) -> None:
        """Show `message` instead of a sentence ("No test set", "explaining…")."""
        self._explanation, self._reason, self._message = None, None, message
        self._render()

    def explanation(self) -> SentenceExplanation | None:
        """The explanation shown."""
        return self._explanation

    def plain_text(self) -> str:
        """The panel's text as a user would copy it."""
        return self._browser.toPlainText()

    def html(self) -> str:
        """The rich text on display (for export)."""
        return self._browser.toHtml()

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Redraw with the new palette's colours when the palette changes."""
        super().changeEvent(event)
        if getattr(self, "_ready", False) and is_palette_change(event):
            self._render()

    def _render(self) -> None:
        explanation = self._explanation
        muted = muted_text_color(self.palette()).name()
        if explanation is None and self._reason is not None:
            self._browser.setHtml(
                f"<p><b>{html.escape(UNSCORABLE_TEXT)}</b></p>"
                f"<p>{html.escape(self._reason)}</p>"
            )
            return
        if explanation is None:
            message = self._message if self._message is not None else EMPTY_TEXT
            self._browser.setHtml(
                f'<p align="center" style="color:{muted}; margin-top:24px">'
                f"{html.escape(message)}</p>"
            )
            return
        self._browser.setHtml(self._explanation_html(explanation, muted))

    def _explanation_html(self, explanation: SentenceExplanation, muted: str) -> str:
        score = explanation.score
        terms = score.terms
        weighted = len({term.weight for term in terms}) > 1
        kept = explanation.hypothesis
        counted = "n-grams"
        if kept.truncated:  # the occurrences listed; the precisions are whole
            counted = f"n-grams in the first {len(kept.tokens):,} tokens"
        head = ["order", "p<sub>n</sub> = matches / n-grams", counted, "smoothing"]
        if weighted:
            head.append("weight")
        rows = [
            "<tr>"
            + "".join(
                f'<td style="color:{muted}; padding-bottom:4px">{cell}</td>'
                for cell in head
            )
            + "</tr>"
        ]
        counts = {order.order: order for order in explanation.orders}
        palette = self.palette()
        for term in terms:
            order = counts.get(term.order)
            chips = ""
            if order is not None:
                chips = "&nbsp;".join(
                    swatch_html(
                        status_format(status, palette),
                        str(order.count(status)),
                        decorate=False,
                    )
                    for status in NgramStatus
                )
            cells = [
                f"<b>{term.order}-gram</b>",
                _precision_html(term, score.compat, muted),
                chips,
                html.escape(term.smoothing) if term.smoothing else "—",
            ]
            if weighted:
                cells.append(format_weight(term.weight))
            rows.append(
                "<tr>"
                + "".join(f'<td style="padding-right:14px">{c}</td>' for c in cells)
                + "</tr>"
            )
        legend = "&nbsp;".join(
            swatch_html(status_format(status, palette), status.value)
            for status in NgramStatus
        )
        parts = [
            f'<p style="margin:0"><span style="font-size:large"><b>Sentence BLEU '
            f"{html.escape(explanation.score_text)}</b></span></p>",
            f'<p style="color:{muted}; margin-top:2px">'
            f"{html.escape(_scale_line(explanation))}</p>",
            "<p><b>Modified n-gram precisions</b></p>",
            f'<table cellspacing="0" cellpadding="2">{"".join(rows)}</table>',
            f'<p style="color:{muted}">n-grams: {legend}</p>',
            "<p><b>Brevity penalty</b><br>"
            f"{html.escape(explanation.brevity)}<br>"
            f'<span style="color:{muted}">{_length_source(explanation)}</span></p>',
            f"<p><b>Combination</b><br>{html.escape(explanation.mean)}</p>",
            f"<p><b>Diagnosis: {html.escape(explanation.diagnosis)}</b></p>",
        ]
        return "".join(parts)


def _scale_line(explanation: SentenceExplanation) -> str:
    """The library, and the scale its score is on (the table always shows 0-100)."""
    line = f"{explanation.score.compat.label} · {explanation.scale.value}"
    if explanation.scale is ScoreScale.UNIT:
        line += " (the sentence table shows it ×100, on the 0–100 scale)"
    return line


def _precision_html(term: OrderTerm, compat: Compat, muted: str) -> str:
    """The precision as p₂ = 2/3 = 66.67%, smoothed after an arrow, or left out.

    With the digits and on the scale of the combination formula below it.
    """
    fraction = f"p<sub>{term.order}</sub> = {term.matches:g}/{term.total:g}"
    if not term.in_mean:
        return f'{fraction} <span style="color:{muted}">(not in the mean)</span>'
    value = format_precision(term, compat)
    if precision_scale(compat) is ScoreScale.PERCENT:
        value += "%"
    if term.smoothing:
        return f"{fraction} → {value}"
    return f"{fraction} = {value}"


def _length_source(explanation: SentenceExplanation) -> str:
    """Where r came from: which reference, by which rule."""
    score = explanation.score
    refs = [str(k + 1) for k in explanation.length_refs]
    if not refs:
        return f"c = {score.sys_len} hypothesis tokens; no reference to take r from"
    noun = "reference" if len(refs) == 1 else "references"
    joined = refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " and " + refs[-1]
    return (
        f"c = {score.sys_len} hypothesis tokens; r = {score.ref_len} from {noun} "
        f"{joined} ({html.escape(explanation.ref_len_rule)})"
    )
