"""The Cult Site's decisions, each a set of legal actions, what playing one does and the choice a policy makes
alone: seeking a place, a ritual, developing, a hazard, a card to the cult deck, a swap and a secret resolved at
once; and where each decision stands in the game.
"""

from __future__ import annotations

from ...core.invariants import is_int
from . import resolve as R
from .state import Ctx
from .cult_board import (
    ALTARS,
    ZONE,
    ritual_at,
    top_card,
    develop,
    display_cards,
    matches,
)


# ------------------------------------------------------------------ decisions
def seek_actions(g, item):
    p = item["player"]
    out = []
    for a in ALTARS:
        iid = top_card(g, a)
        if iid is None:
            continue
        back = g.rules.back(g.s["cards"][iid])
        for q in item["players"]:
            out.append({"type": "seek", "player": p, "altar": a, "to": q,
                        "label": f"P{p}: seek the place at the {a} altar ({back} back) onto P{q}'s deck"})
    return out


def apply_seek(g, item, a):
    s = g.s
    iid = top_card(g, a["altar"])
    g.move(iid, ZONE[a["altar"]], f"deck/{a['to']}")  # unseen and face down; a red back wounds nobody
    g.event("seek-place", player=item["player"], altar=a["altar"], to=a["to"])
    if s["asleep"][a["to"]] and s["phase"] == "day":
        s["asleep"][a["to"]] = False
        g.event("wakes", player=a["to"])
    item["n"] -= 1
    if item["n"] <= 0 or not display_cards(g):
        s["queue"].pop(0)


def auto_seek(g, item) -> bool:
    acts = seek_actions(g, item)
    if not acts:
        g.s["queue"].pop(0)
        g.event("seek-place-none", player=item["player"])
        return True
    if len(acts) == 1:
        apply_seek(g, item, acts[0])
        return True
    return False


def ritual_actions(g, item):
    p = item["player"]
    return [{"type": "ritual", "player": p, "altar": a, "label": f"P{p}: perform the ritual at the {a} altar"}
            for a in item["altars"] if matches(g, a)]


def apply_ritual(g, item, a):
    g.s["queue"].pop(0)
    ritual_at(g, a["altar"])


def develop_score(game, a: dict) -> float:
    return 1.0 if a["flip"] else 0.0


def develop_actions(g, item):
    p = item["player"]
    return [{"type": "develop", "player": p, "flip": True, "label": f"P{p}: develop the cult (flip the cult night tile)"},
            {"type": "develop", "player": p, "flip": False, "label": f"P{p}: leave the cult night tile as it is"}]


def apply_develop(g, item, a):
    g.s["queue"].pop(0)
    if a["flip"]:
        develop(g)
    else:
        g.event("cult-not-developed", player=item["player"])


def auto_develop(g, item) -> bool:
    if g.s["cult"]["developed"]:
        g.s["queue"].pop(0)
        return True
    return False


def _red_in_deck(g, p) -> list[int]:
    s = g.s
    deck = s["z"][f"deck/{p}"]
    return [k for k in range(len(deck) - 1, -1, -1) if g.rules.is_red_back(s["cards"][deck[k]])]


def hazard_actions(g, item):
    p = item["player"]
    deck = g.s["z"][f"deck/{p}"]
    out = [{"type": "hazard", "player": p, "pos": len(deck) - 1 - k,
            "label": f"P{p}: put the red-backed card {len(deck) - k} from the top onto the face-down discard pile"}
           for k in _red_in_deck(g, p)]
    out.append({"type": "hazard", "player": p, "pos": None, "label": f"P{p}: discard no hazard card"})
    return out


def apply_hazard(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["pos"] is None:
        return
    deck = s["z"][f"deck/{item['player']}"]
    iid = deck[len(deck) - 1 - a["pos"]]
    g.move(iid, f"deck/{item['player']}", "discard-down")
    g.event("hazard-discarded", player=item["player"])


def auto_hazard(g, item) -> bool:
    if _red_in_deck(g, item["player"]):
        return False
    g.s["queue"].pop(0)
    g.event("hazard-none", player=item["player"])
    return True


def _source_zone(q) -> str:
    return "discard-down" if q == "discard" else f"deck/{q}"


def where_to_cult(g, item):
    ps = item.get("players")
    n = g.s["players"]
    if not ps or not all(q == "discard" or (is_int(q) and q < n) for q in ps) or ps.count("discard") > 1:
        return "a card for the cult deck comes from seats' decks or the face-down discard pile"
    return None


def where_ritual(g, item):
    alts = item.get("altars")
    if not alts or not all(a in ALTARS for a in alts):
        return "a ritual is performed at the forest, river or mountain altar"
    return None


def where_now(g, item):
    if item.get("card") not in g.s["z"]["resolving-now"]:
        return "a card resolved at once lies in the resolving-now zone"
    return None


def to_cult_actions(g, item):
    """Any card of the deck (of the player or a helper, agreed between them), or of the face-down discard pile,
    picked by its place: it goes unseen onto the cult deck."""
    d = item["decider"]
    out = []
    for q in item["players"]:
        pile = g.s["z"][_source_zone(q)]
        for pos in range(len(pile)):
            back = g.rules.back(g.s["cards"][pile[len(pile) - 1 - pos]])
            where = "the face-down discard pile" if q == "discard" else f"P{q}'s deck"
            out.append({"type": "to-cult", "player": d, "from": q, "pos": pos,
                        "label": f"P{d}: card {pos + 1} of {where} ({back} back) onto the cult deck"})
    return out


def apply_to_cult(g, item, a):
    s = g.s
    s["queue"].pop(0)
    zone = _source_zone(a["from"])
    pile = s["z"][zone]
    iid = pile[len(pile) - 1 - a["pos"]]
    g.move(iid, zone, "cult-deck")  # on top, unseen and face down
    g.event("onto-cult-deck", source="discard" if a["from"] == "discard" else a["from"])


def auto_to_cult(g, item) -> bool:
    if to_cult_actions(g, item):
        return False
    g.s["queue"].pop(0)
    return True


def swap_actions(g, item):
    p = item["player"]
    out = []
    for i, a in enumerate(ALTARS):
        for b in ALTARS[i + 1:]:
            if g.s["z"][ZONE[a]] or g.s["z"][ZONE[b]]:
                out.append({"type": "swap", "player": p, "a": a, "b": b, "label": f"P{p}: swap the {a} and {b} display cards"})
    out.append({"type": "swap", "player": p, "a": None, "b": None, "label": f"P{p}: swap nothing"})
    return out


def apply_swap(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["a"] is None:
        return
    za, zb = ZONE[a["a"]], ZONE[a["b"]]
    s["z"][za], s["z"][zb] = s["z"][zb], s["z"][za]
    g.event("swap-display", a=a["a"], b=a["b"])


def now_actions(g, item):
    """A card revealed and resolved at once (a secret from the mask, statuette or amulet): as a day card."""
    s, r = g.s, g.rules
    p = item["player"]
    cid = s["cards"][item["card"]]
    ctx = Ctx(p, [], item["card"], "now")
    opts = [o for o in r.options.get(cid, []) if o.trigger is None and not o.help]
    nothing = f"P{p}: {r.name(cid)}: resolve nothing"
    return R.offer_card_options(g, p, cid, opts, ctx, f"P{p}: {r.name(cid)}: ", negative="action",
                                none_left=nothing, leave=nothing)


def apply_now(g, item, a):
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    fin = {"k": "now-done", "card": iid, "player": item["player"]}
    if a["type"] == "ignore":
        g.event("ignore", player=item["player"], card=s["cards"][iid])
        s["queue"].insert(0, fin)
        return
    opt = g.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
    R.resolve_option(g, iid, opt, Ctx(item["player"], [], iid, "now"), fin)


def auto_now_done(g, item) -> bool:
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    if iid in s["z"]["resolving-now"]:
        p = item["player"]
        dst = f"night/{p}" if g.rules.has_moon(s["cards"][iid]) else "discard-up"
        g.move(iid, "resolving-now", dst)
    return True
