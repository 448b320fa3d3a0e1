"""A Markdown export as a browser gets it: rendered by a CommonMark renderer.

`render` passes raw HTML through (as many renderers do), with GitHub's tables and
strikethrough; `rendered_cells` reads the rendered table's cells back as text,
and the tags the page holds, so that a test can check that every cell shows its
literal text and that no text became an element.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from markdown_it import MarkdownIt

EXPORT_TAGS = frozenset({"table", "thead", "tbody", "tr", "th", "td", "pre", "code"})
"""The only elements a Markdown export renders to: its table, its notes' code block."""


def render(markdown: str) -> str:
    """`markdown` as HTML, raw HTML passed through."""
    renderer = MarkdownIt("commonmark", {"html": True})
    html: str = renderer.enable(["table", "strikethrough"]).render(markdown)
    return html


@dataclass
class Rendered:
    """A rendered page's table rows (each cell's text) and every tag in it."""

    rows: list[list[str]] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Rendered()
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.page.tags.add(tag)
        if tag == "tr":
            self.page.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.page.rows[-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def rendered_cells(markdown: str) -> Rendered:
    """The table cells' texts and the tags of `markdown` once rendered."""
    reader = _Reader()
    reader.feed(render(markdown))
    reader.close()
    return reader.page
