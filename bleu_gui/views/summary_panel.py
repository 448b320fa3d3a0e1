"""The corpus at a glance: BLEU, its terms, the signature, and the shown subset's BLEU.

Every number a paper would quote is here, with the counts behind it (each precision
as m/t), and the signature that says which BLEU it is, one click from the clipboard.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core import BleuScore
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.models.session import Scores

__all__ = ["SummaryPanel"]


class SummaryPanel(QWidget):
    """Corpus BLEU with every term, the signature, and the BLEU of the shown rows.

    Signals:
        copied: something was copied to the clipboard (a "Copied …" message).
    """

    copied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Which system the numbers are of, when several are open (else hidden).
        self.system = QLabel()
        self.system.setWordWrap(True)
        self.system.hide()
        self.score = QLabel("—")
        font = QFont(self.score.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        self.score.setFont(font)
        self.score.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption = QLabel("Open a candidate and its references to score them.")
        self.caption.setWordWrap(True)
        self.details = QLabel()
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.details.setWordWrap(True)
        self.details.setToolTip(
            "p1, p2, …: of the candidate's n-grams of each length (1 word, 2 words, "
            "…), the share also found in a reference (matches / n-grams).\n"
            "BP: brevity penalty, below 1 when the candidate is shorter than the "
            "references; ratio = c / r.\n"
            "c / r: candidate length / reference length, in tokens."
        )
        self.signature = QLabel()
        self.signature.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.signature.setWordWrap(True)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.signature.setFont(mono)
        self.copy_signature = QPushButton("Copy signature")
        self.copy_signature.setToolTip(
            "Copy the signature: the options these numbers were computed with, to "
            "quote next to the score."
        )
        self.copy_signature.setEnabled(False)
        self.copy_signature.clicked.connect(self._on_copy_clicked)
        self.shown = QLabel()
        self.shown.setWordWrap(True)

        copy_row = QHBoxLayout()
        copy_row.addStretch(1)
        copy_row.addWidget(self.copy_signature)
        layout = QVBoxLayout(self)
        layout.addWidget(self.system)
        layout.addWidget(self.score)
        layout.addWidget(self.caption)
        layout.addWidget(self.details)
        layout.addWidget(self.signature)
        layout.addLayout(copy_row)
        layout.addWidget(self.shown)
        layout.addStretch(1)

    def set_system(self, words: str) -> None:
        """Name the system whose scores are shown (empty: one system, no line)."""
        self.system.setText(words)
        self.system.setVisible(bool(words))

    def set_scores(self, scores: Scores | None, segments: int, references: int) -> None:
        """Show the corpus scores (None: nothing loaded)."""
        if scores is None:
            self.score.setText("—")
            self.details.clear()
            self.signature.clear()
            self.copy_signature.setEnabled(False)
            return
        self.signature.setText(scores.signature)
        self.copy_signature.setEnabled(True)
        result = scores.corpus
        plural = "s" if references != 1 else ""
        self.caption.setText(
            f"corpus BLEU of {segments:,} segments, {references} reference{plural}; "
            f"{scores.config.compat.label}"
        )
        if isinstance(result, Unavailable):
            self.score.setText("—")
            self.details.setText(f"<b>Cannot be computed:</b> {escape(result.reason)}")
            return
        self.score.setText(f"{result.score:.2f}")
        self.details.setText(_details_html(result))

    def set_shown(
        self, shown: int, total: int, subset: OrUnavailable[BleuScore]
    ) -> None:
        """Report the BLEU of the rows the table shows."""
        if total == 0:
            self.shown.clear()
            return
        if shown == total:
            self.shown.setText(f"All {total:,} sentences shown.")
            return
        noun = "sentence" if shown == 1 else "sentences"
        if isinstance(subset, Unavailable):
            self.shown.setText(
                f"BLEU of the {shown:,} shown {noun}: — ({subset.reason})"
            )
        else:
            self.shown.setText(
                f"BLEU of the {shown:,} shown {noun}: <b>{subset.score:.2f}</b> "
                f"(BP {subset.bp:.3f}, of {total:,})"
            )

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.signature.text())
        self.copied.emit(f"Copied the signature {self.signature.text()}")


def _details_html(result: BleuScore) -> str:
    rows = []
    for term in result.terms:
        fraction = f"{_number(term.numerator)} / {_number(term.denominator)}"
        rows.append(
            f"<tr><td>p<sub>{term.order}</sub></td>"
            f"<td align='right'><b>{term.precision:.2f}%</b></td>"
            f"<td align='right'>&nbsp;&nbsp;{fraction}</td></tr>"
        )
    rows.append(
        f"<tr><td>BP</td><td align='right'><b>{result.bp:.4f}</b></td>"
        f"<td align='right'>&nbsp;&nbsp;ratio {result.ratio:.4f}</td></tr>"
    )
    rows.append(
        f"<tr><td>c / r</td><td align='right'>{result.sys_len:,}</td>"
        f"<td align='right'>&nbsp;&nbsp;{result.ref_len:,} tokens</td></tr>"
    )
    note = f"<p><i>{escape(result.note)}</i></p>" if result.note else ""
    return "<table cellspacing='2'>" + "".join(rows) + "</table>" + note


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else f"{value:,}"
