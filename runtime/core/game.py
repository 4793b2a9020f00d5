"""The core game: a JSON-native state, the step machine, the decision queue, the event log and the bus; it names no game.

A `Rules` object (built by a game definition) carries the `layout` of its active systems; the
core reads only that: zones and counters to build, observe and validate; phases and steps to
advance; decision kinds to list and apply pending choices; bus hooks to call listeners.
"""

from __future__ import annotations

import json
import pickle
import random
import re

from ..safetext import escape
from .actions import ActionSpace
from .declare import WAIT
from .definition import REGISTRY, definition_for
from .errors import IllegalAction, NotPlayable, SetupError, StateError
from .invariants import state_problems
from .secret import reshuffle_hidden

STATE_FORMAT = "runtime-state/2"
MAX_STATE_BYTES = 16 << 20  # a saved game's JSON text (the bounds policy: compiler/limits.py)
MAX_DEPTH = 200  # nesting of a saved game; the runtime's own states nest a few levels
_SETUPS: dict = {}  # (bundle, game, definition, setup record JSON) -> (bundle, rules, definition): checked once


def action_key(action: dict) -> str | None:
    try:
        return json.dumps({k: v for k, v in action.items() if k != "label"}, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):  # not a JSON record, a huge int or nested past the stack:
        # never a legal action
        return None


def too_deep(value, limit: int) -> bool:
    """Whether `value` nests lists and dicts more than `limit` levels (checked without recursion)."""
    todo = [(value, 0)]
    seen = 0
    while todo:
        v, d = todo.pop()
        if d > limit:
            return True
        if isinstance(v, dict):
            todo.extend((x, d + 1) for x in v.values())
        elif isinstance(v, (list, tuple)):
            todo.extend((x, d + 1) for x in v)
        seen += 1
        if seen > 1_000_000:  # bigger than any state or action the runtime makes
            return True
    return False


def _copy(action: dict, list_keys: tuple) -> dict:
    c = dict(action)
    for k in list_keys:
        if k in c:
            c[k] = list(c[k])
    return c


class Engine:
    """The internal engine of one game: the state dict `s` plus the shared, immutable `rules` (with its `layout`
    and `definition`). Systems, ops and the runtime's own tooling (rule tests, the simulator, the built-in
    policies) receive it and change the state through it; a frontend or agent holds the public `Game`, which
    wraps one engine and exposes no mutator."""

    __slots__ = ("rules", "s", "_legal", "by")

    def __init__(self, rules, state: dict):
        self.rules = rules
        self.s = state
        self._legal = None
        self.by = None  # what the events being logged come from: a rule, symbol or record id

    # ------------------------------------------------------------------ creation and saving
    @classmethod
    def new(cls, bundle: dict, *, game: str = "game:paleo", scenario: str | None = None, modules: list | None = None,
            boards: list | None = None, options: dict | None = None, players: int = 2, seed: int = 0,
            check: bool = True, stack: dict | None = None, setup: dict | None = None) -> "Engine":
        """A new game of `game` for a setup record (scenario or modules, boards, options), players and seed."""
        if isinstance(players, bool) or not isinstance(players, int) or isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"players and seed must be integers (got {_cut(players)} and {_cut(seed)})")
        if setup is not None:
            if not isinstance(setup, dict):
                raise SetupError("a setup record is a mapping of scenario, modules, boards and options")
            unknown = set(setup) - {"scenario", "modules", "boards", "options"}
            if unknown:
                raise SetupError(f"unknown setup record key `{_cut(sorted(map(str, unknown))[0])}`")
            scenario, modules = setup.get("scenario", scenario), setup.get("modules", modules)
            boards, options = setup.get("boards", boards), setup.get("options", options)
        d = definition_for(bundle, game)
        rec = d.setup_record(bundle, scenario=scenario, modules=modules, boards=boards, options=options)
        return d.start(cls, bundle, rec, players, seed, check, stack)

    @classmethod
    def from_json(cls, bundle: dict, text) -> "Engine":
        """Restore a saved game; a state this game could not be in (edited, forged, truncated, other format) is a StateError."""
        s = cls.read_state(text)
        setup = s.get("setup")
        if not isinstance(s.get("game"), str) or not isinstance(setup, dict):
            raise StateError("a saved game names its game and its setup record")
        try:
            key = (id(bundle), s["game"], id(REGISTRY.get(s["game"])), json.dumps(setup, sort_keys=True))
        except (TypeError, ValueError):
            raise StateError("the saved setup record is not JSON data") from None
        hit = _SETUPS.get(key)
        if hit is not None and hit[0] is bundle and hit[2] is REGISTRY.get(s["game"]):  # checked before
            rules = hit[1]
        else:
            try:
                d = definition_for(bundle, s["game"])
                keys = {k: setup.get(k) for k in ("scenario", "modules", "boards", "options")}
                rec = d.setup_record(bundle, **keys)
                if setup.get("stack") is not None:
                    rec["stack"] = setup["stack"]
                rules = d.rules(bundle, rec)
            except (SetupError, NotPlayable) as exc:
                raise StateError(f"a saved game whose setup cannot be played: {str(exc).splitlines()[0]}") from None
            if rec != setup:
                raise StateError("the saved setup record is not in its normal form")
            if len(_SETUPS) > 64:
                _SETUPS.clear()
            _SETUPS[key] = (bundle, rules, REGISTRY.get(s["game"]))
        problems = state_problems(cls(rules, s))
        if problems:
            raise StateError("not a valid saved game: " + "; ".join(problems[:10]))
        return cls(rules, s)

    @classmethod
    def create(cls, rules, setup: dict, players: int, seed: int, rng_state: int) -> "Engine":
        """The empty state of these rules (zones, counters, fields), then each system's setup, then play up to a choice."""
        lay = rules.layout
        phase = lay.phases[0]
        s = {"format": STATE_FORMAT, "game": rules.game_id, "setup": setup, "players": players, "seed": seed,
             "rng": rng_state, "cards": [], "z": {n: [] for n in lay.zone_names(players)}, "queue": [],
             "phase": phase, "step": lay.first_step(phase), "outcome": None, "log": [], "actions": 0}
        for c in lay.counters:
            init = c.initial(rules) if c.initial else (0 if c.key_names(rules) is None else {})
            s[c.name] = [json.loads(json.dumps(init)) for _ in range(players)] if c.scope == "player" else init
        for f in lay.fields:
            s[f.name] = f.initial(rules, players) if f.initial else None
        g = cls(rules, s)
        for sys_ in lay.systems:
            g.by = f"rule:{sys_.name}/setup"
            sys_.setup(g)
        g.by = None
        g._advance()
        return g

    def clone(self) -> "Engine":
        """An exact copy (the same generator state: the same future), its legal actions worked out once."""
        # the state is JSON-native data without shared parts: a pickle round trip is a deep copy, and a fast one
        c = type(self)(self.rules, pickle.loads(pickle.dumps(self.s, pickle.HIGHEST_PROTOCOL)))
        if self._legal is not None:
            c._legal = pickle.loads(pickle.dumps(self._legal, pickle.HIGHEST_PROTOCOL))
        return c

    def to_json(self, log: bool = True) -> str:
        s = self.s if log else {k: v for k, v in self.s.items() if k != "log"}
        return json.dumps(s, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def read_state(text) -> dict:
        if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_STATE_BYTES:
            raise StateError(f"a saved game is at most {MAX_STATE_BYTES} bytes of JSON text")
        if isinstance(text, (str, bytes, bytearray)) and _nesting(text) > MAX_DEPTH:
            raise StateError(f"a saved game nests at most {MAX_DEPTH} levels deep")
        try:
            s = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StateError(f"a saved game is JSON text: {_cut(str(exc))}") from None
        if not isinstance(s, dict):
            raise StateError("a saved game is a JSON object")
        fmt = s.get("format")
        if fmt != STATE_FORMAT:
            if isinstance(fmt, str) and fmt.startswith(("paleo-runtime-state/", "runtime-state/")):
                raise StateError(f"saved game format `{fmt[:40]}` is not this runtime's `{STATE_FORMAT}`; "
                                 "a save of another format cannot be read (replay its actions instead)")
            raise StateError(f"not a saved game of format {STATE_FORMAT}")
        s.setdefault("log", [])
        return s

    # ------------------------------------------------------------------ public API
    def is_terminal(self) -> bool:
        return self.s["outcome"] is not None

    @property
    def outcome(self) -> dict | None:
        return self.s["outcome"]

    @property
    def log(self) -> list:
        return self.s["log"]

    @property
    def layout(self):
        return self.rules.layout

    def current_players(self) -> list[int]:
        """The players who may act now; several during a simultaneous choice."""
        return sorted({a["player"] for a in self._legal_now()})

    def _legal_now(self) -> list[dict]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_actions(self, player: int | None = None) -> list[dict]:
        # copies: a caller editing a returned record cannot change what `apply` accepts
        keys = self.layout.action_lists
        return [_copy(a, keys) for a in self._legal_now() if player is None or a["player"] == player]

    def _compute_legal(self) -> list[dict]:
        s = self.s
        if s["outcome"] is not None:
            return []
        if s["queue"]:
            item = s["queue"][0]
            return self.layout.decisions[item["k"]].actions(self, item)
        st = self.layout.step.get((s["phase"], s["step"]))
        return st.actions(self) if st is not None and st.actions else []

    def apply(self, action: dict) -> None:
        """Apply one legal action; an illegal one raises IllegalAction and changes nothing."""
        s = self.s
        if s["outcome"] is not None:
            raise IllegalAction("the game is over")
        legal = self._legal_now()
        k = action_key(action) if isinstance(action, dict) else None
        match = None
        if k is not None:  # equal type and player first: cheap, and implied by equal JSON
            t, p = action.get("type"), action.get("player")
            match = next((a for a in legal if a["type"] == t and a["player"] == p and action_key(a) == k), None)
        if match is None:
            raise IllegalAction(f"illegal action {_short(action)}; legal now: "
                                + "; ".join(a["label"] for a in legal[:12]) + (" ..." if len(legal) > 12 else ""))
        self._legal = None
        s["actions"] += 1
        if s["queue"]:
            item = s["queue"][0]
            d = self.layout.decisions[item["k"]]
            self.by = item.get("by") or d.rule
            d.apply(self, item, match)
        else:
            st = self.layout.step[(s["phase"], s["step"])]
            self.by = st.rule
            st.apply(self, match)
        self._advance()
        if s["outcome"] is None:
            self.rules.definition.after_action(self)
        self.by = None

    # ------------------------------------------------------------------ the step machine
    def goto(self, phase: str, step: str | None = None) -> None:
        self.s["phase"] = phase
        self.s["step"] = step if step is not None else self.layout.first_step(phase)

    def _advance(self) -> None:
        s, lay = self.s, self.layout
        while s["outcome"] is None:
            if s["queue"]:
                item = s["queue"][0]
                d = lay.decisions[item["k"]]
                self.by = item.get("by") or d.rule
                if d.auto is not None and d.auto(self, item):
                    continue
                return
            phase, step = s["phase"], s["step"]
            st, before, after = lay.step_run[(phase, step)]
            self.by = st.rule
            for fn in before:
                fn(self, None)
            r = st.run(self)
            if r == WAIT:
                return
            if s["step"] == step and s["phase"] == phase:  # the step did not move the game itself
                for fn in after:
                    fn(self, None)
                seq = lay.step_names[phase]
                i = seq.index(step)
                if i + 1 >= len(seq):
                    raise AssertionError(f"phase `{phase}` ends after step `{step}` without naming what follows")
                s["step"] = seq[i + 1]

    # ------------------------------------------------------------------ events, bus, outcome
    def event(self, t: str, **fields) -> None:
        e = {"t": t}
        s = self.s
        for k in self.rules.definition.stamp:
            e[k] = s[k]
        e.update(fields)
        if "by" not in e:
            e["by"] = self.by
        self.s["log"].append(e)

    def bus(self, when: str, name: str, payload) -> None:
        """Call the listeners of `name` (before or after it happens); listeners may queue decisions or log events."""
        hooks = self.layout.hooks.get((when, name))
        if hooks:
            for fn in hooks:
                fn(self, payload)

    def end(self, result: str, cause: str, tie: bool = False) -> None:
        s = self.s
        s["ended"] = [s["phase"], s["step"]]  # where play stopped: a save of the end is checked as of there
        s["outcome"] = {"result": result, "tie": tie, "cause": cause, **self.rules.definition.outcome_fields(self)}
        s["phase"] = "over"
        s["step"] = None
        s["queue"] = []
        self.event("end", **{k: v for k, v in s["outcome"].items() if k != "days"})

    # ------------------------------------------------------------------ zones
    def move(self, iid: int, src: str, dst: str, top: bool = True) -> None:
        self.s["z"][src].remove(iid)
        if top:
            self.s["z"][dst].append(iid)
        else:
            self.s["z"][dst].insert(0, iid)

    def make_cards(self, ids, copies) -> list[int]:
        """New card instances for card ids (each repeated `copies(cid)` times), in order."""
        cards = self.s["cards"]
        out = []
        for cid in ids:
            for _ in range(copies(cid)):
                out.append(len(cards))
                cards.append(cid)
        return out

    # ------------------------------------------------------------------ observations
    def observation(self, player: int) -> dict:
        """What `player` may see, derived from the declared visibilities, then each system's additions."""
        s, lay, r = self.s, self.layout, self.rules
        z, cards = s["z"], s["cards"]
        obs = {"player": player, "game": s["game"], "setup": s["setup"], "phase": s["phase"], "step": s["step"],
               "outcome": s["outcome"], "pending": s["queue"][0]["k"] if s["queue"] else None,
               "players": [{} for _ in range(s["players"])]}

        def show(zone, ids, owner):
            vis = zone.visibility
            if vis == "count":
                return len(ids)
            if vis == "public" or (vis == "owner" and owner == player):
                return [cards[i] for i in ids]
            return [r.back(cards[i]) for i in ids]

        for zone in lay.zones:
            if zone.scope == "shared":
                obs[zone.label] = show(zone, z[zone.name], None)
            else:
                for p in range(s["players"]):
                    obs["players"][p][zone.label] = show(zone, z[f"{zone.name}/{p}"], p)
        for c in lay.counters:
            if c.visibility != "public":
                continue
            v = s[c.name]
            if c.scope == "shared":
                obs[c.label] = json.loads(json.dumps(v))
            else:
                for p in range(s["players"]):
                    obs["players"][p][c.label] = json.loads(json.dumps(v[p]))
        for sys_ in lay.systems:
            sys_.observe(self, player, obs)
        return obs


_SPACES: dict = {}  # (id(rules), players) -> (rules, ActionSpace)


def action_space(rules, players: int):
    """The game-wide action encoding of these rules (one definition and setup) at this player count."""
    hit = _SPACES.get((id(rules), players))
    if hit is not None and hit[0] is rules:
        return hit[1]
    bundle = getattr(rules, "bundle", None) or {}
    ctx = {"players": players, "instances": len(rules.card_instances()),
           "tokens": sorted({t["id"] for t in bundle.get("tokens", []) if isinstance(t.get("id"), str)}),
           "backs": sorted({c.get("back") for c in bundle.get("cards", []) if isinstance(c.get("back"), str)} | {"unknown"}),
           "zones": sorted(rules.layout.zone_names(players))}
    space = ActionSpace(rules.definition.actions, ctx)
    if len(_SPACES) > 64:
        _SPACES.clear()
    _SPACES[(id(rules), players)] = (rules, space)
    return space


class Game:
    """One game as a frontend or an agent sees it: read the state through observations, change it only by
    applying legal actions. It wraps the internal `Engine` (which systems receive) and exposes no mutator."""

    __slots__ = ("_engine", "_history")

    def __init__(self, engine: Engine, history: list | None = None):
        self._engine = engine
        self._history = list(history or [])

    # ------------------------------------------------------------------ creation and saving
    @classmethod
    def new(cls, bundle: dict, **kw) -> "Game":
        """A new game; the keywords are those of `Engine.new` (game, scenario, modules, boards, options, setup,
        players, seed, check, stack)."""
        return cls(Engine.new(bundle, **kw))

    @classmethod
    def from_json(cls, bundle: dict, text) -> "Game":
        """Restore a saved game (a StateError for any state this game could not be in); its history starts empty."""
        return cls(Engine.from_json(bundle, text))

    def to_json(self, log: bool = True) -> str:
        return self._engine.to_json(log)

    def clone(self, exact: bool = False, seed: int | None = None) -> "Game":
        """A copy to search or simulate from. By default the hidden randomness is secret: the generator is
        re-seeded (from `seed`, else from the system's entropy) and every zone whose order no player sees (a
        `backs` or `count` zone: decks, shuffled piles) is re-shuffled among cards of the same back, so every
        player's observation of the copy is the same as of the original and its future is a new draw; a zone
        that a system shows part of (its top card, say) keeps as many top cards in place as that takes
        (runtime.core.secret, which the search policies share). A card
        a player saw go into a hidden zone keeps no remembered place: the re-shuffle treats it as unseen.
        `exact=True` copies everything, the generator included: the same actions replay the same game."""
        e = self._engine.clone()
        if not exact:
            if seed is None:
                seed = random.SystemRandom().getrandbits(64)
            reshuffle_hidden(e, seed)
        return type(self)(e, self._history)

    # ------------------------------------------------------------------ what the game is
    @property
    def rules(self):
        """The shared, immutable rules of this game's definition and setup."""
        return self._engine.rules

    @property
    def layout(self):
        return self._engine.rules.layout

    @property
    def game_id(self) -> str:
        return self._engine.s["game"]

    @property
    def setup(self) -> dict:
        return json.loads(json.dumps(self._engine.s["setup"]))

    @property
    def num_players(self) -> int:
        return self._engine.s["players"]

    @property
    def seed(self) -> int:
        """The seed the game was created with (its setup record and seed make it again)."""
        return self._engine.s["seed"]

    @property
    def action_count(self) -> int:
        """How many actions this game has applied since it began (kept in saves, unlike `history`)."""
        return self._engine.s["actions"]

    # ------------------------------------------------------------------ play
    def is_terminal(self) -> bool:
        return self._engine.s["outcome"] is not None

    def is_truncated(self) -> bool:
        """Whether the game was stopped by a cap (actions or days): over, but neither won nor lost."""
        o = self._engine.s["outcome"]
        return o is not None and self._engine.rules.definition.truncated(o)

    @property
    def outcome(self) -> dict | None:
        o = self._engine.s["outcome"]
        return None if o is None else json.loads(json.dumps(o))

    def returns(self) -> list[float]:
        """Each player's return: 0 for all while the game goes on or when it was truncated; at the end the game
        definition's mapping (cooperative Paleo: every player gets the shared result, 1 for a win, -1 for a loss)."""
        o = self._engine.s["outcome"]
        n = self._engine.s["players"]
        return [0.0] * n if o is None else list(self._engine.rules.definition.returns(o, n))

    @property
    def log(self) -> list:
        """The event log (a copy: editing it changes nothing)."""
        return pickle.loads(pickle.dumps(self._engine.s["log"], pickle.HIGHEST_PROTOCOL))

    @property
    def history(self) -> list[dict]:
        """The actions applied to this game object (and the copies it was cloned from), oldest first, without labels."""
        return [dict(a) for a in self._history]

    def current_players(self) -> list[int]:
        return self._engine.current_players()

    def legal_actions(self, player: int | None = None) -> list[dict]:
        return self._engine.legal_actions(player)

    def apply(self, action: dict) -> None:
        """Apply one legal action; an illegal one raises IllegalAction and changes nothing."""
        self._engine.apply(action)  # counts every action it applies; refuses (raising) all others
        self._history.append({k: v for k, v in action.items() if k != "label"})

    def observation(self, player: int) -> dict:
        """What `player` may see (a copy: it shares nothing with the state)."""
        return pickle.loads(pickle.dumps(self._engine.observation(player), pickle.HIGHEST_PROTOCOL))

    # ------------------------------------------------------------------ the integer action encoding
    def _space(self):
        return action_space(self._engine.rules, self._engine.s["players"])

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids this game's definition, setup and player count has (every id is < this)."""
        return self._space().size

    def action_blocks(self) -> list[dict]:
        """The action encoding, per action type: `type`, `offset` (its first id), `size` (its number of ids: the
        product over its fields of the field's values + 2, for "absent" and "null") and `fields` ([name, values]);
        `num_distinct_actions` is the sum of the sizes."""
        return [{"type": t, "offset": off, "size": n, "fields": [[f, d.size] for f, d in fields]}
                for t, off, fields, n in self._space().blocks]

    def id_of(self, action: dict) -> int:
        """The fixed id of an action record (its player and label play no part)."""
        return self._space().id_of(action)

    def action_from_id(self, action_id: int, player: int) -> dict:
        """The action record an id stands for when `player` plays it (legal or not: `apply` decides)."""
        return self._space().action(action_id, player)

    def legal_action_ids(self, player: int | None = None) -> list[int]:
        """The ids of `player`'s legal actions now, ascending; without a player, the lowest seat's who may act."""
        if player is None:
            now = self._engine.current_players()
            if not now:
                return []
            player = now[0]
        sp = self._space()
        return sorted(sp.id_of(a) for a in self._engine._legal_now() if a["player"] == player)

    def legal_action_mask(self, player: int | None = None) -> list[int]:
        """1 at the id of each legal action of `player` (as in `legal_action_ids`), else 0; `num_distinct_actions` long."""
        mask = [0] * self.num_distinct_actions
        for i in self.legal_action_ids(player):
            mask[i] = 1
        return mask

    def apply_id(self, action_id: int, player: int) -> None:
        """Apply the action with this id played by `player` (IllegalAction when it is not legal now)."""
        self.apply(self.action_from_id(action_id, player))


def _short(action, limit: int = 200) -> str:
    """A bounded, printable picture of any value: never recursion, never a huge-int conversion."""
    if too_deep(action, 8):
        return "a value nested too deep to show"
    try:
        text = repr(action)
    except (ValueError, RecursionError):  # an int past Python's conversion limit, a cycle
        return "a value too large to show"
    return escape(text, limit)


def _nesting(text) -> int:
    """How deep a JSON text nests brackets (strings skipped): cheap, linear, before json.loads recurses."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")
    depth = deepest = 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif c in "]}":
            depth -= 1
    return deepest


def _cut(v) -> str:
    return _short(v, 60)
