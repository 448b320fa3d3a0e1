"""The demo's four systems for the systems-table tests, and sacreBLEU as their oracle.

`sacrebleu_rows` runs sacreBLEU's own `PairedTest` on the same lines (with
`SACREBLEU_SEED` set, as its command line reads it), so that every number the
tests expect comes from sacreBLEU, never from the code under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt
import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, CorpusStats, corpus_stats
from bleu_gui.core.significance import PairedTest, SystemResult
from bleu_gui.models.systems_model import SystemEntry
from tests.core.demo_systems import SYSTEM_NAMES, references, system

NAMES = SYSTEM_NAMES


@cache
def demo_stats() -> tuple[CorpusStats, ...]:
    """Each demo system's statistics against both references (sacreBLEU's options)."""
    return tuple(corpus_stats(system(n), references(), BleuConfig()) for n in NAMES)


def demo_texts() -> tuple[tuple[str, ...], ...]:
    """Each demo system's lines."""
    return tuple(system(n) for n in NAMES)


def sacrebleu_rows(
    monkeypatch: pytest.MonkeyPatch,
    order: Sequence[int],
    test: PairedTest,
    samples: int,
    seed: int = 12345,
    rows: npt.NDArray[np.int64] | None = None,
    texts: Sequence[Sequence[str]] | None = None,
) -> list[SystemResult]:
    """sacreBLEU's rows for the demo systems in `order` (the baseline first).

    `rows`: only those segments (of the systems and the references).
    """
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    every = demo_texts() if texts is None else texts
    refs: list[Sequence[str]] = list(references())

    def pick(lines: Sequence[str]) -> list[str]:
        return list(lines) if rows is None else [lines[int(r)] for r in rows]

    named: list[tuple[str, Sequence[str]]] = [(f"s{k}", pick(every[k])) for k in order]
    tester = SacrePairedTest(
        named,
        {"BLEU": BLEU()},
        references=[pick(ref) for ref in refs],
        test_type=test.value,
        n_samples=samples,
    )
    _, scores = tester()
    out = []
    for result in scores["BLEU"]:
        assert not isinstance(result, str)
        out.append(SystemResult(result.score, result.p_value, result.mean, result.ci))
    return out


SIGNATURE = "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
"""sacreBLEU's signature of the demo's scores (written out, not computed)."""


def demo_entries() -> list[SystemEntry]:
    """The four demo systems as the systems table takes them."""
    return [
        SystemEntry(name, stats, texts)
        for name, stats, texts in zip(NAMES, demo_stats(), demo_texts(), strict=True)
    ]


def sacrebleu_score(k: int, rows: npt.NDArray[np.int64] | None = None) -> float:
    """sacreBLEU's corpus BLEU of demo system `k` (on `rows` only, if given)."""
    lines = demo_texts()[k]
    refs = [list(r) for r in references()]
    if rows is not None:
        lines = tuple(lines[int(r)] for r in rows)
        refs = [[r[int(i)] for i in rows] for r in refs]
    return float(BLEU().corpus_score(list(lines), refs).score)
