"""WMT XML test sets: the segments sacreBLEU extracts, what is left out, broken files.

sacreBLEU's own reader (`WMTXMLDataset._unwrap_wmt21_or_later`) is the oracle for
the segments; the file is a cut of the WMT21 de-en test set (see the README beside
it): four documents, two references, four systems, a test-suite document, a segment
nobody translated and a document without reference B.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from bleu_gui.io import InputError
from bleu_gui.io.bundle import Bundle, Format, Role
from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle
from bleu_gui.io.wmt_xml import read_wmt_xml_file

DATA = Path(__file__).parent / "data" / "formats"
XML = DATA / "wmt21.de-en.xml"
SYSTEMS = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]


def _sacrebleu_fields(path: Path) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(str(path))
    return fields


def _lines(bundle: Bundle, key: str) -> list[str]:
    return list(bundle.column(key).segments.lines)


def _copy(tmp_path: Path, text: str, name: str = "set.xml") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = XML.read_text("utf-8")
    assert text.count(old) == 1
    return _copy(tmp_path, text.replace(old, new))


def _error(path: Path, options: FormatOptions | None = None) -> str:
    with pytest.raises(InputError) as caught:
        read_bundle(path, options=options)
    return str(caught.value)


def test_the_segments_are_the_ones_sacrebleu_extracts() -> None:
    bundle = read_bundle(XML)
    fields = _sacrebleu_fields(XML)
    assert bundle.format is Format.WMT_XML
    assert _lines(bundle, "source") == fields["src"]
    assert _lines(bundle, "A") == fields["ref:A"]
    assert _lines(bundle, "B") == fields["ref:B"]
    for system in SYSTEMS:
        assert _lines(bundle, system) == fields[system]
    assert bundle.documents is not None
    assert list(bundle.documents) == fields["docid"]
    assert len(fields["src"]) == 14


def test_columns_are_the_source_each_translator_and_each_system_in_file_order() -> None:
    bundle = read_bundle(XML)
    assert [(c.key, c.label, c.role) for c in bundle.columns] == [
        ("source", "source", Role.SOURCE),
        ("A", "reference A", Role.REFERENCE),
        ("B", "reference B", Role.REFERENCE),
        ("Facebook-AI", "Facebook-AI", Role.SYSTEM),
        ("Online-W", "Online-W", Role.SYSTEM),
        ("UEdin", "UEdin", Role.SYSTEM),
        ("happypoet", "happypoet", Role.SYSTEM),
    ]
    assert all(column.segments.path == XML for column in bundle.columns)


def test_text_is_kept_exactly_and_entities_are_decoded() -> None:
    bundle = read_bundle(XML)
    online = _lines(bundle, "Online-W")
    assert "Sané &amp; Co." in online[12]  # the system wrote "&amp;amp;"
    assert "Sané & Co." in _lines(bundle, "source")[12]


def test_segment_ids_and_documents_say_where_each_segment_is() -> None:
    bundle = read_bundle(XML)
    assert bundle.segment_ids is not None
    assert bundle.segment_ids[:6] == (
        "document 'merkur.biker', segment 1",
        "document 'merkur.biker', segment 2",
        "document 'merkur.biker', segment 3",
        "document 'merkur.biker', segment 4",
        "document 'pnp.mamming', segment 1",
        "document 'pnp.mamming', segment 2",
    )
    assert bundle.segment_ids[6] == "document 'pnp.mamming', segment 4"
    assert bundle.documents is not None
    assert bundle.documents[10:] == ("tz.aidenbach", "sz.flick", "sz.flick", "sz.flick")


def test_notices_say_what_was_left_out_and_filled_in() -> None:
    assert read_bundle(XML).notices == (
        f"{XML}: 1 test-suite document (2 segments) left out, as sacreBLEU leaves "
        "them out",
        f"{XML}: 1 segment without a reference (document 'pnp.mamming', segment 3) "
        "left out, as sacreBLEU leaves them out",
        f"{XML}: reference B lacks 4 segments that another reference has "
        "(document 'tz.aidenbach', segments 1, 2, 3, 4); there it is an empty "
        "reference, as in sacreBLEU",
    )


def test_a_translator_missing_from_a_document_gives_empty_references() -> None:
    bundle = read_bundle(XML)
    assert _lines(bundle, "B")[7:11] == ["", "", "", ""]
    assert all(_lines(bundle, "A")[7:11])


def test_keep_unreferenced_keeps_the_segment_with_empty_references() -> None:
    bundle = read_bundle(XML, options=FormatOptions(keep_unreferenced=True))
    assert bundle.segment_ids is not None
    assert bundle.segment_ids[6] == "document 'pnp.mamming', segment 3"
    assert _lines(bundle, "A")[6] == _lines(bundle, "B")[6] == ""
    assert _lines(bundle, "source")[6] == (
        "Ein Sicherheitsdienst überwacht das Ausgehverbot."
    )
    assert len(_lines(bundle, "UEdin")) == 15
    assert bundle.notices[1] == (
        f"{XML}: 1 segment without a reference (document 'pnp.mamming', segment 3) "
        "kept and scored against empty references; sacreBLEU leaves them out"
    )


def test_include_testsuites_reads_test_suite_documents_too() -> None:
    options = FormatOptions(include_testsuites=True, keep_unreferenced=True)
    bundle = read_bundle(XML, options=options)
    assert bundle.documents is not None
    assert bundle.documents[-2:] == ("robustness.t1", "robustness.t1")
    assert len(bundle.documents) == 17
    assert bundle.notices[0] == (
        f"{XML}: 3 segments without a reference (document 'pnp.mamming', segment "
        "3; document 'robustness.t1', segments 1, 2) kept and scored against empty "
        "references; sacreBLEU leaves them out"
    )


def test_test_suite_documents_without_references_are_still_left_out() -> None:
    bundle = read_bundle(XML, options=FormatOptions(include_testsuites=True))
    assert len(_lines(bundle, "source")) == 14
    assert bundle.notices[0].endswith(
        "3 segments without a reference (document 'pnp.mamming', segment 3; "
        "document 'robustness.t1', segments 1, 2) left out, as sacreBLEU leaves "
        "them out"
    )


def test_collections_domains_and_original_languages_per_segment() -> None:
    read = read_wmt_xml_file(XML, FormatOptions(include_testsuites=True))
    assert set(read.collections) == {"general"}
    assert set(read.domains) == {"news"}
    assert set(read.origlangs) == {"de"}
    kept = read_wmt_xml_file(
        XML, FormatOptions(include_testsuites=True, keep_unreferenced=True)
    )
    assert kept.collections[-1] == "testsuites"
    assert kept.domains[-1] is None


def test_xml_files_are_claimed_by_their_root_element(tmp_path: Path) -> None:
    assert detect_format(XML) is Format.WMT_XML
    other = _copy(tmp_path, '<?xml version="1.0"?>\n<xliff version="1.2"/>\n')
    assert detect_format(other) is not Format.WMT_XML
    packed = tmp_path / "set.xml.gz"
    packed.write_bytes(gzip.compress(XML.read_bytes()))
    assert detect_format(packed) is Format.WMT_XML
    assert read_bundle(packed).columns == tuple(
        column.__class__(
            column.key,
            column.label,
            column.role,
            column.segments.__class__(packed, column.segments.lines, "utf-8"),
            tuple(n.replace(str(XML), str(packed)) for n in column.notices),
        )
        for column in read_bundle(XML).columns
    )


def test_utf16_with_a_byte_order_mark_reads_as_the_declaration_says(
    tmp_path: Path,
) -> None:
    text = XML.read_text("utf-8").replace("encoding='utf-8'", "encoding='utf-16'")
    path = tmp_path / "set.xml"
    path.write_bytes(text.encode("utf-16"))  # with its byte-order mark
    assert detect_format(path) is Format.WMT_XML
    bundle = read_bundle(path)
    fields = _sacrebleu_fields(path)
    expected = _lines(read_bundle(XML), "source")
    assert _lines(bundle, "source") == fields["src"] == expected
    assert _lines(bundle, "B") == fields["ref:B"]
    assert _lines(bundle, "happypoet") == fields["happypoet"]


def test_a_latin1_declaration_is_honoured(tmp_path: Path) -> None:
    text = XML.read_text("utf-8").replace("encoding='utf-8'", "encoding='iso-8859-1'")
    path = tmp_path / "set.xml"
    path.write_bytes(
        text.replace("’", "'").replace("“", '"').replace("”", '"').encode("latin-1")
    )
    assert _lines(read_bundle(path), "source")[1].startswith(
        "Am Freitagabend ereignete sich auf der Landstraße"
    )


def test_truncated_xml_names_the_parsers_line(tmp_path: Path) -> None:
    text = XML.read_text("utf-8")
    path = _copy(tmp_path, text[: text.index("Car driver overlooks bikers")])
    assert _error(path) == (
        f"{path}, line 49: not well-formed XML: premature end of data in tag seg "
        "line 49 (column 23)"
    )


def test_a_hypothesis_missing_a_segment_names_system_document_and_segment(
    tmp_path: Path,
) -> None:
    path = _edited(
        tmp_path, '          <seg id="3">Car driver overlooks bikers</seg>\n', ""
    )
    assert _error(path) == (
        f"{path}, document 'merkur.biker', segment 3: system 'UEdin' has no "
        "translation of this segment"
    )
    with pytest.raises(KeyError):  # what sacreBLEU does with it
        _sacrebleu_fields(path)


def test_a_system_missing_from_a_document_is_named(tmp_path: Path) -> None:
    text = XML.read_text("utf-8")
    start = text.index('      <hyp lang="en" system="UEdin">')
    end = text.index("</hyp>", start) + len("</hyp>\n")
    path = _copy(tmp_path, text[:start] + text[end:])
    assert _error(path) == (
        f"{path}, document 'merkur.biker': system 'UEdin' has no translation of "
        "this document"
    )


def test_a_duplicated_segment_id_names_both_lines(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        '<seg id="4">A 44-year-old driver wanted to turn left onto Landesstraße',
        '<seg id="3">A 44-year-old driver wanted to turn left onto Landesstraße',
    )
    assert _error(path) == (
        f"{path}, document 'merkur.biker', segment 3: system 'UEdin' has this "
        "segment twice (lines 49 and 50)"
    )


def test_an_unknown_encoding_declaration(tmp_path: Path) -> None:
    text = XML.read_text("utf-8").replace("encoding='utf-8'", "encoding='klingon'")
    path = _copy(tmp_path, text)
    assert _error(path) == (
        f"{path}, line 1: its XML declaration names the encoding 'klingon', which "
        "the XML parser does not know"
    )


def test_bytes_that_the_declared_encoding_refuses(tmp_path: Path) -> None:
    path = tmp_path / "set.xml"
    path.write_bytes(XML.read_bytes().replace(b"Schlimmeres", b"Schlimm\xff"))
    assert _error(path) == (
        f"{path}, line 7: bytes that are not valid in the file's encoding (column "
        "73); does its XML declaration name the encoding it is in?"
    )


def test_a_segment_id_that_is_not_a_number(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        '<seg id="4">A 44-year-old driver wanted to turn left onto Landesstraße',
        '<seg id="four">A 44-year-old driver wanted to turn left onto Landesstraße',
    )
    assert _error(path) == (
        f"{path}, document 'merkur.biker': a segment of system 'UEdin' on line 50 "
        "has the id 'four'; segment ids are whole numbers"
    )


def test_markup_inside_a_segment(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        "Car driver overlooks bikers</seg>",
        "Car driver <b>overlooks</b> bikers</seg>",
    )
    assert _error(path) == (
        f"{path}, document 'merkur.biker', segment 3: system 'UEdin' has markup "
        "inside the segment (<b> on line 49); WMT XML segments are plain text"
    )


def test_a_comment_inside_a_segment(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        "Car driver overlooks bikers</seg>",
        "Car driver <!-- sic -->overlooks bikers</seg>",
    )
    assert _error(path) == (
        f"{path}, document 'merkur.biker', segment 3: system 'UEdin' has markup "
        "inside the segment (a comment on line 49); WMT XML segments are plain text"
    )


def test_a_document_type_declaration_is_refused(tmp_path: Path) -> None:
    text = XML.read_text("utf-8").replace(
        '<dataset id="newstest2021">',
        '<!DOCTYPE dataset [<!ENTITY lol "lol">]>\n<dataset id="newstest2021">',
    )
    path = _copy(tmp_path, text)
    assert _error(path) == (
        f"{path}, line 2: declares or uses an XML entity (<!ENTITY> in its "
        "<!DOCTYPE>, or &name;), which bleu-gui does not read: an entity can pull "
        "in another file or a web page; write the text itself"
    )


def test_another_root_element_is_not_a_wmt_test_set(tmp_path: Path) -> None:
    path = _copy(tmp_path, '<?xml version="1.0"?>\n<tmx version="1.4"/>\n')
    with pytest.raises(FormatError) as caught:
        read_bundle(path, Format.WMT_XML)
    assert str(caught.value) == (
        f"{path}, line 2: not a WMT XML test set: its root element is <tmx>, not "
        "<dataset>"
    )


def test_sources_in_two_languages(tmp_path: Path) -> None:
    text = XML.read_text("utf-8")
    first = text.index('<src lang="de">', text.index('id="sz.flick"'))
    text = text[:first] + '<src lang="fr">' + text[first + len('<src lang="de">') :]
    path = _copy(tmp_path, text)
    assert _error(path) == (
        f"{path}: holds sources in several languages (de, fr); a test set has one "
        "source language"
    )


def test_a_file_with_nothing_to_score(tmp_path: Path) -> None:
    text = XML.read_text("utf-8")
    start = text.index('<collection id="general">')
    end = text.index('<collection id="testsuites">')
    path = _copy(tmp_path, text[:start] + text[end:])
    assert _error(path) == (
        f"{path}: has no segment to score (1 test-suite document left out)"
    )


def test_a_missing_file_is_the_readers_error(tmp_path: Path) -> None:
    path = tmp_path / "gone.xml"
    assert _error(path) == f"{path}: no such file"
    shutil.copy(XML, tmp_path / "here.xml")
    assert read_bundle(tmp_path / "here.xml").format is Format.WMT_XML


_OUT_OF_ORDER = """<?xml version='1.0' encoding='utf-8'?>
<dataset id="t">
  <collection id="general">
    <doc id="d1" origlang="de">
      <src lang="de"><p>
        <seg id="10">zehn</seg><seg id="2">zwei</seg><seg id="1">eins</seg>
      </p></src>
      <ref lang="en" translator="A"><p>
        <seg id="2">two</seg><seg id="10">ten</seg><seg id="1">one</seg>
      </p></ref>
      <hyp lang="en" system="S"><p>
        <seg id="1">one</seg><seg id="10">tenth</seg><seg id="2">too</seg>
      </p></hyp>
    </doc>
  </collection>
</dataset>
"""


def test_segments_given_out_of_order_are_read_in_sacrebleus_order(
    tmp_path: Path,
) -> None:
    """By their numeric id in each side (10 after 2, not before), as sacreBLEU reads."""
    path = _copy(tmp_path, _OUT_OF_ORDER)
    bundle = read_bundle(path)
    fields = _sacrebleu_fields(path)
    assert _lines(bundle, "source") == fields["src"] == ["eins", "zwei", "zehn"]
    assert _lines(bundle, "A") == fields["ref:A"] == ["one", "two", "ten"]
    assert _lines(bundle, "S") == fields["S"] == ["one", "too", "tenth"]


# --- boundaries the hand mutations found unguarded (issue 25) -----------------------


def _document(doc_id: str, body: str) -> str:
    return f'    <doc id="{doc_id}" origlang="de">\n{body}    </doc>\n'


def _dataset(*documents: str) -> str:
    return (
        "<?xml version='1.0' encoding='utf-8'?>\n<dataset id=\"t\">\n"
        '  <collection id="general">\n' + "".join(documents) + "  </collection>\n"
        "</dataset>\n"
    )


def _side(tag: str, attributes: str, segments: dict[int, str]) -> str:
    segs = "".join(f'<seg id="{k}">{text}</seg>' for k, text in segments.items())
    return f"      <{tag} {attributes}><p>{segs}</p></{tag}>\n"


def test_systems_keep_the_order_sacrebleu_gives_them(tmp_path: Path) -> None:
    """Systems not in alphabetical order: columns in the file's order, sacreBLEU's."""
    body = (
        _side("src", 'lang="de"', {1: "eins"})
        + _side("ref", 'lang="en" translator="A"', {1: "one"})
        + _side("hyp", 'lang="en" system="zeta"', {1: "one"})
        + _side("hyp", 'lang="en" system="alpha"', {1: "won"})
    )
    path = _copy(tmp_path, _dataset(_document("d1", body)))
    bundle = read_bundle(path)
    systems = [c.key for c in bundle.columns if c.role is Role.SYSTEM]
    assert systems == ["zeta", "alpha"]
    fields = list(_sacrebleu_fields(path))
    assert [name for name in fields if name in systems] == systems


def test_a_segment_id_in_two_source_elements_names_both_lines(tmp_path: Path) -> None:
    """sacreBLEU reads every <src> of a document together and keeps the last
    segment 1 silently; here it is an error naming both lines."""
    body = (
        _side("src", 'lang="de"', {1: "eins"})
        + _side("src", 'lang="de"', {1: "noch eins"})
        + _side("ref", 'lang="en" translator="A"', {1: "one"})
        + _side("hyp", 'lang="en" system="S"', {1: "one"})
    )
    path = _copy(tmp_path, _dataset(_document("d1", body)))
    assert _error(path) == (
        f"{path}, document 'd1', segment 1: the source has this segment twice "
        "(lines 5 and 6)"
    )


def test_a_segment_id_with_a_fraction_is_refused(tmp_path: Path) -> None:
    """sacreBLEU's `int("1.5")` fails: not a whole number, refused as such."""
    body = (
        _side("src", 'lang="de"', {1: "eins"})
        + _side("ref", 'lang="en" translator="A"', {1: "one"})
        + _side("hyp", 'lang="en" system="S"', {1: "one"})
    ).replace('<seg id="1">one</seg></p></hyp>', '<seg id="1.5">one</seg></p></hyp>')
    path = _copy(tmp_path, _dataset(_document("d1", body)))
    assert _error(path) == (
        f"{path}, document 'd1': a segment of system 'S' on line 7 has the id "
        "'1.5'; segment ids are whole numbers"
    )


def test_an_empty_reference_segment_is_a_gap_the_notice_names(tmp_path: Path) -> None:
    """Reference B gives segment 2 empty, A does not: sacreBLEU scores it against
    an empty B there, and the notice says so."""
    body = (
        _side("src", 'lang="de"', {1: "eins", 2: "zwei"})
        + _side("ref", 'lang="en" translator="A"', {1: "one", 2: "two"})
        + _side("ref", 'lang="en" translator="B"', {1: "one", 2: ""})
        + _side("hyp", 'lang="en" system="S"', {1: "one", 2: "two"})
    )
    path = _copy(tmp_path, _dataset(_document("d1", body)))
    bundle = read_bundle(path)
    assert _lines(bundle, "B") == _sacrebleu_fields(path)["ref:B"] == ["one", ""]
    assert bundle.notices == (
        f"{path}: reference B lacks 1 segment that another reference has "
        "(document 'd1', segment 2); there it is an empty reference, as in sacreBLEU",
    )


@pytest.mark.parametrize(
    ("documents", "listed"),
    [
        (
            3,
            "document 'd1', segment 2; document 'd2', segment 2; document 'd3', "
            "segment 2",
        ),
        (
            4,
            "document 'd1', segment 2; document 'd2', segment 2; document 'd3', "
            "segment 2; and 1 other document",
        ),
        (
            5,
            "document 'd1', segment 2; document 'd2', segment 2; document 'd3', "
            "segment 2; and 2 other documents",
        ),
    ],
)
def test_a_notice_names_three_documents_and_counts_the_others(
    tmp_path: Path, documents: int, listed: str
) -> None:
    body = (
        _side("src", 'lang="de"', {1: "eins", 2: "zwei"})
        + _side("ref", 'lang="en" translator="A"', {1: "one"})
        + _side("hyp", 'lang="en" system="S"', {1: "one", 2: "two"})
    )
    path = _copy(
        tmp_path,
        _dataset(*(_document(f"d{k}", body) for k in range(1, documents + 1))),
    )
    assert read_bundle(path).notices == (
        f"{path}: {documents} segments without a reference ({listed}) left out, as "
        "sacreBLEU leaves them out",
    )
