"""The game state and its transitions: the Paleo base game's day and night, played from a bundle."""

from __future__ import annotations

import json
from itertools import permutations

from .invariants import state_problems
from .ops import SKILLS
from .rng import Rng, seed_state
from .rules import NotPlayable, Rules, SetupError, rules_for, scenario_modules

STATE_FORMAT = "paleo-runtime-state/1"
ACTION_CAP = 20000
DAY_CAP = 200


class IllegalAction(Exception):
    """The action is not among the legal actions of this state; the state is unchanged."""


class StateError(ValueError):
    """A saved game that this game could not be in: unreadable, edited or forged."""


class Ctx:
    """The resolution an op acts for: who resolves (player), who helps, which card and option."""

    __slots__ = ("player", "helpers", "card", "kind", "new")

    def __init__(self, player, helpers, card, kind):
        self.player = player
        self.helpers = helpers
        self.card = card
        self.kind = kind
        self.new: list = []

    @property
    def players(self) -> list:
        if self.player is None:
            return []
        return [self.player, *self.helpers]


def _key(action: dict) -> str | None:
    try:
        return json.dumps({k: v for k, v in action.items() if k != "label"}, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # not a JSON record, so never a legal action
        return None


def _copy(action: dict) -> dict:
    c = dict(action)
    if "order" in c:
        c["order"] = list(c["order"])
    return c


class Game:
    """One game of Paleo: a JSON-native state dict plus the shared, immutable `Rules`.

    See the package docstring (`runtime.__init__`) for the API and the state layout.
    """

    __slots__ = ("rules", "s", "_legal")

    def __init__(self, rules: Rules, state: dict):
        self.rules = rules
        self.s = state
        self._legal = None

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, bundle: dict, *, game: str = "game:paleo", scenario: str | None = None,
            modules: list[str] | None = None, players: int = 2, seed: int = 0, check: bool = True,
            stack: dict | None = None) -> "Game":
        if isinstance(players, bool) or not isinstance(players, int) or not isinstance(seed, int):
            raise SetupError(f"players and seed must be integers (got {players!r} and {seed!r})")
        mods = list(modules) if modules is not None else scenario_modules(bundle, game, scenario)
        rules = rules_for(bundle, game, mods)
        if not rules.min_players <= players <= rules.max_players:
            raise SetupError(
                f"{players} players: game `{game}` allows {rules.min_players} to {rules.max_players} "
                "(interpretation: one group per player; the 4-player first-game note of the base rulebook's setup "
                "suggests 3 groups, which is a recommendation, not a limit)")
        if check and rules.missing:
            raise NotPlayable(rules.missing)
        g = cls(rules, cls._setup_state(rules, game, mods, players, seed, stack or {}))
        g._advance()
        return g

    @staticmethod
    def _setup_state(rules: Rules, game: str, mods: list[str], n: int, seed: int, stack: dict) -> dict:
        cards: list[str] = []
        z: dict[str, list[int]] = {}

        def make(ids):
            out = []
            for cid in ids:
                for _ in range(int(rules.cards[cid].get("copies") or 1)):
                    out.append(len(cards))
                    cards.append(cid)
            return out

        rng = Rng(seed_state(seed))
        for zone in ("people", "dreams", "ideas"):
            z[zone] = make(rules.support[zone])
            rng.shuffle(z[zone])
        explo = make(rules.exploration)
        rng.shuffle(explo)
        # `stack` (rule tests): card ids put on top of a shuffled support deck, top first, before setup draws
        decks = {"people": z["people"], "dreams": z["dreams"], "ideas": z["ideas"]}
        for zone, cids in sorted(stack.items()):
            if zone not in decks:
                raise SetupError(f"cannot stack `{zone}`; stackable decks: {', '.join(sorted(decks))}")
            deck, top = decks[zone], []
            for cid in cids:
                iid = next((i for i in deck if cards[i] == cid), None)
                if iid is None:
                    raise SetupError(f"cannot stack `{cid}` on the {zone} deck: no copy left in it")
                deck.remove(iid)
                top.append(iid)
            deck.extend(reversed(top))
        z["missions"] = make(rules.missions)
        z["secrets"] = make([c for num in rules.secret_numbers for c in rules.secret_cards.get(num, [])])
        for zone in ("workbench", "discard-down", "discard-up", "cemetery", "box"):
            z[zone] = []
        for p in range(n):
            for zone in ("deck", "chosen", "group", "night"):
                z[f"{zone}/{p}"] = []
        for i, iid in enumerate(explo):  # deal round robin from player 0; the end of a deck list is its top
            z[f"deck/{i % n}"].append(iid)
        s = {
            "format": STATE_FORMAT, "game": game, "modules": mods, "players": n, "seed": seed,
            "rng": rng.state, "forced_dice": [], "cards": cards, "z": z, "wounds": {},
            "res": {"food": rules.starting_food, "wood": 0, "stone": 0},
            "tools": [{} for _ in range(n)], "supply": dict(rules.tool_stock),
            "victory": 0, "skulls": 0, "day": 1, "nights": 0, "phase": "choose", "night_step": None,
            "asleep": [False] * n, "choice": [None] * n, "done": [True] * n, "helping": [None] * n,
            "queue": [], "outcome": None, "log": [], "actions": 0, "used": [], "bonus": {},
        }
        g = Game(rules, s)
        for p in range(n):
            for _ in range(rules.people_per_group):
                g._join_person(p, None)
        g.event("setup", players=n, modules=mods, decks=[len(z[f"deck/{p}"]) for p in range(n)])
        for p in range(n):
            if not z[f"deck/{p}"]:
                s["asleep"][p] = True
        return s

    # ------------------------------------------------------------------ public API
    def clone(self) -> "Game":
        return Game(self.rules, json.loads(json.dumps(self.s)))

    def to_json(self, log: bool = True) -> str:
        s = self.s if log else {k: v for k, v in self.s.items() if k != "log"}
        return json.dumps(s, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, bundle: dict, text: str) -> "Game":
        """Restore a saved game; a state this game could not be in (edited, forged, truncated) is a StateError."""
        try:
            s = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise StateError(f"a saved game is JSON text: {exc}") from None
        if not isinstance(s, dict) or s.get("format") != STATE_FORMAT:
            raise StateError(f"not a saved game of format {STATE_FORMAT}")
        s.setdefault("log", [])
        if not isinstance(s.get("game"), str) or not isinstance(s.get("modules"), list) or not all(
                isinstance(m, str) for m in s["modules"]):
            raise StateError("a saved game names its game and its modules")
        rules = rules_for(bundle, s["game"], s["modules"])
        problems = state_problems(rules, s)
        if problems:
            raise StateError("not a valid saved game: " + "; ".join(problems[:10]))
        return cls(rules, s)

    def is_terminal(self) -> bool:
        return self.s["outcome"] is not None

    @property
    def outcome(self) -> dict | None:
        return self.s["outcome"]

    @property
    def log(self) -> list:
        return self.s["log"]

    def current_players(self) -> list[int]:
        """The players who may act now; several during the simultaneous choice."""
        return sorted({a["player"] for a in self._legal_now()})

    def _legal_now(self) -> list[dict]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_actions(self, player: int | None = None) -> list[dict]:
        # copies: a caller editing a returned record cannot change what `apply` accepts
        return [_copy(a) for a in self._legal_now() if player is None or a["player"] == player]

    def apply(self, action: dict) -> None:
        """Apply one legal action; an illegal one raises IllegalAction and changes nothing."""
        if self.s["outcome"] is not None:
            raise IllegalAction("the game is over")
        legal = self._legal_now()
        k = _key(action) if isinstance(action, dict) else None
        match = next((a for a in legal if _key(a) == k), None) if k is not None else None
        if match is None:
            raise IllegalAction(f"illegal action {action!r}; legal now: "
                                + "; ".join(a["label"] for a in legal[:12]) + (" ..." if len(legal) > 12 else ""))
        self._legal = None
        self.s["actions"] += 1
        t = match["type"]
        getattr(self, "_do_" + t.replace("-", "_"))(match)
        self._advance()
        if self.s["outcome"] is None and (self.s["actions"] >= ACTION_CAP or self.s["day"] > DAY_CAP):
            self._end("unfinished", f"cap reached ({ACTION_CAP} actions or {DAY_CAP} days)")

    def observation(self, player: int) -> dict:
        """What `player` may see: every public zone and counter; of hidden cards only their backs."""
        s, r = self.s, self.rules
        z = s["z"]
        obs = {
            "player": player, "day": s["day"], "phase": s["phase"], "victory": s["victory"], "skulls": s["skulls"],
            "resources": dict(s["res"]), "supply": dict(s["supply"]), "outcome": s["outcome"],
            "missions": [s["cards"][i] for i in z["missions"]], "workbench": [s["cards"][i] for i in z["workbench"]],
            "discard_up": [s["cards"][i] for i in z["discard-up"]], "discard_down": len(z["discard-down"]),
            "cemetery": [s["cards"][i] for i in z["cemetery"]],
            "support_decks": {k: len(z[k]) for k in ("people", "dreams", "ideas")},
            "groups": [], "pending": s["queue"][0]["k"] if s["queue"] else None,
        }
        for p in range(s["players"]):
            deck = z[f"deck/{p}"]
            g = {
                "people": [{"card": s["cards"][i], "wounds": s["wounds"].get(str(i), 0)} for i in z[f"group/{p}"]],
                "tools": dict(s["tools"][p]), "night_cards": [s["cards"][i] for i in z[f"night/{p}"]],
                "deck_size": len(deck), "top_back": r.back(s["cards"][deck[-1]]) if deck else None,
                "asleep": s["asleep"][p], "chosen": None, "helping": s["helping"][p],
            }
            if z[f"chosen/{p}"]:
                g["chosen"] = s["cards"][z[f"chosen/{p}"][0]]
            elif s["choice"][p] is not None:
                c = s["choice"][p]
                g["chosen"] = {"committed": True} if c["kind"] == "sleep" else {
                    "committed": True, "back": r.back(s["cards"][deck[-1 - c["card"]]])}
            if p == player and s["phase"] == "choose":
                g["top_backs"] = [r.back(s["cards"][i]) for i in reversed(deck[-r.backs_seen:])]
            obs["groups"].append(g)
        return obs

    # ------------------------------------------------------------------ events and outcome
    def event(self, t: str, **fields) -> None:
        e = {"t": t, "day": self.s["day"]}
        e.update(fields)
        self.s["log"].append(e)

    def _end(self, result: str, cause: str, tie: bool = False) -> None:
        s = self.s
        s["outcome"] = {"result": result, "tie": tie, "cause": cause, "days": s["day"], "nights": s["nights"],
                        "skulls": s["skulls"], "victory": s["victory"]}
        s["phase"] = "over"
        s["night_step"] = None
        s["queue"] = []
        self.event("end", **{k: v for k, v in s["outcome"].items() if k != "days"})

    def _check_end(self) -> bool:
        s, r = self.s, self.rules
        win = s["victory"] >= r.victory_target
        loss = s["skulls"] >= r.skull_limit
        if win and loss:
            self._end("win" if r.tie_result == "win" else "loss", "5th victory token and 5th skull in the same action", tie=True)
        elif win:
            self._end("win", "cave painting complete")
        elif loss:
            self._end("loss", "skull limit reached")
        return s["outcome"] is not None

    # ------------------------------------------------------------------ state helpers used by ops
    def name(self, iid: int) -> str:
        return self.rules.name(self.s["cards"][iid])

    def move(self, iid: int, src: str, dst: str, top: bool = True) -> None:
        self.s["z"][src].remove(iid)
        if top:
            self.s["z"][dst].append(iid)
        else:
            self.s["z"][dst].insert(0, iid)

    def ctx_players(self, ctx: Ctx):
        return ctx.players if ctx.player is not None else range(self.s["players"])

    def skill_bonus(self, skill: str, n: int, ctx: Ctx) -> None:
        p = str(ctx.player if ctx.player is not None else 0)
        b = self.s["bonus"].setdefault(p, {})
        b[skill] = b.get(skill, 0) + n
        self.event("skill-bonus", player=int(p), skill=skill, n=n)

    def group_skills(self, players) -> dict:
        tot = dict.fromkeys(SKILLS, 0)
        cards, persons = self.s["cards"], self.rules.persons
        bonus = self.s["bonus"]
        for p in players:
            for k, v in bonus.get(str(p), {}).items():
                tot[k] += v
            for iid in self.s["z"][f"group/{p}"]:
                st = persons.get(cards[iid])
                if st:
                    for k in SKILLS:
                        tot[k] += st[k]
        return tot

    def tools_available(self, tool: str, ctx: Ctx) -> int:
        tool = self.rules.tool_id(tool)
        players = ctx.players if ctx.player is not None else range(self.s["players"])
        return sum(self.s["tools"][p].get(tool, 0) for p in players)

    def spend_tool(self, tool: str, ctx: Ctx) -> None:
        tool = self.rules.tool_id(tool)
        players = ctx.players if ctx.player is not None else range(self.s["players"])
        for p in players:
            if self.s["tools"][p].get(tool, 0) > 0:
                self.s["tools"][p][tool] -= 1
                if not self.s["tools"][p][tool]:
                    del self.s["tools"][p][tool]
                if tool in self.s["supply"]:
                    self.s["supply"][tool] += 1
                self.event("tool-spent", player=p, tool=tool)
                return
        raise AssertionError(f"no {tool} to spend")

    def gain_tool(self, tool: str, player, ctx) -> None:
        tool = self.rules.tool_id(tool)
        if player is None:
            player = 0
        if ctx is not None and getattr(ctx, "helpers", None) and ctx.kind == "day":
            # helpers may share the rewards: the group decides who takes the tool
            ctx.new.append({"k": "share", "what": "tool", "tool": tool, "players": ctx.players, "decider": player})
            return
        sup = self.s["supply"]
        if tool in sup:
            if sup[tool] <= 0:
                self.event("tool-unavailable", player=player, tool=tool)
                return
            sup[tool] -= 1
        t = self.s["tools"][player]
        t[tool] = t.get(tool, 0) + 1
        self.event("tool-gained", player=player, tool=tool)

    def gain_resource(self, res: str, n: int, ctx) -> None:
        self.s["res"][res] = self.s["res"].get(res, 0) + n
        self.event("gain", resource=res, n=n)

    def lose_resource(self, res: str, n: int, ctx) -> None:
        if n <= 0:
            return
        have = self.s["res"].get(res, 0)
        if have < n:
            raise AssertionError(f"paying {n} {res} with {have}")
        self.s["res"][res] = have - n
        self.event("pay", resource=res, n=n)

    def discard_from_deck(self, player: int, n: int, ctx: Ctx, cost: bool = True) -> None:
        """Discard the top `n` cards face down; paying a cost, each red back wounds (the rulebook ties
        the wounds to costs: a negative outcome that discards does not add them)."""
        deck = self.s["z"][f"deck/{player}"]
        red = 0
        taken = []
        for _ in range(min(n, len(deck))):
            iid = deck.pop()
            self.s["z"]["discard-down"].append(iid)
            taken.append(self.s["cards"][iid])
            if self.rules.is_red_back(self.s["cards"][iid]):  # "cards with red backs", not skull fronts
                red += 1
        self.event("discard", player=player, n=len(taken), red=red, cost=cost)
        if red and cost:
            self.queue_wounds(red, ctx)

    def queue_wounds(self, n: int, ctx: Ctx) -> None:
        if n <= 0:
            return
        players = ctx.players if ctx.player is not None else list(range(self.s["players"]))
        decider = ctx.player if ctx.player is not None else 0
        ctx.new.append({"k": "wound", "n": n, "players": players, "decider": decider})

    def queue_craft(self, ctx: Ctx, tool: str | None = None) -> None:
        p = ctx.player if ctx.player is not None else 0
        ctx.new.append({"k": "craft", "player": p, "helpers": list(ctx.helpers), "tool": tool})

    def add_skulls(self, n: int, cause: str, ctx=None) -> None:
        # the night board has room up to the 5th skull, and the 5th ends the game: no more are placed
        n = max(0, min(n, self.rules.skull_limit - self.s["skulls"]))
        if n:
            self.s["skulls"] += n
            self.event("skull", n=n, cause=cause, total=self.s["skulls"])

    def add_victory(self, n: int, ctx=None) -> None:
        n = max(0, min(n, self.rules.victory_target - self.s["victory"]))
        if n:
            self.s["victory"] += n
            self.event("victory", n=n, total=self.s["victory"])

    def draw_support(self, zone: str, ctx: Ctx) -> None:
        p = ctx.player if ctx.player is not None else 0
        z = self.s["z"]
        if not z[zone]:
            self.event("deck-empty", deck=zone)
            return
        if zone == "people":
            if ctx is not None and ctx.helpers and ctx.kind == "day":
                ctx.new.append({"k": "share", "what": "person", "players": ctx.players, "decider": p})
                return
            self._join_person(p, ctx)
        elif zone == "dreams":
            iid = z["dreams"][-1]
            self.move(iid, "dreams", f"deck/{p}")
            self.event("dream", player=p)
        else:
            iid = z["ideas"][-1]
            self.move(iid, "ideas", "workbench")
            self.event("idea", card=self.s["cards"][iid])

    def _join_person(self, p: int, ctx) -> None:
        z = self.s["z"]
        if not z["people"]:
            self.event("deck-empty", deck="people")
            return
        iid = z["people"][-1]
        self.move(iid, "people", f"group/{p}")
        cid = self.s["cards"][iid]
        self.event("person-joins", player=p, card=cid)
        for tool in (self.rules.persons.get(cid) or {}).get("tools", []):
            self.gain_tool(tool, p, ctx)

    def reveal_secret(self, number: int, ctx: Ctx) -> None:
        p = ctx.player if ctx.player is not None else 0
        z = self.s["z"]
        for iid in z["secrets"]:
            if self.rules.cards[self.s["cards"][iid]].get("number") == number:
                self.move(iid, "secrets", f"deck/{p}")
                self.event("secret", player=p, number=number)
                return
        self.event("secret-unavailable", number=number)

    def wound_person(self, iid: int) -> None:
        s = self.s
        owner = next(p for p in range(s["players"]) if iid in s["z"][f"group/{p}"])
        hearts = self.rules.persons[s["cards"][iid]]["hearts"]
        w = s["wounds"].get(str(iid), 0)
        if w < hearts:
            s["wounds"][str(iid)] = w + 1
            self.event("wound", player=owner, card=s["cards"][iid], wounds=w + 1)
            return
        s["wounds"].pop(str(iid), None)
        self.move(iid, f"group/{owner}", "cemetery")
        self.event("death", player=owner, card=s["cards"][iid])
        self.add_skulls(1, "death")
        if not s["z"][f"group/{owner}"]:
            self._join_person(owner, None)

    # ------------------------------------------------------------------ options
    def _need_met(self, need: dict, players) -> bool:
        if not need:
            return True
        tot = self.group_skills(players)
        s = self.s
        for k, n in need.items():
            if k in tot:
                if tot[k] < n:
                    return False
            elif k.startswith("tool:"):
                tool = self.rules.tool_id(k[5:])
                if sum(s["tools"][p].get(tool, 0) for p in players) < n:
                    return False
            elif k.startswith("res:"):
                if s["res"].get(k[4:], 0) < n:
                    return False
        return True

    def _affordable(self, opt, ctx: Ctx) -> bool:
        players = ctx.players if ctx.player is not None else range(self.s["players"])
        if opt.need_static and not self._need_met(opt.need_static, players):
            return False
        for f in opt.forbid:
            need: dict = {}
            f(need)
            if self._need_met(need, players):
                return False
        return all(c(self, ctx, False) for c in opt.costs)

    def _in_stock(self, opt) -> bool:
        """Whether the workbench still holds every limited tool the option makes (crafting takes it from there)."""
        want: dict = {}
        for position, sym, args in opt.calls:
            if position == "reward":
                t = self.rules.tool_id(sym)
                if t in self.rules.tool_stock:
                    n = args.get("n")
                    want[t] = want.get(t, 0) + (n if isinstance(n, int) else 1)
        return all(self.s["supply"].get(t, 0) >= n for t, n in want.items())

    def _opt_action(self, who: int, cid: str, o, label: str) -> dict:
        a = {"type": "option", "player": who, "option": o.index}
        if self.rules.variants[cid].get(o.index, 1) > 1:
            a["variant"] = o.variant
            label += f" (way {o.variant + 1})"
        a["label"] = label
        return a

    def _ctx_for(self, item_player, card, kind, helpers=()):
        return Ctx(item_player, list(helpers), card, kind)

    def _ctx_day(self, p: int) -> Ctx:
        return Ctx(p, self._helpers_of(p), None, "day")

    def _helpers_of(self, p: int) -> list[int]:
        return [h for h in range(self.s["players"]) if self.s["helping"][h] == p]

    def _roll(self, n: int) -> list:
        s = self.s
        faces = []
        rng = None
        for _ in range(n):
            if s["forced_dice"]:
                faces.append(s["forced_dice"].pop(0))
                continue
            if rng is None:
                rng = Rng(s["rng"])
            df = self.rules.die_faces or [None]
            f = df[rng.below(len(df))]
            faces.append(f"{f[0]} {f[1]}" if f else "blank")
        if rng is not None:
            s["rng"] = rng.state
        return faces

    def _resolve_option(self, cid_iid: int, opt, ctx: Ctx, finish: dict) -> None:
        """Roll, check, pay and apply one option, then queue what it asks for before `finish`."""
        s = self.s
        for sym in opt.symbols:
            if sym not in s["used"]:
                s["used"].append(sym)
        if opt.dice:
            faces = self._roll(opt.dice)
            need = opt.need()
            for f in faces:
                parsed = self.rules._face(f)
                if parsed:
                    need[parsed[0]] = need.get(parsed[0], 0) + parsed[1]
            players = ctx.players if ctx.player is not None else range(s["players"])
            ok = self._need_met(need, players)
            self.event("dice", player=ctx.player, faces=faces, met=ok)
            if not ok:
                s["queue"].insert(0, {"k": "fallback", "player": ctx.player, "card": cid_iid, "kind": ctx.kind,
                                      "helpers": list(ctx.helpers), "finish": finish})
                return
        self.event("resolve", player=ctx.player, card=s["cards"][cid_iid], option=opt.index + 1, negative=opt.negative)
        for c in opt.costs:
            if not c(self, ctx, True):
                if not opt.negative:
                    raise AssertionError("a cost checked as payable could not be paid")
        for e in opt.effects:
            e(self, ctx)
        s["queue"][0:0] = ctx.new + [finish]

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[dict]:
        s, r = self.s, self.rules
        if s["outcome"] is not None:
            return []
        if s["queue"]:
            return self._pending_actions(s["queue"][0])
        out: list[dict] = []
        if s["phase"] == "choose":
            for p in range(s["players"]):
                if s["asleep"][p] or s["choice"][p] is not None:
                    continue
                deck = s["z"][f"deck/{p}"]
                top = list(reversed(deck[-r.backs_seen:]))
                backs = [r.back(s["cards"][i]) for i in top]
                for k in range(len(top)):
                    rest = [j for j in range(len(top)) if j != k]
                    for order in permutations(rest):
                        lab = f"P{p}: take card {k + 1} ({backs[k]} back)"
                        if len(order) > 1:
                            lab += ", keep " + " over ".join(f"{backs[j]} ({j + 1})" for j in order)
                        out.append({"type": "choose", "player": p, "card": k, "order": list(order), "label": lab})
                out.append({"type": "sleep", "player": p, "label": f"P{p}: go to sleep early (discard {len(deck)} cards)"})
        elif s["phase"] == "resolve":
            for p in range(s["players"]):
                if s["done"][p]:
                    continue
                iid = s["z"][f"chosen/{p}"][0]
                cid = s["cards"][iid]
                ctx = Ctx(p, self._helpers_of(p), iid, "day")
                day_opts = [o for o in r.options.get(cid, []) if o.trigger is None]  # night and event options wait
                danger = r.is_danger(cid)
                if danger and any(o.help and self._affordable(o, ctx) for o in day_opts):
                    danger = False  # an avoidable danger, avoided: help or ignore are open
                any_opt = False
                for opt in day_opts:
                    if opt.help:
                        continue
                    if opt.negative:
                        if danger:
                            out.append(self._opt_action(p, cid, opt, f"P{p}: {r.name(cid)}: negative action {opt.index + 1}: {opt.text}"))
                            any_opt = True
                    elif self._affordable(opt, ctx):
                        out.append(self._opt_action(p, cid, opt, f"P{p}: {r.name(cid)}: action {opt.index + 1}: {opt.text}"))
                        any_opt = True
                if not danger:
                    for q in range(s["players"]):
                        if q != p and not s["done"][q] and s["helping"][q] is None:
                            out.append({"type": "help", "player": p, "target": q, "label": f"P{p}: help P{q}"})
                if not danger or not any_opt:
                    out.append({"type": "ignore", "player": p,
                                "label": f"P{p}: ignore {r.name(cid)}" + ("" if not danger else " (no action can be resolved)")})
        return out

    def _pending_actions(self, item: dict) -> list[dict]:
        s, r = self.s, self.rules
        k = item["k"]
        out = []
        if k == "wound":
            for p in item["players"]:
                for iid in s["z"][f"group/{p}"]:
                    w = s["wounds"].get(str(iid), 0)
                    h = r.persons[s["cards"][iid]]["hearts"]
                    out.append({"type": "wound", "player": item["decider"], "person": iid,
                                "label": f"P{item['decider']}: wound {self.name(iid)} of P{p} ({w}/{h} hearts covered"
                                         + (", dies)" if w >= h else ")")})
        elif k == "share":
            what = item["tool"].split("/")[-1] if item["what"] == "tool" else "the new person"
            for q in item["players"]:
                out.append({"type": "share", "player": item["decider"], "to": q,
                            "label": f"P{item['decider']}: {what} goes to P{q}'s group"})
        elif k == "craft":
            p = item["player"]
            ctx = Ctx(p, item["helpers"], None, "craft")
            tool = item.get("tool")
            for iid in s["z"]["workbench"]:
                opts = r.options.get(s["cards"][iid], [])
                if tool is not None and opts and r.tool_id(tool) not in {r.tool_id(x) for x in opts[0].symbols}:
                    continue
                if opts and not opts[0].negative and self._in_stock(opts[0]) and self._affordable(opts[0], ctx):
                    out.append({"type": "craft", "player": p, "idea": iid, "label": f"P{p}: craft {self.name(iid)}"})
            out.append({"type": "craft", "player": p, "idea": None, "label": f"P{p}: craft nothing"})
        elif k == "fallback":
            p = item["player"]
            cid = s["cards"][item["card"]]
            negs = [o for o in r.options.get(cid, []) if o.negative]
            who = 0 if p is None else p
            for o in negs:
                out.append(self._opt_action(who, cid, o, f"P{who}: dice not met: negative action {o.index + 1} of {r.name(cid)}"))
            if not negs:
                out.append({"type": "ignore", "player": who, "label": f"P{who}: dice not met: ignore {r.name(cid)}"})
        elif k in ("mission", "nightcard"):
            p = item.get("player")
            who = 0 if p is None else p
            cid = s["cards"][item["card"]]
            ctx = Ctx(p, [], item["card"], k)
            opts = r.options.get(cid, [])
            if k == "nightcard" and any(o.trigger == "night" for o in opts):
                opts = [o for o in opts if o.trigger == "night"]
            for o in opts:
                if o.negative or self._affordable(o, ctx):
                    out.append(self._opt_action(who, cid, o, f"P{who}: {r.name(cid)}: {'negative action' if o.negative else 'action'} {o.index + 1}: {o.text}"))
            if not out:
                out.append({"type": "ignore", "player": who, "label": f"P{who}: {r.name(cid)}: no action can be resolved"})
        return out

    # ------------------------------------------------------------------ action handlers
    def _do_choose(self, a: dict) -> None:
        self.s["choice"][a["player"]] = {"kind": "card", "card": a["card"], "order": a["order"]}
        self.event("chose", player=a["player"])

    def _do_sleep(self, a: dict) -> None:
        self.s["choice"][a["player"]] = {"kind": "sleep"}
        self.event("chose", player=a["player"])

    def _reveal(self) -> None:
        s = self.s
        z = s["z"]
        revealed = {}
        for p in range(s["players"]):
            c = s["choice"][p]
            if c is None:
                continue
            deck = z[f"deck/{p}"]
            if c["kind"] == "sleep":
                n = len(deck)
                z["discard-down"].extend(reversed(deck))
                deck.clear()
                s["asleep"][p] = True
                self.event("sleep-early", player=p, discarded=n)
                continue
            top = list(reversed(deck[-self.rules.backs_seen:]))
            del deck[len(deck) - len(top):]
            chosen = top[c["card"]]
            rest = [top[j] for j in c["order"]]
            deck.extend(reversed(rest))  # order[0] ends on top
            z[f"chosen/{p}"].append(chosen)
            s["done"][p] = False
            revealed[str(p)] = s["cards"][chosen]
        s["choice"] = [None] * s["players"]
        self.event("reveal", cards=revealed)

    def _do_option(self, a: dict) -> None:
        s = self.s
        p = a["player"]
        item = s["queue"][0] if s["queue"] else None
        if item is None:  # a day card
            iid = s["z"][f"chosen/{p}"][0]
            ctx = Ctx(p, self._helpers_of(p), iid, "day")
            finish = {"k": "finish", "player": p, "card": iid, "kind": "day"}
        elif item["k"] == "fallback":
            s["queue"].pop(0)
            iid = item["card"]
            ctx = Ctx(item["player"], item["helpers"], iid, item["kind"])
            finish = item["finish"]
        else:  # mission or night card
            s["queue"].pop(0)
            iid = item["card"]
            ctx = Ctx(item.get("player"), [], iid, item["k"])
            finish = {"k": "finish", "player": item.get("player"), "card": iid, "kind": item["k"]}
        opt = self.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
        self._resolve_option(iid, opt, ctx, finish)

    def _do_help(self, a: dict) -> None:
        s = self.s
        p, q = a["player"], a["target"]
        iid = s["z"][f"chosen/{p}"][0]
        self.move(iid, f"chosen/{p}", "discard-up")
        s["helping"][p] = q
        s["done"][p] = True
        self.event("help", player=p, target=q, card=s["cards"][iid])

    def _do_ignore(self, a: dict) -> None:
        s = self.s
        p = a["player"]
        item = s["queue"][0] if s["queue"] else None
        if item is None:
            iid = s["z"][f"chosen/{p}"][0]
            self.event("ignore", player=p, card=s["cards"][iid])
            self._finish({"k": "finish", "player": p, "card": iid, "kind": "day"}, ignored=True)
            return
        s["queue"].pop(0)
        self.event("ignore", player=p, card=s["cards"][item["card"]])
        fin = item.get("finish") or {"k": "finish", "player": item.get("player"), "card": item["card"], "kind": item["k"]}
        self._finish(fin, ignored=True)

    def _do_wound(self, a: dict) -> None:
        item = self.s["queue"][0]
        self.wound_person(a["person"])
        item["n"] -= 1
        if item["n"] <= 0 or not any(self.s["z"][f"group/{p}"] for p in item["players"]):
            self.s["queue"].pop(0)

    def _do_share(self, a: dict) -> None:
        item = self.s["queue"].pop(0)
        if item["what"] == "tool":
            self.gain_tool(item["tool"], a["to"], None)
        elif self.s["z"]["people"]:
            self._join_person(a["to"], None)
        else:
            self.event("deck-empty", deck="people")

    def _do_craft(self, a: dict) -> None:
        s = self.s
        item = s["queue"].pop(0)
        if a["idea"] is None:
            self.event("craft-none", player=item["player"])
            return
        ctx = Ctx(item["player"], item["helpers"], a["idea"], "craft")
        opt = self.rules.options[s["cards"][a["idea"]]][0]
        self.event("craft", player=item["player"], idea=s["cards"][a["idea"]])
        self._resolve_option(a["idea"], opt, ctx, {"k": "done"})

    def _finish(self, fin: dict, ignored: bool = False) -> None:
        s = self.s
        s["bonus"] = {}
        kind = fin.get("kind")
        if kind == "day":
            p = fin["player"]
            iid = fin["card"]
            if iid in s["z"][f"chosen/{p}"]:
                dst = f"night/{p}" if (self.rules.has_moon(s["cards"][iid]) and not ignored) else "discard-up"
                self.move(iid, f"chosen/{p}", dst)
            s["done"][p] = True
            for h in range(s["players"]):
                if s["helping"][h] == p:
                    s["helping"][h] = None
        self._check_end()

    # ------------------------------------------------------------------ automatic progress
    def _auto_pending(self, item: dict) -> bool:
        """Handle a queue head that needs no decision; return False when a player must decide."""
        s = self.s
        k = item["k"]
        if k == "finish":
            s["queue"].pop(0)
            self._finish(item)
            return True
        if k == "done":
            s["queue"].pop(0)
            return True
        if k == "wound":
            cands = [i for p in item["players"] for i in s["z"][f"group/{p}"]]
            if not cands:
                s["queue"].pop(0)
                self.event("wound-nobody", n=item["n"])
                return True
            if len(cands) == 1:
                self.wound_person(cands[0])
                item["n"] -= 1
                if item["n"] <= 0:
                    s["queue"].pop(0)
                return True
        return False

    def _advance(self) -> None:
        s = self.s
        while s["outcome"] is None:
            if s["queue"]:
                if self._auto_pending(s["queue"][0]):
                    continue
                return
            ph = s["phase"]
            if ph == "choose":
                waiting = [p for p in range(s["players"]) if not s["asleep"][p] and s["choice"][p] is None]
                if waiting:
                    return
                if all(s["asleep"]):
                    s["phase"] = "night"
                    s["night_step"] = "feeding"
                    continue
                self._reveal()
                s["phase"] = "resolve"
                continue
            if ph == "resolve":
                if not all(s["done"]):
                    return
                for p in range(s["players"]):
                    if not s["asleep"][p] and not s["z"][f"deck/{p}"]:
                        s["asleep"][p] = True
                        self.event("sleep", player=p)
                s["helping"] = [None] * s["players"]
                if all(s["asleep"]):
                    s["phase"] = "night"
                    s["night_step"] = "feeding"
                else:
                    s["phase"] = "choose"
                continue
            if ph == "night":
                self._night_step()
                continue
            return

    def _night_step(self) -> None:
        s = self.s
        step = s["night_step"]
        if step == "feeding":
            s["nights"] += 1
            self.event("night", n=s["nights"])
            people = sum(len(s["z"][f"group/{p}"]) for p in range(s["players"]))
            paid = min(people, s["res"].get("food", 0))
            s["res"]["food"] -= paid
            self.event("feeding", people=people, food_paid=paid, unfed=people - paid)
            if people > paid:
                self.add_skulls(people - paid, "unfed")
            s["night_step"] = "missions"
            self._check_end()
        elif step == "missions":
            s["queue"].extend({"k": "mission", "card": iid, "player": None} for iid in s["z"]["missions"])
            s["night_step"] = "night-cards"
        elif step == "night-cards":
            for p in range(s["players"]):
                s["queue"].extend({"k": "nightcard", "card": iid, "player": p} for iid in s["z"][f"night/{p}"])
            s["night_step"] = "new-day"
        elif step == "new-day":
            z = s["z"]
            pile = z["discard-down"] + z["discard-up"]
            z["discard-down"] = []
            z["discard-up"] = []
            rng = Rng(s["rng"])
            rng.shuffle(pile)
            s["rng"] = rng.state
            n = s["players"]
            for i, iid in enumerate(pile):
                z[f"deck/{i % n}"].append(iid)
            s["day"] += 1
            s["asleep"] = [not z[f"deck/{p}"] for p in range(n)]
            s["phase"] = "choose"
            s["night_step"] = None
            self.event("new-day", dealt=[len(z[f"deck/{p}"]) for p in range(n)])
            if all(s["asleep"]):
                self._end("unfinished", "no cards left to deal")


def new_game(bundle: dict, **kw) -> Game:
    """Create a game; see `Game.new` for the keywords (game, scenario, modules, players, seed)."""
    return Game.new(bundle, **kw)
