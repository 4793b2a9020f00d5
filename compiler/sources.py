"""The source registry: every document a citation may name.

The bundled rulebooks are registered here with their titles; a project adds its own source
documents, declared in `[tool.paleo]` (`[[tool.paleo.sources]]`) or in content (`sources:`
records). A citation's `rulebook` names a document by its file (or, for a document that is not a
file, its name); a document declared with `headings` also has each cited heading checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SourceDoc:
    """One source document: its key (file name, else name), title and, when declared, its headings."""

    key: str
    title: str
    headings: tuple[str, ...] | None = None
    bundled: bool = False
    where: str = ""  # who declared it: "bundled", "pyproject.toml", or a content file


# The five rulebooks the bundled content cites, by the product each documents.
BUNDLED = (
    SourceDoc("002_56cce9db253ede81.txt", "Paleo rulebook", bundled=True, where="bundled"),
    SourceDoc("000_97f291d3c44cb3f7.txt", "Paleo: A New Beginning rulebook", bundled=True, where="bundled"),
    SourceDoc("001_5f1e4d8bf7e7ff1a.txt", "Paleo: Path of the Elders rulebook", bundled=True, where="bundled"),
    SourceDoc("003_d22ca494923bf453.txt", "Paleo: The White Whale rulebook", bundled=True, where="bundled"),
    SourceDoc("004_1199c90b0c83849d.txt", "PaleoVet rulebook", bundled=True, where="bundled"),
)


@dataclass
class Registry:
    docs: dict[str, SourceDoc] = field(default_factory=dict)

    @classmethod
    def bundled(cls) -> "Registry":
        return cls({d.key: d for d in BUNDLED})

    def add(self, doc: SourceDoc) -> SourceDoc | None:
        """Register `doc`; the document already registered under its key when there is one (not replaced)."""
        first = self.docs.get(doc.key)
        if first is None:
            self.docs[doc.key] = doc
        return first

    def get(self, key: str) -> SourceDoc | None:
        return self.docs.get(key)

    def keys(self) -> list[str]:
        return list(self.docs)

    def titles(self) -> dict[str, str]:
        return {k: d.title for k, d in self.docs.items()}

    def declared(self) -> list[SourceDoc]:
        return [d for d in self.docs.values() if not d.bundled]


def bundle_sources(reg: Registry) -> list[dict]:
    """The registry as a bundle lists it: `{rulebook, title}` (plus `headings` when declared)."""
    out = []
    for d in reg.docs.values():
        item = {"rulebook": d.key, "title": d.title}
        if d.headings is not None:
            item["headings"] = list(d.headings)
        out.append(item)
    return out
