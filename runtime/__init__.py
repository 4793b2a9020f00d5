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

`new_game(bundle, *, game, scenario=None, modules=None, boards=None, options=None, setup=None, players, seed, stack=None)`
    The setup record: `scenario` (a scenario / level / suggestion id of the bundle, or module letters
    joined by `+`, or None for the base card set alone) or `modules` (module ids); `boards` (board
    ids; default: the scenario's); `options` (the mode or variant options the game definition
    declares; Paleo declares none). `setup` gives the same as one mapping. The normalised record is
    kept in the state (`Game.setup`) and shown in every observation.
    `stack` (rule tests) puts card ids on top of the shuffled people / dreams / ideas decks before
    the setup draws (top first; players draw in seat order).
    Raises `NotPlayable` (its `.facts` lists every missing fact and every rule the engine cannot
    play: card faces the rulebooks never print, a symbol or IR structure without an implementation,
    a board no system plays, a game without a definition), `SetupError` (unknown game, module,
    board, option, player count outside the game's range) or `BundleError`.

`Game.legal_actions(player=None)`
    Every legal action now; with `player`, only that player's. Each action is a small
    JSON-serialisable dict: `type`, `player`, the choice's fields and `label`. Paleo's types:
    `choose` (card: index among the top cards, 0 = top; order: how the others go back, first = new
    top), `sleep` (go to sleep early), `option` (option index, `variant` when a choice / may gives
    several ways), `help` (target), `ignore`, `wound` (person instance), `craft` (idea instance or
    null), `share` (to: who takes a tool or person gained while helped), `meet` / `decline` (after
    everyone rolled for an `everyone roll` option).
`Game.current_players()`
    The players who may act. In the choose step every awake player who has not yet chosen acts:
    choices are simultaneous and hidden (the observation shows only a committed back); when the
    last player has chosen, all are revealed together (`reveal` event).
`Game.apply(action)`
    Applies a legal action (the `label` is ignored; matching is against the actions as computed, so
    editing a returned record never makes it legal); otherwise raises `IllegalAction` naming the
    legal actions, and the state is unchanged. After the end every action is illegal.
`Game.is_terminal()`, `Game.outcome`
    Outcome: win, loss or unfinished (`ACTION_CAP` actions or `DAY_CAP` days); a 5th victory
    token and 5th skull in the same card resolution is a win with `tie: true`.
`Game.observation(player)`
    What that player may see, derived from the declared zones and counters: a zone's visibility is
    public (card ids), owner (ids for its player, backs for the others), backs, or count. Shared
    zones and counters are top-level keys; per-player ones are under `players[p]`; each system adds
    its own keys (Paleo: `committed`, `top_backs`, `wounds`, `asleep`, `helping`).
`Game.log`
    The event log: plain dicts `{"t": kind, "day": n, ..., "by": id}`. `by` names what caused the
    event: a symbol (`symbol:food`), a rule (`rule:paleo/feeding`) or a record; the game
    definition's `source_of(by, bundle)` gives the rulebook file and section behind it. Every event
    is public when it is logged: an event names a card only while it is face up.
`Game.num_distinct_actions`, `Game.legal_action_ids(player)`, `Game.legal_action_mask(player)`,
`Game.id_of(action)`, `Game.action_from_id(id, player)`, `Game.apply_id(id, player)`
    A fixed, game-wide integer encoding of actions for each game definition, setup and player
    count (`runtime.core.actions`): every action type a definition's systems offer is declared
    with the domain of each field (each Paleo system's `action_types`, merged by the definition;
    `runtime.games.paleovet.actions`), and an id is a block per type, a mixed-radix number over its
    fields inside it. An id leaves the player out: the same id is the same choice for every player,
    in every state of games of that setup. `legal_action_ids` are ascending; the mask is `num_distinct_actions` long.
`Game.returns()`, `Game.is_truncated()`
    Each player's return: 0 for everyone until the end; then the definition's mapping. Paleo is
    cooperative: every player gets the table's shared result, 1 for a win (a tie within one
    resolution is the win the rules make it), -1 for a loss. PaleoVet ranks the players by (score,
    cured dinos): a player gets (players ranked below - players ranked above) / (players - 1), so
    the returns sum to 0; solo: 1 for a victory, -1 for a defeat. A game stopped by the action or day
    cap (`result: unfinished`) is truncated, not lost: `is_truncated()` is true and every return is 0.
`Game.history`
    The actions applied to this game object (and to those it was cloned from), oldest first, without
    labels; a game read with `from_json` starts an empty history (the state's `actions` counts all).
`Game.to_json(log=True)`, `Game.from_json(bundle, text)`, `Game.clone(exact=False, seed=None)`
    The state is one JSON-native dict with `"format": "runtime-state/2"`, so a saved game restores
    exactly mid-game. `from_json` refuses (`StateError`) a save of another format (naming it) and any
    state this game cannot be in: unknown cards or zones, a card in two zones or none, counters out
    of their declared bounds or stock, malformed pending decisions, a setup record that is not in
    normal form (`runtime.core.invariants.state_problems`).
    `clone()` keeps the hidden randomness secret: the copy's generator is re-seeded (from `seed`, else
    from the system's entropy) and each zone whose order no player sees (`backs` and `count` zones) is
    re-shuffled among cards of the same back, so every observation of the copy equals the original's
    while its future is a new draw (a zone whose order a system shows, a face-up top card, keeps it;
    a card a player saw go into a hidden zone is re-shuffled as if unseen). `clone(exact=True)` copies
    the generator too, for replaying: the same actions give the same game.

The public `Game` changes the state only through `apply`: it wraps the internal engine
(`runtime.core.game.Engine`), which systems, ops, rule tests, the simulator and the built-in policies
receive, and which holds the state dict and the mutators (`move`, `event`, `bus`, `goto`, `end`).

Serving other languages and the distribution
--------------------------------------------
`python -m runtime serve --bundle FILE` (`runtime.serve`) is the same API as a JSON-lines
protocol on standard input and output, for a frontend in any language: a `hello` handshake
(protocol version; the bundle's `format_version`), game handles (several games per process),
`new` with the setup record, `legal`, `apply` (by record or by index), `observe`, `save`, `load`,
`close`; one response line per request line, every error a structured reply. The runtime ships
alone as the `paleo-runtime` distribution (packaging/runtime/, no dependency), with the
project's one version (`runtime.__version__`, read from `compiler.__version__`'s source). Nothing
here calls the compiler: the rule-test runner (`runtime.ruletests`) takes built bundles.

Core and systems
----------------
`runtime.core` names no game. A game definition (`runtime.games.paleo.PALEO`) lists systems; each
declares zones, counters, fields, steps of phases (inserted before / after another step),
decision kinds, bus listeners, ops, setup and invariants (`runtime.core.declare`), and says when it
applies. The core derives the state, observations, save validation, invariants and the rule-test
`given` / `expect` keys from those declarations. Paleo's base system
(`runtime.games.paleo.base`) plays the day and night of the base rulebook, the triggers
(`at night:`, `when revealed:`, `on <symbol>:` from the bus) and `everyone:`.

Randomness
----------
One generator per game: SplitMix64 (`runtime.rng`), its 64-bit state seeded from the game's seed
and stored in the saved state. It shuffles the support decks and the exploration deck at setup,
the discard piles at each new day, and rolls dice. Dice can be forced (`state["forced_dice"]`,
faces such as "strength 2"), as rule tests do. Every draw goes through `Rng.below(n)` (a shuffle is
Fisher-Yates from the end, a die roll one draw among its faces); inside `with
runtime.rng.draws_from(source):` each draw is `source(n)` instead, which is how a game-AI adapter
makes every hidden shuffle and roll a chance node (`paleo_ai`, outside the runtime).

Dispatch
--------
Each registry symbol has one implementation per position in a system's op table (Paleo's base game:
`runtime.games.paleo.ops.OPS`, a `runtime.core.ops.OpTable` keyed by (symbol id, position) and checked against
the registry's positions and parameters when it is imported); every `call` node of a card
option is compiled once per game into a closure (`runtime.core.options`). A symbol, position, IR
node or trigger without an implementation makes the game not playable, naming it.

Readings of the rulebooks the engine makes
------------------------------------------
- Players: one group per player, 1 to 4 (the game record's range); 4 players are 4 groups even in
  a first game (interpretation:player-counts, interpretation:one-group-per-player).
- Setup and each new day deal the cards one at a time from seat 0, so the lower seats hold any
  extra card, and the starting people are drawn in seat order (interpretation:deal-in-seat-order);
  each module's mission card lies face up at the night board from the start, outside the
  exploration stack (interpretation:missions-face-up-from-setup).
- Resources gained go to the shared camp storage, from which every cost and feeding pays; tools
  stay with a group (interpretation:shared-camp-storage). Torches, stone axes and spears are
  limited to the workbench's 5 each: starting tools, rewards and crafting take them from there and
  a spent one goes back (interpretation:workbench-tool-stock).
- Costs discard from the top of the resolving player's deck to the face-down pile, with one wound
  per red back (a skull printed on a front is not seen; a negative outcome that discards adds
  none) (interpretation:discards-from-the-deck); going to sleep early, chosen in the choose step,
  discards face down, without wounds (interpretation:sleep-early-face-down). A resolved or ignored
  card, and a helper's card, go to the face-up pile (interpretation:played-cards-face-up); a card
  with the moon (or an `at night` option) joins the group instead and is dealt with every night by
  that group alone (interpretation:moon-cards-stay-with-the-group).
- The order of resolving is whoever acts first; each card is resolved in full before the next
  (interpretation:resolution-order-by-who-acts). Missions are resolved by the tribe as one joined
  group, seat 0 entering its choice (interpretation:missions-by-the-whole-tribe).
- Crafting picks an idea on the workbench (or none), meets and pays that idea's requirement and
  cost, and takes the tool from the workbench: an idea whose tool has run out cannot be crafted;
  the idea stays (interpretation:crafting-from-the-workbench).
- A dream goes on top of the player's deck and an idea onto the workbench
  (interpretation:dream-and-idea-rewards); a revealed secret goes face up on top of the deck
  (interpretation:secret-goes-on-the-deck).
- Dice add their faces to the requirements after the option is chosen; failing them pays nothing
  and forces a negative action, or ignoring (interpretation:dice-raise-requirements).
- Help: the helper's skills and tools count, its people may take the wounds, and a tool or person
  gained may go to either group (`share`); costs discard from the helped deck only. A danger card
  cannot be used to help (interpretation:helping-another-group).
- `when revealed:` resolves as the card is turned up, before any card is resolved
  (interpretation:pote-when-revealed); `on <symbol>:` answers when the group keeping the card
  performs the symbol, a costly one may be declined (interpretation:anb-on-symbol).
- `everyone:` requirements, costs and wounds are met, paid or suffered by every player's group
  alone, a shared store counted per player; after `everyone roll` each player says in seat order
  whether they meet the raised requirement, and a failure or refusal leads to another action or
  ignoring with nothing paid (interpretation:whale-everyone-players).
- The end is judged when a card resolution (with the wounds and deaths it causes), the feeding, or
  a mission or night card is complete: a 5th victory token and 5th skull by then is a win with
  `tie: true` (interpretation:tie-within-one-resolution).
- An idea card whose face is unknown stays in the idea deck (it can never be crafted): a gap
  the engine reports in `Rules.gaps`, not a reason to refuse the game
  (interpretation:unknown-idea-faces).
"""

from .bundle import BundleError, load_bundle
from .version import __version__
from .engine import ACTION_CAP, DAY_CAP, Game, IllegalAction, NotPlayable, SetupError, StateError, new_game

__all__ = ["__version__", "ACTION_CAP", "DAY_CAP", "BundleError", "Game", "IllegalAction", "NotPlayable", "SetupError",
           "StateError", "load_bundle", "new_game"]
