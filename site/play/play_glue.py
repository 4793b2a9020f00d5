"""The Play page's Python side: the runtime (standard library only) driven from the page, under Pyodide in the
browser and under CPython in the tests, which replay the same clicks against the engine.

Every function takes and returns JSON text, so the page's JavaScript never holds a Python object.
`actions_of` is the one place that knows the runtime's action form (dicts with a `label` today).
"""

from __future__ import annotations

import json

from runtime import IllegalAction, NotPlayable, SetupError, StateError, load_bundle, new_game
from runtime.core import Game
from runtime.core.definition import REGISTRY

_BUNDLE: dict = {}
_META: dict = {}
_NAMES: dict = {}
_GAME: list = [None]  # the game being played (one per page)
MAX_TEXT = 400  # a message shown on the page is cut to this many characters


def actions_of(game: Game, seat: int) -> list[tuple[str, object]]:
    """The adapter between the page and the runtime's actions: (label, action) for one seat, in the runtime's order.

    The page shows the labels and sends back an index into this list; only this function changes when the
    runtime's actions change form."""
    return [(str(a.get("label") or json.dumps(a, sort_keys=True)), a) for a in game.legal_actions(seat)]


def clean(text: object) -> str:
    """One line of text for the page: control characters escaped, cut to MAX_TEXT."""
    out = "".join(ch if ch >= " " and ch != "\x7f" else f"\\x{ord(ch):02x}" for ch in str(text))
    return out if len(out) <= MAX_TEXT else out[: MAX_TEXT - 1] + "…"


def init(bundle_path: str, meta_text: str) -> str:
    """Load the bundle the page plays and the site's links; returns the setup choices."""
    bundle = load_bundle(bundle_path)
    _BUNDLE.clear()
    _BUNDLE.update(bundle)
    _META.clear()
    _META.update(json.loads(meta_text))
    _NAMES.clear()
    for key, recs in bundle.items():
        if isinstance(recs, list):
            for r in recs:
                if isinstance(r, dict) and isinstance(r.get("id"), str) and r.get("name"):
                    _NAMES[r["id"]] = str(r["name"])
    for m in bundle.get("modules") or []:  # a module by its letter, and its name when it has one
        if isinstance(m, dict) and m.get("letter"):
            _NAMES[m["id"]] = f"module {m['letter']}" + (f" ({m['name']})" if m.get("name") else "")
    return json.dumps(setup_choices())


def setup_choices() -> dict:
    """The games this runtime plays on the bundle: players, scenarios (playable ones first), boards, options."""
    games = []
    playable = _META.get("setups") or []
    for g in _BUNDLE.get("games") or []:
        gid = g.get("id")
        if gid not in REGISTRY:
            continue
        d = REGISTRY[gid]
        ok = [s["scenario"] for s in playable if s.get("game") == gid]
        scen = [{"id": s, "name": _scenario_name(s), "playable": True} for s in ok]
        scen += [{"id": s["id"], "name": _scenario_name(s["id"]), "playable": False}
                 for s in _BUNDLE.get("scenarios") or [] if s.get("game") == gid and s["id"] not in ok]
        pl = g.get("players") or {}
        games.append({"id": gid, "name": _NAMES.get(gid, gid), "players": [pl.get("min") or 1, pl.get("max") or 1],
                      "scenarios": scen,
                      "boards": [{"id": b["id"], "name": _NAMES.get(b["id"], b["id"])}
                                 for b in _BUNDLE.get("boards") or [] if b.get("game") == gid],
                      "options": [{"name": n, "allowed": list(allowed), "default": default}
                                  for n, (allowed, default) in sorted(getattr(d, "options", {}).items())]})
    return {"games": [g for g in games if g["scenarios"]], "packs": _META.get("packs") or [],
            "synthetic": _META.get("synthetic") or ""}


def _scenario_name(sid) -> str:
    if sid is None:
        return "the base card set alone"
    if sid in _NAMES:
        return f"{_NAMES[sid]} ({sid})"
    mods = {m.get("letter"): m for m in _BUNDLE.get("modules") or [] if m.get("letter")}
    parts = [f"module {x}" + (f" ({mods[x]['name']})" if mods.get(x, {}).get("name") else "") for x in str(sid).split("+")]
    return ", ".join(parts)


def start(setup_text: str) -> str:
    """A new game from the page's setup form: {game, scenario, boards, options, players, seed}."""
    try:
        s = json.loads(setup_text)
        kw = {"game": s.get("game"), "scenario": s.get("scenario") or None, "players": int(s.get("players")),
              "seed": int(s.get("seed"))}
        if s.get("boards"):
            kw["boards"] = list(s["boards"])
        if s.get("options"):
            kw["options"] = dict(s["options"])
        _GAME[0] = new_game(_BUNDLE, **kw)
    except NotPlayable as exc:
        facts = getattr(exc, "facts", None) or []
        return json.dumps({"error": clean(f"this setup is not playable: {exc}"), "facts": [clean(f) for f in facts[:20]]})
    except (SetupError, ValueError, TypeError) as exc:
        return json.dumps({"error": clean(f"setup refused: {exc}")})
    return view()


def view() -> str:
    """What the page shows now: who may act, each current seat's observation and labelled actions, the log, the outcome.

    The page shows one seat at a time (hot-seat); it keeps the others out of the document."""
    g = _GAME[0]
    if g is None:
        return json.dumps({"error": "no game"})
    seats = {}
    terminal = g.is_terminal()
    current = [] if terminal else list(g.current_players())
    for p in (range(g.num_players) if terminal else current):
        seats[str(p)] = {"observation": shown(g.observation(p)),
                         "actions": [] if terminal else [{"i": i, "label": clean(lab)} for i, (lab, _) in enumerate(actions_of(g, p))]}
    return json.dumps({"current": current, "players": g.num_players, "terminal": terminal,
                       "outcome": g.outcome if terminal else None, "seats": seats, "log": log_lines(g),
                       "setup": g.setup, "seed": g.seed, "game": g.game_id})


def act(seat: int, index: int) -> str:
    """Apply the seat's action number `index` (as `view` listed them)."""
    g = _GAME[0]
    acts = actions_of(g, int(seat)) if g is not None and not g.is_terminal() else []
    if not 0 <= int(index) < len(acts):
        return json.dumps({"error": f"no action {int(index)} for P{int(seat)} now"})
    try:
        g.apply(acts[int(index)][1])
    except IllegalAction as exc:
        return json.dumps({"error": clean(exc)})
    return view()


def save() -> str:
    return _GAME[0].to_json() if _GAME[0] is not None else ""


def load(text: str) -> str:
    try:
        _GAME[0] = Game.from_json(_BUNDLE, text)
    except StateError as exc:
        return json.dumps({"error": clean(f"this save cannot be loaded: {exc}")})
    except (ValueError, TypeError, KeyError, RecursionError) as exc:
        return json.dumps({"error": clean(f"this is not a saved game: {type(exc).__name__}: {exc}")})
    return view()


def raw_log() -> str:
    return json.dumps(_GAME[0].log if _GAME[0] is not None else [])


# ---- showing ---------------------------------------------------------------------------------

def name(x) -> str:
    return _NAMES.get(x, x) if isinstance(x, str) else str(x)


def shown(value):
    """An observation with record ids replaced by their names (a hidden card stays a back)."""
    if isinstance(value, dict):
        return {clean(name(k)): shown(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shown(v) for v in value]
    if isinstance(value, str):
        return clean(name(value))
    return value


def _n(n, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def words(e: dict, game: str = "game:paleo") -> str:
    """One event in words: Paleo's events in sentences, any other game's (and any event kind not listed) as its
    kind and fields."""
    if game != "game:paleo":
        return _fields(e)
    t = e.get("t")
    p = f"P{e['player']}" if isinstance(e.get("player"), int) else "the tribe"
    c = name(e.get("card"))
    if t == "setup":
        mods = ", ".join(name(m) for m in e.get("modules") or []) or "no module"
        return f"Setup for {_n(e.get('players'), 'player')} with {mods}."
    if t == "person-joins":
        return f"{c} joins {p}'s group."
    if t == "tool-gained":
        return f"{p} gains a {name(e.get('tool'))}."
    if t == "tool-spent":
        return f"{p} spends a {name(e.get('tool'))}."
    if t == "chose":
        return f"{p} chooses a card, face down."
    if t == "sleep-early":
        return f"{p} goes to sleep early, discarding {_n(e.get('discarded', 0), 'card')} face down."
    if t == "reveal":
        cards = e.get("cards") or {}
        return "Revealed: " + "; ".join(f"P{k} {name(v)}" for k, v in sorted(cards.items())) + "."
    if t == "resolve":
        kind = "negative action" if e.get("negative") else "action"
        return f"{p} resolves {c}, {kind} {e.get('option')}."
    if t == "ignore":
        return f"{p} ignores {c}."
    if t == "help":
        return f"{p} helps P{e.get('target')} with {c}." if e.get("card") else f"{p} helps P{e.get('target')}."
    if t == "wound":
        return f"{c} of {p} takes {_n(e.get('wounds', 1), 'wound')}."
    if t == "death":
        return f"{c} of {p} dies."
    if t == "gain":
        return f"The camp gains {e.get('n')} {name(e.get('resource'))}."
    if t == "pay":
        return f"The camp pays {e.get('n')} {name(e.get('resource'))}."
    if t == "discard":
        red = f", {_n(e['red'], 'red back')}" if e.get("red") else ""
        return f"{p} discards {_n(e.get('n', 0), 'card')} from the deck{red}."
    if t == "dice":
        faces = ", ".join(map(str, e.get("faces") or []))
        return f"{p} rolls: {faces or 'nothing'}; the requirement is {'met' if e.get('met') else 'not met'}."
    if t == "skull":
        return f"A skull ({e.get('cause') or 'cause unstated'}): {e.get('total')} of 5."
    if t == "victory":
        return f"A victory token: {e.get('total')} of 5."
    if t == "feeding":
        return f"Feeding: {e.get('food_paid')} food for {_n(e.get('people', 0), 'person', 'people')}, {e.get('unfed', 0)} unfed."
    if t == "night":
        return f"Night {e.get('n')} falls."
    if t == "new-day":
        return f"Day {e.get('day')} begins; {_n(e.get('dealt', 0), 'card')} dealt."
    if t == "sleep":
        return f"{p} goes to sleep."
    if t == "craft-none":
        return f"{p} crafts nothing."
    if t == "idea":
        return f"{c} goes to the workbench."
    if t == "dream":
        return f"{p} gains a dream."
    if t == "secret":
        return f"{p} reveals secret {e.get('number')}."
    if t == "skill-bonus":
        return f"{p} gets +{e.get('n')} {name(e.get('skill'))}."
    if t == "deck-empty":
        return f"The {e.get('deck')} deck is empty."
    if t == "end":
        tie = " (a tie within one resolution)" if e.get("tie") else ""
        return f"The game ends: {e.get('result')}{tie}, {e.get('cause')}."
    return _fields(e)


def _value(k: str, v) -> str:
    if k in ("player", "target", "winner") and isinstance(v, int) and not isinstance(v, bool):
        return f"P{v}"
    if isinstance(v, str):
        return name(v)
    if isinstance(v, list) and all(isinstance(x, (str, int, float)) for x in v):
        return "[" + ", ".join(name(x) if isinstance(x, str) else str(x) for x in v) + "]"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else str(v)


def _fields(e: dict) -> str:
    """An event as its kind and its fields (ids as names, players as P0, P1, ...)."""
    head = str(e.get("t")).replace("-", " ").capitalize()
    rest = ", ".join(f"{k.replace('_', ' ')} {_value(k, v)}" for k, v in e.items() if k not in ("t", "by", "day", "turn"))
    return f"{head}: {rest}." if rest else f"{head}."


def when(e: dict) -> str:
    """The event's time as the game counts it (a day in Paleo, a turn in PaleoVet)."""
    for k in ("day", "turn", "round"):
        if isinstance(e.get(k), int):
            return f"{k} {e[k]}"
    return ""


def link_of(by, src: dict | None) -> dict:
    """Where the site shows the rule behind an event: a symbol's page; for a rule, the rule of the same step,
    else the rule whose rulebook section holds the event's (the deepest), else a rule under the same top heading,
    else the rules index. `cite` names the rulebook section `source_of` gives."""
    links = _META.get("links") or {}
    titles = links.get("titles") or {}
    cite = None
    if src:
        cite = " › ".join([titles.get(src.get("rulebook"), str(src.get("rulebook"))), *map(str, src.get("section") or [])])
    if isinstance(by, str) and by in (links.get("symbols") or {}):  # its page explains it and cites its section
        return {"href": links["symbols"][by], "rule": f"the symbol {name(by)}", "cite": cite}
    if src:
        book, sec = src.get("rulebook"), list(src.get("section") or [])
        same = [r for r in links.get("sections") or [] if r["rulebook"] == book]
        if isinstance(by, str) and by.startswith("rule:"):
            step = by.rsplit("/", 1)[-1]
            hit = next((r for r in same if r["href"].endswith("--" + step) and r["section"] == sec[: len(r["section"])]), None)
            if hit:
                return {"href": hit["href"], "rule": hit["rule"], "cite": cite}
        best, depth = None, 0
        for r in same:
            k = 0
            while k < min(len(r["section"]), len(sec)) and r["section"][k] == sec[k]:
                k += 1
            if k == len(r["section"]) and k > depth:  # the rule's section holds the event's
                best, depth = r, k
        if best is not None:
            return {"href": best["href"], "rule": best["rule"], "cite": cite}
    if src:
        top = next((r for r in links.get("sections") or [] if r["rulebook"] == src.get("rulebook")
                    and r["section"][:1] == list(src.get("section") or [])[:1]), None)
        if top is not None and src.get("section"):
            return {"href": top["href"], "rule": top["rule"], "cite": cite}
    return {"href": links.get("rules_index", ""), "rule": "the rules", "cite": cite}


def log_lines(g: Game) -> list[dict]:
    d = g.rules.definition
    game = g.game_id
    out = []
    for e in g.log:
        by = e.get("by")
        out.append({"when": when(e), "text": clean(words(e, game)), "by": clean(by or ""),
                    **link_of(by, d.source_of(by, _BUNDLE))})
    return out
