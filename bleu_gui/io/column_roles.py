"""Which role a spreadsheet column's header names: the one table of header words.

Test sets kept in spreadsheets name their columns as their makers' tools do:
researchers write "src", "ref", "hyp"; translators' exports write "Source (en-US)",
"Target (de-DE)", "Translation", "Post-edit", "MT", "Segment ID". A header that
names a role gives its column that role before anyone chooses (the window's roles
dialog shows it chosen; the command line needs no option for it); any other header
is left for the user. Both read the role from `role_of`, through the spreadsheet
reader (`io.spreadsheet`), so that they agree.

How a header is compared (`_words`): case does not matter; a language code in
parentheses at its end ("Source (en-US)") is not part of the name, and is given by
`language_of` instead; "_" and "-" are spaces ("post-edit", "segment_id"), and runs
of spaces are one.

Why "Target" and "Translation" are references: in a translator's table the target
column holds the human translation (the post-edited or reviewed text), and the
machine's is named as such ("MT", "Machine translation").
"""

from __future__ import annotations

import re

from bleu_gui.io.bundle import Role

__all__ = ["HEADER_ROLES", "language_of", "role_of"]

HEADER_ROLES: tuple[tuple[Role, tuple[str, ...], tuple[str, ...]], ...] = (
    # (role, whole names, prefixes): compared with a header's words (`_words`).
    (Role.SOURCE, ("src", "source", "source text", "source segment"), ()),
    (
        Role.REFERENCE,
        (
            "target",
            "target text",
            "translation",
            "human translation",
            "post edit",
            "post edited",
            "post editing",
            "postedit",
            "postedited",
            "pe",
        ),
        ("ref",),
    ),
    (Role.DOCUMENT, ("doc", "docid", "doc id", "document", "document id"), ()),
    (
        Role.UNIT,
        ("id", "unit", "unit id", "segment id", "seg id", "segid", "string id"),
        (),
    ),
    (
        Role.SYSTEM,
        ("mt", "mt output", "raw mt", "machine translation", "output"),
        ("hyp", "sys"),
    ),
)
"""Every header word that names a role. `ref…` ("ref2", "reference_A"), `hyp…`
("hypothesis"), `sys…` ("system2") are prefixes; the others whole names."""

# A language code in parentheses at the end of a header: "Source (en-US)".
_LANGUAGE = re.compile(r"\(\s*([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)\s*\)\s*$")
_SEPARATORS = re.compile(r"[\s_\-]+")


def role_of(header: str) -> Role | None:
    """The role `header` names (`HEADER_ROLES`), or None for the user to choose."""
    name = _words(header)
    for role, names, prefixes in HEADER_ROLES:
        if name in names or name.startswith(prefixes):
            return role
    return None


def language_of(header: str) -> str | None:
    """The language code in parentheses at the end of `header`, as written, or None.

    "Target (de-DE)" gives "de-DE"; "Notes (draft)" gives None (not a code).
    """
    found = _LANGUAGE.search(header)
    if found is None or found.group(1).lower() in _NOT_LANGUAGES:
        return None
    return found.group(1)


# Words in parentheses that look like a code and are not one ("Notes (old)").
_NOT_LANGUAGES = frozenset({"old", "new", "raw", "mt", "pe", "ok", "all", "tmp"})


def _words(header: str) -> str:
    """`header` as compared: lower case, without its language, separators as spaces."""
    name = header.strip()
    found = _LANGUAGE.search(name)
    if found is not None and language_of(name) is not None:
        name = name[: found.start()]
    return _SEPARATORS.sub(" ", name.lower()).strip()
