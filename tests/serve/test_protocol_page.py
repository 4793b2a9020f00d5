"""The transcript on the site's protocol page is real: its requests, replayed against the server, give its responses.

After a change of the protocol or of the engine's records, rewrite the page's transcript with

    PYTHONPATH=$PWD python tests/serve/test_protocol_page.py --write
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PAGE = ROOT / "site" / "protocol.md"
START, END = "<!-- transcript: start -->", "<!-- transcript: end -->"
CUT = 300  # a response line longer than this is shown cut at 240 characters, ending " …"
# The session: request lines; None stands for "apply the first action the previous `legal` listed, by record".
SESSION = [
    '{"id":1,"cmd":"hello","protocol":1,"format_version":"1.0.0"}',
    '{"id":2,"cmd":"new","game":"game:paleo","setup":{"scenario":"A"},"players":2,"seed":7}',
    '{"id":3,"cmd":"legal","handle":"g1","player":0}',
    '{"id":4,"cmd":"apply","handle":"g1","player":0,"index":2}',
    '{"id":5,"cmd":"legal","handle":"g1","player":1}',
    None,
    '{"id":7,"cmd":"observe","handle":"g1","player":0}',
    '{"id":8,"cmd":"apply","handle":"g1","action":{"type":"choose","player":0,"card":9}}',
    "not json",
    '{"id":9,"cmd":"shuffle"}',
    '{"id":10,"cmd":"new","game":"game:paleo","setup":{"scenario":"Z"},"players":2,"seed":1}',
    '{"id":11,"cmd":"save","handle":"g1","log":false}',
    '{"id":12,"cmd":"close","handle":"g1"}',
    '{"id":13,"cmd":"quit"}',
]


def _shown(line: str) -> str:
    return line if len(line) <= CUT else line[:240] + " …"


def _version_free(line: str) -> str:
    return re.sub(r'"runtime":"[^"]*"', '"runtime":"*"', line)


def record(fe) -> list[tuple[str, str]]:
    """(request, response) lines of the session, as the server answers them now."""
    pairs, prev = [], None
    for req in SESSION:
        if req is None:
            first = json.loads(prev)["actions"][0]
            req = json.dumps({"id": 6, "cmd": "apply", "handle": "g1", "action": first}, separators=(",", ":"))
        fe.send(req.encode() + b"\n")
        prev = fe.line().decode("ascii")
        pairs.append((req, prev))
    return pairs


def page_transcript() -> list[tuple[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    body = text[text.index(START) + len(START):text.index(END)]
    lines = [ln for ln in body.splitlines() if ln.startswith(("> ", "< "))]
    assert [ln[0] for ln in lines] == [">", "<"] * (len(lines) // 2), "the transcript alternates request and response"
    return [(lines[i][2:], lines[i + 1][2:]) for i in range(0, len(lines), 2)]


def test_the_page_transcript_is_what_the_server_says(paleo_file):
    from .conftest import Frontend

    fe = Frontend("--bundle", str(paleo_file))
    live = record(fe)
    assert fe.proc.wait(timeout=30) == 0  # the session ends with quit
    shown = page_transcript()
    assert len(shown) == len(live)
    for (req_doc, resp_doc), (req, resp) in zip(shown, live):
        assert req_doc == req
        assert _version_free(resp_doc) == _version_free(_shown(resp)), (
            f"the page's response to {req} is out of date; rewrite it: python tests/serve/test_protocol_page.py --write")


def _write() -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "packs"))
    import tempfile

    import synthetic_bundle

    from tests.serve.conftest import Frontend

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bundle.json"
        synthetic_bundle.cached(path)
        live = record(Frontend("--bundle", str(path)))
    block = "\n```text\n" + "".join(f"> {q}\n< {_shown(r)}\n" for q, r in live) + "```\n"
    text = PAGE.read_text(encoding="utf-8")
    new = text[:text.index(START) + len(START)] + block + text[text.index(END):]
    tmp_page = PAGE.with_name(PAGE.name + ".tmp")
    tmp_page.write_text(new, encoding="utf-8")
    tmp_page.replace(PAGE)
    print(f"wrote the transcript of {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        _write()
    else:
        sys.exit(__doc__)
