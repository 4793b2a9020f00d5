"""Paleo Codex runtime: plays a compiled bundle; standard library only.

API (in the style of OpenSpiel's `State`)
-----------------------------------------
    from runtime import load_bundle, new_game, Game

    bundle = load_bundle("build/bundle.json")      # refuses an unknown major format_version (BundleError)
    g = new_game(bundle, game="game:paleo", scenario="A+B", players=2, seed=7)
    while not g.is_terminal():
        acts = g.legal_actions()                   # deterministic order; dicts with a readable "label"
        g.apply(acts[0])                           # IllegalAction (state unchanged) for anything else
    g.outcome                                      # {"result": "win"|"loss"|"unfinished", "tie", "cause", ...}

`new_game(bundle, *, game, scenario=None, modules=None, players, seed, stack=None)`
    `scenario` is a scenario / level / suggestion id of the bundle, module letters joined by `+`
    ("A+B"), or None for the base card set alone; `modules` (module ids) overrides it.
    `stack` (rule tests) puts card ids on top of the shuffled people / dreams / ideas decks before
    the setup draws (top first; players draw in seat order).
    Raises `NotPlayable` (its `.facts` lists every missing fact, e.g. card faces the rulebooks
    never print), `SetupError` (unknown game, module, player count outside the game's range) or
    `BundleError` (a bundle that is not the compiler's shape).

`Game.legal_actions(player=None)`
    Every legal action now, ordered by player and then by kind; with `player`, only that
    player's. Each action is a small JSON-serialisable dict: `type`, `player`, the choice's
    fields and `label`. Types: `choose` (card: index among the top cards, 0 = top; order: how the
    others go back, first = new top), `sleep` (go to sleep early), `option` (option index,
    `variant` when a choice / may gives several ways), `help` (target), `ignore`, `wound`
    (person instance), `craft` (idea instance or null), `share` (to: the helper or the helped
    player who takes a tool or person gained while being helped).
`Game.current_players()`
    The players who may act. In the choose step every awake player who has not yet chosen
    acts: choices are simultaneous and hidden (the observation shows only a committed back);
    when the last player has chosen, all are revealed together (`reveal` event).
`Game.apply(action)`
    Applies a legal action (the `label` is ignored when matching, and matching is against the
    actions as computed, so editing a returned record never makes it legal); otherwise raises
    `IllegalAction` naming the legal actions, and the state is unchanged. After the end every
    action is illegal.
`Game.is_terminal()`, `Game.outcome`
    Outcome: win, loss or unfinished (`ACTION_CAP` actions or `DAY_CAP` days); a 5th victory
    token and 5th skull in the same card resolution is a win with `tie: true`. The night board
    stops at the 5th of each: a sixth skull or victory token is never placed.
`Game.observation(player)`
    What that player may see: counters, groups, tools, face-up cards and the backs (never the
    fronts) of hidden ones; during the choose step the backs of their own top cards.
`Game.log`
    The event log: plain dicts `{"t": kind, "day": n, ...}` (setup, chose, reveal, resolve, dice,
    gain, pay, discard, wound, death, skull, victory, feeding, night, new-day, end, ...).
`Game.to_json(log=True)`, `Game.from_json(bundle, text)`, `Game.clone()`
    The state is one JSON-native dict, so a saved game restores exactly mid-game. `from_json`
    refuses (`StateError`) text that is not a state this game can be in: unknown cards or zones, a
    card in two zones or none, negative or overfull counters, malformed pending choices or
    decisions (`runtime.invariants.state_problems`).
    Every event is public when it is logged: an event names a card only while it is face up.

Randomness
----------
One generator per game: SplitMix64 (`runtime.rng`), its 64-bit state seeded from the game's
seed and stored in the saved state. It shuffles the support decks (people, dreams, ideas) and
the exploration deck at setup, the discard piles at each new day, and rolls dice. Dice can be
forced (`state["forced_dice"]`, faces such as "strength 2"), as rule tests do.

Dispatch
--------
Each registry symbol has one implementation in `runtime.ops.OPS` (symbol id -> factory);
every `call` node of a card option is compiled once per game into a closure (`runtime.ir`).
A symbol used by the selected cards without an implementation makes the game not playable,
naming the symbol; `runtime.ops.missing_ops(bundle)` lists all of them.

Readings of the base rulebook (002) the engine makes
----------------------------------------------------
- Players: one group per player, 1 to 4 (the game record's range). The 4-player note of the
  setup ("2 players control a single group" in a first game) is advice; 3 groups is 3 players.
- Resources gained go to the shared camp storage, from which feeding pays; tools stay with a
  group. Torches, stone axes and spears are limited to the workbench's 5 each; other tool
  counts are not given, so they are not limited.
- Costs discard from the top of the resolving player's deck to the face-down pile, with one wound
  per red back (a skull printed on a front is not seen, so it does not count; the rulebook ties
  these wounds to costs, so a negative outcome that discards adds none); going to
  sleep early discards face down, without wounds. A resolved or ignored card, and a helper's
  card, go to the face-up pile; a card with the moon (or an `at night` option) joins the
  group instead and is dealt with every night.
- Crafting takes the tool from the workbench: an idea whose torch, stone axe or spear has run out
  cannot be crafted (nothing is paid).
- Rewards: a dream goes on top of the player's deck and an idea onto the workbench (as the
  A New Beginning rulebook says "as normal"); a revealed secret goes on top of the deck.
- Dice add their faces ("strength 2") to the requirements; failing them forces a negative
  action, or ignoring the card when it has none.
- Help: the helper's skills and tools count, its people may take the wounds, and a tool or
  person gained may go to either group (`share`); costs discard from the helped deck only.
  A danger card cannot be used to help. Decisions "as a group" (missions, the order of
  resolution) are taken by player 0 for missions and by whoever acts first for the order.
- An idea card whose face is unknown stays in the idea deck (it can never be crafted): a gap
  the engine reports in `Rules.gaps`, not a reason to refuse the game.

State layout (`Game.s`)
-----------------------
`cards` (instance -> card id), `z` (zone -> instance list; the end of a deck is its top;
zones: deck/P, chosen/P, group/P, night/P, people, dreams, ideas, workbench, secrets,
missions, discard-down, discard-up, cemetery), `wounds`, `res` (camp storage), `tools`
(per group), `supply` (workbench stock), `victory`, `skulls`, `day`, `nights`, `phase`
(choose / resolve / night / over), `queue` (pending decisions), `rng`, `log`.
"""

from .bundle import BundleError, load_bundle
from .engine import ACTION_CAP, DAY_CAP, Game, IllegalAction, NotPlayable, SetupError, StateError, new_game

__all__ = ["ACTION_CAP", "DAY_CAP", "BundleError", "Game", "IllegalAction", "NotPlayable", "SetupError",
           "StateError", "load_bundle", "new_game"]
