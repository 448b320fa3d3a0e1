"""The exported table's writers, on the demo systems' sentence scores.

Every number is checked against sacreBLEU's own sentence scores; the LaTeX layout
against tabulate's `latex_booktabs`, which sacreBLEU's `-f latex` prints with.
"""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sacrebleu.metrics.bleu import BLEU
from tabulate import tabulate  # type: ignore[import-untyped]

from bleu_gui.core import BleuConfig, corpus_stats, score_sentences
from bleu_gui.io.errors import InputError
from bleu_gui.io.sentence_export import SystemSentences, sentences_table
from bleu_gui.io.table_export import (
    CellType,
    ExportFormat,
    Table,
    TableColumn,
    Value,
    format_of,
    rows_as_tsv,
    to_csv,
    to_json,
    to_latex,
    to_markdown,
    to_tsv,
    write_table,
    xlsx_bytes,
)
from tests.core.demo_systems import references, system
from tests.export_files import parse_delimited, read_delimited
from tests.markdown_render import EXPORT_TAGS, render, rendered_cells

NAMES = ("UEdin", "happypoet")


@cache
def sacrebleu_sentences(name: str) -> tuple[float, ...]:
    metric = BLEU(effective_order=True)  # as sacrebleu.sentence_bleu
    refs = references()
    return tuple(
        metric.sentence_score(hyp, [r[i] for r in refs]).score
        for i, hyp in enumerate(system(name))
    )


@cache
def demo_table() -> Table:
    """The two demo systems' sentence table, scored by the core."""
    config = BleuConfig()
    parts = []
    for name in NAMES:
        stats = corpus_stats(system(name), references(), config)
        parts.append(
            SystemSentences(
                name, score_sentences(stats, config), stats.hyp_len, system(name)
            )
        )
    return sentences_table(parts, title="demo", signature=("Sentence BLEU: sig",))


def column(table: Table, header: str) -> int:
    return table.headers.index(header)


def test_json_holds_sacrebleus_numbers_unrounded() -> None:
    table = demo_table()
    document = json.loads(to_json(table))
    assert document["format"] == "bleu-gui table"
    assert document["version"] == 1
    assert document["signature"] == ["Sentence BLEU: sig"]
    headers = [c["header"] for c in document["columns"]]
    assert headers[:3] == ["#", "BLEU: UEdin", "Hyp len: UEdin"]
    types = {c["header"]: c["type"] for c in document["columns"]}
    assert types["#"] == "integer"
    assert types["BLEU: UEdin"] == "number"
    assert types["Hypothesis: happypoet"] == "text"
    a, b = (sacrebleu_sentences(n) for n in NAMES)
    rows = document["rows"]
    assert [r[column(table, "BLEU: UEdin")] for r in rows] == list(a)
    assert [r[column(table, "BLEU: happypoet")] for r in rows] == list(b)
    assert [r[column(table, "Δ − UEdin: happypoet")] for r in rows] == [
        y - x for x, y in zip(a, b, strict=True)
    ]


def test_csv_and_tsv_show_the_windows_decimals() -> None:
    table = demo_table()
    a = sacrebleu_sentences("UEdin")
    for text, delimiter in ((to_csv(table), ","), (to_tsv(table), "\t")):
        read = parse_delimited(text, delimiter)
        assert tuple(read.header) == table.headers
        assert [r[column(table, "BLEU: UEdin")] for r in read.rows] == [
            f"{x:.1f}" for x in a
        ]
        bp = column(table, "BP: UEdin")
        assert all(len(r[bp].split(".")[1]) == 3 for r in read.rows)
        assert [r[column(table, "Hypothesis: UEdin")] for r in read.rows] == list(
            system("UEdin")
        )


@pytest.mark.parametrize(("extension", "delimiter"), [(".csv", ","), (".tsv", "\t")])
def test_csv_and_tsv_say_what_they_are_and_open_in_excel(
    tmp_path: Path, extension: str, delimiter: str
) -> None:
    """A byte-order mark (Excel reads UTF-8 then), the title and signature on top."""
    target = tmp_path / f"t{extension}"
    write_table(target, demo_table())
    read = read_delimited(target, delimiter)  # checks the byte-order mark
    assert read.about == ["demo", "Sentence BLEU: sig"]
    assert read.header[:4] == ["#", "BLEU: UEdin", "Hyp len: UEdin", "Ref len: UEdin"]
    assert "Δ − UEdin: happypoet" in read.header
    assert read.header[-1] == "Hypothesis: happypoet"
    assert len(read.rows) == 500


def test_markdown_is_a_table_then_the_signature() -> None:
    table = Table(
        "t",
        (TableColumn("System", CellType.TEXT), TableColumn("BLEU")),
        [("a|b", 1.25)],
        [("a|b", "1.2")],
        ("BLEU: sig",),
    )
    assert to_markdown(table) == (
        "| System | BLEU |\n|---|--:|\n| a\\|b | 1.2 |\n\n    BLEU: sig\n"
    )


def test_latex_is_sacrebleus_booktabs_layout() -> None:
    texts = [("Baseline: A_1", "34.5 (34.5 ± 1.0)"), ("B & co", "35.0 (35.0 ± 1.1)")]
    table = Table(
        "t",
        (TableColumn("System", CellType.TEXT), TableColumn("BLEU", CellType.TEXT)),
        texts,
        texts,
        ("BLEU: nrefs:1|bs:1000",),
    )
    expected = tabulate(
        texts,
        headers=["System", "BLEU"],
        tablefmt="latex_booktabs",
        colalign=("right", "center"),
        disable_numparse=True,
    )
    assert to_latex(table) == expected + "\n% BLEU: nrefs:1|bs:1000\n"


def test_the_workbook_reads_back_as_numbers_with_the_windows_formats() -> None:
    table = demo_table()
    book = load_workbook(io.BytesIO(xlsx_bytes(table)))
    sheet = book["Table"]
    rows = list(sheet.iter_rows(values_only=True))
    assert [c.value_name for c in table.columns] == list(rows[0])
    a = sacrebleu_sentences("UEdin")
    at = column(table, "BLEU: UEdin")
    # Excel keeps 15 significant digits; openpyxl writes 16 or 17.
    assert [r[at] for r in rows[1:]] == [pytest.approx(x, rel=1e-15) for x in a]
    assert [r[0] for r in rows[1:]] == list(range(1, 501))
    letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert sheet[f"{letter[at]}2"].number_format == "0.0"
    delta = column(table, "Δ − UEdin: happypoet")
    assert sheet[f"{letter[delta]}2"].number_format == "+0.0;-0.0;0"
    assert sheet.freeze_panes == "A2"
    assert [c.value for c in book["Signature"]["A"]] == ["demo", "Sentence BLEU: sig"]


def test_the_workbook_keeps_texts_as_texts() -> None:
    """A text starting with "=" is no formula; control characters are replaced."""
    texts = [("=SUM(A1)", "bell\x07"), ("x" * 40_000, "")]
    table = Table(
        "t",
        (TableColumn("a", CellType.TEXT), TableColumn("b", CellType.TEXT)),
        texts,
        texts,
    )
    sheet = load_workbook(io.BytesIO(xlsx_bytes(table)))["Table"]
    assert sheet["A2"].value == "=SUM(A1)"
    assert sheet["A2"].data_type == "s"
    assert sheet["B2"].value == "bell\ufffd"
    assert len(sheet["A3"].value) == 32_767
    assert sheet["A3"].value.endswith(" …")


def test_no_value_is_null_and_empty() -> None:
    table = Table(
        "t",
        (TableColumn("#", CellType.INTEGER), TableColumn("BLEU")),
        [(1, None), (2, float("nan"))],
        [("1", "—"), ("2", "—")],
    )
    assert json.loads(to_json(table))["rows"] == [[1, None], [2, None]]
    sheet = load_workbook(io.BytesIO(xlsx_bytes(table)))["Table"]
    assert list(sheet.iter_rows(min_row=2, values_only=True)) == [(1, None), (2, None)]


@pytest.mark.parametrize("export_format", list(ExportFormat))
def test_every_format_by_its_extension(
    tmp_path: Path, export_format: ExportFormat
) -> None:
    for extension in export_format.extensions:
        target = tmp_path / f"table{extension.upper()}"
        assert format_of(target) is export_format
        assert write_table(target, demo_table()) is export_format
        assert target.stat().st_size > 0


def test_an_unknown_extension_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        format_of(tmp_path / "table.txt")
    assert str(caught.value).endswith(
        "cannot tell the export format from the extension '.txt': use one of "
        ".csv, .tsv, .tab, .json, .xlsx, .md, .markdown, .tex"
    )


@pytest.mark.parametrize("extension", [".csv", ".xlsx"])
def test_a_failed_write_leaves_nothing(tmp_path: Path, extension: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match="cannot write the file: not a directory"):
        write_table(blocker / f"out{extension}", demo_table())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_an_existing_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old", encoding="utf-8")
    write_table(target, demo_table())
    assert read_delimited(target).header[:2] == ["#", "BLEU: UEdin"]


def hostile_table() -> Table:
    """Texts a spreadsheet would run as formulas, beside signed numbers."""
    columns = (
        TableColumn("System", CellType.TEXT),
        TableColumn("Δ"),
        TableColumn("-Hypothesis", CellType.TEXT),
    )
    values: list[tuple[Value, ...]] = [
        ("=cmd|' /C calc'!A0", -0.35, '=HYPERLINK("http://x","click")'),
        ("+x", 7.95, "@SUM(A1)"),
        ("\tx", None, "-1"),
    ]
    texts = [
        ("=cmd|' /C calc'!A0", "-0.35", '=HYPERLINK("http://x","click")'),
        ("+x", "+7.95", "@SUM(A1)"),
        ("\tx", "—", "-1"),
    ]
    return Table("=title", columns, values, texts, ("@signature",), ("-warning",))


def test_csv_puts_a_quote_before_every_text_a_spreadsheet_would_run() -> None:
    """OWASP's advice: "'" before "=", "+", "-", "@", tab; numbers stay numbers."""
    assert to_csv(hostile_table()) == (
        "'=title\n"
        "'@signature\n"
        "Warning: -warning\n"
        "\n"
        "System,Δ,'-Hypothesis\n"
        '\'=cmd|\' /C calc\'!A0,-0.35,"\'=HYPERLINK(""http://x"",""click"")"\n'
        "'+x,+7.95,'@SUM(A1)\n"
        "'\tx,—,'-1\n"
    )


def test_tsv_puts_a_quote_before_every_text_a_spreadsheet_would_run() -> None:
    read = parse_delimited(to_tsv(hostile_table()), "\t")
    assert read.about == ["'=title", "'@signature", "Warning: -warning"]
    assert read.header == ["System", "Δ", "'-Hypothesis"]
    assert read.rows == [
        ["'=cmd|' /C calc'!A0", "-0.35", '\'=HYPERLINK("http://x","click")'],
        ["'+x", "+7.95", "'@SUM(A1)"],
        ["'\tx", "—", "'-1"],
    ]


def test_copied_rows_put_a_quote_before_every_text_a_spreadsheet_would_run() -> None:
    """Pasted into a spreadsheet, Copy rows' text runs as surely as a CSV opened."""
    assert rows_as_tsv(hostile_table()).splitlines() == [
        "System\tΔ\t'-Hypothesis",
        "'=cmd|' /C calc'!A0\t-0.35\t'=HYPERLINK(\"http://x\",\"click\")",
        "'+x\t+7.95\t'@SUM(A1)",
        "x\t—\t'-1",  # the tab, flattened to nothing at the start, starts no formula
    ]


def test_the_workbook_holds_every_text_as_a_string_never_a_formula() -> None:
    book = load_workbook(io.BytesIO(xlsx_bytes(hostile_table())))
    sheet = book["Table"]
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert [c.value for c in cells] == [
        "System", "Δ", "-Hypothesis",
        "=cmd|' /C calc'!A0", -0.35, '=HYPERLINK("http://x","click")',
        "+x", 7.95, "@SUM(A1)",
        "\tx", None, "-1",
    ]  # fmt: skip
    assert [c.data_type for c in cells if isinstance(c.value, str)] == ["s"] * 9
    about = [cell for row in book["Signature"].iter_rows() for cell in row]
    assert [c.value for c in about] == ["=title", "@signature", "Warning: -warning"]
    assert {c.data_type for c in about} == {"s"}


MARKUP = [
    "<script>alert(1)</script>",
    "</textarea><img src=x onerror=alert(1)>",
    "**bold** _it_ `code` ~~gone~~ [link](http://x) ![i](http://x/i.png)",
    "a|b \\| c \\\\ d &amp; &lt;x&gt; <!-- comment --> $x^2$",
]


def test_markdown_cells_render_as_their_literal_text() -> None:
    """Rendered with raw HTML allowed, no cell becomes an element or markup."""
    texts = [(text, str(k)) for k, text in enumerate(MARKUP)]
    table = Table(
        "t",
        (TableColumn("<b>System</b>", CellType.TEXT), TableColumn("BLEU")),
        [(text, float(k)) for text, k in texts],
        texts,
        ("BLEU: <script>x</script> *sig*",),
    )
    markdown = to_markdown(table)
    assert markdown.splitlines()[2] == ("| &lt;script&gt;alert(1)&lt;/script&gt; | 0 |")
    page = rendered_cells(markdown)
    assert page.rows == [["<b>System</b>", "BLEU"], *map(list, texts)]
    assert page.tags == EXPORT_TAGS
    assert "<script" not in render(markdown)
    notes = markdown.split("\n\n")[1]
    assert render(notes) == (
        "<pre><code>BLEU: &lt;script&gt;x&lt;/script&gt; *sig*\n</code></pre>\n"
    )


BREAKS = ["one\rtwo", "three\nfour", "five\r\nsix", "\rseven", 'say "\r"']


def breaks_table() -> Table:
    texts = [(text, str(k)) for k, text in enumerate(BREAKS)]
    return Table(
        "t",
        (TableColumn("Hypothesis", CellType.TEXT), TableColumn("#", CellType.INTEGER)),
        [(text, k) for k, text in enumerate(BREAKS)],
        texts,
        ("BLEU: a\nb",),
    )


@pytest.mark.parametrize("delimiter", [",", "\t"])
def test_a_line_break_in_a_cell_is_quoted_so_each_row_reads_as_one(
    delimiter: str,
) -> None:
    """A lone carriage return too: Python's csv reader reads one row per row."""
    text = (to_csv if delimiter == "," else to_tsv)(breaks_table())
    read = parse_delimited(text, delimiter)
    assert read.about == ["t", "BLEU: a\nb"]
    assert read.rows == [
        ["one\rtwo", "0"],
        ["three\nfour", "1"],
        ["five\r\nsix", "2"],
        ["'\rseven", "3"],
        ['say "\r"', "4"],
    ]
    assert text.split("\n\n", 1)[1] == (
        f"Hypothesis{delimiter}#\n"
        f'"one\rtwo"{delimiter}0\n'
        f'"three\nfour"{delimiter}1\n'
        f'"five\r\nsix"{delimiter}2\n'
        f'"\'\rseven"{delimiter}3\n'
        f'"say ""\r"""{delimiter}4\n'
    )


def test_a_line_break_in_a_markdown_cell_is_shown_as_its_mark() -> None:
    """A row per row, each break shown as the HTML report shows it: ⟨U+000A⟩."""
    markdown = to_markdown(breaks_table())
    assert markdown.splitlines()[2:] == [
        "| one⟨U+000D⟩two | 0 |",
        "| three⟨U+000A⟩four | 1 |",
        "| five⟨U+000D⟩⟨U+000A⟩six | 2 |",
        "| ⟨U+000D⟩seven | 3 |",
        '| say "⟨U+000D⟩" | 4 |',
        "",
        "    BLEU: a⟨U+000A⟩b",
    ]
    page = rendered_cells(markdown)
    assert len(page.rows) == 1 + len(BREAKS)
    assert page.rows[1] == ["one⟨U+000D⟩two", "0"]


def test_a_bidirectional_override_in_a_markdown_cell_is_shown_as_its_mark() -> None:
    """U+202E would turn the rest of the rendered row around; its mark does not."""
    table = Table(
        "t",
        (TableColumn("Hypothesis", CellType.TEXT),),
        [("a\u202ecba",)],
        [("a\u202ecba",)],
    )
    assert to_markdown(table).splitlines()[2] == "| a⟨U+202E⟩cba |"
