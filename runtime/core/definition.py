"""Game definitions: a game id, its systems and its setup record; the registry the front door looks them up in."""

from __future__ import annotations

from .errors import NotPlayable, SetupError

REGISTRY: dict = {}


def register(definition) -> None:
    REGISTRY[definition.id] = definition


def definition_for(bundle: dict, game: str):
    """The definition that plays `game`; SetupError for a game the bundle lacks, NotPlayable for one without a definition."""
    if not isinstance(game, str):
        raise SetupError(f"a game is named by its id (got {game!r})")
    ids = [g.get("id") for g in bundle.get("games", [])]
    if game not in ids:
        raise SetupError(f"unknown game `{game[:60]}`; the bundle has: {', '.join(sorted(map(str, ids))) or 'none'}")
    d = REGISTRY.get(game)
    if d is None:
        raise NotPlayable([f"game `{game}`: this runtime has no game definition for it (its rules are not implemented)"])
    return d


class GameDefinition:
    """What a game definition provides to the core (a subclass fills it in).

    `systems` lists every system of the game in play order; `active(setup, bundle)` keeps those
    whose `applies` is true. `boards` and `options` declare the setup record's accepted values:
    options is {name: (allowed values, default)}.
    """

    id = ""
    systems: tuple = ()
    boards: tuple = ()
    options: dict = {}

    def setup_record(self, bundle: dict, *, scenario=None, modules=None, boards=None, options=None) -> dict:
        boards = list(boards or [])
        for b in boards:
            if b not in self.boards:
                raise SetupError(f"unknown board `{str(b)[:40]}`; {self.id} has: {', '.join(self.boards) or 'none'}")
        opts = {}
        given = dict(options or {})
        for name, (allowed, default) in sorted(self.options.items()):
            v = given.pop(name, default)
            if v not in allowed:
                raise SetupError(f"option `{name}` is one of {', '.join(map(str, allowed))} (got {str(v)[:40]!r})")
            opts[name] = v
        if given:
            raise SetupError(f"unknown setup option `{str(sorted(given)[0])[:40]}`; {self.id} takes: "
                             + (", ".join(sorted(self.options)) or "none"))
        return {"scenario": scenario, "modules": list(modules or []), "boards": sorted(set(boards)), "options": opts}

    def setups(self, bundle: dict) -> list[dict]:
        """The setups this game offers on `bundle`, in the order a player meets them: each {"id", "scenario",
        "options"} (`id` names it; the rest are `setup_record`'s keywords). By default the game alone and each
        scenario the bundle lists for it."""
        out = [{"id": "base", "scenario": None, "options": {}}]
        out += [{"id": s["id"], "scenario": s["id"], "options": {}} for s in bundle.get("scenarios") or []
                if isinstance(s, dict) and s.get("game") == self.id and isinstance(s.get("id"), str)]
        return out

    def player_counts(self, bundle: dict, setup: dict) -> tuple[int, ...]:
        """The numbers of players the book allows for a setup record (`setup_record`'s result)."""
        raise NotImplementedError

    def active(self, setup: dict, bundle: dict) -> list:
        return [s for s in self.systems if s.applies(setup, bundle)]

    def rules(self, bundle: dict, setup: dict):
        raise NotImplementedError

    def start(self, rules, setup: dict, players: int, seed: int):
        raise NotImplementedError

    rule_sources: dict = {}  # rule id -> (rulebook file, section headings): what `source_of` answers for a rule

    def source_of(self, by: str | None, bundle: dict) -> dict | None:
        """The rulebook section behind an event's `by` (a rule of `rule_sources`, or a symbol or card id), when known."""
        if by in self.rule_sources:
            book, section = self.rule_sources[by]
            return {"rulebook": book, "section": list(section)}
        for key in ("symbols", "cards"):
            for rec in bundle.get(key, []):
                if rec.get("id") == by:
                    src = rec.get("source")
                    return src[0] if isinstance(src, list) and src else src
        return None

    stamp: tuple = ()  # state keys copied into every event (Paleo: the day)

    def outcome_fields(self, game) -> dict:
        return {}

    def after_action(self, game) -> None:
        return None

    actions: dict = {}  # action type -> {field: domain}: the game-wide action encoding (`runtime.core.actions`)
    scores: dict = {}   # action type -> its greedy policy score: a number, or fn(game, action) -> number

    def greedy_score(self, game, action: dict) -> float:
        """The one-step heuristic value of a legal action for the greedy reference policy (`runtime.policies`)."""
        score = self.scores[action["type"]]
        return score(game, action) if callable(score) else score

    def returns(self, outcome: dict, players: int) -> list[float]:
        """Each player's return at the end. The default is a cooperative game's: every player gets the table's
        shared result (a win, a tie counted as the win it is, 1; a loss -1); a game stopped by a cap (`unfinished`,
        a truncation) 0."""
        shared = {"win": 1.0, "loss": -1.0}.get(outcome["result"], 0.0)
        return [shared] * players

    def truncated(self, outcome: dict) -> bool:
        """Whether the game was stopped by an action or day cap rather than won or lost."""
        return outcome["result"] == "unfinished"
