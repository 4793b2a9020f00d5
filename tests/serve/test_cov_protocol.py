"""The protocol's refusals in process (`Server.handle`, `serve`, `main`): every way of naming an action, the
argument checks, a response that cannot be written, a frontend that goes away and the command line's own refusals."""

from __future__ import annotations

import io
import json

import pytest

from runtime import serve as SV


def _server(bundle) -> SV.Server:
    srv = SV.Server(bundle)
    assert srv.handle(b'{"cmd": "hello", "protocol": 1}')["ok"] is True
    return srv


def _ask(srv: SV.Server, req: dict) -> dict:
    return srv.handle(json.dumps(req).encode())


def _code(r: dict) -> str:
    assert r["ok"] is False, r
    return r["error"]["code"]


@pytest.fixture()
def game(bundle_dict):
    srv = _server(bundle_dict)
    r = _ask(srv, {"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 2, "seed": 3})
    assert r["ok"], r
    return srv, r["handle"]


def test_an_integer_id_is_a_64_bit_number(bundle_dict):
    srv = _server(bundle_dict)
    assert _code(_ask(srv, {"id": 1 << 64, "cmd": "games"})) == "bad-request"
    assert _ask(srv, {"id": -(1 << 62), "cmd": "games"}) == {"id": -(1 << 62), "ok": True, "handles": []}


def test_every_way_of_naming_an_action_and_its_refusals(game):
    srv, h = game
    legal = _ask(srv, {"cmd": "legal", "handle": h, "player": 0})
    first = legal["actions"][0]
    # exactly one of action, index and action_id
    assert _code(_ask(srv, {"cmd": "apply", "handle": h, "action": first, "index": 0})) == "bad-argument"
    assert _code(_ask(srv, {"cmd": "apply", "handle": h})) == "bad-argument"
    # an id is the same choice for every seat, so it needs the player
    r = _ask(srv, {"cmd": "apply", "handle": h, "action_id": legal["ids"][0]})
    assert _code(r) == "bad-argument" and "`player`" in r["error"]["message"]
    n = legal["num_distinct_actions"]
    for bad in (n, -1, "0", True):
        r = _ask(srv, {"cmd": "apply", "handle": h, "action_id": bad, "player": 0})
        assert _code(r) == "bad-argument" and f"0 to {n - 1}" in r["error"]["message"]
    # a record names its own player; it is an object
    r = _ask(srv, {"cmd": "apply", "handle": h, "action": first, "player": 0})
    assert _code(r) == "bad-argument" and "`index`" in r["error"]["message"]
    assert _code(_ask(srv, {"cmd": "apply", "handle": h, "action": [first]})) == "bad-argument"
    assert _code(_ask(srv, {"cmd": "apply", "handle": h, "index": "0"})) == "bad-argument"
    # a player outside the seats
    r = _ask(srv, {"cmd": "observe", "handle": h, "player": 2})
    assert _code(r) == "bad-argument" and "0 to 1" in r["error"]["message"]
    # nothing above changed the game
    assert _ask(srv, {"cmd": "status", "handle": h})["actions"] == 0
    # the id the legal list gave applies that very action
    r = _ask(srv, {"cmd": "apply", "handle": h, "action_id": legal["ids"][0], "player": 0, "with_legal": True})
    assert r["ok"] and r["actions"] == 1
    assert r["legal"] == _ask(srv, {"cmd": "legal", "handle": h})["actions"]


def test_save_takes_a_boolean_log(game):
    srv, h = game
    r = _ask(srv, {"cmd": "save", "handle": h, "log": "no"})
    assert _code(r) == "bad-argument" and "`log`" in r["error"]["message"]
    assert "log" not in _ask(srv, {"cmd": "save", "handle": h, "log": False})["state"]
    with_log = _ask(srv, {"cmd": "save", "handle": h, "log": True})["state"]
    loaded = _ask(srv, {"cmd": "load", "state": json.dumps(with_log), "with_legal": True})
    assert loaded["ok"] and loaded["legal"] == _ask(srv, {"cmd": "legal", "handle": h})["actions"]


def test_new_with_legal_lists_the_legal_actions(bundle_dict):
    srv = _server(bundle_dict)
    r = _ask(srv, {"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 1, "seed": 0,
                   "with_legal": True})
    assert r["ok"] and r["legal"] and r["legal"] == _ask(srv, {"cmd": "legal", "handle": r["handle"]})["actions"]


def test_a_fault_of_the_engine_is_answered_and_the_server_goes_on(game, monkeypatch):
    srv, h = game

    def broken(self, player=None):
        raise KeyError("boom\x1b[2J")

    monkeypatch.setattr(type(srv.games[h]), "legal_actions", broken)
    r = _ask(srv, {"id": 7, "cmd": "legal", "handle": h})
    assert _code(r) == "engine-fault" and r["id"] == 7
    assert "KeyError" in r["error"]["message"] and "\x1b" not in r["error"]["message"]
    assert _ask(srv, {"cmd": "games"})["handles"] == [h]


def test_a_response_that_is_not_json_becomes_an_engine_fault():
    line = SV.encode({"id": "x", "ok": True, "value": float("nan")})
    r = json.loads(line)
    assert line.endswith(b"\n") and r["id"] == "x" and r["error"]["code"] == "engine-fault"
    r = json.loads(SV.encode({"id": {"not": "an id"}, "ok": True, "value": object()}))
    assert r["id"] is None and r["error"]["code"] == "engine-fault"


def test_an_over_long_last_line_without_a_newline_is_refused():
    stream = io.BytesIO(b"x" * 500)
    assert SV.read_line(stream, 64) is False
    assert SV.read_line(stream, 64) is None


def test_a_frontend_that_went_away_ends_the_serve_loop_quietly():
    class Gone(io.BytesIO):
        def write(self, data):
            raise BrokenPipeError

    stdin = io.BytesIO(b'{"cmd": "hello", "protocol": 1}\n{"cmd": "games"}\n')
    assert SV.serve(stdin, Gone()) == 0
    assert stdin.tell() < len(stdin.getvalue())  # the second line was never read


def test_the_serve_loop_answers_each_line_until_quit():
    out = io.BytesIO()
    stdin = io.BytesIO(b'{"cmd": "hello", "protocol": 1}\n' + b"y" * 100 + b'\n{"id": 2, "cmd": "quit"}\n{"cmd": "games"}\n')
    assert SV.serve(stdin, out, max_line_bytes=64) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [r.get("error", {}).get("code") for r in lines] == [None, "line-too-long", None]
    assert lines[2] == {"id": 2, "ok": True, "bye": True}


def test_the_command_line_refuses_bad_limits_and_bundles(tmp_path, capsys, monkeypatch):
    with pytest.raises(SystemExit) as exc:
        SV.main(["--max-games", "0"])
    assert exc.value.code == 2 and "--max-games is at least 1" in capsys.readouterr().err
    bad = tmp_path / "b.json"
    bad.write_text("{\"format_version\": \"1.0.0\"", encoding="utf-8")
    assert SV.main(["--bundle", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m runtime serve: ") and err.count("\n") == 1

    def interrupted(**kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(SV, "serve", interrupted)
    assert SV.main([]) == 130
