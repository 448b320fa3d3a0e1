"""A system whose scope cannot be summed: its row says why, in the reason's words."""

from __future__ import annotations

from bleu_gui.core import BleuConfig, BleuScore, Unavailable, corpus_stats
from bleu_gui.io.systems_table import (
    SYSTEM_COLUMNS,
    SystemColumn,
    system_rows,
    systems_table,
)

REASON = "no sentence of this system is in the scope"


def test_a_reason_is_the_rows_error_and_never_a_cell_value() -> None:
    config = BleuConfig()
    stats = corpus_stats(
        ["the cat sat on the mat"], [["the cat sat on the mat"]], config
    )
    rows = system_rows(
        ["A", "B"],
        [stats, stats],
        [stats.summed(), Unavailable(REASON)],
        config,
        0,
        "sig",
    )
    assert isinstance(rows[0].score, BleuScore)
    assert (rows[1].score, rows[1].delta, rows[1].error) == (None, None, REASON)
    bleu = next(spec for spec in SYSTEM_COLUMNS if spec.key is SystemColumn.BLEU)
    assert bleu.text(rows[1]) == "—"
    assert bleu.cell_tip is not None
    assert bleu.cell_tip(rows[1]) == REASON
    table = systems_table(rows)
    cells = [*table.texts[1], *(str(value) for value in table.values[1])]
    assert not any("Unavailable" in cell for cell in cells)
    assert table.texts[1][:2] == ("B", "—")
