"""`python -m runtime serve`: the runtime as a process a frontend in any language drives, one JSON line at a time.

    python -m runtime serve --bundle build/bundle.json [--max-games 64] [--max-line-bytes 8388608]
    python -m runtime serve            # the demo bundle (runtime/demo: synthetic faces); --no-demo: none

The frontend writes one request per line on standard input; the runtime writes exactly one
response line per request line on standard output, in order, and nothing else (standard error
stays silent). Every request is a JSON object with `cmd` and an optional `id` (a string of at
most 200 characters, an integer or null) that the response repeats. A response is
`{"id": ..., "ok": true, ...}` or `{"id": ..., "ok": false, "error": {"code": ..., "message": ...}}`.

Requests (`hello` first; anything else before it is refused with `handshake-required`):

    hello    {protocol, format_version?}       -> protocol, runtime (version), state_format, bundle_major
                                                  (the bundle major version read), definitions (the games
                                                  this runtime plays), bundle ({format_version, games,
                                                  scenarios, synthetic, demo (its notice, for the demo
                                                  bundle only)} or null), commands, limits
    bundle   {path}                            -> load (or replace) the bundle new games use
    new      {game, setup?, players, seed}     -> handle and status; `setup` is the setup record
                                                  `new_game` takes (scenario, modules, boards, options)
    legal    {handle, player?}                 -> actions (with `player`, only that player's)
    apply    {handle, action}                  -> status and the events it logged
    apply    {handle, index, player?}          -> the same, by position in the list `legal` gave
             (`new`, `apply` and `load` with `with_legal: true` also list every legal action now, as
             `legal`, so a frontend needs one round trip per action)
    observe  {handle, player}                  -> what that player may see
    status   {handle}                          -> status: current_players, terminal, outcome, actions
    save     {handle, log?}                    -> state (the saved game, a JSON object; it holds every
                                                  secret: deck orders, the generator)
    load     {state}                           -> a new handle for a saved game
    close    {handle}                          -> the handle is gone
    games    {}                                -> the open handles
    quit     {}                                -> the last response; the process ends (so does end of input)

Error codes: `bad-json`, `bad-encoding`, `empty-line`, `line-too-long` (the line is refused
without being held in memory: at most `--max-line-bytes` bytes are read at once, the rest is
skipped), `bad-request` (not an object, a bad `id`, an unknown key), `unknown-command`,
`handshake-required`, `protocol-version`, `bundle-version` (`hello` named a bundle format whose
major version is not the one served), `bad-argument`, `no-bundle`, `unknown-handle`,
`too-many-games` (`--max-games` open at once), `illegal-action`, `not-playable` (with
`facts`), `setup-error`, `state-error`, `bundle-error`. A fault of the engine itself is
`engine-fault`, a bug to report; the process answers it like any other error and goes on.

Every response is one line of ASCII (JSON escapes the rest), so no control character, line
separator or terminal sequence ever leaves the process raw; the texts meant to be shown (an
error's `message`, a `facts` entry, an action's `label`) also pass through `runtime.safetext.escape`
(non-printable characters as U+XXXX), as every message the project prints does. The site's
page "The runtime protocol" shows a whole session.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from .bundle import SUPPORTED_MAJOR, BundleError, is_synthetic, load_bundle
from .demo import NOTICE, is_demo, load_demo
from .core.definition import REGISTRY
from .core.game import STATE_FORMAT
from .engine import Game, IllegalAction, NotPlayable, SetupError, StateError  # (registers the game definitions)
from .safetext import escape
from .version import __version__

PROTOCOL = 1
MAX_LINE_BYTES = 8 << 20  # a request line; a saved game with its log is well under this
MAX_GAMES = 64  # games open at once in one process
MAX_ID_CHARS = 200
_DRAIN = 1 << 16  # how much of an over-long line is read at a time while it is skipped

COMMANDS = ("hello", "bundle", "new", "legal", "apply", "observe", "status", "save", "load", "close", "games", "quit")
# the keys each request may carry besides `cmd` and `id`
_KEYS = {"hello": {"protocol", "format_version"}, "bundle": {"path"}, "new": {"game", "setup", "players", "seed", "with_legal"},
         "legal": {"handle", "player"}, "apply": {"handle", "action", "index", "action_id", "player", "with_legal"},
         "observe": {"handle", "player"}, "status": {"handle"}, "save": {"handle", "log"}, "load": {"state", "with_legal"},
         "close": {"handle"}, "games": set(), "quit": set()}
_SETUP_KEYS = {"scenario": "a string or null", "modules": "a list of strings or null",
               "boards": "a list of strings or null", "options": "an object or null"}


class Refusal(Exception):
    """A request the server answers with an error: a code from the list above and a message."""

    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code = code
        self.extra = extra


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _safe(actions: list) -> list:
    """The action records (fresh copies from `legal_actions`) with each `label` escaped for display, in place."""
    for a in actions:
        label = a.get("label")
        if isinstance(label, str) and (len(label) > 500 or not label.isprintable()):
            a["label"] = escape(label)
    return actions


class Server:
    """The state of one session: the handshake, the bundle and the open games. `handle(line)` answers one line."""

    def __init__(self, bundle: dict | None = None, *, max_games: int = MAX_GAMES, max_line_bytes: int = MAX_LINE_BYTES):
        self.bundle = bundle
        self.max_games = max_games
        self.max_line_bytes = max_line_bytes
        self.games: dict[str, Game] = {}
        self.greeted = False
        self.done = False
        self._next = 1

    # ------------------------------------------------------------------ one line in, one response out
    def handle(self, line: bytes) -> dict:
        rid = None
        try:
            req = self._parse(line)
            rid = self._id(req)
            cmd = req.get("cmd")
            if not isinstance(cmd, str):
                raise Refusal("bad-request", "a request names its command in `cmd` (a string)")
            if cmd not in COMMANDS:
                raise Refusal("unknown-command", f"unknown command `{cmd}`; the commands are {', '.join(COMMANDS)}")
            unknown = sorted(set(req) - _KEYS[cmd] - {"cmd", "id"})
            if unknown:
                raise Refusal("bad-request", f"`{cmd}` takes no key `{unknown[0]}`; it takes "
                              + (", ".join(sorted(_KEYS[cmd])) or "no other key"))
            if cmd != "hello" and not self.greeted:
                raise Refusal("handshake-required", "send `hello` with the protocol version first, "
                              f'e.g. {{"cmd": "hello", "protocol": {PROTOCOL}}}')
            if not isinstance(req.get("with_legal", False), bool):  # before the command: a refusal changes nothing
                raise Refusal("bad-argument", "`with_legal` is true (list the legal actions in the response) or false")
            body = getattr(self, "cmd_" + cmd)(req)
            return {"id": rid, "ok": True, **body}
        except Refusal as r:
            return _error(rid, r.code, str(r), **r.extra)
        except IllegalAction as exc:
            return _error(rid, "illegal-action", str(exc))
        except NotPlayable as exc:
            return _error(rid, "not-playable", str(exc).splitlines()[0], facts=[escape(f) for f in exc.facts[:200]])
        except SetupError as exc:
            return _error(rid, "setup-error", str(exc))
        except StateError as exc:
            return _error(rid, "state-error", str(exc))
        except BundleError as exc:
            return _error(rid, "bundle-error", str(exc))
        except Exception as exc:  # noqa: BLE001 - the process answers and goes on; a bug of the engine, named
            return _error(rid, "engine-fault", f"the engine failed on this request ({type(exc).__name__}: {exc}); "
                          "this is a bug of the runtime, please report it with the request")

    def _parse(self, line: bytes) -> dict:
        text = line.rstrip(b"\r\n")
        if not text.strip():
            raise Refusal("empty-line", "an empty line is not a request; send one JSON object per line")
        try:
            s = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Refusal("bad-encoding", f"a request is UTF-8 text; byte {exc.start + 1} is not") from None
        try:
            req = json.loads(s, parse_constant=_no_constant)
        except RecursionError:
            raise Refusal("bad-json", "the request nests too deep to read") from None
        except ValueError as exc:
            raise Refusal("bad-json", f"the line is not JSON: {exc}") from None
        if not isinstance(req, dict):
            raise Refusal("bad-request", f"a request is a JSON object, not {type(req).__name__}")
        return req

    @staticmethod
    def _id(req: dict):
        rid = req.get("id")
        if rid is None or _is_int(rid) or (isinstance(rid, str) and len(rid) <= MAX_ID_CHARS):
            if _is_int(rid) and abs(rid) > (1 << 63):
                raise Refusal("bad-request", "an integer `id` is a 64-bit number")
            return rid
        raise Refusal("bad-request", f"`id` is a string of at most {MAX_ID_CHARS} characters, an integer or null")

    # ------------------------------------------------------------------ commands
    def cmd_hello(self, req: dict) -> dict:
        want = req.get("protocol")
        if not _is_int(want):
            raise Refusal("bad-argument", f"`hello` gives the protocol version the frontend speaks, an integer (this is {PROTOCOL})")
        if want != PROTOCOL:
            raise Refusal("protocol-version", f"this runtime speaks protocol {PROTOCOL}, not {want}", protocol=PROTOCOL)
        fv = req.get("format_version")
        if fv is not None:  # the bundle format the frontend was written for: its major must be the one served
            major = fv.split(".")[0] if isinstance(fv, str) else ""
            # ASCII digits only: str.isdigit() also takes "¹" (which int() refuses) and "١" (which it reads as 1)
            if not (major.isascii() and major.isdigit()) or len(fv) > 40:
                raise Refusal("bad-argument", "`format_version` is the bundle format the frontend reads, e.g. \"1.0.0\"")
            have = self.bundle.get("format_version") if self.bundle is not None else f"{SUPPORTED_MAJOR}"
            if int(fv.split(".")[0]) != int(str(have).split(".")[0]):
                raise Refusal("bundle-version", f"the frontend reads bundle format {fv}; this runtime serves "
                              + (f"a bundle of format {have}" if self.bundle is not None else f"major version {have}"),
                              format_version=have)
        self.greeted = True
        return {"protocol": PROTOCOL, "runtime": __version__, "state_format": STATE_FORMAT,
                "bundle_major": SUPPORTED_MAJOR, "definitions": sorted(REGISTRY),
                "bundle": self._bundle_info(), "commands": list(COMMANDS),
                "limits": {"max_line_bytes": self.max_line_bytes, "max_games": self.max_games}}

    def cmd_bundle(self, req: dict) -> dict:
        path = req.get("path")
        if not isinstance(path, str) or not path:
            raise Refusal("bad-argument", "`bundle` takes `path`, the file name of a compiled bundle.json")
        if path.lstrip().startswith("{"):  # load_bundle would read it as JSON text, not a path
            raise Refusal("bad-argument", "`path` names a file; it is not the bundle's text")
        self.bundle = load_bundle(path)
        return {"bundle": self._bundle_info()}

    def cmd_new(self, req: dict) -> dict:
        bundle = self._need_bundle()
        game = req.get("game")
        if not isinstance(game, str):
            raise Refusal("bad-argument", "`new` takes `game`, a game id of the bundle ("
                          + ", ".join(g["id"] for g in bundle.get("games", [])) + ")")
        for key in ("players", "seed"):
            if not _is_int(req.get(key)):
                raise Refusal("bad-argument", f"`new` takes `{key}`, an integer")
        setup = req.get("setup") or {}
        if not isinstance(setup, dict):
            raise Refusal("bad-argument", "`setup` is an object: " + ", ".join(_SETUP_KEYS))
        for k, v in setup.items():
            if k not in _SETUP_KEYS:
                raise Refusal("bad-argument", f"`setup` has no key `{k}`; it takes {', '.join(_SETUP_KEYS)}")
            ok = (v is None or (k == "scenario" and isinstance(v, str))
                  or (k in ("modules", "boards") and isinstance(v, list) and all(isinstance(x, str) for x in v))
                  or (k == "options" and isinstance(v, dict)))
            if not ok:
                raise Refusal("bad-argument", f"`setup.{k}` is {_SETUP_KEYS[k]}")
        self._room()
        g = Game.new(bundle, game=game, setup=setup, players=req["players"], seed=req["seed"])
        return self._with_legal(req, g, self._open(g))

    def cmd_legal(self, req: dict) -> dict:
        g = self._game(req)
        player = self._player(g, req, required=False)
        legal = g.legal_actions(player)
        return {"handle": req["handle"], "actions": _safe(legal), "ids": [g.id_of(a) for a in legal],
                "num_distinct_actions": g.num_distinct_actions}

    def cmd_apply(self, req: dict) -> dict:
        g = self._game(req)
        action = address_action(g, req, self._player(g, req, required=False))
        before = len(g.log)
        g.apply(action)
        return self._with_legal(req, g, {**self._status(req["handle"], g), "events": g.log[before:]})

    def cmd_observe(self, req: dict) -> dict:
        g = self._game(req)
        return {"handle": req["handle"], "observation": g.observation(self._player(g, req, required=True))}

    def cmd_status(self, req: dict) -> dict:
        return self._status(req.get("handle"), self._game(req))

    def cmd_save(self, req: dict) -> dict:
        g = self._game(req)
        log = req.get("log", True)
        if not isinstance(log, bool):
            raise Refusal("bad-argument", "`log` is true (keep the event log in the save) or false")
        return {"handle": req["handle"], "state": json.loads(g.to_json(log=log))}

    def cmd_load(self, req: dict) -> dict:
        bundle = self._need_bundle()
        state = req.get("state")
        if isinstance(state, dict):
            text = json.dumps(state)
        elif isinstance(state, str):
            text = state
        else:
            raise Refusal("bad-argument", "`load` takes `state`, a saved game as `save` gave it (an object or its JSON text)")
        self._room()
        g = Game.from_json(bundle, text)
        return self._with_legal(req, g, self._open(g))

    def cmd_close(self, req: dict) -> dict:
        self._game(req)
        del self.games[req["handle"]]
        return {"handle": req["handle"], "closed": True}

    def cmd_games(self, req: dict) -> dict:
        return {"handles": list(self.games)}

    def cmd_quit(self, req: dict) -> dict:
        self.done = True
        return {"bye": True}

    # ------------------------------------------------------------------ helpers
    def _bundle_info(self) -> dict | None:
        b = self.bundle
        if b is None:
            return None
        info = {"format_version": b.get("format_version"), "games": [g["id"] for g in b.get("games", [])],
                "scenarios": [s["id"] for s in b.get("scenarios", [])], "synthetic": is_synthetic(b)}
        if is_demo(b):
            info["demo"] = NOTICE
        return info

    def _need_bundle(self) -> dict:
        if self.bundle is None:
            raise Refusal("no-bundle", "no bundle is loaded: start with `--bundle FILE` or send "
                          '{"cmd": "bundle", "path": FILE}')
        return self.bundle

    def _room(self) -> None:
        if len(self.games) >= self.max_games:
            raise Refusal("too-many-games", f"{len(self.games)} games are open, the most this process keeps; "
                          "close one first")

    def _open(self, g: Game) -> dict:
        handle = f"g{self._next}"
        self._next += 1
        self.games[handle] = g
        return self._status(handle, g)

    def _game(self, req: dict) -> Game:
        h = req.get("handle")
        if not isinstance(h, str):
            raise Refusal("bad-argument", "this command takes `handle`, as `new` or `load` gave it")
        g = self.games.get(h)
        if g is None:
            raise Refusal("unknown-handle", f"no open game `{h}`" + (f"; open: {', '.join(list(self.games)[:20])}"
                                                                      if self.games else "; no game is open"))
        return g

    @staticmethod
    def _player(g: Game, req: dict, *, required: bool) -> int | None:
        p = req.get("player")
        if p is None and not required:
            return None
        n = _seats(g)
        if not _is_int(p) or not 0 <= p < n:
            raise Refusal("bad-argument", f"`player` is a seat, 0 to {n - 1}")
        return p

    @staticmethod
    def _with_legal(req: dict, g: Game, body: dict) -> dict:
        """`with_legal: true`: the response also lists every legal action now (one round trip per action)."""
        if req.get("with_legal") is True:  # (checked to be a bool before the command ran)
            body["legal"] = _safe(g.legal_actions())
        return body

    @staticmethod
    def _status(handle, g: Game) -> dict:
        return {"handle": handle, "terminal": g.is_terminal(), "outcome": g.outcome,
                "current_players": g.current_players(), "actions": _applied(g)}


def _seats(g: Game) -> int:
    """How many players the game has (the two reads of the state the protocol makes are these two)."""
    return g.num_players


def _applied(g: Game) -> int:
    """How many actions were applied so far."""
    return g.action_count


def address_action(g: Game, req: dict, player: int | None) -> dict:
    """The action a request names: `action`, a record as `legal` lists it (its `label` ignored), or `index`,
    a position in the list `legal` gives (for `player`, when given). Every way of naming an action is here."""
    has_action, has_index, has_id = "action" in req, "index" in req, "action_id" in req
    if has_action + has_index + has_id != 1:
        raise Refusal("bad-argument", "`apply` takes one of `action` (a record as `legal` lists it), `index` "
                      "(its position in that list) or `action_id` (its integer id, as `legal` gives it in `ids`, "
                      "with `player`)")
    if has_id:
        aid = req["action_id"]
        if player is None:
            raise Refusal("bad-argument", "`action_id` goes with `player`: an id is the same choice for every seat")
        if not _is_int(aid) or not 0 <= aid < g.num_distinct_actions:
            raise Refusal("bad-argument", f"`action_id` is an integer, 0 to {g.num_distinct_actions - 1}")
        return g.action_from_id(aid, player)
    if has_action:
        if player is not None:
            raise Refusal("bad-argument", "`player` goes with `index`; an action record names its player")
        if not isinstance(req["action"], dict):
            raise Refusal("bad-argument", "`action` is an object, as `legal` lists it")
        return req["action"]
    i = req["index"]
    if not _is_int(i):
        raise Refusal("bad-argument", "`index` is an integer, a position in the legal list")
    legal = g.legal_actions(player)
    if not 0 <= i < len(legal):
        who = f" of player {player}" if player is not None else ""
        raise IllegalAction(f"index {i} is outside the {len(legal)} legal actions{who} (0 to {len(legal) - 1})"
                            if legal else f"no action{who} is legal now")
    return legal[i]


def _error(rid, code: str, message: str, **extra) -> dict:
    return {"id": rid, "ok": False, "error": {"code": code, "message": escape(message), **extra}}


def encode(response: dict) -> bytes:
    """One response line: compact ASCII JSON (every other character escaped by JSON) and a newline."""
    try:
        text = json.dumps(response, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as exc:
        text = json.dumps(_error(response.get("id") if isinstance(response.get("id"), (str, int)) else None,
                                 "engine-fault", f"the response could not be written as JSON ({exc})"))
    return text.encode("ascii") + b"\n"


def read_line(stream, limit: int):
    """The next line (bytes, newline kept), None at the end of input, or False for a line over `limit` bytes,
    which is skipped to its end while holding at most `limit` bytes in memory."""
    line = stream.readline(limit + 1)
    if not line:
        return None
    if len(line) <= limit or line.endswith(b"\n"):
        return line
    while not line.endswith(b"\n"):  # the rest of the over-long line, a bounded piece at a time
        line = stream.readline(_DRAIN)
        if not line:
            break
    return False


def serve(stdin=None, stdout=None, *, bundle: dict | None = None, max_games: int = MAX_GAMES,
          max_line_bytes: int = MAX_LINE_BYTES) -> int:
    """Answer requests from `stdin` (binary) on `stdout` (binary) until `quit` or the end of input."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    server = Server(bundle, max_games=max_games, max_line_bytes=max_line_bytes)
    while not server.done:
        line = read_line(stdin, max_line_bytes)
        if line is None:
            break
        if line is False:
            resp = _error(None, "line-too-long", f"a request line is at most {max_line_bytes} bytes; "
                          "this one was refused unread")
        else:
            resp = server.handle(line)
        try:
            stdout.write(encode(resp))
            stdout.flush()
        except (BrokenPipeError, ValueError):  # the frontend went away: end quietly, nothing left to flush
            _silence(stdout)
            return 0
    return 0


def _silence(stream) -> None:
    """Point the standard output at /dev/null once the reader is gone, so the exit flush cannot complain."""
    try:
        if stream is sys.stdout.buffer:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m runtime serve", description="Serve the runtime over JSON lines "
                                 "on standard input and output (see the module's documentation).")
    ap.add_argument("--bundle", help="the compiled bundle.json new games use (or send a `bundle` request); "
                    "without it, the runtime's synthetic demo bundle (runtime/demo)")
    ap.add_argument("--no-demo", action="store_true", help="start with no bundle: `new` waits for a `bundle` request")
    ap.add_argument("--max-games", type=int, default=MAX_GAMES, help=f"games open at once (default {MAX_GAMES})")
    ap.add_argument("--max-line-bytes", type=int, default=MAX_LINE_BYTES,
                    help=f"the longest request line read (default {MAX_LINE_BYTES})")
    args = ap.parse_args(argv)
    if args.max_games < 1 or args.max_line_bytes < 64:
        ap.error("--max-games is at least 1 and --max-line-bytes at least 64")
    bundle = None
    try:
        if args.bundle:
            bundle = load_bundle(args.bundle)
        elif not args.no_demo:
            bundle = load_demo()
    except BundleError as exc:
        sys.stderr.write(f"python -m runtime serve: {escape(exc)}\n")
        return 2
    try:
        return serve(bundle=bundle, max_games=args.max_games, max_line_bytes=args.max_line_bytes)
    except KeyboardInterrupt:
        return 130
