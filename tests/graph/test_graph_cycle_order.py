"""The reveal cycle G405 prints is a real cycle: every step, and the step back to the start, is a reveal."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings, strategies as st

from compiler.graph.checks.secrets import _cycle_order


def is_cycle(dg, order) -> bool:
    return all(dg.has_edge(a, b) for a, b in zip(order, order[1:] + order[:1]))


def test_a_path_through_the_component_is_not_taken_for_a_cycle():
    # 1 -> 2 -> 3 visits the whole component, but 3 does not reveal 1
    dg = nx.DiGraph([("secret:1", "secret:2"), ("secret:2", "secret:3"), ("secret:3", "secret:2"),
                     ("secret:2", "secret:1")])
    assert _cycle_order(dg, set(dg)) == ["secret:1", "secret:2"]


def test_shortest_cycle_through_the_smallest_node():
    dg = nx.DiGraph([("a", "d"), ("d", "b"), ("a", "b"), ("b", "c"), ("c", "a")])
    assert _cycle_order(dg, set(dg)) == ["a", "b", "c"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=2, max_size=30))
def test_every_component_cycle_is_closed(edges):
    dg = nx.DiGraph([(f"secret:{a}", f"secret:{b}") for a, b in edges if a != b])
    for comp in nx.strongly_connected_components(dg):
        if len(comp) > 1:
            order = _cycle_order(dg, comp)
            assert order[0] == min(comp) and len(set(order)) == len(order) and is_cycle(dg, order)
