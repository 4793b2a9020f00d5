"""State invariants: every card in exactly one zone, no counter below zero, no supply exceeded."""

from __future__ import annotations


class InvariantError(AssertionError):
    pass


def violations(game) -> list[str]:
    s, r = game.s, game.rules
    out: list[str] = []
    n = len(s["cards"])
    seen = [0] * n
    for zone, ids in s["z"].items():
        for i in ids:
            if not 0 <= i < n:
                out.append(f"zone {zone} holds unknown card instance {i}")
            else:
                seen[i] += 1
    for i, c in enumerate(seen):
        if c != 1:
            out.append(f"card instance {i} ({s['cards'][i]}) is in {c} zones")
    for k, v in s["res"].items():
        if v < 0:
            out.append(f"resource {k} is {v}")
    for key in ("victory", "skulls"):
        if s[key] < 0:
            out.append(f"{key} is {s[key]}")
    for p, tools in enumerate(s["tools"]):
        for t, v in tools.items():
            if v < 0:
                out.append(f"player {p} has {v} {t}")
    for t, total in r.tool_stock.items():
        left = s["supply"].get(t, 0)
        held = sum(tools.get(t, 0) for tools in s["tools"])
        if left < 0 or left + held != total:
            out.append(f"{t}: {left} in the supply and {held} held, but the stock is {total}")
    for iid, w in s["wounds"].items():
        i = int(iid)
        hearts = r.persons.get(s["cards"][i], {}).get("hearts", 0)
        if not 0 < w <= hearts:
            out.append(f"{s['cards'][i]} carries {w} wounds with {hearts} hearts")
        if not any(i in s["z"][f"group/{p}"] for p in range(s["players"])):
            out.append(f"wounds on {s['cards'][i]}, who is in no group")
    for p in range(s["players"]):
        if len(s["z"][f"chosen/{p}"]) > 1:
            out.append(f"player {p} has {len(s['z'][f'chosen/{p}'])} chosen cards")
    return out


def check(game) -> None:
    """Raise InvariantError listing every violated invariant of the game's state."""
    v = violations(game)
    if v:
        raise InvariantError("; ".join(v[:10]))
