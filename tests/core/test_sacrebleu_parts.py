"""sacreBLEU's tokenizers loaded without its package give sacreBLEU's tokens.

`core.sacrebleu_parts` loads sacreBLEU's tokenizer files under a name of their own,
so that scoring does not pay for `sacrebleu/__init__.py`. In this test process
sacreBLEU is imported already (other tests import it), which takes the other path;
so the check runs in a fresh interpreter: our tokens first, with sacreBLEU not
imported, then sacreBLEU's own tokenizers on the same lines.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_re import TokenizerRegexp
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from bleu_gui.core import available_tokenizers, get_tokenizer
from bleu_gui.core.tokenize import _sacrebleu_tokenizer
from tests.core.strategies import segments
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

LINES = [
    *REF_A[:5],
    *HAPPYPOET[:5],
    "Hello, world! It's 3.5% \u201cquoted\u201d &amp; <b>bold</b>.",
    "1,000.50 + x=y; (a) [b] {c} -- end ...",
    "\u4eca\u5929\u5929\u6c14\u5f88\u597d\uff0c\u6211\u4eec\u53bb\u516c\u56ed\u3002",
    "\u4eca\u65e5\u306f\u3044\u3044\u5929\u6c17\u3067\u3059\u3002",
    "\uc624\ub298 \ub0a0\uc528\uac00 \uc88b\uc2b5\ub2c8\ub2e4.",
    "  spaced\u00a0out\u3000text  ",
    "",
]

# What 13a's and zh's substitutions look at: punctuation of the first rule's class,
# periods and commas next to digits or not, dashes after digits, entities.
_TRICKY = st.text(
    alphabet=st.sampled_from(
        list("09aZ .,-&;{}~[]`!\"#$%'()*+:<=>?@/\\^_|\u4e2d\u3002")
    ),
    max_size=40,
)
SACREBLEU_TOKENIZERS = {"13a": Tokenizer13a, "zh": TokenizerZh}


def theirs(name: str, line: str) -> str:
    """sacreBLEU's own tokens (a new instance of its class), in canonical form."""
    return " ".join(SACREBLEU_TOKENIZERS[name]()(line.rstrip()).split())


@pytest.mark.parametrize("name", list(SACREBLEU_TOKENIZERS))
def test_the_faster_inner_tokenizer_is_in_use(name: str) -> None:
    # Otherwise the comparisons below would compare sacreBLEU with itself.
    inner = _sacrebleu_tokenizer(name)._post_tokenizer  # type: ignore[attr-defined]
    assert type(inner).__name__ == "_Substitutions"


@pytest.mark.parametrize("name", list(SACREBLEU_TOKENIZERS))
def test_real_lines_give_sacrebleus_tokens(name: str) -> None:
    for line in [*REF_A, *REF_B, *HAPPYPOET, *ONLINE_W]:
        assert get_tokenizer(name)(line) == theirs(name, line)


@settings(max_examples=400, deadline=None)
@given(
    line=st.one_of(segments, _TRICKY, st.text(max_size=30)),
    name=st.sampled_from(list(SACREBLEU_TOKENIZERS)),
)
def test_random_lines_give_sacrebleus_tokens(line: str, name: str) -> None:
    assert get_tokenizer(name)(line) == theirs(name, line)


PROBE = """
import json, sys
from bleu_gui.core import get_tokenizer
from bleu_gui.core.sacrebleu_parts import sacrebleu_version
names, lines = json.loads(sys.argv[1]), json.loads(sys.argv[2])
ours = {name: [get_tokenizer(name)(line) for line in lines] for name in names}
version = sacrebleu_version()
imported_before = "sacrebleu" in sys.modules
cached = {
    f"{module.__name__}.{cls.__name__}": cls.__call__.cache_info().currsize
    for key, module in list(sys.modules.items())
    if key.startswith("_bleu_gui_sacrebleu_tokenizers.")
    for cls in vars(module).values()
    if isinstance(cls, type) and hasattr(cls.__call__, "cache_info")
}
from bleu_gui.core.tokenize import _SACREBLEU_TOKENIZERS
import importlib
theirs = {}
for name in names:
    module, cls, _ = _SACREBLEU_TOKENIZERS[name]
    loaded = importlib.import_module(f"sacrebleu.tokenizers.{module}")
    tokenizer = getattr(loaded, cls)()
    theirs[name] = [" ".join(tokenizer(line.rstrip()).split()) for line in lines]
print(json.dumps({"ours": ours, "theirs": theirs, "version": version,
                  "imported_before": imported_before, "cached": cached}))
"""


def test_tokens_and_version_are_sacrebleus_without_importing_it() -> None:
    names = list(available_tokenizers())
    assert {"13a", "intl", "zh", "char", "none"} <= set(names)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(names), json.dumps(LINES)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result = json.loads(done.stdout)
    assert result["imported_before"] is False
    assert result["version"] == sacrebleu.__version__ == "2.6.0"
    for name in names:
        assert result["ours"][name] == result["theirs"][name], name
    # sacreBLEU's lru_caches (65,536 lines each, ~60 MB on long lines, per worker
    # process) are bypassed, the regexp tokenizer inside 13a and zh's included.
    cached = result["cached"]
    assert any(name.endswith(".TokenizerRegexp") for name in cached)
    assert any(name.endswith(".Tokenizer13a") for name in cached)
    assert set(cached.values()) == {0}, cached


_RULES_TEXT = st.text(
    alphabet=st.sampled_from(list("09a .,-,.\u00b2\u0663\n")), max_size=30
)


@settings(max_examples=1500, deadline=None)
@given(line=st.one_of(_RULES_TEXT, _TRICKY))
def test_each_scanned_rule_is_its_pattern(line: str) -> None:
    """13a's second to fourth rules, done by scanning for their characters, give
    what sacreBLEU's own pattern and template give, step by step: runs of periods
    and commas (a match takes its neighbour), digits of other scripts (not
    `[0-9]`), dashes after digits, newlines."""
    from bleu_gui.core.sacrebleu_parts import _SCANNED_RULES

    rules = TokenizerRegexp()._re
    assert len(_SCANNED_RULES) == 3
    for pattern, template in rules[1:]:
        scanned = _SCANNED_RULES[(pattern.pattern, template)]
        assert scanned(line) == pattern.sub(template, line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("a.,.,b", "a . , . ,b"),  # rule 2: the second comma's neighbour is taken
        ("1.5,2", "1.5,2"),
        ("x.", "x . "),
        (".a", ".a"),
    ],
)
def test_the_second_rule_on_runs_of_periods_and_commas(
    line: str, expected: str
) -> None:
    """Worked by hand from the pattern `([^0-9])([\\.,])` and template `\\1 \\2 `."""
    from bleu_gui.core.sacrebleu_parts import _split_period_comma_after_non_digit

    assert _split_period_comma_after_non_digit(line) == expected


def test_the_padded_symbols_are_the_first_rules_class_but_the_space() -> None:
    """The first rule pads its class's characters; ours pads the same ones except
    the space (whose padding the final collapse of whitespace undoes)."""
    from bleu_gui.core.sacrebleu_parts import _SYMBOLS

    first_rule = TokenizerRegexp()._re[0][0]
    for code in range(0x3000):
        char = chr(code)
        expected = char != " " and first_rule.fullmatch(char) is not None
        assert (_SYMBOLS.fullmatch(char) is not None) is expected, hex(code)


@pytest.mark.parametrize(
    ("line", "second", "third"),
    [
        # Worked by hand from `([^0-9])([\.,])` → `\1 \2 ` and `([\.,])([^0-9])` →
        # ` \1 \2`, on lines without two periods or commas in a row.
        ("a.b", "a . b", "a . b"),
        ("1.5", "1.5", "1.5"),
        ("a.5", "a . 5", "a.5"),
        ("1.a", "1.a", "1 . a"),
        (".a", ".a", " . a"),
        ("a.", "a . ", "a."),
        ("x, y.", "x ,  y . ", "x ,  y."),
    ],
)
def test_the_second_and_third_rules_without_runs(
    line: str, second: str, third: str
) -> None:
    from bleu_gui.core.sacrebleu_parts import (
        _split_period_comma_after_non_digit,
        _split_period_comma_before_non_digit,
    )

    assert _split_period_comma_after_non_digit(line) == second
    assert _split_period_comma_before_non_digit(line) == third
