"""XML entities in XLIFF, SDLXLIFF, TMX and WMT XML: refused in one line, never read.

A ``<!DOCTYPE>`` that declares an entity, or a document that uses one, made
translate-toolkit's rich text fail with a traceback (``AttributeError`` on
``lxml.etree._Entity``, a ``TypeError`` for TMX). Every XML format is now parsed
first by `io.xml_files.parse_xml`, which refuses them with one message; nothing
an entity points to is read or fetched.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bleu_gui.io.errors import FormatError
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.xml_files import ENTITIES_REFUSED
from tests.io.hostile_xml import BILLION_LAUGHS, TEMPLATES, text_line, write_xml

FORMATS = list(TEMPLATES)
SECRET = "TOP-SECRET-7f3a"


def _refusal(path: Path) -> str:
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    return str(caught.value)


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(SECRET, "utf-8")
    return path


@pytest.mark.parametrize("format_", FORMATS)
def test_an_entity_naming_a_local_file_is_refused_and_the_file_not_read(
    tmp_path: Path, secret: Path, format_: str
) -> None:
    doctype = f'<!DOCTYPE x [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
    path = write_xml(tmp_path, format_, doctype, "&x;")
    message = _refusal(path)
    assert message == f"{path}, line 2: {ENTITIES_REFUSED}"
    assert SECRET not in message


@pytest.mark.parametrize("format_", FORMATS)
def test_a_parameter_entity_naming_a_local_file_is_refused(
    tmp_path: Path, secret: Path, format_: str
) -> None:
    doctype = f'<!DOCTYPE x [<!ENTITY % p SYSTEM "{secret.as_uri()}"> %p;]>'
    path = write_xml(tmp_path, format_, doctype, "text")
    message = _refusal(path)
    assert message == f"{path}, line 2: {ENTITIES_REFUSED}"
    assert SECRET not in message


@pytest.mark.parametrize("format_", FORMATS)
def test_an_entity_naming_a_web_page_is_refused_and_nothing_fetched(
    tmp_path: Path, format_: str
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.setblocking(False)
        port = server.getsockname()[1]
        doctype = (
            f'<!DOCTYPE x SYSTEM "http://127.0.0.1:{port}/x.dtd" '
            f'[<!ENTITY x SYSTEM "http://127.0.0.1:{port}/x.txt">]>'
        )
        path = write_xml(tmp_path, format_, doctype, "&x;")
        assert _refusal(path) == f"{path}, line 2: {ENTITIES_REFUSED}"
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody knocked


@pytest.mark.parametrize("format_", FORMATS)
def test_an_internal_entity_is_refused(tmp_path: Path, format_: str) -> None:
    path = write_xml(tmp_path, format_, '<!DOCTYPE x [<!ENTITY x "text">]>', "&x;")
    assert _refusal(path) == f"{path}, line 2: {ENTITIES_REFUSED}"


@pytest.mark.parametrize("format_", FORMATS)
def test_nested_entities_that_would_expand_a_billion_times_are_refused(
    tmp_path: Path, format_: str
) -> None:
    path = write_xml(tmp_path, format_, BILLION_LAUGHS, "&lol9;")
    assert _refusal(path) == f"{path}, line 2: {ENTITIES_REFUSED}"


@pytest.mark.parametrize("format_", FORMATS)
def test_an_entity_of_an_outside_dtd_is_refused_where_it_is_used(
    tmp_path: Path, format_: str
) -> None:
    doctype = '<!DOCTYPE x SYSTEM "tmx14.dtd">'
    path = write_xml(tmp_path, format_, doctype, "&x;")
    line = text_line(format_, doctype)
    assert _refusal(path) == f"{path}, line {line}: {ENTITIES_REFUSED}"


@pytest.mark.parametrize("format_", FORMATS)
def test_a_document_type_naming_an_outside_dtd_only_is_read(
    tmp_path: Path, format_: str
) -> None:
    """As OmegaT writes TMX files: the DTD is named, never loaded."""
    doctype = '<!DOCTYPE tmx SYSTEM "tmx14.dtd">'
    path = write_xml(tmp_path, format_, doctype, "&amp; &#x263A; world")
    bundle = read_bundle(path)
    assert [column.segments.lines for column in bundle.columns] == [
        ("Hello & \u263a world",),
        ("Hallo & \u263a world",),
    ]


def test_a_wmt_xml_file_with_an_entity_naming_a_file_is_refused(
    tmp_path: Path, secret: Path
) -> None:
    path = tmp_path / "set.xml"
    path.write_text(
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE dataset [<!ENTITY x SYSTEM "{secret.as_uri()}">]>\n'
        '<dataset id="t"><collection id="c"><doc id="d1">'
        '<src lang="de"><p><seg id="1">Hallo &x;</seg></p></src>'
        '<ref lang="en" translator="A"><p><seg id="1">Hello</seg></p></ref>'
        "</doc></collection></dataset>\n",
        "utf-8",
    )
    message = _refusal(path)
    assert message == f"{path}, line 2: {ENTITIES_REFUSED}"
    assert SECRET not in message


def test_the_message_says_what_is_refused_and_why() -> None:
    assert ENTITIES_REFUSED == (
        "declares or uses an XML entity (<!ENTITY> in its <!DOCTYPE>, or &name;), "
        "which bleu-gui does not read: an entity can pull in another file or a web "
        "page; write the text itself"
    )
