"""A player's observation as a fixed-length vector whose layout is derived from the game's declared systems
(standard library only): what the OpenSpiel adapter's tensors and the PettingZoo environment's `observation`
hold.

The layout belongs to one game definition, setup and player count (`Layout.of(game)`); `Layout.fields` names
every segment, `Layout.describe()` prints them. Seats are relative: seat 0 is the observing player, seat 1 the
next one clockwise, and so on, so one policy serves every seat. Segments, in this order:

1. `phase` and `step`: one-hot over the phases and the (phase, step) pairs the systems declare; `outcome`: one
   slot, 1 once the game is over.
2. One segment per declared zone, per seat for a zone of each player (observer first), in declaration order:
   - a zone the observer sees the fronts of (public, or its own zone of visibility `owner`): the number of
     copies of each card of the game, over the sorted card ids of the setup's card instances (`cards`);
   - a zone it sees the backs of (`backs`, or another player's `owner` zone): the number of cards of each
     back, over the sorted backs of the bundle plus `unknown` (`backs`);
   - a zone of visibility `count`: one slot, its number of cards.
3. One segment per public counter, per seat for a counter of each player: one slot for a single number; for
   a map, one slot per key (the declared keys, or for an open map the bundle's token ids plus `other`, which
   sums the keys outside them).
4. `elsewhere` and `elsewhere seat k`: what a system adds to the observation beyond its declared zones and
   counters (PaleoVet's field of dinos and its dice, the card a player committed, ...), shared and per seat:
   how often each card id of `cards`, then each die face of the game's dice (`faces`), then each back of
   `backs` (a name already listed is not repeated), occurs in those additions, at any depth.

The structure of the additions (which die shows which face, the order of a list, numbers inside them) is in
the observation's text only. A value is copied as the observation gives it; nothing is scaled.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    name: str          # e.g. "zone hand seat 1", "counter skulls"
    kind: str          # one-hot, cards, backs, count, number, map
    start: int
    size: int
    path: tuple        # where in the observation the values are: ("players", seat, label) or (label,)
    vocabulary: tuple  # the slot names of one-hot, cards, backs and map segments; () for one slot


class Layout:
    """The vector layout of one game definition, setup and player count."""

    def __init__(self, game):
        rules, lay = game.rules, game.layout
        players = len(game.observation(0)["players"])
        bundle = rules.bundle
        self.players = players
        self.cards = tuple(sorted(set(rules.card_instances())))
        self.backs = tuple(sorted({c.get("back") for c in bundle.get("cards", [])
                                   if isinstance(c.get("back"), str)} | {"unknown"}))
        self.tokens = tuple(sorted({t["id"] for t in bundle.get("tokens", []) if isinstance(t.get("id"), str)}))
        gid = game.game_id
        self.faces = tuple(sorted({f for d in bundle.get("dice", []) if d.get("game") in (gid, None)
                                   for f in d.get("faces") or () if isinstance(f, str)}))
        segs: list[Segment] = []

        def add(name, kind, path, vocabulary=()):
            start = segs[-1].start + segs[-1].size if segs else 0
            segs.append(Segment(name, kind, start, len(vocabulary) or 1, path, tuple(vocabulary)))

        add("phase", "one-hot", ("phase",), lay.phases)
        add("step", "one-hot", ("phase", "step"),
            tuple(f"{ph}/{st.name}" for ph in lay.phases for st in lay.steps.get(ph, ())))
        add("outcome", "number", ("outcome",))
        for zone in lay.zones:
            seats = [None] if zone.scope == "shared" else list(range(players))
            for seat in seats:
                path = (zone.label,) if seat is None else ("players", seat, zone.label)
                name = f"zone {zone.label}" + ("" if seat is None else f" seat {seat}")
                vis = zone.visibility
                if vis == "count":
                    add(name, "count", path)
                elif vis == "public" or (vis == "owner" and seat == 0):
                    add(name, "cards", path, self.cards)
                else:
                    add(name, "backs", path, self.backs)
        for c in lay.counters:
            if c.visibility != "public":
                continue
            keys = c.key_names(rules)
            seats = [None] if c.scope == "shared" else list(range(players))
            for seat in seats:
                path = (c.label,) if seat is None else ("players", seat, c.label)
                name = f"counter {c.label}" + ("" if seat is None else f" seat {seat}")
                if keys is None:
                    add(name, "number", path)
                else:
                    add(name, "map", path, (*self.tokens, "other") if keys == "any" else tuple(keys))
        self._declared = {(s.path[0],) if s.path[0] != "players" else ("players", s.path[2]) for s in segs}
        for seat in [None, *range(players)]:
            add("elsewhere" + ("" if seat is None else f" seat {seat}"), "elsewhere",
                ("elsewhere",) if seat is None else ("players", seat, None),
                tuple(dict.fromkeys((*self.cards, *self.faces, *self.backs))))
        self.segments = tuple(segs)
        self.size = segs[-1].start + segs[-1].size
        self._index = {s.name: s for s in segs}
        self._where = {s.name: {v: i for i, v in enumerate(s.vocabulary)} for s in segs}

    @classmethod
    def of(cls, game) -> "Layout":
        return cls(game)

    @property
    def fields(self) -> list[str]:
        return [s.name for s in self.segments]

    def segment(self, name: str) -> Segment:
        return self._index[name]

    def describe(self) -> str:
        """One line per segment: its offset, size, kind and name."""
        return "\n".join(f"{s.start:6d} {s.size:5d} {s.kind:8s} {s.name}" for s in self.segments)

    def encode(self, game, player: int, out=None) -> list:
        """Player `player`'s observation of `game` as a list of `size` floats (or written into `out`, any
        sequence supporting item assignment of that length, which is cleared first)."""
        obs = game.observation(player)
        vec = [0.0] * self.size if out is None else out
        if out is not None:
            for i in range(self.size):
                vec[i] = 0.0
        n = self.players
        for s in self.segments:
            if s.kind == "elsewhere":
                seat = None if s.path[0] == "elsewhere" else (player + s.path[1]) % n
                rec = obs if seat is None else obs["players"][seat]
                declared = _TOP if seat is None else ()
                value = [v for k, v in rec.items() if k not in declared and k != "players"
                         and ((k,) if seat is None else ("players", k)) not in self._declared]
            elif s.path[0] == "players":
                rec = obs["players"][(player + s.path[1]) % n]
                value = rec.get(s.path[2])
            elif s.kind == "one-hot" and s.name == "step":
                value = f"{obs.get('phase')}/{obs.get('step')}"
            else:
                value = obs.get(s.path[0])
            _put(s, self._where[s.name], value, vec)
        return vec


def _put(s: Segment, where: dict, value, vec) -> None:
    if s.kind == "one-hot":
        if value in s.vocabulary:
            vec[s.start + s.vocabulary.index(value)] = 1.0
    elif s.kind == "number":
        if s.name == "outcome":
            vec[s.start] = 0.0 if value is None else 1.0
        elif isinstance(value, (int, float)):
            vec[s.start] = float(value)
    elif s.kind == "count":
        vec[s.start] = float(value if isinstance(value, int) else len(value or ()))
    elif s.kind in ("cards", "backs"):
        other = where.get("unknown") if s.kind == "backs" else None  # a back outside the bundle's counts as unknown
        for x in value if isinstance(value, list) else ():
            i = where.get(x, other)
            if i is not None:
                vec[s.start + i] += 1.0
    elif s.kind == "elsewhere":
        for x in _strings(value):
            i = where.get(x)
            if i is not None:
                vec[s.start + i] += 1.0
    elif s.kind == "map" and isinstance(value, dict):
        for k, v in value.items():
            i = where.get(k, where.get("other"))
            if i is not None and isinstance(v, (int, float)):
                vec[s.start + i] += float(v)


_TOP = ("player", "game", "setup", "phase", "step", "outcome", "pending")  # the core's own keys of an observation


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
