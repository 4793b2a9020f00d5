"""A fixed, game-wide integer encoding of actions, built from what a game definition declares.

A definition's `actions` maps every action type to its fields (besides `type`, `player` and `label`)
and each field to a domain. The space of one setup and player count numbers every action a player
could ever be offered: type blocks in declaration order, each a mixed-radix number over its fields.
An action's id leaves out its player (the acting player is known wherever an id is used), so the
same id means the same choice for every player and in every state of games of that setup.

Every field value has a code: 0 the field is absent, 1 it is None, 2 onwards a value of the domain.
Domains: `Seat()` (a player seat), `Instance()` (a card instance of the game), `Below(n)` (0 .. n-1),
`Lit(a, b, ...)` (these literal values), `Tokens()` (token ids of the bundle), `Backs()` (card backs
of the bundle, and `unknown`), `Zones()` (zone names of the layout), `Either(d1, d2)` (a value of one or the other) and `Seq(d, n)` (a list of at most n
values of d, order kept).
"""

from __future__ import annotations

import bisect

from .errors import IllegalAction


class Domain:
    size = 0

    def bind(self, ctx: dict) -> "Domain":
        return self

    def code(self, v):  # -> int in range(size) or None
        raise NotImplementedError

    def value(self, c: int):
        raise NotImplementedError


class Below(Domain):
    def __init__(self, n: int):
        self.size = n

    def code(self, v):
        return v if type(v) is int and 0 <= v < self.size else None

    def value(self, c):
        return c


class Seat(Below):
    def __init__(self):
        super().__init__(0)

    def bind(self, ctx):
        return Below(ctx["players"])


class Instance(Below):
    def __init__(self):
        super().__init__(0)

    def bind(self, ctx):
        return Below(ctx["instances"])


class Lit(Domain):
    def __init__(self, *values):
        self.values = tuple(values)
        self.size = len(values)
        self._index = {(type(v), v): i for i, v in enumerate(self.values)}

    def code(self, v):
        try:
            return self._index.get((type(v), v))
        except TypeError:  # an unhashable value is none of them
            return None

    def value(self, c):
        return self.values[c]


class Tokens(Domain):
    def bind(self, ctx):
        return Lit(*ctx["tokens"])


class Backs(Domain):
    def bind(self, ctx):
        return Lit(*ctx["backs"])


class Zones(Domain):
    def bind(self, ctx):
        return Lit(*ctx["zones"])


class Either(Domain):
    def __init__(self, a: Domain, b: Domain):
        self.a, self.b = a, b
        self.size = a.size + b.size

    def bind(self, ctx):
        return Either(self.a.bind(ctx), self.b.bind(ctx))

    def code(self, v):
        c = self.a.code(v)
        if c is not None:
            return c
        c = self.b.code(v)
        return None if c is None else self.a.size + c

    def value(self, c):
        return self.a.value(c) if c < self.a.size else self.b.value(c - self.a.size)


class Seq(Domain):
    """Lists of at most `n` values of `elem`: length-k lists take the codes after every shorter one."""

    def __init__(self, elem: Domain, n: int):
        self.elem, self.n = elem, n
        self.size = sum(elem.size ** k for k in range(n + 1))

    def bind(self, ctx):
        return Seq(self.elem.bind(ctx), self.n)

    def code(self, v):
        if not isinstance(v, list) or len(v) > self.n:
            return None
        base, m = 0, self.elem.size
        for k in range(len(v)):
            base += m ** k
        c = 0
        for x in v:
            e = self.elem.code(x)
            if e is None:
                return None
            c = c * m + e
        return base + c

    def value(self, c):
        m = self.elem.size
        k = 0
        while c >= m ** k:
            c -= m ** k
            k += 1
        out = []
        for _ in range(k):
            c, e = divmod(c, m)
            out.append(self.elem.value(e))
        return out[::-1]


class ActionSpace:
    """The encoding of one setup and player count: `size` ids; `id_of(action)` and `action(id, player)`."""

    def __init__(self, declared: dict, ctx: dict):
        self.blocks = []  # (type, offset, [(field, domain)], block size)
        self.by_type = {}
        off = 0
        for t, fields in declared.items():
            bound = [(f, d.bind(ctx)) for f, d in fields.items()]
            n = 1
            for _, d in bound:
                n *= d.size + 2
            blk = (t, off, bound, n)
            self.blocks.append(blk)
            self.by_type[t] = blk
            off += n
        self.size = off
        self._offsets = [b[1] for b in self.blocks]

    def id_of(self, action: dict) -> int:
        """The id of an action record (its player and label ignored); IllegalAction for one outside the space."""
        if not isinstance(action, dict):
            raise IllegalAction("an action is a mapping")
        blk = self.by_type.get(action.get("type")) if isinstance(action.get("type"), str) else None
        if blk is None:
            raise IllegalAction(f"action type {str(action.get('type'))[:40]!r} has no id in this game's action encoding")
        t, off, fields, _ = blk
        extra = set(action) - {"type", "player", "label"} - {f for f, _ in fields}
        if extra:
            raise IllegalAction(f"action field {str(sorted(map(str, extra))[0])[:40]!r} is not in the encoding of `{t}`")
        c = 0
        for f, d in fields:
            if f not in action:
                code = 0
            elif action[f] is None:
                code = 1
            else:
                v = d.code(action[f])
                if v is None:
                    raise IllegalAction(f"the value of `{f}` of a `{t}` action is outside this game's action encoding")
                code = v + 2
            c = c * (d.size + 2) + code
        return off + c

    def action(self, aid: int, player: int) -> dict:
        """The action record (without a label) an id stands for, played by `player`."""
        if type(aid) is not int or not 0 <= aid < self.size:
            raise IllegalAction(f"action ids are 0 to {self.size - 1}")
        t, off, fields, _ = self.blocks[bisect.bisect_right(self._offsets, aid) - 1]
        c = aid - off
        codes = []
        for f, d in reversed(fields):
            c, code = divmod(c, d.size + 2)
            codes.append((f, d, code))
        out = {"type": t, "player": player}
        for f, d, code in reversed(codes):
            if code == 1:
                out[f] = None
            elif code >= 2:
                out[f] = d.value(code - 2)
        return out
