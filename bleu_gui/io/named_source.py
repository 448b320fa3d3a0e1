"""Which of sacreBLEU's test sets a test set is read from: `-t`, `-l` and the filters.

A value only (no sacreBLEU import): the window's open requests, the recent-files
list and session files keep it, so that a test set of sacreBLEU's is read again by
sacreBLEU's code (`io.sacrebleu_sets`) rather than from the cache files it names.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NamedSource"]


@dataclass(frozen=True, slots=True)
class NamedSource:
    """sacreBLEU's test sets a `FileSet` takes its references from (`-t`, `-l`).

    Attributes:
        names: the test sets as typed, "wmt20,wmt21" (sacreBLEU joins them in order).
        langpair: the language pair, "de-en".
        origlang: sacreBLEU's `--origlang` (None: every document).
        subset: sacreBLEU's `--subset` (None: every domain).
    """

    names: str
    langpair: str
    origlang: str | None = None
    subset: str | None = None

    @property
    def title(self) -> str:
        """How the window names the set: "wmt21 de-en (origlang de)"."""
        filters = [
            f"{word} {value}"
            for word, value in (("origlang", self.origlang), ("subset", self.subset))
            if value is not None
        ]
        kept = f" ({', '.join(filters)})" if filters else ""
        return f"{self.names} {self.langpair}{kept}"

    def to_json(self) -> dict[str, str | None]:
        """As the recent-files list and session files keep it."""
        return {
            "names": self.names,
            "langpair": self.langpair,
            "origlang": self.origlang,
            "subset": self.subset,
        }

    @classmethod
    def from_json(cls, value: object) -> NamedSource:
        """The inverse of `to_json`.

        Raises:
            ValueError: `value` is not one (a text where a name should be).
        """
        if not isinstance(value, dict):
            raise ValueError("a sacreBLEU test set is an object")
        texts = [value.get(key) for key in ("names", "langpair", "origlang", "subset")]
        if not all(isinstance(text, str) for text in texts[:2]) or not all(
            text is None or isinstance(text, str) for text in texts[2:]
        ):
            raise ValueError("a sacreBLEU test set's names and filters are texts")
        names, langpair, origlang, subset = texts
        return cls(str(names), str(langpair), origlang, subset)
