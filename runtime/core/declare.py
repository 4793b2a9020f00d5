"""The public system interface: what a system declares (zones, counters, fields, steps, decisions, listeners, ops).

A game definition is a list of systems. Each system is a plain object with these attributes
(all optional) and the core derives everything else from them: the initial state's shape,
observations, saved-game validation, invariants and the rule-test `given` / `expect` keys.

    zones       Zone(...)       card zones, shared or one per player, with a visibility
    counters    Counter(...)    counts: one number or a map of named counts, with bounds or a stock
    fields      Field(...)      other state (flags, choices) with a check of a saved value
    steps       Step(...)       steps of a phase, in order, or inserted before / after another step
    decisions   Decision(...)   kinds of pending decision: who decides, the legal choices, how each applies
    listeners   Listener(...)   callbacks on bus names ("after symbol:food", "after reveal", "before step:feeding")
    ops         OpTable         what its symbols do, by (symbol, position) (`runtime.core.ops`)
    applies(setup, bundle)      whether the system is switched on for a setup (default: always)
    setup(game)                 called once, after the core built the empty zones and counters
    invariants(game)            extra invariants: a list of problems, empty when the state is sound
    observe(game, player, obs)  adds system-specific keys to an observation (never a hidden front)
    view(game, out)             adds rule-test `expect.state` keys
    given                       {key: fn(game, value, used)}: rule-test `given` keys beyond the derived ones
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .ops import NO_OPS, OpTable

SCOPES = ("shared", "player")
VISIBILITIES = ("public", "owner", "backs", "count")
WAIT = "wait"  # a step's run() returns it when players must act before the step can go on


@dataclass(frozen=True)
class Zone:
    """A card zone. The end of its list is its top. `key` names it in observations, `given` and `expect`.

    visibility: public (fronts to everyone), owner (fronts to its player, backs to the others),
    backs (backs to everyone), count (the number of cards only).
    """

    name: str
    scope: str = "shared"
    visibility: str = "public"
    key: str | None = None
    holds: str | None = None          # a predicate of the rules every card here must meet, e.g. "person"
    listens: bool = False             # cards here have their `on <symbol>:` options heard for the zone's player
    given: str | None = "top-first"   # how a rule test lists it: top-first, bottom-first, or None (not settable)

    def __post_init__(self):
        if self.scope not in SCOPES or self.visibility not in VISIBILITIES:
            raise ValueError(f"zone {self.name}: scope {self.scope!r} or visibility {self.visibility!r} unknown")

    @property
    def label(self) -> str:
        return self.key or self.name.replace("-", "_")

    def names(self, players: int) -> list[str]:
        return [self.name] if self.scope == "shared" else [f"{self.name}/{p}" for p in range(players)]


@dataclass(frozen=True)
class Counter:
    """A count in the state under `name`: one number (`keys` None), a fixed map (`keys` a tuple, or a
    function of the rules returning one, when the setup decides which counts exist), or an open map
    (`keys` "any", e.g. tools held). Never below `min`; never above `max(rules)` (a number, or a map of
    per-key bounds; a key it does not name is unbounded); with `stock`, the count left plus what the
    `held_in` counter holds equals the stock."""

    name: str
    scope: str = "shared"
    keys: Any = None
    min: int = 0
    max: Callable | None = None
    stock: Callable | None = None
    held_in: str | None = None
    initial: Callable | None = None   # initial(rules) -> value for one scope instance
    visibility: str = "public"
    key: str | None = None            # the observation / view key (default: name)
    drop_zero: bool = False           # an open map stores no zero counts

    @property
    def label(self) -> str:
        return self.key or self.name

    def key_names(self, rules):
        """The fixed keys of this counter for these rules: None (one number), "any", or a tuple."""
        return self.keys(rules) if callable(self.keys) else self.keys


@dataclass(frozen=True)
class Field:
    """Other state under `name`: `check(value, game_state, rules) -> problem or None`; per player it is a list."""

    name: str
    scope: str = "shared"
    initial: Callable | None = None   # initial(rules, players) -> value
    check: Callable | None = None


@dataclass(frozen=True)
class Step:
    """A step of a phase. `run(game)` does the step's automatic work and returns None (go on to the next step
    of the phase), WAIT (players act: `actions(game)` lists their choices, `apply(game, action)` plays one),
    or after calling `game.goto(...)` itself, anything else. `before` / `after` insert it next to another
    step of the same phase; without them it goes at the end, in declaration order."""

    name: str
    phase: str
    run: Callable
    actions: Callable | None = None
    apply: Callable | None = None
    before: str | None = None
    after: str | None = None
    rule: str | None = None           # the rule id its events carry in `by`


@dataclass(frozen=True)
class Decision:
    """A kind of pending decision, stored in the queue as {"k": kind, ...fields}.

    fields: field name -> one of "player" (a seat), "player?" (a seat or null), "players" (list of seats),
    "card" / "card?" (a card instance), "count" (an int >= 1), "int", "str", "str?", "bool", "dict", "list",
    "any", or "decision" (a decision item to queue later, itself checked); a trailing "~" makes the field
    optional. Every item may also carry `by` (the rule, symbol or record id its events are logged with).
    `actions(game, item)` lists the legal choices; `apply(game, item, action)` plays one (and pops the item
    when it is settled); `auto(game, item)` settles an item needing no choice and returns True, or False.
    `where(game, item)` returns a problem when a saved item is not where that decision is taken."""

    kind: str
    fields: dict = field(default_factory=dict)
    actions: Callable | None = None
    apply: Callable | None = None
    auto: Callable | None = None
    where: Callable | None = None
    rule: str | None = None


@dataclass(frozen=True)
class Listener:
    """A callback `fn(game, payload)` on a bus name, `when` "before" or "after" it happens."""

    name: str
    fn: Callable
    when: str = "after"


class System:
    """Base class for systems; a subclass (or any object with these attributes) declares what it adds."""

    name = "system"
    zones: tuple = ()
    counters: tuple = ()
    fields: tuple = ()
    steps: tuple = ()
    decisions: tuple = ()
    listeners: tuple = ()
    ops: OpTable = NO_OPS
    given: dict = {}
    phases: tuple = ()   # phase names this system introduces, in play order
    action_lists: tuple = ()  # keys of its actions whose values are lists (copied for each caller)

    def applies(self, setup: dict, bundle: dict) -> bool:
        return True

    def setup(self, game) -> None:
        return None

    def invariants(self, game) -> list[str]:
        return []

    def observe(self, game, player: int, obs: dict) -> None:
        return None

    def view(self, game, out: dict) -> None:
        return None
