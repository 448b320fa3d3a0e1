"""The sentence detail always describes the corpus the table shows.

While a new test set is scored, the table shows its texts already
(`Session.texts_loaded`), and the session's corpus is still the old one until
`scores_changed`. A sentence selected in that window is the new corpus's: the
detail must show its texts, not the old corpus's sentence of the same number (or
fail on a row the old corpus does not have). After Close, the panels say that no
test set is open.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.io import Corpus
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS, SOURCE, TextKey
from tests.gui.demo_sets import (
    OTHER_SIZE,
    TIMEOUT,
    DemoSet,
    demo,
    other,
    scored,
    window,
)

__all__ = ["demo", "other", "window"]  # fixtures


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("number", [3, 700])
def test_a_sentence_selected_while_a_new_set_is_scored_is_the_new_one(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, other: DemoSet, number: int
) -> None:
    """Sentence 3 exists in both sets; sentence 700 only in the new one (1,002)."""
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    assert window.select_sentence(2)
    session = window.session
    assert session.corpus is not None
    assert session.corpus.num_segments == 500 < 700 <= OTHER_SIZE
    events: list[str] = []
    shown_then: dict[TextKey | str, str] = {}
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            events.append("scores_changed") if change.any(Moved.SHOWN_SCORES) else None
        )
    )

    def select_while_scoring(corpus: Corpus) -> None:
        # In the emission of texts_loaded: the new texts are in the table, their
        # scores cannot have arrived yet.
        events.append("texts_loaded")
        assert window.select_sentence(number)
        detail = window.detail
        shown_then.update(
            (key, detail.displayed_text(key))
            for key in (HYPOTHESIS, SOURCE, TextKey.reference_of(0))
        )
        shown_then["keys"] = " ".join(str(key) for key in detail.text_keys())
        events.append("selected")

    session.texts_loaded.connect(select_while_scoring)
    with scored(qtbot, window):
        session.open_files(other.file_set())
    assert events == ["texts_loaded", "selected", "scores_changed"]

    row = number - 1
    expected: dict[TextKey | str, str] = {
        HYPOTHESIS: lines(other.candidate)[row],
        SOURCE: lines(other.source)[row],
        TextKey.reference_of(0): lines(other.refs[0])[row],
        # The new set has one reference: the old set's second is gone.
        "keys": f"{SOURCE} {HYPOTHESIS} {TextKey.reference_of(0)}",
    }
    # Shown while the new set was being scored, and still once it is scored.
    assert shown_then == expected
    detail = window.detail
    for key in (HYPOTHESIS, SOURCE, TextKey.reference_of(0)):
        assert detail.displayed_text(key) == expected[key]
    explanation = detail.explanation()
    assert explanation is not None
    assert explanation.hypothesis.text == lines(other.candidate)[row]
    assert window.status_text.text().startswith(f"Sentence {number}: BLEU ")


def test_close_says_no_test_set_in_the_detail_and_explain_panels(
    qtbot: QtBot, window: MainWindow, demo: DemoSet
) -> None:
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    assert window.select_sentence(4)
    assert window.detail.explanation() is not None
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.ROWS),
        timeout=TIMEOUT,
    ):
        window.close_action.trigger()
    assert window.detail.explanation() is None
    assert window.detail.message() == "No test set"
    assert window.explain.explanation() is None
    assert window.explain.plain_text() == "No test set"
    # A test set opened again shows its sentences as before.
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    assert window.select_sentence(4)
    assert window.detail.displayed_text(HYPOTHESIS) == lines(demo.candidate)[3]
    assert window.explain.plain_text().startswith("Sentence BLEU ")
