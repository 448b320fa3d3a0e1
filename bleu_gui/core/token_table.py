"""One tokenizer's tokens of every line seen so far, shared by a test set's systems.

Several systems scored against the same references need the references' tokens
once, not once per system, and a line that two systems share (or that a system
copies from a reference) needs its tokens once too. A `TokenTable` holds, for one
tokenizer key (tokenizer, case, multi-bleu.perl semantics), each distinct line's
canonical tokenized form; `iter_prepare` reads it and adds the lines it tokenizes.

The table belongs to its caller (the core keeps no state): a caller that wants the
sharing passes the same table to every preparation under the same key. A table is
refused for another key, loudly: tokens of 13a are not tokens of intl, and reusing
them would give wrong numbers with no other sign.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import filterfalse
from typing import cast

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.tokenize import Tokenizer, tokenizer_for

__all__ = ["TokenKeyError", "TokenTable"]


class TokenKeyError(ValueError):
    """A token table was offered to a tokenizer whose tokens it does not hold."""


class TokenTable:
    """Each distinct line's canonical tokenized form under one tokenizer key.

    Mutable on purpose: preparing one system adds its new lines, and the next
    system finds them. Keys and values are `str` only, so the garbage collector
    never walks the table, however large it grows.

    Attributes:
        tokenizer: the tokenizer whose tokens the table holds.
    """

    __slots__ = ("_streams", "_tokens", "tokenizer")

    def __init__(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self._tokens: dict[str, str] = {}
        # id(stream) -> (stream, its tokens): see `keep_stream`.
        self._streams: dict[int, tuple[_Stream, _Stream]] = {}

    @classmethod
    def for_config(cls, config: BleuConfig) -> TokenTable:
        """An empty table for the tokenizer `config` scores with."""
        return cls(tokenizer_for(config))

    @property
    def key(self) -> tuple[str, bool, bool]:
        """The tokenizer key (name, lowercase, perl) the tokens were made under."""
        return self.tokenizer.key

    def check(self, tokenizer: Tokenizer) -> None:
        """Refuse `tokenizer` unless this table holds its tokens.

        Raises:
            TokenKeyError: the table was made for another tokenizer or case.
        """
        if tokenizer.key != self.key:
            raise TokenKeyError(
                f"this token table holds the tokens of {_describe(self.key)}, "
                f"not of {_describe(tokenizer.key)}: use one table per tokenizer "
                "and case"
            )

    def __len__(self) -> int:
        """How many distinct lines the table holds (each was tokenized once)."""
        return len(self._tokens)

    def __contains__(self, line: object) -> bool:
        return line in self._tokens

    def __getitem__(self, line: str) -> str:
        """The tokens of `line`, which must be in the table."""
        return self._tokens[line]

    def lookup(self, lines: Iterable[str]) -> tuple[str, ...]:
        """The tokens of each of `lines`, which must all be in the table."""
        return tuple(map(self._tokens.__getitem__, lines))

    def lookup_optional(self, lines: Sequence[str | None]) -> tuple[str | None, ...]:
        """`lookup`, with `None` (a missing reference) passed through.

        Looked up in one C loop (`dict.get` gives None for None, which is never a
        key): in the window, a Python loop here held the GIL the GUI thread waits
        for, 100,000 lines per reference and system. `get` also gives None for a
        line the table lacks; that must not pass for a missing reference (it would
        change the score silently), so the Nones are counted on both sides.
        """
        get = cast("Callable[[str | None], str | None]", self._tokens.get)
        tokens = tuple(map(get, lines))
        if tokens.count(None) != lines.count(None):
            missing = next(
                line
                for line, token in zip(lines, tokens, strict=True)
                if line is not None and token is None
            )
            raise KeyError(missing)
        return tokens

    def unknown(self, lines: Iterable[str]) -> list[str]:
        """The distinct lines of `lines` the table lacks, in order of occurrence.

        In C loops only (`dict.fromkeys`, `filterfalse` on `dict.__contains__`),
        for the GIL's sake (see `lookup_optional`).
        """
        return list(filterfalse(self._tokens.__contains__, dict.fromkeys(lines)))

    def add(self, lines: Iterable[str], tokens: Iterable[str]) -> None:
        """Record the tokens of `lines` (pairwise; as many tokens as lines)."""
        self._tokens.update(zip(lines, tokens, strict=True))

    def keep_stream(self, stream: Sequence[str | None], tokens: _Stream) -> None:
        """Remember a whole stream's tokens (`lookup_optional` of all its lines).

        A test set's reference streams are the same tuples for every system scored
        against them; the next system's `stream_tokens` finds them here instead of
        looking up 100,000 lines per reference again. Only a tuple is kept (it
        cannot change after its tokens were taken), and the table holds it, so
        that its `id` cannot pass to another object while it is a key here.
        """
        if type(stream) is tuple:
            self._streams[id(stream)] = (stream, tokens)

    def stream_tokens(self, stream: Sequence[str | None]) -> _Stream | None:
        """The tokens `keep_stream` kept for this very stream, or None."""
        kept = self._streams.get(id(stream))
        if kept is None or kept[0] is not stream:
            return None
        return kept[1]


_Stream = tuple[str | None, ...]


def _describe(key: tuple[str, bool, bool]) -> str:
    """A tokenizer key in words: "13a, case-sensitive"."""
    name, lowercase, perl = key
    words = f"{name}, {'lowercased' if lowercase else 'case-sensitive'}"
    return f"{words}, multi-bleu.perl" if perl else words
