"""The source registry the site cites by: each rulebook file's title, so a citation reads
"Paleo: A New Beginning rulebook › The Farm" rather than a hashed file name."""

from __future__ import annotations

from ..sources import bundled_docs
from . import markup as m


def rulebook_titles() -> dict[str, str]:
    """The rulebooks the content may cite, by title: the source registry's bundled documents."""
    return {d.key: d.title for d in bundled_docs()}


class Sources:
    """Rulebook file -> title: the registry above, overridden or extended by a bundle's own `sources`
    (a list of `{rulebook, title}`), as a pack with its own source files may bring them."""

    def __init__(self, bundle: dict):
        self.titles = rulebook_titles()
        for s in bundle.get("sources") or []:
            if isinstance(s, dict) and isinstance(s.get("rulebook") or s.get("file"), str) and isinstance(s.get("title"), str):
                self.titles[s.get("rulebook") or s["file"]] = s["title"]

    def title(self, rulebook: object) -> str:
        return self.titles.get(str(rulebook), str(rulebook or "an unnamed source"))

    def cite(self, src: dict) -> str:
        """One citation as inline markup: the rulebook's title (its file name on hover), then the headings."""
        book = src.get("rulebook", "?")
        out = f'<span class="paleo-cite" title="{m.h(book)}">{m.text(self.title(book))}</span>'
        heads = [m.text(h) for h in src.get("section") or []]
        if heads:
            out += " › " + " › ".join(heads)
        if src.get("note"):
            out += f" — {m.text(src['note'])}"
        return out

    def plain(self, src: dict) -> str:
        """The same citation as plain text (for comparisons and the diff)."""
        return " › ".join([self.title(src.get("rulebook")), *[str(h) for h in src.get("section") or []]])
