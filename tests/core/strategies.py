"""Hypothesis strategies shared by the core tests: raw segments and whole corpora.

Segments are built from a small vocabulary, so that n-grams match often enough for
every branch of the arithmetic to be reached, mixed with what tokenizers disagree
about: ASCII and typographic punctuation, entities, `<skipped>`, digits with
separators, accents, Greek final sigma, dotted capital I, CJK, emoji, NBSP, U+3000,
thin spaces and tabs. Some segments are arbitrary Unicode text.
"""

from hypothesis import strategies as st

VOCAB = (
    "the",
    "The",
    "THE",
    "cat",
    "Cat",
    "sat",
    "on",
    "mat",
    "a",
    "dog",
    "bit",
    "man",
    "it",
    "wasn't",
    "don't",
    "Straße",
    "STRASSE",
    "café",
    "naïve",
    "İstanbul",
    "ΟΔΟΣ",
    "οδός",
    "猫",
    "坐在",
    "垫子上",
    "。",
    "，",
    "😀",
    "👍🏽",
    "2021",
    "2021.",
    "3.5",
    "1,000",
    "21:30",
    "&amp;",
    "&lt;",
    "<skipped>",
    "“",
    "”",
    "«",
    "»",
    "—",
    "-",
    ".",
    ",",
    "!",
    "?",
    "'",
    '"',
    "(",
    ")",
    "e-mail",
    "U.S.",
    "$5",
    "%",
    "…",
    "ﬁ",
)
SEPARATORS = (" ", " ", " ", " ", "  ", "", "\u00a0", "\u3000", "\t", "\u2009")

_words = st.lists(st.sampled_from(VOCAB), max_size=12)
_separators = st.lists(st.sampled_from(SEPARATORS), min_size=12, max_size=12)
_padding = st.sampled_from(("", "", "", " ", "\t", "\u00a0", " \n", "\u3000"))


@st.composite
def _vocabulary_segment(draw: st.DrawFn) -> str:
    words = draw(_words)
    seps = draw(_separators)
    text = "".join(word + sep for word, sep in zip(words, seps, strict=False))
    text = text.rstrip(" ") if draw(st.booleans()) else text
    return draw(_padding) + text + draw(_padding)


segments = st.one_of(
    _vocabulary_segment(),
    _vocabulary_segment(),
    _vocabulary_segment(),
    st.just(""),
    st.text(max_size=20),
)


def _edited(draw: st.DrawFn, hyp: str) -> str:
    """A reference close to the hypothesis: a word dropped, swapped or replaced."""
    words = hyp.split(" ")
    if len(words) > 1:
        i = draw(st.integers(0, len(words) - 1))
        action = draw(st.sampled_from(("drop", "swap", "replace")))
        if action == "drop":
            del words[i]
        elif action == "swap":
            j = (i + 1) % len(words)
            words[i], words[j] = words[j], words[i]
        else:
            words[i] = draw(st.sampled_from(VOCAB))
    return " ".join(words)


@st.composite
def corpora(
    draw: st.DrawFn,
    *,
    segment: st.SearchStrategy[str] = segments,
    max_segments: int = 8,
    max_refs: int = 3,
    allow_missing: bool = True,
) -> tuple[list[str], list[list[str | None]]]:
    """(hypotheses, reference streams), `refs[k][i]`; `None` marks a missing ref.

    Every segment keeps at least one reference.
    """
    size = draw(st.integers(1, max_segments))
    num_refs = draw(st.integers(1, max_refs))
    hyps = [draw(segment) for _ in range(size)]
    refs: list[list[str | None]] = []
    for _ in range(num_refs):
        stream: list[str | None] = []
        for hyp in hyps:
            kind = draw(st.sampled_from(("fresh", "copy", "edit", "edit")))
            if kind == "fresh":
                stream.append(draw(segment))
            elif kind == "copy":
                stream.append(hyp)
            else:
                stream.append(_edited(draw, hyp))
        refs.append(stream)
    if allow_missing and num_refs > 1 and draw(st.booleans()):
        for i in range(size):
            keep = draw(st.lists(st.booleans(), min_size=num_refs, max_size=num_refs))
            if not any(keep):
                keep[draw(st.integers(0, num_refs - 1))] = True
            for k in range(num_refs):
                if not keep[k]:
                    refs[k][i] = None
    return hyps, refs
