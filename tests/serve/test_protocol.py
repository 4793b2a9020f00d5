"""`python -m runtime serve` driven as a frontend drives it: handshake, whole games, bad lines, interleaving, save and load."""

from __future__ import annotations

import json
import random

import pytest

from runtime import load_bundle, new_game
from runtime.serve import MAX_LINE_BYTES

from .conftest import Frontend

PALEO = {"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 2}
VET = {"cmd": "new", "game": "game:paleovet", "players": 2}


def _direct(bundle: dict, req: dict, seed: int, moves: int | None = None):
    """The same game played in process with the same choices (index = rng.randrange of the legal list)."""
    g = new_game(bundle, game=req["game"], setup=req.get("setup"), players=req["players"], seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal() and (moves is None or n < moves):
        g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
        n += 1
    return g


def _play(fe: Frontend, handle: str, seed: int, moves: int | None = None) -> dict:
    rng = random.Random(seed)
    status = fe.ok({"cmd": "status", "handle": handle})
    n = 0
    while not status["terminal"] and (moves is None or n < moves):
        legal = fe.ok({"cmd": "legal", "handle": handle})["actions"]
        status = fe.ok({"cmd": "apply", "handle": handle, "index": rng.randrange(len(legal))})
        n += 1
    return status


def _printable_ascii(lines) -> None:
    for line in lines:
        assert all(32 <= b < 127 for b in line), f"a response byte outside printable ASCII: {line[:200]!r}"


def test_handshake_first_then_versions(frontend):
    r = frontend.ask({"id": "a", "cmd": "legal", "handle": "g1"})
    assert r == {"id": "a", "ok": False, "error": {"code": "handshake-required", "message": r["error"]["message"]}}
    r = frontend.ask({"id": 1, "cmd": "hello", "protocol": 2})
    assert r["error"]["code"] == "protocol-version" and r["error"]["protocol"] == 1
    assert frontend.ask({"cmd": "hello"})["error"]["code"] == "bad-argument"
    r = frontend.ask({"cmd": "hello", "protocol": 1, "format_version": "2.0.0"})  # a frontend written for bundles 2.x
    assert r["error"]["code"] == "bundle-version" and r["error"]["format_version"].startswith("1.")
    assert frontend.ask({"cmd": "hello", "protocol": 1, "format_version": "9" * 60})["error"]["code"] == "bad-argument"
    assert frontend.ask({"cmd": "games"})["error"]["code"] == "handshake-required"  # a refused hello greets nobody
    assert frontend.ok({"cmd": "hello", "protocol": 1, "format_version": "1.4"})["protocol"] == 1
    hello = frontend.hello()
    import compiler

    assert hello["protocol"] == 1 and hello["runtime"] == compiler.__version__
    assert hello["state_format"] == "runtime-state/2" and hello["bundle_major"] == 1
    assert hello["bundle"]["format_version"].split(".")[0] == "1"
    assert {"game:paleo", "game:paleovet"} <= set(hello["definitions"])
    assert "game:paleo" in hello["bundle"]["games"]
    assert hello["limits"] == {"max_line_bytes": MAX_LINE_BYTES, "max_games": 64}
    assert frontend.close() == (0, b"")


@pytest.mark.parametrize("req,seed", [(PALEO, 7), (VET, 3)], ids=["paleo", "paleovet"])
def test_a_whole_game_over_the_protocol_is_the_direct_game(req, seed, paleo_file, vet_file):
    path = paleo_file if req is PALEO else vet_file
    fe = Frontend("--bundle", str(path))
    fe.hello()
    h = fe.ok({**req, "seed": seed})["handle"]
    end = _play(fe, h, seed)
    direct = _direct(load_bundle(str(path)), req, seed)
    assert end["terminal"] is True and end["outcome"] == direct.outcome and end["actions"] == direct.action_count
    for p in range(req["players"]):
        assert fe.ok({"cmd": "observe", "handle": h, "player": p})["observation"] == json.loads(json.dumps(direct.observation(p)))
    r = fe.ask({"cmd": "apply", "handle": h, "index": 0})
    assert r["error"]["code"] == "illegal-action"  # nothing is legal after the end
    assert fe.ok({"cmd": "legal", "handle": h})["actions"] == []
    _printable_ascii(fe.raw)
    assert fe.close() == (0, b"")


def test_apply_by_record_and_by_index_for_a_player(frontend):
    frontend.hello()
    h = frontend.ok({**PALEO, "seed": 5})["handle"]
    mine = frontend.ok({"cmd": "legal", "handle": h, "player": 1})["actions"]
    assert mine and all(a["player"] == 1 for a in mine)
    r = frontend.ok({"cmd": "apply", "handle": h, "index": len(mine) - 1, "player": 1})
    assert r["actions"] == 1 and r["current_players"] == [0]
    assert [e["t"] for e in r["events"]] == ["chose"] and r["events"][0]["player"] == 1
    first = frontend.ok({"cmd": "legal", "handle": h})["actions"][0]
    edited = {**first, "label": "whatever", "type": "sleep-forever"}
    before = frontend.ok({"cmd": "save", "handle": h})["state"]
    bad = frontend.ask({"cmd": "apply", "handle": h, "action": edited})
    assert bad["error"]["code"] == "illegal-action" and "legal now" in bad["error"]["message"]
    assert frontend.ask({"cmd": "apply", "handle": h, "index": 99})["error"]["code"] == "illegal-action"
    assert frontend.ok({"cmd": "save", "handle": h})["state"] == before  # refused: nothing changed
    for req in ({"cmd": "apply", "handle": h}, {"cmd": "apply", "handle": h, "index": 0, "action": first},
                {"cmd": "apply", "handle": h, "index": "0"}, {"cmd": "apply", "handle": h, "index": True},
                {"cmd": "apply", "handle": h, "action": first, "player": 0}, {"cmd": "apply", "handle": h, "action": [1]},
                {"cmd": "apply", "handle": h, "index": 0, "player": 2}, {"cmd": "observe", "handle": h},
                {"cmd": "observe", "handle": h, "player": -1}, {"cmd": "legal", "handle": 1}):
        assert frontend.ask(req)["error"]["code"] == "bad-argument", req
    done = frontend.ok({"cmd": "apply", "handle": h, "action": {**first, "label": "ignored"}})
    assert done["actions"] == 2 and done["events"][-1]["t"] == "reveal"


def test_malformed_lines_each_get_one_structured_error(frontend):
    frontend.hello()
    cases = [
        (b"not json", "bad-json"), (b"{\"cmd\": \"hello\",", "bad-json"), (b"", "empty-line"), (b"   \t", "empty-line"),
        (b"[1, 2]", "bad-request"), (b"\"hello\"", "bad-request"), (b"{}", "bad-request"),
        (b'{"cmd": 5}', "bad-request"), (b"\xff\xfe{}", "bad-encoding"), (b'{"cmd": "games", "x": NaN}', "bad-json"),
        (b'{"cmd": "new", "seed": Infinity}', "bad-json"), (b"[" * 100000 + b"]" * 100000, "bad-json"),
        (b'{"cmd": "games", "id": ' + b"9" * 5000 + b"}", "bad-json"), (b'{"cmd": "games", "id": {"a": 1}}', "bad-request"),
        (b'{"cmd": "games", "id": "' + b"x" * 300 + b'"}', "bad-request"), (b'{"cmd": "games", "extra": 1}', "bad-request"),
        (b'{"cmd": "games"}\r', None),
    ]
    for line, code in cases:
        r = frontend.ask(line)
        if code is None:
            assert r["ok"] is True
        else:
            assert r["ok"] is False and r["error"]["code"] == code, (line[:60], r)
            assert r["error"]["message"]
    assert frontend.ask({"id": "still", "cmd": "games"}) == {"id": "still", "ok": True, "handles": []}
    _printable_ascii(frontend.raw)
    assert frontend.close() == (0, b"")


def test_unknown_commands_and_bad_new_arguments(frontend):
    frontend.hello()
    r = frontend.ask({"id": 9, "cmd": "teleport"})
    assert r["id"] == 9 and r["error"]["code"] == "unknown-command" and "hello, bundle, new" in r["error"]["message"]
    assert frontend.ask({"cmd": "HELLO", "protocol": 1})["error"]["code"] == "unknown-command"
    assert frontend.ask({"cmd": "status", "handle": "g404"})["error"]["code"] == "unknown-handle"
    for req in ({"cmd": "new", "game": "game:paleo", "players": 2}, {"cmd": "new", "game": "game:paleo", "players": 2.0, "seed": 1},
                {"cmd": "new", "players": 2, "seed": 1}, {**PALEO, "seed": 1, "setup": {"scenario": 5}},
                {**PALEO, "seed": 1, "setup": {"level": "I"}}, {**PALEO, "seed": 1, "setup": [1]},
                {**PALEO, "seed": 1, "setup": {"modules": ["a", 1]}}):
        assert frontend.ask(req)["error"]["code"] == "bad-argument", req
    r = frontend.ask({**PALEO, "seed": 1, "setup": {"scenario": "Z\x1b]0;owned\x07"}})
    assert r["error"]["code"] == "setup-error" and "U+001B" in r["error"]["message"] and "\x1b" not in r["error"]["message"]
    assert frontend.ask({**PALEO, "seed": 1, "players": 9})["error"]["code"] == "setup-error"
    assert frontend.ask({**PALEO, "seed": 1, "game": "game:chess"})["error"]["code"] == "setup-error"
    r = frontend.ask({**VET, "seed": 1})  # this bundle lacks PaleoVet's cards: every missing fact is named
    assert r["error"]["code"] == "not-playable" and r["error"]["facts"] and all(isinstance(f, str) for f in r["error"]["facts"])
    _printable_ascii(frontend.raw)
    assert frontend.close() == (0, b"")


def _peak_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


def test_a_huge_line_is_refused_without_being_held(paleo_file):
    fe = Frontend("--bundle", str(paleo_file), "--max-line-bytes", "4096")
    fe.hello()
    assert fe.ok({**PALEO, "seed": 2})["handle"] == "g1"
    before = _peak_kib(fe.proc.pid)
    huge = b'{"cmd": "games", "pad": "' + b"x" * (96 << 20) + b'"}'  # 96 MiB in one line
    r = fe.ask(huge)
    assert r == {"id": None, "ok": False, "error": {"code": "line-too-long", "message": r["error"]["message"]}}
    assert "4096" in r["error"]["message"]
    assert _peak_kib(fe.proc.pid) - before < 16 << 10  # never near the 96 MiB it was sent
    exact = b'{"cmd":"games","pad":"' + b"y" * (4096 - 25) + b'"}'  # 4096 bytes: the most a line may be
    assert len(exact) == 4096 - 1 and fe.ask(exact)["error"]["code"] == "bad-request"  # read, then refused for `pad`
    assert fe.ok({"cmd": "status", "handle": "g1"})["actions"] == 0  # the game survived
    assert fe.close() == (0, b"")


def test_the_default_line_bound_holds_a_save(paleo_file):
    fe = Frontend("--bundle", str(paleo_file))
    fe.hello()
    r = fe.ask(b'{"cmd": "games", "pad": "' + b"x" * MAX_LINE_BYTES + b'"}')
    assert r["error"]["code"] == "line-too-long"
    h = fe.ok({**PALEO, "seed": 11})["handle"]
    _play(fe, h, 11)
    state = json.dumps(fe.ok({"cmd": "save", "handle": h})["state"])
    assert len(state) < MAX_LINE_BYTES // 8  # a whole game's save with its log is far below the bound
    assert fe.close() == (0, b"")


def test_interleaved_games_are_independent(paleo_file, vet_file):
    fe = Frontend("--bundle", str(paleo_file), "--max-games", "3")
    fe.hello()
    seeds = {fe.ok({**PALEO, "seed": s})["handle"]: s for s in (1, 2, 3)}
    assert fe.ask({**PALEO, "seed": 4})["error"]["code"] == "too-many-games"
    rngs = {h: random.Random(s) for h, s in seeds.items()}
    live = dict(seeds)
    ends = {}
    while live:  # one action of each game in turn
        for h in list(live):
            legal = fe.ok({"cmd": "legal", "handle": h})["actions"]
            st = fe.ok({"cmd": "apply", "handle": h, "index": rngs[h].randrange(len(legal))})
            if st["terminal"]:
                ends[h] = st
                del live[h]
    bundle = load_bundle(str(paleo_file))
    for h, s in seeds.items():
        assert ends[h]["outcome"] == _direct(bundle, PALEO, s).outcome
    assert fe.ok({"cmd": "close", "handle": "g2"})["closed"] is True
    assert fe.ask({"cmd": "status", "handle": "g2"})["error"]["code"] == "unknown-handle"
    assert fe.ok({"cmd": "games"})["handles"] == ["g1", "g3"]
    fe.ok({"cmd": "bundle", "path": str(vet_file)})  # a second bundle: new games use it, open games keep theirs
    vet = fe.ok({**VET, "seed": 8})["handle"]
    assert vet == "g4"  # handles are never reused
    assert _play(fe, vet, 8)["outcome"] == _direct(load_bundle(str(vet_file)), VET, 8).outcome
    assert fe.ok({"cmd": "status", "handle": "g1"})["outcome"] == ends["g1"]["outcome"]
    assert fe.ask({"cmd": "bundle", "path": str(vet_file) + ".missing"})["error"]["code"] == "bundle-error"
    assert fe.ask({"cmd": "bundle", "path": '{"format_version": "1.0"}'})["error"]["code"] == "bad-argument"
    assert fe.close() == (0, b"")


def test_save_and_load_round_trip_across_processes(paleo_file):
    fe = Frontend("--bundle", str(paleo_file))
    fe.hello()
    h = fe.ok({**PALEO, "seed": 21})["handle"]
    _play(fe, h, 21, moves=9)
    saved = fe.ok({"cmd": "save", "handle": h})["state"]
    assert saved["format"] == "runtime-state/2"
    copy = fe.ok({"cmd": "load", "state": saved})
    assert copy["handle"] == "g2" and copy["actions"] == 9
    as_text = fe.ok({"cmd": "load", "state": json.dumps(saved)})["handle"]
    obs = [fe.ok({"cmd": "observe", "handle": x, "player": 1})["observation"] for x in (h, "g2", as_text)]
    assert obs[0] == obs[1] == obs[2]
    rng = random.Random(99)
    for _ in range(12):  # the same actions on the original and the copy keep them equal
        legal = fe.ok({"cmd": "legal", "handle": h})["actions"]
        if not legal:
            break
        i = rng.randrange(len(legal))
        a, b = fe.ok({"cmd": "apply", "handle": h, "index": i}), fe.ok({"cmd": "apply", "handle": "g2", "index": i})
        assert a["events"] == b["events"]
    mid = fe.ok({"cmd": "save", "handle": h})["state"]
    assert fe.ok({"cmd": "save", "handle": "g2"})["state"] == mid
    assert "log" not in fe.ok({"cmd": "save", "handle": h, "log": False})["state"]
    assert fe.close() == (0, b"")
    again = Frontend("--bundle", str(paleo_file))  # a new process restores the game exactly
    again.hello()
    g = again.ok({"cmd": "load", "state": mid})["handle"]
    assert again.ok({"cmd": "save", "handle": g})["state"] == mid
    forged = json.loads(json.dumps(mid))
    forged["cards"][0] = "card:nowhere/none"
    for bad in (forged, {**mid, "format": "runtime-state/1"}, "{not json", 5, {"format": "runtime-state/2"}):
        r = again.ask({"cmd": "load", "state": bad})
        assert r["error"]["code"] == ("bad-argument" if bad == 5 else "state-error"), (str(bad)[:60], r)
    assert again.ok({"cmd": "games"})["handles"] == [g]
    assert again.ok({"id": "end", "cmd": "quit"}) == {"id": "end", "ok": True, "bye": True}
    assert again.proc.wait(timeout=30) == 0


def test_without_a_bundle_new_games_wait_for_one(paleo_file):
    fe = Frontend("--no-demo")
    assert fe.ask({"cmd": "hello", "protocol": 1, "format_version": "0.9"})["error"]["code"] == "bundle-version"
    assert fe.hello()["bundle"] is None
    assert fe.ask({**PALEO, "seed": 1})["error"]["code"] == "no-bundle"
    assert fe.ask({"cmd": "load", "state": {}})["error"]["code"] == "no-bundle"
    assert fe.ok({"cmd": "bundle", "path": str(paleo_file)})["bundle"]["format_version"].startswith("1.")
    assert fe.ok({**PALEO, "seed": 1})["handle"] == "g1"
    assert fe.close() == (0, b"")


def test_command_line_refusals_are_one_line(tmp_path):
    import subprocess
    import sys

    from .conftest import ROOT

    bad = tmp_path / "bundle.json"
    bad.write_text('{"format_version": "9.0"}', encoding="utf-8")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    p = subprocess.run([sys.executable, "-m", "runtime", "serve", "--bundle", str(bad)], capture_output=True, text=True,
                       env=env, stdin=subprocess.DEVNULL)
    assert p.returncode == 2 and p.stdout == "" and "major version 9" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run([sys.executable, "-m", "runtime"], capture_output=True, text=True, env=env)
    assert p.returncode == 2 and "usage: python -m runtime serve" in p.stderr
    p = subprocess.run([sys.executable, "-m", "runtime", "--version"], capture_output=True, text=True, env=env)
    import compiler

    assert p.returncode == 0 and p.stdout.strip() == f"paleo-runtime {compiler.__version__}"


def test_labels_and_messages_are_escaped_for_display():
    from runtime.serve import _error, _safe, encode

    acts = _safe([{"type": "x", "label": "take \x1b[31mred\x1b[0m\u2028now"}, {"type": "y", "label": "plain"}])
    assert acts[0]["label"] == "take U+001B[31mredU+001B[0mU+2028now" and acts[1]["label"] == "plain"
    line = encode(_error("i", "bad-argument", "a\x07b\r\nc" + "x" * 900))
    msg = json.loads(line)["error"]["message"]  # cut to 500 characters, then each control one as U+XXXX
    assert msg.startswith("aU+0007bU+000DU+000Ac") and len(msg) == 500 + 3 * 5 and msg.endswith("…")
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and all(32 <= c < 127 for c in line[:-1])


def test_the_server_keeps_the_policy_bounds():
    from compiler import limits
    from runtime import safetext, serve

    assert serve.MAX_LINE_BYTES == limits.MAX_REQUEST_LINE_BYTES and serve.MAX_GAMES == limits.MAX_SERVED_GAMES
    assert safetext.MAX_MESSAGE_CHARS == limits.MAX_MESSAGE_CHARS


def test_a_frontend_that_stops_reading_ends_the_server_quietly(paleo_file):
    fe = Frontend("--bundle", str(paleo_file))
    fe.proc.stdout.close()  # the frontend goes away before the first response
    try:
        fe.send(b'{"cmd": "hello", "protocol": 1}\n' + b'{"cmd": "games"}\n' * 1000)
        fe.proc.stdin.close()
    except BrokenPipeError:
        pass
    assert fe.proc.wait(timeout=60) == 0
    assert fe.proc.stderr.read() == b""


def test_with_legal_saves_a_round_trip_per_action(frontend, paleo_file):
    frontend.hello()
    r = frontend.ok({**PALEO, "seed": 13, "with_legal": True})
    h, legal = r["handle"], r["legal"]
    assert legal == frontend.ok({"cmd": "legal", "handle": h})["actions"]
    before = frontend.ok({"cmd": "save", "handle": h})["state"]
    assert frontend.ask({"cmd": "apply", "handle": h, "index": 0, "with_legal": 1})["error"]["code"] == "bad-argument"
    assert frontend.ok({"cmd": "save", "handle": h})["state"] == before  # refused before anything was applied
    rng = random.Random(13)
    while legal:
        r = frontend.ok({"cmd": "apply", "handle": h, "index": rng.randrange(len(legal)), "with_legal": True})
        legal = r["legal"]
        assert r["terminal"] == (legal == [])
    assert r["outcome"] == _direct(load_bundle(str(paleo_file)), PALEO, 13).outcome
    assert "legal" not in frontend.ok({"cmd": "status", "handle": h})
    saved = frontend.ok({"cmd": "save", "handle": h})["state"]
    assert frontend.ok({"cmd": "load", "state": saved, "with_legal": True})["legal"] == []
