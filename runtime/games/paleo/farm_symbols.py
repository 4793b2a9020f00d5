"""A New Beginning's new symbols on cards: a card kept with the group, special cards removed, dream cards
returned, the dream world, a new group, the flute's cards, ideas removed and skulls taken off, with the
decisions they open.
"""

from __future__ import annotations

from ...core import OpError
from . import state as S
from .farm_common import OPS, player_of, players_of


# ------------------------------------------------------------------ cards kept, removed, returned
@OPS.op("symbol:place-this-card-with-group", "reward")
def keep_card():
    def run(g, ctx):
        p = player_of(ctx)
        if ctx.card is not None and ctx.player is not None and ctx.card in g.s["z"][f"chosen/{p}"]:
            ctx.dest = f"kept/{p}"  # laid with the group when the card is finished
    return run


def _special_targets(g, what: dict, players) -> list[tuple[str, int]]:
    """(zone, instance) pairs a `remove special card` can take: a secret anywhere, a named card kept with a
    group of `players`, or the next card of a back in each player's deck."""
    s, r = g.s, g.rules
    ref = what.get("ref")
    out = []
    if ref == "secret":
        num = what.get("number")
        for zone, ids in s["z"].items():
            if zone in ("cemetery", "box"):
                continue
            for i in ids:
                if r.secret_number(s["cards"][i]) == num and r.cards[s["cards"][i]].get("kind") == "secret":
                    out.append((zone, i))
        return out
    if ref in ("card", "title"):
        name = str(what.get("name") or "").lower()
        for p in players:
            for zone in (f"kept/{p}", f"night/{p}"):
                for i in s["z"][zone]:
                    if (r.has_title(s["cards"][i], name) if ref == "title" else r.name(s["cards"][i]).lower() == name):
                        out.append((zone, i))
        return out
    back = what.get("back") or what.get("name")
    for p in players:
        deck = s["z"][f"deck/{p}"]
        for i in reversed(deck):  # the next one from the top
            if r.back(s["cards"][i]) == back:
                out.append((f"deck/{p}", i))
                break
    return out


def _special(what):
    if isinstance(what, str):  # a back: `remove special card danger`
        what = {"ref": "back", "back": what}
    if not isinstance(what, dict):
        raise OpError("`symbol:remove-special-card` needs what to remove")

    def queue(g, ctx):
        ctx.new.append({"k": "special", "what": dict(what), "players": players_of(g, ctx), "decider": player_of(ctx)})
    return what, queue


@OPS.op("symbol:remove-special-card", "cost")
def special_cost(what=None):
    what, queue = _special(what)
    must_exist = what.get("ref") in ("card", "title", "secret")

    def pay(g, ctx, do):
        if must_exist and not _special_targets(g, what, players_of(g, ctx)):
            return False
        if do:
            queue(g, ctx)
        return True
    return pay


@OPS.op("symbol:remove-special-card", "reward", "negative")
def special(what=None):
    return _special(what)[1]


def _remove(g, zone, iid) -> None:
    g.move(iid, zone, "cemetery")
    g.event("removed", card=g.s["cards"][iid], source=zone.split("/")[0])


def special_actions(g, item):
    d = item["decider"]
    return [{"type": "remove", "player": d, "zone": z, "target": i, "label": f"P{d}: remove {S.name(g, i)} from {z}"}
            for z, i in _special_targets(g, item["what"], item["players"])]


def apply_special(g, item, a):
    g.s["queue"].pop(0)
    _remove(g, a["zone"], a["target"])


def auto_special(g, item) -> bool:
    t = _special_targets(g, item["what"], item["players"])
    if len(t) > 1:
        return False
    g.s["queue"].pop(0)
    if t:
        _remove(g, *t[0])
    else:
        g.event("nothing-to-remove", what=item["what"])
    return True


def _dreams_in(g, p) -> list[int]:
    s, r = g.s, g.rules
    return [i for i in reversed(s["z"][f"deck/{p}"]) if r.cards[s["cards"][i]].get("kind") == "dream"]


@OPS.op("symbol:return-dream-cards", "cost")
def return_dreams_cost(n=1):
    def pay(g, ctx, do):
        have = sum(len(_dreams_in(g, q)) for q in players_of(g, ctx))
        if have < n:
            return False
        if do:
            ctx.new.append({"k": "return-dreams", "n": n, "players": players_of(g, ctx), "decider": player_of(ctx)})
        return True
    return pay


@OPS.op("symbol:return-dream-cards", "negative")
def return_dreams(n=1):
    def run(g, ctx):
        have = sum(len(_dreams_in(g, q)) for q in players_of(g, ctx))
        if min(n, have):
            ctx.new.append({"k": "return-dreams", "n": min(n, have), "players": players_of(g, ctx),
                            "decider": player_of(ctx)})
    return run


def _return_dream(g, q) -> None:
    iid = _dreams_in(g, q)[0]
    g.move(iid, f"deck/{q}", "dreams", top=False)  # back under the dream deck
    g.event("dream-returned", player=q)


def return_dreams_actions(g, item):
    d = item["decider"]
    return [{"type": "return-dream", "player": d, "from": q, "label": f"P{d}: return a dream card from P{q}'s deck"}
            for q in item["players"] if _dreams_in(g, q)]


def apply_return_dreams(g, item, a):
    _return_dream(g, a["from"])
    item["n"] -= 1
    if item["n"] <= 0 or not any(_dreams_in(g, q) for q in item["players"]):
        g.s["queue"].pop(0)


def auto_return_dreams(g, item) -> bool:
    who = [q for q in item["players"] if _dreams_in(g, q)]
    if len(who) > 1:
        return False
    g.s["queue"].pop(0)
    for _ in range(item["n"]):
        if who and _dreams_in(g, who[0]):
            _return_dream(g, who[0])
    return True


# ------------------------------------------------------------------ the dream world
def _awake(g, p) -> list[int]:
    return [i for i in g.s["z"][f"group/{p}"] if i not in g.s["dreaming"]]


def _asleep_people(g, p) -> list[int]:
    return [i for i in g.s["z"][f"group/{p}"] if i in g.s["dreaming"]]


@OPS.op("symbol:everlasting-dream", "cost")
def everlasting_cost():
    def pay(g, ctx, do):
        if not _awake(g, player_of(ctx)):
            return False
        if do:
            ctx.new.append({"k": "dream-person", "player": player_of(ctx), "awaken": False})
        return True
    return pay


@OPS.op("symbol:everlasting-dream", "negative")
def everlasting():
    def run(g, ctx):
        if _awake(g, player_of(ctx)):
            ctx.new.append({"k": "dream-person", "player": player_of(ctx), "awaken": False})
    return run


@OPS.op("symbol:awaken", "reward")
def awaken():
    def run(g, ctx):
        ctx.new.append({"k": "dream-person", "player": player_of(ctx), "awaken": True})
    return run


def dream_person_actions(g, item):
    p = item["player"]
    if item["awaken"]:
        return [{"type": "dream", "player": p, "person": i, "label": f"P{p}: wake {S.name(g, i)}"} for i in _asleep_people(g, p)]
    return [{"type": "dream", "player": p, "person": i, "label": f"P{p}: {S.name(g, i)} goes into the dream world"}
            for i in _awake(g, p)]


def _dream(g, p, iid, awaken) -> None:
    s = g.s
    if awaken:
        s["dreaming"].remove(iid)
        g.event("awaken", player=p, card=s["cards"][iid])
        return
    s["dreaming"].append(iid)
    g.event("everlasting-dream", player=p, card=s["cards"][iid])
    if not _awake(g, p):  # the last face-up person: a new one comes, as when the last one dies
        S.join_person(g, p, None)


def apply_dream_person(g, item, a):
    g.s["queue"].pop(0)
    _dream(g, item["player"], a["person"], item["awaken"])


def auto_dream_person(g, item) -> bool:
    cands = _asleep_people(g, item["player"]) if item["awaken"] else _awake(g, item["player"])
    if len(cands) > 1:
        return False
    g.s["queue"].pop(0)
    if cands:
        _dream(g, item["player"], cands[0], item["awaken"])
    return True


# ------------------------------------------------------------------ a new group
@OPS.op("symbol:new-group", "reward")
def new_group_reward(n=3):
    def run(g, ctx):
        ctx.new.append({"k": "new-group", "players": players_of(g, ctx), "n": n})
    return run


def new_group(g, p, n) -> None:
    s = g.s
    old = list(s["z"][f"group/{p}"])
    for iid in old:
        s["wounds"].pop(str(iid), None)
        if iid in s["dreaming"]:
            s["dreaming"].remove(iid)
        g.move(iid, f"group/{p}", "box")
    g.event("group-exchanged", player=p, left=len(old))
    for _ in range(n):
        S.join_person(g, p, None)


def new_group_actions(g, item):
    return [{"type": "new-group", "player": item["players"][0], "who": q,
             "label": f"P{item['players'][0]}: P{q} exchanges their whole group for {item['n']} new people"}
            for q in item["players"]]


def apply_new_group(g, item, a):
    g.s["queue"].pop(0)
    new_group(g, a["who"], item["n"])


def auto_new_group(g, item) -> bool:
    if len(item["players"]) > 1:
        return False
    g.s["queue"].pop(0)
    new_group(g, item["players"][0], item["n"])
    return True


# ------------------------------------------------------------------ the flute
def flute_actions(g, item):
    d = item["players"][0]
    return [{"type": "flute", "player": d, "to": q, "label": f"P{d}: a card of the flute goes on P{q}'s deck"}
            for q in item["players"]]


def apply_flute(g, item, a):
    iid = item["cards"].pop(0)
    g.move(iid, "discard-down", f"deck/{a['to']}")
    g.event("flute-card", player=a["to"])
    if not item["cards"]:
        g.s["queue"].pop(0)


def where_flute(g, item):
    """A saved flute decision holds the cards it still places, each on the face-down discard pile."""
    cards, down = item.get("cards"), g.s["z"]["discard-down"]
    if not cards or len(set(map(str, cards))) != len(cards) or not all(type(i) is int and i in down for i in cards):
        return "the cards of the flute lie on the face-down discard pile"
    return None


def auto_flute(g, item) -> bool:
    s = g.s
    if len(item["players"]) == 1:
        for iid in item["cards"]:
            g.move(iid, "discard-down", f"deck/{item['players'][0]}")
            g.event("flute-card", player=item["players"][0])
        s["queue"].pop(0)
        return True
    return False


# ------------------------------------------------------------------ ideas, skulls
@OPS.op("symbol:remove-idea-cards", "cost")
def remove_ideas(n=1):
    def pay(g, ctx, do):
        if len(g.s["z"]["workbench"]) < n:
            return False
        if do:
            ctx.new.append({"k": "pick-ideas", "n": n, "player": player_of(ctx)})
        return True
    return pay


def pick_ideas_actions(g, item):
    p = item["player"]
    return [{"type": "idea", "player": p, "idea": i, "label": f"P{p}: {S.name(g, i)} goes to the graveyard"}
            for i in g.s["z"]["workbench"]]


def _idea_out(g, iid) -> None:
    g.move(iid, "workbench", "cemetery")
    g.event("idea-removed", card=g.s["cards"][iid])


def apply_pick_ideas(g, item, a):
    _idea_out(g, a["idea"])
    item["n"] -= 1
    if item["n"] <= 0 or not g.s["z"]["workbench"]:
        g.s["queue"].pop(0)


def auto_pick_ideas(g, item) -> bool:
    wb = g.s["z"]["workbench"]
    if len(wb) > item["n"]:
        return False
    g.s["queue"].pop(0)
    for iid in list(wb):
        _idea_out(g, iid)
    return True


@OPS.op("symbol:remove-skull", "reward")
def remove_skull(n=1):
    def run(g, ctx):
        k = min(n, g.s["skulls"])
        if k:
            g.s["skulls"] -= k
            g.event("skull-removed", n=k, total=g.s["skulls"])
    return run
