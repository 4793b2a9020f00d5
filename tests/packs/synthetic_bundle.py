"""Build the test bundle: the bundled content plus the synthetic-base pack, made playable.

Where the compiler leaves an option's IR null (an effects stage that is not there),
`mini_lower` turns the pack's option texts (a small subset of the effect language) into
the same IR shape; compiled IR always wins. People's
printed values come from persons.json (no content field for them yet).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE / "synthetic-base"
ROOT = HERE.parents[1]

_TOOLS = {"torch": "symbol:torch", "spear": "symbol:spear", "stone axe": "symbol:stone-axe",
          "talisman": "symbol:talisman", "tent": "symbol:tent", "raft": "symbol:raft"}


_POSITION = {"require": "requirement", "cost": "cost", "suffer": "negative"}


def _call(symbol, **args):
    return {"node": "call", "symbol": symbol, "args": args}


def _item(text: str) -> dict:
    t = text.strip()
    m = re.fullmatch(r"(strength|awareness|craftsmanship) (\d+)", t)
    if m:
        return _call(f"symbol:{m[1]}", n=int(m[2]))
    m = re.fullmatch(r"(\d+) (food|wood|stone)", t)
    if m:
        return _call(f"symbol:{m[2]}", n=int(m[1]))
    m = re.fullmatch(r"discard (\d+) cards?", t)
    if m:
        return _call("symbol:discard", n=int(m[1]))
    m = re.fullmatch(r"(\d+) (wound|skull|victory token|new person|dream|idea)s?", t)
    if m:
        return _call("symbol:" + m[2].replace(" ", "-"), n=int(m[1]))
    m = re.fullmatch(r"(\d+) (torch|spear|stone axe|talisman|tent|raft)", t)
    if m:
        return _call(_TOOLS[m[2]], n=int(m[1]))
    m = re.fullmatch(r"have (torch|spear|stone axe|talisman|tent|raft)", t)
    if m:
        return _call("symbol:have", item=_TOOLS[m[1]])
    m = re.fullmatch(r"reveal secret (\d+)", t)
    if m:
        return _call("symbol:reveal-secret", secret={"ref": "secret", "number": int(m[1])})
    if t == "craft":
        return _call("symbol:craft")
    raise ValueError(f"synthetic pack: cannot lower `{t}`")


def _body(text: str) -> dict:
    items = [_item(x) for x in text.split(",")]
    return items[0] if len(items) == 1 else {"node": "all", "items": items}


def mini_lower(text: str) -> dict:
    """The IR of the effect-language subset the pack uses (the compiler's IR shape; see compiler/effects/ir.py)."""
    left, arrow, right = text.partition("->")
    clauses = []
    for part in filter(None, (p.strip() for p in left.split(";"))):
        word, _, rest = part.partition(" ")
        if word == "roll":
            clauses.append({"node": "clause", "kind": "roll", "dice": int(rest.split()[0])})
        elif word in ("require", "cost", "suffer"):
            clauses.append({"node": "clause", "kind": word, "position": _POSITION[word], "body": _body(rest)})
        else:
            raise ValueError(f"synthetic pack: cannot lower `{part}`")
    if arrow:
        clauses.append({"node": "clause", "kind": "reward", "position": "reward", "body": _body(right)})
    return {"node": "option", "clauses": clauses}


def make_playable(bundle: dict) -> dict:
    """Fill the pack's null IR with `mini_lower` and add people's values (in place; returns the bundle)."""
    persons = json.loads((PACK / "persons.json").read_text(encoding="utf-8"))
    for c in bundle.get("cards", []):
        if not c["id"].startswith("card:synthetic/"):
            continue
        for o in c.get("options", []):
            if isinstance(o, dict) and o.get("ir") is None:
                o["ir"] = mini_lower(o["text"])
        if c["id"] in persons:
            c["person"] = persons[c["id"]]
    return bundle


def build(root: Path = ROOT) -> dict:
    """Compile content/ plus the pack and make it playable."""
    from compiler.pipeline import run

    res = run([root / "content", PACK], root=root)
    if res.bundle is None:
        raise RuntimeError("the compiler produced no bundle: " + "; ".join(d.message for d in res.diagnostics[:5]))
    return make_playable(res.bundle)


_CACHED: dict = {}


def cached(path: Path | None = None) -> dict:
    """The playable test bundle, built once per process (and written to `path` when given)."""
    if "b" not in _CACHED:
        _CACHED["b"] = build()
    if path is not None:
        path.write_text(json.dumps(_CACHED["b"], sort_keys=True), encoding="utf-8")
    return _CACHED["b"]


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/synthetic-bundle.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    cached(out)
    print(out)
