"""What a number cell (and so every export of the table) shows: no negative zero.

The values are sacreBLEU's, for the demo rows whose Δ and swap effect are a hair
below zero (Facebook-AI against happypoet).
"""

from __future__ import annotations

import sacrebleu

from bleu_gui.io.cell_text import Shown
from tests.core.demo_systems import references, system

A, B = "Facebook-AI", "happypoet"


def test_values_that_round_to_zero_show_no_sign() -> None:
    refs = [list(stream) for stream in references()]
    base = list(system(A))
    swapped = [*base[:347], system(B)[347], *base[348:]]
    swap = (
        sacrebleu.corpus_bleu(swapped, refs).score
        - sacrebleu.corpus_bleu(base, refs).score
    )
    assert -0.0005 < swap < 0
    assert Shown.SWAP.text(swap) == "0.000"
    row_refs = [stream[52] for stream in references()]
    delta = (
        sacrebleu.sentence_bleu(system(B)[52], row_refs).score
        - sacrebleu.sentence_bleu(system(A)[52], row_refs).score
    )
    assert -0.05 < delta < 0
    assert Shown.DELTA.text(delta) == "0.0"
    assert Shown.DELTA.text(-delta) == "0.0"  # no "+0.0" either
    assert Shown.DELTA.text(0.0) == "0"  # exactly the same: "0", as before
    assert Shown.DELTA.text(-1.25) == "-1.2"
    assert Shown.SWAP.text(0.0042) == "+0.004"
