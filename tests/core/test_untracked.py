"""Large tuples of strings leave the garbage collector's lists when made.

The first collection that meets a tracked tuple of 100,000 strings walks all of
them; in the window that walk ran on the GUI thread as 60-120 ms blocks while ten
systems were scored. `untracked` takes such a tuple out at once, and the corpus's
lines (as read) and tokens (as prepared) are made that way, on whichever thread
made them.
"""

from __future__ import annotations

import gc
from pathlib import Path

import sacrebleu

from bleu_gui.core import BleuConfig, score_corpus
from bleu_gui.core.scoring import TokenizedCorpus, iter_prepare
from bleu_gui.core.steps import drain
from bleu_gui.core.untracked import UNTRACK_FROM, untracked
from bleu_gui.io.readers import Segments, read_segments


def _lines(count: int, stem: str = "line") -> tuple[str, ...]:
    # Built from a generator: a tuple display of constants could be folded.
    return tuple(f"{stem} {number} ." for number in range(count))


def test_a_large_tuple_of_strings_is_untracked_and_unchanged() -> None:
    lines = _lines(UNTRACK_FROM)
    assert gc.is_tracked(lines)  # CPython tracks every new tuple
    same = untracked(lines)
    assert same is lines
    assert not gc.is_tracked(lines)
    assert lines == _lines(UNTRACK_FROM)


def test_none_among_the_strings_is_allowed() -> None:
    lines = tuple(None if n % 3 else f"{n}" for n in range(UNTRACK_FROM))
    assert not gc.is_tracked(untracked(lines))


def test_a_list_passed_for_a_tuple_stays_tracked() -> None:
    lines = list(_lines(UNTRACK_FROM))
    assert gc.is_tracked(untracked(lines))  # type: ignore[arg-type]


def test_a_small_tuple_is_left_to_the_collector() -> None:
    lines = _lines(UNTRACK_FROM - 1)
    assert gc.is_tracked(untracked(lines))


def test_a_large_files_lines_as_read_are_untracked(tmp_path: Path) -> None:
    path = tmp_path / "large.txt"
    path.write_text("".join(f"{line}\n" for line in _lines(UNTRACK_FROM)), "utf-8")
    segments = read_segments(path)
    assert len(segments.lines) == UNTRACK_FROM
    assert segments.lines[-1] == f"line {UNTRACK_FROM - 1} ."
    assert not gc.is_tracked(segments.lines)


def test_segments_made_from_any_reader_untrack_their_lines() -> None:
    """The spreadsheet, XLIFF, TMX and WMT XML readers all make `Segments`."""
    lines = _lines(UNTRACK_FROM)
    assert not gc.is_tracked(Segments(Path("column"), lines).lines)


def test_prepared_tokens_are_untracked() -> None:
    hypotheses = _lines(UNTRACK_FROM, "Hello,")
    references = [_lines(UNTRACK_FROM, "Hello")]
    tokenized, stats = drain(iter_prepare(hypotheses, references, BleuConfig()))
    assert tokenized.hypotheses[0] == "Hello , 0 ."  # 13a split the comma off
    assert not gc.is_tracked(tokenized.hypotheses)
    assert not gc.is_tracked(tokenized.references[0])
    # And the numbers are untouched: the corpus score is sacreBLEU's.
    assert int(stats.hyp_len[7]) == 4
    expected = sacrebleu.corpus_bleu(list(hypotheses), [list(references[0])])
    assert score_corpus(stats, BleuConfig()).score == expected.score


def test_a_tokenized_corpus_made_by_hand_untracks_its_streams() -> None:
    """What-if edits rebuild the tokens: the rebuilt tuples are untracked too."""
    tokens = _lines(UNTRACK_FROM)
    corpus = TokenizedCorpus(tuple(tokens), (tuple(tokens),))
    assert not gc.is_tracked(corpus.hypotheses)
    assert not gc.is_tracked(corpus.references[0])
