"""Go › Copy sentence with scores (Ctrl+Shift+C): the text put on the clipboard.

One sentence, as a message or a bug report wants it: a headline with its sentence
BLEU, the source, the hypothesis, each reference, then each score's precisions,
brevity penalty and lengths, and the sentence signature. Lines are `LABEL<tab>text`
so that they paste into a spreadsheet as two columns.

With a pair compared (the baseline A and the shown system B), both hypotheses are
copied, each with its sentence BLEU and its terms, named as every panel names the
systems (`Workspace.short_names`), and the headline gives Δ (B − A), as the Δ
panel does: a copy of B alone would lose what the user was looking at.
"""

from __future__ import annotations

from collections.abc import Sequence

from bleu_gui.core import BleuScore
from bleu_gui.core.score_delta import ScoreDelta

__all__ = ["PairCopy", "sentence_copy"]

PairCopy = tuple[ScoreDelta, str]
"""A pair's sentence Δ (A's and B's scores and names) and A's hypothesis text."""


def sentence_copy(
    name: str,
    score: BleuScore,
    hypothesis: str,
    references: Sequence[str],
    *,
    source: str | None = None,
    signature: str | None = None,
    pair: PairCopy | None = None,
) -> str:
    """The clipboard text of one sentence.

    Args:
        name: How the window names it ("Sentence 8", "Sentence 8 (unit 9)":
            `SentenceTableModel.sentence_name`).
        score: The shown system's (B's) sentence BLEU.
        hypothesis: The shown system's hypothesis.
        references: Each reference's text ("" where a reference has none).
        source: The source text, if the test set has one.
        signature: The sentence signature, if the scores are the session's.
        pair: With a pair compared: its Δ and A's hypothesis.
    """
    if pair is None:
        head = f"{name}: BLEU {score.score:.2f}"
        hypotheses = [("HYP", hypothesis, score)]
    else:
        delta, hypothesis_a = pair
        head = (
            f"{name}: A {delta.name_a} BLEU {delta.a.score:.2f}, "
            f"B {delta.name_b} BLEU {delta.b.score:.2f}, "
            f"Δ (B − A) {delta.delta:+.2f}"
        )
        hypotheses = [
            (f"A {delta.name_a}", hypothesis_a, delta.a),
            (f"B {delta.name_b}", hypothesis, score),
        ]
    lines = [head]
    if source is not None:
        lines.append(f"SRC\t{source}")
    lines.extend(f"{label}\t{text}" for label, text, _ in hypotheses)
    lines.extend(f"REF{k}\t{text}" for k, text in enumerate(references, start=1))
    for label, _, scored in hypotheses:
        terms = _terms(scored)
        lines.append(terms if pair is None else f"{label}: {terms}")
    if signature is not None:
        lines.append(signature)
    return "\n".join(lines)


def _terms(score: BleuScore) -> str:
    """Precisions as m/t, BP and lengths: "p1=9/10 … BP=1.0000 c=10 r=11"."""
    orders = " ".join(f"p{t.order}={t.numerator}/{t.denominator}" for t in score.terms)
    return f"{orders} BP={score.bp:.4f} c={score.sys_len} r={score.ref_len}"
