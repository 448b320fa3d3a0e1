"""The session opens a file of several texts, and XLIFF files aligned by unit id.

The bundles are test JSON read by test readers registered in `io.formats`
(`tests.gui.bundle_support`); the texts are the demo corpus's, and every score is
sacreBLEU's on the same strings. Events are ordered by the session's signals.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuScore
from bleu_gui.io.bundle import Bundle, Format, Role, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.models.session import BundleSet, FileSet, Session
from bleu_gui.models.workspace import System
from bleu_gui.models.workspace_change import Moved, moves
from tests.gui.bundle_support import (
    DemoTexts,
    demo_texts,
    documents,
    fake_align,
    register_readers,
    write_one_text,
    write_sheet,
    write_wmt,
    write_xliff,
)
from tests.gui.demo_sets import TIMEOUT, write_lines

ALL_REFS = ("A", "B")
SYSTEMS = ("Facebook-AI", "Online-W", "UEdin", "happypoet")


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> DemoTexts:
    register_readers(monkeypatch)
    fake_align(monkeypatch)
    return demo_texts()


@pytest.fixture
def session(qtbot: QtBot) -> Iterator[Session]:
    opened = Session(processes=1)
    yield opened
    opened.shutdown()


@contextmanager
def all_done(qtbot: QtBot, session: Session) -> Iterator[None]:
    with qtbot.waitSignal(
        session.busy_changed, timeout=TIMEOUT, check_params_cb=lambda busy: not busy
    ):
        yield


def score_of(system: System) -> float:
    assert system.scores is not None
    score = system.scores.corpus
    assert isinstance(score, BleuScore)
    return score.score


def sacrebleu_of(hypotheses: list[str], *references: list[str]) -> float:
    return float(sacrebleu.corpus_bleu(hypotheses, list(references)).score)


def test_a_wmt_test_set_opens_with_every_system_named_by_the_file(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest2021.de-en.xml", texts, ["4 docs skipped"])
    warnings: list[str] = []
    session.warning_occurred.connect(warnings.append)
    with all_done(qtbot, session):
        session.open_bundle(BundleSet(path, Roles(ALL_REFS, SYSTEMS, "source")))
    workspace = session.workspace
    assert [s.name for s in workspace.systems] == list(SYSTEMS)
    assert workspace.baseline_system is not None
    assert workspace.baseline_system.name == "Facebook-AI"
    assert session.workspace.shown_system is not None
    assert session.workspace.shown_system.name == "happypoet"
    references = list(texts.references.values())
    for system in workspace.systems:
        expected = sacrebleu_of(texts.systems[system.name], *references)
        assert score_of(system) == pytest.approx(expected, abs=1e-9)
    assert workspace.test_set is not None
    assert workspace.test_set.documents == tuple(documents())
    assert workspace.test_set.reference_names == ("reference A", "reference B")
    assert workspace.test_set.texts.source is not None
    assert list(workspace.test_set.texts.source.lines) == texts.source
    # One file holds the source and both references: no "given twice" warning.
    assert warnings == ["4 docs skipped"]
    assert session.opened == BundleSet(path, Roles(ALL_REFS, SYSTEMS, "source"))


def test_a_spreadsheet_opens_in_the_roles_chosen(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_sheet(tmp_path / "job.tsv", texts)
    roles = Roles(("post-edit",), ("mt",), source="de", documents="doc")
    with all_done(qtbot, session):
        session.open_bundle(BundleSet(path, roles))
    (system,) = session.systems
    assert system.name == "column 'mt'"
    expected = sacrebleu_of(texts.systems["Facebook-AI"], texts.references["A"])
    assert score_of(system) == pytest.approx(expected, abs=1e-9)
    assert session.workspace.test_set is not None
    assert session.workspace.test_set.documents == tuple(documents())


def test_a_failed_bundle_open_leaves_the_loaded_test_set(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    hyp = write_lines(tmp_path / "hyp.txt", texts.systems["UEdin"])
    ref = write_lines(tmp_path / "ref.txt", texts.references["A"])
    with all_done(qtbot, session):
        session.open_files(FileSet(hyp, (ref,)))
    # Its effort is counted after its scores, as a change of its own: in first.
    qtbot.waitUntil(
        lambda: all(s.current_effort is not None for s in session.systems),
        timeout=TIMEOUT,
    )
    before = session.workspace
    sheet = write_sheet(tmp_path / "job.tsv", texts)
    broken = tmp_path / "broken.xml"
    broken.write_text("<xml?", encoding="utf-8")
    for request, message in (
        (
            BundleSet(sheet, Roles(("mt",), ("mt",))),
            f"{sheet}: column 'mt' is chosen as a reference and as a system: "
            "a column can play one role only",
        ),
        (
            BundleSet(sheet, Roles(("post-edit",), ("nmt",))),
            f"{sheet}: has no column 'nmt' (it has 'doc', 'de', 'post-edit', 'mt')",
        ),
    ):
        with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
            session.open_bundle(request)
        assert error.args == [message]
        assert session.workspace is before
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.open_bundle(BundleSet(broken, Roles(("A",), ("B",))))
    assert str(error.args[0]).startswith(f"{broken}, line 1: is not a test bundle")
    assert "\n" not in str(error.args[0])
    assert session.workspace is before


def test_removing_a_reference_of_a_bundle_reopens_it_without_that_column(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest.xml", texts)
    with all_done(qtbot, session):
        session.open_bundle(BundleSet(path, Roles(ALL_REFS, ("Online-W", "UEdin"))))
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.ROWS), timeout=TIMEOUT
    ):
        session.set_baseline(session.systems[1].id)
        session.remove_reference(0)
    assert session.opened == BundleSet(path, Roles(("B",), ("Online-W", "UEdin")))
    baseline = session.workspace.baseline_system
    assert baseline is not None
    assert baseline.name == "UEdin"  # kept by its label, though one file holds both
    shown = session.workspace.shown_system
    assert shown is not None
    expected = sacrebleu_of(texts.systems["UEdin"], texts.references["B"])
    assert score_of(shown) == pytest.approx(expected, abs=1e-9)


def test_a_text_system_joins_a_bundle_but_not_the_bundle_itself(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    path = write_wmt(tmp_path / "newstest.xml", texts)
    with all_done(qtbot, session):
        session.open_bundle(BundleSet(path, Roles(ALL_REFS, ("UEdin",), "source")))
    extra = write_lines(tmp_path / "mine.txt", texts.systems["Online-W"])
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SCORED), timeout=TIMEOUT
    ):
        session.add_system(extra)
    assert [s.name for s in session.systems] == ["UEdin", "mine.txt"]
    references = list(texts.references.values())
    expected = sacrebleu_of(texts.systems["Online-W"], *references)
    assert score_of(session.systems[1]) == pytest.approx(expected, abs=1e-9)
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.add_system(path)
    assert error.args == [
        f"{path} is the open test set's file: choose its systems with "
        "File › Open test set"
    ]
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.add_reference(extra)
    assert error.args == [
        f"{path} holds the whole test set: choose its columns again with "
        "File › Open test set"
    ]


def test_xliff_files_are_aligned_by_unit_id(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    """The post-edited final as reference, the MT pre-translation as system.

    The system's file lists its units in another order and lacks one; the
    reference has one the system lacks: each unit is scored with its own.
    """
    ids = [f"u{k}" for k in range(len(texts.source))]
    final = {
        i: (s, r)
        for i, s, r in zip(ids, texts.source, texts.references["A"], strict=True)
    }
    mt_lines = texts.systems["Online-W"]
    mt = {i: (s, h) for i, s, h in zip(ids, texts.source, mt_lines, strict=True)}
    del mt["u5"]
    mt = dict(reversed(mt.items()))
    ref_path = write_xliff(tmp_path / "job.final.xlf", final)
    mt_path = write_xliff(tmp_path / "job.mt.xlf", mt)
    warnings: list[str] = []
    session.warning_occurred.connect(warnings.append)
    with all_done(qtbot, session):
        session.open_files(FileSet(mt_path, (ref_path,)))
    (system,) = session.systems
    assert system.name == "job.mt.xlf"
    kept = [k for k in range(len(ids)) if k != 5]
    expected = sacrebleu_of(
        [mt_lines[k] for k in kept], [texts.references["A"][k] for k in kept]
    )
    assert score_of(system) == pytest.approx(expected, abs=1e-9)
    assert "job.final.xlf: unit 'u5' is not in every file; left out" in warnings
    assert session.workspace.test_set is not None
    source = session.workspace.test_set.texts.source
    assert source is not None
    assert list(source.lines) == [texts.source[k] for k in kept]

    # An added XLIFF system is aligned by id too; the others are not re-scored.
    other = dict(reversed(list(mt.items())))  # the same units, in file order
    other_path = write_xliff(
        tmp_path / "job.mt2.xlf",
        {i: (s, texts.systems["UEdin"][ids.index(i)]) for i, (s, _) in other.items()},
    )
    scored: list[int] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: scored.extend(sorted(change.scored))
    )
    with all_done(qtbot, session):
        session.add_system(other_path)
    added = session.systems[1]
    assert scored == [added.id]
    expected = sacrebleu_of(
        [texts.systems["UEdin"][k] for k in kept],
        [texts.references["A"][k] for k in kept],
    )
    assert score_of(added) == pytest.approx(expected, abs=1e-9)

    text = write_lines(tmp_path / "job.mt.txt", mt_lines)
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.add_system(text)
    assert error.args == [
        f"{text}: files aligned by unit id (XLIFF, TMX) and files aligned by line "
        "cannot be mixed in one test set"
    ]


def test_xliff_and_text_files_do_not_mix(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    ref = write_xliff(tmp_path / "final.xlf", {"u1": ("a", "b")})
    hyp = write_lines(tmp_path / "mt.txt", ["b"])
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.open_files(FileSet(hyp, (ref,)))
    assert error.args == [
        f"{hyp} is not an XLIFF or TMX file like final.xlf: files aligned by unit "
        "id cannot be mixed with files aligned by line"
    ]
    assert session.workspace.test_set is None


def test_files_of_one_text_in_another_format_take_roles_like_text_files(
    qtbot: QtBot, session: Session, texts: DemoTexts, tmp_path: Path
) -> None:
    """WMT SGML: a refset and a tstset, each read by its format's reader."""
    ref = write_one_text(
        tmp_path / "newstest.ref.sgm", "ref", Role.REFERENCE, texts.references["B"]
    )
    hyp = write_one_text(
        tmp_path / "newstest.UEdin.sgm", "UEdin", Role.SYSTEM, texts.systems["UEdin"]
    )
    plain = write_lines(tmp_path / "online-w.txt", texts.systems["Online-W"])
    with all_done(qtbot, session):
        session.open_files(FileSet(hyp, (ref,), systems=(plain, hyp)))
    by_name = {system.name: system for system in session.systems}
    for name, file in (("UEdin", "newstest.UEdin.sgm"), ("Online-W", "online-w.txt")):
        expected = sacrebleu_of(texts.systems[name], texts.references["B"])
        assert score_of(by_name[file]) == pytest.approx(expected, abs=1e-9)
    sheet = write_sheet(tmp_path / "job.tsv", texts)
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.add_system(sheet)
    assert error.args == [
        f"{sheet}: holds several texts (column 'doc', column 'de', column "
        "'post-edit', column 'mt'): open it with File › Open test set to give "
        "each its role"
    ]


def test_a_file_read_for_its_roles_is_not_read_again_to_open_it(
    qtbot: QtBot,
    session: Session,
    texts: DemoTexts,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bleu_gui.io import formats

    read: list[Path] = []
    reader = formats._READERS[Format.WMT_XML]

    def counted(path: Path, encoding: str, options: FormatOptions) -> Bundle:
        read.append(path)
        return reader(path, encoding, options)

    monkeypatch.setitem(formats._READERS, Format.WMT_XML, counted)
    path = write_wmt(tmp_path / "newstest.xml", texts)
    with qtbot.waitSignal(session.bundle_inspected, timeout=TIMEOUT) as inspected:
        session.inspect_bundle(path, Format.WMT_XML)
    bundle = inspected.args[0]
    assert isinstance(bundle, Bundle)
    assert [column.key for column in bundle.columns][:3] == ["source", "A", "B"]
    request = BundleSet(path, Roles(ALL_REFS, SYSTEMS), Format.WMT_XML)
    with all_done(qtbot, session):
        session.open_bundle(request)
    assert read == [path]
    assert len(session.systems) == len(SYSTEMS)
    # Changed on disk since: read again.
    write_wmt(path, texts, ["changed"])
    with all_done(qtbot, session):
        session.open_bundle(request)
    assert read == [path, path]
