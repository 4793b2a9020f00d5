"""The base game's turn between decisions: revealing the chosen cards, the predeal, the night's
steps (feeding, missions, a new day) and the listeners (at night, when revealed, on a symbol)."""

from __future__ import annotations

from ...rng import Rng
from . import state as S


def reveal(g) -> None:
    s = g.s
    z = s["z"]
    revealed = {}
    for p in range(s["players"]):
        c = s["choice"][p]
        if c is None:
            continue
        deck = z[f"deck/{p}"]
        if c["kind"] == "sleep":
            k = len(deck)
            z["discard-down"].extend(reversed(deck))
            deck.clear()
            s["asleep"][p] = True
            g.event("sleep-early", player=p, discarded=k)
            continue
        top = list(reversed(deck[-g.rules.backs_seen:]))
        del deck[len(deck) - len(top):]
        chosen = top[c["card"]]
        rest = [top[j] for j in c["order"]]
        deck.extend(reversed(rest))  # order[0] ends on top
        z[f"chosen/{p}"].append(chosen)
        s["done"][p] = False
        revealed[str(p)] = s["cards"][chosen]
    s["choice"] = [None] * s["players"]
    g.event("reveal", cards=revealed)


def predeal(g, pile: list) -> None:
    """Before a shuffled stack is dealt (setup and each new day), systems may take cards from its top
    (the Cult Site's cult deck and display); `pile` is the stack, its end the top."""
    for sys_ in g.layout.systems:
        sys_.predeal(g, pile)


# ------------------------------------------------------------------ night
def run_feeding(g):
    s = g.s
    s["nights"] += 1
    g.event("night", n=s["nights"])
    people = sum(len(s["z"][f"group/{p}"]) for p in range(s["players"]))
    paid = min(people, s["res"].get("food", 0))
    s["res"]["food"] -= paid
    g.event("feeding", people=people, food_paid=paid, unfed=people - paid)
    if people > paid:
        S.add_skulls(g, people - paid, "unfed")
    S.check_end(g)


def run_missions(g):
    g.s["queue"].extend({"k": "mission", "card": iid, "player": None} for iid in g.s["z"]["missions"])


def run_new_day(g):
    s = g.s
    z = s["z"]
    pile = z["discard-down"] + z["discard-up"]
    z["discard-down"] = []
    z["discard-up"] = []
    rng = Rng(s["rng"])
    rng.shuffle(pile)
    s["rng"] = rng.state
    predeal(g, pile)
    n = s["players"]
    for i, iid in enumerate(pile):
        z[f"deck/{i % n}"].append(iid)
    s["day"] += 1
    s["asleep"] = [not z[f"deck/{p}"] for p in range(n)]
    g.goto("day")
    g.event("new-day", dealt=[len(z[f"deck/{p}"]) for p in range(n)])
    if all(s["asleep"]):
        g.end("unfinished", "no cards left to deal")


# ------------------------------------------------------------------ listeners: at night, when revealed, on <symbol>
def on_night_cards(g, _payload) -> None:
    """`at night:` and moon cards: each card kept with a group is dealt with, every night."""
    s = g.s
    for p in range(s["players"]):
        s["queue"].extend({"k": "nightcard", "card": iid, "player": p} for iid in s["z"][f"night/{p}"])


def on_reveal(g, _payload) -> None:
    """`when revealed:` options resolve as soon as their card is turned face up, before any card is resolved."""
    s, r = g.s, g.rules
    if not r.revealed:
        return
    for p in range(s["players"]):
        for iid in s["z"][f"chosen/{p}"]:
            if s["cards"][iid] in r.revealed:
                s["queue"].append({"k": "revealed", "card": iid, "player": p})


def on_symbol(g, payload) -> None:
    """`on <symbol>:` options of cards kept with the acting group answer when that group performs the symbol."""
    sym, ctx = payload
    cids = g.rules.listeners.get(sym)
    if not cids:
        return
    s = g.s
    p = ctx.player
    for zone in g.layout.listening:  # the zones whose cards are heard: the player's own, and shared ones (the stable)
        for iid in s["z"][zone.name if zone.scope == "shared" else f"{zone.name}/{p}"]:
            if s["cards"][iid] in cids and iid != ctx.card:
                ctx.new.append({"k": "trigger", "card": iid, "player": p, "symbol": sym})
