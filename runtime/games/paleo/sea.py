"""The White Whale's module T as a system: the sea deck, going out to sea, all in the same boat, ending the
seafare, discarding cards for others, the double-sided mission and the White Whale card.

It switches on when `module:whale/T` is in the setup. The sea cards (the module's cards of kind `sea`, or with the
sea back) are never dealt: they lie face down in a deck whose backs (one of five symbols, `sea_symbol`) everyone may
see. Instead of revealing a card from their decks, the players may go out to sea together; a sea card is resolved
by all groups at once, pooling their skills and advantages as with the help option, while an `everyone:` clause is
still met by each group alone. What the rulebook leaves open is played as the interpretation records in
`content/paleo/white-whale/interpretations-play.yaml` read it, named where played.
"""

from __future__ import annotations

from ...core import Decision, Field, OpTable, SetupError, Step, Unplayable, Zone
from ...core.actions import Below, Seat, Seq
from ...core.invariants import is_int
from ...rng import Rng
from . import resolve as R
from .policy import BACK_SCORE
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx
from .system import PaleoSystem

W = "003_d22ca494923bf453.txt"
MODULE = "module:whale/T"
WHITE_WHALE = "card:whale/white-whale"
AHAB = "card:whale/ahab"
MISSION = "card:whale/mission-t"
SKIN_BOAT = "card:whale/skin-boat"
ROPE = "card:paleo/rope"
RULES = {
    "rule:whale/setup": (W, ["Module T: The White Whale", "Additional Setup"]),
    "rule:whale/rope": (W, ["Module T: The White Whale", "Additional Setup", "Additionally with 4 players:"]),
    "rule:whale/swap": (W, ["Module T: The White Whale", "Additional Setup", "Additionally with 3 and 4 players:"]),
    "rule:whale/go-out": (W, ["Module T: The White Whale", "Additional Rules", "Going Out to the Sea"]),
    "rule:whale/same-boat": (W, ["Module T: The White Whale", "Additional Rules", "All in the Same Boat"]),
    "rule:whale/end": (W, ["Module T: The White Whale", "Additional Rules", "Ending the Seafare"]),
    "rule:whale/reveal": (W, ["Module T: The White Whale", "New Symbols and Actions", "Reveal a Sea Card"]),
    "rule:whale/split": (W, ["Module T: The White Whale", "New Symbols and Actions", "Discard Cards for Others"]),
    "rule:whale/search": (W, ["Module T: The White Whale", "Double-Sided Mission Card"]),
    "rule:whale/white-whale": (W, ["Module T: The White Whale", "Cards with *", "White Whale"]),
}
SEA_CARDS = 13
FIRST = 1                 # going out turns up the topmost sea card 1 (interpretation:whale-first-sea-card)
SIDES = ("unsuccessful", "successful")
SHARING = "sea"           # the resolution kind of a sea card: every group helps, sharing the rewards
MIN_PLAYERS = 2           # interpretation:whale-players
SWAP_FROM = 3             # with 3 or 4 players people may be swapped before the tools are taken
ROPE_AT = 4               # with 4 players the Rope idea starts on the workbench
SEA_ZONES = ("sea-deck", "sea-discard", "sea-up")
REVEAL = "symbol:reveal-sea-card"
SPLIT = "symbol:discard-for-others"


# ------------------------------------------------------------------ the rules it reads
def is_sea(rules, cid: str) -> bool:
    """A sea card of module T: its kind is `sea`, or its back is the sea back."""
    c = rules.cards.get(cid) or {}
    return c.get("module") == MODULE and (c.get("kind") == "sea" or c.get("back") == "sea")


def symbol_of(g, iid: int):
    return g.rules.cards[g.s["cards"][iid]].get("sea_symbol")


def _on(g) -> bool:
    return MODULE in g.s["setup"]["modules"]


def _check_side(v, s, r):
    return None if v in SIDES else f"the search is {v!r}, not one of {', '.join(SIDES)}"


def _check_bool(v, s, r):
    return None if isinstance(v, bool) else "`at_sea` holds true or false only"


def _check_next(v, s, r):
    return None if v is None or (is_int(v) and 1 <= v <= 5) else f"the sea card asked for is {v!r}, not 1 to 5"


def _where_up(g, item):
    if item["card"] not in g.s["z"]["sea-up"]:
        return f"pending decision {item['k']} for card instance {item['card']}, which is not the sea card in play"
    return None


def _where_done(g, item):
    z = g.s["z"]
    if item["card"] in z["sea-up"] or item["card"] in z["cemetery"]:
        return None
    return f"pending decision {item['k']} for card instance {item['card']}, which is not the sea card in play"


def sea_score(game, a: dict) -> float:
    """Out to sea when the decks offer little (a danger on every top card)."""
    s, r = game.s, game.rules
    deck = s["z"][f"deck/{a['player']}"]
    best = max((BACK_SCORE.get(r.back(s["cards"][i]), 2) for i in deck[-r.backs_seen:]), default=0)
    return 2.5 if best < 2.5 else 1.0


def split_score(game, a: dict) -> float:
    """The cards for others come from the fullest decks."""
    s = game.s
    return -sum(k * k / (len(s["z"][f"deck/{p}"]) + 1) for p, k in enumerate(a["split"]))


class Sea(PaleoSystem):
    """Module T: the sea deck and its open discard pile, going out to sea, the search mission and the whale."""

    name = "whale-t"
    module = MODULE
    zones = (
        Zone("sea-deck", "shared", "count", key="sea_deck"),
        Zone("sea-discard", "shared", "public", key="sea_discard", given="bottom-first"),
        Zone("sea-up", "shared", "public", key="sea_card", given=None),
    )
    fields = (
        Field("search", initial=lambda r, n: "unsuccessful", check=_check_side),
        Field("at_sea", initial=lambda r, n: False, check=_check_bool),
        Field("sea_next", initial=lambda r, n: None, check=_check_next),
    )
    resolving_zones = ("sea-up",)
    choose_types = ("sea",)
    action_types = {"swap-done": {}, "sea": {}, "sea-keep": {"to": Seat()}, "raft": {"to": Seat()},
                    "split": {"split": Seq(Below(6), 4)}}
    scores = {"swap-done": 0.0, "sea": sea_score, "sea-keep": 0.0, "raft": 0.0, "split": split_score}
    rule_sources = RULES
    shared_kinds = (SHARING,)

    def __init__(self):
        self.steps = (Step("whale-search", "night", run_search, after="missions", rule="rule:whale/search"),)
        self.decisions = (
            Decision("sea-swap", {}, swap_actions, apply_swap, rule="rule:whale/swap"),
            Decision("sea-raft", {}, raft_actions, apply_raft, rule="rule:whale/setup"),
            Decision("sea-card", {"card": "card"}, sea_card_actions, apply_sea_card, where=_where_up,
                     rule="rule:whale/same-boat"),
            Decision("sea-resolved", {"card": "card"}, auto=auto_resolved, where=_where_done, rule="rule:whale/end"),
            Decision("sea-done", {"card": "card", "resolved": "bool~"}, auto=auto_done, where=_where_done,
                     rule="rule:whale/end"),
            Decision("sea-keep", {"card": "card", "next": "any"}, keep_actions, apply_keep, where=_where_up,
                     rule="rule:whale/same-boat"),
            Decision("sea-split", {"n": "count", "cost": "bool", "player": "player?", "helpers": "players",
                                   "card": "card?", "kind": "str"}, split_actions, apply_split, auto=auto_split,
                     rule="rule:whale/split"),
        )
        self.ops = OPS
        self.given = {"raft_group": _given_raft, "search": _given_search, "sea_card": _given_sea_card}

    def applies(self, setup, bundle) -> bool:
        return MODULE in (setup.get("modules") or ())

    # ------------------------------------------------------------------ the rules: which cards, what is refused
    def place(self, rules, missing) -> list[str]:
        """The sea cards and the Skin Boat idea are laid out by this system, never dealt."""
        sea = sorted(c for c, rec in rules.cards.items() if rec.get("game") == rules.game_id and is_sea(rules, c))
        mine = set(sea)
        rules.exploration[:] = [c for c in rules.exploration if c not in mine]  # a sea-backed module card
        boat = [c for c in rules.module_extra.get("idea", []) if c == SKIN_BOAT]
        for kind in sorted(rules.module_extra):
            for cid in rules.module_extra[kind]:
                if rules.cards[cid].get("module") == MODULE and cid not in mine and cid not in boat:
                    missing.append(f"{cid}: a module card of kind `{kind}`, which this runtime does not lay out")
        have = sum(int(rules.cards[c].get("copies") or 1) for c in sea)
        if have < SEA_CARDS:
            missing.append(f"{MODULE}: the sea deck holds {have} of its {SEA_CARDS} sea cards")
        for cid in sea:
            if rules.cards[cid].get("sea_symbol") is None:
                missing.append(f"{cid}: the symbol on its sea card back is not given")
        if not boat:
            missing.append(f"{MODULE}: the Skin Boat idea is not in the bundle")
        if WHITE_WHALE not in mine:
            missing.append(f"{WHITE_WHALE}: not a sea card here, and this runtime plays the White Whale only at sea")
        rules.add_module_secrets(MODULE)
        rules.sea_cards = frozenset(sea)
        return sea + boat

    def prepare(self, rules) -> None:
        rules.min_players = max(rules.min_players, MIN_PLAYERS)
        refused = []
        for cid, opts in sorted(rules.options.items()):
            sea = cid in rules.sea_cards
            for o in opts:
                if REVEAL in o.symbols and not sea:
                    # interpretation:whale-reveal-at-sea: only a sea card being played asks for the next one
                    refused.append((cid, o.index, "`reveal sea card` is played only on a sea card"))
                elif REVEAL in o.symbols and o.trigger is not None:  # a moon card's night text: nobody is at sea
                    refused.append((cid, o.index, "`reveal sea card` is played only on a sea card resolved at sea, "
                                                  f"not in its `{o.trigger}` option"))
                if sea and o.trigger not in (None, "night"):
                    refused.append((cid, o.index, f"a sea card is resolved at sea, where `{o.trigger}` options "
                                                  "are not played"))
                if sea and o.help:
                    refused.append((cid, o.index, "at sea nobody helps a card: every group already helps"))
        for cid, i, why in sorted(set(refused)):
            rules.missing.append(f"{cid}: option {i + 1}: {why}")
        for o in rules.options.get(WHITE_WHALE, []):  # beaten: the whale, Ahab and the mission to the graveyard
            if not o.negative and o.trigger is None:
                o.effects.insert(0, ("rule:whale/white-whale", whale_beaten))

    # ------------------------------------------------------------------ setup
    def defers_tools(self, g) -> bool:
        return _on(g) and g.s["players"] >= SWAP_FROM

    def arrange(self, g, rng, explo) -> None:
        s, r = g.s, g.rules
        z = s["z"]
        by, g.by = g.by, "rule:whale/setup"
        deck = g.make_cards(sorted(r.sea_cards), lambda c: int(r.cards[c].get("copies") or 1))
        rng.shuffle(deck)
        z["sea-deck"] = deck
        g.event("sea-deck", n=len(deck))
        # interpretation:whale-skin-boat: the Skin Boat idea lies on the workbench from the start
        z["workbench"].extend(g.make_cards([SKIN_BOAT], lambda c: 1))
        g.event("idea", card=SKIN_BOAT)
        if s["players"] >= ROPE_AT:
            g.by = "rule:whale/rope"
            rope = next((i for i in z["ideas"] if s["cards"][i] == ROPE), None)
            if rope is None:
                raise SetupError("4 players with module T: the Rope idea (`card:paleo/rope`) is not in the idea deck")
            g.move(rope, "ideas", "workbench")
            g.event("idea", card=ROPE)
        g.by = by

    def setup(self, g) -> None:
        s = g.s
        if s["players"] >= SWAP_FROM:
            s["queue"].append({"k": "sea-swap"})
        s["queue"].append({"k": "sea-raft"})

    # ------------------------------------------------------------------ the choose step: going out to sea
    def choose_extras(self, g) -> list[dict]:
        s = g.s
        if s["at_sea"] or any(s["asleep"]) or any(c is not None for c in s["choice"]):
            return []
        raft = g.rules.tool_id("raft")
        if not any(s["tools"][p].get(raft, 0) for p in range(s["players"])):
            return []
        if _find(g, FIRST) is None:
            return []
        return [{"type": "sea", "player": 0,
                 "label": f"P0: all go out to sea together (turn up the topmost sea card {FIRST})"}]

    def apply_choose_extra(self, g, a) -> None:
        s = g.s
        s["at_sea"] = True
        g.by = "rule:whale/go-out"
        g.event("to-sea", rafts=[p for p in range(s["players"]) if s["tools"][p].get(g.rules.tool_id("raft"), 0)])
        _turn_up(g, FIRST)

    # ------------------------------------------------------------------ observation, rule-test view, invariants
    def observe(self, g, player, obs) -> None:
        s = g.s
        obs["sea_backs"] = [symbol_of(g, i) for i in reversed(s["z"]["sea-deck"])]  # top first, always visible
        obs["search"] = s["search"]
        obs["at_sea"] = s["at_sea"]

    def view(self, g, out) -> None:
        s = g.s
        out["search"] = s["search"]
        out["at_sea"] = s["at_sea"]
        out["sea_backs"] = [symbol_of(g, i) for i in reversed(s["z"]["sea-deck"])]

    def invariants(self, g) -> list[str]:
        s, r = g.s, g.rules
        z = s["z"]
        cards = s["cards"]
        out = []
        kept = {i for p in range(s["players"]) for i in z[f"night/{p}"]}
        allowed = {i for name in SEA_ZONES for i in z[name]} | kept | set(z["cemetery"]) | set(z["box"])
        for i, cid in enumerate(cards):
            if cid in r.sea_cards and i not in allowed:
                out.append(f"sea card {cid} lies outside the sea deck, the sea discard, play and the graveyard")
        for name in SEA_ZONES:
            for i in z[name]:
                if cards[i] not in r.sea_cards:
                    out.append(f"{cards[i]} lies among the sea cards without being one")
        up = z["sea-up"]
        if len(up) > 1:
            out.append(f"{len(up)} sea cards are in play at once")
        if (up or z["sea-discard"]) and not s["at_sea"] and s["outcome"] is None:
            out.append("sea cards are in play or on the sea discard pile while nobody is at sea")
        if up and s["outcome"] is None and not any(q.get("card") == up[0] and q.get("k") in ("sea-done", "sea-keep")
                                                   for q in s["queue"]):
            out.append(f"the sea card {cards[up[0]]} in play is not being resolved")
        if s["at_sea"] and s["phase"] != "day" and s["outcome"] is None:
            out.append("the players are at sea outside the day")
        return out


# ------------------------------------------------------------------ setup decisions
def swap_actions(g, item) -> list[dict]:
    s = g.s
    n = s["players"]
    out = []
    for a in range(n):
        for b in range(a + 1, n):
            for i in s["z"][f"group/{a}"]:
                for j in s["z"][f"group/{b}"]:
                    out.append({"type": "swap", "player": 0, "a": i, "b": j,
                                "label": f"P0: swap {S.name(g, i)} of P{a} with {S.name(g, j)} of P{b}"})
    out.append({"type": "swap-done", "player": 0, "label": "P0: keep these people; every group takes their tools"})
    return out


def apply_swap(g, item, a) -> None:
    s = g.s
    z = s["z"]
    if a["type"] == "swap":
        pa = next(p for p in range(s["players"]) if a["a"] in z[f"group/{p}"])
        pb = next(p for p in range(s["players"]) if a["b"] in z[f"group/{p}"])
        ga, gb = z[f"group/{pa}"], z[f"group/{pb}"]
        ga[ga.index(a["a"])] = a["b"]
        gb[gb.index(a["b"])] = a["a"]
        g.event("swap", players=[pa, pb], cards=[s["cards"][a["a"]], s["cards"][a["b"]]])
        return
    s["queue"].pop(0)
    g.event("swap-done")
    for p in range(s["players"]):
        for iid in list(z[f"group/{p}"]):
            S.person_arrives(g, p, iid, None)


def raft_actions(g, item) -> list[dict]:
    return [{"type": "raft", "player": 0, "to": q, "label": f"P0: the raft goes to P{q}'s group"}
            for q in range(g.s["players"])]


def apply_raft(g, item, a) -> None:
    g.s["queue"].pop(0)
    S.gain_tool(g, "raft", a["to"], None)


def _given_raft(g, value, used, take) -> None:
    """Rule tests: `raft_group: <seat>` settles the setup: the people stay as dealt (with 3 or 4 players their tools
    are what `tools` gives), the raft lies with that group; `null` settles it with the raft set aside."""
    s = g.s
    if value is not None and not (is_int(value) and value < s["players"]):
        raise ValueError("given: `raft_group` is a seat or null")
    pending = [q for q in s["queue"] if q["k"] in ("sea-swap", "sea-raft")]
    if not pending:
        raise ValueError("given: `raft_group` settles the setup of module T, which is already settled")
    s["queue"] = [q for q in s["queue"] if q["k"] not in ("sea-swap", "sea-raft")]
    if value is not None:
        S.gain_tool(g, "raft", value, None)


def _given_search(g, value, used, take) -> None:
    """Rule tests: the side mission card T shows."""
    if value not in SIDES:
        raise ValueError(f"given: `search` is one of {', '.join(SIDES)}")
    g.s["search"] = value


def _given_sea_card(g, value, used, take) -> None:
    """Rule tests: `sea_card: <card id>` starts at sea (in the choose step) with that sea card turned up."""
    s = g.s
    if not isinstance(value, str) or value not in g.rules.sea_cards:
        raise ValueError("given: `sea_card` is the card id of a sea card")
    if s["phase"] != "day" or s["step"] != "choose" or s["queue"]:
        raise ValueError("given: `sea_card` starts a seafare in the choose step, with the setup settled (`raft_group`)")
    iid = take(value)
    s["z"]["sea-up"].append(iid)
    s["at_sea"] = True
    s["queue"][0:0] = [{"k": "sea-card", "card": iid}, {"k": "sea-done", "card": iid}]


# ------------------------------------------------------------------ at sea
def _find(g, sym: int):
    """The topmost sea card with back symbol `sym` in the face-down deck (its end is its top), or None."""
    deck = g.s["z"]["sea-deck"]
    for k in range(len(deck) - 1, -1, -1):
        if symbol_of(g, deck[k]) == sym:
            return deck[k]
    return None


def _turn_up(g, sym: int) -> bool:
    s = g.s
    iid = _find(g, sym)
    if iid is None:
        return False
    g.move(iid, "sea-deck", "sea-up")
    g.event("sea-card", card=s["cards"][iid], symbol=sym, left=len(s["z"]["sea-deck"]))
    s["queue"][0:0] = [{"k": "sea-card", "card": iid}, {"k": "sea-done", "card": iid}]
    return True


def boat_ctx(g, iid: int) -> Ctx:
    """All in the same boat: one resolution by the first player with every other group helping
    (interpretation:whale-same-boat)."""
    return Ctx(0, list(range(1, g.s["players"])), iid, SHARING)


def sea_card_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    iid = item["card"]
    cid = s["cards"][iid]
    ctx = boat_ctx(g, iid)
    opts = [o for o in r.options.get(cid, []) if o.trigger is None and not o.help]
    danger = r.is_danger(cid)
    ignore = f"P0: at sea: ignore {r.name(cid)} (the seafare ends)"
    # an action card may always be ignored; a danger only when nothing can be done
    return R.offer_card_options(g, 0, cid, opts, ctx, f"P0: at sea: {r.name(cid)}: ",
                                negatives=R.open_negatives(g, [o for o in opts if o.negative], ctx) if danger else (),
                                none_left=ignore, leave=None if danger else ignore)


def apply_sea_card(g, item, a) -> None:
    iid = item["card"]
    R.apply_table_card(g, item, a, boat_ctx(g, iid), {"k": "sea-resolved", "card": iid})


def auto_resolved(g, item) -> bool:
    """The sea card's option was resolved (not ignored after failed dice): the sea-done after it says so."""
    s = g.s
    s["queue"].pop(0)
    done = next((q for q in s["queue"] if q["k"] == "sea-done" and q["card"] == item["card"]), None)
    if done is not None:
        done["resolved"] = True
    return True


def auto_done(g, item) -> bool:
    """A sea card is finished: a moon card that was resolved is laid with a group, any other goes face up onto the
    sea discard; then the sea card its option asked for is turned up, or the seafare ends."""
    s, r = g.s, g.rules
    s["queue"].pop(0)
    s["bonus"] = {}
    iid = item["card"]
    nxt = s["sea_next"]
    s["sea_next"] = None
    if S.check_end(g):
        return True
    if iid in s["z"]["sea-up"]:
        if item.get("resolved") and r.has_moon(s["cards"][iid]):
            s["queue"].insert(0, {"k": "sea-keep", "card": iid, "next": nxt})
            return True
        g.move(iid, "sea-up", "sea-discard")
    _after(g, nxt)
    return True


def keep_actions(g, item) -> list[dict]:
    name = g.rules.name(g.s["cards"][item["card"]])
    return [{"type": "sea-keep", "player": 0, "to": q, "label": f"P0: lay {name} with P{q}'s group"}
            for q in range(g.s["players"])]


def apply_keep(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    g.move(item["card"], "sea-up", f"night/{a['to']}")
    g.event("placed", player=a["to"], card=s["cards"][item["card"]], to="night")
    _after(g, item["next"])


def _after(g, nxt) -> None:
    if nxt is None:
        end_seafare(g, "no further sea card asked for")
        return
    by, g.by = g.by, "rule:whale/reveal"
    if not _turn_up(g, nxt):
        g.event("sea-card-missing", symbol=nxt)
        end_seafare(g, f"no sea card {nxt} left in the deck")
    g.by = by


def end_seafare(g, cause: str) -> None:
    """All sea cards, face down and discarded, are shuffled into a new deck; players whose decks ran out at sea
    go to sleep only now."""
    s = g.s
    z = s["z"]
    by, g.by = g.by, "rule:whale/end"
    pile = z["sea-deck"] + z["sea-discard"]
    z["sea-discard"] = []
    rng = Rng(s["rng"])
    rng.shuffle(pile)
    s["rng"] = rng.state
    z["sea-deck"] = pile
    s["at_sea"] = False
    g.event("seafare-end", cause=cause, deck=len(pile))
    g.by = "rule:whale/go-out"
    for p in range(s["players"]):
        if not s["asleep"][p] and not z[f"deck/{p}"]:
            s["asleep"][p] = True
            g.event("sleep", player=p)
    g.by = by
    S.check_end(g)


def whale_beaten(g, ctx) -> None:
    """Every group met the White Whale: it, Ahab (from whichever group has him) and mission card T go to the
    graveyard before the reward (interpretation:whale-beaten)."""
    s = g.s
    z = s["z"]
    gone = []
    if ctx.card is not None and ctx.card in z["sea-up"]:
        g.move(ctx.card, "sea-up", "cemetery")
        gone.append(s["cards"][ctx.card])
    for zone in [f"night/{p}" for p in range(s["players"])] + ["missions"]:
        for iid in list(z[zone]):
            if s["cards"][iid] in (AHAB, MISSION):
                g.move(iid, zone, "cemetery")
                gone.append(s["cards"][iid])
    g.event("whale-beaten", graveyard=gone)


# ------------------------------------------------------------------ the search mission at night
def run_search(g):
    """While mission card T shows its unsuccessful side, the whale costs a skull at night."""
    s = g.s
    if not any(s["cards"][i] == MISSION for i in s["z"]["missions"]):
        return None
    if s["search"] == "unsuccessful":
        g.event("search-failed")
        S.add_skulls(g, 1, "whale")
        S.check_end(g)
    return None


# ------------------------------------------------------------------ ops
OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the search, the mission's side and the sea cards."""


def _add_search(side: str):
    sym = "symbol:search-" + side

    @OPS.op(sym, *OPS.positions(sym))
    def search():
        def run(g, ctx):
            s = g.s
            if not any(s["cards"][i] == MISSION for i in s["z"]["missions"]):
                g.event("search", side=side, changed=False, mission=False)
                return
            changed = s["search"] != side
            s["search"] = side
            g.event("search", side=side, changed=changed)
        return run


_add_search("successful")
_add_search("unsuccessful")


@OPS.op("symbol:mission-side", "requirement")
def mission_side(side=None):
    if side not in SIDES:
        raise Unplayable

    def check(need):
        need["mission-side:" + side] = 1
    return check


def _side_met(g, what, n, players) -> bool:
    s = g.s
    return s.get("search") == what and any(s["cards"][i] == MISSION for i in s["z"]["missions"])


S.NEED_CHECKS["mission-side"] = _side_met


@OPS.op(REVEAL, "reward", "negative")
def reveal_sea_card(sea=None):
    sym = sea.get("symbol") if isinstance(sea, dict) else sea
    if not is_int(sym) or not 1 <= sym <= 5:
        raise Unplayable

    def run(g, ctx):  # only ever on a sea card resolved at sea (the rules refuse it anywhere else)
        g.s["sea_next"] = sym
    return run


def _decks(g) -> list[int]:
    return [len(g.s["z"][f"deck/{p}"]) for p in range(g.s["players"])]


def _split_item(g, ctx, k, cost):
    return {"k": "sea-split", "n": k, "cost": cost, "player": ctx.player, "helpers": list(ctx.helpers),
            "card": ctx.card, "kind": ctx.kind}


@OPS.op(SPLIT, "cost")
def split_cost(n=1):
    """`discard for others N`: the players together discard N cards from the tops of their decks, split as they
    like; as a cost every red back discarded wounds, as with any discarding to pay a cost."""
    def pay(g, ctx, do):
        if sum(_decks(g)) < n:
            return False
        if do:
            ctx.new.append(_split_item(g, ctx, n, True))
        return True
    return pay


@OPS.op(SPLIT, "negative")
def split(n=1):
    def run(g, ctx):
        k = min(n, sum(_decks(g)))
        if k:
            ctx.new.append(_split_item(g, ctx, k, False))
        else:
            g.event("discard", player=None, n=0, red=0, cost=False)
    return run


def _splits(n: int, caps: list[int]):
    if len(caps) == 1:
        if n <= caps[0]:
            yield [n]
        return
    for k in range(min(n, caps[0]), -1, -1):
        for rest in _splits(n - k, caps[1:]):
            yield [k, *rest]


def split_actions(g, item) -> list[dict]:
    out = []
    for sp in _splits(item["n"], _decks(g)):
        who = ", ".join(f"P{p} {k}" for p, k in enumerate(sp) if k)
        out.append({"type": "split", "player": 0, "split": sp, "label": f"P0: discard {item['n']} cards for others: {who}"})
    return out


def apply_split(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    g.event("split", n=item["n"], split=a["split"], cost=item["cost"])
    for p, k in enumerate(a["split"]):
        if not k:
            continue
        # a red back discarded to pay wounds the boat at sea, or else the group whose deck it came from
        # (interpretation:whale-discard-split)
        wctx = Ctx(*((item["player"], item["helpers"]) if item["kind"] == SHARING else (p, [])), item["card"], item["kind"])
        S.discard_from_deck(g, p, k, wctx, cost=item["cost"])
        s["queue"][0:0] = wctx.new


def auto_split(g, item) -> bool:
    acts = split_actions(g, item)
    if len(acts) != 1:
        return False
    apply_split(g, item, acts[0])
    return True


SYSTEMS = (Sea,)
