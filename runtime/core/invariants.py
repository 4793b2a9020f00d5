"""Invariants derived from the declarations: every card in exactly one zone, counters in bounds, stocks kept,
decisions well formed; then each system's own invariants. Saved games are validated by the same checks."""

from __future__ import annotations

from ..safetext import escape

RESULTS = ("win", "loss", "unfinished")


class InvariantError(AssertionError):
    pass


def is_int(v, lo=0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= lo


def _bad_shape(keys, v) -> bool:
    if keys is None:
        return False
    if type(v) is not dict or not all(type(k) is str for k in v):
        return True
    return keys != "any" and v.keys() != set(keys)


def counter_problems(game) -> list[str]:
    s, r = game.s, game.rules
    out = []
    for c in game.layout.counters:
        vals = s[c.name] if c.scope == "player" else [s[c.name]]
        keys = c.key_names(r)
        hi_all = c.max(r) if c.max else None
        lo = 1 if c.drop_zero else c.min
        for p, v in enumerate(vals):
            if _bad_shape(keys, v):
                who = f"player {p}: " if c.scope == "player" else ""
                out.append(f"{who}`{c.name}` does not have the declared shape"
                           + ("" if keys in (None, "any") else f" (counts of {', '.join(keys)})"))
                continue
            for k, x in (((None, v),) if keys is None else v.items()):
                hi = hi_all.get(k) if type(hi_all) is dict else hi_all
                if type(x) is not int or x < lo or (hi is not None and x > hi):
                    who = f"player {p}: " if c.scope == "player" else ""
                    label = c.name if k is None else f"{c.name} {k}"
                    out.append(f"{who}{label} is {x!r}; it is a count of at least {lo}" if not is_int(x, lo)
                               else f"{who}{label} is {x}; at most {hi}")
        if c.stock is not None:
            mine = s[c.name] if type(s[c.name]) is dict else {}
            held = s.get(c.held_in) if c.held_in else None
            held = [h for h in held if type(h) is dict] if type(held) is list else []
            stock = c.stock(r)
            for k in mine:
                if k not in stock:
                    out.append(f"`{c.name}` holds `{k}`, which has no stock")
            for k, total in stock.items():
                left = mine.get(k, 0)
                have = 0
                for h in held:
                    x = h.get(k, 0)
                    if type(x) is int:
                        have += x
                if type(left) is int and left + have != total:
                    out.append(f"{k}: {left} in `{c.name}` and {have} held, but the stock is {total}")
    return out


def violations(game) -> list[str]:
    """Every invariant the state breaks now (empty when sound); of an engine or of the public game wrapping one."""
    game = getattr(game, "_engine", game)
    s, r, lay = game.s, game.rules, game.layout
    out: list[str] = []
    n = len(s["cards"])
    seen = [0] * n
    holds = lay.holds
    for zone, ids in s["z"].items():
        for i in ids:
            if type(i) is not int or i < 0 or i >= n:
                out.append(f"zone {zone} holds unknown card instance {i!r}")
                continue
            seen[i] += 1
        what = holds.get(zone.partition("/")[0])
        if what:
            pred = getattr(r, "is_" + what)
            for i in ids:
                if type(i) is int and 0 <= i < n and not pred(s["cards"][i]):
                    out.append(f"zone {zone} holds {s['cards'][i]}, which is not a {what}")
    for i, c in enumerate(seen):
        if c != 1:
            out.append(f"card instance {i} ({s['cards'][i]}) is in {c} zones")
    out += counter_problems(game)
    if not is_int(s["actions"]):
        out.append(f"actions is {s['actions']!r}")
    if s["phase"] == "over" and s["outcome"] is None:
        out.append("the game is over without an outcome")
    if s["outcome"] is not None and s["phase"] != "over":
        out.append("the game has an outcome but is not over")
    play = as_played(game)
    for sys_ in lay.systems:
        out += sys_.invariants(play)
    return out


def as_played(game):
    """The game as of the step where play stopped, for the checks that relate fields to the step.

    A game that ends (a win, a loss, a cap on actions or days) can end in any step; its fields are
    those of that step. `Game.end` records it in `ended`; a game still in play is itself.
    """
    s = game.s
    ended = s.get("ended")
    if s.get("phase") != "over" or not isinstance(ended, list) or len(ended) != 2:
        return game
    return type(game)(game.rules, {**s, "phase": ended[0], "step": ended[1]})


def key_problems(s) -> list[str]:
    """Numeric mapping keys in their one written form: `7`, never `07`, `+7` or other digits than 0-9.

    The runtime writes keys such as card instances with `str(int)`, so a key in any other form
    would be a second, unreachable entry for the same thing.
    """
    out: list[str] = []
    todo = [v for k, v in s.items() if k != "log"]
    while todo and len(out) < 5:
        v = todo.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and k.isdigit() and (not k.isascii() or (len(k) > 1 and k[0] == "0")):
                    out.append(f"key {_cut(k)} is not a number in its normal form (digits 0-9, no leading zero)")
                todo.append(x)
        elif isinstance(v, list):
            todo.extend(v)
    return out


_FIELD_CHECKS = {
    "player": lambda v, n, c: is_int(v) and v < n,
    "player?": lambda v, n, c: v is None or (is_int(v) and v < n),
    "players": lambda v, n, c: isinstance(v, list) and all(is_int(x) and x < n for x in v),
    "card": lambda v, n, c: is_int(v) and v < c,
    "card?": lambda v, n, c: v is None or (is_int(v) and v < c),
    "count": lambda v, n, c: is_int(v, 1),
    "int": lambda v, n, c: is_int(v),
    "str": lambda v, n, c: isinstance(v, str),
    "str?": lambda v, n, c: v is None or isinstance(v, str),
    "bool": lambda v, n, c: isinstance(v, bool),
    "dict": lambda v, n, c: isinstance(v, dict),
    "list": lambda v, n, c: isinstance(v, list),
    "any": lambda v, n, c: True,
}


def decision_problem(game, item) -> str | None:
    s = game.s
    decisions = game.layout.decisions
    if not isinstance(item, dict) or item.get("k") not in decisions:
        return f"unknown pending decision {_cut(item)}"
    d = decisions[item["k"]]
    n, ncards = s["players"], len(s["cards"])
    if "by" in item and not isinstance(item["by"], str):
        return f"pending decision {d.kind}: `by` names a rule, symbol or record id"
    extra = set(item) - set(d.fields) - {"k", "by"}
    if extra:
        return f"pending decision {d.kind} has unknown fields {sorted(map(str, extra))[:5]}"
    for name, spec in d.fields.items():
        optional = spec.endswith("~")
        spec = spec.rstrip("~")
        if name not in item:
            if optional:
                continue
            return f"malformed pending decision {_cut(item)}: `{name}` is missing"
        if spec == "decision":  # a decision to queue later: valid now, so it can never fail then
            msg = decision_problem(game, item[name])
            if msg:
                return msg
            continue
        if not _FIELD_CHECKS[spec](item[name], n, ncards):
            return f"malformed pending decision {_cut(item)}: `{name}` is not a {spec}"
    if d.where is not None:
        return d.where(game, item)
    return None


def state_problems(g) -> list[str]:
    """Why an engine's state dict (for example one read back from JSON) is not a state of its rules; the engine is
    only read (a view of the state for the derived checks)."""
    rules, s = g.rules, g.s
    lay = rules.layout
    need = {"players": int, "cards": list, "z": dict, "queue": list, "actions": int, "rng": int, "log": list,
            "seed": int, "phase": str, "setup": dict}
    out = [f"`{k}` is missing or not a {t.__name__}" for k, t in need.items()
           if not isinstance(s.get(k), t) or (t is int and isinstance(s.get(k), bool))]
    out += [f"`{k}` is missing" for k in ("outcome", "step") if k not in s]  # either may be null, never absent
    for c in lay.counters:
        if c.name not in s:
            out.append(f"`{c.name}` is missing")
    for f in lay.fields:
        if f.name not in s:
            out.append(f"`{f.name}` is missing")
    if out:
        return out
    n = s["players"]
    if not rules.min_players <= n <= rules.max_players:
        return [f"{n} players; this game takes {rules.min_players} to {rules.max_players}"]
    if not 0 <= s["rng"] < 1 << 64:
        out.append("the generator state is not a 64-bit number")
    if sorted(map(str, s["cards"])) != rules.card_instances():
        out.append("the cards are not the cards of this game and its setup")
    if set(s["z"]) != set(lay.zone_names(n)) or not all(isinstance(v, list) for v in s["z"].values()):
        out.append("the zones are not this game's zones")
    for c in lay.counters:
        if c.scope == "player" and (not isinstance(s[c.name], list) or len(s[c.name]) != n):
            out.append(f"`{c.name}` is not one entry per player")
    ended = s.get("ended")
    if s["phase"] == "over" and ended is not None:
        if not (isinstance(ended, list) and len(ended) == 2 and ended[0] in lay.phases
                and ended[1] in lay.step_names.get(ended[0], ())):
            return ["the step where the game ended is not a step of this game"]
    elif ended is not None:
        return ["a game still in play names a step where it ended"]
    played = s if s["phase"] != "over" or ended is None else {**s, "phase": ended[0], "step": ended[1]}
    out += key_problems(s)
    if out:
        return out
    for f in lay.fields:
        v = s[f.name]
        if f.scope == "player" and (not isinstance(v, list) or len(v) != n):
            out.append(f"`{f.name}` is not one entry per player")
            continue
        if f.check is not None:
            for p, x in enumerate(v if f.scope == "player" else [v]):
                try:
                    msg = f.check(x, played, rules)
                except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:  # untrusted input
                    msg = f"`{f.name}` cannot be checked ({type(exc).__name__}: {_cut(str(exc))})"
                if msg:
                    out.append((f"player {p}: " if f.scope == "player" else "") + msg)
    if s["phase"] == "over":
        if s.get("step") is not None:
            out.append("a game that is over has no step")
    elif s["phase"] not in lay.phases:
        out.append(f"unknown phase `{_cut(s['phase'])}`")
    elif s.get("step") not in lay.step_names.get(s["phase"], ()):
        out.append(f"step {_cut(s.get('step'))} is not a step of phase `{s['phase']}`")
    o = s.get("outcome")
    if o is not None and (not isinstance(o, dict) or o.get("result") not in RESULTS):
        out.append("the outcome is not win, loss or unfinished")
    elif o is not None and (not isinstance(o.get("cause"), str) or not o["cause"].strip()
                            or not isinstance(o.get("tie"), bool)):
        out.append("the outcome does not say why the game ended (a `cause`) and whether it is a tie")
    if out:
        return out
    for item in s["queue"]:
        msg = decision_problem(g, item)
        if msg:
            out.append(msg)
    if out:
        return out
    out += violations(g)
    if not out and s["outcome"] is None:
        try:
            acts = g.legal_actions()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # untrusted input
            acts = None
            out.append(f"the legal actions cannot be worked out ({type(exc).__name__}: {_cut(str(exc))})")
        if acts == []:
            out.append("nobody can act, yet the game is not over")
    return out


def check(game) -> None:
    """Raise InvariantError listing every violated invariant of the game's state."""
    v = violations(game)
    if v:
        raise InvariantError("; ".join(v[:10]))


def _cut(v) -> str:
    return escape(repr(v), 80)
