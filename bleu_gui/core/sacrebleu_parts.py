"""sacreBLEU's tokenizers and version, without the start-up of sacreBLEU's package.

`import sacrebleu.tokenizers.tokenizer_13a` first runs `sacrebleu/__init__.py`, which
imports sacreBLEU's whole command line: every metric, the test-set downloader
(portalocker, lxml, hashlib), the table printer (tabulate), colorama and
importlib.metadata. That is about 30 ms of the 200 ms `bleu-gui score` takes on a
500-segment file, for code that scoring never runs, and `sacrebleu` itself pays the
same 30 ms: it is what made us slower than sacreBLEU on small files.

The tokenizer modules import only each other (relative imports inside
`sacrebleu/tokenizers/`) and their own third-party packages (`regex`, MeCab), so they
are loaded here from sacreBLEU's installed files, as a package of their own name
(`_bleu_gui_sacrebleu_tokenizers`). They are sacreBLEU's files, of the pinned
version, run unchanged: not a copy. Once `sacrebleu` has been imported anyway (a
caller, a test), its own modules are used instead, so that a process holds one copy
where it can.

`speed_up_inner_tokenizer` changes how one piece of them runs, not what it computes:
the regexp tokenizer that 13a and zh call inside (see its docstring).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["sacrebleu_version", "speed_up_inner_tokenizer", "tokenizer_module"]

_TOKENIZERS = "_bleu_gui_sacrebleu_tokenizers"
"""The name sacreBLEU's `tokenizers` folder is loaded under."""


def tokenizer_module(name: str) -> ModuleType:
    """The module `sacrebleu.tokenizers.<name>` (e.g. `tokenizer_13a`) of sacreBLEU.

    Raises:
        ImportError: if sacreBLEU, or a package the tokenizer needs, is missing.
    """
    if "sacrebleu" in sys.modules:
        return importlib.import_module(f"sacrebleu.tokenizers.{name}")
    if _TOKENIZERS not in sys.modules:
        _load(_TOKENIZERS, _sacrebleu_folder() / "tokenizers", package=True)
    return importlib.import_module(f"{_TOKENIZERS}.{name}")


@functools.cache
def sacrebleu_version() -> str:
    """The installed sacreBLEU's version, as its signatures write it (`2.6.0`)."""
    module = sys.modules.get("sacrebleu")
    if module is not None:
        return str(module.__version__)
    version_file = _sacrebleu_folder() / "version.py"
    if not version_file.is_file():  # a build without setuptools-scm's file
        from importlib import metadata

        return metadata.version("sacrebleu")
    return str(_load("_bleu_gui_sacrebleu_version", version_file).__version__)


@functools.cache
def _sacrebleu_folder() -> Path:
    """The folder sacreBLEU is installed in (found without importing it)."""
    spec = importlib.util.find_spec("sacrebleu")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("sacrebleu is not installed: pip install sacrebleu==2.6.0")
    return Path(next(iter(spec.submodule_search_locations)))


def _load(name: str, path: Path, *, package: bool = False) -> ModuleType:
    """Load the module (or package folder) at `path` as `name`; registered on success.

    Raises:
        ImportError: if the file is not there.
    """
    location = path / "__init__.py" if package else path
    spec = importlib.util.spec_from_file_location(
        name, location, submodule_search_locations=[str(path)] if package else None
    )
    if spec is None or spec.loader is None or not location.is_file():
        raise ImportError(f"sacreBLEU's {location} is missing")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def speed_up_inner_tokenizer(instance: Any) -> None:
    r"""Run the regexp tokenizer inside a 13a or zh tokenizer uncached, and faster.

    13a and zh end by calling a `TokenizerRegexp` of their own: four substitutions,
    each one of sacreBLEU's compiled patterns with a replacement template such as
    `' \1 '`, then a split on whitespace. Two things there cost us, and this
    function removes both without changing a token:

    * its `__call__` has an `lru_cache` of 65,536 lines. A corpus tokenizes each
      distinct line once, so it is never hit; on long segments, full, it holds
      ~60 MB in every process that tokenizes, each worker process included.
    * Python 3.11 expands a replacement template in Python code at every match:
      40% of 13a's time. Each template is turned once into a function that joins
      the same literal text and groups (`_template_function`), and sacreBLEU's
      patterns run with those functions, in sacreBLEU's order (`_Substitutions`).
      The first rule, which pads every space and ASCII symbol with spaces (37
      matches in a WMT line), is one group around one character class: its
      substitution is the join of its split with single spaces, done in C
      (`_PAD_EACH_MATCH`), and its spaces need no padding (`_SYMBOLS`). The
      periods and commas of the second and third rules are found in C too, except
      in the rare line with two in a row (`_RUN`). 3 times faster on WMT text in
      all; the tokens are
      compared with sacreBLEU's own tokenizers on real and random text
      (`tests/core/test_sacrebleu_parts.py`).

    An instance without that inner tokenizer, or with a template other than literal
    text and `\1` to `\9`, is left as it is.
    """
    inner = getattr(instance, "_post_tokenizer", None)
    rules = getattr(inner, "_re", None)
    if inner is None or not isinstance(rules, list | tuple):
        return
    steps: list[Callable[[str], str]] = []
    for rule in rules:
        pattern, template = rule
        if not isinstance(pattern, re.Pattern):
            return
        if (pattern.pattern, template) == _PAD_EACH_MATCH:
            steps.append(_pad_symbols)
            continue
        known = _SCANNED_RULES.get((pattern.pattern, template))
        if known is not None:
            steps.append(known)
            continue
        function = _template_function(template)
        if function is None:
            return
        steps.append(functools.partial(pattern.sub, function))
    instance._post_tokenizer = _Substitutions(tuple(steps))


@dataclass(frozen=True, slots=True)
class _Substitutions:
    """What sacreBLEU's `TokenizerRegexp.__call__` does, one step per rule."""

    steps: tuple[Callable[[str], str], ...]

    def __call__(self, line: str) -> str:
        for step in self.steps:
            line = step(line)
        return " ".join(line.split())


_PAD_EACH_MATCH = (r"([\{-\~\[-\` -\&\(-\+\:-\@\/])", r" \1 ")
"""13a's first rule (sacreBLEU 2.6.0), pattern and template, checked for equality.

One group around one character class: a match is one character, and group 1 is the
whole match. Replacing each match `m` by `" " + m + " "` then gives the same string
as splitting on the pattern (which keeps the matches, as it has one group) and
joining the pieces with single spaces.
"""

_SYMBOLS = re.compile(r"([!-&(-+:-@/\[-`{-~])")
"""The first rule's class without the space it starts with (` -&` is U+0020-U+0026).

Padding a space with spaces only adds spaces next to spaces: the rules after it
see a space where they saw one (a space is neither a digit, a period, a comma nor
a dash), and `_Substitutions` ends by collapsing every run of whitespace. So the
tokens are the same, and a WMT line has as many spaces as symbols: half the
matches, and half the pieces to join, are gone.
"""


def _pad_symbols(line: str) -> str:
    return " ".join(_SYMBOLS.split(line))


_DIGITS = frozenset("0123456789")  # `[0-9]`: ASCII digits only
_PERIOD_OR_COMMA = re.compile(r"[.,]")
_RUN = re.compile(r"[.,]{2}")
"""Two periods or commas in a row: where a match's taking of its neighbour counts."""
_AFTER_NON_DIGIT = re.compile(r"([.,])(?<=[^0-9][.,])")
_BEFORE_NON_DIGIT = re.compile(r"([.,])(?=[^0-9])")
_DASH_AFTER_DIGIT = re.compile(r"(?<=[0-9])-")


def _split_period_comma_after_non_digit(line: str) -> str:
    r"""13a's second rule, `([^0-9])([\.,])` → `\1 \2 `, by scanning for its `.`/`,`.

    The pattern tried at every character of the line (a tenth of 13a's time); the
    periods and commas are few. A match takes the character before one and the
    one itself, and the next match starts after it: a period or comma right
    after one just matched has its left neighbour taken, so it is left alone.

    Without two of them in a row, no match's left neighbour was taken: every one
    after a non-digit is a match, and the pattern `_AFTER_NON_DIGIT` finds them all
    in C (the character before stays before the piece it ends); padding each with
    spaces is the template's `\1 \2 `. A scan only where there are runs.
    """
    if "." not in line and "," not in line:
        return line
    if _RUN.search(line) is None:
        return " ".join(_AFTER_NON_DIGIT.split(line))
    pieces: list[str] = []
    start, taken = 0, -1
    for found in _PERIOD_OR_COMMA.finditer(line):
        at = found.start()
        if at == 0 or at - 1 == taken or line[at - 1] in _DIGITS:
            continue
        pieces += (line[start:at], " ", line[at], " ")
        start, taken = at + 1, at
    return "".join((*pieces, line[start:])) if pieces else line


def _split_period_comma_before_non_digit(line: str) -> str:
    r"""13a's third rule, `([\.,])([^0-9])` → ` \1 \2`, scanning as the second does.

    A match takes a period or comma and the character after it; one taken as the
    character after the previous match starts no match of its own.

    Without two in a row, the character taken is never a period or comma, so every
    one before a non-digit is a match (`_BEFORE_NON_DIGIT`, as the second rule).
    """
    if "." not in line and "," not in line:
        return line
    if _RUN.search(line) is None:
        return " ".join(_BEFORE_NON_DIGIT.split(line))
    pieces: list[str] = []
    start, taken = 0, -1
    for found in _PERIOD_OR_COMMA.finditer(line):
        at = found.start()
        if at <= taken or at + 1 == len(line) or line[at + 1] in _DIGITS:
            continue
        pieces += (line[start:at], " ", line[at], " ", line[at + 1])
        start, taken = at + 2, at + 1
    return "".join((*pieces, line[start:])) if pieces else line


def _split_dash_after_digit(line: str) -> str:
    r"""13a's fourth rule, `([0-9])(-)` → `\1 \2 `: spaces around a digit's dash.

    A digit is never the dash of an earlier match, so no match takes another's
    character: every dash after a digit is one.
    """
    return _DASH_AFTER_DIGIT.sub(" - ", line) if "-" in line else line


_SCANNED_RULES: dict[tuple[str, str], Callable[[str], str]] = {
    (r"([^0-9])([\.,])", r"\1 \2 "): _split_period_comma_after_non_digit,
    (r"([\.,])([^0-9])", r" \1 \2"): _split_period_comma_before_non_digit,
    (r"([0-9])(-)", r"\1 \2 "): _split_dash_after_digit,
}
"""13a's other rules (sacreBLEU 2.6.0), pattern and template checked for equality.

Each is done by a function that finds its few characters instead of trying the
pattern at every character; they are compared with the patterns themselves on
random text (`tests/core/test_sacrebleu_parts.py`)."""


_GROUP_REFERENCE = re.compile(r"\\([1-9])(?![0-9])")


def _template_function(template: object) -> Callable[[re.Match[str]], str] | None:
    r"""A function of a match that returns what `template` expands to, or None.

    Only templates of literal text and one or two references `\1` to `\9` (all
    that 13a and zh use); a group that did not take part expands to "", as in `re`.
    """
    if not isinstance(template, str):
        return None
    pieces = _GROUP_REFERENCE.split(template)
    texts: Sequence[str] = pieces[0::2]
    groups = [int(number) for number in pieces[1::2]]
    if any("\\" in text for text in texts):
        return None
    if len(groups) == 1:
        before, after = texts
        (first,) = groups
        return lambda match: before + (match[first] or "") + after
    if len(groups) == 2:
        before, middle, after = texts
        first, second = groups
        return lambda match: (
            before + (match[first] or "") + middle + (match[second] or "") + after
        )
    return None
