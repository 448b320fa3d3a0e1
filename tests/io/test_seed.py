"""The tests' seed, read as sacreBLEU 2.6.0 reads `SACREBLEU_SEED`.

sacreBLEU's rule (its `significance.py`): unset is 12345, "none" in any case is
unseeded, anything else `int(...)`. The expected values are that rule's, written
out; what we refuse (not an integer, negative) is pinned word for word.
"""

from __future__ import annotations

import pytest

from bleu_gui.core.config import ConfigError
from bleu_gui.io.seed import environment_seed, environment_text, parse_seed, seed_text


@pytest.mark.parametrize(
    ("environ", "seed"),
    [({}, 12345), ({"SACREBLEU_SEED": "7"}, 7), ({"SACREBLEU_SEED": "None"}, None)],
    ids=["unset", "integer", "None"],
)
def test_the_environment_gives_sacrebleus_seed(
    environ: dict[str, str], seed: int | None
) -> None:
    assert environment_seed(environ) == seed


def test_the_process_environment_is_read_when_none_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "NONE")
    assert environment_text() == "NONE"
    assert environment_seed() is None
    monkeypatch.delenv("SACREBLEU_SEED")
    assert environment_text() == "12345"
    assert environment_seed() == 12345


def test_a_wrong_environment_value_is_named_in_one_line() -> None:
    with pytest.raises(ConfigError) as error:
        environment_seed({"SACREBLEU_SEED": "abc"})
    assert str(error.value) == "SACREBLEU_SEED: 'abc' is neither an integer nor 'none'"


def test_a_typed_seed_names_where_it_was_typed() -> None:
    assert parse_seed(" 42 ", "Seed") == 42
    assert parse_seed("none", "Seed") is None
    with pytest.raises(ConfigError) as error:
        parse_seed("-1", "--seed")
    assert str(error.value) == "--seed: the seed cannot be negative, not -1"
    assert (seed_text(None), seed_text(0)) == ("none", "0")
