"""The graph of a rebuild: the last build's graph with only what an edit touches made again.

Each record (and symbol) is a unit: the nodes and edges it adds itself (`build.unit_part`), its
references, their lookups and the edges they draw. The state a build leaves — plain data the build
cache keeps under the symbol files in force — holds each unit's stamp (the identity of its record in
that build: its file's key and its place there, or a digest of the record) and part, the index entries
each unit provides (`provides`: what a lookup may read of it), every lookup with what it found and the
index entries it read (`lookup_deps`), the graph's nodes and edges with how many contributions each has,
and the text of each node and edge in the written bundle.

A rebuild finds the units whose stamp differs, or that are new or gone: the index entries they provided
before or provide now are dirty. A lookup that read a dirty entry is made again; when its answer differs,
or it found a changed record (whose fields the edges read), every unit that used it resolves its
references again. Those units' parts are taken out of the graph (a node or an edge goes with its last
contribution) and made again, and only the texts of the nodes and edges they touched are written again.

A graph whose contributions all agree (`CountedGraph.conflict` unset) is the union of them, whatever
their order, so the result equals a first build's. A build whose graph has a conflict, whose records repeat
an id or a secret number, or with a reference that cannot be keyed, is built whole (`build.build`
without a state) and leaves none.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import marshal
import re
import secrets
from types import MappingProxyType
from typing import Any

from .build import (META, Facts, Graph, Ref, build, context, link, lookup, norm, secret_number, unit_order,
                    unit_part)

VERSION = 3
_SECTIONS = ("games", "boards", "products", "modules", "cards", "secrets", "tokens", "dice", "scenarios",
             "interpretations")
_WORDS = re.compile(r"[a-z0-9äöüß]+")
_ONE = 1 << 20  # a count: contributions without attributes + _ONE x contributions with them
REBASE = 0.01  # a rebuild that makes more than this share of the units again leaves its state for the next


class _Unkeyed(Exception):
    """A reference whose lookup cannot be keyed (a target neither a string nor a number)."""


class Recorder:
    """Stands for a graph while one unit or lookup is made: notes the nodes and edges it adds."""

    __slots__ = ("nodes", "edges")

    def __init__(self) -> None:
        self.nodes: list = []
        self.edges: list = []

    def node(self, nid: str, kind: str, label: str, **attrs) -> None:
        self.nodes.append((nid, kind, label, attrs))

    def edge(self, src: str, dst: str, kind: str, **attrs) -> None:
        self.edges.append((src, dst, kind, attrs))


_NONE = MappingProxyType({})  # the attributes of an edge with none, shared by a state's edges (never changed)


class CountedGraph(Graph):
    """A `Graph` whose nodes and edges count their contributions, so a unit's part can be taken out again;
    its adjacency is made when a check first asks for it. A count is (contributions without attributes)
    + _ONE x (contributions with them); one without attributes, the commonest, is not stored. `conflict`
    is set when two contributions to one node or edge disagree (then the graph would depend on their
    order). `touched` keeps what each node or edge a rebuild changed was before it."""

    __slots__ = ("ncount", "ecount", "conflict", "touched", "state", "_adj")

    def __init__(self, nodes=None, edges=None, ncount=None, ecount=None) -> None:  # noqa: D107
        self.nodes = {} if nodes is None else nodes
        self.edges = {} if edges is None else edges
        self.ncount: dict = {} if ncount is None else ncount
        self.ecount: dict = {} if ecount is None else ecount
        self.conflict = False
        self.touched: dict = {}  # node id or edge key -> its value before the first change (None: absent)
        self.state: dict | None = None  # the state it is kept in (with the nodes' and edges' order)
        self._adj = None

    def to_json(self) -> dict:
        return graph_json(self.state) if self.state is not None else super().to_json()

    @property
    def out(self):
        return self._adjacency()[0]

    @property
    def inc(self):
        return self._adjacency()[1]

    def _adjacency(self):
        if self._adj is None:
            out: dict = {}
            inc: dict = {}
            for s, t, k in self.edges:
                out.setdefault(s, []).append((t, k))
                inc.setdefault(t, []).append((s, k))
            self._adj = (out, inc)
        return self._adj

    def node(self, nid: str, kind: str, label: str, **attrs) -> None:
        self.add_node((nid, kind, label, attrs))

    def edge(self, src: str, dst: str, kind: str, **attrs) -> None:
        self.add_edge((src, dst, kind, attrs))

    def _touch(self, key, cur) -> None:
        if key not in self.touched:
            self.touched[key] = None if cur is None else dict(cur)

    def add_node(self, n: tuple) -> None:
        nid, kind, label, attrs = n
        cur = self.nodes.get(nid)
        self._touch(nid, cur)
        if cur is None:
            self.nodes[nid] = {"kind": kind, "label": label, **attrs}
            if attrs:
                self.ncount[nid] = _ONE
            return
        count = self.ncount.get(nid, 1)
        if cur["kind"] != kind or cur["label"] != label:
            self.conflict = True
        if attrs:
            if count >= _ONE and {k: v for k, v in cur.items() if k != "kind" and k != "label"} != attrs:
                self.conflict = True
            cur.update(attrs)
        self.ncount[nid] = count + (_ONE if attrs else 1)

    def drop_node(self, n: tuple) -> None:
        nid, _, _, attrs = n
        cur = self.nodes[nid]
        self._touch(nid, cur)
        count = _less(self.nodes, self.ncount, nid, attrs)
        if count and attrs and count < _ONE:  # the last contribution with attributes went
            self.nodes[nid] = {"kind": cur["kind"], "label": cur["label"]}

    def add_edge(self, e: tuple) -> None:
        key = (e[0], e[1], e[2])
        attrs = e[3]
        cur = self.edges.get(key)
        self._touch(key, cur)
        self._adj = None
        if cur is None:
            self.edges[key] = dict(attrs)
            if attrs:
                self.ecount[key] = _ONE
            return
        count = self.ecount.get(key, 1)
        if attrs:
            if count >= _ONE:
                if cur != attrs:
                    self.conflict = True
                cur.update(attrs)
            else:
                self.edges[key] = dict(attrs)  # never changed in place: a state's edges share one value
        self.ecount[key] = count + (_ONE if attrs else 1)

    def drop_edge(self, e: tuple) -> None:
        key = (e[0], e[1], e[2])
        attrs = e[3]
        self._touch(key, self.edges[key])
        self._adj = None
        count = _less(self.edges, self.ecount, key, attrs)
        if count and attrs and count < _ONE:
            self.edges[key] = {}

    def changed(self) -> tuple[list, list]:
        """The node ids and the edge keys whose value (or presence) differs from before the changes."""
        nodes, edges = [], []
        for key, before in self.touched.items():
            if type(key) is tuple:
                if self.edges.get(key) != before:
                    edges.append(key)
            elif self.nodes.get(key) != before:
                nodes.append(key)
        return nodes, edges

    def add(self, nodes, edges) -> None:
        for n in nodes:
            self.add_node(n)
        for e in edges:
            self.add_edge(e)

    def drop(self, nodes, edges) -> None:
        for n in nodes:
            self.drop_node(n)
        for e in edges:
            self.drop_edge(e)


def _less(values: dict, counts: dict, key, attrs) -> int:
    """Take one contribution (with `attrs` or without) from `key`'s count, and the key itself when none is
    left; returns the count left."""
    count = counts.get(key, 1) - (_ONE if attrs else 1)
    if not count:
        del values[key]
        counts.pop(key, None)
    elif count == 1:  # the commonest count is not stored
        counts.pop(key, None)
    else:
        counts[key] = count
    return count


# -- keys ----------------------------------------------------------------------------------------

def stamp_of(uid: str, r: dict, stamps: dict, sec: str = "") -> str | None:
    """A unit's identity in this build: the caller's (a record whose bundle form its file's bytes decide:
    the file's key and the record's place there), else a digest of the record; None when it has neither
    (then it counts as changed in every build). A symbol is a function of the symbol files, under which
    the state is kept: it never changes while the state is used."""
    got = stamps.get(uid)
    if got is not None:
        return got
    if sec == "symbol":
        return "s"
    try:
        text = json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return "d:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def provides(sec: str, r: dict) -> list:
    """The index entries a unit provides: what a lookup may read of it."""
    if sec == "symbol":
        return [("sym", r["id"])]
    out: list = [("id", r["id"])]
    if sec == "card":
        names = ([r["name"]] if r.get("name") else []) + list(r.get("aliases") or ())
        words: set = set()
        for n in names:
            out.append(("name", norm(n)))
            words.update(_WORDS.findall(n.lower()))
        words.update(norm(k) for k in r.get("title_keywords") or ())
        out.extend(("title", w) for w in sorted(words))
        if r.get("kind") == "secret" and r.get("number") is not None:
            out.append(("secret", r["number"]))
    elif sec == "token":
        if r.get("number") is not None:
            out.append(("tnum", r["number"]))
        if r.get("name"):
            out.append(("tname", norm(r["name"])))
    elif sec == "secret":
        out.append(("secret", r["number"]))
        out.extend(("marks", m) for m in r.get("marks") or ())
    elif sec == "module":
        out.append(("letter", r.get("game"), r.get("letter")))
    return out


def lookup_key(F: Facts, src: str, kind: str, target: Any) -> tuple:
    """What a reference's lookup depends on besides the records: its kind, target (and its type), and what it
    reads of the referring record (`build.context`)."""
    tt = "b" if isinstance(target, bool) else "i" if isinstance(target, int) else "s" if isinstance(target, str) else None
    ctx = context(F, src, kind, target)
    if tt is None or not (ctx is None or isinstance(ctx, str)):
        raise _Unkeyed
    return (kind, tt, target, ctx)


def lookup_deps(F: Facts, lk: tuple) -> list:
    """The index entries a lookup reads (besides the records it finds)."""
    kind, tt, t, ctx = lk
    if kind == "secret":
        if tt != "s":
            s = F.secrets.get(t)
            return [("secret", t)] + ([("id", s["card"])] if s and s.get("card") else [])
        return [("name", norm(t))]
    if kind == "secret-mark":
        return [("marks", t)]
    if kind == "token":
        if tt != "s":
            return [("tnum", t)]
        return [("id", t)] if t.startswith("token:") else [("tname", norm(t))]
    if kind in ("card", "idea"):
        return [("id", t)] if tt == "s" and t.startswith("card:") else [("name", norm(str(t)))]
    if kind == "title":
        return [("title", norm(str(t)))]
    if kind == "letter":
        return [("letter", ctx, t)]
    if kind == "symbol":
        return [("sym", t)]
    if kind in ("module", "board", "product", "game", "record"):
        return [("id", t)]
    return []


# -- making and keeping ---------------------------------------------------------------------------

def _plain(F: Facts, units: list) -> bool:
    """Whether every record is one unit: no id or secret number repeats, and every record is taken."""
    ids = {u[0] for u in units}
    return (len(ids) == len(units) == len(F.records) + len(F.symbols)
            and sum(len(F.bundle.get(s) or ()) for s in _SECTIONS) == len(F.records)
            and len(F.secrets) == len(F.bundle.get("secrets") or ()))


def kept_graph(F: Facts, keep: dict) -> Graph:
    """`build.build` with a state: the previous one patched when it can be, else a first build that leaves
    one (or, when the graph cannot be kept, the plain build, which leaves none). `keep` gives `stamps`,
    `previous` (the state, or None) and `texts` (a function giving the state's edge texts, or None); it
    receives `state`, `save` (whether the state is worth keeping for the next build), `etext` (the edge
    texts to keep with it, when they changed) and `text` (the graph's text in the written bundle)."""
    units = unit_order(F)
    prev = keep.pop("previous", None)
    keep.update(state=None, text=None, save=False, etext=None)
    if not _plain(F, units):
        return build(F)
    g = None
    if _valid(prev):
        try:
            g = _patched(F, units, keep, prev)
        except (_Unkeyed, KeyError, IndexError, TypeError, ValueError, AttributeError, EOFError):  # a state that does not fit
            g = None
        if g is None:
            _forget(F, keep)
    if g is None:
        try:
            g = _first(F, units, keep)
        except _Unkeyed:
            g = None
        if g is None:
            _forget(F, keep)
            return build(F)
    g.state = keep["state"]
    keep["text"] = graph_text(g.state)
    return g


def _forget(F: Facts, keep: dict) -> None:
    keep.update(state=None, text=None, save=False, etext=None)
    F.unresolved.clear()
    F.option_refs.clear()
    F.refs_by_src.clear()


_STATE = {"nodes": dict, "ncount": dict, "eorder": list, "eattrs": dict, "ecount": dict, "ntext": dict,
          "norder": list, "nitems": list, "eitems": list, "ejoined": bytes, "texts": str, "units": dict,
          "reads": dict, "lookups": dict}


def _valid(st: Any) -> bool:
    return (isinstance(st, dict) and st.get("version") == VERSION
            and all(isinstance(st.get(k), t) for k, t in _STATE.items()))


def _resolve(F: Facts, g: CountedGraph, uid: str, refs: list, table: dict) -> tuple[list, list, list]:
    """Look a unit's references up (each lookup once, in `table`, which counts its uses) and draw their
    edges. Returns (the lookup key of each reference, the edges drawn, the references the checks read:
    (kind, target, path, option, needle, lookup key, secret number, whether it is an option's))."""
    keys: list = []
    reads: list = []
    drawn = Recorder()
    for where, option, found in refs:
        for k, t, needle in found:
            lk = lookup_key(F, uid, k, t)
            v = table.get(lk)
            if v is None:
                side = Recorder()
                hits, ek = lookup(F, side, k, t, lk[3])
                v = table[lk] = [hits, ek, side.nodes, side.edges, 0, lookup_deps(F, lk)]
                g.add(side.nodes, side.edges)
            v[4] += 1
            keys.append(lk)
            hits = v[0]
            link(F, drawn, uid, k, hits, v[1], option)
            if option is None or (k == "symbol" and type(t) is str):  # read by a check when unresolved
                if not hits:
                    reads.append((k, t, where, option, needle, lk, None, False))
            else:
                reads.append((k, t, where, option, needle, lk, secret_number(F, k, t, hits), True))
    for e in drawn.edges:
        g.add_edge(e)
    return keys, drawn.edges, reads


def _release(g: CountedGraph, table: dict, keys: list, drawn: list) -> None:
    """Take a unit's resolved references out: their edges, and their use of each lookup (a lookup nothing
    uses goes, with the nodes and edges it added)."""
    for e in drawn:
        g.drop_edge(e)
    for lk in keys:
        v = table[lk]
        v[4] -= 1
        if not v[4]:
            g.drop(v[2], v[3])
            del table[lk]


def _first(F: Facts, units: list, keep: dict) -> CountedGraph | None:
    stamps = keep.get("stamps") or {}
    g = CountedGraph()
    table: dict = {}
    memo: dict = {}
    parts = []
    for uid, sec, r in units:
        rec = Recorder()
        refs = unit_part(F, rec, uid, sec, r, memo)
        g.add(rec.nodes, rec.edges)
        parts.append((uid, sec, r, rec, refs))
    state_units: dict = {}
    reads: dict = {}
    for uid, sec, r, rec, refs in parts:
        keys, drawn, rd = _resolve(F, g, uid, refs, table)
        state_units[uid] = [stamp_of(uid, r, stamps, sec),
                            marshal.dumps((provides(sec, r), rec.nodes, rec.edges, refs, keys, drawn))]
        if rd:
            reads[uid] = rd
    if g.conflict:
        return None
    norder = sorted(g.nodes)
    eorder = sorted(g.edges)
    nitems = [_node_item(n, g.nodes[n]) for n in norder]
    eitems = [_edge_item(e, g.edges[e]) for e in eorder]
    etext = {e: _dumps(item) for e, item in zip(eorder, eitems)}
    keep["state"] = {
        "version": VERSION, "nodes": g.nodes, "ncount": g.ncount, "eorder": eorder, "ecount": g.ecount,
        "eattrs": {}, "ntext": {n: _dumps(item) for n, item in zip(norder, nitems)}, "norder": norder,
        "nitems": nitems, "eitems": eitems, "ejoined": b",".join([etext[e] for e in eorder]),
        "texts": secrets.token_hex(8), "units": state_units, "reads": reads, "lookups": table, "edges": g.edges}
    keep["save"] = True
    keep["etext"] = etext
    g.touched = {}
    _collect(F, units, reads, table)
    return g


def _patched(F: Facts, units: list, keep: dict, st: dict) -> CountedGraph | None:
    stamps = keep.get("stamps") or {}
    sunits: dict = st["units"]
    reads: dict = st["reads"]
    table: dict = st["lookups"]
    edges = dict.fromkeys(st["eorder"], _NONE)
    edges.update(st["eattrs"])
    st["edges"] = edges
    g = CountedGraph(st["nodes"], edges, st["ncount"], st["ecount"])

    dirty: set = set()
    changed: dict = {}  # unit id -> its stamp now: its whole part is made again
    faces = []  # secret cards: their edge from their product is drawn only while the product is a record
    new = 0
    get_stamp, get_unit = stamps.get, sunits.get
    for uid, sec, r in units:
        stamp = get_stamp(uid)
        if stamp is None:
            stamp = stamp_of(uid, r, stamps, sec)
        was = get_unit(uid)
        if was is None or stamp is None or was[0] != stamp:
            changed[uid] = stamp
            dirty.update(provides(sec, r))
            new += was is None
        elif sec == "card" and r.get("kind") == "secret" and r.get("number") is not None:
            faces.append((uid, r))
    # every unit of the state is still here unless the counts say otherwise
    removed = [] if len(units) - new == len(sunits) else [uid for uid in sunits if uid not in {u[0] for u in units}]
    old: dict = {uid: marshal.loads(sunits[uid][1]) for uid in [*removed, *changed] if uid in sunits}
    for part in old.values():
        dirty.update(part[0])
    for uid, r in faces:
        if ("id", r.get("product")) in dirty:
            changed[uid] = sunits[uid][0]
            old[uid] = marshal.loads(sunits[uid][1])
    keep["state"] = st
    if not changed and not removed:
        _collect(F, units, reads, table)
        return g

    stale: set = set()  # lookups whose references resolve again
    for lk, v in table.items():
        found_changed = any(("id", h) in dirty for h in v[0])
        if found_changed or any(d in dirty for d in v[5]):
            side = Recorder()
            hits, ek = lookup(F, side, lk[0], lk[2], lk[3])
            if found_changed or (hits, ek, side.nodes, side.edges) != (v[0], v[1], v[2], v[3]):
                stale.add(lk)
            else:
                v[5] = lookup_deps(F, lk)
    again: dict = {}  # unit id -> its part, for units that only resolve their references again
    if stale:
        gone = set(removed)
        for uid, (stamp, blob) in sunits.items():
            if uid not in changed and uid not in gone:
                part = marshal.loads(blob)
                if any(k in stale for k in part[4]):
                    again[uid] = part

    for uid, part in old.items():
        g.drop(part[1], part[2])
        _release(g, table, part[4], part[5])
    for part in again.values():
        _release(g, table, part[4], part[5])
    for uid in removed:
        del sunits[uid]
        reads.pop(uid, None)

    memo: dict = {}
    made = []
    for uid, sec, r in units:
        if uid in changed:
            rec = Recorder()
            refs = unit_part(F, rec, uid, sec, r, memo)
            g.add(rec.nodes, rec.edges)
            made.append((uid, changed[uid], provides(sec, r), rec.nodes, rec.edges, refs))
        elif uid in again:
            part = again[uid]
            made.append((uid, sunits[uid][0], part[0], part[1], part[2], part[3]))
    for uid, stamp, prov, nodes, edges, refs in made:
        keys, drawn, rd = _resolve(F, g, uid, refs, table)
        sunits[uid] = [stamp, marshal.dumps((prov, nodes, edges, refs, keys, drawn))]
        if rd:
            reads[uid] = rd
        else:
            reads.pop(uid, None)
    if g.conflict:
        return None
    if not _retext(g, st, keep):
        return None
    keep["save"] = len(made) + len(removed) > max(20, REBASE * len(units))
    _collect(F, units, reads, table)
    return g


def _collect(F: Facts, units: list, reads: dict, table: dict) -> None:
    """The references the checks read, as `Ref`s in the graph's order (as `build.build` makes them)."""
    unresolved, option_refs, by_src, entries = F.unresolved, F.option_refs, F.refs_by_src, F.entries
    for uid, _, _ in units:
        rd = reads.get(uid)
        if not rd:
            continue
        e = entries.get(uid)
        for k, t, where, option, needle, lk, number, is_option in rd:
            hits = table[lk][0]
            ref = Ref(uid, k, t, e, where, option, needle, hits, number)
            if not hits:
                unresolved.append(ref)
            if is_option:
                by_src[uid].append(ref)
                option_refs.append(ref)


# -- the graph's text ---------------------------------------------------------------------------

def _dumps(value) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def _node_item(nid: str, node: dict) -> dict:
    return {"id": nid, **node}


def _edge_item(key: tuple, attrs: dict) -> dict:
    s, t, k = key
    return {"source": s, "target": t, "key": k, "kind": k, **attrs}


def _retext(g: CountedGraph, st: dict, keep: dict) -> bool:
    """Make again the node-link item and text of each node and edge whose value or presence a rebuild
    changed (the edges' texts are read from the cache only when one did); False when they cannot be had."""
    nodes, edges = g.changed()
    g.touched = {}
    for nid in nodes:
        _place(st["norder"], st["nitems"], st["ntext"], nid,
               _node_item(nid, g.nodes[nid]) if nid in g.nodes else None)
    if edges:
        load = keep.get("texts")
        got = load(st["texts"]) if load is not None else None
        if not isinstance(got, dict) or len(got) != len(st["eorder"]):
            return False
        for key in edges:
            _place(st["eorder"], st["eitems"], got, key, _edge_item(key, g.edges[key]) if key in g.edges else None)
        st["ejoined"] = b",".join([got[k] for k in st["eorder"]])
        st["texts"] = secrets.token_hex(8)
        keep["etext"] = got
    return True


def _place(order: list, items: list, texts: dict, key, item: dict | None) -> None:
    """Set (or, with None, remove) one node's or edge's item and text, keeping them in `order`."""
    at = bisect.bisect_left(order, key)
    there = at < len(order) and order[at] == key
    if item is None:
        if there:
            del order[at], items[at]
            texts.pop(key, None)
        return
    if there:
        items[at] = item
    else:
        order.insert(at, key)
        items.insert(at, item)
    texts[key] = _dumps(item)


def graph_json(st: dict) -> dict:
    """The graph's node-link form (`build.node_link`), from a state's items (each item is the state's own:
    a bundle is read, never changed)."""
    return {
        "directed": True,
        "multigraph": True,
        "graph": {"name": META["name"], "edge_kinds": list(META["edge_kinds"])},
        "nodes": list(st["nitems"]),
        "edges": list(st["eitems"]),
    }


def graph_text(st: dict) -> bytes:
    """`graph_json(st)` as the written bundle has it."""
    ntext = st["ntext"]
    return b"".join((b'{"directed":true,"edges":[', st["ejoined"],
                     b'],"graph":', _dumps(META), b',"multigraph":true,"nodes":[',
                     b",".join([ntext[n] for n in st["norder"]]), b"]}"))
