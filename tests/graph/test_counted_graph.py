"""The pieces of the graph's rebuild (compiler.graph.incremental) on small graphs of plain records: counted
contributions, the index entries lookups read, and the states a rebuild refuses."""

from __future__ import annotations

import copy

import compiler.graph.incremental as inc
from compiler.graph.build import Facts, build

GAME = {"id": "game:g", "name": "G", "completeness": "partial"}
PRODUCT = {"id": "product:p", "name": "P", "game": "game:g", "completeness": "partial"}


def card(cid: str, name: str, options=(), **more) -> dict:
    return {"id": cid, "name": name, "game": "game:g", "product": "product:p", "kind": "base",
            "completeness": "partial", "options": [{"text": t, "ir": None} for t in options], **more}


def bundle(*cards, **sections) -> dict:
    return {"games": [GAME], "products": [PRODUCT], "cards": list(cards), **sections}


def facts(b: dict) -> Facts:
    return Facts([], copy.deepcopy(b))


def graph_and_refs(F: Facts, g) -> tuple:
    return (g.to_json(), [(r.src, r.kind, r.target, r.resolved, r.number) for r in F.option_refs],
            [(r.src, r.kind, r.target) for r in F.unresolved])


def whole(b: dict) -> tuple:
    F = facts(b)
    return graph_and_refs(F, build(F))


def kept(b: dict, keep: dict) -> tuple:
    F = facts(b)
    return graph_and_refs(F, inc.kept_graph(F, keep))


def test_contributions_are_counted_taken_out_and_disagreements_noted():
    g = inc.CountedGraph()
    g.node("n", "card", "N")
    g.node("n", "card", "N", completeness="partial")  # attributes join a node made without
    g.edge("a", "b", "provides")
    g.edge("a", "b", "provides", copies=2)  # an edge first drawn without attributes gets them
    assert g.nodes["n"] == {"kind": "card", "label": "N", "completeness": "partial"}
    assert g.edges[("a", "b", "provides")] == {"copies": 2} and not g.conflict
    g.drop_edge(("a", "b", "provides", {"copies": 2}))
    assert g.edges[("a", "b", "provides")] == {}  # the one with attributes went, the other stays
    g.drop_node(("n", "card", "N", {"completeness": "partial"}))
    assert g.nodes["n"] == {"kind": "card", "label": "N"}
    g.drop_node(("n", "card", "N", {}))
    g.drop_edge(("a", "b", "provides", {}))
    assert g.nodes == {} and g.edges == {} and g.ncount == {} and g.ecount == {}
    for other in (("n", "token", "N", {}), ("n", "card", "M", {})):  # another kind or label
        g = inc.CountedGraph()
        g.add_node(("n", "card", "N", {}))
        g.add_node(other)
        assert g.conflict
    g = inc.CountedGraph()
    g.add_node(("n", "card", "N", {"completeness": "partial"}))
    g.add_node(("n", "card", "N", {"completeness": "complete"}))
    assert g.conflict


def test_each_lookup_names_the_index_entries_it_reads():
    F = facts(bundle(secrets=[{"id": "secret:3", "number": 3, "card": "card:x", "completeness": "partial"}]))
    deps = inc.lookup_deps
    assert deps(F, ("secret", "i", 3, None)) == [("secret", 3), ("id", "card:x")]
    assert deps(F, ("secret", "i", 4, None)) == [("secret", 4)]
    assert deps(F, ("secret", "s", "The  Cave", None)) == [("name", "the cave")]
    assert deps(F, ("secret-mark", "s", "eye", None)) == [("marks", "eye")]
    assert deps(F, ("token", "i", 2, "product:p")) == [("tnum", 2)]
    assert deps(F, ("token", "s", "token:t", None)) == [("id", "token:t")]
    assert deps(F, ("token", "s", "Herbs", None)) == [("tname", "herbs")]
    assert deps(F, ("card", "s", "card:x", None)) == [("id", "card:x")] == deps(F, ("module", "s", "card:x", None))
    assert deps(F, ("idea", "s", "Fire", None)) == [("name", "fire")]
    assert deps(F, ("title", "s", "Dodo", None)) == [("title", "dodo")]
    assert deps(F, ("letter", "s", "M", "game:g")) == [("letter", "game:g", "M")]
    assert deps(F, ("symbol", "s", "symbol:food", None)) == [("sym", "symbol:food")]
    assert deps(F, ("something", "s", "x", None)) == []


def test_stamps():
    assert inc.stamp_of("card:a", {}, {"card:a": "f:key:0"}) == "f:key:0"
    assert inc.stamp_of("symbol:food", {"id": "symbol:food"}, {}, "symbol") == "s"
    a = inc.stamp_of("module:m", {"id": "module:m", "cards": ["card:a"]}, {})
    assert a.startswith("d:") and a != inc.stamp_of("module:m", {"id": "module:m", "cards": ["card:b"]}, {})
    assert inc.stamp_of("module:m", {"id": "module:m", "x": {1, 2}}, {}) is None  # not data: changed every build


def test_a_graph_whose_references_cannot_be_keyed_is_built_whole_and_leaves_no_state():
    odd = bundle(card("card:a", "A"), scenarios=[{"id": "scenario:s", "name": "S", "kind": "scenario", "game": "game:g",
                                                  "product": "product:p", "completeness": "partial", "boards": [1.5]}])
    keep: dict = {"stamps": {}, "previous": None}
    assert kept(odd, keep) == whole(odd) and keep["state"] is None and not keep["save"]
    # a numbered token asked for by a record whose product is not a string: its lookup has no key either
    tok = bundle(card("card:a", "A", ["-> place token 2 on farm"], product=7))
    keep = {"stamps": {}, "previous": None}
    assert kept(tok, keep) == whole(tok) and keep["state"] is None


def test_a_state_that_does_not_fit_is_set_aside_for_a_first_build():
    b = bundle(card("card:a", "A", ['require have card "B" -> 1 food']), card("card:b", "B"))
    keep: dict = {"stamps": {}, "previous": None}
    assert kept(b, keep) == whole(b) and keep["save"]
    state = keep["state"]
    state["units"]["card:a"][0] = "another stamp"  # changed, so its part is read: the part is damaged
    state["units"]["card:a"][1] = b"not marshal data"
    keep = {"stamps": {}, "previous": state}
    assert kept(b, keep) == whole(b) and keep["save"]  # built first again: a state to keep
    assert keep["state"]["units"]["card:a"][1] != b"not marshal data"
    keep = {"stamps": {}, "previous": {"version": inc.VERSION}}  # not a state of this version's shape
    assert kept(b, keep) == whole(b) and keep["save"]


def test_the_plain_graph_and_references_outside_a_build():
    from compiler.graph.build import Graph, Ref, paused_gc

    g = Graph()
    g.node("a", "card", "A", completeness="partial")
    g.node("a", "card", "A", completeness="complete", game="game:g")  # the first value stays, new keys join
    g.edge("a", "b", "provides")
    g.edge("a", "b", "provides", copies=2)
    g.edge("a", "c", "uses")
    assert g.nodes["a"] == {"kind": "card", "label": "A", "completeness": "partial", "game": "game:g"}
    assert g.edges[("a", "b", "provides")] == {"copies": 2}
    assert list(g.successors("a", ("uses",))) == ["c"] and list(g.predecessors("b", ("uses",))) == []
    assert list(g.predecessors("b")) == ["a"]
    r = Ref("card:a", "secret", 3, None)
    assert r.shown == "secret 3" and r.span.file == "<bundle>"
    assert Ref("card:a", "module", "module:m", None).shown == "`module:m`"
    assert Ref("card:a", "card", "Fire", None).shown == 'card "Fire"'
    import gc

    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # a collector already off stays off
    finally:
        gc.enable()
    F = facts(bundle(card("card:a", "A"), tokens=[{"id": "token:t", "game": "game:g", "product": "product:p",
                                                   "completeness": "partial", "number": 1}]))
    assert F.span("card:nothing").file == "<bundle>" and F.tokens_by_name == {}
