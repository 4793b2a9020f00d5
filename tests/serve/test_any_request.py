"""Any request line gets exactly one structured response, never an engine fault (in process, many generated requests)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.serve import _KEYS, COMMANDS, Server, encode

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 5), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["g1", "g2", "game:paleo", "game:paleovet", "A", "A+B", "solo"]))
VALUES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
    st.sampled_from(["type", "player", "card", "order", "scenario", "modules", "boards", "options", "mode", "label"]),
    kids, max_size=3), max_leaves=8)


@st.composite
def requests(draw):
    cmd = draw(st.sampled_from([*COMMANDS, "nope"]))
    keys = sorted(_KEYS.get(cmd, set())) + ["id", "extra"]
    req = {"cmd": cmd}
    for k in keys:
        if draw(st.integers(0, 9)) < (7 if k not in ("id", "extra") else 1):
            req[k] = draw(VALUES)
    return req


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(st.lists(st.one_of(requests(), st.binary(max_size=40)), min_size=1, max_size=6))
def test_every_request_gets_one_structured_response(bundle_dict, lines):
    server = Server(bundle_dict, max_games=3)
    server.handle(b'{"cmd": "hello", "protocol": 1}')
    server.handle(b'{"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 2, "seed": 1}')
    for item in lines:
        line = item if isinstance(item, bytes) else json.dumps(item).encode()
        r = server.handle(line)
        out = encode(r)
        assert out.count(b"\n") == 1 and all(32 <= c < 127 for c in out[:-1])
        back = json.loads(out)
        assert isinstance(back["ok"], bool)
        if not back["ok"]:
            assert back["error"]["code"] != "engine-fault", (item, back)
