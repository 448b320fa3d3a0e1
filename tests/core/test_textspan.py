"""Character spans of tokens map back to the text the user wrote.

`core.textspan` replays lowercasing and 13a's deletions and unescaping with an offset
map; a located token's span, put through those same character-level steps, must read
as the token, and spans must run left to right.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.textspan import locate_tokens
from bleu_gui.core.tokenize import Tokenizer, split_tokens, tokenizer_for
from tests.core.strategies import segments

_13A_STEPS = (
    ("<skipped>", ""),
    ("-\n", ""),
    ("\n", " "),
    ("&quot;", '"'),
    ("&amp;", "&"),
    ("&lt;", "<"),
    ("&gt;", ">"),
)


def normalised(text: str, start: int, end: int, tokenizer: Tokenizer) -> str:
    """What the tokenizer's character-level steps make of `text[start:end]`.

    Lowercased in context: `str.lower` writes a final sigma where the word ends.
    """
    piece = text[start:end]
    if tokenizer.lowercase:
        if tokenizer.perl:
            piece = "".join(c.lower() if c.isascii() else c for c in piece)
        else:
            # Per-character lengths of lower() do not depend on the context.
            offset = len(text[:start].lower())
            piece = text.lower()[offset : offset + len(piece.lower())]
    if tokenizer.name == "13a":
        for old, new in _13A_STEPS:
            piece = piece.replace(old, new)
    return piece


@st.composite
def tokenizers(draw: st.DrawFn) -> Tokenizer:
    if draw(st.booleans()):
        config = BleuConfig(compat=Compat.MULTI_BLEU, lowercase=draw(st.booleans()))
    else:
        config = BleuConfig(
            tokenizer=draw(st.sampled_from(("13a", "intl", "char", "none", "zh"))),
            lowercase=draw(st.booleans()),
        )
    return tokenizer_for(config)


@settings(max_examples=400, deadline=None)
@given(text=segments, tokenizer=tokenizers())
def test_located_spans_read_as_their_tokens(text: str, tokenizer: Tokenizer) -> None:
    tokens = split_tokens(tokenizer(text))
    spans = locate_tokens(text, tokens, tokenizer)
    assert len(spans) == len(tokens)
    previous = (0, 0)
    for token, span in zip(tokens, spans, strict=True):
        if span is None:
            continue
        start, end = span
        assert 0 <= start < end <= len(text)
        # A span covers whole original characters; a token may be part of what
        # one of them became (a lowercased İ is two code points).
        assert token in normalised(text, start, end, tokenizer)
        assert start >= previous[0]
        assert end >= previous[1]
        previous = span


def spans_of(text: str, config: BleuConfig) -> list[tuple[str, str | None]]:
    tokenizer = tokenizer_for(config)
    tokens = split_tokens(tokenizer(text))
    spans = locate_tokens(text, tokens, tokenizer)
    return [
        (token, None if span is None else text[span[0] : span[1]])
        for token, span in zip(tokens, spans, strict=True)
    ]


def test_13a_entities_map_to_the_escaped_text() -> None:
    assert spans_of("Tom &amp; Jerry &quot;live&quot;", BleuConfig()) == [
        ("Tom", "Tom"),
        ("&", "&amp;"),
        ("Jerry", "Jerry"),
        ('"', "&quot;"),
        ("live", "live"),
        ('"', "&quot;"),
    ]


def test_13a_deletes_skipped_and_joins_hyphenated_line_breaks() -> None:
    assert spans_of("a <skipped> road-\nside", BleuConfig()) == [
        ("a", "a"),
        ("roadside", "road-\nside"),
    ]


def test_lowercase_that_changes_the_length_keeps_the_original_character() -> None:
    # "İ".lower() is "i" + U+0307: two code points from one character.
    assert spans_of("İstanbul café", BleuConfig(lowercase=True)) == [
        ("i̇stanbul", "İstanbul"),
        ("café", "café"),
    ]


def test_multi_bleu_lowercases_ascii_only() -> None:
    config = BleuConfig(compat=Compat.MULTI_BLEU, lowercase=True)
    assert spans_of("The ÉTÉ", config) == [("the", "The"), ("ÉtÉ", "ÉTÉ")]
