"""`io.sacrebleu_sets`: which sets are cached, by sacreBLEU's own rule.

sacreBLEU fetches a set again unless each of its archives is in `raw/` and not
empty (`Dataset.maybe_download`): an empty archive (a download cut short) is not
a cached set, and the dialog must not mark it so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.sacrebleu_sets import (
    NamedSetError,
    is_cached,
    known_test_sets,
    language_pairs,
)
from tests.cli.sacrebleu_cache import point_sacrebleu_at, write_wmt21_de_en


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "sacrebleu"
    folder.mkdir()
    point_sacrebleu_at(folder, monkeypatch)
    return folder


def test_a_set_is_cached_once_its_archive_is_there_and_not_empty(cache: Path) -> None:
    assert not is_cached("wmt21")
    write_wmt21_de_en(cache)
    assert is_cached("wmt21")
    (cache / "wmt21" / "raw" / "wmt21.test.tgz").write_bytes(b"")
    assert not is_cached("wmt21")
    assert not is_cached("wmt21/B")  # the same archive, kept under its own name


def test_the_sets_are_sacrebleus_newest_first(cache: Path) -> None:
    names = known_test_sets()
    assert names.index("wmt22") < names.index("wmt21") < names.index("wmt20")
    assert language_pairs("wmt21")[:2] == ("de-fr", "en-de")
    with pytest.raises(NamedSetError, match="no test set 'wmt99'"):
        language_pairs("wmt99")
