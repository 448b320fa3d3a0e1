"""XLIFF 1.2 and 2.0, TMX read into bundles: units, ids, inline tags, languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.bundle import Format, Role
from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle

DATA = Path(__file__).parent / "data" / "formats"
# The MT job's targets are all "needs-review-translation": read as a system's.
AS_SYSTEM = FormatOptions().for_systems()


def test_an_xliff_12_job_is_a_source_and_a_target_column_by_unit_id() -> None:
    bundle = read_bundle(DATA / "job-mt.xlf", options=AS_SYSTEM)
    assert bundle.format is Format.XLIFF
    assert [(c.key, c.label, c.role) for c in bundle.columns] == [
        ("source", "source", Role.SOURCE),
        ("target", "target", None),
    ]
    assert bundle.segment_ids == tuple(f"unit 'u{n}'" for n in range(1, 8))
    assert bundle.column("source").segments.lines[0] == (
        "Fill the water tank before first use."
    )
    assert bundle.column("target").segments.lines[4] == (
        "Entkalken Sie die Maschine jeden Monat."
    )
    assert bundle.notices == ()


def test_inline_tags_leave_the_text_a_translator_reads() -> None:
    targets = (
        read_bundle(DATA / "job-mt.xlf", options=AS_SYSTEM)
        .column("target")
        .segments.lines
    )
    # <g> keeps its text; <x/> is dropped; <bpt>/<ept> are dropped with the
    # native code they hold; <ph> is dropped with its content.
    assert targets[1] == "Drücken Sie Start, um eine Tasse zu brühen."
    assert targets[2] == "Verwenden Sie nur kaltes Wasser. Niemals Milch verwenden."
    assert targets[3] == "Das Licht wird rot, wenn der Tank leer ist."
    assert targets[5] == "Siehe Seite  für Details."
    sources = (
        read_bundle(DATA / "job-mt.xlf", options=AS_SYSTEM)
        .column("source")
        .segments.lines
    )
    assert sources[2] == "Use only cold water.Never use milk."


def test_an_xliff_20_file_is_read_with_each_segment_of_a_unit_as_a_unit() -> None:
    path = DATA / "app-strings.xlf"
    bundle = read_bundle(path)
    assert bundle.format is Format.XLIFF
    assert bundle.segment_ids == (
        "unit 'welcome'",
        "unit 'save'",
        "unit 'help::s1'",
        "unit 'help::s2'",
    )
    assert bundle.column("source").segments.lines == (
        "Welcome, !",
        "Your changes were saved.",
        "Need help?",
        "Open the Help menu.",
    )
    assert bundle.column("target").segments.lines == (
        "Bienvenue,  !",
        "Vos modifications ont été enregistrées.",
        "Besoin d'aide ?",
        "Ouvrez le menu Aide.",
    )
    assert bundle.notices == (
        f"{path}: 1 unit has no <target> (unit 'draft'); left out",
    )


def test_a_unit_without_an_id_is_named_by_its_position(tmp_path: Path) -> None:
    path = tmp_path / "noid.xlf"
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="a.txt" source-language="en" target-language="de" '
        'datatype="plaintext"><body>'
        '<trans-unit id="a"><source>Yes</source><target>Ja</target></trans-unit>'
        "<trans-unit><source>No</source><target>Nein</target></trans-unit>"
        '<trans-unit id="c"><source>Hi</source><target/></trans-unit>'
        "</body></file></xliff>",
        encoding="utf-8",
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'a'", "unit #2", "unit 'c'")
    assert bundle.column("target").segments.lines == ("Ja", "Nein", "")
    assert bundle.notices == (
        f"{path}: 1 unit has no id (unit #2); named by position, and matched by "
        "position with another file",
    )


def test_a_tmx_file_with_three_languages_is_read_in_the_two_chosen() -> None:
    path = DATA / "memory-en-de-fr.tmx"
    bundle = read_bundle(path, options=FormatOptions(languages=("EN-us", "fr-FR")))
    assert bundle.format is Format.TMX
    assert [(c.key, c.label, c.role) for c in bundle.columns] == [
        ("source", "source (en-US)", Role.SOURCE),
        ("target", "target (fr-FR)", None),
    ]
    assert bundle.segment_ids == ("unit '1'", "unit '2'", "unit #4")
    assert bundle.column("source").segments.lines == (
        "Open the Settings dialog.",
        "Click OK to continue.",
        "The file was not saved.",
    )
    assert bundle.column("target").segments.lines == (
        "Ouvrez la boîte de dialogue Paramètres.",
        "Cliquez sur OK pour continuer.",
        "Le fichier n'a pas été enregistré.",
    )
    assert bundle.notices == (
        f"{path}: 1 unit lacks en-US or fr-FR (unit '3'); left out",
        f"{path}: 1 unit has no id (unit #4); named by position, and matched by "
        "position with another file",
    )


def test_tmx_placeholders_are_dropped_with_their_code() -> None:
    bundle = read_bundle(
        DATA / "memory-en-de-fr.tmx",
        options=FormatOptions(languages=("en-US", "de-DE")),
    )
    assert bundle.column("source").segments.lines[2] == "Line oneline two"
    assert bundle.column("target").segments.lines[2] == "Zeile eins Zeile zwei"


def test_a_tmx_file_of_two_languages_needs_no_choice_its_header_names_the_source() -> (
    None
):
    bundle = read_bundle(DATA / "memory-two-languages.tmx")
    assert [c.label for c in bundle.columns] == ["source (de)", "target (en)"]
    assert bundle.column("source").segments.lines == ("Guten Morgen.", "Danke schön.")
    assert bundle.column("target").segments.lines == (
        "Good morning.",
        "Thank you very much.",
    )


def test_a_tmx_file_of_three_languages_asks_for_two() -> None:
    path = DATA / "memory-en-de-fr.tmx"
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: has 3 languages (en-US, de-DE, fr-FR): choose the source and "
        "target languages"
    )


def test_a_language_the_tmx_file_lacks_is_refused_with_those_it_has() -> None:
    path = DATA / "memory-en-de-fr.tmx"
    with pytest.raises(FormatError) as caught:
        read_bundle(path, options=FormatOptions(languages=("en-US", "es")))
    assert str(caught.value) == (
        f"{path}: has no language 'es' (it has en-US, de-DE, fr-FR)"
    )


def test_broken_xml_is_refused_with_its_line() -> None:
    path = DATA / "broken-not-well-formed.xlf"
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}, line 7: not well-formed XML: opening and ending tag mismatch: "
        "target line 7 and targte (column 31)"
    )


def test_a_tmx_file_named_xlf_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "memory.xlf"
    path.write_bytes((DATA / "memory-two-languages.tmx").read_bytes())
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: is not an XLIFF file: its root element is <tmx>, not <xliff>"
    )


def test_an_xliff_file_named_tmx_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "job.tmx"
    path.write_bytes((DATA / "job-mt.xlf").read_bytes())
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: is not a TMX file: its root element is <xliff>, not <tmx>"
    )


def test_an_xliff_file_without_units_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.xlf"
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="a" source-language="en" datatype="plaintext"><body/></file>'
        "</xliff>",
        encoding="utf-8",
    )
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == f"{path}: has no translation units"


def test_xliff_and_tmx_are_told_by_name_and_xml_files_by_their_root(
    tmp_path: Path,
) -> None:
    assert detect_format("job.xlf") is Format.XLIFF
    assert detect_format("job.XLIFF") is Format.XLIFF
    assert detect_format("job.sdlxliff") is Format.XLIFF
    assert detect_format("memory.tmx") is Format.TMX
    xliff = tmp_path / "job.xml"
    xliff.write_bytes((DATA / "job-mt.xlf").read_bytes())
    tmx = tmp_path / "memory.xml"
    tmx.write_bytes((DATA / "memory-two-languages.tmx").read_bytes())
    other = tmp_path / "other.xml"
    other.write_text("<root/>\n", encoding="utf-8")
    assert detect_format(xliff) is Format.XLIFF
    assert detect_format(tmx) is Format.TMX
    assert detect_format(other) is Format.WMT_XML  # whose reader names its root
    assert read_bundle(tmx).column("target").segments.lines[0] == "Good morning."


def test_an_xliff_file_in_utf16_is_decoded_as_its_xml_says(tmp_path: Path) -> None:
    path = tmp_path / "wide.xlf"
    text = (DATA / "job-mt.xlf").read_text(encoding="utf-8")
    path.write_bytes(text.replace('"UTF-8"', '"UTF-16"').encode("utf-16"))
    bundle = read_bundle(path, options=AS_SYSTEM)
    assert bundle.column("target").segments.lines[1] == (
        "Drücken Sie Start, um eine Tasse zu brühen."
    )


def test_units_of_several_files_are_told_apart_by_the_file(tmp_path: Path) -> None:
    path = tmp_path / "two-files.xlf"
    unit = '<trans-unit id="1"><source>{0}</source><target>{0}!</target></trans-unit>'
    files = "".join(
        f'<file original="{name}" source-language="en" target-language="de" '
        f'datatype="plaintext"><body>{unit.format(text)}</body></file>'
        for name, text in (("a.txt", "A"), ("b.txt", "B"))
    )
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        f"{files}</xliff>",
        encoding="utf-8",
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'a.txt/1'", "unit 'b.txt/1'")
    assert bundle.column("target").segments.lines == ("A!", "B!")


def _xliff_12(path: Path, body: str) -> Path:
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="a.txt" source-language="en" target-language="de" '
        f'datatype="plaintext"><body>{body}</body></file></xliff>',
        encoding="utf-8",
    )
    return path


def test_a_unit_without_a_source_is_named_as_such(tmp_path: Path) -> None:
    path = _xliff_12(
        tmp_path / "nosource.xlf",
        '<trans-unit id="1"><target>Ja</target></trans-unit>'
        '<trans-unit id="2"><source>No</source></trans-unit>'
        '<trans-unit id="3"><source>Hi</source><target>Hallo</target></trans-unit>',
    )
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit '3'",)
    assert bundle.notices == (
        f"{path}: 1 unit has no <source> (unit '1'); left out",
        f"{path}: 1 unit has no <target> (unit '2'); left out",
    )


def test_a_file_whose_units_have_no_source_is_refused_saying_so(
    tmp_path: Path,
) -> None:
    """Modelled on the OASIS XLIFF TC test suite's bad_SegmentWithoutSource.xlf."""
    path = tmp_path / "nosource.xlf"
    path.write_text(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
        'srcLang="en" trgLang="fr"><file id="f1"><unit id="1"><segment>'
        "<target>traget</target></segment></unit></file></xliff>",
        encoding="utf-8",
    )
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: has no unit with a <source>: nothing to score"
    )


def test_an_xliff_2_unit_of_one_segment_is_named_by_the_unit(tmp_path: Path) -> None:
    path = tmp_path / "segments.xlf"
    path.write_text(
        '<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" '
        'srcLang="en" trgLang="fr"><file id="f1">'
        '<unit id="u6"><segment id="s1"><source>Hello</source>'
        "<target>Bonjour</target></segment></unit>"
        '<unit id="u7"><segment id="a"><source>A.</source><target>A.</target>'
        '</segment><segment id="b"><source>B.</source><target>B.</target>'
        "</segment></unit></file></xliff>",
        encoding="utf-8",
    )
    assert read_bundle(path).segment_ids == (
        "unit 'u6'",
        "unit 'u7::a'",
        "unit 'u7::b'",
    )
