"""PaleoVet's op table: what the effects on dinos and upgrades do, registered by (symbol, position).

Two kinds of op: *lasting* ones (a discount, a protection, a hospital limit, ignoring ALERT!, bonus points), which
the engine reads from the upgrades a player owns and the dinos in their hospital whenever it needs them (the
closure is a `Lasting (kind, value)` and does nothing when run), and *one-time* ones (DNA tokens, a specialty
die, sleep tokens added or removed, a dino discarded), run when their option is resolved: an ALERT! for every
player, an `on tranquilize:` / `on treat:` option when its dino is tranquilized or treated, an upgrade's reward
when it is researched. A position no op plays makes the game not playable, naming it. The state changes the
one-time ops make are here too, for the system's own steps to share.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import OpTable, Unplayable
from .registry_data import SYMBOLS

OPS = OpTable(SYMBOLS, refusal="`{symbol}` has no runtime meaning as a {position} on a PaleoVet card")
"""(symbol id, position) -> op: PaleoVet's card effects."""


class VetCtx:
    """Who an effect acts for: the player, the card it comes from, the dino it is about (a trigger's own dino)."""

    __slots__ = ("player", "card", "target", "new", "kind")

    def __init__(self, player: int, card, target=None, kind: str = "effect"):
        self.player = player
        self.card = card
        self.target = target
        self.new: list = []
        self.kind = kind


@dataclass(frozen=True)
class Lasting:
    """A lasting effect's closure: read where it matters as (kind, value), never run."""

    kind: str
    value: object = True

    def __call__(self, g, ctx) -> None:
        return None


def static_of(fn):
    """(kind, value) of a lasting effect's closure; None for a one-time effect."""
    return (fn.kind, fn.value) if isinstance(fn, Lasting) else None


# ------------------------------------------------------------------ what one-time effects change
def gain_dna(g, p: int, n: int) -> None:
    s = g.s
    k = min(n, s["dna_supply"])
    s["dna_supply"] -= k
    s["dna"][p] += k
    if p == s["current"] and s["phase"] == "turn":  # not spendable in the turn it was gained
        s["dna_new"][p] += k
    g.event("dna", player=p, n=k, asked=n)


def gain_die(g, p: int, colour: str) -> None:
    s, r = g.s, g.rules
    have = sum(1 for d in s["dice"] if d["owner"] == p and d["kind"] != "white")
    die = next((d for d in s["dice"] if d["kind"] == colour and d["state"] == "supply"), None)
    if die is None or have >= r.max_specialty:
        g.event("die-unavailable", player=p, color=colour)
        return
    die.update(owner=p, state="new", face=None)
    g.event("specialty-die", player=p, color=colour)


def sleep_effect(g, ctx: VetCtx, n: int) -> None:
    """Add (n > 0) or remove sleep tokens: on the effect's own dino, or on a dino the player picks; a removal must
    pick a dino that has sleep when one does, and never takes a count below 0."""
    s = g.s
    p = ctx.player
    if ctx.target is not None and ctx.target in s["z"][f"hospital/{p}"]:
        change_sleep(g, ctx.target, n)
        return
    ctx.new.append({"k": "sleep-target", "player": p, "n": abs(n), "remove": n < 0})


def change_sleep(g, iid: int, n: int) -> None:
    s = g.s
    have = s["sleep"].get(str(iid), 0)
    if n > 0:
        k = min(n, s["sleep_supply"])
        s["sleep_supply"] -= k
        s["sleep"][str(iid)] = have + k
    else:
        k = -min(-n, have)  # never below 0: the excess is ignored
        s["sleep"][str(iid)] = have + k
        s["sleep_supply"] -= k
    g.event("sleep", card=s["cards"][iid], change=k, asked=n, now=s["sleep"][str(iid)])


def discard_effect(g, ctx: VetCtx) -> None:
    ctx.new.append({"k": "discard-target", "player": ctx.player, "why": "effect"})


# ------------------------------------------------------------------ ops
@OPS.op("symbol:hospital-limit", "reward")
def hospital_limit(n=1):
    return Lasting("hospital-limit", n)


@OPS.op("symbol:treatment-discount", "reward")
def treatment_discount(n=1):
    return Lasting("treatment-discount", n)


@OPS.op("symbol:research-discount", "reward")
def research_discount(n=1):
    return Lasting("research-discount", n)


@OPS.op("symbol:carnivore-proof", "reward")
def carnivore_proof():
    return Lasting("carnivore-proof")


@OPS.op("symbol:alert-immunity", "reward")
def alert_immunity():
    return Lasting("alert-immunity")


@OPS.op("symbol:bonus-points", "reward")
def bonus_points(n=1, every=1):
    return Lasting("bonus-points", (n, every))


def _filter(key: str, value):
    def check(need):
        need[f"{key}:{value}"] = 1
    return check


@OPS.op("symbol:diet", "requirement")
def diet(diet=None):
    return _filter("diet", diet)


@OPS.op("symbol:order", "requirement")
def order(order=None):
    return _filter("order", order)


@OPS.op("symbol:dna-token", "reward")
def dna(n=1):
    def run(g, ctx):
        gain_dna(g, ctx.player, n)
    return run


@OPS.op("symbol:specialty-die", "reward")
def specialty_die(n=1, color=None):
    if color is None:
        raise Unplayable

    def run(g, ctx):
        for _ in range(n):
            gain_die(g, ctx.player, color)
    return run


@OPS.op("symbol:sleep-token", "reward")
def add_sleep(n=1):
    def run(g, ctx):
        sleep_effect(g, ctx, n)
    return run


@OPS.op("symbol:remove-sleep-token", "negative")
def remove_sleep(n=1):
    def run(g, ctx):
        sleep_effect(g, ctx, -n)
    return run


@OPS.op("symbol:discard-dino", "negative")
def discard_dino():
    def run(g, ctx):
        discard_effect(g, ctx)
    return run


OPS.trigger("symbol:tranquilize")  # heard in `on tranquilize:` / `on treat:`; never an effect of its own
OPS.trigger("symbol:treat")
