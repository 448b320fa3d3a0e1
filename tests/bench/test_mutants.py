"""The hand mutations' list (`bench/mutants.py`) still fits the code it mutates.

The bench runs every module's tests once per mutant (many minutes); here, without
running any, each mutation is checked to find its text exactly once in its file
(code moved on: the mutation no longer mutates anything) and each module's tests
to exist, and one mutant is applied to a copy and restored.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from mutants import MODULE_TESTS, MUTATIONS, ROOT, copy_tree, mutate

ORIGINALS = {
    path: (ROOT / path).read_text("utf-8") for path in {m.path for m in MUTATIONS}
}


def test_every_mutation_finds_its_text_exactly_once() -> None:
    missing = [
        (k, m.path, m.old)
        for k, m in enumerate(MUTATIONS, start=1)
        if ORIGINALS[m.path].count(m.old) != 1
    ]
    assert missing == []


def test_every_mutation_changes_its_text_and_has_tests_that_exist() -> None:
    assert all(m.old != m.new for m in MUTATIONS)
    assert {m.module for m in MUTATIONS} == set(MODULE_TESTS)
    absent = [
        t for tests in MODULE_TESTS.values() for t in tests if not (ROOT / t).is_file()
    ]
    assert absent == []


def test_a_mutant_is_made_in_the_copy_only(tmp_path: Path) -> None:
    copy = copy_tree(ROOT, tmp_path)
    mutation = MUTATIONS[0]
    original = mutate(copy, mutation)
    assert original == ORIGINALS[mutation.path]
    mutated = (copy / mutation.path).read_text("utf-8")
    assert mutated == original.replace(mutation.old, mutation.new)
    assert (ROOT / mutation.path).read_text("utf-8") == ORIGINALS[mutation.path]
    assert not (copy / ".git").exists()
