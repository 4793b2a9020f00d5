"""A one-step heuristic for PaleoVet's greedy reference policy: cure what scores, keep the hospital full, buy dice."""

from __future__ import annotations


def _dino(game, iid):
    return game.rules.dino(game.s["cards"][iid])


def _worth(game, iid) -> float:
    d = _dino(game, iid)
    return int(d.get("points") or 0) / max(1, len(d.get("treatments") or ()))


def score(game, a: dict) -> float:
    s = game.s
    t = a["type"]
    if t == "treat":  # cure the dino closest to waking first; pay with as few wild icons as will do
        d = _dino(game, a["dino"])
        wild = sum(1 for x in a["pay"] if x in ("dna", "token"))
        return 10 + int(d.get("points") or 0) - s["sleep"].get(str(a["dino"]), 0) - 0.5 * wild
    if t in ("tranquilize", "admit"):
        zone = f"dino-{a['stack'] - 1}"
        top = s["z"][zone][-1] if s["z"][zone] else None
        base = 6 if t == "tranquilize" else 0
        return base + (_worth(game, top) if top is not None else 0) - 0.3 * sum(x == "token" for x in a.get("pay", ()))
    if t == "upgrade":
        return 3 - 0.5 * sum(x in ("dna", "token") for x in a["pay"])
    if t == "research":
        return (2.5 if a["buy"] != "dna" else 1.5) - 0.5 * sum(x in ("dna", "token") for x in a["pay"])
    if t == "target":
        sleep = s["sleep"].get(str(a["dino"]), 0)
        if s["queue"] and s["queue"][0]["k"] == "sleep-target":
            return sleep if s["queue"][0]["remove"] else -sleep
        return -_worth(game, a["dino"])  # let go of the least worth
    return 0.0
