"""The sentence detail with a QA issue's span underlined: `MarkedDetailView`.

The QA dock (`views.qa_panel`) points at a span of the source or the hypothesis
of a sentence; the detail explains that sentence a moment after it is selected,
and renders again on every change of order or palette, each time from plain
text. So the mark is kept here and drawn after every render, and only while the
text it was made for is the one shown, as typed (not its tokens): it never lands
on another sentence. Apart from `SentenceDetailView`, which paints n-grams and
knows nothing of QA.
"""

from __future__ import annotations

from typing_extensions import override

from bleu_gui.core.textspan import Span
from bleu_gui.views.palette import qa_mark_format
from bleu_gui.views.sentence_detail import SentenceDetailView, TextKey

__all__ = ["MarkedDetailView"]


class MarkedDetailView(SentenceDetailView):
    """The sentence detail, with a span of one of its texts underlined."""

    _mark: tuple[TextKey, Span, str] | None = None  # (which, span, its text)

    def set_mark(
        self, which: TextKey | None, span: Span = (0, 0), text: str = ""
    ) -> None:
        """Underline `span` of text `which` (`SOURCE`, `HYPOTHESIS`) showing `text`.

        A zero-width span (where a tag is missing) marks the character at it.
        None: no mark.
        """
        self._mark = None if which is None else (which, span, text)
        self._draw_mark()

    def marked(self) -> tuple[TextKey, Span] | None:
        """The text and span underlined now, if any."""
        mark = self._mark
        if mark is None:
            return None
        which, (start, end), text = mark
        shown = self._shown.get(which)
        if shown is None or shown.tokenized or shown.text != text:
            return None
        return which, (start, max(end, min(start + 1, len(text))))

    @override
    def _render(self) -> None:
        super()._render()
        self._draw_mark()

    def _draw_mark(self) -> None:
        for widget in self._texts.values():
            if widget.extraSelections():
                widget.setExtraSelections([])
        marked = self.marked()
        if marked is not None:
            which, span = marked
            self._texts[which].emphasise([span], qa_mark_format(self.palette()))
