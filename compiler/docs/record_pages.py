"""The reference page of each record: a game, a product, a module, a card, a symbol, a secret, a scenario, a code."""

from __future__ import annotations

from collections import Counter

from . import markup as m
from .catalog import Catalog, coverage_bar, humane, prose_text
from .diagrams import flowchart, kind_of


class RecordPages(Catalog):
    """The pages of single records, written from the catalog."""

    def game_page(self, rid: str, path: str) -> str:
        g = self.by_id[rid]
        out = self.header(rid, self.name(rid), g)
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
            out += ["## Numbers the rules fix", "", m.bullets([f"{m.text(humane(k))}: **{m.text('not stated' if v is None else _value(v))}**"
                                                          for k, v in g["parameters"].items()]), ""]
        products = [p for p in self.records("products") if p.get("game") == rid]
        if products:
            out += ["## Products", "", m.table(["Product", "Kind", "Printed cards", "Completeness", "Coverage"], [
                [self.ref(p["id"], path), m.text(p.get("kind")), m.text("not stated" if p.get("printed_cards") is None else p["printed_cards"]),
                 m.badge(p.get("completeness")), coverage_bar(self.bundle_coverage(p["id"]) or {}, small=True)] for p in products]), ""]
        boards = [b for b in self.records("boards") if b.get("game") == rid]
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
        modules = [x for x in self.records("modules") if x.get("game") == rid]
        if modules:
            out += ["## Modules", "", ", ".join(self.ref(x["id"], path) for x in modules), ""]
        out += self.footer(g)
        return "\n".join(out)

    def product_page(self, rid: str, path: str) -> str:
        p = self.by_id[rid]
        out = self.header(rid, self.name(rid), p)
        facts = [f"- Game: {self.ref(p.get('game') or '', path)}", f"- Kind: {m.text(p.get('kind'))}"]
        if p.get("aliases"):
            facts.append("- Also called: " + ", ".join(m.text(a) for a in p["aliases"]))
        if p.get("requires"):
            facts.append("- Requires: " + ", ".join(self.ref(x, path) for x in p["requires"]))
        book = self.rulebooks.book_of.get(rid)
        if book is not None:
            facts.append(f"- Rules: {m.link(book.title, path, book.path)}")
        out += ["## At a glance", "", *facts, ""]
        out += self.components(p.get("components"), "Components", path)
        if p.get("card_groups"):
            out += ["## Card groups", "", m.table(["Group", "Kind", "Count", "Modules", "Note"], [
                [m.text(g.get("name")), m.text(g.get("kind") or ""), m.text(g.get("count")),
                 ", ".join(m.text(x) for x in g.get("modules") or []), self.prose(g.get("note") or "", path)] for g in p["card_groups"]]), ""]
        dice = [d for d in self.records("dice") if d.get("product") == rid]
        if dice:
            out += ["## Dice", ""]
            for d in dice:
                faces = ", ".join(m.text(f) for f in d["faces"]) if d.get("faces") else "faces not stated"
                out += [f"### {m.text(d.get('name'))} {{: #{self.anchor(d['id'])} }}", "",
                        f"{m.badge(d.get('completeness'))} count {m.text(d.get('count') if d.get('count') is not None else 'not stated')}; {faces}", ""]
        out += self.coverage_lines(rid, p.get("printed_cards"), self.cards_of("product", rid))
        modules = [x for x in self.records("modules") if x.get("product") == rid]
        if modules:
            out += ["## Modules", "", m.table(["Module", "Difficulty", "Printed cards", "Authored", "Completeness"], [
                [self.ref(x["id"], path), self.difficulty(x.get("difficulty")), m.text("not stated" if x.get("printed_cards") is None else x["printed_cards"]),
                 m.text(len(x.get("cards") or [])), m.badge(x.get("completeness"))] for x in modules]), ""]
        tokens = [t for t in self.records("tokens") if t.get("product") == rid]
        if tokens:
            out += ["## Tokens", "", ", ".join(self.ref(t["id"], path) for t in tokens), ""]
        out += self.rule_list(rid, path)
        out += self.footer(p)
        return "\n".join(out)

    def _revealers(self, number) -> list[str]:
        return [r for r in self.sorted_ids(self.referenced_by.get(f"secret:{number}", ())) if kind_of(r) in ("card", "token")]

    def module_summary_graph(self, rid: str) -> tuple[str, int]:
        """What matters when playing the module: its product and needs, its secrets and the cards that
        reveal them, the scenarios that play it. Returns (mermaid, node count)."""
        x = self.by_id[rid]
        edges: list[tuple[str, str, str]] = []
        for s in self.records("scenarios"):
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
        out = self.header(rid, self.name(rid), x, boost=4)
        facts = [f"- Letter: **{m.text(x.get('letter'))}**", f"- Game: {self.ref(x.get('game') or '', path)}",
                 "- Product: " + (self.ref(x['product'], path) if x.get("product") else "not stated"),
                 f"- Difficulty: {self.difficulty(x.get('difficulty'))}"]
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
        scen = [s for s in self.records("scenarios") if x.get("letter") in (s.get("modules") or []) and s.get("game") == x.get("game")]
        if scen:
            facts.append("- Played in: " + ", ".join(self.ref(s["id"], path) for s in scen))
        link = self.rulebooks.record_link(rid, path, "its section of the rules")
        if link:
            facts.append(f"- Rules: {link}")
        out += ["## At a glance", "", *facts, ""]
        cards = [self.by_id[c] for c in x.get("cards") or [] if c in self.by_id]
        out += self.coverage_lines(rid, x.get("printed_cards"), cards)
        if x.get("missions"):
            out += ["## Mission", "", m.bullets([self.ref(c, path) for c in x["missions"]]), ""]
        out += self.components(x.get("decks"), "Decks", path)
        out += self.components(x.get("tokens"), "Tokens", path)
        out += self.rule_list(rid, path)
        out += ["## Cards", ""]
        if cards:
            out += ["Each card's options in English, beside the effect language they are written in.", ""]
            for c in cards:
                facts = [m.text(c.get("kind")), f"back {m.text(c.get('back') or 'unknown')}"]
                if (c.get("copies") or 1) > 1:
                    facts.append(f"×{m.text(c['copies'])}")
                out += [f"### {self.ref(c['id'], path)} {{: #{self.card_anchor(c['id'])} data-search-exclude }}", "",
                        f"{m.badge(c.get('completeness'))} " + " · ".join(facts), ""]
                out += self.options_block(c.get("options") or [], c.get("completeness"), heading="")[2:]
        else:
            out += ["No card of this module is authored yet.", ""]
        if x.get("ideas"):
            out += ["Ideas it adds: " + ", ".join(self.ref(c, path) for c in x["ideas"]), ""]
        summary, _ = self.module_summary_graph(rid)
        full, nodes = self.module_graph(rid)
        out += ["## Dependency diagram", "", "Arrows lead from each scenario that plays the module to the module, from the module "
                "to the boards it needs and the secrets it uses, and from each card that reveals a secret to that secret.", "",
                self.diagram(summary, full=full, nodes=nodes), ""]
        out += self.footer(x)
        return "\n".join(out)

    def card_page(self, rid: str, path: str) -> str:
        c = self.by_id[rid]
        out = self.header(rid, self.name(rid), c, boost=3)
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
        out += self.options_block(c.get("options") or [], c.get("completeness"))
        if c.get("notes"):
            out += ["## Notes", "", m.bullets([self.prose(n, path) for n in c["notes"]]), ""]
        refs = self.sorted_ids(self.refs_from.get(rid, ()))
        if refs:
            out += ["## Refers to", "", m.bullets([self.ref(r, path) for r in refs]), ""]
        back = self.sorted_ids(self.referenced_by.get(rid, ()))
        out += ["## Referenced by", ""]
        out += [m.bullets([self.ref(r, path) for r in back]) if back else "Nothing refers to this card.", ""]
        out += self.footer(c)
        return "\n".join(out)

    def symbol_page(self, rid: str, path: str) -> str:
        s = self.by_id[rid]
        out = self.header(rid, self.name(rid), s, boost=3, lead=prose_text(s["explanation"]) if s.get("explanation") else None)
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
            out += ["## Example", ""] + self.options_block([opt], "complete", heading="")[2:]
        users = self.sorted_ids(self.referenced_by.get(rid, ()))
        out += ["## Used by", ""]
        out += [m.bullets([self.ref(u, path) for u in users]) if users else "No card uses this symbol yet.", ""]
        out += self.footer(s)
        return "\n".join(out)

    def secret_page(self, rid: str, path: str) -> str:
        s = self.by_id[rid]
        n = s.get("number")
        out = self.header(rid, self.name(rid), s, boost=4)
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
        faces = [c["id"] for c in self.records("cards") if c.get("number") == n and c.get("kind") == "secret"]
        if s.get("card"):
            faces.insert(0, s["card"])
        if faces:
            facts.append("- The card: " + ", ".join(self.ref(c, path) for c in dict.fromkeys(faces)))
        out += ["## At a glance", "", *facts, ""]
        needs = [(x, Counter(x.get("secrets") or [])[n]) for x in self.records("modules") if n in (x.get("secrets") or [])]
        out += ["## Needed by", ""]
        out += [m.table(["Module", "Copies"], [[self.ref(x["id"], path), m.text(k)] for x, k in needs]) if needs else "No module lists this secret.", ""]
        reveal = [r for r in self.sorted_ids(self.referenced_by.get(rid, ())) if kind_of(r) in ("card", "token")]
        out += ["## Revealed by", ""]
        out += [m.bullets([self.ref(r, path) for r in reveal]) if reveal else "No authored card reveals it yet.", ""]
        out += self.footer(s)
        return "\n".join(out)

    def _scenario_modules(self, s: dict) -> list[tuple[str, dict | None]]:
        by_letter = {(x.get("game"), x.get("letter")): x for x in self.records("modules")}
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
        out = self.header(rid, self.name(rid), s, boost=2)
        facts = [f"- Kind: {m.text(s.get('kind'))}", f"- Game: {self.ref(s.get('game') or '', path)}",
                 f"- Product: {self.ref(s.get('product') or '', path)}"]
        if s.get("players"):
            facts.append("- Players: " + ", ".join(m.text(p) for p in s["players"]))
        out += ["## At a glance", "", *facts, ""]
        mods = self._scenario_modules(s)
        out += ["## Modules", "", m.table(["Letter", "Module", "Difficulty", "Completeness"], [
            [m.text(L), self.ref(x["id"], path) if x else "not in the content", self.difficulty(x.get("difficulty")) if x else "",
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
                self.diagram(summary, full=full, nodes=nodes), ""]
        out += self.footer(s)
        return "\n".join(out)

    def code_page(self, c, path: str) -> str:
        title = f"{c.id} {c.name}"
        out = [m.title_front_matter(title, boost=0.2, description=c.summary), f"# {m.text(title)}", "",
               f"{m.code(c.severity.value)} {m.text(c.summary)}", "",
               "## What", "", prose_text(c.what.strip()), "", "## Why", "", prose_text(c.why.strip()), "",
               "## Example", "", m.pre(c.example.strip(), cls="paleo-example"), "", "## Fix", "", prose_text(c.fix.strip()), "",
               f"The same text is printed by {m.code('paleo explain ' + c.id)}.", ""]
        return "\n".join(out)


def _value(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)
