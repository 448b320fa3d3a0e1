"""Reading the HTML report back in tests: its tables' cell texts, its sentences."""

from __future__ import annotations

from html.parser import HTMLParser


class ReportPage(HTMLParser):
    """A page's tables (rows of cell texts), h2 sections, h3 headings, paragraphs,
    warnings and chart bars.

    `bars`: each histogram bar's (class, tooltip), left to right. The QA and
    buckets sections' tables and headings are kept apart (`qa_tables`,
    `qa_headings`, `bucket_tables`, `bucket_headings`), so that `tables` and
    `headings` index the scores' and sentences' as before.
    """

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.headings: list[str] = []
        self.warnings: list[str] = []
        self.bars: list[tuple[str, str]] = []
        self.qa_tables: list[list[list[str]]] = []
        self.qa_headings: list[str] = []
        self.bucket_tables: list[list[list[str]]] = []
        self.bucket_headings: list[str] = []
        self.sections: list[str] = []  # every <h2>'s text, in page order
        self.paragraphs: list[str] = []  # every <p>'s text, in page order
        self._paragraph: list[str] | None = None
        self._section: list[str] | None = None
        self._in = ""  # the h2 section being read
        self._bar: tuple[str, list[str]] | None = None
        self._cell: list[str] | None = None
        self._heading: list[str] | None = None
        self._in_warnings = False
        self._warning: list[str] | None = None
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kind = dict(attrs).get("class")
        if tag == "rect" and kind in ("loss", "tie", "gain"):
            self._bar = (kind or "", [])
        elif tag == "ul" and kind == "warnings":
            self._in_warnings = True
        elif tag == "li" and self._in_warnings:
            self._warning = []
        elif tag == "table":
            self._tables.append([])
        elif tag == "tr":
            self._tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "h3":
            self._heading = []
        elif tag == "h2":
            self._section = []
        elif tag == "p":
            self._paragraph = []

    @property
    def _tables(self) -> list[list[list[str]]]:
        if self._in == "QA checks":
            return self.qa_tables
        return self.bucket_tables if self._in == "Buckets" else self.tables

    @property
    def _headings(self) -> list[str]:
        if self._in == "QA checks":
            return self.qa_headings
        return self.bucket_headings if self._in == "Buckets" else self.headings

    def handle_endtag(self, tag: str) -> None:
        if tag == "rect" and self._bar is not None:
            self.bars.append((self._bar[0], "".join(self._bar[1])))
            self._bar = None
        elif tag == "ul":
            self._in_warnings = False
        elif tag == "li" and self._warning is not None:
            self.warnings.append("".join(self._warning))
            self._warning = None
        elif tag in ("td", "th") and self._cell is not None:
            self._tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "h3" and self._heading is not None:
            heading = "".join(self._heading)
            self._headings.append(heading)
            self._heading = None
        elif tag == "h2" and self._section is not None:
            self._in = "".join(self._section)
            self.sections.append(self._in)
            self._section = None
        elif tag == "p" and self._paragraph is not None:
            self.paragraphs.append("".join(self._paragraph))
            self._paragraph = None

    def handle_data(self, data: str) -> None:
        if self._bar is not None:
            self._bar[1].append(data)
        if self._warning is not None:
            self._warning.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._heading is not None:
            self._heading.append(data)
        if self._section is not None:
            self._section.append(data)
        if self._paragraph is not None:
            self._paragraph.append(data)

    def table_with(self, header: str) -> list[list[str]]:
        """The first table whose first row starts with `header`."""
        return next(t for t in self.tables if t and t[0] and t[0][0] == header)
