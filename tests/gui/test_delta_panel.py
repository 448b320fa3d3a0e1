"""The Δ panel shows sacreBLEU's numbers for both systems, and the core's words.

Online-W is A (the baseline) and happypoet B, on the bundled demo; every number
the tests expect comes from sacreBLEU itself (`sentence_score` with effective
order, as `sacrebleu.sentence_bleu`; `corpus_bleu` for the swap and the corpus).
"""

from __future__ import annotations

import math
from functools import cache

import pytest
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot
from sacrebleu import corpus_bleu
from sacrebleu.metrics.bleu import BLEU, BLEUScore

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.delta import sentence_delta, swap_effects
from bleu_gui.core.score_delta import ScoreDelta, corpus_delta
from bleu_gui.core.scoring import corpus_stats
from bleu_gui.core.stats import CorpusStats
from bleu_gui.views.delta_panel import CORPUS_EMPTY_TEXT, EMPTY_TEXT, DeltaPanel
from tests.core.demo_systems import references, system
from tests.gui.palettes import dark_palette

A, B = "Online-W", "happypoet"
CONFIG = BleuConfig()


@cache
def stats() -> tuple[CorpusStats, CorpusStats]:
    refs = references()
    return corpus_stats(system(A), refs, CONFIG), corpus_stats(system(B), refs, CONFIG)


def delta_of(row: int) -> ScoreDelta:
    stats_a, stats_b = stats()
    return sentence_delta(stats_a, stats_b, row, CONFIG, names=(A, B))


def oracle(name: str, row: int) -> BLEUScore:
    refs = [stream[row] for stream in references()]
    return BLEU(effective_order=True).sentence_score(system(name)[row], refs)


def signed_count(value: int) -> str:
    return f"{value:+d}" if value else "0"


@pytest.fixture
def panel(qtbot: QtBot) -> DeltaPanel:
    widget = DeltaPanel()
    qtbot.addWidget(widget)
    widget.resize(400, 720)
    return widget


@pytest.mark.parametrize("row", [3, 4, 100, 264])
def test_table_numbers_are_sacrebleus(panel: DeltaPanel, row: int) -> None:
    panel.set_sentence(delta_of(row), row=row)
    want_a, want_b = oracle(A, row), oracle(B, row)
    rows = panel.table_rows()
    assert rows[0] == ("", A, B, "Δ")
    assert rows[1] == (
        "sentence BLEU",
        f"{want_a.score:.2f}",
        f"{want_b.score:.2f}",
        f"{want_b.score - want_a.score:+.2f}",
    )
    for n in range(4):
        assert rows[2 + n] == (
            f"{n + 1}-grams matched",
            f"{want_a.counts[n]}/{want_a.totals[n]}",
            f"{want_b.counts[n]}/{want_b.totals[n]}",
            f"{signed_count(want_b.counts[n] - want_a.counts[n])}/"
            f"{signed_count(want_b.totals[n] - want_a.totals[n])}",
        )
    assert rows[6:] == [
        ("hypothesis length c", str(want_a.sys_len), str(want_b.sys_len), ""),
        ("reference length r", str(want_a.ref_len), str(want_b.ref_len), ""),
        ("brevity penalty", f"{want_a.bp:.4f}", f"{want_b.bp:.4f}", ""),
    ]


def test_swap_effect_is_sacrebleus_corpus_difference(panel: DeltaPanel) -> None:
    row = 3
    effect = float(swap_effects(*stats(), CONFIG)[row])
    refs = [list(stream) for stream in references()]
    swapped = list(system(A))
    swapped[row] = system(B)[row]
    want = corpus_bleu(swapped, refs).score - corpus_bleu(list(system(A)), refs).score
    assert math.isclose(effect, want, abs_tol=1e-9)
    panel.set_sentence(delta_of(row), row=row, swap_effect=effect)
    assert (
        "Corpus effect. Taking happypoet's translation of this sentence into "
        f"Online-W's output changes Online-W's corpus BLEU by {want:.2f}."
    ) in panel.plain_text()


def test_words_for_a_pinned_row(panel: DeltaPanel) -> None:
    # Row 4 (segment 4): happypoet is shorter (21 tokens, BP 0.5385) and worse at
    # every order; both brevity penalties use r = 34. The length part is -16.355…:
    # rounded together with the others (-16.36) the parts add up to -37.94.
    panel.set_sentence(delta_of(3), row=3, swap_effect=-0.04832028836801783)
    lines = panel.plain_text().split("\n")
    assert lines[0] == "Sentence 4: happypoet − Online-W = -37.94"
    assert lines[-4:] == [
        "happypoet against Online-W: 1-gram matches -15, n-grams -15; 2-gram "
        "matches -13, n-grams -15; 3-gram matches -11, n-grams -15; 4-gram matches "
        "-9, n-grams -15.",
        "Both brevity penalties used r = 34 (the closest reference length, ties to "
        "the shorter): Online-W has c = 36 tokens (BP 1.0000), happypoet c = 21 "
        "(BP 0.5385).",
        "Corpus effect. Taking happypoet's translation of this sentence into "
        "Online-W's output changes Online-W's corpus BLEU by -0.05.",
        "Diagnosis: happypoet loses 37.94 BLEU against Online-W: -16.36 from "
        "length, -11.20 from 4-gram precision, -6.33 from 3-gram precision, -3.24 "
        "from 2-gram precision, -0.81 from 1-gram precision",
    ]


def test_different_reference_lengths_are_named(panel: DeltaPanel) -> None:
    # Row 5: Online-W's 22 tokens take r = 22, happypoet's 15 take r = 20.
    want_a, want_b = oracle(A, 4), oracle(B, 4)
    assert (want_a.ref_len, want_b.ref_len) == (22, 20)
    panel.set_sentence(delta_of(4), row=4)
    assert (
        "The brevity penalties used different reference lengths (the closest "
        "reference length, ties to the shorter): Online-W's used r = 22 (c = 22, "
        f"BP {want_a.bp:.4f}) and happypoet's r = 20 (c = 15, BP {want_b.bp:.4f})."
    ) in panel.plain_text()


def test_unchanged_orders_and_no_swap_effect(panel: DeltaPanel) -> None:
    stats_a, _ = stats()
    same = sentence_delta(stats_a, stats_a, 7, CONFIG, names=(A, A))
    panel.set_sentence(same, swap_effect=0.0)
    text = panel.plain_text()
    assert text.startswith("This sentence: Online-W − Online-W = 0.00")
    assert "No order's matches or n-grams changed." in text
    assert (
        "Taking Online-W's translation of this sentence into Online-W's output "
        "leaves Online-W's corpus BLEU unchanged."
    ) in text


def test_corpus_block_numbers_bar_and_words(panel: DeltaPanel) -> None:
    refs = [list(stream) for stream in references()]
    want_a = corpus_bleu(list(system(A)), refs).score
    want_b = corpus_bleu(list(system(B)), refs).score
    delta = corpus_delta(*stats(), CONFIG, names=(A, B))
    panel.set_corpus(delta)
    lines = panel.corpus_text().split("\n")
    assert lines[0] == (
        f"Corpus: happypoet − Online-W = {want_b - want_a:.2f} BLEU "
        f"({want_b:.2f} against {want_a:.2f})"
    )
    assert lines[1] == (
        "■ length 0.00   ■ 1‑gram -0.57   ■ 2‑gram -1.29   ■ 3‑gram -1.86   "
        "■ 4‑gram -2.22"
    )
    assert lines[2] == (
        "happypoet loses 5.94 BLEU against Online-W: -2.22 from 4-gram precision, "
        "-1.86 from 3-gram precision, -1.29 from 2-gram precision, -0.57 from "
        "1-gram precision"
    )
    bar = panel.bar()
    pieces = bar.pieces()
    assert [piece.label for piece in pieces] == [
        part.label for part in delta.parts if part.points != 0
    ]
    # Every part is a loss: the bar runs left of zero, at the right edge, each
    # piece as wide as its share of the difference.
    assert bar.zero_x() == pytest.approx(bar.width())
    for piece in pieces:
        assert piece.rect.right() <= bar.width() + 1e-9
        assert piece.rect.width() == pytest.approx(
            bar.width() * piece.points / delta.delta
        )


def chip_numbers(line: str) -> list[float]:
    """The numbers of the chips' line ("■ length 0.00   ■ 1‑gram -0.74 …")."""
    return [float(chip.split()[-1]) for chip in line.split("■")[1:]]


def test_the_parts_shown_add_up_to_the_difference_shown(panel: DeltaPanel) -> None:
    """Facebook-AI → happypoet: each part alone rounds to -7.94, the Δ to -7.95.

    Rounded together (largest remainder), the 4-gram part shows -3.05 (its
    value is -3.045…): the five parts add up to the heading as shown.
    """
    refs = [list(stream) for stream in references()]
    a_name = "Facebook-AI"
    want_a = corpus_bleu(list(system(a_name)), refs).score
    want_b = corpus_bleu(list(system(B)), refs).score
    stats_a = corpus_stats(system(a_name), references(), CONFIG)
    delta = corpus_delta(stats_a, stats()[1], CONFIG, names=(a_name, B))
    alone = [round(part.points, 2) for part in delta.parts]
    assert round(math.fsum(alone), 2) != round(want_b - want_a, 2)  # the case
    panel.set_corpus(delta)
    lines = panel.corpus_text().split("\n")
    assert lines[0] == (
        f"Corpus: happypoet − Facebook-AI = {want_b - want_a:.2f} BLEU "
        f"({want_b:.2f} against {want_a:.2f})"
    )
    assert lines[1] == (
        "■ length 0.00   ■ 1‑gram -0.74   ■ 2‑gram -1.69   ■ 3‑gram -2.47   "
        "■ 4‑gram -3.05"
    )
    assert round(math.fsum(chip_numbers(lines[1])), 2) == round(want_b - want_a, 2)
    assert lines[2] == (
        "happypoet loses 7.95 BLEU against Facebook-AI: -3.05 from 4-gram "
        "precision, -2.47 from 3-gram precision, -1.69 from 2-gram precision, "
        "-0.74 from 1-gram precision"
    )
    assert lines[3] == (
        "the parts are each factor's share of the difference in log terms; "
        "rounded together, they add up to it as shown"
    )
    assert panel.bar().toolTip() == (
        "length: 0.00<br>1-gram precision: -0.74<br>2-gram precision: -1.69<br>"
        "3-gram precision: -2.47<br>4-gram precision: -3.05"
    )


def test_a_bar_of_gains_and_losses_puts_zero_between(panel: DeltaPanel) -> None:
    # Row 265: happypoet gains at every order and loses on length (a sentence Δ
    # splits as a corpus Δ does, so it exercises the bar as well).
    delta = delta_of(264)
    assert {part.points > 0 for part in delta.parts} == {True, False}
    panel.set_corpus(delta)
    bar = panel.bar()
    losses = -sum(part.points for part in delta.parts if part.points < 0)
    gains = sum(part.points for part in delta.parts if part.points > 0)
    assert bar.zero_x() == pytest.approx(bar.width() * losses / (losses + gains))
    for piece in bar.pieces():
        if piece.points > 0:
            assert piece.rect.left() >= bar.zero_x() - 1e-9
        else:
            assert piece.rect.right() <= bar.zero_x() + 1e-9


def test_empty_states_and_palette_change(panel: DeltaPanel) -> None:
    assert panel.plain_text() == EMPTY_TEXT
    assert panel.corpus_text() == CORPUS_EMPTY_TEXT
    assert panel.table_rows() == []
    panel.set_sentence(delta_of(3), row=3)
    panel.show_message("Choose a second system to compare.")
    assert panel.plain_text() == "Choose a second system to compare."
    panel.set_sentence(delta_of(3), row=3)
    panel.setPalette(dark_palette())
    assert panel.table_rows()[1][1] == f"{oracle(A, 3).score:.2f}"


def test_the_sentence_is_not_laid_out_again_when_nothing_in_it_changed(
    panel: DeltaPanel,
) -> None:
    # Every system scored refreshes the pair's panels with the same sentence and a
    # corpus Δ: laying the sentence's document out again each time cost 10-20 ms.
    browser = panel.findChild(QTextBrowser)
    assert browser is not None
    panel.set_sentence(delta_of(3), row=3, swap_effect=0.25)
    laid_out: list[bool] = []
    browser.document().contentsChanged.connect(lambda: laid_out.append(True))

    panel.set_corpus(corpus_delta(*stats(), CONFIG, names=(A, B)))
    panel.set_sentence(delta_of(3), row=3, swap_effect=0.25)
    assert laid_out == []
    assert "Sentence 4: happypoet − Online-W" in panel.plain_text()

    panel.set_sentence(delta_of(4), row=4, swap_effect=0.25)
    assert laid_out
    assert "Sentence 5: happypoet − Online-W" in panel.plain_text()
