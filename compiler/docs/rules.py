"""Rules pages for players: the content's rule records (setup steps, phase steps and rules of games,
products, boards and modules), per game and per expansion, in play order, each rule anchored.

A rule's reference is the one rule tests name (`runtime.ruletests.rule_refs`): `<record>#<rule id>`,
`<record>#<phase>/<step>` or `<record>#setup/<step>`. Its anchor is derived from that reference alone,
so adding or removing other rules never moves it; its shown number (`2.3`) is only for reading.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import markup as m

RULES = "reference/rules"

# Play order. A rule's stage comes from the headings it cites, innermost first; the first keyword wins.
STAGES = ("overview", "setup", "turn", "night", "end", "clarifications")
_STAGE_WORDS = (
    ("end", ("end of game", "end of the game", "ending the game", "game end", "scoring", "victory", "defeat")),
    ("clarifications", ("clarification",)),
    ("night", ("night",)),
    ("setup", ("setup", "set up", "setting up", "preparation")),
    ("overview", ("introduction", "objective", "overview", "ways to play", "combining", "components", "concepts")),
)
_STAGE_TITLES = {"overview": "Overview", "setup": "Setup", "night": "The night", "end": "End of the game",
                 "clarifications": "Clarifications"}


def slug(name: object) -> str:
    """The runtime's step slug (`runtime.ruletests._slug`): lower case, runs of other characters one hyphen."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in str(name).lower()).split())


def anchor_of(ref: str) -> str:
    """`game:paleo#night/feeding` -> `game-paleo--night--feeding`: unique, since slugs have no double hyphen."""
    record, _, rule = ref.partition("#")
    return "--".join([slug(record), *[slug(p) for p in rule.split("/")]])


def stage_of(sections: list[str] | None, default: str = "turn") -> str:
    for head in reversed(sections or []):
        low = str(head).lower()
        for stage, words in _STAGE_WORDS:
            if any(w in low for w in words):
                return stage
    return default


@dataclass
class Rule:
    ref: str
    record: str
    name: str
    text: str
    source: dict | None          # its own citation, else its phase's, else its record's first
    own_source: bool
    stage: str
    kind: str                     # "rule", "setup" or the phase's name
    anchor: str = ""
    number: str = ""
    page: str = ""
    interpretations: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


@dataclass
class Section:
    title: str
    key: str                      # anchor of the section heading
    rules: list[Rule]
    record: str | None = None     # a board's or module's section shows its record
    intro: str = ""


@dataclass
class Book:
    path: str
    title: str
    lead: str
    records: list[str]
    sections: list[Section]
    base: bool = False            # a game's own rules (searched first), not an expansion's


def _record_source(rec: dict, stage: str) -> dict | None:
    """The record's citation for a rule that has none of its own: the first whose headings are of the
    rule's stage (a setup step cites the record's setup section), else the record's first."""
    src = rec.get("source")
    items = [s for s in (src if isinstance(src, list) else [src]) if isinstance(s, dict)]
    for s in items:
        if stage_of(s.get("section"), default="") == stage:
            return s
    return items[0] if items else None


def record_rules(rec: dict) -> list[Rule]:
    """Every rule record of one game, product, board or module, in the order the content states them."""
    rid = str(rec.get("id"))
    out: list[Rule] = []
    for st in rec.get("setup") or []:
        out.append(Rule(f"{rid}#setup/{slug(st.get('name', ''))}", rid, str(st.get("name") or ""), str(st.get("text") or ""),
                        st.get("source") or _record_source(rec, "setup"), bool(st.get("source")), "setup", "setup"))
    for ph in rec.get("phases") or []:
        pname = str(ph.get("name") or "")
        pstage = "night" if "night" in pname.lower() else "turn"
        for st in ph.get("steps") or []:
            out.append(Rule(f"{rid}#{slug(pname)}/{slug(st.get('name', ''))}", rid, str(st.get("name") or ""),
                            str(st.get("text") or ""), st.get("source") or ph.get("source") or _record_source(rec, pstage),
                            bool(st.get("source") or ph.get("source")), pstage, pname))
    for r in rec.get("rules") or []:
        src = r.get("source")
        stage = stage_of(src.get("section")) if src else "turn"
        out.append(Rule(f"{rid}#{r.get('id')}", rid, str(r.get("name") or ""), str(r.get("text") or ""),
                        src or _record_source(rec, stage), bool(src), stage, "rule"))
    for r in out:
        r.anchor = anchor_of(r.ref)
    return out


def read_rule_tests(root: Path) -> list[dict]:
    """The committed rule tests' names and the rules and interpretations they name (none outside a checkout)."""
    folder = root / "tests" / "rules"
    out = []
    if not folder.is_dir():
        return out
    for p in sorted(folder.glob("*.json")):
        try:
            t = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(t, dict):
            out.append({"file": f"tests/rules/{p.name}", "name": str(t.get("name") or p.stem),
                        "rules": [str(x) for x in t.get("rules") or [] if isinstance(x, str)],
                        "interpretations": [str(x) for x in t.get("interpretations") or [] if isinstance(x, str)]})
    return out


def _prefix(a: list, b: list) -> bool:
    return len(a) <= len(b) and list(b[: len(a)]) == list(a)


class RuleBooks:
    """The rules pages of one bundle and the index of every rule: ref -> Rule (page, anchor, number)."""

    def __init__(self, ref, rule_tests: list[dict] | None = None):
        self.ref = ref  # the Reference: names, links, records
        self.by_ref: dict[str, Rule] = {}
        self.book_of: dict[str, Book] = {}     # record id -> its book
        self.section_of: dict[str, Section] = {}  # record id -> its section (boards, modules)
        self.books: list[Book] = []
        self._build()
        self._link(rule_tests or [])

    # ---- which records go on which page -------------------------------------------------

    def _build(self) -> None:
        r = self.ref
        products = r.records("products")
        used: set[str] = set()
        for g in r.records("games"):
            base = [p for p in products if p.get("game") == g["id"] and p.get("kind") in ("base-game", "game")]
            recs = [g, *base]
            self._book(f"{RULES}/{_page_slug(g)}.md", f"{r.name(g['id'])} — the rules", recs,
                       [p["id"] for p in base], used, game=g)
        for p in products:
            if p["id"] in used:
                continue
            self._book(f"{RULES}/{_page_slug(p)}.md", f"{r.name(p['id'])} — the rules", [p], [p["id"]], used)

    def _book(self, path: str, title: str, recs: list[dict], product_ids: list[str], used: set[str], game: dict | None = None) -> None:
        r = self.ref
        for x in recs:
            used.add(x["id"])
        stage_rules: dict[str, list[Rule]] = {s: [] for s in STAGES}
        for x in recs:
            for rule in record_rules(x):
                stage_rules[rule.stage].append(rule)
        phases = [str(ph.get("name") or "") for x in recs for ph in x.get("phases") or []]
        turn_title = "The day" if "day" in phases else ("A turn" if "turn" in phases else "Playing")
        sections = [Section(turn_title if s == "turn" else _STAGE_TITLES[s], s, stage_rules[s]) for s in STAGES if stage_rules[s]]
        boards = [b for b in r.records("boards") if b.get("product") in product_ids]
        modules = [x for x in r.records("modules") if x.get("product") in product_ids]
        for x in boards + modules:
            rules = sorted(record_rules(x), key=lambda ru: STAGES.index(ru.stage))  # stable: content order within a stage
            if not rules:
                continue
            sec = Section(r.name(x["id"]), "rules-" + slug(x["id"]), rules, record=x["id"], intro=x.get("summary") or "")
            sections.append(sec)
            self.section_of[x["id"]] = sec
            used.add(x["id"])
        if not any(s.rules for s in sections):
            return
        lead = ""
        if game is not None and game.get("summary"):
            lead = game["summary"]
        elif recs[0].get("summary"):
            lead = recs[0]["summary"]
        path = r._claim(path)
        book = Book(path, title, lead, [x["id"] for x in recs] + [s.record for s in sections if s.record], sections,
                    base=game is not None)
        for i, sec in enumerate(sections, 1):
            for j, rule in enumerate(sec.rules, 1):
                rule.number, rule.page = f"{i}.{j}", path
                self.by_ref[rule.ref] = rule
        for rid in book.records:
            self.book_of[rid] = book
        self.books.append(book)

    # ---- readings and tests -----------------------------------------------------------------

    def _link(self, tests: list[dict]) -> None:
        known = {i["id"] for i in self.ref.records("interpretations")}
        for t in tests:
            for ref in t["rules"]:
                rule = self.by_ref.get(ref)
                if rule is None:
                    continue
                rule.tests.append(t["name"])
                for i in t["interpretations"]:
                    if i in known and i not in rule.interpretations:
                        rule.interpretations.append(i)
        # a reading of a record whose citation names a rule's own section (or a part of it) reads that rule
        by_record: dict[str, list[Rule]] = {}
        for rule in self.by_ref.values():
            by_record.setdefault(rule.record, []).append(rule)
        for it in self.ref.records("interpretations"):
            for rid in it.get("affects") or []:
                for rule in by_record.get(rid, []):
                    if not rule.own_source or not rule.source:
                        continue
                    sec = list(rule.source.get("section") or [])
                    if any(c.get("rulebook") == rule.source.get("rulebook") and len(sec) > 1 and _prefix(sec, c.get("section") or [])
                           for c in it.get("citations") or [] if isinstance(c, dict)):
                        if it["id"] not in rule.interpretations:
                            rule.interpretations.append(it["id"])
        for rule in self.by_ref.values():
            rule.interpretations.sort()

    def rules_reading(self, interpretation_id: str) -> list[Rule]:
        return sorted((r for r in self.by_ref.values() if interpretation_id in r.interpretations), key=lambda r: (r.page, r.anchor))

    # ---- links ------------------------------------------------------------------------------

    def link(self, ref: str, from_page: str, label: str | None = None) -> str | None:
        rule = self.by_ref.get(ref)
        if rule is None:
            return None
        return m.link(label or f"{rule.number} {rule.name}", from_page, rule.page, rule.anchor)

    def record_link(self, rid: str, from_page: str, label: str = "The rules") -> str | None:
        book = self.book_of.get(rid)
        if book is None:
            return None
        sec = self.section_of.get(rid)
        return m.link(label, from_page, book.path, sec.key if sec else "")

    def win_and_loss(self, book: Book) -> list[Rule]:
        return [r for s in book.sections for r in s.rules if r.stage == "end" and s.record is None]


def _page_slug(rec: dict) -> str:
    local = str(rec["id"]).split(":", 1)[-1]
    name = str(rec.get("name") or local)
    name = re.sub(r"^paleo:\s*", "", name, flags=re.I) if rec["id"].startswith("product:") else name
    return slug(name) or slug(local)
