"""The window with the real readers: files of every format opened as a user opens them.

The window's other tests use stand-in readers; these open the test files of
`tests/io/data/formats` (and files written here) through File › Open test set, the
file picker (a monkeypatched static function answers it), the roles dialog's
choosers (mouse clicks on the combo and its list) and the Open button, at a human's
pace (`qtbot.keyClicks`, mouse clicks), ordered by the session's signals. Scores
are sacreBLEU's `corpus_bleu` on the segments sacreBLEU's own WMT XML reader
extracts, or on the strings written out here.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QPlainTextEdit, QWidget
from pytestqt.qtbot import QtBot
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from bleu_gui.core import BleuScore
from bleu_gui.models.workspace import System
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.roles_dialog import RolesDialog
from bleu_gui.views.test_set_dialog import OpenTestSetDialog
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, loaded, scored, window

__all__ = ["demo", "loaded", "window"]  # fixtures

# The offscreen platform cannot raise a combo's popup or grab the keyboard for it.
pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
XML = DATA / "wmt21.de-en.xml"
SYSTEMS = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]


def _fields() -> dict[str, list[str]]:
    fields: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(str(XML))
    return fields


@pytest.fixture
def picker(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """The files the file pickers answer with, in turn (the test appends them)."""
    answers: list[Path] = []

    def one(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[str, str]:
        return str(answers.pop(0)), ""

    def several(
        _parent: QWidget, _title: str, _folder: str = "", _filter: str = ""
    ) -> tuple[list[str], str]:
        return [str(answers.pop(0))], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", one)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", several)
    yield answers
    assert answers == []  # every answer was asked for


def open_test_set(window: MainWindow) -> OpenTestSetDialog:
    window.open_test_set_action.trigger()
    dialog = window.file_actions.test_set_dialog
    assert dialog is not None
    assert dialog.isVisible()
    return dialog


def roles_dialog(qtbot: QtBot, window: MainWindow) -> RolesDialog:
    """The roles dialog, once its file's columns are read."""
    qtbot.waitUntil(
        lambda: (
            window.file_actions.roles_dialog is not None
            and window.file_actions.roles_dialog.bundle is not None
        ),
        timeout=TIMEOUT,
    )
    dialog = window.file_actions.roles_dialog
    assert dialog is not None
    assert dialog.isVisible()
    return dialog


def click_role(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Click the role chooser open, go down its list to `text`, press Enter.

    (A click in the list just after it opened is ignored by Qt for a
    double-click interval: the keys need no waiting.)
    """
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=TIMEOUT)
    row = combo.findText(text)
    assert row >= 0, text
    key = Qt.Key.Key_Down if row > combo.currentIndex() else Qt.Key.Key_Up
    for _ in range(abs(row - combo.currentIndex())):
        qtbot.keyClick(view, key)
    with qtbot.waitSignal(combo.activated, timeout=TIMEOUT):
        qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=TIMEOUT)
    assert combo.currentText() == text


def score_of(system: System) -> BleuScore:
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score


def assert_sacrebleus(
    system: System, hypotheses: list[str], references: list[list[str]]
) -> None:
    expected = sacrebleu.corpus_bleu(hypotheses, references)
    score = score_of(system)
    assert score.score == pytest.approx(expected.score, abs=1e-9)
    assert list(score.counts) == expected.counts
    assert list(score.totals) == expected.totals
    assert (score.sys_len, score.ref_len) == (expected.sys_len, expected.ref_len)


@pytest.fixture
def shown(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The window on screen, as a user has it."""
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


def document_ids(window: MainWindow) -> list[str]:
    """The documents of the dock, in document order."""
    given = window.documents.model.input
    assert given is not None
    return list(given.documents.ids)


def click_document(qtbot: QtBot, window: MainWindow, document: str) -> None:
    view = window.documents.view
    row = window.documents.model.row_of(document)
    assert row is not None
    index = window.documents.model.index(row, 0)
    view.table.scrollTo(index)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(
            view.table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=view.table.visualRect(index).center(),
        )


def test_a_wmt_xml_file_opened_through_open_test_set(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    window = shown
    path = tmp_path / XML.name
    shutil.copy(XML, path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    dialog = open_test_set(window)
    assert dialog.hint.text().endswith(
        "\nA WMT XML test set or a spreadsheet holds a whole test set: pick it in "
        "any field, and give its texts their roles in the next dialog."
    )
    picker.append(path)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    assert roles.summary.text() == (
        f"<b>{XML.name}</b> · WMT XML · 14 segments · 4 documents"
    )
    # What the file leaves out is said before it is opened, every row in sight.
    assert roles.notices.isVisible()
    assert roles.notices.text() == (
        "• 1 test-suite document (2 segments) left out, as sacreBLEU leaves them "
        "out\n"
        "• 1 segment without a reference (document 'pnp.mamming', segment 3) left "
        "out, as sacreBLEU leaves them out\n"
        "• Reference B lacks 4 segments that another reference has (document "
        "'tz.aidenbach', segments 1, 2, 3, 4); there it is an empty reference, as "
        "in sacreBLEU"
    )
    assert not roles.table.verticalScrollBar().isVisible()
    # XML says its own encoding: no chooser that would change nothing.
    assert roles.encoding.isHidden()
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.file_actions.roles_dialog is None, timeout=TIMEOUT)
    session = window.session
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    assert [system.name for system in session.systems] == SYSTEMS
    fields = _fields()
    references = [fields["ref:A"], fields["ref:B"]]
    for system in session.systems:
        assert_sacrebleus(system, fields[system.name], references)
    test_set = session.workspace.test_set
    assert test_set is not None
    assert test_set.reference_names == ("reference A", "reference B")
    removable = [a.text() for a in window.file_actions.remove_menu.actions()]
    assert removable == ["1: reference A", "2: reference B"]
    assert window.documents.dock.isVisible()
    documents = list(dict.fromkeys(fields["docid"]))
    assert document_ids(window) == documents
    model = window.documents.model
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    for number, system in enumerate(session.systems):
        per_document = model.scores(number)
        assert per_document is not None
        for position, document in enumerate(documents):
            rows = [k for k, d in enumerate(fields["docid"]) if d == document]
            expected = sacrebleu.corpus_bleu(
                [fields[system.name][k] for k in rows],
                [[reference[k] for k in rows] for reference in references],
            ).score
            assert per_document[position] == pytest.approx(expected, abs=1e-9)
    click_document(qtbot, window, documents[1])
    shown_rows = [int(row) for row in window.browser.model.rows]
    assert shown_rows == [k for k, d in enumerate(fields["docid"]) if d == documents[1]]
    assert warnings[0] == (
        f"{path}: 1 test-suite document (2 segments) left out, as sacreBLEU leaves "
        "them out"
    )
    assert window.statusBar().currentMessage() in warnings
    # The status bar shows one at a time; the button keeps them all.
    button = window.warnings_button
    assert button.isVisible()
    assert button.text() == "⚠ 3 warnings"
    assert button.toolTip() == "\n".join(warnings)
    assert len(warnings) == 3
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.dialog is not None
    qtbot.waitExposed(button.dialog)
    text = button.dialog.findChild(QPlainTextEdit, "warnings-text")
    assert isinstance(text, QPlainTextEdit)
    assert text.toPlainText() == "\n".join(warnings)
    button.dialog.close()
    window.session.close()
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=TIMEOUT)


# --- a spreadsheet with a document column ---------------------------------------------

SOURCE = [
    "Der Hund bellt laut.",
    "Es regnet, sagt er.",
    "Guten Morgen!",
    "Wie spät ist es?",
    "Das Meeting beginnt um neun Uhr.",
    "Bitte schließen Sie die Tür.",
]
FINAL = [
    "The dog barks loudly.",
    "It is raining, he says.",
    "Good morning!",
    "What time is it?",
    "The meeting starts at nine o'clock.",
    "Please close the door.",
]
ENGINE_A = [
    "The dog barks loud.",
    "It rains, he says.",
    "Good morning !",
    "How late is it?",
    "The meeting begins at nine.",
    "Please close the door.",
]
ENGINE_B = [
    "Dog barks.",
    "It is raining, he said.",
    "Good morning!",
    "What time is it?",
    "The meeting starts at 9 o'clock.",
    "Close the door please.",
]
DOCS = ["news-1", "news-1", "chat-7", "chat-7", "mail-3", "mail-3"]


NOTES = ["", "", "check", "", "", ""]


def write_tsv(path: Path) -> Path:
    header = "doc\tsource\tfinal\tengine-a\tengine-b\tnotes\n"
    rows = zip(DOCS, SOURCE, FINAL, ENGINE_A, ENGINE_B, NOTES, strict=True)
    path.write_text(header + "".join("\t".join(row) + "\n" for row in rows), "utf-8")
    return path


def test_a_tsv_with_a_document_column_through_the_roles_dialog(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    window = shown
    sheet = write_tsv(tmp_path / "post-edits.tsv")
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    dialog = open_test_set(window)
    picker.append(sheet)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = roles_dialog(qtbot, window)
    assert (
        roles.summary.text() == "<b>post-edits.tsv</b> · TSV spreadsheet · 6 segments"
    )
    assert roles.encoding.isVisible()
    # A header that names a role gets it; the others wait for the user.
    assert [roles.role_combo(key).currentText() for key in ("doc", "source")] == [
        "Document ids",
        "Source",
    ]
    assert roles.role_combo("final").currentText() == "Not used"
    assert roles.notices.text() == (
        "• Column 'notes': 5 empty cells (rows 2, 3, 5 and 2 more), read as empty "
        "segments"
    )
    qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    assert roles.problem_text == ("⚠ choose at least one column as a reference")
    click_role(qtbot, roles.role_combo("final"), "Reference")
    assert roles.problem_text == ""
    click_role(qtbot, roles.role_combo("engine-a"), "System")
    click_role(qtbot, roles.role_combo("engine-b"), "System")
    with scored(qtbot, window):
        qtbot.mouseClick(roles.ok_button, Qt.MouseButton.LeftButton)
    session = window.session
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    assert [s.name for s in session.systems] == [
        "column 'engine-a'",
        "column 'engine-b'",
    ]
    assert warnings == []  # the notes left out: their empty cells are no matter
    a, b = session.systems
    assert_sacrebleus(a, ENGINE_A, [FINAL])
    assert_sacrebleus(b, ENGINE_B, [FINAL])
    assert window.documents.dock.isVisible()
    assert document_ids(window) == ["news-1", "chat-7", "mail-3"]
    model = window.documents.model
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    headers = [
        model.headerData(column, Qt.Orientation.Horizontal)
        for column in range(model.columnCount())
    ]
    # Short names keep what tells the systems apart: no stray quote.
    assert headers == ["Document", "Segments", "Δ B − A", "a", "b"]
    per_document = model.scores(1)
    assert per_document is not None
    expected = sacrebleu.corpus_bleu(ENGINE_B[2:4], [FINAL[2:4]]).score
    assert per_document[1] == pytest.approx(expected, abs=1e-9)
    click_document(qtbot, window, "mail-3")
    assert [int(row) for row in window.browser.model.rows] == [4, 5]


# --- an XLIFF job: the post-edited final against the MT -------------------------------

# The targets of tests/io/data/formats/job-*.xlf as a translator reads them (inline
# codes dropped), in the final's order of units: u2, u1, u3, u4, u7, u6.
FINAL_TARGETS = [
    "Drücken Sie Start, um eine Tasse zuzubereiten.",
    "Füllen Sie vor dem ersten Gebrauch den Wassertank.",
    "Verwenden Sie nur kaltes Wasser. Verwenden Sie niemals Milch.",
    "Die Leuchte wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Weitere Informationen finden Sie auf Seite .",
]
MT_TARGETS = [
    "Drücken Sie Start, um eine Tasse zu brühen.",
    "Füllen Sie den Wassertank vor der ersten Verwendung.",
    "Verwenden Sie nur kaltes Wasser. Niemals Milch verwenden.",
    "Das Licht wird rot, wenn der Tank leer ist.",
    "Halten Sie die Maschine von Kindern fern.",
    "Siehe Seite  für Details.",
]


def test_an_xliff_pair_is_aligned_by_unit_id(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    window = shown
    final, mt = (tmp_path / "job-final.xlf", tmp_path / "job-mt.xlf")
    for path in (final, mt):
        shutil.copy(DATA / path.name, path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    dialog = open_test_set(window)
    picker.extend([final, mt])
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    assert dialog.reference_paths() == [final]
    assert dialog.candidate.text() == str(mt)
    assert window.file_actions.roles_dialog is None  # files of one role each
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    (system,) = window.session.systems
    corpus = window.session.corpus
    assert corpus is not None
    assert list(corpus.hypothesis.lines) == MT_TARGETS
    assert [list(ref.lines) for ref in corpus.references] == [FINAL_TARGETS]
    assert_sacrebleus(system, MT_TARGETS, [FINAL_TARGETS])
    assert warnings == [
        f"{final}: lacks 1 unit (unit 'u5') of the other files; left out of the scores",
        f"{mt}: lacks 1 unit (unit 'u8') of the other files; left out of the scores",
    ]
    assert window.statusBar().currentMessage() == warnings[-1]


# --- broken files: one line, and what was open stays ---------------------------------


def test_a_broken_wmt_file_says_one_line_and_keeps_the_test_set(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet, picker: list[Path], tmp_path: Path
) -> None:
    window = loaded
    window.show()
    qtbot.waitExposed(window)
    before = [s.name for s in window.session.systems]
    broken = tmp_path / "newstest2021.de-en.xml"
    text = XML.read_text("utf-8")
    broken.write_text(text[: text.index("Car driver doesn’t see biker")], "utf-8")
    dialog = open_test_set(window)
    picker.append(broken)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT):
        qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    roles = window.file_actions.roles_dialog
    assert roles is not None
    assert roles.isVisible()
    assert roles.problem_text == (
        f"⚠ {broken}, line 25: not well-formed XML: premature end of data in tag "
        "seg line 25 (column 23)"
    )
    assert not roles.ok_button.isEnabled()
    assert window.session.files == demo.file_set()
    assert [s.name for s in window.session.systems] == before


def test_a_ragged_tsv_says_its_row_and_keeps_the_test_set(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet, picker: list[Path], tmp_path: Path
) -> None:
    window = loaded
    window.show()
    qtbot.waitExposed(window)
    ragged = tmp_path / "ragged.tsv"
    shutil.copy(DATA / "broken-ragged.tsv", ragged)
    dialog = open_test_set(window)
    picker.append(ragged)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT):
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    roles = window.file_actions.roles_dialog
    assert roles is not None
    assert roles.problem_text == (
        f"⚠ {ragged}, row 3: has 2 cells but the header row has 3"
    )
    assert window.session.files == demo.file_set()


def test_a_broken_xliff_file_says_one_line_in_the_open_dialog(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet, picker: list[Path], tmp_path: Path
) -> None:
    window = loaded
    window.show()
    qtbot.waitExposed(window)
    final = tmp_path / "job-final.xlf"
    broken = tmp_path / "job-mt.xlf"
    shutil.copy(DATA / "job-final.xlf", final)
    shutil.copy(DATA / "broken-not-well-formed.xlf", broken)
    dialog = open_test_set(window)
    picker.extend([final, broken])
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    message = str(error.args[0])
    assert "\n" not in message
    assert message.startswith(f"{broken}")
    assert dialog.problem_text == f"⚠ {message}"
    assert dialog.isVisible()
    assert window.session.files == demo.file_set()


def test_my_own_output_added_to_an_open_wmt_xml_test_set(
    qtbot: QtBot, shown: MainWindow, picker: list[Path], tmp_path: Path
) -> None:
    """File › Add system: my output, one line per segment kept, beside the file's."""
    window = shown
    path = tmp_path / XML.name
    shutil.copy(XML, path)
    with scored(qtbot, window):
        window.file_actions.open_bundle(path, direct=True)
    session = window.session
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    fields = _fields()
    mine = tmp_path / "mine.txt"
    mine.write_text("".join(f"{line}\n" for line in fields["happypoet"]), "utf-8")
    picker.append(mine)
    window.file_actions.add_system_action.trigger()
    qtbot.waitUntil(lambda: len(session.systems) == 5, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: all(s.scores for s in session.systems), timeout=TIMEOUT)
    assert [s.name for s in session.systems] == [*SYSTEMS, "mine.txt"]
    assert_sacrebleus(
        session.systems[-1], fields["happypoet"], [fields["ref:A"], fields["ref:B"]]
    )
    # An output of another length (the whole source, test suite included): refused.
    wrong = tmp_path / "all.txt"
    wrong.write_text("".join(f"line {k}\n" for k in range(17)), "utf-8")
    picker.append(wrong)
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        window.file_actions.add_system_action.trigger()
    assert error.args == [
        f"{wrong} has 17 lines, but {path} keeps 14 segments to score: a system's "
        "output needs one line per segment kept, in the file's order"
    ]
    assert len(session.systems) == 5


# --- XLIFF states: unfinished reference units left out, or counted when asked ---------

STATES = Path(__file__).resolve().parents[1] / "io" / "data" / "xliff"
# The targets of the finished units 1, 5, 6, 7 of tests/io/data/xliff/states-*.xlf.
FINISHED_MT = [
    "Öffnen Sie den Deckel.",
    "Warten Sie auf den Piepton.",
    "Gießen Sie den Kaffee.",
    "Säubern Sie den Filter.",
]
FINISHED_FINAL = [
    "Öffnen Sie den Deckel.",
    "Warten Sie auf den Signalton.",
    "Gießen Sie den Kaffee ein.",
    "Reinigen Sie den Filter.",
]


@pytest.mark.parametrize("count_unfinished", [False, True])
def test_unfinished_xliff_units_are_left_out_unless_the_box_is_ticked(
    qtbot: QtBot,
    shown: MainWindow,
    picker: list[Path],
    tmp_path: Path,
    count_unfinished: bool,
) -> None:
    window = shown
    final, mt = (tmp_path / "states-final.xlf", tmp_path / "states-mt.xlf")
    for path in (final, mt):
        shutil.copy(STATES / path.name, path)
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    dialog = open_test_set(window)
    assert not dialog.count_unfinished.isVisible()
    picker.extend([final, mt])
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.candidate_button, Qt.MouseButton.LeftButton)
    assert dialog.count_unfinished.isVisible()
    assert dialog.count_unfinished.text() == "Count &unfinished XLIFF units"
    if count_unfinished:
        box = dialog.count_unfinished  # its indicator, at the left of a wide row
        at = QPoint(8, box.height() // 2)
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=at)
        assert box.isChecked()
    with scored(qtbot, window):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    (system,) = window.session.systems
    if count_unfinished:
        mt_lines = [
            FINISHED_MT[0],
            "Schließen Sie den Deckel.",
            "Drücken Sie die rote Taste.",
            "ACME CoffeeMaster 3000",
            *FINISHED_MT[1:],
            "v1.2",
        ]
        final_lines = [
            FINISHED_FINAL[0],
            "",
            "Press the red button.",
            "ACME CoffeeMaster 3000",
            *FINISHED_FINAL[1:],
            "v1.2",
        ]
        assert_sacrebleus(system, mt_lines, [final_lines])
        assert warnings == []
    else:
        assert_sacrebleus(system, FINISHED_MT, [FINISHED_FINAL])
        assert warnings == [
            f"{final}: 4 units left out, not a finished translation: "
            "2 state=\"needs-translation\" (unit '2', unit '3'); "
            "2 translate=\"no\" (unit '4', unit '8'); --xliff-states all (in the "
            'window: "Count unfinished XLIFF units") counts them'
        ]
