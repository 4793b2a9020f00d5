"""Build the dependency graph (plain dicts) and the index of facts the checks read."""

from __future__ import annotations

import gc
import re
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from ..coverage import counted_module
from ..diagnostics import Span
from ..effects.registry import game_id
from ..validate import Entry
from .refs import clip, iter_option_refs, needle_in

# Edge kinds, in the order the renderers list them.
PROVIDES = "provides"  # product/module -> module, card, secret, token, board, die
PART_OF = "part-of"  # product/board -> game
REFERENCES = "references"  # card/token/module/scenario/... -> secret, token, card, idea, title, module, board, product
MATCHES = "matches"  # title predicate -> card
REVEALS = "reveals"  # secret -> secret (through the secret's face)
FACE = "face"  # secret number -> its card
COMBINES = "combines"  # scenario -> module
REQUIRES = "requires"  # module/product/scenario -> board/product
ALWAYS_NEEDS = "always-needs"  # product/board -> secret
USES = "uses"  # card/token -> symbol
HAS_TOOL = "has-tool"  # game -> tool

EDGE_KINDS = (PROVIDES, PART_OF, REFERENCES, MATCHES, REVEALS, FACE, COMBINES, REQUIRES, ALWAYS_NEEDS, USES, HAS_TOOL)


@dataclass(slots=True)
class Ref:
    """One reference from a record to something another record must provide."""

    src: str  # the referring record's id
    kind: str  # secret, secret-mark, token, card, idea, title, module, board, product, game, symbol, record
    target: Any  # a number, a name or an id
    entry: Entry | None  # where the referring record is; the span is worked out only when reported
    where: tuple = ()  # the path of the field or option inside the record
    option: int | None = None  # index of the option it sits in, for option references
    needle: str | None = None  # the text of the reference inside the option string
    resolved: list[str] = ()  # node ids it resolves to (read-only: equal lookups share one list)
    number: int | None = None  # the secret number an option reference points at, when it is known

    @property
    def span(self) -> Span:
        if self.entry is None:
            return Span.point("<bundle>")
        if self.option is not None:
            opts = getattr(self.entry.record, "options", None) or ()
            text = opts[self.option] if self.option < len(opts) and isinstance(opts[self.option], str) else ""
            needle = self.needle if self.needle is not None else needle_in(text, self.kind, self.target)
            return _locate(self.entry, self.where, needle, text)
        return self.entry.file.span(self.entry.path + self.where)

    @property
    def shown(self) -> str:
        if self.kind in ("secret", "token") and isinstance(self.target, int):
            return f"{self.kind} {self.target}"
        if self.kind in ("card", "idea", "title", "secret", "token"):
            return f'{self.kind} "{clip(str(self.target))}"'
        return f"`{clip(str(self.target))}`"


class Graph:
    """A directed multigraph over plain dicts: nodes by id, edges keyed (source, target, kind)."""

    __slots__ = ("nodes", "edges", "out", "inc")

    def __init__(self) -> None:
        self.nodes: dict[str, dict] = {}
        self.edges: dict[tuple[str, str, str], dict] = {}
        self.out: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.inc: dict[str, list[tuple[str, str]]] = defaultdict(list)

    def node(self, nid: str, kind: str, label: str, **attrs) -> None:
        cur = self.nodes.get(nid)
        if cur is None:
            self.nodes[nid] = {"kind": kind, "label": label, **attrs}
        else:
            for k, v in attrs.items():
                cur.setdefault(k, v)

    def edge(self, src: str, dst: str, kind: str, **attrs) -> None:
        key = (src, dst, kind)
        if key in self.edges:
            if attrs:
                self.edges[key].update(attrs)
            return
        self.edges[key] = attrs
        self.out[src].append((dst, kind))
        self.inc[dst].append((src, kind))

    def successors(self, nid: str, kinds: tuple[str, ...] | None = None) -> Iterator[str]:
        for dst, k in self.out.get(nid, ()):
            if kinds is None or k in kinds:
                yield dst

    def predecessors(self, nid: str, kinds: tuple[str, ...] | None = None) -> Iterator[str]:
        for src, k in self.inc.get(nid, ()):
            if kinds is None or k in kinds:
                yield src

    def to_json(self) -> dict:
        """Node-link form (as networkx writes it), nodes and edges in a deterministic order."""
        return node_link(self.nodes, self.edges)


@contextmanager
def paused_gc():
    """Pause the cyclic garbage collector: the pass allocates many small acyclic objects, and full
    collections over a large heap would make its time grow faster than the number of cards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# The graph block of the node-link form (the incremental build's text writes the same).
META = {"name": "paleo-codex", "edge_kinds": list(EDGE_KINDS)}


def node_link(nodes: dict[str, dict], edges: dict[tuple[str, str, str], dict]) -> dict:
    return {
        "directed": True,
        "multigraph": True,
        "graph": {"name": META["name"], "edge_kinds": list(META["edge_kinds"])},
        "nodes": [{"id": nid, **nodes[nid]} for nid in sorted(nodes)],
        "edges": [
            {"source": s, "target": t, "key": k, "kind": k, **edges[(s, t, k)]}
            for (s, t, k) in sorted(edges)
        ],
    }


def secret_node(number: int) -> str:
    return f"secret:{number}"


def title_node(word: str) -> str:
    return "title:" + re.sub(r"[^a-z0-9]+", "-", word.lower()).strip("-")


def norm(name: str) -> str:
    return " ".join(name.lower().split())


class Facts:
    """The compiled records with their origins: the `ir` every check receives."""

    def __init__(self, entries: list[Entry], bundle: dict, registry: Any = None) -> None:
        self.bundle = bundle
        self.registry = registry
        self.entries: dict[str, Entry] = {}
        for e in entries:
            self.entries.setdefault(e.id, e)
        self.records: dict[str, dict] = {}
        for section in ("games", "boards", "products", "modules", "cards", "secrets", "tokens", "dice", "scenarios", "interpretations"):
            for r in bundle.get(section) or ():
                self.records[r["id"]] = r
        self.games = {r["id"]: r for r in bundle.get("games") or ()}
        self.boards = {r["id"]: r for r in bundle.get("boards") or ()}
        self.products = {r["id"]: r for r in bundle.get("products") or ()}
        self.modules = {r["id"]: r for r in bundle.get("modules") or ()}
        self.cards = {r["id"]: r for r in bundle.get("cards") or ()}
        self.secrets = {r["number"]: r for r in bundle.get("secrets") or ()}
        self.tokens = {r["id"]: r for r in bundle.get("tokens") or ()}
        self.scenarios = {r["id"]: r for r in bundle.get("scenarios") or ()}
        self.symbols = {s["id"]: s for s in bundle.get("symbols") or () if isinstance(s, dict) and "id" in s}

        self.module_by_letter: dict[tuple[str, str], str] = {}
        for m in self.modules.values():
            self.module_by_letter.setdefault((m["game"], m["letter"]), m["id"])
        self.cards_by_name: dict[str, list[str]] = defaultdict(list)
        self.secret_cards: dict[int, list[str]] = defaultdict(list)
        self.cards_by_product: dict[str, list[str]] = defaultdict(list)
        self.cards_by_module: dict[str, list[str]] = defaultdict(list)
        self.authored: dict[str, int] = defaultdict(int)  # owner (module or product) -> card copies authored
        self.authored_complete: dict[str, int] = defaultdict(int)  # the same, complete cards only
        for c in self.cards.values():
            copies = c.get("copies", 1)
            done = c.get("completeness") == "complete"
            for owner in (c["product"], counted_module(c)):  # a secret counts toward no module
                if owner:
                    self.authored[owner] += copies
                    if done:
                        self.authored_complete[owner] += copies
            for n in ([c["name"]] if c.get("name") else []) + list(c.get("aliases") or ()):
                self.cards_by_name[norm(n)].append(c["id"])
            if c.get("kind") == "secret" and c.get("number") is not None:
                self.secret_cards[c["number"]].append(c["id"])
            self.cards_by_product[c["product"]].append(c["id"])
            if c.get("module"):
                self.cards_by_module[c["module"]].append(c["id"])
        for s in self.secrets.values():
            if s.get("card") and s["card"] in self.cards and s["card"] not in self.secret_cards[s["number"]]:
                self.secret_cards[s["number"]].append(s["card"])
        self.tokens_by_number: dict[int, list[str]] = defaultdict(list)
        self.tokens_by_name: dict[str, list[str]] = defaultdict(list)
        for t in self.tokens.values():
            if t.get("number") is not None:
                self.tokens_by_number[t["number"]].append(t["id"])
            if t.get("name"):
                self.tokens_by_name[norm(t["name"])].append(t["id"])
        self.tokens_by_product: dict[str, list[str]] = defaultdict(list)
        for t in sorted(self.tokens):
            self.tokens_by_product[self.tokens[t]["product"]].append(t)
        self.modules_by_secret: dict[int, list[str]] = defaultdict(list)
        for mid in sorted(self.modules):
            for u in self.modules[mid].get("secret_uses") or ():
                if mid not in self.modules_by_secret[u["number"]]:
                    self.modules_by_secret[u["number"]].append(mid)
        self.always_by_scope: dict[str, set[int]] = defaultdict(set)
        for n, s in self.secrets.items():
            for scope in s.get("always_needed") or ():
                self.always_by_scope[scope].add(n)
        self.unresolved: list[Ref] = []
        self.option_refs: list[Ref] = []
        self.refs_by_src: dict[str, list[Ref]] = defaultdict(list)
        self.cache: dict = {}
        self._titles: dict[str, list[str]] | None = None

    # --- where things are -------------------------------------------------
    def span(self, rid: str, *path) -> Span:
        e = self.entries.get(rid)
        if e is None:
            return Span.point("<bundle>")
        file, base = e.where(path[0]) if path and isinstance(path[0], str) else (e.file, e.path)
        return file.span(base + tuple(path))

    # --- what is known ----------------------------------------------------
    def secret_provided(self, number: int) -> bool:
        return number in self.secrets or bool(self.secret_cards.get(number))

    def title_matches(self, word: str) -> list[str]:
        if self._titles is None:
            idx: dict[str, list[str]] = defaultdict(list)
            for cid in sorted(self.cards):
                c = self.cards[cid]
                words = set()
                for n in ([c["name"]] if c.get("name") else []) + list(c.get("aliases") or ()):
                    words.update(re.findall(r"[a-z0-9äöüß]+", n.lower()))
                words.update(norm(k) for k in c.get("title_keywords") or ())
                for w in words:
                    idx[w].append(cid)
            self._titles = idx
        return self._titles.get(norm(word), [])

    def unknown_cards(self, owner: str) -> int | None:
        """How many of a module's or product's printed cards are not completely authored (None: count not printed)."""
        rec = self.records.get(owner)
        if rec is None or rec.get("printed_cards") is None:
            return None
        return max(0, rec["printed_cards"] - self.authored_complete.get(owner, 0))

    def fully_known(self, owner: str) -> bool:
        key = ("known", owner)
        hit = self.cache.get(key)
        if hit is None:
            hit = self.unknown_cards(owner) == 0 and self.records.get(owner, {}).get("completeness") == "complete"
            self.cache[key] = hit
        return hit


def build(facts: Facts) -> Graph:
    """The graph of every record and every reference, with each reference resolved where possible.

    The whole graph, made afresh; `compiler.graph.incremental.kept_graph` makes the same graph from the
    state an earlier build left."""
    g = Graph()
    F = facts
    memo: dict = {}
    # per record: (its id, its references: (path, option index or None, ((kind, target, needle), ...)),
    # a field's reference or an option's); a reference becomes a `Ref` only when a check reads it
    parts = [(uid, unit_part(F, g, uid, sec, r, memo)) for uid, sec, r in unit_order(F)]

    resolved: dict = {}
    unresolved, option_refs, by_src, entries = F.unresolved, F.option_refs, F.refs_by_src, F.entries
    symbols, edges, out, inc = F.symbols, g.edges, g.out, g.inc
    for src, refs in parts:
        for where, option, found in refs:
            for k, t, needle in found:
                if k == "symbol" and type(t) is str:  # most references: an option's symbol, read by no check
                    if t in symbols:
                        key = (src, t, USES)
                        if key not in edges:  # Graph.edge, for the commonest edge
                            edges[key] = {}
                            out[src].append((t, USES))
                            inc[t].append((src, USES))
                    else:
                        unresolved.append(Ref(src, k, t, entries.get(src), where, option, needle, []))
                    continue
                key = (k, type(t), t) if k in _CONTEXT_FREE and isinstance(t, (str, int)) else None
                got = resolved.get(key) if key is not None else None
                if got is None:
                    got = lookup(F, g, k, t, context(F, src, k, t))
                    if key is not None:
                        resolved[key] = got
                hits = got[0]
                link(F, g, src, k, hits, got[1], option)
                if option is None:
                    if not hits:
                        unresolved.append(Ref(src, k, t, entries.get(src), where, None, needle, hits))
                    continue
                ref = Ref(src, k, t, entries.get(src), where, option, needle, hits, secret_number(F, k, t, hits))
                if not hits:
                    unresolved.append(ref)
                by_src[src].append(ref)
                option_refs.append(ref)
    return g


def unit_order(F: Facts) -> list[tuple[str, str, dict]]:
    """(id, section, record) of every record (and symbol) in the order the graph takes them; the
    interpretations come last: they add nothing, but a reference may name one."""
    dice, readings = [], []
    for k, r in F.records.items():
        if k[:4] == "die:":
            dice.append((k, "die", r))
        elif k[:15] == "interpretation:":
            readings.append((k, "interpretation", r))
    out = [(k, "game", r) for k, r in F.games.items()]
    out += [(k, "product", r) for k, r in F.products.items()]
    out += [(k, "board", r) for k, r in F.boards.items()]
    out += [(k, "module", r) for k, r in F.modules.items()]
    out += [(r["id"], "secret", r) for r in F.secrets.values()]
    out += [(k, "card", r) for k, r in F.cards.items()]
    out += [(k, "token", r) for k, r in F.tokens.items()]
    out += dice
    out += [(k, "scenario", r) for k, r in F.scenarios.items()]
    out += [(s["id"], "symbol", s) for s in F.symbols.values()]
    return out + readings


def unit_part(F: Facts, g, uid: str, sec: str, r: dict, memo: dict) -> list[tuple]:
    """Add what one record adds itself to `g` (its node, and for some kinds more nodes and edges), and
    return its references: (path in the record, option index or None, ((kind, target, needle), ...))."""
    refs: list[tuple] = []
    ref = refs.append
    attrs = {"completeness": r.get("completeness")}  # a record's own node
    if r.get("game"):
        attrs["game"] = r["game"]

    if sec == "card":
        g.node(r["id"], "card", r.get("name") or r["id"], **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        ref((("product",), None, (("product", r["product"], None),)))
        if r.get("module"):
            ref((("module",), None, (("module", r["module"], None),)))
        if r.get("kind") == "secret" and r.get("number") is not None:
            g.node(secret_node(r["number"]), "secret", f"secret {r['number']}")
            g.edge(secret_node(r["number"]), uid, FACE)
            if r["product"] in F.products:
                g.edge(r["product"], secret_node(r["number"]), PROVIDES, copies=r.get("copies", 1))
        _option_refs(F, r, refs, memo)
    elif sec == "token":
        g.node(uid, "token", r.get("name") or (f"token {r['number']}" if r.get("number") else uid), **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        ref((("product",), None, (("product", r["product"], None),)))
        _option_refs(F, r, refs, memo)
    elif sec == "game":
        g.node(r["id"], "game", r.get("name") or r["id"], **attrs)
        for i, b in enumerate(r.get("boards") or ()):
            ref((("boards", i), None, (("board", b, None),)))
        for tool in r.get("tools") or ():
            tid = "tool:" + re.sub(r"[^a-z0-9]+", "-", tool.lower()).strip("-")
            g.node(tid, "tool", tool)
            g.edge(uid, tid, HAS_TOOL)
    elif sec == "product":
        g.node(r["id"], "product", r.get("name") or r["id"], **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        for i, req in enumerate(r.get("requires") or ()):
            ref((("requires", i), None, (("record", req, None),)))
    elif sec == "board":
        g.node(r["id"], "board", r.get("name") or r["id"], **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        ref((("product",), None, (("product", r["product"], None),)))
    elif sec == "module":
        g.node(uid, "module", f"{r['letter']}: {r.get('name') or '?'}", **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        if r.get("product"):
            ref((("product",), None, (("product", r["product"], None),)))
        for i, cid in enumerate(r.get("missions") or ()):
            ref((("missions", i), None, (("card", cid, None),)))
        for i, cid in enumerate(r.get("ideas") or ()):
            ref((("ideas", i), None, (("card", cid, None),)))
        for i, use in enumerate(r.get("secret_uses") or ()):
            g.node(secret_node(use["number"]), "secret", f"secret {use['number']}")
            g.edge(uid, secret_node(use["number"]), PROVIDES, copies=use.get("copies", 1))
            ref((("secrets", i, "number"), None, (("secret", use["number"], None),)))
        for i, req in enumerate(r.get("requires") or ()):
            ref((("requires", i), None, (("record", req, None),)))
        for cid in r.get("cards") or ():
            g.edge(uid, cid, PROVIDES)
    elif sec == "secret":
        num = r["number"]
        g.node(secret_node(num), "secret", f"secret {num}", completeness=r.get("completeness"),
               copies=r.get("copies", 1), identical_backs=bool(r.get("identical_backs")), record=r["id"])
        if r.get("product"):
            ref((("product",), None, (("product", r["product"], None),)))
        if r.get("card"):
            ref((("card",), None, (("card", r["card"], None),)))
        for i, need in enumerate(r.get("always_needed") or ()):
            ref((("always_needed", i), None, (("record", need, None),)))
    elif sec == "die":
        g.node(r["id"], "die", r.get("name") or r["id"], **attrs)
        ref((("product",), None, (("product", r["product"], None),)))
    elif sec == "scenario":
        g.node(r["id"], r["kind"], r.get("name") or r["id"], **attrs)
        ref((("game",), None, (("game", r["game"], None),)))
        ref((("product",), None, (("product", r["product"], None),)))
        for i, letter in enumerate(r.get("modules") or ()):
            ref((("modules", i), None, (("letter", letter, None),)))
        for i, b in enumerate(r.get("boards") or ()):
            ref((("boards", i), None, (("board", b, None),)))
    elif sec == "symbol":
        g.node(r["id"], "symbol", r.get("name") or r["id"])
    return refs


def context(F: Facts, src: str, kind: str, target: Any):
    """What a lookup reads of the referring record: a numbered token's product, a module letter's game."""
    if kind == "token" and isinstance(target, int):
        return F.records.get(src, {}).get("product")
    if kind == "letter":
        return F.records.get(src, {}).get("game")
    return None


def secret_number(F: Facts, kind: str, target: Any, hits: list[str]) -> int | None:
    """The secret number an option reference points at: `secret N`, or a named secret card with a number."""
    if kind == "secret" and isinstance(target, int):
        return target
    if kind in ("secret", "card") and hits:
        nums = {F.cards[c].get("number") for c in hits if c in F.cards and F.cards[c].get("kind") == "secret"}
        nums.discard(None)
        if len(nums) == 1:
            return nums.pop()
    return None


def _option_refs(F: Facts, r: dict, refs: list[tuple], memo: dict) -> None:
    """The references of a record's options; `memo` holds each option IR's (or text's) references, so an
    option many cards share is walked once (the IR values stay alive, and their ids fixed, all build long).
    An option whose IR is the effects memo's own value (a bundle built with `share_ir`) keeps its
    references in that memo's entry, so a rebuild from the build cache walks only the options it
    compiled afresh: the references are a function of the IR alone."""
    compiled = getattr(F.registry, "memo", None)
    game = r.get("game")
    game = game_id(game) if isinstance(game, str) and game else None  # as the effects memo keys it
    for i, opt in enumerate(r.get("options") or ()):
        text = opt.get("text", "") if isinstance(opt, dict) else str(opt)
        ir = opt.get("ir") if isinstance(opt, dict) else None
        key = (id(ir), text) if ir is not None else (None, text)
        where = ("options", i)
        found = memo.get(key)
        if found is None:
            hit = compiled.get((text, game, None)) if ir is not None and isinstance(compiled, dict) else None
            if hit is not None and hit[0] is ir:
                if len(hit) > 2:
                    found = hit[2]
                else:
                    found = tuple(iter_option_refs(text, ir))
                    compiled[(text, game, None)] = (hit[0], hit[1], found)
            else:
                found = tuple(iter_option_refs(text, ir))
            memo[key] = found
        refs.append((where, i, found))


def _find(needle: str, text: str):
    # the needle as a whole reference: `secret 2` is not the start of `secret 23`
    return re.search(rf"(?<![\w-]){re.escape(needle)}(?![\w-])" if needle[-1:].isalnum() else re.escape(needle), text)


def _width(text: str, at: int, style: str | None) -> int:
    """How many file characters the value character written at `at` takes: escapes take more than one."""
    if style == '"' and text[at:at + 1] == "\\":
        return {"x": 4, "u": 6, "U": 10}.get(text[at + 1:at + 2], 2)
    if style == "'" and text[at:at + 2] == "''":
        return 2
    return 1


def _locate(e: Entry, sub: tuple, needle: str | None, text: str = "") -> Span:
    """The span of `needle` inside the option string, or of the whole option."""
    from ..effects.positions import line_col, offset_map  # noqa: PLC0415 - start-up cost: loaded when a reference is placed, not on a cache hit

    lf = e.file
    path = e.path + sub
    whole = lf.span(path)
    if not needle or path not in lf.positions:
        return whole
    pos = lf.positions[path]
    hit = _find(needle, text) if text else None
    if hit is not None and pos.end_index > pos.start_index:
        # through the scalar's escapes, quotes and line folding, character by character
        mapping = offset_map(lf.text, pos.style, pos.start_index, pos.end_index, text)
        if mapping is not None:
            last = mapping[hit.end() - 1]
            l1, c1 = line_col(lf.text, mapping[hit.start()])
            l2, c2 = line_col(lf.text, last + _width(lf.text, last, pos.style))
            return Span(lf.path, l1, c1, l2, c2)
    if pos.end_index > pos.start_index:
        seg = lf.text[pos.start_index:pos.end_index]
        m = _find(needle, seg)
        if m is not None:
            start = pos.start_index + m.start()
            line = lf.text.count("\n", 0, start) + 1
            col = start - (lf.text.rfind("\n", 0, start) + 1) + 1
            end = start + len(needle)
            if "\n" in needle:
                return whole
            return Span(lf.path, line, col, line, col + (end - start))
    return whole


# Reference kinds whose targets resolve without regard to the referring record: within one build each
# (kind, target) is looked up once (the nodes and edges a lookup adds are added by its first one).
_CONTEXT_FREE = frozenset({"secret", "secret-mark", "card", "idea", "title", "symbol", "module", "board",
                           "product", "game", "record"})


def lookup(F: Facts, g, k: str, t: Any, ctx: Any = None) -> tuple[list[str], str]:
    """The node ids a reference resolves to, and the kind of edge it draws (read-only lists: a memo shares
    them); `ctx` is the `context` the lookup reads of the referring record."""
    hits: list[str] = []
    edge_kind = REFERENCES
    if k == "secret":
        if isinstance(t, int):
            if F.secret_provided(t):
                hits = [secret_node(t)]
                g.node(secret_node(t), "secret", f"secret {t}")
        else:  # a secret card by name
            hits = [c for c in F.cards_by_name.get(norm(str(t)), ()) if F.cards[c].get("kind") == "secret"]
    elif k == "secret-mark":
        hits = [secret_node(n) for n, s in sorted(F.secrets.items()) if t in (s.get("marks") or ())]
    elif k == "token":
        if isinstance(t, int):
            cands = F.tokens_by_number.get(t, [])
            same = [x for x in cands if F.tokens[x].get("kind") == "secret-token"] or cands
            pref = [x for x in same if F.tokens[x].get("product") == ctx]
            hits = (pref or same)[:1] if len(pref or same) > 1 else (pref or same)
        elif str(t).startswith("token:"):
            hits = [t] if t in F.tokens else []
        else:
            hits = F.tokens_by_name.get(norm(str(t)), [])[:]
    elif k in ("card", "idea"):
        if isinstance(t, str) and t.startswith("card:"):
            hits = [t] if t in F.cards else []
        else:
            hits = list(F.cards_by_name.get(norm(str(t)), ()))
            if k == "idea":
                hits = [c for c in hits if F.cards[c].get("kind") == "idea"]
    elif k == "title":
        nid = title_node(str(t))
        g.node(nid, "title", str(t))
        for cid in F.title_matches(str(t)):
            g.edge(nid, cid, MATCHES)
        hits = [nid]
    elif k == "letter":
        mid = F.module_by_letter.get((ctx, t))
        hits = [mid] if mid else []
        edge_kind = COMBINES
    elif k == "symbol":
        hits = [t] if t in F.symbols else []
        edge_kind = USES
    elif k in ("module", "board", "product", "game", "record"):
        hits = [t] if t in F.records else []
        edge_kind = REQUIRES
    return hits, edge_kind


def link(F: Facts, g, src: str, k: str, hits: list[str], edge_kind: str, option: int | None) -> None:
    """Draw the edges of a reference that resolved to `hits`."""
    for h in hits:
        if k == "game":
            if not src.startswith(("card:", "token:")):  # cards hang off their product or module
                g.edge(src, h, PART_OF)
        elif k == "product" and src not in F.scenarios:
            if not F.records.get(src, {}).get("module"):
                g.edge(h, src, PROVIDES)
        elif k == "module" and src.startswith("card:"):
            pass  # the module lists its cards itself
        elif src.startswith("secret:") and k == "record":
            g.edge(h, src, ALWAYS_NEEDS)
        elif src.startswith("secret:") and k == "card":
            g.edge(src, h, FACE)
        elif k == "secret" and src.startswith("module:"):
            pass  # drawn above as the module providing the secret
        elif k == "card" and src.startswith("module:") and F.cards.get(h, {}).get("module") == src:
            pass  # its own mission or idea: the module already provides it
        else:
            g.edge(src, h, edge_kind)
    # a secret card's face that reveals another secret: a reveal-chain edge
    if k == "secret" and hits and option is not None:
        card = F.cards.get(src)
        if card and card.get("kind") == "secret" and card.get("number") is not None:
            for h in hits:
                target = h if h.startswith("secret:") else (
                    secret_node(F.cards[h]["number"]) if F.cards.get(h, {}).get("number") else None)
                if target:
                    g.edge(secret_node(card["number"]), target, REVEALS, via=src)
