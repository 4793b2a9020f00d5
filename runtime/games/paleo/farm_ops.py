"""A New Beginning's complete op table, the new humans' join listener and the farm's rule-test `given` keys.

`OPS` (from `farm_common`) is filled by the op modules as they are imported, in this order: the farm board's
(`farm_board`), the secret tokens' (`farm_tokens`), the new card symbols' (`farm_symbols`); then here the farm's
resources, tools, expansion tokens and captured-animal symbols.
"""

from __future__ import annotations

from . import farm_board as B
from . import farm_tokens, farm_symbols  # noqa: F401 - their ops join OPS at import, after the board's
from .farm_common import EXPANSIONS, OPS, push_new
from .ops import add_resource, add_tool
from .state import Ctx


# ------------------------------------------------------------------ listeners and rule-test keys
def on_join(g, payload) -> None:
    """A new human brings resources, an idea or a dream the moment they join."""
    p, iid = payload
    opts = g.rules.farm.brings.get(g.s["cards"][iid])
    if not opts:
        return
    ctx = Ctx(p, [], None, "join")
    by = g.by
    g.by = g.s["cards"][iid]
    for sym, e in opts[0].effects:
        e(g, ctx)
    g.by = by
    push_new(g, ctx)


def given_tokens(g, value, used, take) -> None:
    s = g.s
    for key, place in sorted(value.items()):
        tid = key if key.startswith("token:") else g.rules.farm.token_by_number.get(int(key)) if str(key).isdigit() else None
        if tid not in s["tokens"]:
            raise ValueError(f"given: no secret token `{key}`")
        for q in range(s["players"]):
            s["tools"][q].pop(tid, None)
        if isinstance(place, str) and place.startswith("group/"):
            s["tokens"][tid] = "group"
            s["tools"][int(place.split("/")[1])][tid] = 1
        elif place in ("down", "farm", "box"):
            s["tokens"][tid] = place
        else:
            raise ValueError(f"given: secret token places are down, farm, box or group/<seat>, not `{place}`")


def given_dreaming(g, value, used, take) -> None:
    s = g.s
    out = []
    for cid in value:
        iid = next((i for p in range(s["players"]) for i in s["z"][f"group/{p}"] if s["cards"][i] == cid), None)
        if iid is None:
            raise ValueError(f"given: `{cid}` dreams but is in no group")
        out.append(iid)
    s["dreaming"] = out


def given_built(g, value, used, take) -> None:
    for k, v in value.items():
        if k not in g.s["built"]:
            raise ValueError(f"given: `{k}` is not an expansion token")
        g.s["built"][k] = v


for _resource in ("grain", "pelt", "obsidian"):
    add_resource(OPS, _resource)
for _tool in ("bow-and-arrow", "shell-necklace", "flute", "trap", "clothing"):
    add_tool(OPS, f"symbol:{_tool}")
for _expansion in EXPANSIONS:
    B.add_expansion(_expansion)
for _symbol in B.DEST:
    B.add_captured_animal(_symbol)
