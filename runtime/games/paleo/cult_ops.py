"""The Cult Site's symbols as ops (`OPS`, by symbol and position): seeking a place, avoiding, venerating, rituals,
cult objects, developing the site, hazards, cult cards placed, swapped and destroyed, the marked secret, obtained
cult tools and dreams revealed by another player; each registers the requirement checks it reads.
"""

from __future__ import annotations

from ...core import OpError, OpTable, Play
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx
from .cult_board import (
    ALTARS,
    CULT_TOOLS,
    altar_arg,
    player_of,
    ritual_at,
    avoid,
    develop,
    matching,
    on,
    reveal_marked,
    take_object,
    tools_on_site,
)


# ------------------------------------------------------------------ ops
OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the Cult Site's symbols."""


def _on(g, ctx) -> bool:
    return on(g)


@OPS.op("symbol:seek-place", "reward", usable=_on)
def seek():
    def run(g, ctx):
        if on(g):
            p = player_of(ctx)
            ctx.new.append({"k": "seek", "player": p, "players": ctx.players or [p], "n": 1})
    return run


@OPS.op("symbol:avoid-place", "cost")
def avoid_cost(n=1):
    def pay(g, ctx, do):
        if not on(g) or ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) < n:
            return False
        if do:
            avoid(g, ctx.player, n)
        return True
    return pay


@OPS.op("symbol:avoid-place", "negative")
def avoid_place(n=1):
    def run(g, ctx):
        if on(g) and ctx.player is not None:
            avoid(g, ctx.player, n)

    def full(g, ctx):  # too few cards: open only when no other negative action can be done in full
        return not on(g) or ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) >= n
    return Play(run, full=full)


@OPS.op("symbol:venerate-place", "requirement")
def venerate(altar=None):
    a = altar_arg("symbol:venerate-place", altar)

    def check(need):
        need["altar:" + a] = need.get("altar:" + a, 0) + 1
    return check


def _ritual(g, a: str, ctx: Ctx) -> None:
    alts = matching(g, a)
    if a in ("all",):
        for x in alts:
            ritual_at(g, x)
        return
    if len(alts) == 1:
        ritual_at(g, alts[0])
    elif alts:
        ctx.new.insert(0, {"k": "ritual", "player": player_of(ctx), "altars": alts})


@OPS.op("symbol:perform-ritual", "requirement")
def ritual(altar=None):
    a = altar_arg("symbol:perform-ritual", altar)

    def check(need):
        need["altar:" + a] = need.get("altar:" + a, 0) + 1

    def act(g, ctx):  # the requirement met, the matching card goes unseen onto the face-down pile
        _ritual(g, a, ctx)
    return Play(check, effect=act)


@OPS.op("symbol:perform-ritual", "cost")
def ritual_cost(altar=None):
    a = altar_arg("symbol:perform-ritual", altar)

    def pay(g, ctx, do):
        if not (on(g) and matching(g, a)):
            return False
        if do:
            _ritual(g, a, ctx)
        return True
    return pay


@OPS.op("symbol:develop-cult-object", "reward", usable=_on)
def cult_object(altar=None):
    a = altar_arg("symbol:develop-cult-object", altar)
    if a not in ALTARS:
        raise OpError("`symbol:develop-cult-object` names one altar: forest, river or mountain")

    def run(g, ctx):
        if on(g):
            take_object(g, a, ctx)
    return run


def _can_develop(g, ctx) -> bool:
    return on(g) and not g.s["cult"]["developed"] and tools_on_site(g) == 0


@OPS.op("symbol:develop-cult", "reward", usable=_can_develop)
def develop_cult():
    def run(g, ctx):
        if on(g) and not g.s["cult"]["developed"] and tools_on_site(g) == 0:
            develop(g)
    return run


@OPS.op("symbol:discard-hazard-card", "reward")
def hazard():
    def run(g, ctx):
        ctx.new.append({"k": "hazard", "player": player_of(ctx)})
    return run


@OPS.op("symbol:place-card-on-cult-deck", "reward", usable=_on)
def place_on_cult(source=None):
    source = source or "from deck"
    if source not in ("from deck", "from discard"):
        raise OpError("`symbol:place-card-on-cult-deck` takes its card from deck or from discard")

    def run(g, ctx):
        if on(g):
            p = player_of(ctx)
            players = ["discard"] if source == "from discard" else (ctx.players or [p])
            ctx.new.append({"k": "to-cult-deck", "players": players, "decider": p})
    return run


@OPS.op("symbol:swap-display-cards", "reward", usable=_on)
def swap():
    def run(g, ctx):
        if on(g):
            ctx.new.append({"k": "swap-display", "player": player_of(ctx)})
    return run


@OPS.op("symbol:destroy-this-card", "reward")
def destroy():
    """Destroy this card: the card whose option is resolved leaves the game (into the box)."""
    def act(g, ctx):
        s = g.s
        iid = ctx.card
        zone = next((z for z, ids in s["z"].items() if iid in ids), None)
        if zone is not None and zone.startswith("chosen/") and ctx.kind == "day":
            ctx.dest = "box"  # the turn card leaves the game when its resolution is finished
            g.event("destroyed", card=s["cards"][iid])
        elif zone is not None:
            g.move(iid, zone, "box")
            g.event("destroyed", card=s["cards"][iid])
    return act


@OPS.op("symbol:cult-site-empty", "requirement")
def cult_empty():
    """Cult site empty: no cult tool token is left on any altar (with the Cult Site in play)."""
    def check(need):
        need["cult-empty:site"] = 1
    return check


S.NEED_CHECKS["cult-empty"] = lambda g, what, n, players: on(g) and tools_on_site(g) == 0


@OPS.op("symbol:reveal-marked-secret", "reward")
def marked():
    return reveal_marked


@OPS.op("symbol:obtained", "requirement")
def obtained(tool=None):
    """Obtained <cult tool>: that cult tool came into a group at some point of the game (Dance Spectacle)."""
    name = tool.split(":")[-1].split("/")[-1] if isinstance(tool, str) else None
    if name not in CULT_TOOLS:
        raise OpError("`symbol:obtained` names a cult tool: " + ", ".join(CULT_TOOLS))

    def check(need):
        need["obtained:" + name] = 1
    return check


def _obtained_need(g, name, n, players) -> bool:
    if not on(g):
        return False
    return any(g.rules.cult.tools.get(t) == name for t in g.s["cult"]["seen"])


S.NEED_CHECKS["obtained"] = _obtained_need


@OPS.op("symbol:dream-revealed-by-another", "requirement")
def dream_other():
    """Another player than the resolving one has a dream as this turn's revealed card (Dream Interpretation)."""
    def check(need):
        need["dream-other:any"] = 1
    return check


def _dream_other_need(g, what, n, players) -> bool:
    """Read from this turn's reveal: the dream's player may have helped meanwhile and need not give it up."""
    if not on(g) or not players:
        return False
    return any(q != players[0] for q in g.s["cult"]["dreamers"])


S.NEED_CHECKS["dream-other"] = _dream_other_need


def _add_token_only(sym: str, position: str) -> None:
    @OPS.op(sym, position)
    def token_only():
        raise OpError(f"`{sym}` is printed on cult tool tokens, which the Cult Site plays itself; on a card it has "
                      "no runtime meaning")


for _sym in ("symbol:flip-token", "symbol:venerate-and-flip", "symbol:help-and-give-up"):
    for _position in OPS.positions(_sym):
        _add_token_only(_sym, _position)
