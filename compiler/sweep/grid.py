"""A sweep's grid (setups x player counts x policies x seeds), its seed blocks, and what labels every result.

A setup is written `SCENARIO[,board=ID...][,game=ID][,NAME=VALUE...]`: a scenario, level or
suggestion id, or module letters joined by `+`, then boards, the game and the setup options the
game declares (PaleoVet: `mode=solo`). `game=game:paleovet,mode=solo` names no scenario.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import runtime
from runtime.bundle import is_synthetic, packs_of

from ..safeio import escape
from ..version import __version__

__all__ = ["Block", "Grid", "GridError", "LEVELS", "Setup", "bundle_hash", "engine_version", "identity", "is_synthetic",
           "packs_of", "parse_setup", "printed_difficulty"]

LEVELS = {"easy": 1, "medium": 2, "hard": 3, "very-hard": 4, "deadly": 5}  # printed difficulty, in order
MAX_GAMES = 10_000_000


class GridError(ValueError):
    """A grid that cannot be swept: a malformed setup, an empty axis, a bad block size."""


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value) -> str:
    return hashlib.sha256(canonical(value).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Setup:
    """One setup of the grid: the game, a scenario (or letters), boards and options, and how it is shown."""

    label: str
    game: str | None = None
    scenario: str | None = None
    boards: tuple = ()
    options: tuple = ()  # (name, value) pairs, sorted

    def record(self) -> dict:
        """The keywords of `Game.new(setup=...)`: boards left to the scenario when none are named."""
        return {"scenario": self.scenario, "boards": list(self.boards) or None, "options": dict(self.options) or None}

    def as_json(self) -> dict:
        return {"label": self.label, "game": self.game, "scenario": self.scenario, "boards": list(self.boards),
                "options": dict(self.options)}


def parse_setup(text: str) -> Setup:
    if not isinstance(text, str) or not text.strip():
        raise GridError("a setup is SCENARIO[,board=ID][,game=ID][,NAME=VALUE]; got an empty one")
    scenario, game, boards, options = None, None, [], {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise GridError(f"setup `{_cut(text)}` has an empty item between commas")
        name, eq, value = part.partition("=")
        if not eq:
            if scenario is not None:
                raise GridError(f"setup `{_cut(text)}` names two scenarios (`{_cut(scenario)}` and `{_cut(part)}`); "
                                "join module letters with `+`")
            scenario = part
        elif not name or not value:
            raise GridError(f"setup `{_cut(text)}`: `{_cut(part)}` is not NAME=VALUE")
        elif name == "game":
            game = value
        elif name == "board":
            boards.append(value)
        elif name in options:
            raise GridError(f"setup `{_cut(text)}` gives option `{_cut(name)}` twice")
        else:
            options[name] = value
    return Setup(label=text.strip(), game=game, scenario=scenario, boards=tuple(boards),
                 options=tuple(sorted(options.items())))


@dataclass
class Grid:
    setups: list
    players: list
    policies: list  # policy specs (see policy_spec)
    games: int
    seed: int = 0
    block: int = 25

    def check(self) -> None:
        for axis in ("setups", "players", "policies"):
            if not getattr(self, axis):
                raise GridError(f"the grid has no {axis}")
        if not 1 <= self.games <= MAX_GAMES:
            raise GridError(f"games per configuration is 1 to {MAX_GAMES} (got {self.games})")
        if not 1 <= self.block <= 100_000:
            raise GridError(f"a seed block is 1 to 100000 games (got {self.block})")
        for p in self.players:
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 16:
                raise GridError(f"a player count is a small positive integer (got {_cut(p)})")
        labels = [s.label for s in self.setups]
        if len(set(labels)) != len(labels):
            raise GridError("a setup appears twice in the grid")
        names = [p["name"] for p in self.policies]
        if len(set(names)) != len(names):
            raise GridError("a policy appears twice in the grid")

    def blocks(self) -> list:
        """Every block of the grid, in a fixed order: setup, players, policy, then seeds."""
        out = []
        for s in self.setups:
            for n in self.players:
                for pol in self.policies:
                    for start in range(self.seed, self.seed + self.games, self.block):
                        count = min(self.block, self.seed + self.games - start)
                        out.append(Block(setup=s, players=n, policy=pol, start=start, count=count))
        return out

    def as_json(self) -> dict:
        return {"setups": [s.as_json() for s in self.setups], "players": list(self.players),
                "policies": [{"name": p["name"], "digest": p.get("digest")} for p in self.policies],
                "games": self.games, "seed": self.seed, "block": self.block}


@dataclass
class Block:
    setup: Setup
    players: int
    policy: dict
    start: int
    count: int
    key: str = field(init=False)

    def __post_init__(self):
        self.key = digest({"setup": self.setup.as_json(), "players": self.players, "policy": self.policy["name"],
                           "seeds": [self.start, self.count]})[:20]

    def task(self) -> dict:
        """What a worker needs: plain data only (the policy spec carries a user's module text)."""
        return {"key": self.key, "game": self.setup.game, "setup": self.setup.record(), "players": self.players,
                "policy": self.policy, "start": self.start, "count": self.count}


def bundle_hash(bundle: dict) -> str:
    return "sha256:" + digest(bundle)


_ENGINE: list = []


def engine_version() -> str:
    """The package version and a digest of the runtime's source: a game's outcome may change with either."""
    if not _ENGINE:
        root = Path(runtime.__file__).resolve().parent
        h = hashlib.sha256()
        for f in sorted(root.rglob("*.py")):
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
        _ENGINE.append(f"paleo-codex {__version__} runtime {h.hexdigest()[:12]}")
    return _ENGINE[0]


def identity(bundle: dict) -> dict:
    return {"bundle": bundle_hash(bundle), "engine": engine_version(), "packs": packs_of(bundle),
            "synthetic": is_synthetic(bundle)}


def printed_difficulty(bundle: dict, game: str, setup_record: dict, players: int):
    """The printed difficulty of a setup (our reading): a scenario's own label, else the hardest label its
    modules print for this player count; None when nothing is printed."""
    scen = next((s for s in bundle.get("scenarios", []) if s.get("id") == setup_record.get("scenario")), None)
    labels = []
    if scen is not None and scen.get("difficulty"):
        labels.append(scen["difficulty"])
    else:
        mods = {m.get("id"): m for m in bundle.get("modules", []) if isinstance(m, dict)}
        for mid in setup_record.get("modules") or []:
            d = (mods.get(mid) or {}).get("difficulty")
            if isinstance(d, dict):
                d = d.get(str(players), d.get(players))
            if d:
                labels.append(d)
    labels = [x for x in labels if x in LEVELS]
    return max(labels, key=LEVELS.__getitem__) if labels else None


def _cut(v, limit: int = 80) -> str:
    return escape(str(v), limit)
