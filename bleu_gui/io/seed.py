"""The paired tests' seed: sacreBLEU's rule, in one place for the CLI and the window.

sacreBLEU 2.6.0 seeds its bootstrap and randomization tests from the environment
variable `SACREBLEU_SEED`: unset means 12345, `none` (any case) means unseeded
(fresh randomness each run), anything else is read as an integer. `bleu-gui score
--seed` overrides the variable; the window's Seed field starts from it. Both read a
typed seed with `parse_seed` and the variable with `environment_seed`, so that the
same text means the same seed wherever it is typed.

Stricter than sacreBLEU on purpose: a negative seed is refused in one line (numpy
refuses it with a traceback in sacreBLEU), and so is text that is neither.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from bleu_gui.core.config import ConfigError
from bleu_gui.core.significance_names import DEFAULT_SEED

__all__ = [
    "DEFAULT_SEED",
    "MAX_SEED",
    "SEED_DIGITS",
    "SEED_VARIABLE",
    "UNSEEDED",
    "environment_seed",
    "environment_text",
    "parse_seed",
    "seed_text",
]

SEED_VARIABLE = "SACREBLEU_SEED"
"""The environment variable sacreBLEU reads its seed from."""

UNSEEDED = "none"
"""How a seed of `None` (unseeded) is written: sacreBLEU's word."""

SEED_DIGITS = 20
"""The most digits the window's Seed field takes (numpy takes any size: a bound
that keeps a seed a number one can read and type)."""
MAX_SEED = 10**SEED_DIGITS - 1
"""The largest seed the window (and a session file) takes."""


def parse_seed(text: str, source: str) -> int | None:
    """The seed `text` says: an integer 0 or more, or `None` for `none`.

    Args:
        text: as typed (spaces around it are ignored, as `int` does).
        source: what to name in an error: "--seed", "SACREBLEU_SEED", "Seed".

    Raises:
        ConfigError: one line naming `source`, for anything else.
    """
    if text.strip().lower() == UNSEEDED:
        return None
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(
            f"{source}: {text!r} is neither an integer nor {UNSEEDED!r}"
        ) from None
    if value < 0:
        raise ConfigError(f"{source}: the seed cannot be negative, not {value}")
    return value


def environment_text(environ: Mapping[str, str] | None = None) -> str:
    """The seed as `SACREBLEU_SEED` says it, unread; "12345" when it is unset.

    `environ`: the process's environment by default. The window's Seed field
    starts with this text (a wrong value shows as it was set, and is named).
    """
    text = (os.environ if environ is None else environ).get(SEED_VARIABLE)
    return seed_text(DEFAULT_SEED) if text is None else text


def environment_seed(environ: Mapping[str, str] | None = None) -> int | None:
    """The seed `SACREBLEU_SEED` gives (`environ`: the process's by default).

    Unset: sacreBLEU's default, 12345.

    Raises:
        ConfigError: naming `SACREBLEU_SEED`, for a value `parse_seed` refuses.
    """
    return parse_seed(environment_text(environ), SEED_VARIABLE)


def seed_text(seed: int | None) -> str:
    """A seed as typed and as signatures write it: "12345", or "none"."""
    return UNSEEDED if seed is None else str(seed)
