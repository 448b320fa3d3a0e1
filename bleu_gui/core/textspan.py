"""Where each token came from: character spans of tokens in the original text.

The GUI highlights n-grams in the text the user wrote, not in the tokenizer's output,
so each token needs its span in the original segment. Tokenizers mostly only insert
spaces, but not only: lowercasing can change a string's length (`İ` becomes two
code points), and 13a deletes `<skipped>` and `-` + newline and unescapes `&amp;`,
`&quot;`, `&lt;`, `&gt;`. We replay those character-level steps on the text while
remembering which original characters each resulting character came from, then
walk the tokens through the result. A token that still cannot be found (a MeCab
normalisation, say) gets no span; the GUI then falls back to the tokenized text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bleu_gui.core.config import SPLIT_SPACE
from bleu_gui.core.tokenize import Tokenizer

__all__ = ["Span", "locate_tokens"]

Span = tuple[int, int]

_ASCII_WHITESPACE = frozenset(" \t\n\r\f\v")
# 13a's character-level steps, in sacreBLEU's order; the entities only when '&' occurs.
_13A_DELETIONS = (("<skipped>", ""), ("-\n", ""), ("\n", " "))
_13A_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


class _MappedText:
    """A string whose every character remembers its original character range."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.start = list(range(len(text)))
        self.end = list(range(1, len(text) + 1))

    def lowercase(self, ascii_only: bool) -> None:
        """Lowercase, keeping each lowercase character's origin."""
        if ascii_only:
            self.text = "".join(c.lower() if c.isascii() else c for c in self.text)
            return
        lowered = self.text.lower()
        if len(lowered) == len(self.text):
            self.text = lowered
            return
        text, start, end = [], [], []
        for char, s, e in zip(self.text, self.start, self.end, strict=True):
            for low in char.lower():
                text.append(low)
                start.append(s)
                end.append(e)
        self.text, self.start, self.end = "".join(text), start, end

    def replace(self, old: str, new: str) -> None:
        """`str.replace(old, new)`; the new characters map to the whole old range."""
        if old not in self.text:
            return
        text, start, end = [], [], []
        position = 0
        while True:
            found = self.text.find(old, position)
            stop = len(self.text) if found < 0 else found
            text.append(self.text[position:stop])
            start += self.start[position:stop]
            end += self.end[position:stop]
            if found < 0:
                break
            text.append(new)
            start += [self.start[found]] * len(new)
            end += [self.end[found + len(old) - 1]] * len(new)
            position = found + len(old)
        self.text, self.start, self.end = "".join(text), start, end


def locate_tokens(
    text: str, tokens: Sequence[str], tokenizer: Tokenizer
) -> tuple[Span | None, ...]:
    """The span `(start, end)` of each token in `text`, or `None` where not found.

    Args:
        text: the original segment.
        tokens: its tokens, as `tokenizer` produced them.
        tokenizer: the tokenizer (its name, case and Perl mode decide the replay).
    """
    mapped = _MappedText(text)
    if tokenizer.lowercase:
        mapped.lowercase(ascii_only=tokenizer.perl)
    if tokenizer.name == "13a":
        for old, new in _13A_DELETIONS:
            mapped.replace(old, new)
        if "&" in mapped.text:
            for old, new in _13A_ENTITIES:
                mapped.replace(old, new)
    is_space: Callable[[str], bool] = str.isspace
    if tokenizer.perl:
        is_space = _ASCII_WHITESPACE.__contains__
    elif tokenizer.name == SPLIT_SPACE:
        is_space = " ".__eq__  # a tab or NBSP belongs to its token
    normalised = mapped.text
    spans: list[Span | None] = []
    cursor = 0
    for token in tokens:
        while cursor < len(normalised) and is_space(normalised[cursor]):
            cursor += 1
        if normalised.startswith(token, cursor):
            found = cursor
        else:
            found = normalised.find(token, cursor)
        if found < 0 or not token:
            spans.append(None)
            continue
        last = found + len(token) - 1
        spans.append((mapped.start[found], mapped.end[last]))
        cursor = last + 1
    return tuple(spans)
