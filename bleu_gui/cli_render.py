"""One system's scores as `bleu-gui score` prints them, with their signatures.

The system is scored by the core's one entry point (`core.system_score`), as
the window and the report score it; this module only lays the result out:
sacreBLEU's text line, `-b`'s number or sacreBLEU's JSON object with our additions
(unrounded precisions, counts, a compatibility mode's native score), one per
corpus or per segment. Scripts written for sacreBLEU read these to the character,
so the layout is kept apart from the command that chooses what to print.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any, NamedTuple

from bleu_gui.cli_significance import ascii_json, test_signature
from bleu_gui.core import BleuConfig, BleuScore, Compat
from bleu_gui.core.compat.multi_bleu import format_line
from bleu_gui.core.config import CAPABILITIES
from bleu_gui.core.counts import Counts
from bleu_gui.core.system_score import SystemScore, system_score
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus

if TYPE_CHECKING:
    from bleu_gui.core.significance import ConfidenceResult
    from bleu_gui.io.bundle import Units

__all__ = ["score_system", "system_lines"]


def score_system(
    corpus: Corpus, stats: Counts, config: BleuConfig, *, sentences: bool = False
) -> SystemScore:
    """A system's corpus score and its signatures, made as the window makes them.

    The core's one way of scoring a system (`core.system_score`); every command
    that prints a signature takes it from here (a run's systems share the first
    one's). `sentences`: every sentence scored too (`--export`'s table).
    """
    return system_score(
        stats,
        config,
        num_refs=len(corpus.references),
        dropped_bom=corpus.dropped_bom,
        sentences=sentences,
    )


def system_lines(
    scored: SystemScore,
    system: str | None,
    options: argparse.Namespace,
    seed: int | None,
    units: Units | None = None,
) -> list[str]:
    """The output lines of one system: one corpus line, or one line per segment.

    `scored`: the system scored (`score_system`). `system`: the name printed
    with its scores (the path as the user gave it, or its name in a test-set
    file), or None to print none (one file, as sacreBLEU). `units`: each
    segment's unit, when the test set has them (XLIFF, TMX, a spreadsheet):
    each segment's line names it (`_with_unit`).
    """
    if not options.sentence_level:
        sig = scored.signatures.corpus
        interval = None
        if options.confidence:
            from bleu_gui.core.significance import confidence

            samples = options.confidence_n
            interval = confidence(
                scored.counts.arrays(), scored.config, samples=samples, seed=seed
            )
            sig = test_signature(sig, "bs", samples, seed)
        result = scored.corpus_score()
        return [_render(result, sig, options, system, None, interval)]
    sig = scored.signatures.sentence
    lines = []
    for index, segment in enumerate(scored.each_sentence(), start=1):
        unit = None if units is None else _Unit.of(units, index - 1)
        if isinstance(segment, Unavailable):
            line = _render_unscorable(segment, system, index, options, unit)
        else:
            line = _render(segment, sig, options, system, index, unit=unit)
        lines.append(line)
    return lines


class _Unit(NamedTuple):
    """A segment's unit as `-sl` prints it: its JSON key and name, its words."""

    key: str  # "unit", "row"
    name: str  # "u9", "9"
    place: str  # "unit u9", "row 9"

    @staticmethod
    def of(units: Units, index: int) -> _Unit:
        """Segment `index`'s (0-based) unit."""
        return _Unit(units.key, units.names[index], units.place(index))


def _with_unit(line: str, unit: _Unit | None) -> str:
    r"""A text line of `-sl` (or `-b -sl`) with its unit as a leading field.

    The unit in words ("unit u9", "row 9": what the warnings and the window
    call it), a tab, then the line as it is without units (sacreBLEU's own), so
    that ``cut -f1`` gives the units and ``cut -f2-`` sacreBLEU's lines. A tab
    or line break in an id (an XML id may hold one as a character reference)
    is written ``\t``, ``\n`` or ``\r``: one field, one line.
    """
    if unit is None:
        return line
    place = unit.place
    place = place.replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    return f"{place}\t{line}"


def _render_unscorable(
    result: Unavailable,
    system: str | None,
    segment: int,
    options: argparse.Namespace,
    unit: _Unit | None = None,
) -> str:
    """A segment the emulated library cannot score: say why, in the same format.

    With `-b`, `nan`: one number a line, like every other segment's. `unit`:
    the segment's unit, if the test set has them (as `_render`'s).
    """
    if options.score_only:
        return _with_unit("nan", unit)
    if options.format != "json":
        prefix = f"{system}: " if system else ""
        return _with_unit(
            f"{prefix}BLEU cannot be computed for segment {segment}: {result.reason}",
            unit,
        )
    record: dict[str, Any] = {} if system is None else {"system": system}
    record["segment"] = segment
    if unit is not None:
        record[unit.key] = unit.name
    record |= {"name": "BLEU", "error": result.reason}
    return json.dumps(record, ensure_ascii=ascii_json())


def _render(
    result: BleuScore,
    sig: str,
    options: argparse.Namespace,
    system: str | None,
    segment: int | None,
    interval: ConfidenceResult | None = None,
    *,
    unit: _Unit | None = None,
) -> str:
    """One score as printed: a text line, `-b`'s number, or a JSON object.

    `unit`: the segment's unit, when the test set has them: a leading field of
    a text line (`_with_unit`), a "unit" (or "row") key after "segment" in JSON.
    """
    width = options.width
    precisions = "/".join(f"{p:.1f}" for p in result.precisions)
    verbose = (
        f"{precisions} (BP = {result.bp:.3f} ratio = {result.ratio:.3f} "
        f"hyp_len = {result.sys_len:d} ref_len = {result.ref_len:d})"
    )
    mean_and_ci: tuple[str, str] | None = None
    if interval is not None and interval.mean > 0:  # sacreBLEU hides a zero mean
        mean_and_ci = (f"{interval.mean:.{width}f}", f"{interval.ci:.{width}f}")
    around = "" if mean_and_ci is None else "μ = {} ± {}".format(*mean_and_ci)
    if options.score_only:  # sacreBLEU's `-b`, in any format
        score = f"{result.score:.{width}f}" + (f" ({around})" if around else "")
        return _with_unit(score, unit)
    if options.format != "json":
        shown = f"({around}) {verbose}" if around else verbose
        line = f"BLEU|{sig} = {result.score:.{width}f} {shown}"
        if result.compat is Compat.MULTI_BLEU:
            line += f"  [{CAPABILITIES[result.compat].name}: {format_line(result)}]"
        elif result.compat is not Compat.SACREBLEU:
            line += f"  [native {result.native_score!r}]"
        # One line per segment, in order, exactly as sacreBLEU prints them.
        return _with_unit(f"{system}: {line}" if system else line, unit)
    record: dict[str, Any] = {}
    if system is not None:
        record["system"] = system
    if segment is not None:
        record["segment"] = segment
    if unit is not None:
        record[unit.key] = unit.name
    record |= {
        "name": "BLEU",
        "score": float(f"{result.score:.{width}f}"),
        "signature": sig,
    }
    if mean_and_ci is not None:  # where and how sacreBLEU prints them
        record |= {
            "confidence_mean": float(mean_and_ci[0]),
            "confidence_var": float(mean_and_ci[1]),
            "confidence": around,
        }
    record["verbose_score"] = verbose
    for pair in sig.split("|"):
        key, _, value = pair.partition(":")
        record[key] = value
    record |= {
        "precisions": list(result.precisions),
        "bp": result.bp,
        "ratio": result.ratio,
        "sys_len": result.sys_len,
        "ref_len": result.ref_len,
        "counts": list(result.counts),
        "totals": list(result.totals),
    }
    if result.compat is not Compat.SACREBLEU:
        record["native_score"] = result.native_score
    if result.note:
        record["note"] = result.note
    indent = None if segment is not None else 1
    return json.dumps(record, indent=indent, ensure_ascii=ascii_json())
