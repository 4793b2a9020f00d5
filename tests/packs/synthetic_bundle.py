"""Build the test bundle: the bundled content plus the synthetic-base pack, made playable.

Until the effects stage lowers options, `mini_lower` turns the pack's option texts into
IR of the documented shape (structural `option` / `clause` / `dice` nodes and
`call` nodes keyed by symbol id); compiled IR, once present, always wins. People's
printed values come from persons.json (no content field for them yet).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE / "synthetic-base"
ROOT = HERE.parents[1]

_RES = {"food", "wood", "stone"}
_SKILLS = {"strength", "awareness", "craftsmanship"}
_TOOLS = {"torch": "token:paleo/torch", "spear": "token:paleo/spear", "stone axe": "token:paleo/stone-axe",
          "talisman": "token:paleo/talisman", "tent": "token:paleo/tent", "raft": "token:paleo/raft"}


def _call(symbol, **args):
    return {"node": "call", "symbol": symbol, "args": args}


def _item(text: str) -> dict:
    t = text.strip()
    m = re.fullmatch(r"(\d+) (food|wood|stone)", t)
    if m:
        return _call(f"symbol:{m[2]}", n=int(m[1]))
    m = re.fullmatch(r"discard (\d+)", t)
    if m:
        return _call("symbol:discard-cards", n=int(m[1]))
    m = re.fullmatch(r"(\d+) (wound|skull|victory)s?", t)
    if m:
        return _call(f"symbol:{m[2]}", n=int(m[1]))
    m = re.fullmatch(r"secret (\d+)", t)
    if m:
        return _call("symbol:secret", number=int(m[1]))
    if t in _TOOLS:
        return _call("symbol:tool", tool=_TOOLS[t])
    if t == "new person":
        return _call("symbol:new-person")
    if t in ("dream", "idea", "craft"):
        return _call(f"symbol:{t}")
    raise ValueError(f"synthetic pack: cannot lower `{t}`")


def mini_lower(text: str) -> dict:
    clauses = []

    def add(pos, item):
        clauses.append({"node": "clause", "position": pos, "body": item})

    if text.startswith("negative:"):
        for it in text[len("negative:"):].split(","):
            add("negative", _item(it))
        return {"node": "option", "clauses": clauses}
    left, _, right = text.partition("->")
    for part in filter(None, (p.strip() for p in left.split(";"))):
        if part.startswith("require "):
            for it in part[len("require "):].split(","):
                it = it.strip()
                m = re.fullmatch(r"(strength|awareness|craftsmanship) (\d+)", it)
                add("requirement", _call(f"symbol:{m[1]}", n=int(m[2])) if m else _call("symbol:tool", tool=_TOOLS[it]))
        elif part.startswith("dice "):
            clauses.append({"node": "dice", "n": int(part.split()[1])})
        elif part.startswith("cost "):
            for it in part[len("cost "):].split(","):
                add("cost", _item(it))
        else:
            raise ValueError(f"synthetic pack: cannot lower `{part}`")
    for it in filter(None, (p.strip() for p in right.split(","))):
        add("reward", _item(it))
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
