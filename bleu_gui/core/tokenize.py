"""Tokenizers: sacreBLEU's, wrapped so every caller sees one canonical form.

sacreBLEU's tokenizers are the field's definition of `13a`, `intl`, `zh` and the rest,
so we call them rather than re-implement them. What we add:

* one canonical tokenized form, the tokens joined by single spaces, so that
  `text.split(" ")` gives back exactly the tokens the scorer counted (sacreBLEU splits
  the tokenizer's output with `str.split()`, which also splits on NBSP and U+3000; we
  do that split once, here);
* de-duplication: a corpus tokenizes each distinct line once, however often it repeats,
  without sacreBLEU's per-instance `lru_cache` (whose 65,536 entries would also pin
  memory for the life of the process);
* a clear error naming the extra to install when `ja-mecab` or `ko-mecab` is missing;
* multi-bleu.perl's own view of a line: split on ASCII whitespace only and lowercase
  ASCII only, as Perl does on the undecoded bytes the script reads;
* tensorflow/nmt's view of a line (`split-space`): `strip()`, then `split(" ")`, which
  can make empty tokens. Joined by single spaces, tokens round-trip through
  `split(" ")` whether empty or not, except a line that is one empty token: joined,
  it would be `""`, which means *no* token. That one line is written as a newline
  alone, a string no tokenizer can otherwise produce (every one splits or strips a
  newline), and
  `split_tokens` / `join_tokens` are the one place that knows it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from bleu_gui.core.config import (
    CAPABILITIES,
    SPLIT_SPACE,
    BleuConfig,
    Compat,
    ConfigError,
)
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.sacrebleu_parts import speed_up_inner_tokenizer, tokenizer_module
from bleu_gui.core.steps import drain

__all__ = [
    "TOKENIZER_NAMES",
    "Tokenizer",
    "TokenizerUnavailableError",
    "available_tokenizers",
    "get_tokenizer",
    "join_tokens",
    "split_tokens",
    "tokenize_chunk",
    "tokenizer_available",
    "tokenizer_for",
    "unknown_tokenizer",
]

# name -> (sacreBLEU module, class, the bleu-gui extra that installs its dependencies)
_SACREBLEU_TOKENIZERS: dict[str, tuple[str, str, str | None]] = {
    "13a": ("tokenizer_13a", "Tokenizer13a", None),
    "intl": ("tokenizer_intl", "TokenizerV14International", None),
    "zh": ("tokenizer_zh", "TokenizerZh", None),
    "char": ("tokenizer_char", "TokenizerChar", None),
    "none": ("tokenizer_none", "NoneTokenizer", None),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab", "ja"),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab", "ko"),
}
# Tokenizers of our own, for compatibility modes (which mode has which: config.py).
_OWN_TOKENIZERS = (SPLIT_SPACE,)
TOKENIZER_NAMES: tuple[str, ...] = tuple(_SACREBLEU_TOKENIZERS) + _OWN_TOKENIZERS

# The canonical form of a line that is one empty token (see the module docstring).
_ONE_EMPTY_TOKEN = "\n"

# Perl's \s on the bytes multi-bleu.perl reads: ASCII whitespace, nothing else.
_PERL_WHITESPACE = re.compile(r"[ \t\n\r\f\v]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class TokenizerUnavailableError(ConfigError):
    """A known tokenizer whose optional dependencies are not installed."""


@dataclass(frozen=True, slots=True, eq=False)
class Tokenizer:
    """Turns one segment into its canonical tokenized form.

    Attributes:
        name: the tokenizer's name (`13a`, …).
        signature: what sacreBLEU's signature calls it (`ja-mecab-0.996-IPA`, …).
        lowercase: whether the segment is lowercased first.
        perl: multi-bleu.perl semantics (ASCII whitespace, ASCII lowercasing).
    """

    name: str
    signature: str
    lowercase: bool
    perl: bool
    _split: Callable[[str], str]

    def __call__(self, line: str) -> str:
        """Preprocess and tokenize one segment, as sacreBLEU's `_preprocess_segment`.

        Returns the tokens joined by single spaces (`""` for no tokens; see
        `join_tokens`).
        """
        if self.name == SPLIT_SPACE:
            if self.lowercase:
                line = line.lower()
            return join_tokens(line.strip().split(" "))
        if self.perl:
            if self.lowercase:
                line = line.translate(_ASCII_LOWER)
            return " ".join(token for token in _PERL_WHITESPACE.split(line) if token)
        if self.lowercase:
            line = line.lower()
        return " ".join(self._split(line.rstrip()).split())

    @property
    def key(self) -> tuple[str, bool, bool]:
        """What decides the tokens (name, lowercase, perl): equal keys, equal tokens.

        Also what a worker process needs to build the same tokenizer.
        """
        return (self.name, self.lowercase, self.perl)

    def tokenize_all(
        self, lines: Iterable[str], *, pool: WorkerPool | None = None
    ) -> list[str]:
        """Tokenize many segments, each distinct one once (see `tokenize_distinct`)."""
        lines = list(lines)
        table = self.tokenize_distinct(lines, pool=pool)
        return [table[line] for line in lines]

    def tokenize_distinct(
        self, lines: Iterable[str], *, pool: WorkerPool | None = None
    ) -> dict[str, str]:
        """Map each distinct segment to its tokenized form (see `iter_tokenize`)."""
        return drain(self.iter_tokenize(lines, pool=pool))

    def iter_tokenize(
        self, lines: Iterable[str], *, pool: WorkerPool | None = None
    ) -> Generator[tuple[int, int], None, dict[str, str]]:
        """Tokenize each distinct segment once, a chunk at a time.

        Yields (distinct lines done, distinct lines in all) after each chunk, so a
        worker can report progress and stop between chunks; returns the mapping from
        segment to tokenized form.

        Args:
            lines: the segments, repeats allowed.
            pool: worker processes to tokenize in. sacreBLEU's regular expressions
                cost ~0.1 ms a line, the largest share of scoring a big corpus, and
                they hold the GIL; processes are the only way to use a second core.
        """
        distinct = list(dict.fromkeys(lines))
        chunks = [
            distinct[i : i + _CHUNK_LINES]
            for i in range(0, len(distinct), _CHUNK_LINES)
        ]
        tokenized: list[str] = []
        for part in self.iter_tokenize_chunks(chunks, pool=pool):
            tokenized += part
            yield len(tokenized), len(distinct)
        return dict(zip(distinct, tokenized, strict=True))

    def iter_tokenize_chunks(
        self, chunks: Iterable[Sequence[str]], *, pool: WorkerPool | None = None
    ) -> Iterator[list[str]]:
        """Each chunk's lines tokenized, chunk after chunk, in order.

        With a `pool`, its workers tokenize a few chunks ahead of the caller: while
        the caller works on one chunk's result, they tokenize the next ones.
        """
        if pool is None:
            for chunk in chunks:
                yield [self(line) for line in chunk]
        else:
            jobs = ((self.key, list(chunk)) for chunk in chunks)
            yield from map_ordered(tokenize_chunk, jobs, pool)


_CHUNK_LINES = 4_000


def tokenize_chunk(job: tuple[tuple[str, bool, bool], list[str]]) -> list[str]:
    """A worker process's side of `iter_tokenize_chunks`: (key, lines) -> tokens."""
    (name, lowercase, perl), lines = job
    tokenizer = get_tokenizer(name, lowercase=lowercase, perl=perl)
    return [tokenizer(line) for line in lines]


def split_tokens(tokenized: str) -> list[str]:
    """The tokens of a canonical tokenized string (see `Tokenizer.__call__`)."""
    if tokenized == _ONE_EMPTY_TOKEN:
        return [""]
    return tokenized.split(" ") if tokenized else []


def join_tokens(tokens: Sequence[str]) -> str:
    """The canonical tokenized string of `tokens`: `split_tokens` gives them back.

    Tokens joined by single spaces; a line that is one empty token (tensorflow/nmt's
    empty line) is a newline alone, since joined it would read as no token at all.
    """
    if len(tokens) == 1 and not tokens[0]:
        return _ONE_EMPTY_TOKEN
    return " ".join(tokens)


def available_tokenizers(own: Sequence[str] = ()) -> tuple[str, ...]:
    """The sacreBLEU tokenizers whose dependencies are installed here, then `own`.

    `own`: a mode's own tokenizers (`Capabilities.own_tokenizers`).
    """
    names = [name for name in _SACREBLEU_TOKENIZERS if tokenizer_available(name)]
    return (*names, *own)


def tokenizer_available(name: str) -> bool:
    """Whether sacreBLEU's tokenizer `name` can run here (its packages installed).

    Asks of one tokenizer only: making one loads its packages (MeCab's load their
    dictionaries, ~30 ms for both), which a run that does not use it should not pay.
    """
    try:
        _sacrebleu_tokenizer(name)
    except TokenizerUnavailableError:
        return False
    return True


def unknown_tokenizer(name: object) -> str:
    """What to say of a tokenizer name that does not exist: the names that do."""
    allowed = ", ".join(_SACREBLEU_TOKENIZERS)
    own = "".join(
        f"; {', '.join(caps.own_tokenizers)} in {caps.compat.value} mode"
        for caps in CAPABILITIES.values()
        if caps.own_tokenizers
    )
    return f"unknown tokenizer {name!r} (choose one of: {allowed}{own})"


def get_tokenizer(
    name: str, *, lowercase: bool = False, perl: bool = False
) -> Tokenizer:
    """The tokenizer called `name`.

    Raises:
        ConfigError: for an unknown name.
        TokenizerUnavailableError: when its optional dependencies are missing; the
            message names the extra to install.
    """
    if perl:
        if name != "none":
            raise ConfigError(
                "multi-bleu.perl semantics exist only for tokenizer 'none'"
            )
        return Tokenizer("none", "none", lowercase, True, str)
    if name == SPLIT_SPACE:
        # Tokenizer.__call__ splits; tensorflow/nmt has no version to sign with.
        return Tokenizer(name, name, lowercase, False, str)
    instance = _sacrebleu_tokenizer(name)
    call = getattr(type(instance).__call__, "__wrapped__", None)
    # Bypass sacreBLEU's lru_cache: we de-duplicate per corpus ourselves.
    split: Callable[[str], str] = (
        functools.partial(call, instance) if call is not None else instance
    )
    return Tokenizer(name, str(instance.signature()), lowercase, False, split)


def tokenizer_for(config: BleuConfig) -> Tokenizer:
    """The tokenizer a config scores with."""
    return get_tokenizer(
        config.tokenizer_name,
        lowercase=config.lowercase,
        perl=config.compat is Compat.MULTI_BLEU,
    )


class _SacreBleuTokenizer(Protocol):
    """What we use of a sacreBLEU tokenizer instance."""

    def __call__(self, line: str) -> str: ...

    def signature(self) -> str: ...


@functools.cache
def _sacrebleu_tokenizer(name: str) -> _SacreBleuTokenizer:
    """One sacreBLEU tokenizer instance per name (MeCab's dictionaries load once)."""
    try:
        module_name, class_name, extra = _SACREBLEU_TOKENIZERS[name]
    except KeyError:
        raise ConfigError(unknown_tokenizer(name)) from None
    try:
        module = tokenizer_module(module_name)
        instance: _SacreBleuTokenizer = getattr(module, class_name)()
        speed_up_inner_tokenizer(instance)
        return instance
    except (ImportError, RuntimeError) as error:
        if extra is None:
            raise
        raise TokenizerUnavailableError(
            f"tokenizer {name!r} needs optional packages that are not installed: "
            f"pip install 'bleu-gui[{extra}]' ({error})"
        ) from None
