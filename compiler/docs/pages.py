"""The generated reference: one markdown page per game, product, module, card, symbol, secret, scenario and code,
the section indexes, the rules pages, the content files' source pages and the "what changed" page."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from pathlib import Path

from ..project import bundled_dir
from . import markup as m
from .catalog import REF, SECTIONS, humane
from .record_pages import RecordPages
from .rules import RULES
from .schema_page import rule_test_page
from .search_terms import SEARCH_TERMS

__all__ = ["REF", "SECTIONS", "Reference", "read_grammar"]


class Reference(RecordPages):
    """Indexes one bundle and renders its reference pages as {docs-relative path: markdown}."""

    # ---- pages ---------------------------------------------------------------------------

    def pages(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for rid, path in self.page_paths.items():
            sec = self.section_of.get(rid)
            render = {
                "games": self.game_page, "products": self.product_page, "modules": self.module_page,
                "cards": self.card_page, "symbols": self.symbol_page, "secrets": self.secret_page,
                "scenarios": self.scenario_page,
            }.get(sec or "")
            if render is not None:
                out[path] = render(rid, path)
        for c in self.codes:
            p = self.page_paths[f"code:{c.id}"]
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
            (f"{REF}/games/index.md", "Games and products", len(self.records("games")) + len(self.records("products"))),
            (f"{REF}/modules/index.md", "Modules", len(self.records("modules"))),
            (f"{REF}/cards/index.md", "Cards", len(self.records("cards"))),
            (f"{REF}/symbols/index.md", "Symbols", len(self.records("symbols"))),
            (f"{REF}/secrets/index.md", "Secrets", len(self.records("secrets"))),
            (f"{REF}/scenarios/index.md", "Scenarios, levels and suggestions", len(self.records("scenarios"))),
            (f"{REF}/codes/index.md", "Diagnostic codes", len(self.codes)),
            (f"{REF}/tokens.md", "Tokens", len(self.records("tokens"))),
            (f"{REF}/interpretations.md", "Interpretations", len(self.records("interpretations"))),
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
        for g in self.records("games"):
            body += [f"## {m.text(self.name(g['id']))}", "", self.ref(g["id"], p, "Game overview"), ""]
            prods = [x for x in self.records("products") if x.get("game") == g["id"]]
            if prods:
                body += [m.table(["Product", "Kind", "Printed cards", "Completeness"], [
                    [self.ref(x["id"], p), m.text(x.get("kind")), m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]),
                     m.badge(x.get("completeness"))] for x in prods]), ""]
        orphans = [x for x in self.records("products") if x.get("game") not in self.by_id]
        if orphans:
            body += ["## Other products", "", m.bullets([self.ref(x["id"], p) for x in orphans]), ""]
        return self._index("Games and products", "Every game and product in the content.", body or ["None yet."])

    def modules_index(self) -> str:
        p = f"{REF}/modules/index.md"
        rows = [[self.ref(x["id"], p), self.ref(x["product"], p) if x.get("product") else "not stated", self.difficulty(x.get("difficulty")),
                 m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]), m.text(len(x.get("cards") or [])),
                 m.badge(x.get("completeness"))] for x in self.records("modules")]
        return self._index("Modules", "Every module with its difficulty and how many of its cards are authored.",
                           [m.table(["Module", "Product", "Difficulty", "Printed", "Authored", "Completeness"], rows) or "None yet."])

    def cards_index(self) -> str:
        p = f"{REF}/cards/index.md"
        cards = sorted(self.records("cards"), key=lambda c: (self.name(c["id"]).lower(), c["id"]))

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
        syms = sorted(self.records("symbols"), key=lambda s: str(s.get("name")).lower())
        rows = [[self.ref(s["id"], p), ", ".join(m.text(a) for a in s.get("aliases") or []), ", ".join(m.text(x) for x in s.get("positions") or []),
                 m.text(len(self.referenced_by.get(s["id"], ())))] for s in syms]
        return self._index("Symbols", "Every symbol of the effect language, with its aliases and the clause positions it may take.",
                           [m.table(["Symbol", "Aliases", "Positions", "Cards"], rows) or "None yet."])

    def secrets_index(self) -> str:
        p = f"{REF}/secrets/index.md"
        needed = defaultdict(list)
        for x in self.records("modules"):
            for n in sorted(set(x.get("secrets") or [])):
                needed[n].append(x)
        secs = sorted(self.records("secrets"), key=lambda s: s.get("number") or 0)
        rows = [[self.ref(s["id"], p), m.text(s["copies"]) if s.get("copies") is not None else "not stated", ", ".join(self.ref(x["id"], p, x.get("letter")) for x in needed.get(s.get("number"), [])),
                 m.badge(s.get("completeness"))] for s in secs]
        return self._index("Secrets", "Every numbered secret card, the modules that need it and the cards that reveal it.",
                           [m.table(["Secret", "Copies", "Needed by", "Completeness"], rows) or "None yet."])

    def scenarios_index(self) -> str:
        p = f"{REF}/scenarios/index.md"
        body = []
        for kind, title in (("scenario", "Scenarios"), ("level", "Levels"), ("suggestion", "Suggestions")):
            recs = [s for s in self.records("scenarios") if s.get("kind") == kind]
            if recs:
                body += [f"## {title}", "", m.table(["Name", "Modules", "Product"], [
                    [self.ref(s["id"], p), ", ".join(m.text(L) for L in s.get("modules") or []), self.ref(s.get("product") or "", p)] for s in recs]), ""]
        return self._index("Scenarios, levels and suggestions", "Module combinations the rulebooks name.", body or ["None yet."])

    def codes_index(self) -> str:
        p = f"{REF}/codes/index.md"
        rows = [[m.link(c.id, p, self.page_paths[f"code:{c.id}"]), m.code(c.name), m.text(c.severity.value), m.text(c.summary)] for c in self.codes]
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
        for s in self.records("symbols"):
            for pos in s.get("positions") or []:
                by_pos[pos].append(s["id"])
        if by_pos:
            body += ["## Symbols by clause position", "", "The symbol phrase inside each clause is resolved against the registry:", ""]
            for pos in sorted(by_pos):
                body += [f"- **{m.text(pos)}**: " + ", ".join(self.ref(s, p) for s in self.sorted_ids(by_pos[pos]))]
            body.append("")
        return self._index("Grammar", "How effect strings are parsed.", body, searchable=True)

    def tokens_page(self) -> str:
        p = f"{REF}/tokens.md"
        body = []
        for t in sorted(self.records("tokens"), key=lambda t: (str(t.get("product")), self.name(t["id"]).lower())):
            body += [f"## {m.text(self.name(t['id']))} {{: #{self.anchor(t['id'])} }}", "",
                     f"{m.badge(t.get('completeness'))} {m.code(t['id'])} — {m.text(t.get('kind'))} from {self.ref(t.get('product') or '', p)}", ""]
            if t.get("summary"):
                body += [self.prose_paragraphs(t["summary"], p), ""]
            if t.get("options"):
                body += self.options_block(t["options"], t.get("completeness"), heading="")[2:]
            for n in t.get("notes") or []:
                body += [f"- {self.prose(n, p)}"]
            body += ["", self.citations(t), ""]
        return self._index("Tokens", "Secret tokens, tool tokens, cult tools and other tokens.", body or ["None yet."], searchable=True)

    def interpretations_page(self) -> str:
        p = f"{REF}/interpretations.md"
        body = []
        for it in self.records("interpretations"):
            body += [f"## {m.text(it.get('question'))} {{: #{self.anchor(it['id'])} }}", "",
                     self.prose_paragraphs(it.get("reading"), p), "", m.code(it["id"]), ""]
            if it.get("affects"):
                body += ["Shapes: " + ", ".join(self.ref(a, p) for a in it["affects"]), ""]
            rules = self.rulebooks.rules_reading(it["id"])
            if rules:
                body += ["Reads the rules: " + ", ".join(self.rulebooks.link(r.ref, p) for r in rules), ""]
            body += ["Weighs:", "", self.citations({"source": it.get("citations")}), ""]
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
            steps = [r for r in sec.rules if r.kind not in ("rule", "setup")]
            if steps and not sec.record:  # a phase: what happens in it, in order (the section's own search entry)
                phase = steps[0].kind
                out += [f"What happens {'at' if phase.lower() == 'night' else 'in the'} {m.text(phase.lower())}, in order: "
                        + ", ".join(m.link(m.text(r.name.lower()), p, p, r.anchor) for r in steps) + ".", ""]
            for rule in sec.rules:
                # the number stays out of the search title: a shorter title ranks a rule by its name alone
                out += [f'### <span class="paleo-num" data-search-exclude>{m.h(rule.number)}</span> {m.text(rule.name)} {{: #{rule.anchor} }}', "",
                        self.prose(rule.text, p), ""]
                meta = [self.sources.cite(rule.source) if rule.source else "No citation"]
                if rule.interpretations:
                    meta.append(("Reading" if len(rule.interpretations) == 1 else "Readings") + ": "
                                + ", ".join(self.ref(i, p, humane(i.split(":", 1)[-1])) for i in rule.interpretations))
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


def read_grammar(root: Path) -> str | None:
    """The effect grammar as the parser loads it: from the checkout, else from the installed package data."""
    p = root / "grammar" / "effects.lark"
    if not p.is_file():
        try:
            p = bundled_dir("grammar") / "effects.lark"
        except Exception:
            return None
    return p.read_text(encoding="utf-8") if p.is_file() else None
