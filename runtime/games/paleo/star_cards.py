"""Path of the Elders' module W as a system: the star deck and its discard pile, the star step before feeding,
night (blue) actions, preparing a card for the night and giving up star cards.

It switches on when `module:pote/W` is in the setup. The star cards (the module's cards of kind `star`, or with
a star back) are never dealt: they lie face down at the sun-over-horizon symbol, and each night, before
feeding, the groups resolve them together, one of the top 3 at a time, until none is left. What the rulebook
leaves open is played as the interpretation records in `interpretations-stars.yaml` read it, named where played.
"""

from __future__ import annotations

from ...core import Decision, Field, Listener, OpTable, Step, Zone
from ...core.actions import Backs, Below
from ...core.invariants import is_int
from ...rng import Rng
from . import resolve as R
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx
from .system import PaleoSystem


P = "001_5f1e4d8bf7e7ff1a.txt"
W = ["New Modules", "Module W: Signs in the Sky (23 cards) – Difficulty: Medium"]
MODULE = "module:pote/W"
RULES = {
    "rule:pote-w/setup": (P, W),
    "rule:pote-w/star-step": (P, W),
    "rule:pote-w/star-help": (P, W),
    "rule:pote-w/star-discard": (P, W),
    "rule:pote-w/night-actions": (P, W),
    "rule:pote-w/prepare": (P, W),
    "rule:pote-w/give-up": (P, W),
    "rule:pote-w/extra-tokens": (P, ["Overview and Components", "Card Overview"]),
}
STAR_CARDS = 12
PICK = 3                # the players choose among the top 3 star cards
EXTRA_TORCHES = 2       # module W (or X) adds 2 torch tokens to the supply
PREPARE = "symbol:prepare-card-for-the-night"
GIVE_UP = "symbol:give-up-star-card"
BLUE = "blue"
STAR_ZONES = ("star-deck", "star-discard", "star-up")
SHARING = "star"        # the resolution kind of a star card (its helpers share the rewards, see `shared_kinds`)
ORDINAL = ("top", "second", "third")


# ------------------------------------------------------------------ the rules it reads
def is_star(rules, cid: str) -> bool:
    """A star card of module W: its kind is `star`, or its back is the star back."""
    c = rules.cards.get(cid) or {}
    return c.get("module") == MODULE and (c.get("kind") == "star" or c.get("back") == "star")


def add_extra_tokens(rules) -> None:
    """The 2 extra torch tokens join a limited torch supply, once per game, whether module W or X brings them
    (the trap token joins the traps, which this runtime does not limit)."""
    if getattr(rules, "pote_extra_tokens", False):
        return
    rules.pote_extra_tokens = True
    torch = rules.tool_id("torch")
    if torch in rules.tool_stock:
        rules.tool_stock[torch] += EXTRA_TORCHES


def _check_prepared(v, s, r):
    if not isinstance(v, list) or not all(is_int(i) and i < len(s["cards"]) for i in v) or len(set(v)) != len(v):
        return "the prepared cards are distinct card instances"
    return None


def _where_up(g, item):
    if item["card"] not in g.s["z"]["star-up"]:
        return f"pending decision {item['k']} for card instance {item['card']}, which is not the revealed star card"
    return None


class StarCards(PaleoSystem):
    """Module W: the star deck at the sun-over-horizon symbol, its discard at the stacked discs, the star step."""

    name = "pote-w"
    module = MODULE
    action_types = {"star": {"pick": Below(4), "back": Backs()}}
    scores = {"star": 0.0}
    rule_sources = RULES
    shared_kinds = (SHARING,)
    zones = (
        Zone("star-deck", "shared", "count", key="star_deck"),
        Zone("star-discard", "shared", "count", key="star_discard"),
        Zone("star-up", "shared", "public", key="star_card", given=None),
    )
    fields = (Field("prepared", initial=lambda r, n: [], check=_check_prepared),)
    resolving_zones = ("star-up",)

    def __init__(self):
        self.steps = (Step("stars", "night", run_stars, before="feeding", rule="rule:pote-w/star-step"),)
        self.decisions = (
            Decision("star-pick", {}, pick_actions, apply_pick, auto=auto_pick, rule="rule:pote-w/star-step"),
            Decision("star-card", {"card": "card"}, star_card_actions, apply_star_card, where=_where_up,
                     rule="rule:pote-w/night-actions"),
            Decision("star-done", {"card": "card"}, auto=auto_star_done, where=_where_up,
                     rule="rule:pote-w/star-discard"),
        )
        self.listeners = (Listener("placed", on_placed),)
        self.ops = OPS
        self.given = {"star_deck": _given_pile("star-deck"), "star_discard": _given_pile("star-discard"),
                      "star_pick": _given_star_pick}

    def applies(self, setup, bundle) -> bool:
        return MODULE in (setup.get("modules") or ())

    def place(self, rules, missing) -> list[str]:
        """The star cards are laid out by this system, never dealt; the module's secret faces come from its product."""
        stars = sorted(c for c, rec in rules.cards.items() if rec.get("game") == rules.game_id and is_star(rules, c))
        mine = set(stars)
        rules.exploration[:] = [c for c in rules.exploration if c not in mine]  # a star-backed module card
        for kind in sorted(rules.module_extra):
            for cid in rules.module_extra[kind]:
                if rules.cards[cid].get("module") == MODULE and cid not in mine:
                    missing.append(f"{cid}: a module card of kind `{kind}`, which this runtime does not lay out")
        have = sum(int(rules.cards[c].get("copies") or 1) for c in stars)
        if have < STAR_CARDS:
            missing.append(f"{MODULE}: the star deck holds {have} of its {STAR_CARDS} star cards")
        rules.add_module_secrets(MODULE)  # secret 34 belongs to its product, whose other cards need not be in play
        rules.star_cards = frozenset(stars)
        return stars

    def prepare(self, rules) -> None:
        add_extra_tokens(rules)
        refused: dict = {}
        for cid, opts in sorted(rules.options.items()):
            star = cid in rules.star_cards
            for o in opts:
                if star and o.trigger not in (None, BLUE):
                    refused[(cid, o.index)] = (f"a star card resolves only at night, where `{o.trigger}` options "
                                               "are not played")
                if PREPARE in o.symbols and (star or o.trigger is not None or o.negative or cid in rules.missions
                                             or cid in rules.placed):
                    # read (interpretation:pote-w-prepare): only a card a player resolves by day is prepared
                    refused[(cid, o.index)] = "`prepare card for the night` is played only in an action of a card " \
                                              "resolved by day"
        for (cid, i), why in sorted(refused.items()):
            rules.missing.append(f"{cid}: option {i + 1}: {why}")

    def arrange(self, g, rng, explo) -> None:
        deck = g.make_cards(sorted(g.rules.star_cards), lambda c: int(g.rules.cards[c].get("copies") or 1))
        rng.shuffle(deck)
        g.s["z"]["star-deck"] = deck
        by, g.by = g.by, "rule:pote-w/setup"
        g.event("star-deck", n=len(deck))
        g.by = by

    def observe(self, g, player, obs) -> None:
        # the backs of the top star cards are seen while the players choose one (a prepared card keeps its back)
        s = g.s
        if s["queue"] and s["queue"][0]["k"] == "star-pick":
            obs["star_top_backs"] = [g.rules.back(s["cards"][i]) for i in reversed(s["z"]["star-deck"][-PICK:])]

    def view(self, g, out) -> None:
        out["prepared"] = [g.s["cards"][i] for i in g.s["prepared"]]

    def invariants(self, g) -> list[str]:
        s, r = g.s, g.rules
        z = s["z"]
        cards = s["cards"]
        out = []
        here = [i for name in STAR_ZONES for i in z[name]]
        prepared = set(s["prepared"])
        boxed = set(z["box"])  # set aside by a rule test's given state
        for i, cid in enumerate(cards):
            if cid in r.star_cards:
                if i in prepared:
                    out.append(f"star card {cid} is listed as a prepared day card")
                if i not in here and i not in boxed:
                    out.append(f"star card {cid} lies outside the star deck, its discard pile and the revealed place")
        for i in here:
            if cards[i] not in r.star_cards and i not in prepared:
                out.append(f"{cards[i]} lies among the star cards without being one or prepared for the night")
        for i in prepared:
            if i not in here:
                out.append(f"the prepared card {cards[i]} left the star cards")
        up = z["star-up"]
        if len(up) > 1:
            out.append(f"{len(up)} star cards are revealed at once")
        if up and s["outcome"] is None and not any(q.get("k") == "star-done" and q.get("card") == up[0]
                                                   for q in s["queue"]):
            out.append(f"the revealed star card {cards[up[0]]} is not being resolved")
        return out


# ------------------------------------------------------------------ the star step
def run_stars(g):
    """As soon as everyone sleeps, before feeding: shuffle the star deck once, then reveal and resolve star cards
    until none is left (interpretation:pote-w-star-order)."""
    s = g.s
    deck = s["z"]["star-deck"]
    rng = Rng(s["rng"])
    rng.shuffle(deck)
    s["rng"] = rng.state
    g.event("stars", n=len(deck), discarded=len(s["z"]["star-discard"]))
    s["queue"].append({"k": "star-pick"})


def _top(g) -> list[int]:
    return list(reversed(g.s["z"]["star-deck"][-PICK:]))


def pick_actions(g, item) -> list[dict]:
    r, s = g.rules, g.s
    top = _top(g)
    out = []
    for k, i in enumerate(top):
        back = r.back(s["cards"][i])  # the backs are seen (a prepared card keeps its own)
        out.append({"type": "star", "player": 0, "pick": k, "back": back,
                    "label": f"P0: reveal the {ORDINAL[k]} of the top {len(top)} star cards ({back} back)"})
    return out


def apply_pick(g, item, a) -> None:
    g.s["queue"].pop(0)
    _reveal(g, a["pick"])


def auto_pick(g, item) -> bool:
    """No choice to make: with one star card left it is revealed; with none, the star discard becomes the deck."""
    s = g.s
    z = s["z"]
    if len(z["star-deck"]) > 1:
        return False
    s["queue"].pop(0)
    if z["star-deck"]:
        _reveal(g, 0)
        return True
    back = z["star-discard"]
    z["star-deck"] = back  # the whole pile as one face-down stack, its order kept
    z["star-discard"] = []
    g.event("stars-returned", n=len(back))
    return True


def _reveal(g, k: int) -> None:
    """Turn up the k-th card from the top; the cards above it stay in their order."""
    s = g.s
    deck = s["z"]["star-deck"]
    iid = deck.pop(len(deck) - 1 - k)
    s["z"]["star-up"].append(iid)
    g.event("star-revealed", card=s["cards"][iid], pick=k + 1, left=len(deck))
    s["queue"][0:0] = [{"k": "star-card", "card": iid}, {"k": "star-done", "card": iid}, {"k": "star-pick"}]


def joint_ctx(g, iid: int) -> Ctx:
    """Everyone helps: one resolution by the first player with every other player helping (readings in
    interpretation:pote-w-star-resolution)."""
    return Ctx(0, list(range(1, g.s["players"])), iid, SHARING)


def _night_options(g, cid: str) -> list:
    """At night only blue (night) actions and negative actions may be chosen."""
    return [o for o in g.rules.options.get(cid, []) if not o.help and (o.trigger == BLUE or (o.trigger is None and o.negative))]


def star_card_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    iid = item["card"]
    cid = s["cards"][iid]
    ctx = joint_ctx(g, iid)
    opts = _night_options(g, cid)
    # like an action card by day, one without a negative action may be left
    return R.offer_card_options(g, 0, cid, opts, ctx, f"P0: {r.name(cid)}: ", action="night action",
                                none_left=f"P0: {r.name(cid)}: no night action can be resolved",
                                leave=None if any(o.negative for o in opts) else f"P0: {r.name(cid)}: leave it unresolved")


def apply_star_card(g, item, a) -> None:
    # the star-done item queued after it discards the card
    R.apply_table_card(g, item, a, joint_ctx(g, item["card"]), {"k": "done"})


def auto_star_done(g, item) -> bool:
    """A resolved star card goes face down onto the star discard pile, never onto the usual ones."""
    s = g.s
    s["queue"].pop(0)
    s["bonus"] = {}
    iid = item["card"]
    g.event("star-discarded", card=s["cards"][iid])
    g.move(iid, "star-up", "star-discard")
    S.check_end(g)
    return True


def on_placed(g, payload) -> None:
    """A day card an option sent onto the star deck is a star card from now on."""
    _p, iid, zone = payload
    if zone == "star-deck" and iid not in g.s["prepared"]:
        g.s["prepared"].append(iid)


# ------------------------------------------------------------------ ops
OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: preparing a card for the night and giving up star cards."""


def _resolved_by_day(g, ctx) -> bool:
    p = ctx.player
    return p is not None and ctx.card is not None and ctx.kind == "day" and ctx.card in g.s["z"][f"chosen/{p}"]


@OPS.op(PREPARE, "reward", usable=_resolved_by_day)
def prepare_for_night():
    """`prepare card for the night`: the card resolved goes face down on top of the star deck when it is finished."""
    def run(g, ctx):
        if not _resolved_by_day(g, ctx):
            raise AssertionError("only a card resolved by day is prepared for the night")
        ctx.dest = "star-deck"
    return run


def give_up(g, n: int, ctx, cost: bool) -> None:
    """The top `n` star cards (as many as there are) go face down onto the star discard pile, one by one. As with
    giving up cards from a deck, a red back given up to pay a cost wounds (interpretation:pote-w-give-up)."""
    s = g.s
    z = s["z"]
    k = min(n, len(z["star-deck"]))
    red = 0
    for _ in range(k):
        iid = z["star-deck"].pop()
        z["star-discard"].append(iid)
        red += g.rules.is_red_back(s["cards"][iid])
    g.event("star-given-up", n=k, asked=n, red=red, cost=cost, left=len(z["star-deck"]))
    if red and cost:
        S.queue_wounds(g, red, ctx)


@OPS.op(GIVE_UP, "cost")
def give_up_cost(n=1):
    def pay(g, ctx, do):
        if len(g.s["z"]["star-deck"]) < n:
            return False
        if do:
            give_up(g, n, ctx, True)
        return True
    return pay


@OPS.op(GIVE_UP, "negative")
def give_up_star_cards(n=1):
    def run(g, ctx):
        give_up(g, n, ctx, False)
    return run


# ------------------------------------------------------------------ rule-test `given`
def _given_pile(zone: str):
    """Rule tests: a star pile, top first; a day card put there counts as prepared for the night."""
    def given(g, value, used, take) -> None:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise ValueError(f"given: `{zone.replace('-', '_')}` is a list of card ids, top first")
        s = g.s
        z = s["z"]
        z["box"].extend(z[zone])
        z[zone] = []
        ids = [take(c) for c in value]
        z[zone] = list(reversed(ids))
        here = {i for name in STAR_ZONES for i in z[name]}
        s["prepared"] = [i for i in s["prepared"] if i in here] + [
            i for i in ids if s["cards"][i] not in g.rules.star_cards and i not in s["prepared"]]
    return given


def _given_star_pick(g, value, used, take) -> None:
    """Rule tests: `star_pick: true` starts inside the star step, the star deck as given being the shuffled one,
    with the players choosing among its top cards."""
    if value is not True:
        raise ValueError("given: `star_pick` is true (the star step is under way) or left out")
    steps = g.layout.step_names["night"]
    g.goto("night", steps[steps.index("stars") + 1])
    g.s["queue"].append({"k": "star-pick"})


SYSTEMS = (StarCards,)
