"""The declarations of a game's active systems, gathered once: zones, counters, fields, phases, decisions, bus hooks, ops."""

from __future__ import annotations

from .declare import Step
from .ops import OpDeclarationError, OpTable


class LayoutError(Exception):
    """Two systems declare the same thing, or a step is inserted next to a step that does not exist."""


class Layout:
    """Everything the core derives behaviour from, for one combination of systems (shared by all states)."""

    def __init__(self, systems: list):
        self.systems = list(systems)
        self.zones = []
        self.zone = {}
        self.counters = []
        self.counter = {}
        self.fields = []
        self.decisions = {}
        self.hooks: dict[tuple[str, str], list] = {}
        self.given: dict = {}
        phases: list[str] = []
        steps: dict[str, list[Step]] = {}
        for sys_ in self.systems:
            for z in sys_.zones:
                self._add(self.zone, z.name, z, "zone")
                self.zones.append(z)
            for c in sys_.counters:
                self._add(self.counter, c.name, c, "counter")
                self.counters.append(c)
            names = {f.name for f in self.fields}
            for f in sys_.fields:
                if f.name in names or f.name in self.counter:
                    raise LayoutError(f"state field `{f.name}` declared twice")
                self.fields.append(f)
            for d in sys_.decisions:
                self._add(self.decisions, d.kind, d, "decision kind")
            for lst in sys_.listeners:
                if lst.when not in ("before", "after"):
                    raise LayoutError(f"listener on `{lst.name}`: `when` is before or after")
                self.hooks.setdefault((lst.when, lst.name), []).append(lst.fn)
            for key, fn in sys_.given.items():
                self._add(self.given, key, fn, "given key")
            for ph in sys_.phases:
                if ph not in phases:
                    phases.append(ph)
            for st in sys_.steps:
                if st.phase not in phases:
                    phases.append(st.phase)
                seq = steps.setdefault(st.phase, [])
                if any(x.name == st.name for x in seq):
                    raise LayoutError(f"step `{st.name}` of phase `{st.phase}` declared twice")
                anchor = st.before or st.after
                if anchor is None:
                    seq.append(st)
                    continue
                at = next((i for i, x in enumerate(seq) if x.name == anchor), None)
                if at is None:
                    raise LayoutError(f"step `{st.name}` goes next to `{anchor}`, which phase `{st.phase}` does not have")
                seq.insert(at if st.before else at + 1, st)
        try:
            self.ops = OpTable.merge(s.ops for s in self.systems)
        except OpDeclarationError as exc:
            raise LayoutError(str(exc)) from None
        self.phases = phases
        self.steps = {ph: tuple(seq) for ph, seq in steps.items()}
        self.step = {(ph, st.name): st for ph, seq in self.steps.items() for st in seq}
        self.step_names = {ph: tuple(st.name for st in seq) for ph, seq in self.steps.items()}
        self.listening = tuple(z for z in self.zones if z.listens)
        self.holds = {z.name: z.holds for z in self.zones if z.holds}
        self._names: dict = {}
        # per step: the step and its before / after listeners, looked up once per step run
        self.step_run = {key: (st, tuple(self.hooks.get(("before", "step:" + st.name), ())),
                               tuple(self.hooks.get(("after", "step:" + st.name), ())))
                         for key, st in self.step.items()}
        self.action_lists = tuple(sorted({k for s in self.systems for k in getattr(s, "action_lists", ())}))

    @staticmethod
    def _add(table: dict, key, value, what: str) -> None:
        if key in table:
            raise LayoutError(f"{what} `{key}` declared twice")
        table[key] = value

    def zone_names(self, players: int) -> list[str]:
        names = self._names.get(players)
        if names is None:
            names = self._names[players] = [n for z in self.zones for n in z.names(players)]
        return list(names)

    def first_step(self, phase: str) -> str | None:
        seq = self.step_names.get(phase) or ()
        return seq[0] if seq else None
