"""Path of the Elders, module X (Revenge of the White Hands) as a system: the Trap idea on the workbench, the extra
tokens, `discard card`, footprint cards, the Gilga cards marked with * and the secrets 38 and 66 at the
sun-over-horizon symbol.

The system switches on when `module:pote/X` is in the setup. What the rulebook states of the starred cards is
played here from its text (cited by `RULES`), where the content's option strings cannot say it; readings it leaves
open are the interpretation records named where they are played. What neither says (the faces of the secrets, the
mission card) comes from content or the game is not playable, naming it.

Not said by the effect language and therefore not played: the white-hand symbol. Cards printed with it carry the
mark `white-hand`, but no requirement, title predicate or count of the language refers to a mark, so a text about
white-hand cards (the mission card's, whose face is unknown) cannot be written yet.
"""

from __future__ import annotations

import copy

from ...core import compile_option, Decision, Field, Listener, OpError, OpTable, Option, Zone
from ...core.actions import Instance
from . import resolve as R
from . import state as S
from .registry_data import SYMBOLS
from .star_cards import add_extra_tokens
from .state import Ctx
from .system import PaleoSystem

P = "001_5f1e4d8bf7e7ff1a.txt"
MODULE = "module:pote/X"
HEAD = ["New Modules", "Module X: Revenge of the White Hands (15 cards) – Difficulty: Medium"]
STARRED = ["Cards Marked with *", "Revenge of the White Hands"]
SECRETS = ["Cards Marked with *", "Secrets"]
RULES = {
    "rule:pote-x/setup": (P, HEAD),
    "rule:pote-x/discard-card": (P, HEAD),
    "rule:pote-x/footprints": (P, STARRED),
    "rule:pote-x/quack": (P, STARRED),
    "rule:pote-x/admirer": (P, STARRED),
    "rule:pote-x/gilga": (P, SECRETS),
    "rule:pote-x/wrath": (P, SECRETS),
    "rule:pote-x/resistance-fighter": (P, SECRETS),
}
GILGA = "card:pote/gilga-the-great"
WRATH = "card:pote/gilgas-wrath"
QUACK = "card:pote/gilgas-quack"
ADMIRER = "card:pote/gilgas-admirer"
FIGHTER = "card:pote/resistance-fighter"
FOOTPRINT = "footprint"
TRAP_NAMES = ("trap", "falle")
WITH_GROUP = ("chosen", "night", "kept")  # where a card lies with a group (`kept` is A New Beginning's)


def is_footprint(rules, cid: str) -> bool:
    return rules.back(cid) == FOOTPRINT


def _named(card: dict, names) -> bool:
    return any(str(x).lower() in names for x in [card.get("name"), *(card.get("aliases") or ())] if x)


# ------------------------------------------------------------------ where a card lies
def _zone_of(g, iid) -> str | None:
    """The zone a card lies in when it lies with a group (or is a group's revealed card), or at the sun symbol."""
    z = g.s["z"]
    if iid is None:
        return None
    if iid in z.get("sun", ()):
        return "sun"
    for p in range(g.s["players"]):
        for part in WITH_GROUP:
            name = f"{part}/{p}"
            if iid in z.get(name, ()):
                return name
    return None


def _finish_item(g, iid, start: int = 0) -> int | None:
    q = g.s["queue"]
    return next((k for k in range(start, len(q)) if q[k].get("k") == "finish" and q[k].get("card") == iid), None)


# ------------------------------------------------------------------ ops
OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the footprint and discard-card symbols."""


def _discard_this(g, ctx):
    iid = ctx.card
    zone = _zone_of(g, iid)
    if zone is None:
        g.event("discard-card-nowhere", card=g.s["cards"][iid] if iid is not None else None)
        return
    if zone.startswith("chosen/"):
        ctx.new.append({"k": "discard-this", "card": iid, "player": int(zone.split("/")[1])})
        return
    g.move(iid, zone, "discard-up")
    g.event("discard-card", card=g.s["cards"][iid], source=zone.split("/")[0])


@OPS.op("symbol:discard-card", "reward", "negative")
def discard_card():
    """`discard card`: the card the option belongs to leaves its group for the open discard pile
    (interpretation:pote-discard-card): a card lying with a group at once, the card being resolved by day when it
    is finished (instead of going to the night cards), a card at the sun symbol at once. A card lying anywhere else
    is with no group: as a cost that cannot be paid, as an effect nothing happens (and an event says so)."""
    return _discard_this


@OPS.op("symbol:discard-card", "cost")
def discard_card_cost():
    def pay(g, ctx, do):
        if _zone_of(g, ctx.card) is None:
            return False
        if do:
            _discard_this(g, ctx)
        return True
    return pay


def _no_footprint_need(g, what, n, players) -> bool:
    """No deck of the resolving player or of a helper holds a card with the footprint back."""
    s, r = g.s, g.rules
    return not any(is_footprint(r, s["cards"][i]) for p in players for i in s["z"][f"deck/{p}"])


S.NEED_CHECKS["footprint"] = _no_footprint_need


@OPS.op("symbol:no-footprint-card", "requirement")
def no_footprint():
    def check(need):
        need["footprint:none"] = 1
    return check


@OPS.op("symbol:reveal-footprint-card", "negative")
def reveal_footprint():
    """The negative action of the footprint cards: once the revealed card is discarded as usual, the top footprint
    card of the player's deck is revealed and resolved as the player's card (interpretation:pote-footprint-reveal)."""
    def run(g, ctx):
        if ctx.player is None or ctx.card is None:
            g.event("footprint-none", player=ctx.player)
            return
        ctx.new.append({"k": "footprint", "player": ctx.player, "card": ctx.card, "helpers": list(ctx.helpers),
                        "by": "rule:pote-x/footprints"})
    return run


# ------------------------------------------------------------------ decisions that settle themselves
def auto_discard_this(g, item) -> bool:
    """The card being resolved goes to the open discard pile when it is finished."""
    s = g.s
    s["queue"].pop(0)
    k = _finish_item(g, item["card"])
    if k is not None and s["queue"][k].get("kind") == "day":
        s["queue"][k]["to"] = "discard-up"
    g.event("discard-card", card=s["cards"][item["card"]], source="chosen")
    return True


def auto_footprint(g, item) -> bool:
    """Wait until the revealed card is finished (discarded as usual), then turn up the top footprint card."""
    s, r = g.s, g.rules
    q = s["queue"]
    k = _finish_item(g, item["card"], 1)
    if k is not None:
        q.pop(0)
        q.insert(k, item)  # right after that card's finish
        return True
    q.pop(0)
    p = item["player"]
    deck = s["z"][f"deck/{p}"]
    top = next((i for i in reversed(deck) if is_footprint(r, s["cards"][i])), None)
    if top is None:
        g.event("footprint-none", player=p)
        return True
    if s["phase"] != "day" or s["z"][f"chosen/{p}"]:
        raise AssertionError("a footprint card is revealed only after a day card is finished")
    g.move(top, f"deck/{p}", f"chosen/{p}")
    s["done"][p] = False
    for h in item["helpers"]:  # those who help this turn go on helping with the new card
        if h != p and s["done"][h] and s["helping"][h] is None:
            s["helping"][h] = p
    g.event("footprint-revealed", player=p, card=s["cards"][top])
    if s["cards"][top] in r.revealed:
        s["queue"].append({"k": "revealed", "card": top, "player": p})
    return True


# ------------------------------------------------------------------ Gilga's Quack: both wounds on one person
def _one_person(n: int):
    def run(g, ctx):
        players = list(S.ctx_players(g, ctx))
        item = {"k": "wound-one", "n": n, "players": players, "decider": ctx.player if ctx.player is not None else 0,
                "by": "rule:pote-x/quack"}
        ctx.new.append(item)
    return run


def _awake(g, players) -> list[int]:
    dreaming = g.s.get("dreaming") or ()
    return [i for p in players for i in g.s["z"][f"group/{p}"] if i not in dreaming]


def _wound_one(g, item, iid) -> None:
    """Every wound on the one person; one who dies of an earlier wound takes the rest with them
    (interpretation:pote-quack-wounds): the wounds are not passed on to another person."""
    s = g.s
    for k in range(item["n"]):
        if not any(iid in s["z"][f"group/{p}"] for p in range(s["players"])):
            g.event("wounds-lost", n=item["n"] - k, card=s["cards"][iid])
            break
        S.wound_person(g, iid)


def wound_one_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    out = []
    for iid in _awake(g, item["players"]):
        owner = next(p for p in item["players"] if iid in s["z"][f"group/{p}"])
        w = s["wounds"].get(str(iid), 0)
        h = r.persons[s["cards"][iid]]["hearts"]
        out.append({"type": "wound-one", "player": item["decider"], "person": iid,
                    "label": f"P{item['decider']}: {S.name(g, iid)} of P{owner} takes all {item['n']} wounds "
                             f"({w}/{h} hearts covered)"})
    return out


def apply_wound_one(g, item, a) -> None:
    g.s["queue"].pop(0)
    _wound_one(g, item, a["person"])


def auto_wound_one(g, item) -> bool:
    cands = _awake(g, item["players"])
    if len(cands) > 1:
        return False
    g.s["queue"].pop(0)
    if cands:
        _wound_one(g, item, cands[0])
    else:
        g.event("wound-nobody", n=item["n"])
    return True


# ------------------------------------------------------------------ Gilga's Admirer at night
def _admirer_night(g, ctx) -> None:
    """1 stone while a Gilga the Great lies face up at the sun symbol; otherwise 1 food is given up (as far as
    there is any) and the card goes to the open discard pile (interpretation:pote-admirer-night)."""
    s = g.s
    if any(s["cards"][i] == GILGA for i in s["z"].get("sun", ())):
        S.gain_resource(g, "stone", 1, ctx)
        return
    S.lose_resource(g, "food", min(1, s["res"].get("food", 0)), ctx)
    zone = _zone_of(g, ctx.card)
    if zone is not None and not zone.startswith("chosen/"):
        g.move(ctx.card, zone, "discard-up")
        g.event("discard-card", card=s["cards"][ctx.card], source=zone.split("/")[0])


# ------------------------------------------------------------------ the sun-over-horizon symbol
def _sun_options(g, item) -> list:
    """By day a Gilga card's actions; at night the area under its moon symbol (its `at night:` options)."""
    opts = g.rules.options.get(g.s["cards"][item["card"]], [])
    return [o for o in opts if (o.trigger == "night" if item["night"] else o.trigger is None) and not o.help]


def sun_actions(g, item) -> list[dict]:
    """As a mission or night card: each action that can be paid, or any negative one; else nothing to do."""
    s, r = g.s, g.rules
    p = item["player"]
    who = 0 if p is None else p
    cid = s["cards"][item["card"]]
    ctx = Ctx(p, item["helpers"], item["card"], "sun")
    return R.offer_card_options(g, who, cid, _sun_options(g, item), ctx, f"P{who}: {r.name(cid)} at the sun symbol: ",
                                none_left=f"P{who}: {r.name(cid)}: no action can be resolved")


def apply_sun(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    fin = {"k": "finish", "player": item["player"], "card": iid, "kind": "sun"}
    if a["type"] == "ignore":
        g.event("ignore", player=a["player"], card=s["cards"][iid])
        R.finish(g, fin, ignored=True)
        return
    opt = g.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
    R.resolve_option(g, iid, opt, Ctx(item["player"], item["helpers"], iid, "sun"), fin)


def _where_sun(g, item):
    if item["card"] not in g.s["z"]["sun"]:
        return f"pending decision {item['k']} for card instance {item['card']}, which is not at the sun symbol"
    return None


def _check_sun_help(v, s, r):
    if not isinstance(v, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(x, list) and all(isinstance(h, int) and not isinstance(h, bool)
                                                                            and 0 <= h < s["players"] for h in x)
            for k, x in v.items()):
        return "the joint help at the sun symbol maps card instances to the seats that spent their help action on them"
    return None


def _clear_sun_help(g, _payload) -> None:
    g.s["sun_help"] = {}


class WhiteHandsOps(PaleoSystem):
    """Module X's symbols and the decisions they queue, on in every Paleo game (a card of another module may
    show them); the sun-over-horizon symbol and the starred cards come with the module."""

    name = "pote-x-ops"
    action_types = {"wound-one": {"person": Instance()}}
    scores = {"wound-one": 0.0}
    ops = OPS
    decisions = (
        Decision("discard-this", {"card": "card", "player": "player"}, auto=auto_discard_this,
                 rule="rule:pote-x/discard-card"),
        Decision("footprint", {"player": "player", "card": "card", "helpers": "players"}, auto=auto_footprint,
                 rule="rule:pote-x/footprints"),
    )

    def prepare(self, rules) -> None:
        for cid, opts in sorted(rules.options.items()):
            kind = rules.cards[cid].get("kind")
            for o in opts:
                if "symbol:reveal-footprint-card" in o.symbols and (o.trigger is not None or kind == "mission"
                                                                     or cid in (GILGA, WRATH)):
                    rules.missing.append(f"{cid}: option {o.index + 1}: `reveal footprint card` is played only as the "
                                         "negative action of a card revealed by day")


class WhiteHands(PaleoSystem):
    """Module X: its setup, symbols, starred cards and the secrets that go to the sun-over-horizon symbol."""

    name = "pote-x"
    zones = (Zone("sun", "shared", "public", given="bottom-first"),)
    fields = (Field("sun_help", initial=lambda r, n: {}, check=_check_sun_help),)
    resolving_zones = ("sun",)
    extra_types = ("sun-help", "sun-resolve", "fighter")
    action_types = {"sun-help": {"card": Instance()}}
    scores = {"sun-help": 0.0, "sun-resolve": 0.0, "fighter": 0.0}
    rule_sources = RULES

    def __init__(self):
        self.decisions = (
            Decision("wound-one", {"n": "count", "players": "players", "decider": "player"}, wound_one_actions,
                     apply_wound_one, auto_wound_one, rule="rule:pote-x/quack"),
            Decision("sun-card", {"card": "card", "player": "player?", "helpers": "players", "night": "bool"},
                     sun_actions, apply_sun, where=_where_sun, rule="rule:pote-x/gilga"),
        )
        self.listeners = (Listener("reveal", _clear_sun_help),)

    def applies(self, setup, bundle) -> bool:
        return MODULE in (setup.get("modules") or ())

    # ------------------------------------------------------------------ rules
    def place(self, rules, missing) -> list[str]:
        mod = next((m for m in rules.bundle.get("modules", []) if m.get("id") == MODULE), {})
        # the module's secrets are printed with its product, whose other cards (the Cult Site's) may be out of play
        wanted = {n for n in mod.get("secrets") or () if isinstance(n, int)}
        for cid in sorted(rules.cards):
            c = rules.cards[cid]
            num = rules.secret_number(cid)
            if c.get("game") == rules.game_id and c.get("kind") == "secret" and c.get("module") is None \
                    and c.get("product") == mod.get("product") and num in wanted:
                have = rules.secret_cards.setdefault(num, [])
                if cid not in have:
                    have.append(cid)
        rules.pote_trap = next((c for c in rules.support["ideas"] if _named(rules.cards[c], TRAP_NAMES)), None)
        if rules.pote_trap is None:
            missing.append(f"{MODULE}: its setup lays the idea card \"Trap\" face up on the workbench, and the bundle "
                           "has no idea card of that name")
        add_extra_tokens(rules)  # the torches and the trap module W or X brings (interpretation:pote-extra-tokens)
        rules.pote_sun = {}
        for cid in (GILGA, WRATH):
            num = rules.secret_number(cid) if cid in rules.cards else None
            if not isinstance(num, int):
                missing.append(f"{cid}: its secret number is not given, so revealing it cannot be played "
                               "(interpretation:pote-gilga-numbers)")
            else:
                rules.pote_sun[num] = cid
        return []

    def prepare(self, rules) -> None:
        for o in rules.options.get(QUACK, ()):
            if o.trigger == "night":
                counts = [args["n"] if isinstance(args.get("n"), int) else 1
                          for pos, sym, args in o.calls if sym == "symbol:wound" and pos == "negative"]
                o.effects = [(sym, _one_person(counts.pop(0)) if sym == "symbol:wound" and counts else fn)
                             for sym, fn in o.effects]
        if ADMIRER in rules.options:
            self._admirer(rules)

    @staticmethod
    def _admirer(rules) -> None:
        """Gilga's Admirer: `cost awareness 2` is read as giving up 2 eye symbols, which the group (with its helpers)
        must show (interpretation:pote-admirer-eyes); its night text is played as an `at night:` option of its own."""
        card = rules.cards[ADMIRER]
        opts = rules.options[ADMIRER]
        stated = card.get("options") or []
        for i, o in enumerate(stated):
            ir = o.get("ir") if isinstance(o, dict) else None
            if not ir:
                continue
            ir2 = copy.deepcopy(ir)
            changed = False
            for cl in ir2.get("clauses", []):
                body = cl.get("body") or {}
                if cl.get("kind") == "cost" and body.get("node") == "call" and body.get("symbol") == "symbol:awareness":
                    cl["kind"] = "require"
                    cl["position"] = "requirement"
                    changed = True
            if not changed:
                continue
            prefix = f"{ADMIRER}: option {i + 1}: "
            rules.missing[:] = [m for m in rules.missing if not m.startswith(prefix)]
            try:
                variants = compile_option(i, o.get("text", ""), ir2, rules.layout.ops)
            except OpError as exc:
                rules.missing.append(prefix + str(exc))
                continue
            opts[:] = [x for x in opts if x.index != i] + variants
            opts.sort(key=lambda x: (x.index, x.variant))
        night = Option(len(stated), 0, "at night (rulebook): 1 stone if Gilga the Great lies face up at the sun "
                                       "symbol, otherwise give up 1 food and discard this card")
        night.trigger = "night"
        night.effects = [("rule:pote-x/admirer", _admirer_night)]
        night.seal()
        opts.append(night)
        rules.variants[ADMIRER] = {}
        for o in opts:
            rules.variants[ADMIRER][o.index] = rules.variants[ADMIRER].get(o.index, 0) + 1
        paid = [o for o in opts if o.trigger is None and "symbol:help" in (sym for sym, _ in o.costs)]
        if paid:  # the rules index options paid with a help action before the systems prepare
            rules.help_paid[ADMIRER] = paid

    # ------------------------------------------------------------------ setup
    def arrange(self, g, rng, explo) -> None:
        """The Trap idea goes face up onto the workbench, the other ideas are shuffled again; its trap tokens lie
        in front of it (an unlimited kind: see interpretation:pote-extra-tokens)."""
        s = g.s
        trap = g.rules.pote_trap
        iid = next((i for i in s["z"]["ideas"] if s["cards"][i] == trap), None)
        if iid is None:
            return
        g.move(iid, "ideas", "workbench")
        rng.shuffle(s["z"]["ideas"])
        by, g.by = g.by, "rule:pote-x/setup"
        g.event("idea", card=trap, setup=True)
        g.by = by

    # ------------------------------------------------------------------ revealing secrets 38 and 66
    def reveal_secret(self, g, number, ctx) -> bool:
        """Secrets 38 and 66 are resolved at once where they are placed, the sun symbol; once both copies of a number
        are out, a further reveal of it gives 1 skull (interpretation:pote-gilga-reveal)."""
        r, s = g.rules, g.s
        cid = r.pote_sun.get(number)
        if cid is None:
            return False
        by = g.by
        g.by = "rule:pote-x/gilga" if cid == GILGA else "rule:pote-x/wrath"
        iid = next((i for i in reversed(s["z"]["secrets"]) if r.secret_number(s["cards"][i]) == number), None)
        if iid is None:
            g.event("secret-again", number=number)
            S.add_skulls(g, 1, f"secret {number} revealed again")
        else:
            g.move(iid, "secrets", "sun")
            g.event("secret", player=ctx.player, number=number, to="sun")
            ctx.new.append({"k": "sun-card", "card": iid, "player": ctx.player, "helpers": list(ctx.helpers),
                            "night": s["phase"] == "night", "by": g.by})
        g.by = by
        return True

    # ------------------------------------------------------------------ what a resolving player may do besides
    def help_extras(self, g, p) -> list[dict]:
        """Gilga's Wrath at the sun symbol, for a player free to help (interpretation:pote-wrath-joint-help):
        spend the help action joining in, or resolving one of its actions with everyone who joined in this turn."""
        s, r = g.s, g.rules
        out = []
        for iid in s["z"]["sun"]:
            cid = s["cards"][iid]
            if cid != WRATH:
                continue
            joined = s["sun_help"].get(str(iid), [])
            out.append({"type": "sun-help", "player": p, "card": iid,
                        "label": f"P{p}: spend the help action on {r.name(cid)} at the sun symbol (join in)"})
            with_ = ", ".join(f"P{h}" for h in joined) or "no one else"
            out.extend(R.offer_actions(g, p, iid, Ctx(p, list(joined), iid, "day"), "sun-resolve",
                                     f"P{p}: with the help action, resolve {r.name(cid)} with {with_}: "))
        return out

    def resolve_extras(self, g, p) -> list[dict]:
        """Resistance Fighter: the action of a Gilga the Great at the sun symbol instead of one of its own
        (interpretation:pote-resistance-fighter)."""
        s, r = g.s, g.rules
        if s["cards"][s["z"][f"chosen/{p}"][0]] != FIGHTER or not R.free_to_act(g, p):
            return []
        out = []
        for iid in s["z"]["sun"]:
            cid = s["cards"][iid]
            if cid != GILGA:
                continue
            out.extend(R.offer_actions(g, p, iid, Ctx(p, R.helpers_of(g, p), iid, "day"), "fighter",
                                     f"P{p}: {r.name(FIGHTER)}: instead, the action of {r.name(cid)}: "))
        return out

    def apply_extra(self, g, a) -> None:
        s, r = g.s, g.rules
        p = a["player"]
        chosen = s["z"][f"chosen/{p}"][0]
        iid = a["card"]
        t = a["type"]
        if t == "fighter":
            g.by = "rule:pote-x/resistance-fighter"
            opt = r.option(s["cards"][iid], a["option"], a.get("variant", 0))
            g.event("fighter", player=p, card=s["cards"][iid])
            R.resolve_option(g, iid, opt, Ctx(p, R.helpers_of(g, p), iid, "day"),
                           {"k": "finish", "player": p, "card": chosen, "kind": "day"})
            return
        g.by = "rule:pote-x/wrath"
        R.spend_help(g, p, r.name(s["cards"][iid]))  # the revealed card goes as when helping
        fin = {"k": "finish", "player": p, "card": chosen, "kind": "help"}
        if t == "sun-help":
            s["sun_help"].setdefault(str(iid), []).append(p)
            g.event("sun-help", player=p, card=s["cards"][iid], joined=list(s["sun_help"][str(iid)]))
            s["queue"].insert(0, fin)
            return
        joined = s["sun_help"].pop(str(iid), [])
        opt = r.option(s["cards"][iid], a["option"], a.get("variant", 0))
        g.event("sun-resolve", player=p, card=s["cards"][iid], helpers=joined)
        R.resolve_option(g, iid, opt, Ctx(p, joined, iid, "day"), fin)

    # ------------------------------------------------------------------ invariants, observation, rule-test view
    def invariants(self, g) -> list[str]:
        s, r = g.s, g.rules
        out = []
        for iid in s["z"]["sun"]:
            if s["cards"][iid] not in r.pote_sun.values():
                out.append(f"{s['cards'][iid]} lies at the sun symbol, where only the Gilga secrets go")
        for key, seats in s["sun_help"].items():
            iid = int(key)
            if iid >= len(s["cards"]) or iid not in s["z"]["sun"] or s["cards"][iid] != WRATH:
                out.append(f"help spent on card instance {key}, which is no Gilga's Wrath at the sun symbol")
            if len(set(seats)) != len(seats):
                out.append(f"a player spent the help action twice on card instance {key}")
            for h in seats:
                if s["step"] == "resolve" and (not s["done"][h] or s["helping"][h] is not None):
                    out.append(f"player {h} spent the help action on the sun symbol but is still acting or helping")
        return out

    def observe(self, g, player, obs) -> None:
        obs["sun_help"] = {k: list(v) for k, v in g.s["sun_help"].items()}

    def view(self, g, out) -> None:
        out["sun_helpers"] = sorted(h for v in g.s["sun_help"].values() for h in v)


SYSTEMS = (WhiteHandsOps, WhiteHands)
