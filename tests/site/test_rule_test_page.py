"""The rule-test format page: generated from `runtime.ruletests.format_schema()`, so the schema and the page agree."""

from __future__ import annotations

import copy
import html
import json
import re

import jsonschema
import markdown

from compiler.docs import generate_reference
from compiler.docs.schema_page import RULE_TEST_EXAMPLE
from runtime import ruletests
from site_support import REPO
from site_synthetic import HOSTILE, synthetic_bundle

PAGE = "reference/rule-tests.md"
EXTENSIONS = ["admonition", "attr_list", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]


def _page() -> str:
    pages = generate_reference(synthetic_bundle(3), REPO)
    assert PAGE in pages, sorted(p for p in pages if not p.startswith(("reference/cards/", "reference/codes/")))
    return pages[PAGE]


def _html(md: str) -> str:
    return markdown.markdown(md.split("---\n", 2)[2], extensions=EXTENSIONS)


def _visible(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def _norm(description: str) -> str:
    """A description as the page shows it: `code spans` as code, whitespace collapsed."""
    return re.sub(r"\s+", " ", description.replace("`", " ")).strip()


def _rows(body: str, heading_id: str) -> dict[str, list[str]]:
    """The rows of the first table after the heading with this id: {key: [visible cells]}."""
    part = body[body.index(f'id="{heading_id}"'):]
    table = part[part.index("<table>"): part.index("</table>")]
    rows = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        cells = [_visible(c).strip() for c in re.findall(r"<td>(.*?)</td>", tr, re.S)]
        rows[cells[0]] = cells
    return rows


def test_the_page_lists_every_key_of_the_schema():
    schema = ruletests.format_schema()
    body = _html(_page())
    top = _rows(body, "top-level-keys")
    assert list(top) == list(schema["properties"])
    alternatives = {k for a in schema["anyOf"] for k in a["required"]}
    for key, node in schema["properties"].items():
        _, _, required, _, description = top[key]
        assert description == _norm(node.get("description", "")), key
        if key in schema["required"]:
            assert required == "yes", key
        else:
            assert required == ("no" if key not in alternatives else "at least one of rules / interpretations"), key
    assert top["format"][1] == "exactly 2" and top["section"][1] == "array of strings"
    assert top["content"][2] == "yes" and top["note"][2] == "no"

    content = _rows(body, "key-content")
    assert list(content) == list(schema["properties"]["content"]["properties"])
    for key, node in schema["properties"]["content"]["properties"].items():
        assert content[key][4] == _norm(node["description"]), key
    assert list(_rows(body, "key-dice")) == ["player", "faces"]
    assert _rows(body, "key-dice")["player"][1] == "integer or null"
    assert list(_rows(body, "key-actions")) == list(schema["properties"]["actions"]["items"]["properties"])
    expect = _rows(body, "key-expect")
    assert list(expect) == list(schema["properties"]["expect"]["properties"]) == list(ruletests.EXPECT)
    assert expect["events"][3] == "non-empty; each item has t"
    assert list(_rows(body, "key-expect-legal")) == ["includes", "excludes"]
    assert _rows(body, "key-expect-observation")["player"][2] == "yes"
    checkpoints = body[body.index('id="key-checkpoints"'):]
    assert re.search(r'The same keys as <a href="#key-expect"><code>expect</code></a>', checkpoints)


def test_the_page_states_that_a_test_names_rules_or_interpretations():
    body = _html(_page())
    part = _visible(body[body.index('id="what-a-test-names"'):body.index('id="key-content"')])
    assert "at least one of rules , interpretations" in part
    top = _rows(body, "top-level-keys")
    assert top["rules"][2] == top["interpretations"][2] == "at least one of rules / interpretations"


def test_the_example_is_a_committed_rule_test_shown_whole_in_a_json_block():
    md = _page()
    text = (REPO / RULE_TEST_EXAMPLE).read_text(encoding="utf-8")
    assert "```json\n" + text.rstrip("\n") + "\n```" in md
    example = json.loads(text)
    jsonschema.Draft202012Validator(ruletests.format_schema()).validate(example)
    ruletests.check_test(example)
    body = _html(md)
    block = body[body.index('id="example"'):]
    code = re.search(r'<div class="(?:language-json )?highlight"><pre>.*?<code>(.*?)</code></pre>', block, re.S)
    assert code, block[:500]
    assert json.loads(html.unescape(re.sub(r"<[^>]+>", "", code.group(1)))) == example


def test_a_key_added_to_the_format_shows_up_on_the_page(monkeypatch):
    monkeypatch.setitem(ruletests.TOP, "probe_key", "strs")
    monkeypatch.setitem(ruletests._DOCS, "probe_key", f"a probe {HOSTILE} with `code` *and* | pipes")
    monkeypatch.setitem(ruletests.CONTENT, "probe_pack", "int")
    monkeypatch.setitem(ruletests._DOCS, "probe_pack", "a probe inside content")
    md = _page()
    assert HOSTILE not in md
    body = _html(md)
    assert "<script" not in body
    top = _rows(body, "top-level-keys")
    assert top["probe_key"][1:] == ["array of strings", "no", "", _norm(f"a probe {HOSTILE} with `code` *and* | pipes")]
    assert _rows(body, "key-content")["probe_pack"][1] == "integer"


def test_the_page_follows_format_schema_itself(monkeypatch):
    real = ruletests.format_schema

    def changed():
        schema = copy.deepcopy(real())
        schema["properties"]["dice"]["items"]["properties"]["probe_die"] = {"type": "boolean", "description": "a probe die"}
        schema["properties"]["probe_block"] = {"type": "object", "description": "a probe block", "additionalProperties": False,
                                               "properties": {"probe_inner": {"type": ["string", "null"]}}, "required": ["probe_inner"]}
        schema["anyOf"].append({"required": ["probe_block"]})
        return schema

    monkeypatch.setattr(ruletests, "format_schema", changed)
    body = _html(_page())
    assert _rows(body, "key-dice")["probe_die"][1:] == ["boolean", "no", "", "a probe die"]
    assert _rows(body, "key-probe-block")["probe_inner"][1:3] == ["string or null", "yes"]
    assert _rows(body, "top-level-keys")["probe_block"][2] == "at least one of rules / interpretations / probe_block"


def test_the_page_is_linked_from_the_reference_home_and_the_nav():
    from site_support import load_mkdocs_config

    pages = generate_reference(synthetic_bundle(3), REPO)
    assert "[Rule\\-test format](rule-tests.md)" in pages["reference/index.md"]
    nav = load_mkdocs_config()["nav"]
    reference = next(item["Reference"] for item in nav if isinstance(item, dict) and "Reference" in item)
    assert {"Rule-test format": PAGE} in reference


def test_the_built_site_renders_the_page(synthetic_site):
    out = synthetic_site[0]
    raw = (out / "reference" / "rule-tests" / "index.html").read_text(encoding="utf-8")
    body = raw[raw.index("<article"): raw.index("</article>")]
    text = _visible(body)
    for key in ruletests.format_schema()["properties"]:
        assert f"<code>{key}</code>" in body, key
    assert "card:synthetic/rockslide" in text and "What a test names" in text
    assert 'href="rule-tests/"' in (out / "reference" / "index.html").read_text(encoding="utf-8")
