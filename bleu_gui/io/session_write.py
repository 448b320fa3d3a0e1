"""Writing a session: its values as the file's JSON, written whole or not at all.

Apart from reading because writing trusts its values (they come from the window)
and only lays them out; the reader, which trusts nothing, is `io.session_read`.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from bleu_gui.core.margin import Margin
from bleu_gui.io.safe_write import write_text
from bleu_gui.io.seed import UNSEEDED
from bleu_gui.io.session_format import SESSION_KEY, document_runs, version_to_write
from bleu_gui.io.session_named_files import relative_path
from bleu_gui.io.session_settings import config_to_json
from bleu_gui.io.session_values import (
    STORED_MARGIN_REASONS,
    SavedBucketKind,
    SavedBuckets,
    SavedMargin,
    SessionData,
)

__all__ = ["session_to_json", "write_session"]


def session_to_json(data: SessionData, folder: Path) -> dict[str, Any]:
    """`data` as the file's JSON value, paths relative to `folder` (the file's)."""
    roles = data.roles
    options = data.options
    value: dict[str, Any] = {
        SESSION_KEY: version_to_write(bool(data.edits)),
        "test_set": {
            "kind": data.kind.value,
            "encoding": data.encoding,
            "drop_bom": data.drop_bom,
            "files": [
                {
                    "role": file.role.value,
                    "path": relative_path(file.path, folder),
                    "encoding": file.encoding,
                    "sha256": file.sha256,
                }
                for file in data.files
            ],
            "bundle": None
            if roles is None
            else {
                "format": data.format.value if data.format is not None else None,
                **roles.to_json(),
            },
            "options": options.to_json(),
            "documents": None
            if data.documents is None
            else document_runs(data.documents),
        },
        "settings": config_to_json(data.config),
        "systems": {
            "baseline": data.systems.baseline,
            "shown": data.systems.shown,
            "test": data.systems.test,
            "samples": data.systems.samples,
            "all_pairs": data.systems.all_pairs,
            "shown_only": data.systems.shown_only,
            "seed": data.systems.seed if data.systems.seed is not None else UNSEEDED,
        },
        "filter": {
            "text": data.filter.text,
            "regex": data.filter.regex,
            "case_sensitive": data.filter.case_sensitive,
            "in_hypothesis": data.filter.in_hypothesis,
            "in_references": data.filter.in_references,
            "in_source": data.filter.in_source,
            "min_score": data.filter.min_score,
            "max_score": data.filter.max_score,
            "side": data.filter.side,
            "delta": list(data.filter.delta),
            "documents": list(data.filter.documents),
        },
        "table": {
            "sort": list(data.table.sort) if data.table.sort is not None else None,
            "selected": data.table.selected,
            "columns": [list(choice) for choice in data.table.columns],
        },
        "layout": {
            name: base64.b64encode(state).decode("ascii")
            for name, state in sorted(data.layout.items())
        },
        "buckets": _buckets(data.buckets),
    }
    if data.edits:
        value["edits"] = [
            {
                "system": edits.system,
                "segments": [{"row": row, "text": text} for row, text in edits.lines],
            }
            for edits in data.edits
        ]
    if data.named is not None:
        value["test_set"]["named"] = data.named.to_json()
    if data.margin is not None:
        value["margin"] = _margin_json(data.margin)
    return value


def _margin_json(saved: SavedMargin) -> dict[str, Any]:
    """The margin's JSON value: rows 0-based; a margin or why none, never both."""
    found = saved.found
    value: dict[str, Any] = {
        "baseline": saved.baseline,
        "shown": saved.shown,
        "samples": saved.samples,
        "seed": saved.seed if saved.seed is not None else UNSEEDED,
        "tested": None if saved.tested is None else list(saved.tested),
    }
    if isinstance(found, Margin):
        value |= {
            "sentences": list(found.rows),
            "b_better": found.better,
            "p_value": found.p_before,
            "p_value_one_fewer": found.p_one_fewer,
            "p_value_after": found.p_at,
            "tests": found.tests,
        }
    else:
        value |= {
            "sentences": None,
            "reason": STORED_MARGIN_REASONS[found.reason],
            "p_value": found.p_value,
        }
    return value


def _buckets(buckets: SavedBuckets) -> dict[str, Any]:
    """The Buckets tab's view, every kind's edges and the bucket filtered to."""
    chosen = buckets.chosen
    return {
        "view": buckets.view.value,
        "edges": {
            saved.value: list(buckets.edges.of(saved.kind)) for saved in SavedBucketKind
        },
        "filter": None
        if chosen is None
        else {"view": chosen[0].value, "bucket": chosen[1]},
    }


def write_session(path: Path, data: SessionData) -> None:
    """Write `data` to `path`, whole or not at all.

    Raises:
        WriteError: the file could not be written (one line naming it).
    """
    value = session_to_json(data, path.parent)
    write_text(path, json.dumps(value, indent=2, ensure_ascii=False) + "\n")
