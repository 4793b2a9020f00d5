"""The generated reference: one markdown page per game, product, module, card, symbol, secret, scenario and code."""

from __future__ import annotations

import html
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable, Iterable

from . import markup as m
from .diagrams import GraphIndex, flowchart, kind_of
from .rules import RULES, RuleBooks
from .schema_page import rule_test_page
from .search_terms import SEARCH_TERMS
from .sources import Sources

REF = "reference"

SECTIONS = {
    "games": "Games and products",
    "modules": "Modules",
    "cards": "Cards",
    "symbols": "Symbols",
    "secrets": "Secrets",
    "scenarios": "Scenarios, levels and suggestions",
    "codes": "Diagnostic codes",
}

_RECORD_SECTIONS = ("games", "boards", "products", "modules", "cards", "secrets", "tokens", "dice",
                    "scenarios", "interpretations", "symbols")
_LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "very-hard": "Very hard", "deadly": "Deadly"}
_KIND_TITLES = {"scenario": "Scenario", "level": "Level", "suggestion": "Suggestion"}
# A record id or rule reference written inside prose (a note naming `interpretation:whale-17-of-18`).
_ID_IN_TEXT = re.compile(r"\b(?:interpretation|card|module|secret|symbol|scenario|level|suggestion|product|game|board|token|die)"
                         r":[A-Za-z0-9][A-Za-z0-9/-]*(?:#[a-z0-9][a-z0-9/-]*)?")


def _slug(part: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", part.lower()).strip("-") or "x"


def _walk_strings(node, key: str = "") -> Iterable[tuple[str, str]]:
    """Every (key, string) pair inside an IR tree."""
    if isinstance(node, str):
        yield key, node
    elif isinstance(node, dict):
        if node.get("ref") == "secret" and isinstance(node.get("number"), int):
            yield "ref", f"secret:{node['number']}"  # `reveal secret 23` names the secret by number
        for k, v in node.items():
            yield from _walk_strings(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _walk_strings(v, key)


class Reference:
    """Indexes one bundle and renders its reference pages as {docs-relative path: markdown}."""

    def __init__(self, bundle: dict, *, describe: Callable[[dict], str | None] | None = None,
                 compile_example: Callable[[str, str], dict | None] | None = None,
                 codes: list | None = None, grammar: str | None = None, scenario_subgraph=None,
                 rule_test_schema: dict | None = None, rule_test_example: tuple[str, str] | None = None,
                 rule_tests: list[dict] | None = None, edit_url=None, source_texts: dict[str, str] | None = None,
                 changes: str | None = None):
        self.b = bundle
        self.describe = describe
        self.compile_example = compile_example
        self.codes = codes or []
        self.grammar = grammar
        self.scenario_subgraph = scenario_subgraph
        self.rule_test_schema = rule_test_schema
        self.rule_test_example = rule_test_example  # (path, text) of a committed rule test
        self.edit_url = edit_url  # (file, record id) -> URL of the record's YAML, or None
        self.sources = Sources(bundle)
        self.changes = changes  # markdown body of the "what changed" page, from `paleo diff`
        self._source_texts = source_texts or {}
        self.by_id: dict[str, dict] = {}
        self.section_of: dict[str, str] = {}
        for s in _RECORD_SECTIONS:
            for r in bundle.get(s) or []:
                if isinstance(r, dict) and r.get("id"):
                    self.by_id[str(r["id"])] = r
                    self.section_of[str(r["id"])] = s
        self.graph = GraphIndex(bundle.get("graph"))
        self._paths: dict[str, str] = {}
        self._used_paths: set[str] = set()
        self._assign_paths()
        self.rulebooks = RuleBooks(self, rule_tests)
        self.source_files = self._index_sources()
        self._index_references()

    # ---- paths and names -------------------------------------------------------------

    def _claim(self, path: str) -> str:
        base, n = path[:-3], 2
        while path in self._used_paths:
            path = f"{base}-{n}.md"
            n += 1
        self._used_paths.add(path)
        return path

    def _assign_paths(self) -> None:
        for s in ("index.md", "grammar.md", "tokens.md", "interpretations.md", "rule-tests.md", "changes.md", "rules/index.md"):
            self._used_paths.add(f"{REF}/{s}")
        for s in SECTIONS:
            self._used_paths.add(f"{REF}/{s}/index.md")
        folder = {"games": "games", "products": "products", "modules": "modules", "cards": "cards",
                  "symbols": "symbols", "secrets": "secrets", "scenarios": "scenarios"}
        for rid, sec in sorted(self.section_of.items()):
            if sec not in folder:
                continue
            kind, _, local = rid.partition(":")
            parts = [_slug(p) for p in local.split("/") if p]
            if sec == "scenarios":
                parts.insert(0, _slug(kind))
            if sec == "products":  # products share the games section
                path = f"{REF}/games/product-{'-'.join(parts)}.md"
            else:
                path = f"{REF}/{folder[sec]}/{'/'.join(parts) or 'x'}.md"
            self._paths[rid] = self._claim(path)
        for c in self.codes:
            self._paths[f"code:{c.id}"] = self._claim(f"{REF}/codes/{_slug(c.id)}.md")

    def _index_sources(self) -> dict[str, dict]:
        """Content file -> its source page and the line of each record's `id:` in it."""
        files: dict[str, list[str]] = defaultdict(list)
        for rid, sec in self.section_of.items():
            f = self.by_id[rid].get("file")
            if f and f in self._source_texts:
                files[f].append(rid)
        out = {}
        for f in sorted(files):
            text = self._source_texts[f]
            lines = {}
            for rid in files[f]:
                mt = re.search(r"^[ \t-]*id:[ \t]*[\"']?" + re.escape(rid) + r"[\"']?[ \t]*(?:#.*)?$", text, re.M)
                if mt:
                    lines[rid] = text.count("\n", 0, mt.start()) + 1
            parts = [_slug(x) for x in re.sub(r"\.ya?ml$", "", f).split("/") if x]
            out[f] = {"path": self._claim(f"{REF}/source/{'/'.join(parts)}.md"), "lines": lines, "text": text}
        return out

    def path_of(self, rid: str) -> str | None:
        if "#" in rid:
            rule = self.rulebooks.by_ref.get(rid)
            return rule.page if rule else None
        if rid in self._paths:
            return self._paths[rid]
        sec = self.section_of.get(rid)
        rec = self.by_id.get(rid, {})
        if sec == "boards":
            return self._paths.get(rec.get("game") or "")
        if sec == "dice":
            return self._paths.get(rec.get("product") or "")
        if sec == "tokens":
            return f"{REF}/tokens.md"
        if sec == "interpretations":
            return f"{REF}/interpretations.md"
        return None

    def name(self, rid: str) -> str:
        r = self.by_id.get(rid)
        if r is None:
            node = self.graph.nodes.get(rid) or {}
            return str(node.get("label") or node.get("name") or rid)
        sec = self.section_of[rid]
        if sec == "modules":
            return f"Module {r.get('letter')}" + (f": {r['name']}" if r.get("name") else "")
        if sec == "secrets":
            return f"Secret {r.get('number')}"
        if sec == "symbols":
            n = str(r.get("name") or rid)
            return n[:1].upper() + n[1:]
        if sec == "scenarios":
            kind = _KIND_TITLES.get(r.get("kind"), "Scenario")
            n = str(r.get("name") or rid.split("/")[-1])
            return n if n.lower().startswith(kind.lower()) else f"{kind} {n}"
        if sec == "tokens" and not r.get("name") and r.get("number") is not None:
            return f"Secret token {r['number']}"
        if r.get("name"):
            return str(r["name"])
        if sec == "cards":
            mod = self.by_id.get(r.get("module") or "")
            kind = str(r.get("kind") or "")
            return f"Untitled {kind} card".replace("  ", " ") + (f" of module {mod.get('letter')}" if mod else f" ({rid})")
        return f"Untitled {sec[:-1]} ({rid})"

    def ref(self, rid: str, from_page: str, label: str | None = None) -> str:
        if "#" in rid:
            return self.rulebooks.link(rid, from_page, label) or m.code(rid)
        target = self.path_of(rid)
        shown = label if label is not None else self.name(rid)
        if target is None:
            return m.text(shown) if rid in self.by_id else m.code(rid)
        anchor = ""
        if self.section_of.get(rid) in ("boards", "dice", "tokens", "interpretations"):
            anchor = self.anchor(rid)
        return m.link(shown, from_page, target, anchor)

    @staticmethod
    def anchor(rid: str) -> str:
        return _slug(rid)

    @staticmethod
    def card_anchor(cid: str) -> str:
        """A card's block on its module page."""
        return _slug("card-" + cid.split(":", 1)[-1])

    # ---- cross references --------------------------------------------------------------

    def _index_references(self) -> None:
        symbol_keys = {}
        for s in self.b.get("symbols") or []:
            if isinstance(s, dict) and s.get("id"):
                symbol_keys[s["id"]] = s["id"]
                symbol_keys[s["id"].split(":", 1)[-1]] = s["id"]
                if s.get("name"):
                    symbol_keys[str(s["name"])] = s["id"]
        self.refs_from: dict[str, set[str]] = defaultdict(set)
        self.referenced_by: dict[str, set[str]] = defaultdict(set)
        for sec in ("cards", "tokens"):
            for r in self._records(sec):
                rid = r.get("id")
                for opt in r.get("options") or []:
                    ir = opt.get("ir") if isinstance(opt, dict) else None
                    for key, s in _walk_strings(ir):
                        if s in self.by_id and s != rid:
                            self.refs_from[rid].add(s)
                        elif key in ("symbol", "op", "name") and s in symbol_keys:
                            self.refs_from[rid].add(symbol_keys[s])
        for src, targets in self.graph.out.items():
            if kind_of(src) in ("card", "token") and src in self.by_id:
                for t, _ in targets:
                    if t in self.by_id and t != src and kind_of(t) not in ("module", "product", "game"):
                        self.refs_from[src].add(t)
        for src, targets in self.refs_from.items():
            for t in targets:
                self.referenced_by[t].add(src)

    def _sorted_ids(self, ids: Iterable[str]) -> list[str]:
        return sorted(set(ids), key=lambda i: (self.name(i).lower(), i))

    # ---- shared blocks -------------------------------------------------------------------

    def _sources(self, rec: dict) -> str:
        src = rec.get("source")
        if not src:
            return "_No citation._"
        items = src if isinstance(src, list) else [src]
        return m.bullets([self.sources.cite(s) for s in items if isinstance(s, dict)])

    def prose(self, value: object, from_page: str) -> str:
        """Inline text like `markup.text`, with every record id or rule reference it names linked."""
        if value is None:
            return ""
        s = re.sub(r"\s+", " ", str(value)).strip()
        out, last = [], 0
        for mt in _ID_IN_TEXT.finditer(s):
            rid = mt.group(0).rstrip("/-")
            known = rid in self.by_id or rid in self.rulebooks.by_ref
            if not known:
                continue
            out.append(m.text(s[last:mt.start()], strip=False))
            label = rid if kind_of(rid) == "interpretation" else None
            out.append(self.ref(rid, from_page, label))
            last = mt.start() + len(rid)
        out.append(m.text(s[last:], strip=False))
        return "".join(out)

    def prose_paragraphs(self, value: object, from_page: str) -> str:
        if value is None:
            return ""
        return "\n\n".join(self.prose(p, from_page) for p in re.split(r"\n\s*\n", str(value)) if p.strip())

    def _header(self, rid: str, title: str, rec: dict, *, boost: float | None = None, lead: str | None = None) -> list[str]:
        """Front matter, the title, the lead text (what search results show first) and the completeness badge."""
        page = self.path_of(rid) or f"{REF}/index.md"
        out = [m.title_front_matter(title, boost=boost, description=rec.get("summary"), edit=self.edit_target(rec)),
               f"# {m.text(title)}", ""]
        if lead:
            out += [lead, ""]
        if rec.get("summary"):
            out += [self.prose_paragraphs(rec["summary"], page), ""]
        out += [f"{m.badge(rec.get('completeness'))} {m.code(rid)}", ""]
        return out

    def edit_target(self, rec: dict) -> str | None:
        """Where "edit this record" leads: the repository's editor when a URL is set, else the site's own
        copy of the YAML at the record's line (`reference/source/...`), as `docs path#anchor` or a URL."""
        f = rec.get("file")
        if not f:
            return None
        if self.edit_url:
            return self.edit_url(f, rec.get("id"))
        src = self.source_files.get(f)
        if src is None:
            return None
        line = src["lines"].get(rec.get("id"))
        return src["path"] + (f"#L{line}" if line else "")

    def _footer(self, rec: dict) -> list[str]:
        out = ["## Source", "", self._sources(rec), ""]
        if rec.get("file"):
            target = self.edit_target(rec)
            page = self.path_of(rec.get("id") or "") or f"{REF}/index.md"
            where = m.code(rec["file"])
            if target and not self.edit_url:
                path, _, anchor = target.partition("#")
                where = f"[{m.code(rec['file'])}]({m.rel(page, path)}{'#' + anchor if anchor else ''})"
            elif target:
                where = f"[{m.code(rec['file'])}]({m.h(target)})"
            out += [f"Authored in {where}.", ""]
        return out

    def _rule_list(self, rid: str, path: str, heading: str = "Setup and rules") -> list[str]:
        """A record's setup steps and rules as a short list linking each to its anchor on the rules page.
        The texts stay out of search here: a search for a rule lands on the rules page."""
        rules = [r for r in self.rulebooks.by_ref.values() if r.record == rid]
        if not rules:
            return []
        rules.sort(key=lambda r: [int(x) for x in r.number.split(".")])
        out = [f"## {heading} {{: data-search-exclude }}", ""]
        for r in rules:
            out.append(f"- {self.rulebooks.link(r.ref, path)}: {self.prose(r.text, path)}")
        return out + [""]

    def _components(self, items, heading: str, page: str) -> list[str]:
        """A table of components; `page` is the page it goes on (links in its notes are relative to it)."""
        if not items:
            return []
        rows = [[m.text(c.get("name")), m.text(c.get("kind") or ""),
                 m.text("not stated" if c.get("count") is None else c.get("count")), self.prose(c.get("note") or "", page)]
                for c in items]
        return [f"## {heading}", "", m.table(["Component", "Kind", "Count", "Note"], rows), ""]

    def _diagram(self, source: str, *, full: str, nodes: int = 0) -> str:
        """The summary diagram, and the whole graph behind a toggle (drawn only when opened)."""
        out = m.pre(source, cls="paleo-diagram", searchable=False)  # diagram source is no search text
        return (out + "\n\n" + f'<details class="paleo-full-graph" data-search-exclude><summary>The full dependency graph'
                f'{f" ({nodes} nodes)" if nodes else ""}</summary>\n' + m.pre(full, cls="paleo-diagram paleo-diagram-full", searchable=False)
                + "\n</details>")

    def _coverage_lines(self, rid: str, printed, cards: list[dict]) -> list[str]:
        """Printed against authored cards, as a small bar: the compiler's coverage when the bundle has it, else counted here."""
        entry = self._bundle_coverage(rid)
        if entry is None:
            authored = Counter()
            for c in cards:
                authored[c.get("completeness") or "unknown"] += int(c.get("copies") or 1)
            total = sum(authored.values())
            entry = {"printed": printed, "authored": total, "complete": authored["complete"], "partial": authored["partial"],
                     "unknown": authored["unknown"], "missing": None if printed is None else max(0, int(printed) - total)}
        cols = ["printed", "authored", "complete", "partial", "unknown", "missing"]

        def cell(v):
            return "not stated" if v is None else m.text(v)

        out = ["## Coverage", "", coverage_bar(entry), ""]
        if entry.get("over"):
            out += [f"**{m.text(entry['over'])}** more authored than printed.", ""]
        groups = [g for g in entry.get("groups") or [] if isinstance(g, dict)]
        if groups:
            out += ["By card group:", "", m.table(["Group", *[c.capitalize() for c in cols]],
                                                  [[m.text(g.get("name")), *[cell(g.get(c)) for c in cols]] for g in groups]), ""]
        return out

    def _bundle_coverage(self, rid: str) -> dict | None:
        cov = self.b.get("coverage") or {}
        if not isinstance(cov, dict):
            return None
        for key in ("modules", "products"):
            part = cov.get(key)
            if isinstance(part, dict) and isinstance(part.get(rid), dict):
                return part[rid]
        return cov[rid] if isinstance(cov.get(rid), dict) else None

    # ---- pages ---------------------------------------------------------------------------

    def pages(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for rid, path in self._paths.items():
            sec = self.section_of.get(rid)
            render = {
                "games": self.game_page, "products": self.product_page, "modules": self.module_page,
                "cards": self.card_page, "symbols": self.symbol_page, "secrets": self.secret_page,
                "scenarios": self.scenario_page,
            }.get(sec or "")
            if render is not None:
                out[path] = render(rid, path)
        for c in self.codes:
            p = self._paths[f"code:{c.id}"]
            out[p] = self.code_page(c, p)
        out[f"{REF}/index.md"] = self.home_page()
        out[f"{REF}/games/index.md"] = self.games_index()
        out[f"{REF}/modules/index.md"] = self.modules_index()
        out[f"{REF}/cards/index.md"] = self.cards_index()
        out[f"{REF}/symbols/index.md"] = self.symbols_index()
        out[f"{REF}/secrets/index.md"] = self.secrets_index()
        out[f"{REF}/scenarios/index.md"] = self.scenarios_index()
        out[f"{REF}/codes/index.md"] = self.codes_index()
        out[f"{REF}/grammar.md"] = self.grammar_page()
        out[f"{REF}/tokens.md"] = self.tokens_page()
        out[f"{REF}/interpretations.md"] = self.interpretations_page()
        out[f"{REF}/rule-tests.md"] = rule_test_page(self.rule_test_schema, self.rule_test_example)
        out[f"{RULES}/index.md"] = self.rules_index()
        for book in self.rulebooks.books:
            out[book.path] = self.rules_page(book)
        for f, info in self.source_files.items():
            out[info["path"]] = self.source_page(f, info)
        out[f"{REF}/changes.md"] = self.changes_page()
        return out

    def changes_page(self) -> str:
        p = f"{REF}/changes.md"
        d = self.changes
        if not d:
            body = ["No earlier bundle was given to this build. "
                    f"{m.code('paleo docs --since OLD')} (a bundle file or a git ref) fills this page from "
                    f"{m.code('paleo diff OLD NEW')}."]
            return self._index("What changed", "Records added, removed and changed since an earlier bundle.", body, searchable=True)
        since = d.get("since") or "an earlier bundle"
        n = {k: len(d.get(k) or []) for k in ("added", "removed", "changed")}
        body = [f"Since {m.code(since)}: {n['added']} added, {n['removed']} removed, {n['changed']} changed.", ""]

        def label(r):
            return f"{m.text(r.get('name') or r['id'])} {m.code(r['id'])}"

        if d.get("added"):
            body += ["## Added", "", m.bullets([f"{self.ref(r['id'], p, r.get('name') or r['id'])} {m.code(r['id'])}" if self.path_of(r["id"]) else label(r)
                                               for r in d["added"]]), ""]
        if d.get("removed"):
            body += ["## Removed", "", m.bullets([label(r) for r in d["removed"]]), ""]
        if d.get("changed"):
            body += ["## Changed", ""]
            for r in d["changed"]:
                head = f"{self.ref(r['id'], p, r.get('name') or r['id'])} {m.code(r['id'])}" if self.path_of(r["id"]) else label(r)
                rows = [[m.code(f.get("path")), _diff_value(f.get("old")), _diff_value(f.get("new"))] for f in r.get("fields") or []]
                body += [f"- {head}", "", m.table(["Field", "Before", "Now"], rows), ""]
        return self._index("What changed", "Records added, removed and changed since an earlier bundle.", body, searchable=True)

    def _records(self, sec: str) -> list[dict]:
        return [r for r in self.b.get(sec) or [] if isinstance(r, dict) and r.get("id")]

    def _cards_of(self, key: str, value: str) -> list[dict]:
        return [c for c in self._records("cards") if c.get(key) == value]

    def game_page(self, rid: str, path: str) -> str:
        g = self.by_id[rid]
        out = self._header(rid, self.name(rid), g)
        facts = []
        if g.get("kind"):
            facts.append(f"- Kind: {m.text(g['kind'])}")
        pl = g.get("players") or {}
        if pl:
            facts.append("- Players: " + m.text(f"{pl.get('min', '?')}–{pl.get('max', '?')}"))
        for label, key in (("Resources", "resources"), ("Tools", "tools"), ("Skills", "skills"), ("Card backs", "backs")):
            if g.get(key):
                facts.append(f"- {label}: " + ", ".join(m.text(x) for x in g[key]))
        if facts:
            out += ["## At a glance", "", *facts, ""]
        book = self.rulebooks.book_of.get(rid)
        if book is not None:
            out += ["## The rules", "", f"Every stated rule, in play order: {m.link(book.title, path, book.path)}.", ""]
            ends = self.rulebooks.win_and_loss(book)
            if ends:
                out += [m.bullets([f"{self.rulebooks.link(r.ref, path)}: {self.prose(r.text, path)}" for r in ends]), ""]
        if g.get("parameters"):
            out += ["## Numbers the rules fix", "", m.bullets([f"{m.text(_humane(k))}: **{m.text('not stated' if v is None else _value(v))}**"
                                                          for k, v in g["parameters"].items()]), ""]
        products = [p for p in self._records("products") if p.get("game") == rid]
        if products:
            out += ["## Products", "", m.table(["Product", "Kind", "Printed cards", "Completeness", "Coverage"], [
                [self.ref(p["id"], path), m.text(p.get("kind")), m.text("not stated" if p.get("printed_cards") is None else p["printed_cards"]),
                 m.badge(p.get("completeness")), coverage_bar(self._bundle_coverage(p["id"]) or {}, small=True)] for p in products]), ""]
        boards = [b for b in self._records("boards") if b.get("game") == rid]
        if boards:
            out += ["## Boards", ""]
            for bd in boards:
                out += [f"### {m.text(bd.get('name'))} {{: #{self.anchor(bd['id'])} }}", "",
                        f"{m.badge(bd.get('completeness'))} {m.code(bd['id'])} from {self.ref(bd.get('product') or '', path)}", ""]
                if bd.get("summary"):
                    out += [self.prose_paragraphs(bd["summary"], path), ""]
                if bd.get("parts"):
                    out += ["Parts: " + ", ".join(m.text(x) for x in bd["parts"]), ""]
                link = self.rulebooks.record_link(bd["id"], path, f"Its rules ({sum(1 for r in self.rulebooks.by_ref.values() if r.record == bd['id'])})")
                if link and bd.get("rules"):
                    out += [link, ""]
        modules = [x for x in self._records("modules") if x.get("game") == rid]
        if modules:
            out += ["## Modules", "", ", ".join(self.ref(x["id"], path) for x in modules), ""]
        out += self._footer(g)
        return "\n".join(out)

    def product_page(self, rid: str, path: str) -> str:
        p = self.by_id[rid]
        out = self._header(rid, self.name(rid), p)
        facts = [f"- Game: {self.ref(p.get('game') or '', path)}", f"- Kind: {m.text(p.get('kind'))}"]
        if p.get("aliases"):
            facts.append("- Also called: " + ", ".join(m.text(a) for a in p["aliases"]))
        if p.get("requires"):
            facts.append("- Requires: " + ", ".join(self.ref(x, path) for x in p["requires"]))
        book = self.rulebooks.book_of.get(rid)
        if book is not None:
            facts.append(f"- Rules: {m.link(book.title, path, book.path)}")
        out += ["## At a glance", "", *facts, ""]
        out += self._components(p.get("components"), "Components", path)
        if p.get("card_groups"):
            out += ["## Card groups", "", m.table(["Group", "Kind", "Count", "Modules", "Note"], [
                [m.text(g.get("name")), m.text(g.get("kind") or ""), m.text(g.get("count")),
                 ", ".join(m.text(x) for x in g.get("modules") or []), self.prose(g.get("note") or "", path)] for g in p["card_groups"]]), ""]
        dice = [d for d in self._records("dice") if d.get("product") == rid]
        if dice:
            out += ["## Dice", ""]
            for d in dice:
                faces = ", ".join(m.text(f) for f in d["faces"]) if d.get("faces") else "faces not stated"
                out += [f"### {m.text(d.get('name'))} {{: #{self.anchor(d['id'])} }}", "",
                        f"{m.badge(d.get('completeness'))} count {m.text(d.get('count') if d.get('count') is not None else 'not stated')}; {faces}", ""]
        out += self._coverage_lines(rid, p.get("printed_cards"), self._cards_of("product", rid))
        modules = [x for x in self._records("modules") if x.get("product") == rid]
        if modules:
            out += ["## Modules", "", m.table(["Module", "Difficulty", "Printed cards", "Authored", "Completeness"], [
                [self.ref(x["id"], path), self._difficulty(x.get("difficulty")), m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]),
                 m.text(len(x.get("cards") or [])), m.badge(x.get("completeness"))] for x in modules]), ""]
        tokens = [t for t in self._records("tokens") if t.get("product") == rid]
        if tokens:
            out += ["## Tokens", "", ", ".join(self.ref(t["id"], path) for t in tokens), ""]
        out += self._rule_list(rid, path)
        out += self._footer(p)
        return "\n".join(out)

    def _difficulty(self, d) -> str:
        if d is None:
            return "not stated"
        if isinstance(d, dict):
            return "; ".join(f"{m.text(k)} players: {m.text(_LEVEL_NAMES.get(v, v))}" for k, v in sorted(d.items(), key=lambda kv: str(kv[0])))
        return m.text(_LEVEL_NAMES.get(d, d))

    def _revealers(self, number) -> list[str]:
        return [r for r in self._sorted_ids(self.referenced_by.get(f"secret:{number}", ())) if kind_of(r) in ("card", "token")]

    def module_summary_graph(self, rid: str) -> tuple[str, int]:
        """What matters when playing the module: its product and needs, its secrets and the cards that
        reveal them, the scenarios that play it. Returns (mermaid, node count)."""
        x = self.by_id[rid]
        edges: list[tuple[str, str, str]] = []
        for s in self._records("scenarios"):
            if x.get("letter") in (s.get("modules") or []) and s.get("game") == x.get("game"):
                edges.append((s["id"], rid, "plays"))
        for req in x.get("requires") or []:
            edges.append((rid, req, "needs"))
        for n in sorted(set(x.get("secrets") or [])):
            edges.append((rid, f"secret:{n}", ""))
            for c in self._revealers(n)[:4]:
                edges.append((c, f"secret:{n}", "reveals"))
        names = {n: self.name(n) for e in edges for n in e[:2]}
        if not edges:
            names[rid] = self.name(rid)
        return flowchart(edges, names, focus=rid, limit=40, short=True), len(names)

    def module_graph(self, rid: str) -> tuple[str, int]:
        """Every edge of the bundle's graph at the module (the full graph, behind the toggle)."""
        mod = self.by_id[rid]
        edges: list[tuple[str, str, str]] = []
        for t, rel in self.graph.out.get(rid, []):
            edges.append((rid, t, rel))
        for s, rel in self.graph.inc.get(rid, []):
            edges.append((s, rid, rel))
        if not edges:  # no graph in the bundle: draw what the module record itself states
            if mod.get("product"):
                edges.append((rid, mod["product"], "part of"))
            for req in mod.get("requires") or []:
                edges.append((rid, req, "requires"))
            for c in mod.get("cards") or []:
                edges.append((rid, c, "card"))
            for n in sorted(set(mod.get("secrets") or [])):
                edges.append((rid, f"secret:{n}", "secret"))
        for card in mod.get("cards") or []:
            for t in sorted(self.refs_from.get(card, ())):
                if kind_of(t) != "symbol":
                    edges.append((card, t, "refers to"))
        names = {n: self.name(n) for e in edges for n in e[:2]}
        return flowchart(edges, names, focus=rid), len(names)

    def module_page(self, rid: str, path: str) -> str:
        x = self.by_id[rid]
        out = self._header(rid, self.name(rid), x, boost=4)
        facts = [f"- Letter: **{m.text(x.get('letter'))}**", f"- Game: {self.ref(x.get('game') or '', path)}",
                 "- Product: " + (self.ref(x['product'], path) if x.get("product") else "not stated"),
                 f"- Difficulty: {self._difficulty(x.get('difficulty'))}"]
        if x.get("combine"):
            facts.append(f"- Combine with {m.text(x['combine'])} other modules")
        if x.get("dice") is not None:
            facts.append(f"- Dice: {m.text(x['dice'])}")
        if x.get("requires"):
            facts.append("- Requires: " + ", ".join(self.ref(r, path) for r in x["requires"]))
        if x.get("secrets"):
            counts = Counter(x["secrets"])
            facts.append("- Secrets: " + ", ".join(
                self.ref(f"secret:{n}", path, f"{n}" + (f" ×{counts[n]}" if counts[n] > 1 else ""))
                if f"secret:{n}" in self.by_id else m.text(n) for n in sorted(counts)))
        scen = [s for s in self._records("scenarios") if x.get("letter") in (s.get("modules") or []) and s.get("game") == x.get("game")]
        if scen:
            facts.append("- Played in: " + ", ".join(self.ref(s["id"], path) for s in scen))
        link = self.rulebooks.record_link(rid, path, "its section of the rules")
        if link:
            facts.append(f"- Rules: {link}")
        out += ["## At a glance", "", *facts, ""]
        cards = [self.by_id[c] for c in x.get("cards") or [] if c in self.by_id]
        out += self._coverage_lines(rid, x.get("printed_cards"), cards)
        if x.get("missions"):
            out += ["## Mission", "", m.bullets([self.ref(c, path) for c in x["missions"]]), ""]
        out += self._components(x.get("decks"), "Decks", path)
        out += self._components(x.get("tokens"), "Tokens", path)
        out += self._rule_list(rid, path)
        out += ["## Cards", ""]
        if cards:
            out += ["Each card's options in English, beside the effect language they are written in.", ""]
            for c in cards:
                facts = [m.text(c.get("kind")), f"back {m.text(c.get('back') or 'unknown')}"]
                if (c.get("copies") or 1) > 1:
                    facts.append(f"×{m.text(c['copies'])}")
                out += [f"### {self.ref(c['id'], path)} {{: #{self.card_anchor(c['id'])} data-search-exclude }}", "",
                        f"{m.badge(c.get('completeness'))} " + " · ".join(facts), ""]
                out += self._options(c.get("options") or [], c.get("completeness"), heading="")[2:]
        else:
            out += ["No card of this module is authored yet.", ""]
        if x.get("ideas"):
            out += ["Ideas it adds: " + ", ".join(self.ref(c, path) for c in x["ideas"]), ""]
        summary, _ = self.module_summary_graph(rid)
        full, nodes = self.module_graph(rid)
        out += ["## Dependency diagram", "", "Arrows lead from each scenario that plays the module to the module, from the module "
                "to the boards it needs and the secrets it uses, and from each card that reveals a secret to that secret.", "",
                self._diagram(summary, full=full, nodes=nodes), ""]
        out += self._footer(x)
        return "\n".join(out)

    def _describe(self, opt: dict) -> str | None:
        if self.describe is None or not isinstance(opt, dict) or opt.get("ir") is None:
            return None
        try:
            return self.describe(opt["ir"])
        except Exception:  # a describer bug must not take the whole site down; the DSL still shows
            return None

    def card_page(self, rid: str, path: str) -> str:
        c = self.by_id[rid]
        out = self._header(rid, self.name(rid), c, boost=3)
        facts = [f"- Kind: {m.text(c.get('kind'))}", f"- Back: {m.text(c.get('back') or 'unknown')}",
                 f"- Game: {self.ref(c.get('game') or '', path)}", f"- Product: {self.ref(c.get('product') or '', path)}"]
        if c.get("module"):
            facts.append(f"- Module: {self.ref(c['module'], path)}")
        if c.get("sea_symbol") is not None:
            facts.append(f"- Sea symbol on the back: {m.text(c['sea_symbol'])}")
        if c.get("number") is not None:
            sid = f"secret:{c['number']}"
            facts.append("- Secret number: " + (self.ref(sid, path, str(c["number"])) if sid in self.by_id else m.text(c["number"])))
        if (c.get("copies") or 1) > 1:
            facts.append(f"- Copies: {m.text(c['copies'])}")
        if c.get("aliases"):
            facts.append("- Also called: " + ", ".join(m.text(a) for a in c["aliases"]))
        if c.get("marks"):
            facts.append("- Marks: " + ", ".join(m.text(a) for a in c["marks"]))
        if c.get("title_keywords"):
            facts.append("- Title keywords: " + ", ".join(m.text(a) for a in c["title_keywords"]))
        for key, label in (("diet", "Diet"), ("order", "Order"), ("sleep", "Sleep"), ("points", "Points"), ("alert", "ALERT!")):
            if c.get(key) is not None:
                facts.append(f"- {label}: {m.text(c[key])}")
        if c.get("treatments"):
            facts.append("- Treatments: " + ", ".join(m.text(t) for t in c["treatments"]))
        out += ["## At a glance", "", *facts, ""]
        out += self._options(c.get("options") or [], c.get("completeness"))
        if c.get("notes"):
            out += ["## Notes", "", m.bullets([self.prose(n, path) for n in c["notes"]]), ""]
        refs = self._sorted_ids(self.refs_from.get(rid, ()))
        if refs:
            out += ["## Refers to", "", m.bullets([self.ref(r, path) for r in refs]), ""]
        back = self._sorted_ids(self.referenced_by.get(rid, ()))
        out += ["## Referenced by", ""]
        out += [m.bullets([self.ref(r, path) for r in back]) if back else "Nothing refers to this card.", ""]
        out += self._footer(c)
        return "\n".join(out)

    def _options(self, options: list, completeness: str | None, heading: str = "Options") -> list[str]:
        out = [f"## {heading}", ""]
        if not options:
            out += ["No option is stated in the rulebooks." if completeness != "complete" else "This card has no options.", ""]
            return out
        for i, opt in enumerate(options, 1):
            text = opt.get("text") if isinstance(opt, dict) else str(opt)
            english = self._describe(opt) if isinstance(opt, dict) else None
            out += ['<div class="paleo-option">',
                    f'<div class="paleo-option-english"><strong>Option {i}.</strong> '
                    + (m.h(english) if english else '<em>DSL source only</em>') + "</div>",
                    m.pre(text or ""), "</div>", ""]
        return out

    def symbol_page(self, rid: str, path: str) -> str:
        s = self.by_id[rid]
        out = self._header(rid, self.name(rid), s, boost=3, lead=_prose(s["explanation"]) if s.get("explanation") else None)
        aliases = s.get("aliases") or []
        facts = []
        if aliases:
            facts.append("- Also called: " + ", ".join(f"**{m.text(a)}**" for a in aliases))
        facts.append("- Positions: " + (", ".join(m.text(p) for p in s.get("positions") or []) or "none"))
        facts.append("- Games: " + (", ".join(self.ref(g, path) for g in s.get("games") or []) or "none"))
        out += ["## At a glance", "", *facts, ""]
        params = s.get("params") or []
        out += ["## Parameters", ""]
        if params:
            out += [m.table(["Name", "Type", "Optional"], [[m.text(p.get("name")), m.code(p.get("type")), "yes" if p.get("optional") else "no"] for p in params]), ""]
        else:
            out += ["None.", ""]
        if s.get("example"):
            ex = s["example"]
            game = (s.get("games") or ["game:paleo"])[0]
            opt = {"text": ex, "ir": self.compile_example(ex, game) if self.compile_example else None}
            out += ["## Example", ""] + self._options([opt], "complete", heading="")[2:]
        users = self._sorted_ids(self.referenced_by.get(rid, ()))
        out += ["## Used by", ""]
        out += [m.bullets([self.ref(u, path) for u in users]) if users else "No card uses this symbol yet.", ""]
        out += self._footer(s)
        return "\n".join(out)

    def secret_page(self, rid: str, path: str) -> str:
        s = self.by_id[rid]
        n = s.get("number")
        out = self._header(rid, self.name(rid), s, boost=4)
        copies = s.get("copies")
        facts = [f"- Number: **{m.text(n)}**", "- Copies: " + (m.text(copies) if copies is not None else "not stated")]
        if s.get("product"):
            facts.append(f"- Product: {self.ref(s['product'], path)}")
        if s.get("identical_backs"):
            facts.append("- The copies share a back: reveal the next one with this number.")
        if s.get("marks"):
            facts.append("- Marks: " + ", ".join(m.text(x) for x in s["marks"]))
        if s.get("always_needed"):
            facts.append("- Always needed with: " + ", ".join(self.ref(x, path) for x in s["always_needed"]))
        faces = [c["id"] for c in self._records("cards") if c.get("number") == n and c.get("kind") == "secret"]
        if s.get("card"):
            faces.insert(0, s["card"])
        if faces:
            facts.append("- The card: " + ", ".join(self.ref(c, path) for c in dict.fromkeys(faces)))
        out += ["## At a glance", "", *facts, ""]
        needs = [(x, Counter(x.get("secrets") or [])[n]) for x in self._records("modules") if n in (x.get("secrets") or [])]
        out += ["## Needed by", ""]
        out += [m.table(["Module", "Copies"], [[self.ref(x["id"], path), m.text(k)] for x, k in needs]) if needs else "No module lists this secret.", ""]
        reveal = [r for r in self._sorted_ids(self.referenced_by.get(rid, ())) if kind_of(r) in ("card", "token")]
        out += ["## Revealed by", ""]
        out += [m.bullets([self.ref(r, path) for r in reveal]) if reveal else "No authored card reveals it yet.", ""]
        out += self._footer(s)
        return "\n".join(out)

    def _scenario_modules(self, s: dict) -> list[tuple[str, dict | None]]:
        by_letter = {(x.get("game"), x.get("letter")): x for x in self._records("modules")}
        return [(L, by_letter.get((s.get("game"), L))) for L in s.get("modules") or []]

    def scenario_summary_graph(self, rid: str) -> tuple[str, int]:
        """What playing the scenario needs, one node per thing: its modules, each module's product,
        boards and secrets (the numbers in one node), and the scenario's own boards."""
        s = self.by_id[rid]
        edges: list[tuple[str, str, str]] = []
        names: dict[str, str] = {rid: self.name(rid)}
        for L, mod in self._scenario_modules(s):
            if mod is None:
                names[f"missing:{L}"] = f"Module {L} (not in the content)"
                edges.append((rid, f"missing:{L}", ""))
                continue
            edges.append((rid, mod["id"], ""))
            if mod.get("product") and mod.get("product") != s.get("product"):
                edges.append((mod["id"], mod["product"], "from"))
            for req in mod.get("requires") or []:
                edges.append((mod["id"], req, "needs"))
            secrets = sorted(set(mod.get("secrets") or []))
            if secrets:
                key = f"secrets:{mod['id']}"
                names[key] = ("Secret " if len(secrets) == 1 else "Secrets ") + ", ".join(str(n) for n in secrets)
                edges.append((mod["id"], key, "needs"))
        for bd in s.get("boards") or []:
            edges.append((rid, bd, "needs"))
        for e in edges:
            for n in e[:2]:
                names.setdefault(n, self.name(n))
        return flowchart(edges, names, focus=rid, limit=40, short=True), len(names)

    def scenario_graph(self, rid: str) -> tuple[str, int]:
        """Everything playing the scenario needs: the compiler's scenario subgraph, else the records' own links."""
        edges: list[tuple[str, str, str]] = []
        if self.scenario_subgraph is not None and rid in self.graph.nodes:
            try:
                sub = self.scenario_subgraph(self.b["graph"], rid)
                edges = [(str(e["source"]), str(e["target"]), str(e.get("kind") or "")) for e in sub.get("edges") or []]
            except Exception:  # drawn from the records below instead
                edges = []
        if not edges:
            s = self.by_id[rid]
            for L, mod in self._scenario_modules(s):
                if mod is None:
                    continue
                edges.append((rid, mod["id"], "module"))
                if mod.get("product"):
                    edges.append((mod["id"], mod["product"], "part of"))
                for n in sorted(set(mod.get("secrets") or [])):
                    edges.append((mod["id"], f"secret:{n}", "secret"))
            for bd in s.get("boards") or []:
                edges.append((rid, bd, "board"))
        names = {n: self.name(n) for e in edges for n in e[:2]}
        return flowchart(edges, names, focus=rid, limit=90), len(names)

    def scenario_page(self, rid: str, path: str) -> str:
        s = self.by_id[rid]
        out = self._header(rid, self.name(rid), s, boost=2)
        facts = [f"- Kind: {m.text(s.get('kind'))}", f"- Game: {self.ref(s.get('game') or '', path)}",
                 f"- Product: {self.ref(s.get('product') or '', path)}"]
        if s.get("players"):
            facts.append("- Players: " + ", ".join(m.text(p) for p in s["players"]))
        out += ["## At a glance", "", *facts, ""]
        mods = self._scenario_modules(s)
        out += ["## Modules", "", m.table(["Letter", "Module", "Difficulty", "Completeness"], [
            [m.text(L), self.ref(x["id"], path) if x else "not in the content", self._difficulty(x.get("difficulty")) if x else "",
             m.badge(x.get("completeness")) if x else ""] for L, x in mods]), ""]
        needs = []
        products = {x.get("product") for _, x in mods if x and x.get("product")}
        if s.get("product"):
            products.add(s["product"])
        if products:
            needs.append("- Products: " + ", ".join(self.ref(p, path) for p in sorted(products)))
        if s.get("boards"):
            needs.append("- Boards: " + ", ".join(self.ref(b, path) for b in s["boards"]))
        secrets = Counter()
        for _, x in mods:
            if x:
                secrets.update(x.get("secrets") or [])
        if secrets:
            needs.append("- Secrets: " + ", ".join(
                (self.ref(f"secret:{n}", path, f"{n}") if f"secret:{n}" in self.by_id else m.text(n)) + (f" ×{k}" if k > 1 else "")
                for n, k in sorted(secrets.items())))
        printed = [x.get("printed_cards") for _, x in mods if x]
        if printed and all(p is not None for p in printed):
            needs.append(f"- Module cards: {m.text(sum(printed))}")
        missing = [L for L, x in mods if x is None]
        if missing:
            needs.append("- Modules not in the content: " + ", ".join(m.text(L) for L in missing))
        out += ["## What it needs", "", *(needs or ["Nothing beyond the base game is recorded."]), ""]
        if s.get("notes"):
            out += ["## Notes", "", m.bullets([self.prose(n, path) for n in s["notes"]]), ""]
        summary, _ = self.scenario_summary_graph(rid)
        full, nodes = self.scenario_graph(rid)
        out += ["## Dependency diagram", "", "Arrows lead from the scenario to its modules and boards, and from each module "
                "to the boards, products and secrets it needs.", "",
                self._diagram(summary, full=full, nodes=nodes), ""]
        out += self._footer(s)
        return "\n".join(out)

    def code_page(self, c, path: str) -> str:
        title = f"{c.id} {c.name}"
        out = [m.title_front_matter(title, boost=0.2, description=c.summary), f"# {m.text(title)}", "",
               f"{m.code(c.severity.value)} {m.text(c.summary)}", "",
               "## What", "", _prose(c.what.strip()), "", "## Why", "", _prose(c.why.strip()), "",
               "## Example", "", m.pre(c.example.strip(), cls="paleo-example"), "", "## Fix", "", _prose(c.fix.strip()), "",
               f"The same text is printed by {m.code('paleo explain ' + c.id)}.", ""]
        return "\n".join(out)

    # ---- index pages -----------------------------------------------------------------------

    def _index(self, title: str, intro: str, body: list[str], *, searchable: bool = False) -> str:
        """A section index. Its tables repeat every entry's name, so it stays out of search unless asked:
        a search for a card lands on the card, and the index costs no search-index space."""
        fm = m.title_front_matter(title, exclude_from_search=not searchable)
        return "\n".join([fm, f"# {m.text(title)}", "", intro, "", *body, ""])

    def home_page(self) -> str:
        p = f"{REF}/index.md"
        counts = [
            (f"{RULES}/index.md", "Rules", len(self.rulebooks.by_ref)),
            (f"{REF}/games/index.md", "Games and products", len(self._records("games")) + len(self._records("products"))),
            (f"{REF}/modules/index.md", "Modules", len(self._records("modules"))),
            (f"{REF}/cards/index.md", "Cards", len(self._records("cards"))),
            (f"{REF}/symbols/index.md", "Symbols", len(self._records("symbols"))),
            (f"{REF}/secrets/index.md", "Secrets", len(self._records("secrets"))),
            (f"{REF}/scenarios/index.md", "Scenarios, levels and suggestions", len(self._records("scenarios"))),
            (f"{REF}/codes/index.md", "Diagnostic codes", len(self.codes)),
            (f"{REF}/tokens.md", "Tokens", len(self._records("tokens"))),
            (f"{REF}/interpretations.md", "Interpretations", len(self._records("interpretations"))),
            (f"{REF}/grammar.md", "Grammar", 1),
            (f"{REF}/rule-tests.md", "Rule-test format", len((self.rule_test_schema or {}).get("properties") or {})),
            (f"{REF}/changes.md", "What changed", 1),
        ]
        rows = [[m.link(label, p, target), m.text(n)] for target, label, n in counts]
        intro = ("Generated from the compiled bundle " + m.code(f"format_version {self.b.get('format_version', '?')}")
                 + ", so it always says what the content says.")
        return self._index("Rules reference", intro, [m.table(["Section", "Entries"], rows)])

    def games_index(self) -> str:
        p = f"{REF}/games/index.md"
        body = []
        for g in self._records("games"):
            body += [f"## {m.text(self.name(g['id']))}", "", self.ref(g["id"], p, "Game overview"), ""]
            prods = [x for x in self._records("products") if x.get("game") == g["id"]]
            if prods:
                body += [m.table(["Product", "Kind", "Printed cards", "Completeness"], [
                    [self.ref(x["id"], p), m.text(x.get("kind")), m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]),
                     m.badge(x.get("completeness"))] for x in prods]), ""]
        orphans = [x for x in self._records("products") if x.get("game") not in self.by_id]
        if orphans:
            body += ["## Other products", "", m.bullets([self.ref(x["id"], p) for x in orphans]), ""]
        return self._index("Games and products", "Every game and product in the content.", body or ["None yet."])

    def modules_index(self) -> str:
        p = f"{REF}/modules/index.md"
        rows = [[self.ref(x["id"], p), self.ref(x["product"], p) if x.get("product") else "not stated", self._difficulty(x.get("difficulty")),
                 m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]), m.text(len(x.get("cards") or [])),
                 m.badge(x.get("completeness"))] for x in self._records("modules")]
        return self._index("Modules", "Every module with its difficulty and how many of its cards are authored.",
                           [m.table(["Module", "Product", "Difficulty", "Printed", "Authored", "Completeness"], rows) or "None yet."])

    def cards_index(self) -> str:
        p = f"{REF}/cards/index.md"
        cards = sorted(self._records("cards"), key=lambda c: (self.name(c["id"]).lower(), c["id"]))

        def short(rid):  # a card's game or product, by name when it is in the content
            r = self.by_id.get(rid or "")
            return m.text(rid or "") if r is None else m.text(r.get("name") or rid)

        rows = [[self.ref(c["id"], p), short(c.get("game")), short(c.get("product")),
                 self.ref(c["module"], p, self.by_id.get(c["module"], {}).get("letter") or c["module"]) if c.get("module") else "",
                 m.text(c.get("back") or "unknown"), m.text(c.get("kind")), m.badge(c.get("completeness"))] for c in cards]
        facets = ("Game", "Product", "Module", "Back", "Kind", "Completeness")
        intro = ("Every card, by name. Narrow the table by game, product, module, back, kind and completeness, "
                 "or type part of a name; it filters in the page, so it works offline too.")
        return self._index("Cards", intro, [f'<div class="paleo-facets" data-facets="{",".join(facets)}"></div>', "",
                                             m.table(["Card", *facets], rows) or "None yet."])

    def symbols_index(self) -> str:
        p = f"{REF}/symbols/index.md"
        syms = sorted(self._records("symbols"), key=lambda s: str(s.get("name")).lower())
        rows = [[self.ref(s["id"], p), ", ".join(m.text(a) for a in s.get("aliases") or []), ", ".join(m.text(x) for x in s.get("positions") or []),
                 m.text(len(self.referenced_by.get(s["id"], ())))] for s in syms]
        return self._index("Symbols", "Every symbol of the effect language, with its aliases and the clause positions it may take.",
                           [m.table(["Symbol", "Aliases", "Positions", "Cards"], rows) or "None yet."])

    def secrets_index(self) -> str:
        p = f"{REF}/secrets/index.md"
        needed = defaultdict(list)
        for x in self._records("modules"):
            for n in sorted(set(x.get("secrets") or [])):
                needed[n].append(x)
        secs = sorted(self._records("secrets"), key=lambda s: s.get("number") or 0)
        rows = [[self.ref(s["id"], p), m.text(s["copies"]) if s.get("copies") is not None else "not stated", ", ".join(self.ref(x["id"], p, x.get("letter")) for x in needed.get(s.get("number"), [])),
                 m.badge(s.get("completeness"))] for s in secs]
        return self._index("Secrets", "Every numbered secret card, the modules that need it and the cards that reveal it.",
                           [m.table(["Secret", "Copies", "Needed by", "Completeness"], rows) or "None yet."])

    def scenarios_index(self) -> str:
        p = f"{REF}/scenarios/index.md"
        body = []
        for kind, title in (("scenario", "Scenarios"), ("level", "Levels"), ("suggestion", "Suggestions")):
            recs = [s for s in self._records("scenarios") if s.get("kind") == kind]
            if recs:
                body += [f"## {title}", "", m.table(["Name", "Modules", "Product"], [
                    [self.ref(s["id"], p), ", ".join(m.text(L) for L in s.get("modules") or []), self.ref(s.get("product") or "", p)] for s in recs]), ""]
        return self._index("Scenarios, levels and suggestions", "Module combinations the rulebooks name.", body or ["None yet."])

    def codes_index(self) -> str:
        p = f"{REF}/codes/index.md"
        rows = [[m.link(c.id, p, self._paths[f"code:{c.id}"]), m.code(c.name), m.text(c.severity.value), m.text(c.summary)] for c in self.codes]
        return self._index("Diagnostic codes", f"Every code the compiler reports; {m.code('paleo explain CODE')} prints the same text.",
                           [m.table(["Code", "Name", "Severity", "Summary"], rows) or "None."])

    def grammar_page(self) -> str:
        body = []
        if self.grammar:
            body += ["The effect language grammar (Lark, LALR), exactly as the parser loads it:", "", m.pre(self.grammar, cls="paleo-grammar"), ""]
        else:
            body += ["The grammar file is not part of this build.", ""]
        p = f"{REF}/grammar.md"
        by_pos = defaultdict(list)
        for s in self._records("symbols"):
            for pos in s.get("positions") or []:
                by_pos[pos].append(s["id"])
        if by_pos:
            body += ["## Symbols by clause position", "", "The symbol phrase inside each clause is resolved against the registry:", ""]
            for pos in sorted(by_pos):
                body += [f"- **{m.text(pos)}**: " + ", ".join(self.ref(s, p) for s in self._sorted_ids(by_pos[pos]))]
            body.append("")
        return self._index("Grammar", "How effect strings are parsed.", body, searchable=True)

    def tokens_page(self) -> str:
        p = f"{REF}/tokens.md"
        body = []
        for t in sorted(self._records("tokens"), key=lambda t: (str(t.get("product")), self.name(t["id"]).lower())):
            body += [f"## {m.text(self.name(t['id']))} {{: #{self.anchor(t['id'])} }}", "",
                     f"{m.badge(t.get('completeness'))} {m.code(t['id'])} — {m.text(t.get('kind'))} from {self.ref(t.get('product') or '', p)}", ""]
            if t.get("summary"):
                body += [self.prose_paragraphs(t["summary"], p), ""]
            if t.get("options"):
                body += self._options(t["options"], t.get("completeness"), heading="")[2:]
            for n in t.get("notes") or []:
                body += [f"- {self.prose(n, p)}"]
            body += ["", self._sources(t), ""]
        return self._index("Tokens", "Secret tokens, tool tokens, cult tools and other tokens.", body or ["None yet."], searchable=True)

    def interpretations_page(self) -> str:
        p = f"{REF}/interpretations.md"
        body = []
        for it in self._records("interpretations"):
            body += [f"## {m.text(it.get('question'))} {{: #{self.anchor(it['id'])} }}", "",
                     self.prose_paragraphs(it.get("reading"), p), "", m.code(it["id"]), ""]
            if it.get("affects"):
                body += ["Shapes: " + ", ".join(self.ref(a, p) for a in it["affects"]), ""]
            rules = self.rulebooks.rules_reading(it["id"])
            if rules:
                body += ["Reads the rules: " + ", ".join(self.rulebooks.link(r.ref, p) for r in rules), ""]
            body += ["Weighs:", "", self._sources({"source": it.get("citations")}), ""]
        return self._index("Interpretations", "Our readings of unclear or conflicting rules, with the citations they weigh.",
                           body or ["None yet."], searchable=True)

    # ---- rules pages, source pages -----------------------------------------------------------

    def rules_index(self) -> str:
        p = f"{RULES}/index.md"
        rows = [[m.link(b.title, p, b.path), m.text(sum(len(s.rules) for s in b.sections)),
                 ", ".join(m.link(s.title, p, b.path, s.key) for s in b.sections)] for b in self.rulebooks.books]
        return self._index("Rules", "The rules of every game and expansion in play order, each rule with its own link "
                           "and the rulebook section it comes from.", [m.table(["Rules", "Rules stated", "Sections"], rows) or "None yet."])

    def rules_page(self, book) -> str:
        p = book.path
        out = [m.title_front_matter(book.title, boost=5 if book.base else 4, description=book.lead), f"# {m.text(book.title)}", ""]
        if book.lead:
            out += [self.prose_paragraphs(book.lead, p), ""]
        ends = self.rulebooks.win_and_loss(book)
        if ends:
            out += ['!!! abstract "Winning and losing"', ""]
            out += ["    " + f"- {self.rulebooks.link(r.ref, p)}: {self.prose(r.text, p)}" for r in ends]
            out += [""]
        out += ["Every rule has its own link (the ¶ beside its heading) that stays the same when rules are added. "
                "The numbers are for reading only.", ""]
        out += [m.bullets([f"{m.link(f'{i}. {s.title}', p, p, s.key)} ({len(s.rules)})" for i, s in enumerate(book.sections, 1)]), ""]
        for i, sec in enumerate(book.sections, 1):
            out += [f"## {i}. {m.text(sec.title)} {{: #{sec.key} }}", ""]
            if sec.record:
                out += [f"{m.badge(self.by_id.get(sec.record, {}).get('completeness'))} {self.ref(sec.record, p, 'About ' + self.name(sec.record))}", ""]
            for rule in sec.rules:
                # the number stays out of the search title: a shorter title ranks a rule by its name alone
                out += [f'### <span class="paleo-num" data-search-exclude>{m.h(rule.number)}</span> {m.text(rule.name)} {{: #{rule.anchor} }}', "",
                        self.prose(rule.text, p), ""]
                meta = [self.sources.cite(rule.source) if rule.source else "No citation"]
                if rule.interpretations:
                    meta.append(("Reading" if len(rule.interpretations) == 1 else "Readings") + ": "
                                + ", ".join(self.ref(i, p, _humane(i.split(":", 1)[-1])) for i in rule.interpretations))
                if rule.tests:
                    meta.append(f"{m.text(len(rule.tests))} rule test" + ("s" if len(rule.tests) > 1 else ""))
                meta.append(m.code(rule.ref))
                # the citation line stays out of search: a rule's search entry is its name and text,
                # and a short entry ranks higher; its look-up words go in beside it
                out += [" · ".join(meta), "{: .paleo-rule-meta data-search-exclude }", ""]
                terms = SEARCH_TERMS.get(rule.ref)
                if terms:
                    out += ["Look-up words: " + ", ".join(m.text(t) for t in terms), "{: .paleo-terms }", ""]
        return "\n".join(out)

    def source_page(self, file: str, info: dict) -> str:
        """A content file shown whole, every line anchored (`#L12`), for "edit this record" without a repository."""
        title = f"Source: {file}"
        lines = info["text"].replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        body = "".join(f'<span class="paleo-line" id="L{i}">{html.escape(line, quote=True)}&#10;</span>' for i, line in enumerate(lines, 1))
        records = sorted(info["lines"].items(), key=lambda kv: kv[1])
        out = [m.title_front_matter(title, exclude_from_search=True), f"# {m.text(title)}", "",
               "The content file as this site was built from it. Its records:", "",
               m.bullets([f"{m.link(f'line {n}', info['path'], info['path'], f'L{n}')}: {self.ref(rid, info['path'])}" for rid, n in records]), "",
               f'<pre class="paleo-source" data-search-exclude><code>{body}</code></pre>', ""]
        return "\n".join(out)


def _diff_value(v) -> str:
    if v is None:
        return "—"
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, sort_keys=True)
    return m.text(s if len(s) <= 160 else s[:159] + "…")


def _humane(key: str) -> str:
    """`victory_tokens_to_win` -> `Victory tokens to win`."""
    words = str(key).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _value(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def coverage_bar(entry: dict, *, small: bool = False) -> str:
    """Printed against authored cards as a stacked bar (complete, partial, unknown, missing) and one line of words."""
    nums = {k: entry.get(k) if isinstance(entry.get(k), int) else 0 for k in ("complete", "partial", "unknown", "missing")}
    printed = entry.get("printed")
    total = sum(nums.values()) or 1
    parts = [f'<span class="paleo-cov-{k}" style="width:{100 * v / total:.1f}%"></span>' for k, v in nums.items() if v]
    words = (f"{entry.get('authored', 0)} of {'?' if printed is None else printed} printed cards authored: "
             f"{nums['complete']} complete, {nums['partial']} partial, {nums['unknown']} unknown"
             + (f", {nums['missing']} missing" if printed is not None else ", the printed count is not stated"))
    cls = "paleo-coverage paleo-coverage-small" if small else "paleo-coverage"
    bar = f'<span class="{cls}" role="img" aria-label="{html.escape(words)}">{"".join(parts)}</span>'
    return bar if small else f'{bar} <span class="paleo-coverage-words">{html.escape(words)}</span>'


def _prose(value: str) -> str:
    """Escaped prose, paragraph by paragraph, where `backtick spans` become code."""
    paras = [p for p in re.split(r"\n\s*\n", str(value)) if p.strip()]
    out = []
    for para in paras:
        para = re.sub(r"\s+", " ", para).strip()
        pieces = []
        for part in re.split(r"(`[^`]+`)", para):
            if len(part) > 2 and part.startswith("`") and part.endswith("`"):
                pieces.append(m.code(part[1:-1]))
            else:
                pieces.append(m.text(part, strip=False))
        out.append("".join(pieces))
    return "\n\n".join(out)


def read_grammar(root: Path) -> str | None:
    """The effect grammar as the parser loads it: from the checkout, else from the installed package data."""
    p = root / "grammar" / "effects.lark"
    if not p.is_file():
        try:
            from ..project import bundled_dir

            p = bundled_dir("grammar") / "effects.lark"
        except Exception:
            return None
    return p.read_text(encoding="utf-8") if p.is_file() else None
