"""A command line that takes no option for another whose name it begins.

sacreBLEU's users paste its options: `-t wmt21 -l de-en` (a named test set). With
argparse's abbreviations, `-t` was taken for `-tok` and the user read "invalid
choice: 'wmt21'" about the tokenizer, nothing about the test set. `allow_abbrev`
turns off the abbreviation of `--long` options only (Python 3.11): a single-dash
option (`-tok`, `-lc`, `-nr`) is still found by any prefix. `StrictParser` keeps
an exact name, and a one-letter option with its value joined (`-ifile.txt`), and
nothing else: an unknown option is named as unknown. It filters what argparse's own
prefix search (`_get_option_tuples`, not public) finds; `tests/cli/test_cli_habits.py`
pins the behaviour, so an argparse that changes it is seen at once.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

__all__ = ["StrictParser"]


class StrictParser(argparse.ArgumentParser):
    """`argparse.ArgumentParser` without abbreviations of any option."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def _get_option_tuples(self, option_string: str) -> list[Any]:
        found: Sequence[Any] = super()._get_option_tuples(option_string)
        short = option_string[:2]
        return [match for match in found if match[1] in (option_string, short)]
