"""Fuzz targets: each takes one input as bytes and fails (AssertionError or any unexpected exception)
only when the project misbehaves on it.

A target's contract is the project's: bad input of any kind ends in diagnostics with valid codes and
positions inside the text, or in the runtime's own refusal (IllegalAction, StateError), never in
another exception; what is printed has no raw control character; what round-trips does.

`TARGETS` maps each name to its function; `scripts/fuzz.py` runs them with a time budget (atheris
where it installs, hypothesis otherwise) and `tests/fuzz/test_fuzz_smoke.py` replays the seed
corpus and every regression input, then fuzzes each target for a few seconds.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CORPUS = HERE / "corpus"
REGRESSIONS = HERE / "regressions"

_CACHE: dict = {}
# A raw control character (other than a line break or tab) in printed output: content reached the terminal unescaped.
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _codes() -> set[str]:
    if "codes" not in _CACHE:
        from compiler.codes import all_codes

        _CACHE["codes"] = {c.id for c in all_codes()}
    return _CACHE["codes"]


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _check_diags(diags, path: str, text: str | None) -> None:
    from compiler.diagnostics import Diagnostic

    codes = _codes()
    nlines = (text.count("\n") + 2) if text is not None else None
    for d in diags:
        assert isinstance(d, Diagnostic), d
        assert d.code in codes, f"unknown code {d.code}"
        assert d.message and not _RAW_CONTROL.search(d.message), f"{d.code} message not escaped: {d.message!r}"
        s = d.span
        assert s.line >= 1 and s.column >= 1, f"{d.code} at {s}"
        assert (s.end_line, s.end_column) >= (s.line, s.column), f"{d.code} span ends before it starts: {s}"
        if text is not None and s.file == path:
            assert s.line <= nlines, f"{d.code} line {s.line} past the text's {nlines - 1} lines"


# ---------------------------------------------------------------------------------------------- loader


def loader(data: bytes) -> None:
    """Bytes -> `load_bytes`: a LoadedFile or error diagnostics, placed inside the text; the human render is escaped."""
    from compiler.loader import load_bytes
    from compiler.render import render_human

    lf, diags = load_bytes("fuzz.yaml", data)
    text = lf.text if lf is not None else _text(data)
    _check_diags(diags, "fuzz.yaml", text)
    if lf is None:
        assert any(d.is_error for d in diags), "no file and no error"
    else:
        json.dumps(lf.data)  # plain JSON data only (no dates, tags or Python objects)
        for p in lf.positions.values():
            assert 0 <= p.start_index <= p.end_index <= len(lf.text) + 1
    out = render_human(diags, lambda f: text if f == "fuzz.yaml" else None)
    assert not _RAW_CONTROL.search(out), f"raw control character in {out!r}"


# ---------------------------------------------------------------------------------------------- effects

_POSITIONS = (None, "requirement", "cost", "negative", "reward")
_GAMES = ("game:paleo", "game:paleovet")


def _registry():
    if "reg" not in _CACHE:
        from compiler.effects import default_registry

        _CACHE["reg"] = default_registry()
    return _CACHE["reg"]


def effects(data: bytes) -> None:
    """Text -> parse and lower: problems with known codes and spans inside the text; print -> parse gives the same IR."""
    from compiler.effects import compile_text, print_option

    head = data[0] if data else 0
    position, game = _POSITIONS[head % 5], _GAMES[(head // 5) % 2]
    text = _text(data[1:])
    reg = _registry()
    ir, problems = compile_text(text, reg, game, position)
    codes = _codes()
    for p in problems:
        assert p.code in codes, f"unknown code {p.code}"
        s, e = p.span
        assert 0 <= s <= len(text) and s <= e <= len(text) + 1, f"{p.code} span {p.span} outside {len(text)} chars"
        assert not _RAW_CONTROL.search(p.message), f"{p.code} message not escaped: {p.message!r}"
    if ir is None:
        assert problems, "no IR and no problem"
        return
    assert not problems, problems
    json.dumps(ir)
    if position is None:
        printed = print_option(ir, reg)
        again, problems2 = compile_text(printed, reg, game, None)
        assert not problems2, f"printed `{printed}` of `{text}` does not parse: {problems2}"
        assert again == ir, f"`{text}` -> `{printed}` lowers differently"
        assert print_option(again, reg) == printed, "printing is not stable"


# ---------------------------------------------------------------------------------------------- lint

_FORMATS = ("human", "concise", "json", "sarif", "github")


def lint(data: bytes) -> None:
    """One-file project on standard input -> `paleo lint` in every output format: exit 0 or 1, output escaped and parseable."""
    sys.path.insert(0, str(REPO / "tests"))
    from foundation.helpers import run_cli

    head = data[0] if data else 0
    fmts = _FORMATS if head & 0x80 else (_FORMATS[head % 5],)
    for fmt in fmts:
        rc, out, err = run_cli(["lint", "--isolated", "--stdin-filename", "content/fuzz.yaml", "--format", fmt,
                                "--color", "never"], stdin=data[1:])
        assert rc in (0, 1), f"{fmt}: exit {rc}\n{err[-2000:]}"
        assert "Traceback" not in out + err and "internal error" not in out + err, err[-2000:]
        assert not _RAW_CONTROL.search(out + err), f"{fmt}: raw control character in output"
        if fmt == "json":
            diags = json.loads(out)
            assert all(d["code"] in _codes() for d in diags)
            assert (rc == 1) == any(d["severity"] == "error" for d in diags)
        elif fmt == "sarif":
            json.loads(out)


# ---------------------------------------------------------------------------------------------- fmt


def fmt(data: bytes) -> None:
    """`paleo fmt` on one text: unchanged with a diagnostic, or output that loads to the same data, keeps every comment and is idempotent."""
    from compiler.fmt import comment_texts, format_text, same_data
    from compiler.loader import load_text

    text = _text(data)
    path = "content/paleo/fuzz.yaml"
    out, diags = format_text(text, path)
    _check_diags(diags, path, text)
    if diags:
        assert out == text, "a file with diagnostics was changed"
        return
    if out == text:
        return
    a, da = load_text(path, text)
    b, db = load_text(path, out)
    assert b is not None and not any(d.is_error for d in db), f"output does not load: {db}"
    assert same_data(a.data, b.data), "output loads to other data"
    before, after = comment_texts(text), comment_texts(out)
    assert all(c in after for c in before), f"a comment was lost: {sorted(set(before) - set(after))}"
    again, d2 = format_text(out, path)
    assert again == out and not d2, "fmt is not idempotent"


# ---------------------------------------------------------------------------------------------- runtime


def _bundle() -> dict:
    if "bundle" not in _CACHE:
        sys.path.insert(0, str(REPO / "tests" / "packs"))
        import synthetic_bundle

        _CACHE["bundle"] = synthetic_bundle.cached()
    return _CACHE["bundle"]


_JUNK = [None, -1, 1 << 70, 1.5, "x", "\x1b[31m", [], {}, [0], {"a": 1}, True, float("nan")]


def apply(data: bytes) -> None:
    """A game steered by the bytes: legal actions by index, with edited or junk actions among them.

    Only IllegalAction may refuse an action, and a refusal leaves the state unchanged; the state always
    restores from its own save.
    """
    from runtime import IllegalAction, Game, new_game

    bundle = _bundle()
    if not data:
        return
    players = 1 + data[0] % 4
    scenario = (None, "A", "A+B", "B")[(data[0] >> 2) % 4]
    g = new_game(bundle, scenario=scenario, players=players, seed=data[0] >> 4)
    i = 1
    while i < len(data) and not g.is_terminal():
        b = data[i]
        i += 1
        legal = g.legal_actions()
        assert legal, "a game that is not over has a legal action"
        if b < 200:
            g.apply(legal[b % len(legal)])
            continue
        act = dict(legal[b % len(legal)])
        key = sorted(act)[data[i] % len(act)] if i < len(data) else "type"
        act[key] = _JUNK[(data[i + 1] if i + 1 < len(data) else 0) % len(_JUNK)]
        i += 2
        before = g.to_json()
        def key(x: dict) -> str:  # JSON tells True from 1, as the runtime does
            return json.dumps({k: v for k, v in x.items() if k != "label"}, sort_keys=True)

        ok = any(key(a) == key(act) for a in legal)
        try:
            g.apply(act)
        except IllegalAction as exc:
            assert not ok, f"a legal action was refused: {act}"
            assert g.to_json() == before, "a refused action changed the state"
            assert not _RAW_CONTROL.search(str(exc)), "refusal not escaped"
    again = Game.from_json(bundle, g.to_json())
    assert again.to_json() == g.to_json()


def _save() -> str:
    if "save" not in _CACHE:
        from runtime import new_game

        g = new_game(_bundle(), scenario="A", players=2, seed=3)
        for _ in range(6):
            g.apply(g.legal_actions()[0])
        _CACHE["save"] = g.to_json()
    return _CACHE["save"]


def from_json(data: bytes) -> None:
    """Bytes -> `Game.from_json`: a StateError, or a game whose save round-trips and whose legal actions play."""
    from runtime import Game, StateError

    bundle = _bundle()
    try:
        g = Game.from_json(bundle, data)
    except StateError as exc:
        assert not _RAW_CONTROL.search(str(exc)), f"refusal not escaped: {exc}"
        return
    text = g.to_json()
    assert Game.from_json(bundle, text).to_json() == text
    if not g.is_terminal():
        legal = g.legal_actions()
        assert legal
        g.apply(legal[0])
        Game.from_json(bundle, g.to_json())


# ---------------------------------------------------------------------------------------------- lsp


def lsp(data: bytes) -> None:
    """A half-typed card file and a cursor (the first byte: where) -> what `paleo lsp` works out for a request
    there: completion items replacing only what was typed, semantic tokens inside their strings and in
    order, hover and reference lookups without an exception, positions mapped back inside the text."""
    from compiler.effects.positions import line_col
    from compiler.loader import load_text
    from compiler.lsp import options as O
    from compiler.lsp.engine import is_effect_path, strings_in, effect_string_at, string_offset

    head = data[0] if data else 0
    text = _text(data[1:])
    reg = _registry()
    off = (head * len(text)) // 255 if text else 0
    lines = text.split("\n")
    ln, col = line_col(text, off)
    got = O.option_prefix(lines, ln - 1, col - 1)
    targets = {"secret": ["1", "23"], "token": ["3"], "card": ["Reeds"], "idea": ["Isolation"], "title": ["dodo"]}
    prefixes = [got[1]] if got is not None else []
    prefixes.append(text[:off].rsplit("\n", 1)[-1])
    for prefix in prefixes:
        for it in O.complete(reg, prefix, targets):
            assert 0 <= it.replace_from <= len(prefix), f"{it} replaces outside `{prefix}`"
            assert it.label, it
    lf, diags = load_text("fuzz.yaml", text)
    _check_diags(diags, "fuzz.yaml", text)
    if lf is None:
        return
    for path, value in strings_in(lf.data, ()):
        if not is_effect_path(path):
            continue
        last = -1
        for s, e, kind in O.semantic_tokens(reg, value):
            assert 0 <= s < e <= len(value) and s >= last, f"token {s}-{e} {kind} of `{value}`"
            last = e
        for r in O.references(value):
            assert 0 <= r.start <= r.value_start <= r.value_end <= r.end <= len(value), r
    hit = effect_string_at(lf, off)
    if hit is not None:
        _, value, mapping = hit
        so = string_offset(mapping, off)
        assert 0 <= so <= len(value)
        O.reference_at(value, so)
        O.symbol_at(reg, value, so)


# ---------------------------------------------------------------------------------------------- serve

# every error code the protocol documents (runtime/serve.py, site/protocol.md) except `engine-fault`, a bug
_SERVE_CODES = {"bad-json", "bad-encoding", "empty-line", "line-too-long", "bad-request", "unknown-command",
                "handshake-required", "protocol-version", "bundle-version", "bad-argument", "no-bundle",
                "unknown-handle", "too-many-games", "illegal-action", "not-playable", "setup-error", "state-error",
                "bundle-error"}
_SERVE_MAX_GAMES = 3
_SERVE_SHORT_LINES = 256  # the line limit of the raw mode's second variant: over-long lines are refused
_HUGE = [1 << 63, -(1 << 63) - 1, 1 << 70, 10 ** 400, -1, 0, 2, 1.0, 1e308, -0.0]
_SERVE_JUNK = [*_JUNK[:-1], *_HUGE, "g1", "game:paleo", "A", "\u202e", "x" * 300, [[[[]]]], {"type": "choose"}]


def _serve_valid_id(req) -> bool:
    if not isinstance(req, dict):
        return False
    rid = req.get("id")
    return rid is None or (type(rid) is int and abs(rid) <= 1 << 63) or (isinstance(rid, str) and len(rid) <= 200)


def _serve_check(line: bytes, out: bytes, limit: int) -> dict:
    """One request line and its response line: ASCII JSON, a result or a documented error, the id echoed."""
    assert out.endswith(b"\n") and out.count(b"\n") == 1, f"not one line: {out[:200]!r}"
    assert all(c < 0x80 for c in out), f"not ASCII: {out[:200]!r}"
    resp = json.loads(out)
    assert isinstance(resp, dict) and resp.get("ok") in (True, False), resp
    if resp["ok"] is False:
        err = resp.get("error")
        assert isinstance(err, dict) and isinstance(err.get("message"), str), resp
        assert err.get("code") in _SERVE_CODES, f"{err.get('code')}: {err.get('message')}"
        assert not _RAW_CONTROL.search(err["message"]), f"message not escaped: {err['message']!r}"
        assert all(isinstance(f, str) and not _RAW_CONTROL.search(f) for f in err.get("facts", [])), err
    body = line.rstrip(b"\r\n")
    if len(line.rstrip(b"\n")) > limit:
        assert not resp["ok"] and resp["error"]["code"] == "line-too-long", resp
        return resp
    try:
        req = json.loads(body.decode("utf-8"), parse_constant=lambda c: 1 / 0)
    except (ValueError, ZeroDivisionError, RecursionError):
        req = None
    if _serve_valid_id(req):
        assert resp["id"] == req.get("id") and type(resp["id"]) is type(req.get("id")), f"id {resp['id']!r} for {body[:200]!r}"
    return resp


def _serve_raw(data: bytes) -> None:
    """The bytes as request lines through `serve`'s loop: one response line per request line, in order."""
    import io

    from runtime.serve import MAX_LINE_BYTES, serve

    head, rest = data[0], data[1:]
    limit = _SERVE_SHORT_LINES if head & 4 else MAX_LINE_BYTES
    if head & 2:  # greet first, so the lines reach the commands
        rest = b'{"cmd": "hello", "protocol": 1}\n' + rest
    out = io.BytesIO()
    rc = serve(io.BytesIO(rest), out, bundle=_bundle(), max_games=_SERVE_MAX_GAMES, max_line_bytes=limit)
    assert rc == 0
    lines = rest.split(b"\n")
    lines = [x + b"\n" for x in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    outs = out.getvalue().split(b"\n")[:-1]
    assert out.getvalue().endswith(b"\n") or not outs
    for i, (line, got) in enumerate(zip(lines, outs)):
        resp = _serve_check(line, got + b"\n", limit)
        if resp.get("bye"):
            assert i == len(outs) - 1, "a response after `quit`"
            return
    assert len(outs) == len(lines), f"{len(outs)} responses to {len(lines)} lines"


def _serve_save() -> dict:
    if "serve_save" not in _CACHE:
        _CACHE["serve_save"] = json.loads(_save())
    return _CACHE["serve_save"]


def _forged_bundles() -> list[str]:
    """Files a `bundle` request may name: forged format versions, junk, an empty file (written once per process)."""
    if "forged_bundles" not in _CACHE:
        import atexit
        import shutil
        import tempfile

        d = Path(tempfile.mkdtemp(prefix="fuzz-serve-"))
        atexit.register(shutil.rmtree, d, True)
        texts = [json.dumps({"format_version": v, "games": []}) for v in
                 ("\u00b9.0.0", "\u0661.0.0", "1.0.0", "2.0.0", "1", "", 1, None, "9" * 5000)]
        texts += ["", "\ufeff{}", "[]", "{" * 100000, "\x00\xff", json.dumps({"format_version": "1.0.0", "games": "x"})]
        paths = []
        for n, text in enumerate(texts):
            p = d / f"bundle-{n}.json"
            p.write_bytes(text.encode("utf-8", "surrogateescape"))
            paths.append(str(p))
        _CACHE["forged_bundles"] = paths
    return _CACHE["forged_bundles"]


def _forge(state, data: bytes, i: int) -> tuple[object, int]:
    """A saved game with one value somewhere inside it replaced by junk, steered by the bytes."""
    state = json.loads(json.dumps(state))
    node, depth = state, 0
    while i < len(data) and depth < 8:
        b = data[i]
        i += 1
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        key = keys[b % len(keys)]
        if b & 0x80 or not isinstance(node[key], (dict, list)):
            node[key] = _SERVE_JUNK[(data[i] if i < len(data) else 0) % len(_SERVE_JUNK)]
            return state, i + 1
        node, depth = node[key], depth + 1
    return state, i


def _serve_script(data: bytes) -> None:
    """Requests made from the bytes, sent to `Server.handle` one at a time: every command with good, junk and
    forged arguments (huge numbers, unknown handles, saved games with a value replaced, forged bundle files),
    handles and saves taken from earlier responses. A save loads back to the same save on the bundle its game
    was made on."""
    from runtime.serve import Server, encode

    server = Server(_bundle(), max_games=_SERVE_MAX_GAMES)
    handles: list[str] = []
    saves: list[dict] = [_serve_save()]
    legal: list[dict] = []
    made_on: dict = {}
    i = 1

    def byte() -> int:
        nonlocal i
        i += 1
        return data[i - 1] if i - 1 < len(data) else 0

    def pick(options: list):
        return options[byte() % len(options)]

    def handle_arg():
        return pick([*handles, *handles, "g0", "g99", None, 7, "g1" * 100] if handles else ["g1", None, 1])

    def send(req) -> dict:
        line = (req if isinstance(req, bytes) else json.dumps(req).encode()) + b"\n"
        resp = _serve_check(line, encode(server.handle(line)), server.max_line_bytes)
        if resp["ok"] and isinstance(resp.get("handle"), str) and resp["handle"] not in handles:
            handles.append(resp["handle"])
            made_on[resp["handle"]] = server.bundle  # a save loads back on the bundle its game was made on
        if resp["ok"] and isinstance(resp.get("legal") or resp.get("actions"), list):
            legal[:] = resp.get("legal") or resp.get("actions")
        return resp

    send({"cmd": "hello", "protocol": 1} if data[0] & 2 else pick([{"cmd": "hello", "protocol": v} for v in _SERVE_JUNK]))
    while i < len(data) and not server.done:
        op = byte() % 18
        req: dict = {}
        if op == 0:
            req = {"cmd": "hello", "protocol": pick([1, 1, *_SERVE_JUNK]), "format_version": pick(
                [None, "1.0.0", "2.0", "1", "x.y", "9" * 50, 1, "01.0", "\u00b9.0", "\u0661", "1.\u00b2"])}
        elif op == 1:
            req = {"cmd": "new", "game": pick(["game:paleo", "game:paleo", "game:paleovet", *_SERVE_JUNK]),
                   "players": pick([1, 2, 2, 3, 4, 5, *_SERVE_JUNK]), "seed": pick([0, 1, 7, *_HUGE, *_SERVE_JUNK]),
                   "setup": pick([None, {}, {"scenario": "A"}, {"scenario": pick(["A+B", "B", "scenario:anb/I", "x"])},
                                  {"modules": pick([["A"], ["Z"], [], [1]])}, {"boards": ["board:x"]},
                                  {"options": {"x": 1}}, {"scenario": 1}, {"x": 1}, [], "A"]),
                   "with_legal": pick([True, False, None, 1])}
        elif op in (2, 3, 4, 5):
            req = {"cmd": "apply", "handle": handle_arg()}
            how = byte() % 6
            if how <= 2 or not legal:
                req["index"] = pick([0, 0, 1, 2, byte(), *_HUGE, *_SERVE_JUNK])
            elif how == 3:
                act = dict(pick(legal))
                if byte() & 1:
                    act[pick(sorted(act))] = pick(_SERVE_JUNK)
                req["action"] = act
            elif how == 4:
                req["action_id"] = pick([0, 1, byte(), *_HUGE, *_SERVE_JUNK])
            else:
                req.update(index=0, action_id=0)
            if byte() & 1:
                req["player"] = pick([0, 1, 3, *_HUGE, *_SERVE_JUNK])
            if byte() & 1:
                req["with_legal"] = True
        elif op == 6:
            req = {"cmd": "legal", "handle": handle_arg()}
            if byte() & 1:
                req["player"] = pick([0, 1, 2, 4, *_HUGE, *_SERVE_JUNK])
        elif op == 7:
            req = {"cmd": "observe", "handle": handle_arg(), "player": pick([0, 1, 5, *_HUGE, *_SERVE_JUNK])}
        elif op == 8:
            req = {"cmd": "status", "handle": handle_arg()}
        elif op == 9:
            req = {"cmd": "save", "handle": handle_arg(), "log": pick([True, True, False, *_SERVE_JUNK])}
            resp = send(req)
            if resp["ok"]:
                saves.append(resp["state"])
                again = send({"cmd": "load", "state": resp["state"]})
                if again["ok"]:
                    back = send({"cmd": "save", "handle": again["handle"], "log": req["log"]})
                    assert back["ok"] and back["state"] == resp["state"], "a save does not load back to itself"
                    send({"cmd": "close", "handle": again["handle"]})
                    handles.remove(again["handle"])
                elif made_on.get(req["handle"]) is server.bundle:
                    assert again["error"]["code"] == "too-many-games", again
                else:  # a `bundle` request replaced the bundle since: the save may name what it lacks
                    assert again["error"]["code"] in ("too-many-games", "state-error"), again
            continue
        elif op in (10, 11):
            state, i = _forge(pick(saves), data, i)
            req = {"cmd": "load", "state": pick([state, state, json.dumps(state), json.dumps(state)[:byte() * 40]])}
        elif op == 12:
            req = {"cmd": "load", "state": pick(_SERVE_JUNK)}
        elif op == 13:
            h = handle_arg()
            req = {"cmd": "close", "handle": h}
            if send(req)["ok"]:
                handles.remove(h)
            continue
        elif op == 14:
            req = {"cmd": pick(["games", "quit", "bundle", "bundle", "nope", "", "HELLO"]), "path": pick(
                ["/nonexistent/bundle.json", "/dev/zero", "/", "{\"x\": 1}", "", 1, *_forged_bundles()])}
            if req["cmd"] in ("games", "quit"):
                del req["path"]
        elif op == 15:  # a raw line: bytes of the input, or JSON that is not a request
            n = byte()
            raw = data[i:i + n].replace(b"\n", b" ")
            i += n
            send(pick([raw, b"[]", b"1", b'"cmd"', b"{", b'{"cmd": "status", "handle": "g1"' + b"]" * 10,
                       b"\xff\xfe", b"\t", b'{"cmd": "games", "x": NaN}', b'{"cmd": "games", "id": 1e999}',
                       b"[" * 5000 + b"]" * 5000]))
            continue
        else:  # a good request with a bad id or an extra key
            req = {"cmd": pick(["games", "status", "legal"]), "handle": handle_arg()}
            if req["cmd"] == "games":
                del req["handle"]
            if op == 16:
                req["id"] = pick([None, 0, "a", "é" * 200, "x" * 201, *_HUGE, True, [1], {}])
            else:
                req[pick(["extra", "handle2", "cmd2", "\u0000"])] = 1
        if byte() & 1 and "id" not in req:
            req["id"] = pick([1, "r", -5, None, 1 << 62])
        send(req)


def serve(data: bytes) -> None:
    """The JSON-lines protocol of `python -m runtime serve`, in process: the first byte's low bit picks raw
    lines through the serving loop or requests made from the bytes; every response is one ASCII JSON line
    with a result or a documented error code (never `engine-fault`), repeating the request's id."""
    if not data:
        return
    if data[0] & 1:
        _serve_script(data)
    else:
        _serve_raw(data)


# ---------------------------------------------------------------------------------------------- configuration


def _scratch(name: str) -> Path:
    """A private folder of this process for one target's files (made once, mode 0700)."""
    import tempfile

    got = _CACHE.get(("scratch", name))
    if got is None:
        got = _CACHE[("scratch", name)] = Path(tempfile.mkdtemp(prefix=f"paleo-fuzz-{name}-"))
    return got


_SETTINGS = ("PALEO_CACHE_MAX_MB", "PALEO_CACHE_DIR", "PALEO_NO_CACHE", "XDG_CACHE_HOME")


def config(data: bytes) -> None:
    """Bytes -> `pyproject.toml` read by `load_config` (C003 diagnostics placed inside the text, never an
    exception), and the first line of the bytes as each setting from the environment (`cache_max_bytes`: a size
    or a SettingError; `cache_dir`: a private folder or None)."""
    import os

    from compiler.paths import SettingError, cache_dir, cache_max_bytes, private_folder
    from compiler.project import load_config

    root = _scratch("config")
    (root / "pyproject.toml").write_bytes(data)
    cfg, diags = load_config(root)
    text = data.decode("utf-8", "replace")
    _check_diags(diags, "pyproject.toml", text)
    assert all(d.code == "C003" for d in diags), [d.code for d in diags]
    assert all("\0" not in c for c in cfg.content), cfg.content
    line = text.split("\n", 1)[0].replace("\0", "")[:4096]
    saved = {k: os.environ.get(k) for k in _SETTINGS}
    try:
        os.environ["PALEO_CACHE_MAX_MB"] = line
        try:
            n = cache_max_bytes()
            assert isinstance(n, int) and 0 <= n <= (1 << 40), n
        except SettingError as exc:
            assert not _RAW_CONTROL.search(str(exc)), str(exc)
        os.environ.pop("PALEO_CACHE_MAX_MB")
        if line:
            os.environ["PALEO_CACHE_DIR"] = str(root / "cache-from-env" / line[:200].replace("/", "_"))
        os.environ["XDG_CACHE_HOME"] = str(root / "xdg")
        d = cache_dir()
        assert d is None or private_folder(d), d
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


# ---------------------------------------------------------------------------------------------- cache files


def cache(data: bytes) -> None:
    """Bytes as a cache folder's files: in place of a build-cache entry (alone and after a valid header, with its
    signature forged), of the compiled grammar's entry and of the folder's secret; `Cache.get` and the grammar
    store give a value or a miss, never an exception, and the grammar still parses."""
    from compiler.cache import Cache
    from compiler.effects import parser as P
    from compiler.store import MAGIC, SignedStore

    folder = _scratch("cache")
    key = "k" + str(len(data) % 7)
    forged = MAGIC + key.encode() + b"\n" + (data[:64].hex()[:64].encode().ljust(64, b"0")) + b"\n" + data[64:]
    for blob in (data, forged):
        (folder / "entry.bin").write_bytes(blob)
        got = Cache(folder, max_bytes=1 << 20).get("entry.bin", key)
        assert got is None, "an entry not signed with the folder's secret was read"
    if data[:1] == b"s":  # the bytes as the folder's secret: a store signs and reads back its own entries
        (folder / "secret").write_bytes(data[1:33])
        store = SignedStore(folder, 1 << 20)
        store.put_plain("own.bin", key, {"n": len(data)})
        assert store.get("own.bin", key) == {"n": len(data)}
        (folder / "secret").unlink()
    gfolder = _scratch("cache-grammar")
    for p in gfolder.glob("effects-*.grammar"):
        p.write_bytes(data)
    import os

    saved = os.environ.get("PALEO_CACHE_DIR")
    os.environ["PALEO_CACHE_DIR"] = str(gfolder)
    try:
        lark_parser = P._cached_lark(P.grammar_text(), "fuzz", parser="lalr", lexer="contextual",
                                     maybe_placeholders=False)
        assert lark_parser.parse("-> 1 wood") is not None
    finally:
        if saved is None:
            os.environ.pop("PALEO_CACHE_DIR", None)
        else:
            os.environ["PALEO_CACHE_DIR"] = saved


TARGETS = {"loader": loader, "effects": effects, "lint": lint, "fmt": fmt, "apply": apply, "from_json": from_json,
           "lsp": lsp, "serve": serve, "config": config, "cache": cache}


def inputs(name: str) -> list[tuple[Path, bytes]]:
    """The committed seed corpus and regression inputs of one target."""
    out = []
    for d in (CORPUS / name, REGRESSIONS / name):
        if d.is_dir():
            out += [(p, p.read_bytes()) for p in sorted(d.iterdir()) if p.is_file() and p.name != "README.md"]
    return out


def warm(name: str) -> None:
    """Build what a target caches (registry, bundle) so a time budget is spent on inputs."""
    if name in ("apply", "from_json", "serve"):
        _save()
    elif name in ("effects", "lsp"):
        _registry()
    TARGETS[name](b"")


if __name__ == "__main__":  # replay one input: python tests/fuzz/targets.py TARGET FILE
    TARGETS[sys.argv[1]](Path(sys.argv[2]).read_bytes())
    print("ok")
