"""State invariants: every card in exactly one zone, no counter below zero, no supply exceeded, a well-formed state."""

from __future__ import annotations

from itertools import permutations

from .ops import SKILLS

PHASES = ("choose", "resolve", "night", "over")
NIGHT_STEPS = ("feeding", "missions", "night-cards", "new-day")
QUEUE_KINDS = ("wound", "share", "craft", "fallback", "mission", "nightcard", "finish", "done")
RESULTS = ("win", "loss", "unfinished")


class InvariantError(AssertionError):
    pass


def _int(v, lo=0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= lo


def violations(game) -> list[str]:
    s, r = game.s, game.rules
    out: list[str] = []
    n = len(s["cards"])
    seen = [0] * n
    for zone, ids in s["z"].items():
        for i in ids:
            if not _int(i) or i >= n:
                out.append(f"zone {zone} holds unknown card instance {i!r}")
            else:
                seen[i] += 1
    for i, c in enumerate(seen):
        if c != 1:
            out.append(f"card instance {i} ({s['cards'][i]}) is in {c} zones")
    for k, v in s["res"].items():
        if not _int(v):
            out.append(f"resource {k} is {v!r}")
    for key, limit in (("victory", r.victory_target), ("skulls", r.skull_limit)):
        if not _int(s[key]) or s[key] > limit:
            out.append(f"{key} is {s[key]!r}; the night board holds 0 to {limit}")
    for key in ("day", "nights", "actions"):
        if not _int(s[key]):
            out.append(f"{key} is {s[key]!r}")
    for p, tools in enumerate(s["tools"]):
        for t, v in tools.items():
            if not _int(v, 1):
                out.append(f"player {p} holds {v!r} {t}")
    for t, total in r.tool_stock.items():
        left = s["supply"].get(t, 0)
        held = sum(tools.get(t, 0) for tools in s["tools"])
        if not _int(left) or left + held != total:
            out.append(f"{t}: {left} in the supply and {held} held, but the stock is {total}")
    for t in s["supply"]:
        if t not in r.tool_stock:
            out.append(f"the supply holds `{t}`, which has no stock")
    for iid, w in s["wounds"].items():
        i = int(iid)
        hearts = r.persons.get(s["cards"][i], {}).get("hearts", 0)
        if not _int(w, 1) or w > hearts:
            out.append(f"{s['cards'][i]} carries {w!r} wounds with {hearts} hearts")
        if not any(i in s["z"][f"group/{p}"] for p in range(s["players"])):
            out.append(f"wounds on {s['cards'][i]}, who is in no group")
    for p in range(s["players"]):
        chosen = s["z"][f"chosen/{p}"]
        if len(chosen) > 1:
            out.append(f"player {p} has {len(chosen)} chosen cards")
        if s["phase"] in ("choose", "night") and chosen:
            out.append(f"player {p} has a chosen card outside the resolve step")
        if s["phase"] == "resolve" and s["done"][p] != (not chosen):
            out.append(f"player {p} is {'done' if s['done'][p] else 'resolving'} with {len(chosen)} chosen cards")
        if s["phase"] in ("choose", "resolve") and s["asleep"][p] and s["z"][f"deck/{p}"]:
            out.append(f"player {p} is asleep with {len(s['z'][f'deck/{p}'])} cards in their deck")
        if s["asleep"][p] and s["choice"][p] is not None:
            out.append(f"player {p} is asleep but has a choice pending")
        h = s["helping"][p]
        if h is not None and (not _int(h) or h >= s["players"] or h == p or not s["done"][p]):
            out.append(f"player {p} helps {h!r}")
    if s["phase"] == "over" and s["outcome"] is None:
        out.append("the game is over without an outcome")
    if s["outcome"] is not None and s["phase"] != "over":
        out.append("the game has an outcome but is not over")
    return out


def _choice_problem(s, p: int, c, backs_seen: int) -> str | None:
    if c is None:
        return None
    if not isinstance(c, dict) or c.get("kind") not in ("card", "sleep"):
        return f"choice of player {p} is not a choice record"
    if c["kind"] == "sleep":
        return None if set(c) == {"kind"} else f"choice of player {p} has unknown fields"
    top = min(backs_seen, len(s["z"][f"deck/{p}"]))
    k, order = c.get("card"), c.get("order")
    if not _int(k) or k >= top:
        return f"choice of player {p} takes card {k!r} of {top}"
    if not isinstance(order, list) or order not in [list(x) for x in permutations([j for j in range(top) if j != k])]:
        return f"choice of player {p} puts the other cards back as {order!r}"
    return None


def _queue_problem(s, item, n: int, ncards: int) -> str | None:
    if not isinstance(item, dict) or item.get("k") not in QUEUE_KINDS:
        return f"unknown pending decision {item!r}"
    players = lambda v: isinstance(v, list) and all(_int(x) and x < n for x in v)  # noqa: E731
    player = lambda v: v is None or (_int(v) and v < n)  # noqa: E731
    card = lambda v: _int(v) and v < ncards  # noqa: E731
    k = item["k"]
    ok = {
        "wound": lambda: _int(item.get("n"), 1) and players(item.get("players")) and player(item.get("decider")),
        "share": lambda: item.get("what") in ("tool", "person") and players(item.get("players"))
        and player(item.get("decider")) and (item["what"] != "tool" or isinstance(item.get("tool"), str)),
        "craft": lambda: _int(item.get("player")) and item["player"] < n and players(item.get("helpers")),
        "fallback": lambda: player(item.get("player")) and card(item.get("card")) and players(item.get("helpers"))
        and isinstance(item.get("finish"), dict),
        "mission": lambda: player(item.get("player")) and card(item.get("card")),
        "nightcard": lambda: player(item.get("player")) and card(item.get("card")),
        "finish": lambda: player(item.get("player")) and card(item.get("card")),
        "done": lambda: True,
    }[k]
    if not ok():
        return f"malformed pending decision {item!r}"
    z = s["z"]
    where = {"mission": lambda: item["card"] in z["missions"],
             "nightcard": lambda: item["player"] is not None and item["card"] in z[f"night/{item['player']}"],
             "fallback": lambda: any(item["card"] in z[k] for k in z if k.startswith(("chosen/", "night/")))
             or item["card"] in z["missions"]}
    if k in where and not where[k]():
        return f"pending decision {k} for card instance {item['card']}, which is not where that decision is taken"
    return None


def state_problems(rules, s) -> list[str]:
    """Why a state dict (for example one read back from JSON) is not a state this game can be in."""
    if not isinstance(s, dict):
        return ["a saved game is a JSON object"]
    need = {"players": int, "cards": list, "z": dict, "wounds": dict, "res": dict, "tools": list, "supply": dict,
            "victory": int, "skulls": int, "day": int, "nights": int, "phase": str, "asleep": list, "choice": list,
            "done": list, "helping": list, "queue": list, "actions": int, "used": list, "bonus": dict,
            "forced_dice": list, "rng": int, "log": list, "seed": int}
    out = [f"`{k}` is missing or not a {t.__name__}" for k, t in need.items()
           if not isinstance(s.get(k), t) or (t is int and isinstance(s.get(k), bool))]
    if out:
        return out
    n = s["players"]
    if not rules.min_players <= n <= rules.max_players:
        return [f"{n} players; this game takes {rules.min_players} to {rules.max_players}"]
    if not 0 <= s["rng"] < 1 << 64:
        out.append("the generator state is not a 64-bit number")
    if sorted(map(str, s["cards"])) != rules.card_instances():
        out.append("the cards are not the cards of this game and its modules")
    zones = {"people", "dreams", "ideas", "missions", "secrets", "workbench", "discard-down", "discard-up",
             "cemetery", "box"} | {f"{z}/{p}" for z in ("deck", "chosen", "group", "night") for p in range(n)}
    if set(s["z"]) != zones or not all(isinstance(v, list) for v in s["z"].values()):
        out.append("the zones are not this game's zones")
    for key in ("asleep", "choice", "done", "helping", "tools"):
        if len(s[key]) != n:
            out.append(f"`{key}` has {len(s[key])} entries for {n} players")
    if not all(isinstance(t, dict) and all(isinstance(k, str) and _int(v, 1) for k, v in t.items())
               for t in s["tools"]):
        out.append("`tools` are counts of at least 1 per tool")
    if not all(isinstance(k, str) and _int(v) for k, v in s["supply"].items()):
        out.append("the supply holds counts only")
    if not all(_int(v) for v in s["res"].values()):
        out.append("resources are counts")
    if set(s["res"]) != {"food", "wood", "stone"}:
        out.append("the camp storage counts food, wood and stone")
    if not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"]) for k in s["wounds"]):
        out.append("wounds on unknown card instances")
    if not all(isinstance(x, bool) for x in s["asleep"] + s["done"]):
        out.append("`asleep` and `done` hold true or false only")
    if s["phase"] not in PHASES:
        out.append(f"unknown phase `{s['phase']}`")
    if (s["phase"] == "night") != (s.get("night_step") in NIGHT_STEPS):
        out.append(f"night step {s.get('night_step')!r} in phase `{s['phase']}`")
    o = s.get("outcome")
    if o is not None and (not isinstance(o, dict) or o.get("result") not in RESULTS):
        out.append("the outcome is not win, loss or unfinished")
    b = s["bonus"]
    if not all(isinstance(k, str) and k.isdigit() and int(k) < n and isinstance(v, dict)
               and all(sk in SKILLS and _int(x) for sk, x in v.items()) for k, v in b.items()):
        out.append("skill bonuses are counts of strength, awareness or craftsmanship per player")
    elif b and not s["queue"]:
        out.append("skill bonuses outside a resolution")
    if not all(isinstance(f, str) for f in s["forced_dice"]):
        out.append("forced dice are faces such as `strength 2`")
    if out:
        return out
    for p, c in enumerate(s["choice"]):
        msg = _choice_problem(s, p, c, rules.backs_seen)
        if msg:
            out.append(msg)
        elif c is not None and s["phase"] != "choose":
            out.append(f"choice of player {p} outside the choose step")
    for item in s["queue"]:
        msg = _queue_problem(s, item, n, len(s["cards"]))
        if msg:
            out.append(msg)
    if out:
        return out
    z, cards = s["z"], s["cards"]
    for zone in [f"group/{p}" for p in range(n)] + ["people"]:
        if any(cards[i] not in rules.persons for i in z[zone] if _int(i) and i < len(cards)):
            out.append(f"zone {zone} holds a card that is not a person")
    from .engine import Game  # a view of the state for the zone and counter checks

    g = Game(rules, s)
    out += violations(g)
    if not out and s["outcome"] is None:
        try:
            acts = g.legal_actions()
        except (KeyError, IndexError, TypeError, ValueError) as exc:  # untrusted input, not an engine state
            acts = None
            out.append(f"the legal actions cannot be worked out ({type(exc).__name__}: {exc})")
        if acts == []:
            out.append("nobody can act, yet the game is not over")
    return out


def check(game) -> None:
    """Raise InvariantError listing every violated invariant of the game's state."""
    v = violations(game)
    if v:
        raise InvariantError("; ".join(v[:10]))
