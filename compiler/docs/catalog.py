"""The index of one bundle the reference pages are written from: every record by id, its page, its name and
links to it, the cross references between records, and the blocks every page shares."""

from __future__ import annotations

import hashlib
import html
import re
from collections import Counter, defaultdict
from typing import Callable, Iterable

from . import markup as m
from .diagrams import GraphIndex, kind_of
from .rules import RuleBooks
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


MAX_SLUG = 80  # a page name's part: far below a file name's 255 bytes, with room for `.md` and a suffix


def slug(part: str) -> str:
    """The one rule for a page name's part and an anchor: lower-case letters and digits joined by `-` (so nothing
    in it needs escaping in a path, a URL or HTML), at most MAX_SLUG characters — a longer one keeps its start
    and ends in a digest of the whole, so two long ids still get two pages."""
    out = re.sub(r"[^a-z0-9]+", "-", part.lower()).strip("-") or "x"
    if len(out) > MAX_SLUG:
        out = out[:MAX_SLUG - 13].rstrip("-") + "-" + hashlib.sha256(part.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return out


def walk_strings(node, key: str = "") -> Iterable[tuple[str, str]]:
    """Every (key, string) pair inside an IR tree."""
    if isinstance(node, str):
        yield key, node
    elif isinstance(node, dict):
        if node.get("ref") == "secret" and isinstance(node.get("number"), int):
            yield "ref", f"secret:{node['number']}"  # `reveal secret 23` names the secret by number
        for k, v in node.items():
            yield from walk_strings(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from walk_strings(v, key)


def humane(key: str) -> str:
    """`victory_tokens_to_win` -> `Victory tokens to win`."""
    words = str(key).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


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


def prose_text(value: str) -> str:
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


class Catalog:
    """Indexes one bundle: records, their pages and names, links between them, and the pages' shared blocks."""
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
        self.page_paths: dict[str, str] = {}
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
            parts = [slug(p) for p in local.split("/") if p]
            if sec == "scenarios":
                parts.insert(0, slug(kind))
            if sec == "products":  # products share the games section
                path = f"{REF}/games/product-{'-'.join(parts)}.md"
            else:
                path = f"{REF}/{folder[sec]}/{'/'.join(parts) or 'x'}.md"
            self.page_paths[rid] = self._claim(path)
        for c in self.codes:
            self.page_paths[f"code:{c.id}"] = self._claim(f"{REF}/codes/{slug(c.id)}.md")

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
            parts = [slug(x) for x in re.sub(r"\.ya?ml$", "", f).split("/") if x]
            out[f] = {"path": self._claim(f"{REF}/source/{'/'.join(parts)}.md"), "lines": lines, "text": text}
        return out

    def path_of(self, rid: str) -> str | None:
        if "#" in rid:
            rule = self.rulebooks.by_ref.get(rid)
            return rule.page if rule else None
        if rid in self.page_paths:
            return self.page_paths[rid]
        sec = self.section_of.get(rid)
        rec = self.by_id.get(rid, {})
        if sec == "boards":
            return self.page_paths.get(rec.get("game") or "")
        if sec == "dice":
            return self.page_paths.get(rec.get("product") or "")
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
        return slug(rid)

    @staticmethod
    def card_anchor(cid: str) -> str:
        """A card's block on its module page."""
        return slug("card-" + cid.split(":", 1)[-1])

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
            for r in self.records(sec):
                rid = r.get("id")
                for opt in r.get("options") or []:
                    ir = opt.get("ir") if isinstance(opt, dict) else None
                    for key, s in walk_strings(ir):
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

    def sorted_ids(self, ids: Iterable[str]) -> list[str]:
        return sorted(set(ids), key=lambda i: (self.name(i).lower(), i))

    # ---- shared blocks -------------------------------------------------------------------

    def citations(self, rec: dict) -> str:
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

    def header(self, rid: str, title: str, rec: dict, *, boost: float | None = None, lead: str | None = None) -> list[str]:
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

    def footer(self, rec: dict) -> list[str]:
        out = ["## Source", "", self.citations(rec), ""]
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

    def rule_list(self, rid: str, path: str, heading: str = "Setup and rules") -> list[str]:
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

    def components(self, items, heading: str, page: str) -> list[str]:
        """A table of components; `page` is the page it goes on (links in its notes are relative to it)."""
        if not items:
            return []
        rows = [[m.text(c.get("name")), m.text(c.get("kind") or ""),
                 m.text("not stated" if c.get("count") is None else c.get("count")), self.prose(c.get("note") or "", page)]
                for c in items]
        return [f"## {heading}", "", m.table(["Component", "Kind", "Count", "Note"], rows), ""]

    def diagram(self, source: str, *, full: str, nodes: int = 0) -> str:
        """The summary diagram, and the whole graph behind a toggle (drawn only when opened)."""
        out = m.pre(source, cls="paleo-diagram", searchable=False)  # diagram source is no search text
        return (out + "\n\n" + f'<details class="paleo-full-graph" data-search-exclude><summary>The full dependency graph'
                f'{f" ({nodes} nodes)" if nodes else ""}</summary>\n' + m.pre(full, cls="paleo-diagram paleo-diagram-full", searchable=False)
                + "\n</details>")

    def coverage_lines(self, rid: str, printed, cards: list[dict]) -> list[str]:
        """Printed against authored cards, as a small bar: the compiler's coverage when the bundle has it, else counted here."""
        entry = self.bundle_coverage(rid)
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

    def bundle_coverage(self, rid: str) -> dict | None:
        cov = self.b.get("coverage") or {}
        if not isinstance(cov, dict):
            return None
        for key in ("modules", "products"):
            part = cov.get(key)
            if isinstance(part, dict) and isinstance(part.get(rid), dict):
                return part[rid]
        return cov[rid] if isinstance(cov.get(rid), dict) else None

    def records(self, sec: str) -> list[dict]:
        return [r for r in self.b.get(sec) or [] if isinstance(r, dict) and r.get("id")]

    def cards_of(self, key: str, value: str) -> list[dict]:
        return [c for c in self.records("cards") if c.get(key) == value]

    def difficulty(self, d) -> str:
        if d is None:
            return "not stated"
        if isinstance(d, dict):
            return "; ".join(f"{m.text(k)} players: {m.text(_LEVEL_NAMES.get(v, v))}" for k, v in sorted(d.items(), key=lambda kv: str(kv[0])))
        return m.text(_LEVEL_NAMES.get(d, d))

    def english(self, opt: dict) -> str | None:
        if self.describe is None or not isinstance(opt, dict) or opt.get("ir") is None:
            return None
        try:
            return self.describe(opt["ir"])
        except Exception:  # a describer bug must not take the whole site down; the DSL still shows
            return None

    def options_block(self, options: list, completeness: str | None, heading: str = "Options") -> list[str]:
        out = [f"## {heading}", ""]
        if not options:
            out += ["No option is stated in the rulebooks." if completeness != "complete" else "This card has no options.", ""]
            return out
        for i, opt in enumerate(options, 1):
            text = opt.get("text") if isinstance(opt, dict) else str(opt)
            english = self.english(opt) if isinstance(opt, dict) else None
            out += ['<div class="paleo-option">',
                    f'<div class="paleo-option-english"><strong>Option {i}.</strong> '
                    + (m.h(english) if english else '<em>DSL source only</em>') + "</div>",
                    m.pre(text or ""), "</div>", ""]
        return out
