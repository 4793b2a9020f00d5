"""What a Paleo system is: the core's declarations (`runtime.core.declare`) plus every hook the base game asks
each system of a setup, declared here once with a default that adds nothing.

Every system of the Paleo definition subclasses `PaleoSystem` and overrides only the hooks it plays; the base
game (`base`, `rules`, `state`) calls each hook on every system, in the definition's order.
"""

from __future__ import annotations

from ...core import System


class PaleoSystem(System):
    """A system of the Paleo game: its declarations, and its answers to the base game's hooks (default: nothing)."""

    # ------------------------------------------------------------------ merged by the definition, switched on or not
    action_types: dict = {}   # the action types it offers: type -> {field: domain} (`runtime.core.actions`)
    scores: dict = {}         # the greedy policy's score of each type it offers: a number or fn(game, action)
    rule_sources: dict = {}   # rule id -> (rulebook file, section headings), for the rules its events cite
    shared_kinds: tuple = ()  # resolution kinds whose helpers share the rewards (the group says who takes one)
    reward_values: dict = {}  # what the greedy policy reckons one of its reward symbols worth (default 0.5)

    # ------------------------------------------------------------------ read once when the rules are made
    product: str | None = None  # the product whose cards it brings into play (an expansion's), or None
    replaces: tuple = ()        # card kinds whose base-game set that product swaps for its own
    boards: tuple = ()          # the boards it plays (a setup board no system plays leaves the game not playable)
    resources: tuple = ()       # resources it adds to food, wood and stone
    extra_skulls: int = 0       # skull tokens it brings beyond the skull limit

    def resource_stock(self, bundle: dict) -> dict:
        """The supply of its resources that is limited, resource -> count (read from the bundle)."""
        return {}

    def place(self, rules, missing: list) -> list[str]:
        """The card ids it lays out itself rather than dealing them; it may append to `missing` what it lacks."""
        return []

    def prepare(self, rules) -> None:
        """Reads what else it needs once the options are compiled (and may refuse options in `rules.missing`)."""
        return None

    # ------------------------------------------------------------------ setup and each new day
    def arrange(self, g, rng, explo: list) -> None:
        """Lays out its decks before the deal, drawing on the setup's `rng`; `explo` is the exploration stack."""
        return None

    def predeal(self, g, pile: list) -> None:
        """Takes cards from the top (the end) of a shuffled stack about to be dealt, at setup and each new day."""
        return None

    def defers_tools(self, g) -> bool:
        """Whether the starting people take their tools later than the deal (people are swapped first)."""
        return False

    # ------------------------------------------------------------------ the day: its own actions
    allows_sleep_early: bool = True  # whether a player may go to sleep early in the choose step
    choose_types: tuple = ()         # action types it offers in the choose step, played by `apply_choose_extra`
    extra_types: tuple = ()          # action types it offers in the resolve step, played by `apply_extra`
    resolving_zones: tuple = ()      # zones where it resolves cards (a pending card decision may lie there)
    help_zones: tuple = ()           # shared zones whose cards' `cost help` options a player free to help may take

    def choose_extras(self, g) -> list[dict]:
        """What the players may do in the choose step instead of revealing (of its `choose_types`)."""
        return []

    def apply_choose_extra(self, g, a: dict) -> None:
        """Plays one of its `choose_types` actions."""
        raise NotImplementedError(f"system `{self.name}` offers choose-step action `{a['type']}` but does not play it")

    def resolve_extras(self, g, p: int) -> list[dict]:
        """What resolving player `p` may do besides the options of their own card (of its `extra_types`)."""
        return []

    def help_extras(self, g, p: int) -> list[dict]:
        """What player `p`, free to help, may spend the turn's help action on (of its `extra_types`)."""
        return []

    def apply_extra(self, g, a: dict) -> None:
        """Plays one of its `extra_types` actions."""
        raise NotImplementedError(f"system `{self.name}` offers resolve-step action `{a['type']}` but does not play it")

    # ------------------------------------------------------------------ secrets and the end
    won_rule: str | None = None  # the rule its `won` wins by (the events' `by`)

    def reveal_secret(self, g, number: int, ctx) -> bool:
        """Places secret `number` itself instead of the base game; True when it did."""
        return False

    def more_skulls(self, g) -> int:
        """Skulls beyond the skull limit the game may take now before it is lost."""
        return 0

    def won(self, g) -> str | None:
        """Another way to win at once: the cause when the players have won by it now, else None."""
        return None
