"""Session files: what a user found, kept in a small versioned JSON file they can share.

A session file (`*.bleu-session`) names the test set's files (paths relative to the
session file, so a folder moved or sent whole still opens), each with its role, its
encoding and a SHA-256 checksum (so a file changed since is noticed rather than
silently scored anew), and every choice that shaped what the user saw: the scoring
options, the baseline and shown system, the paired test's settings, the filter, the
sort, the selected sentence, the window's layout, the document ids given by a file.

The format is values in, JSON out and back, with no Qt. The window's state is turned
into a `SessionData` (and back) by `models.session_state`.
A file is written whole or not at all (`io.safe_write`). A file that is not a session
(bad JSON, a value of the wrong type) or one from a newer bleu-gui is refused by one
`SessionFileError` line naming the file and the JSON place; nothing half-read is
returned.

Format, version 2 (`"bleu-gui-session": 2`; a reader refuses a higher number)::

    {"bleu-gui-session": 2,
     "test_set": {"kind": "files" | "bundle", "encoding": "utf-8", "drop_bom": false,
                  "files": [{"role": "system" | "reference" | "source" | "bundle",
                             "path": "out/a.txt", "encoding": "utf-8",
                             "sha256": "…" | null}, …],
                  "bundle": {"format": "tsv" | null, "references": [column keys],
                             "systems": [column keys], "source": key | null,
                             "documents": key | null,
                             "units": key (only when chosen)} | null,
                  "options": {"include_testsuites": false, "keep_unreferenced": false,
                              "sheet": null, "languages": null,
                              "xliff_states": "final" | "all"},
                  "documents": [["doc id", number of segments], …] | null,
                  "named": {"names": "wmt21,wmt22", "langpair": "de-en",
                            "origlang": "de" | null, "subset": null}
                           (only for sacreBLEU's test sets)},
     "settings": {"compat": "sacrebleu", "tokenizer": "13a", "lowercase": false,
                  "smoothing": "exp", "smooth_value": null, "max_order": 4,
                  "weights": null, "effective_order": null, "nltk_alpha": 5.0,
                  "nltk_k": 5.0},
     "systems": {"baseline": 0, "shown": 1, "test": "bs", "samples": 1000,
                 "all_pairs": false, "shown_only": false,
                 "seed": 12345 | "none"},
     "filter": {"text": "", "regex": false, "case_sensitive": false,
                "in_hypothesis": true, "in_references": true, "in_source": true,
                "min_score": 0.0, "max_score": 100.0, "side": "ANY",
                "delta": [-100.0, 100.0, false, false],
                "documents": ["doc id", …]},
     "table": {"sort": ["BLEU", 0, true] | null, "selected": 12 | null,
               "columns": [["COST", 0, false], …]},
     "layout": {"docks": base64, "central": base64, "bottom": base64,
                "header": base64},
     "edits": [{"system": 1, "segments": [{"row": 11, "text": "…"}, …]}, …],
     "margin": {"baseline": 0, "shown": 1, "samples": 1000, "seed": 12345 | "none",
                "tested": [rows] | null, "sentences": [rows, in swap order],
                "b_better": true, "p_value": 0.003, "p_value_one_fewer": 0.049,
                "p_value_after": 0.051, "tests": 13}
               | {…, "sentences": null, "reason": "not-significant" | …,
                  "p_value": 0.3 | null} (only when the dock found one)}

`baseline` and `shown` are positions among the systems in the order listed (files of
role "system", or the bundle's system columns); so is each `edits` entry's `system`.
Document ids are stored as runs (an
id and how many segments in a row have it): the ids given by a file are then kept
even if that file is gone.

What each version added, and the bounds of every number, are `io.session_format`'s
rules. This module is where the rest of bleu-gui takes the format from: its parts
live in modules of their own (the values, `io.session_values`; reading and checking,
`io.session_read` and `io.session_place`; writing, `io.session_write`; the scoring
options, `io.session_settings`; the files named, `io.session_named_files`), and a
caller needs none of that division to open or save a session.
"""

from __future__ import annotations

from bleu_gui.io.session_format import (
    SESSION_KEY,
    SESSION_SUFFIX,
    SESSION_VERSION,
    document_runs,
    documents_of_runs,
)
from bleu_gui.io.session_named_files import check_files, checksum, outside_folder
from bleu_gui.io.session_place import SessionFileError
from bleu_gui.io.session_read import read_session, session_from_json
from bleu_gui.io.session_settings import config_from_json, config_to_json
from bleu_gui.io.session_values import (
    FileCheck,
    FileState,
    SavedBucketKind,
    SavedBuckets,
    SavedEdits,
    SavedFile,
    SavedFilter,
    SavedMargin,
    SavedRole,
    SavedSystems,
    SavedTable,
    SessionData,
    SetKind,
)
from bleu_gui.io.session_write import session_to_json, write_session

__all__ = [
    "SESSION_KEY",
    "SESSION_SUFFIX",
    "SESSION_VERSION",
    "FileCheck",
    "FileState",
    "SavedBucketKind",
    "SavedBuckets",
    "SavedEdits",
    "SavedFile",
    "SavedFilter",
    "SavedMargin",
    "SavedRole",
    "SavedSystems",
    "SavedTable",
    "SessionData",
    "SessionFileError",
    "SetKind",
    "check_files",
    "checksum",
    "config_from_json",
    "config_to_json",
    "document_runs",
    "documents_of_runs",
    "outside_folder",
    "read_session",
    "session_from_json",
    "session_to_json",
    "write_session",
]
