"""The detail's Changes mode: track changes a translator reads, beside the n-grams.

The view alone is fed explanations made by the scorer (`explain_sentence`), so
the default reference is the one whose length set the brevity penalty, counted
here by hand from the 13a tokens. The window tests toggle the mode with the
order bar's buttons as a reader does, with one system and with a pair, and wait
on the session's signals, never on sleeps. Every expected text is written out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPalette, QTextCursor
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig
from bleu_gui.core.changes import CHANGES_CHAR_LIMIT
from bleu_gui.core.explain import explain_sentence
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.change_choices import (
    ChangeChoice,
    ChoiceKey,
    Choices,
    TextId,
    TextRole,
    sentence_choices,
)
from bleu_gui.views.change_palette import Mark, mark_color, mark_tint
from bleu_gui.views.changes_view import ChangesView
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.order_bar import CHANGES_TOOLTIP
from tests.gui.demo_sets import TIMEOUT, write_lines
from tests.gui.palettes import dark_palette, light_palette

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

HYPOTHESIS = "the cat sat on the mat"  # 6 tokens
REFERENCE_1 = "a cat sat on a mat today and tomorrow"  # 9 tokens: 3 away
REFERENCE_2 = "the cat sat on mat"  # 5 tokens: 1 away, the closest length


def view_of(
    qtbot: QtBot,
    hypothesis: str = HYPOTHESIS,
    references: tuple[str | None, ...] = (REFERENCE_1, REFERENCE_2),
    names: tuple[str, ...] = (),
) -> ChangesView:
    view = ChangesView()
    qtbot.addWidget(view)
    explanation = explain_sentence(hypothesis, references, BleuConfig())
    view.set_choices(sentence_choices(explanation, names, "die Katze"))
    view.show()
    return view


def words(text: str) -> str:
    """`text` with its runs of white space as single spaces."""
    return " ".join(text.split())


def test_the_default_is_the_reference_that_set_the_brevity_penalty(
    qtbot: QtBot,
) -> None:
    view = view_of(qtbot, names=("ref.a.txt", "ref.b.txt"))
    assert view.choice_labels() == [
        "Hypothesis → Reference 1 (ref.a.txt)",
        "Hypothesis → Reference 2 (ref.b.txt) · BP length",
    ]
    assert view.combo.currentIndex() == 1
    choice = view.current_choice()
    assert choice is not None
    assert choice.key == ChoiceKey(
        TextId(TextRole.HYPOTHESIS), TextId(TextRole.REFERENCE, 1)
    )
    # "the" deleted before "mat": the rest kept.
    assert view.displayed_text() == "the cat sat on the mat"
    assert view.marked_runs() == [(15, 18, "deleted")]
    assert view.summary() == "Words: 1 deleted, 0 inserted, 0 replaced, 5 unchanged"
    assert view.tooltip_at(16) == "Deleted: “the”"
    assert view.tooltip_at(5) == ""
    assert view.message() == ""


def test_another_reference_on_request_and_kept_for_the_next_sentence(
    qtbot: QtBot,
) -> None:
    view = view_of(qtbot)
    view.combo.activated.emit(0)  # the reader picks reference 1
    assert view.combo.currentIndex() == 0
    # the→a twice, "today and tomorrow" inserted; the old word struck, then the new.
    assert view.displayed_text() == "the a cat sat on the a mat today and tomorrow"
    assert view.marked_runs() == [
        (0, 3, "deleted"),
        (4, 5, "inserted"),
        (17, 20, "deleted"),
        (21, 22, "inserted"),
        (27, 45, "inserted"),
    ]
    assert view.tooltip_at(1) == "Replaced “the” by “a”"
    assert view.tooltip_at(30) == "Inserted: “today and tomorrow”"
    assert view.summary() == "Words: 0 deleted, 3 inserted, 2 replaced, 4 unchanged"
    # The next sentence's closest reference is the second again: the pick stays.
    explanation = explain_sentence("a dog", ("a dog barks", "dog"), BleuConfig())
    assert explanation.length_refs == (1,)  # a tie (1 away each) goes to the shorter
    view.set_choices(sentence_choices(explanation, (), None))
    assert view.combo.currentIndex() == 0
    assert view.displayed_text() == "a dog barks"
    assert view.marked_runs() == [(6, 11, "inserted")]


def test_the_legend_names_the_texts_compared(qtbot: QtBot) -> None:
    view = view_of(qtbot)
    assert words(view.legend_text()) == (
        "deleted in the hypothesis, not in reference 2 "
        "inserted in reference 2, not in the hypothesis "
        "changed letters shaded inside a replaced word"
    )


def _format_at(view: ChangesView, index: int) -> tuple[bool, bool, QColor, bool]:
    """(struck, underlined, text colour, has a background) of character `index`."""
    cursor = QTextCursor(view.document())
    cursor.setPosition(index + 1)
    text_format = cursor.charFormat()
    return (
        text_format.fontStrikeOut(),
        text_format.fontUnderline(),
        text_format.foreground().color(),
        text_format.background().style().value != 0,
    )


def test_deleted_struck_inserted_underlined_changed_letters_shaded(
    qtbot: QtBot,
) -> None:
    view = view_of(qtbot, "the colour red", ("the color red",))
    assert view.displayed_text() == "the colour color red"
    assert view.tooltip_at(6) == "Replaced “colour” by “color”"
    palette = view.palette()
    red, blue = mark_color(Mark.DELETED, palette), mark_color(Mark.INSERTED, palette)
    assert _format_at(view, 4) == (True, False, red, False)  # "c" of colour
    assert _format_at(view, 8) == (True, False, red, True)  # its "u", shaded
    assert _format_at(view, 11) == (False, True, blue, False)  # "c" of color
    struck, underlined, _, shaded = _format_at(view, 1)  # "h" of the kept "the"
    assert not struck
    assert not underlined
    assert not shaded
    assert view.marked_runs() == [
        (4, 8, "deleted"),
        (8, 9, "deleted characters"),
        (9, 10, "deleted"),
        (11, 16, "inserted"),
    ]


def _contrast(a: QColor, b: QColor) -> float:
    """The WCAG 2 contrast ratio of two colours."""

    def luminance(color: QColor) -> float:
        channels = []
        for value in (color.redF(), color.greenF(), color.blueF()):
            channels.append(
                value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
            )
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("make_palette", [light_palette, dark_palette])
def test_the_marks_read_in_light_and_dark_palettes(
    make_palette: Callable[[], QPalette],
) -> None:
    palette = make_palette()
    base = palette.color(QPalette.ColorRole.Base)
    for mark in Mark:
        color = mark_color(mark, palette)
        assert _contrast(color, base) >= 4.5, mark
        tint = mark_tint(mark, palette)
        if tint is not None:
            assert _contrast(color, tint) >= 4.5, mark
    assert mark_tint(Mark.DELETED, palette) is None


def test_a_palette_change_repaints_the_marks(qtbot: QtBot) -> None:
    view = view_of(qtbot)
    view.setPalette(dark_palette())
    dark_red = mark_color(Mark.DELETED, dark_palette())
    qtbot.waitUntil(lambda: _format_at(view, 15)[2] == dark_red)


def test_too_long_says_so(qtbot: QtBot) -> None:
    view = ChangesView()
    qtbot.addWidget(view)
    long_text = "x" * (CHANGES_CHAR_LIMIT + 1)
    key = ChoiceKey(TextId(TextRole.HYPOTHESIS), TextId(TextRole.REFERENCE, 0))
    choice = ChangeChoice(
        key, "Hypothesis → Reference 1", "the hypothesis", "reference 1", long_text, "x"
    )
    view.set_choices(Choices((choice,)))
    view.show()
    assert view.message() == (
        "Too long to show the changes: the hypothesis has 10,001 characters; "
        "changes are shown for texts of up to 10,000."
    )
    assert view.displayed_text() == ""


def test_a_reference_the_sentence_lacks_is_not_offered(qtbot: QtBot) -> None:
    view = view_of(qtbot, references=(None, REFERENCE_2))
    assert view.choice_labels() == ["Hypothesis → Reference 2 · BP length"]
    assert view.displayed_text() == "the cat sat on the mat"
    view.set_choices(sentence_choices(None, ()))
    assert view.choice_labels() == []
    assert view.message() == "Select a sentence to see what changes."
    assert not view.combo.isEnabled()


# --- in the window ----------------------------------------------------------------


def _files(folder: Path, systems: dict[str, list[str]]) -> FileSet:
    refs = (
        write_lines(folder / "ref.1.txt", [REFERENCE_1, "one two three"]),
        write_lines(folder / "ref.2.txt", [REFERENCE_2, "one two"]),
    )
    paths = tuple(write_lines(folder / name, lines) for name, lines in systems.items())
    source = write_lines(folder / "src.txt", ["die Katze", "eins zwei"])
    return FileSet(paths[-1], refs, source, systems=paths)


@contextmanager
def _window(
    qtbot: QtBot, folder: Path, systems: dict[str, list[str]]
) -> Iterator[MainWindow]:
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    with qtbot.waitSignal(
        window.session.busy_changed,
        timeout=TIMEOUT,
        check_params_cb=lambda busy: not busy,
    ):
        window.session.open_files(_files(folder, systems))
    try:
        yield window
    finally:
        window.compare.shutdown()
        window.explainer.shutdown()
        window.session.shutdown()


def _select(qtbot: QtBot, window: MainWindow, number: int) -> None:
    assert window.select_sentence(number)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.compare.sentence_pending, timeout=TIMEOUT)


def test_the_mode_toggles_and_an_order_brings_the_ngrams_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    systems = {"sys.txt": [HYPOTHESIS, "one two four"]}
    with _window(qtbot, tmp_path, systems) as window:
        area = window.central_area
        changes, button = area.changes, area.order_bar.changes
        assert button.text() == "Changes"
        assert button.toolTip() == CHANGES_TOOLTIP
        _select(qtbot, window, 1)
        assert window.detail.isVisible()
        assert not changes.isVisible()
        button.click()
        qtbot.waitUntil(changes.isVisible)
        assert not window.detail.isVisible()
        assert changes.choice_labels() == [
            "Hypothesis → Reference 1 (ref.1.txt)",
            "Hypothesis → Reference 2 (ref.2.txt) · BP length",
        ]
        assert changes.displayed_text() == "the cat sat on the mat"
        assert changes.marked_runs() == [(15, 18, "deleted")]
        # The next sentence, in the Changes mode: its own changes.
        _select(qtbot, window, 2)
        assert changes.displayed_text() == "one two four three"
        assert changes.tooltip_at(9) == "Replaced “four” by “three”"
        # An order button is a request for n-grams: the n-gram view is back.
        area.order_bar.orders.button(2).click()
        assert not button.isChecked()
        qtbot.waitUntil(window.detail.isVisible)
        assert not changes.isVisible()
        assert window.detail.order() == 2
        button.click()
        qtbot.waitUntil(changes.isVisible)
        window.tokens_button.click()  # Tokens too
        qtbot.waitUntil(window.detail.isVisible)


def test_a_pair_shows_a_against_b_first(qtbot: QtBot, tmp_path: Path) -> None:
    systems = {
        "sys.alpha.txt": ["the cat sat on a mat", "one two"],
        "sys.beta.txt": [HYPOTHESIS, "one two four"],
    }
    with _window(qtbot, tmp_path, systems) as window:
        compare = window.compare
        assert compare.comparing
        _select(qtbot, window, 1)
        window.central_area.order_bar.changes.click()
        changes = compare.pair_changes
        qtbot.waitUntil(changes.isVisible)
        assert not compare.pair_detail.isVisible()
        assert changes.choice_labels() == [
            "A (alpha) → B (beta)",
            "A → Reference 1 (ref.1.txt)",
            "A → Reference 2 (ref.2.txt) · BP length",
            "B → Reference 1 (ref.1.txt)",
            "B → Reference 2 (ref.2.txt) · BP length",
        ]
        assert changes.combo.currentIndex() == 0
        assert changes.displayed_text() == "the cat sat on a the mat"
        assert changes.tooltip_at(15) == "Replaced “a” by “the”"
        assert words(changes.legend_text()) == (
            "deleted in A, not in B inserted in B, not in A "
            "changed letters shaded inside a replaced word"
        )
        changes.combo.activated.emit(4)
        assert changes.displayed_text() == "the cat sat on the mat"
        assert changes.marked_runs() == [(15, 18, "deleted")]
        window.central_area.order_bar.orders.button(1).click()
        qtbot.waitUntil(compare.pair_detail.isVisible)
        assert not changes.isVisible()


def test_the_view_menu_switches_the_mode(qtbot: QtBot, tmp_path: Path) -> None:
    with _window(qtbot, tmp_path, {"sys.txt": [HYPOTHESIS, "one two"]}) as window:
        _select(qtbot, window, 1)
        action = window.changes_action
        assert action.text() == "Show &changes"
        assert action.shortcut().toString() == "Ctrl+D"
        action.trigger()
        qtbot.waitUntil(window.central_area.changes.isVisible)
        action.trigger()
        qtbot.waitUntil(window.detail.isVisible)
