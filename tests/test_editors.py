"""Editors without `paleo lsp`, and editors with both servers.

- The content schema's effect-string examples and snippets are real: each compiles with no problem,
  holds only the clause kind its field allows, and the real yaml-language-server offers them.
- site/editors.md's set-up gives one formatter: its fenced configuration blocks (JSON, Lua, TOML)
  are parsed, each names `paleo lsp` as the formatting server exactly once, and the real
  yaml-language-server, driven with exactly the settings a block gives, answers a format request
  with no edits, where with its default settings it does.

The yaml-language-server tests carry the `lsp` marker (see tests/test_lsp.py for the client).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from pathlib import Path

import pytest
import yaml

from compiler.effects import compile_option, default_registry
from compiler.schema import EFFECT_DEFS, EFFECT_STRING_FIELDS, MODELINE_PREFIX
from test_lsp import LspClient, _server_command

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "content" / "schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
PAGE = ROOT / "site" / "editors.md"
GAMES = ("game:paleo", "game:paleovet")
CLAUSE_OF = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward"}


def _compiles(text: str) -> dict | None:
    """The IR of `text` for the first game it compiles in without a problem, else None."""
    reg = default_registry()
    for game in GAMES:
        ir, diags = compile_option(text, registry=reg, game=game, file=None, path=())
        if ir is not None and not diags:
            return ir
    return None


def _kinds(ir: dict) -> set[str]:
    return {CLAUSE_OF.get(c["kind"], c["kind"]) for c in ir["clauses"]}


# ---------------------------------------------------------------------------------------------- schema examples


def test_every_effect_field_points_at_its_definition():
    for model, prop, where, name in EFFECT_STRING_FIELDS:
        node = DEFS[model]["properties"][prop]
        refs = [node["items"]] if where == "items" else node["anyOf"]
        assert {"$ref": f"#/$defs/{name}"} in refs, f"{model}.{prop}"
    assert set(EFFECT_DEFS) <= set(DEFS)


@pytest.mark.parametrize("name", list(EFFECT_DEFS))
def test_schema_examples_compile_and_hold_the_fields_clause_kind(name):
    kind, _ = EFFECT_DEFS[name]
    examples = DEFS[name]["examples"]
    assert len(examples) >= 4
    seen: set[str] = set()
    for text in examples:
        ir = _compiles(text)
        assert ir is not None, f"{name} example {text!r} does not compile without problems"
        seen |= _kinds(ir)
        if kind is not None:
            assert _kinds(ir) == {kind} and set(ir) == {"node", "clauses"}, f"{name}: {text!r} holds more than {kind}"
    if kind is None:  # a whole option's examples show every clause kind, and options of more than one kind
        assert {"requirement", "cost", "reward", "negative"} <= seen
        assert any(len(_kinds(_compiles(t))) > 1 for t in examples)


_TABSTOP = re.compile(r"\$\{\d+:((?:[^}\\]|\\.)*)\}|\$\d+")


def _expand(body: str) -> str:
    """A snippet body with each placeholder replaced by its default, as accepting every default gives."""
    return re.sub(r"\\(.)", r"\1", _TABSTOP.sub(lambda m: m.group(1) or "", body))


@pytest.mark.parametrize("name", list(EFFECT_DEFS))
def test_snippets_expand_to_strings_that_compile(name):
    kind, _ = EFFECT_DEFS[name]
    snippets = DEFS[name]["defaultSnippets"]
    assert snippets
    for s in snippets:
        assert _TABSTOP.search(s["body"]), s
        text = _expand(s["body"])
        # inserted as it stands after `- ` or `key: `, so it must read back as that same plain YAML string
        assert yaml.safe_load(f"- {text}") == [text], f"{s['body']!r} is not a plain YAML scalar"
        ir = _compiles(text)
        assert ir is not None, f"{name} snippet {s['label']!r} expands to {text!r}, which does not compile"
        if kind is not None:
            assert _kinds(ir) == {kind}
    if kind is None:
        kinds = [_kinds(_compiles(_expand(s["body"]))) for s in snippets]
        assert {"requirement"} in kinds and {"cost"} in kinds and {"reward"} in kinds and {"negative"} in kinds


def test_an_example_that_does_not_compile_is_caught():
    assert _compiles("-> 1 fod") is None
    assert _compiles("cost 1 antibiotic") is not None  # PaleoVet's symbols count too


# ---------------------------------------------------------------------------------------------- the guide's blocks

FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def page_blocks() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for lang, body in FENCE.findall(PAGE.read_text(encoding="utf-8")):
        out.setdefault(lang, []).append(body)
    return out


_LUA_TOKEN = re.compile(r"\s*(?:(--[^\n]*)|('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")|([A-Za-z_][\w.]*)|(-?\d+)|(.))", re.S)


def _lua_tokens(text: str) -> list[tuple[str, object]]:
    toks = []
    for m in _LUA_TOKEN.finditer(text):
        comment, string, name, number, punct = m.groups()
        if comment:
            continue
        if string:
            toks.append(("value", string[1:-1]))
        elif name in ("true", "false", "nil"):
            toks.append(("value", {"true": True, "false": False, "nil": None}[name]))
        elif name:
            toks.append(("name", name))
        elif number:
            toks.append(("value", int(number)))
        elif punct and punct.strip():
            toks.append(("punct", punct))
    return toks


def _lua_table(toks: list, i: int) -> tuple[object, int]:
    """A Lua table constructor of constants at toks[i] (`{`): a dict, or a list when no key is named."""
    assert toks[i] == ("punct", "{"), toks[i]
    i += 1
    keyed: dict = {}
    items: list = []
    while toks[i] != ("punct", "}"):
        if toks[i][0] == "name" and toks[i + 1] == ("punct", "="):
            key, i = toks[i][1], i + 2
        else:
            key = None
        if toks[i] == ("punct", "{"):
            value, i = _lua_table(toks, i)
        elif toks[i][0] == "value":
            value, i = toks[i][1], i + 1
        else:  # a function or an expression: kept as its first word
            value, depth = toks[i][1], 0
            while depth or toks[i] not in (("punct", ","), ("punct", "}")):
                depth += {"(": 1, ")": -1}.get(toks[i][1], 0) if toks[i][0] == "punct" else 0
                depth += 1 if toks[i] == ("name", "function") else -1 if toks[i] == ("name", "end") else 0
                i += 1
        if key is None:
            items.append(value)
        else:
            keyed[key] = value
        if toks[i] == ("punct", ","):
            i += 1
    assert not (keyed and items), "a table mixes keyed and positional fields"
    return (keyed if keyed or not items else items), i + 1


def lua_calls(text: str, fn: str) -> list[list]:
    """The arguments of every call of `fn` whose arguments are constants and tables."""
    toks = _lua_tokens(text)
    out = []
    for i, t in enumerate(toks):
        if t == ("name", fn) and toks[i + 1] == ("punct", "("):
            j, args = i + 2, []
            while toks[j] != ("punct", ")"):
                if toks[j] == ("punct", "{"):
                    value, j = _lua_table(toks, j)
                    args.append(value)
                else:
                    args.append(toks[j][1])
                    j += 1
                if toks[j] == ("punct", ","):
                    j += 1
            out.append(args)
    return out


def _nested(flat: dict) -> dict:
    """VS Code's `settings.json` (dotted keys) as the nested settings the editor answers a server with."""
    out: dict = {}
    for key, value in flat.items():
        if key.startswith("["):  # a language section such as `[yaml]` keeps its dotted keys
            out[key] = value
            continue
        *head, last = key.split(".")
        node = out
        for part in head:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def vscode() -> dict:
    (block,) = page_blocks()["json"]
    return json.loads(block)


def neovim() -> dict[str, dict]:
    block = _nvim_011_block()
    return {name: table for name, table in lua_calls(block, "vim.lsp.config")}


def helix() -> dict:
    (block,) = page_blocks()["toml"]
    return tomllib.loads(block)


PALEO_CMD = ["paleo", "lsp"]


def test_vscode_formats_with_paleo_lsp_only():
    cfg = vscode()
    commands = [(cfg[k], cfg.get(k.replace(".command", ".commandArguments"), [])) for k in cfg if k.endswith(".server.command")]
    assert [[c, *args] for c, args in commands] == [PALEO_CMD], "one generic client runs `paleo lsp`"
    assert cfg["glspc.server.languageId"] == ["yaml"]
    formatters = [v["editor.defaultFormatter"] for k, v in cfg.items() if k.startswith("[") and "editor.defaultFormatter" in v]
    assert formatters == ["zsol.vscode-glspc"], "YAML formats with the extension that runs `paleo lsp`"
    assert cfg["yaml.format.enable"] is False


def _nvim_011_block() -> str:
    """The guide's Lua block for Neovim 0.11 and later (the other, for 0.7 to 0.10, runs in tests/lsp_server)."""
    (block,) = [b for b in page_blocks()["lua"] if "vim.lsp.config(" in b]
    return block


def test_neovim_formats_with_paleo_lsp_only():
    block = _nvim_011_block()
    servers = neovim()
    runs_paleo = [name for name, t in servers.items() if t.get("cmd") == PALEO_CMD]
    assert runs_paleo == ["paleo"], "one server runs `paleo lsp`"
    assert servers["yamlls"]["settings"]["yaml"]["format"]["enable"] is False
    assert set(servers["paleo"]["filetypes"]) == {"yaml"}
    (enabled,) = lua_calls(block, "vim.lsp.enable")
    assert set(enabled[0]) == {"paleo", "yamlls"}
    formats = lua_calls(block, "vim.lsp.buf.format")
    assert [f[0].get("name") for f in formats] == ["paleo"], "format on save asks `paleo lsp` only"


def test_helix_formats_with_paleo_lsp_only():
    cfg = helix()
    servers = cfg["language-server"]
    runs_paleo = [name for name, s in servers.items() if [s.get("command"), *s.get("args", [])] == PALEO_CMD]
    assert runs_paleo == ["paleo"]
    (lang,) = [entry for entry in cfg["language"] if entry["name"] == "yaml"]

    def formats(entry) -> bool:
        if isinstance(entry, str):
            return True
        if "only-features" in entry:
            return "format" in entry["only-features"]
        return "format" not in entry.get("except-features", [])

    names = [e if isinstance(e, str) else e["name"] for e in lang["language-servers"]]
    assert set(names) == {"paleo", "yaml-language-server"} and len(names) == 2
    assert [n for n, e in zip(names, lang["language-servers"]) if formats(e)] == ["paleo"]
    assert servers["yaml-language-server"]["config"]["yaml"]["format"]["enable"] is False


def test_the_parsers_see_a_second_formatter():
    """The checks above can fail: a set-up that lets the YAML language server format is caught."""
    toks = lua_calls("vim.lsp.config('yamlls', { settings = { yaml = { format = { enable = true } } } })",
                     "vim.lsp.config")
    assert toks == [["yamlls", {"settings": {"yaml": {"format": {"enable": True}}}}]]
    cfg = tomllib.loads('[[language]]\nname = "yaml"\nlanguage-servers = ["yaml-language-server", "paleo"]\n')
    assert cfg["language"][0]["language-servers"][0] == "yaml-language-server"  # a plain name keeps every feature


def test_the_guide_is_in_the_nav():
    assert "editors.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------- the real server

MESSY = """{modeline}
cards:
  -   id: card:anb/reeds
      name:    Reeds
      options: [ "-> 1 food" ,   "cost 1 wood" ]
      copies: many
"""
COMPLETE_AT = """{modeline}
cards:
  - id: card:anb/reeds
    name: Reeds
    options:
      - 
    person:
      hearts: 1
      brings: 
"""


def _workspace(tmp_path: Path, text: str) -> tuple[str, str]:
    content = tmp_path / "content"
    (content / "paleo").mkdir(parents=True)
    shutil.copy(ROOT / "content" / "schema.json", content / "schema.json")
    doc = content / "paleo" / "c.yaml"
    body = text.format(modeline=MODELINE_PREFIX + "../schema.json")
    doc.write_text(body, encoding="utf-8")
    return doc.as_uri(), body


class Client(LspClient):
    """The editors' way of answering `workspace/configuration`: a dotted section is looked up level by level."""

    def _answer(self, msg: dict) -> None:
        if msg["method"] != "workspace/configuration":
            return super()._answer(msg)
        result = []
        for item in msg["params"]["items"]:
            node = self.settings
            for part in (item.get("section") or "").split(".") if item.get("section") else []:
                node = node.get(part) if isinstance(node, dict) else None
            result.append(node)
        self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})


def _open(tmp_path: Path, text: str, settings: dict) -> tuple[Client, str, str]:
    uri, body = _workspace(tmp_path, text)
    client = Client(_server_command(), tmp_path)
    client.settings = settings
    init = client.request("initialize", {
        "processId": os.getpid(), "rootUri": tmp_path.as_uri(),
        "initializationOptions": settings,
        "capabilities": {"workspace": {"configuration": True},
                         "textDocument": {"completion": {"completionItem": {"snippetSupport": True}}}},
        "workspaceFolders": [{"uri": tmp_path.as_uri(), "name": "paleo"}],
    })
    assert "result" in init, init
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": settings})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": body}})
    return client, uri, body


def _format(client: Client, uri: str) -> list:
    r = client.request("textDocument/formatting", {"textDocument": {"uri": uri},
                                                  "options": {"tabSize": 2, "insertSpaces": True}})
    assert "result" in r, r
    return r["result"] or []


SETTINGS = {
    "VS Code": lambda: _nested(vscode()),
    "Neovim": lambda: neovim()["yamlls"]["settings"],
    "Helix": lambda: helix()["language-server"]["yaml-language-server"]["config"],
}


@pytest.mark.lsp
def test_by_default_the_yaml_language_server_formats_and_completes_the_examples(tmp_path):
    client, uri, _ = _open(tmp_path / "messy", MESSY, {})
    try:
        assert _format(client, uri), "with its defaults the YAML language server formats: the guide's setting matters"
    finally:
        client.close()
    client, uri, _ = _open(tmp_path / "complete", COMPLETE_AT, {})
    try:
        def labels(line: int, col: int) -> set[str]:
            r = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                           "position": {"line": line, "character": col}})
            res = r["result"]
            return {i["label"] for i in (res["items"] if isinstance(res, dict) else res)}

        option = labels(5, 8)  # after `- ` in `options:`
        for text in DEFS["EffectOption"]["examples"][:12]:  # (long ones are shown cut)
            # an example with quotes is offered as the YAML string that holds it
            assert text in option or json.dumps(text) in option, f"{text!r} not offered: {sorted(option)}"
        assert {s["label"] for s in DEFS["EffectOption"]["defaultSnippets"]} <= option
        brings = labels(8, 14)  # after `brings: `
        assert set(DEFS["RewardClauses"]["examples"]) <= brings
        assert not any(t.startswith("cost ") for t in brings), "a reward field is offered rewards only"
    finally:
        client.close()


@pytest.mark.lsp
@pytest.mark.parametrize("editor", list(SETTINGS))
def test_with_the_documented_settings_only_paleo_lsp_formats(tmp_path, editor):
    settings = SETTINGS[editor]()
    client, uri, _ = _open(tmp_path, MESSY, settings)
    try:
        diags = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri and m["params"]["diagnostics"])
        # the schema set-up still works beside the setting: `copies: many` is flagged at its line
        assert any(d["range"]["start"]["line"] == 5 for d in diags["params"]["diagnostics"])
        assert _format(client, uri) == [], f"with {editor}'s settings the YAML language server still formats"
    finally:
        client.close()
