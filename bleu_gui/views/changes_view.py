"""The Changes mode of the detail: one sentence's track changes, as Word shows them.

Beside the n-gram highlighting, never instead of it (`DetailModes` holds both
and shows one; the order bar's Changes button switches, an order button switches
back): the detail can show what changes from the hypothesis to a reference, or
from system A to system B, word by word on the text as typed, with the changed
letters inside a replaced word shaded (`core.changes`, drawn by
`views.change_choices.drawn`, in the colours of `views.change_palette`).

A combo chooses the two texts. By default the reference whose length set the
brevity penalty (with two systems: A against B); a comparison the reader picks
is kept from sentence to sentence while the sentence offers it. The changes are
computed only while the mode is on screen, and again only when the texts change:
the n-gram view pays nothing for them.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, SignalInstance
from PySide6.QtGui import QShowEvent, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.changes import (
    CHAR_DIFF_LIMIT,
    ChangeKind,
    TextChanges,
    text_changes,
)
from bleu_gui.views.change_choices import (
    ChangeChoice,
    ChoiceKey,
    Choices,
    Drawn,
    drawn,
)
from bleu_gui.views.change_palette import Mark, change_legend_items, mark_format
from bleu_gui.views.detail_panes import DetailFrame
from bleu_gui.views.detail_parts import (
    header_label,
    paint_legend,
    shown_source,
    source_note,
)
from bleu_gui.views.page_stack import PageStack
from bleu_gui.views.palette import is_palette_change
from bleu_gui.views.segment_text import SegmentText

__all__ = ["EMPTY_TEXT", "ChangesView", "DetailModes"]

EMPTY_TEXT = "Select a sentence to see what changes."
COMBO_TOOLTIP = (
    "The two texts compared: the changes that turn the first into the second. "
    "BP length: the reference whose length set the brevity penalty."
)


class ChangesView(QWidget):
    """One sentence's track changes between two of its texts, chosen in a combo."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._choices = Choices()
        self._current: ChangeChoice | None = None
        self._picked: ChoiceKey | None = None  # the reader's own choice
        self._computed: tuple[str, str, TextChanges] | None = None
        self._drawn: Drawn | None = None
        self._stale = True
        self._build()
        self.setMinimumSize(240, 160)
        self._ready = True

    # --- public API -------------------------------------------------------------------

    def set_choices(self, choices: Choices) -> None:
        """Offer `choices`; show the reader's last pick if offered, else the default."""
        self._choices = choices
        combo = self.combo
        combo.blockSignals(True)
        combo.clear()
        for item in choices.items:
            combo.addItem(item.label)
        keys = [item.key for item in choices.items]
        index = keys.index(self._picked) if self._picked in keys else choices.default
        if choices.items:
            combo.setCurrentIndex(index)
        combo.blockSignals(False)
        self._current = choices.items[index] if choices.items else None
        self._refresh()

    def choose(self, index: int) -> None:
        """Compare the texts of choice `index` (as the reader picking it does)."""
        if 0 <= index < len(self._choices.items):
            self.combo.setCurrentIndex(index)
            self._picked = self._choices.items[index].key
            self._current = self._choices.items[index]
            self._refresh()

    def choice_labels(self) -> list[str]:
        """The comparisons offered, as the combo lists them."""
        return [self.combo.itemText(i) for i in range(self.combo.count())]

    def current_choice(self) -> ChangeChoice | None:
        """The comparison shown (`None`: nothing to compare)."""
        return self._current

    def changes(self) -> TextChanges | None:
        """The changes on display (`None`: none computed)."""
        self._render_if_stale()
        return None if self._computed is None else self._computed[2]

    def displayed_text(self) -> str:
        """The track-changes text shown ("" for none)."""
        self._render_if_stale()
        return "" if self._drawn is None else self._drawn.text

    def marked_runs(self) -> list[tuple[int, int, str]]:
        """The runs drawn as changes: `(start, end, Mark value)`, left to right."""
        self._render_if_stale()
        return [] if self._drawn is None else list(self._drawn.runs)

    def tooltip_at(self, index: int) -> str:
        """The hover text at character `index` of the text shown ("" off a change)."""
        self._render_if_stale()
        if self._drawn is None:
            return ""
        return html.escape(self._drawn.hover_at(index))

    def document(self) -> QTextDocument:
        """The document showing the changes, for reading its formats."""
        self._render_if_stale()
        return self.text.document()

    def summary(self) -> str:
        """The counts above the text, in plain words ("" when none are shown)."""
        self._render_if_stale()
        return self.header.text() if self.header.isVisibleTo(self) else ""

    def legend_text(self) -> str:
        """The legend's words, as a reader sees them."""
        self._render_if_stale()
        return self.legend.toPlainText().replace("\u00a0", " ").strip()

    def message(self) -> str:
        """The text shown instead of changes ("" when changes are shown)."""
        self._render_if_stale()
        empty = self._frame.empty
        return empty.text() if empty.isVisibleTo(self) else ""

    def note(self) -> str:
        """The note above the changes ("" for none)."""
        self._render_if_stale()
        note = self._frame.note
        return note.text() if note.isVisibleTo(self) else ""

    # --- Qt overrides -----------------------------------------------------------------

    @override
    def showEvent(self, event: QShowEvent) -> None:
        """Compute what changed while hidden, now that it is seen."""
        super().showEvent(event)
        self._render_if_stale()

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Repaint in the new palette's colours."""
        super().changeEvent(event)
        if getattr(self, "_ready", False) and is_palette_change(event):
            self._refresh()

    # --- building ---------------------------------------------------------------------

    def _build(self) -> None:
        bar = QWidget()
        bar_layout = QHBoxLayout(bar)
        bar_layout.setContentsMargins(8, 4, 8, 2)
        bar_layout.addWidget(QLabel("Changes:"))
        self.combo = QComboBox()
        self.combo.setToolTip(COMBO_TOOLTIP)
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.combo.setMinimumContentsLength(16)
        self.combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.combo.activated.connect(self.choose)
        bar_layout.addWidget(self.combo, 1)

        self.legend = SegmentText(scale=0.92)
        self.legend.setToolTip("How changes are marked")
        self._frame = frame = DetailFrame(EMPTY_TEXT, self.legend)
        self.header = header_label()
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.text = SegmentText(self.tooltip_at, placeholder="(both texts are empty)")
        body = frame.body
        for widget in (frame.empty, frame.note, self.header, self.text):
            body.addWidget(widget)
        body.addSpacing(6)
        body.addWidget(frame.source_header)
        body.addWidget(frame.source_text)
        frame.place(self, above=bar)

    # --- rendering --------------------------------------------------------------------

    def _refresh(self) -> None:
        """Render now if seen, else when next shown."""
        self._stale = True
        if self.isVisible():
            self._render_if_stale()

    def _render_if_stale(self) -> None:
        if self._stale:
            self._stale = False
            self._render()

    def _render(self) -> None:
        frame, choice = self._frame, self._current
        palette = self.palette()
        frame.style(palette)
        source = self._choices.source
        frame.source_header.setVisible(source is not None and choice is not None)
        frame.source_text.setVisible(source is not None and choice is not None)
        if source is not None:
            frame.source_text.set_segment(shown_source(source).text)
        self.combo.setEnabled(choice is not None)
        changes = None if choice is None else self._changes_of(choice)
        message = self._message(choice, changes)
        frame.empty.setText(message)
        frame.empty.setVisible(bool(message))
        shown = not message
        for widget in (self.header, self.text, frame.legend, frame.separator):
            widget.setVisible(shown)
        frame.set_note([])
        if not shown or choice is None or changes is None:
            self._drawn = None
            self.text.set_segment("")
            return
        self._drawn = drawn(changes)
        formats = {mark.value: mark_format(mark, palette) for mark in Mark}
        self.text.set_segment(self._drawn.text)
        self.text.paint(self._drawn.runs, formats)
        self.header.setText(_summary(changes))
        notes = []
        if changes.chars_skipped:
            notes.append(
                "Changed letters are not marked inside replaced passages of more "
                f"than {CHAR_DIFF_LIMIT:,} characters."
            )
        if cut := source_note(source):
            notes.append(cut)
        frame.set_note(notes)
        paint_legend(
            self.legend,
            change_legend_items(palette, choice.old_name, choice.new_name),
            palette,
        )

    def _changes_of(self, choice: ChangeChoice) -> TextChanges:
        """The changes between `choice`'s texts, computed once per pair of texts."""
        computed = self._computed
        if computed is None or computed[:2] != (choice.old, choice.new):
            computed = (choice.old, choice.new, text_changes(choice.old, choice.new))
            self._computed = computed
        return computed[2]

    def _message(self, choice: ChangeChoice | None, changes: TextChanges | None) -> str:
        """What is shown instead of changes, or "" when they are shown."""
        if choice is None:
            return EMPTY_TEXT
        too_long = None if changes is None else changes.too_long
        if too_long is None:
            return ""
        name = choice.old_name if too_long.side == "old" else choice.new_name
        return (
            f"Too long to show the changes: {name} has {too_long.chars:,} "
            f"characters; changes are shown for texts of up to {too_long.limit:,}."
        )


def _summary(changes: TextChanges) -> str:
    """The word counts above the changes: "Words: 1 deleted, 2 inserted, …"."""
    parts = [
        f"{changes.count(kind)} {kind.value}"
        for kind in (ChangeKind.DELETED, ChangeKind.INSERTED, ChangeKind.REPLACED)
    ]
    unchanged = changes.count(ChangeKind.EQUAL)
    return f"Words: {', '.join(parts)}, {unchanged} unchanged"


class DetailModes(PageStack):
    """A detail's two modes: its n-gram view, or the Changes view of the same texts.

    The Changes view follows the n-gram view: each time that one shows another
    sentence (`shown_changed`), it is offered `choices()`. Sized by the mode
    shown (`PageStack`), so the n-gram detail keeps the room it always had.
    """

    def __init__(
        self,
        ngrams: QWidget,
        changes: ChangesView,
        shown_changed: SignalInstance,
        choices: Callable[[], Choices],
    ) -> None:
        super().__init__()
        self.ngrams = ngrams
        self.changes = changes
        self.add_page(ngrams)
        self.add_page(changes)
        shown_changed.connect(lambda: changes.set_choices(choices()))
        changes.set_choices(choices())

    def set_changes_shown(self, shown: bool) -> None:
        """Show the Changes view (True) or the n-gram view (False)."""
        self.setCurrentWidget(self.changes if shown else self.ngrams)

    def changes_shown(self) -> bool:
        """Whether the Changes view is the one shown."""
        return self.currentWidget() is self.changes
