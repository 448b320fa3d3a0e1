"""File › Open sacreBLEU test set…: listed, cached marked, fetched, opened.

sacreBLEU's cache is a folder made in the test with a tiny wmt21 de-en
(`tests/cli/sacrebleu_cache.py`); every download is refused (`urlopen` raises), so
a set that is not cached is the offline case. Events are ordered by signals. The
score shown must be sacreBLEU's on the same lines (its API, reference A).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.models.open_request import NamedSource
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.named_set_dialog import ALL_DOCUMENTS, NO_PAIR, NamedSetDialog
from tests.cli.sacrebleu_cache import (
    demo_lines,
    point_sacrebleu_at,
    write_wmt21_de_en,
    write_wmt22_de_en,
)
from tests.gui.test_sessions import make, open_session
from tests.gui.test_sessions import windows as windows  # the fixture

OFFLINE = "offline for the test"

# The offscreen platform's note on a shown dialog's size hints.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _refuse_download(*_args: object, **_kwargs: object) -> None:
    raise urllib.error.URLError(OFFLINE)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "sacrebleu"
    write_wmt21_de_en(folder)
    point_sacrebleu_at(folder, monkeypatch)
    monkeypatch.setattr(urllib.request, "urlopen", _refuse_download)
    return folder


@pytest.fixture
def system(tmp_path: Path) -> Path:
    path = tmp_path / "out.txt"
    path.write_text("\n".join(demo_lines("sys.happypoet.txt")) + "\n", encoding="utf-8")
    return path


def test_the_sets_are_listed_newest_first_the_cached_marked(
    window: MainWindow, cache: Path
) -> None:
    dialog = window.file_actions.open_named_set()
    labels = dialog.set_labels()
    assert "wmt21  (in the cache)" in labels
    assert "wmt22" in labels  # known to sacreBLEU, not downloaded
    assert "wmt21/B" in labels  # the same archive, not downloaded under its name
    assert labels.index("wmt22") < labels.index("wmt21  (in the cache)")
    assert sum(label.endswith("(in the cache)") for label in labels) == 1
    dialog.choose("wmt21", "", Path())
    assert "de-en" in dialog.pair_labels()
    assert dialog.pair_labels()[:3] == ["de-fr", "en-de", "en-ha"]  # sacreBLEU's order


def test_a_cached_set_opens_with_the_system(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set()
    dialog.choose("wmt21", "de-en", system)
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=60_000,
    ):
        dialog.open_button.click()
    expected = sacrebleu.corpus_bleu(
        demo_lines("sys.happypoet.txt"), [demo_lines("ref.A.txt")]
    )
    assert window.summary.score.text() == f"{expected.score:.2f}"
    assert window.session.files is not None
    assert window.session.files.hypothesis == system
    assert window.session.files.references == (cache / "wmt21" / "wmt21.de-en.ref-A",)
    assert window.session.files.source == cache / "wmt21" / "wmt21.de-en.src"
    assert window.file_actions.named_set_dialog is None  # closed once fetched


def test_offline_and_not_cached_is_one_line_in_the_window(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set()
    dialog.choose("wmt22", "de-en", system)
    with qtbot.waitSignal(dialog.failed, timeout=60_000) as failed:
        dialog.open_button.click()
    message = (
        f"sacreBLEU's test set wmt22 (de-en) is not in its cache ({cache}) and "
        f"could not be downloaded: no network ({OFFLINE})"
    )
    assert failed.args == [message]
    assert window.banner.text() == f"⚠ {message}"
    assert dialog.problem.shown == f"⚠ {message}"
    assert dialog.open_button.isEnabled()  # choose another, or go online and retry
    assert window.session.files is None


def test_nothing_is_fetched_without_a_pair(window: MainWindow, cache: Path) -> None:
    dialog: NamedSetDialog = window.file_actions.open_named_set()
    dialog.choose("wmt21", "", Path("out.txt"))
    dialog.open_button.click()
    assert dialog.problem.shown == f"⚠ {NO_PAIR}"
    assert not dialog.fetcher.is_busy()


def test_cancel_stops_waiting_for_the_fetch(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set()
    dialog.choose("wmt21", "de-en", system)
    with qtbot.waitSignal(dialog.fetcher.busy_changed) as started:
        dialog.open_button.click()
    assert started.args == [True]
    assert not dialog.open_button.isEnabled()
    dialog.buttons.rejected.emit()  # Cancel while fetching
    assert not dialog.fetcher.is_busy()
    assert dialog.status.text() == "Cancelled."
    assert dialog.isVisible()  # the dialog stays: another choice can be made
    assert dialog.open_button.isEnabled()


def test_the_command_lines_set_opens_without_the_dialog_when_cached(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=60_000,
    ):
        dialog = window.file_actions.open_named_set(
            direct=(NamedSource("wmt21", "de-en"), [system])
        )
        assert not dialog.isVisible()
    assert window.session.files is not None
    assert window.session.files.hypothesis == system


def test_the_command_lines_download_shows_the_dialog_and_its_failure(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set(
        direct=(NamedSource("wmt22", "de-en"), [system])
    )
    assert dialog.isVisible()  # a download: its progress and Cancel are shown
    with qtbot.waitSignal(dialog.failed, timeout=60_000):
        pass
    assert dialog.isVisible()
    assert window.banner.text().startswith("⚠ sacreBLEU's test set wmt22 (de-en)")


def test_the_dialog_offers_sacrebleus_filters_and_the_documents_come_along(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set()
    dialog.choose("wmt21", "de-en", system)
    assert dialog.origlang_labels() == [
        ALL_DOCUMENTS,
        "de",
        "non-de",
        "en",
        "non-en",
    ]
    assert ALL_DOCUMENTS == "every document"
    assert dialog.subset.placeholderText() == "every domain"
    dialog.choose("wmt21", "de-en", system, origlang="en")
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=60_000,
    ):
        dialog.open_button.click()
    # The cache's documents: 20 segments each, every third one first written in
    # English (`tests/cli/sacrebleu_cache.py`): demo-doc-3 and demo-doc-6.
    kept = [*range(40, 60), *range(100, 120)]
    hypothesis = demo_lines("sys.happypoet.txt")
    reference = demo_lines("ref.A.txt")
    expected = sacrebleu.corpus_bleu(
        [hypothesis[i] for i in kept], [[reference[i] for i in kept]]
    )
    assert window.summary.score.text() == f"{expected.score:.2f}"
    test_set = window.session.workspace.test_set
    assert test_set is not None
    assert test_set.documents == ("demo-doc-3",) * 20 + ("demo-doc-6",) * 20
    model = window.documents.model
    qtbot.waitUntil(lambda: not model.is_computing, timeout=60_000)
    assert window.documents.dock.isVisible()
    assert [model.document_at(row) for row in range(model.rowCount())] == [
        "demo-doc-3",
        "demo-doc-6",
    ]


def test_a_filter_that_keeps_nothing_is_said_in_the_dialog(
    window: MainWindow, cache: Path, system: Path, qtbot: QtBot
) -> None:
    dialog = window.file_actions.open_named_set()
    dialog.choose("wmt21", "de-en", system, origlang="fr")
    with qtbot.waitSignal(dialog.failed, timeout=60_000) as failed:
        dialog.open_button.click()
    assert failed.args == ["-t wmt21: no line of de-en is left by --origlang fr"]
    assert window.session.files is None


def test_joined_and_filtered_sets_reopen_from_a_saved_session(
    window: MainWindow,
    cache: Path,
    tmp_path: Path,
    qtbot: QtBot,
    windows: list[MainWindow],
) -> None:
    write_wmt22_de_en(cache)
    output = demo_lines("sys.happypoet.txt")
    output += output[::-1]  # a line for each segment of wmt21 then wmt22
    system = tmp_path / "joined.txt"
    system.write_text("\n".join(output) + "\n", encoding="utf-8")
    asked = NamedSource("wmt21,wmt22", "de-en", "non-de")
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=60_000,
    ):
        window.file_actions.open_named_set(direct=(asked, [system]))
    # demo-doc-3 and -6 of wmt21, the odd wmt22 documents (English originals).
    kept = [*range(40, 60), *range(100, 120)]
    kept += [120 + row for row in (*range(0, 20), *range(40, 60), *range(80, 100))]
    reference = demo_lines("ref.A.txt")
    reference += reference[::-1]
    expected = sacrebleu.corpus_bleu(
        [output[i] for i in kept], [[reference[i] for i in kept]]
    )
    assert window.summary.score.text() == f"{expected.score:.2f}"
    path = tmp_path / "named.bleu-session"
    assert window.session_actions.save_to(path)
    second = make(qtbot, windows, tmp_path / "second.ini")
    open_session(qtbot, second, path)
    assert second.session.files is not None
    assert second.session.files.named == asked
    assert second.summary.score.text() == f"{expected.score:.2f}"
    test_set = second.session.workspace.test_set
    assert test_set is not None
    assert test_set.documents is not None
    assert sorted(set(test_set.documents)) == [
        "demo-doc-3",
        "demo-doc-6",
        "wmt22-doc-1",
        "wmt22-doc-3",
        "wmt22-doc-5",
    ]
