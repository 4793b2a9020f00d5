"""Pieces of the generated site on their own: diagram text, the rule-test format page from any schema, markup."""

from __future__ import annotations

from compiler.docs import markup as m
from compiler.docs.diagrams import GraphIndex, flowchart, label
from compiler.docs.schema_page import rule_test_page


def test_a_long_label_is_cut_with_an_ellipsis_and_an_empty_one_is_a_question_mark():
    assert label("word " * 30, limit=20) == "word word word wo..."
    assert label("   ") == "?"


def test_the_graph_index_skips_nodes_and_edges_that_are_not_records():
    g = GraphIndex({"nodes": [{"id": "card:a"}, {"name": "no id"}, "text"],
                    "links": [{"source": "card:a", "target": "secret:1", "relation": "reveals"}, ["not", "an", "edge"]]})
    assert list(g.nodes) == ["card:a"] and g.out["card:a"] == [("secret:1", "reveals")] and bool(g)
    assert not GraphIndex(None)


def test_a_flowchart_draws_each_edge_once_and_says_when_nodes_are_left_out():
    edges = [("card:a", "secret:1", "reveals"), ("card:a", "secret:1", "reveals")] + [
        ("module:m", f"card:c{i}", "card") for i in range(5)]
    text = flowchart(edges, {"card:a": "A"}, limit=4)
    assert text.count("-->") == 2 and '|"reveals"|' in text
    assert text.endswith('  more["#8230; more nodes not shown"]')
    assert "class" not in text  # no focus asked for
    short = flowchart([("card:a", "secret:1", "reveals")], {}, focus="card:a", short=True)
    assert "  n0 --> n1" in short and "reveals" not in short and short.endswith("class n0 focus")


def test_the_rule_test_page_without_a_schema_or_an_example_says_so():
    assert "The rule-test format is not part of this build." in rule_test_page(None, None)
    schema = {"title": "T", "type": "object", "required": ["name"],
              "anyOf": [{"required": ["expect", "checks"]}, {"required": ["trace"]}],
              "properties": {"name": {"type": "string"}, "expect": {"type": "object"}, "checks": {"type": "array"},
                             "trace": {"type": "array"},
                             "setup": {"type": "object", "properties": {"seed": {"type": "integer"}}}}}
    page = rule_test_page(schema, None)
    assert "A test holds only these keys" not in page
    assert ("a test holds every key of at least one group: (<code>expect</code>, <code>checks</code>); "
            "(<code>trace</code>).") in page
    assert "| <code>trace</code> | array | in a group below |" in page
    assert "Constraints: other keys allowed." in page
    assert "The example rule test is not part of this build." in page


def test_markup_of_nothing_is_empty():
    assert m.text(None) == m.h(None) == m.paragraphs(None) == m.table(["A"], []) == ""
    assert m.paragraphs("one\n\n  \n\ntwo *b*") == "one\n\ntwo \\*b\\*"
