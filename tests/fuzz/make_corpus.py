"""Write the committed seed corpus of every fuzz target (run once; the files are committed).

    PYTHONPATH=. python tests/fuzz/make_corpus.py

Seeds are small real inputs: bad-input fixtures and small content files for the YAML targets,
option texts of the bundled content for the effect language, a saved game for `from_json`.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import targets  # noqa: E402

REPO = targets.REPO
YAML_SEEDS = sorted((REPO / "tests" / "fixtures" / "bad").glob("*.yaml")) + [
    REPO / "content" / "paleo" / "base" / "cards.yaml",
    REPO / "content" / "paleo" / "a-new-beginning" / "module-o.yaml",
    REPO / "content" / "paleo" / "base" / "secrets.yaml",
    REPO / "tests" / "packs" / "whale" / "day-cards.yaml",
]


def _put(name: str, data: bytes) -> None:
    d = targets.CORPUS / name
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def _options() -> list[str]:
    from compiler.loader import load_file

    out: set[str] = set()
    for p in sorted((REPO / "content").rglob("*.yaml")):
        lf, _ = load_file(p)
        stack = [lf.data] if lf is not None else []
        while stack:
            x = stack.pop()
            if isinstance(x, dict):
                for k, v in x.items():
                    if k == "options" and isinstance(v, list):
                        out.update(o for o in v if isinstance(o, str))
                    else:
                        stack.append(v)
            elif isinstance(x, list):
                stack.extend(x)
    return sorted(out)


def serve_seeds() -> list[bytes]:
    """A whole session as raw lines (greeted and not, long and short line limit), and requests made from bytes."""
    import json

    session = [{"cmd": "hello", "protocol": 1, "id": 1}, {"cmd": "games", "id": "a"},
               {"cmd": "new", "game": "game:paleo", "players": 2, "seed": 5, "setup": {"scenario": "A"}, "with_legal": True},
               {"cmd": "legal", "handle": "g1", "player": 0}, {"cmd": "apply", "handle": "g1", "index": 0},
               {"cmd": "apply", "handle": "g1", "action_id": 3, "player": 1}, {"cmd": "observe", "handle": "g1", "player": 1},
               {"cmd": "status", "handle": "g1"}, {"cmd": "save", "handle": "g1", "log": False},
               {"cmd": "load", "state": json.loads(targets._save())}, {"cmd": "close", "handle": "g2"},
               {"cmd": "new", "game": "game:paleovet", "players": 2, "seed": 1}, {"cmd": "bundle", "path": "/nonexistent"},
               {"cmd": "quit"}]
    lines = b"".join(json.dumps(r).encode() + b"\n" for r in session)
    return [b"\x00" + lines, b"\x04" + lines[:600] + b"x" * 300 + b"\n" + lines[600:],
            b"\x02" + b'{"cmd": "apply", "handle": "g1", "index": 99999999999999999999}\n[1]\n\n{\n\xff\n',
            b"\x03\x01\x02\x02\x00\x01\x02\x03\x02\x00\x00\x06\x01\x09\x00\x00\x0a\x00\x05\x83\x07",
            b"\x03" + bytes(range(1, 250, 7)) * 4, b"\x01\x05" + bytes(range(0, 255, 3))]


def main() -> None:
    for i, p in enumerate(YAML_SEEDS):
        raw = p.read_bytes()
        for name in ("loader", "fmt"):
            _put(name, raw)
        _put("lint", bytes([0x80 if p.parent.name != "bad" else i % 5]) + raw)  # content files: every format
    for i, opt in enumerate(_options()[:60]):
        _put("effects", bytes([i % 10]) + opt.encode("utf-8"))
    for seed in (b"\x05" + bytes(range(0, 200, 3)) * 3, b"\x12" + b"\x00\x01\x02\xc8\x01\x03" * 20,
                 b"\x33" + bytes(199 - (i * 7) % 199 for i in range(150))):
        _put("apply", seed)
    for i, p in enumerate(YAML_SEEDS[-4:] + YAML_SEEDS[:6]):  # a cursor somewhere in a card file
        _put("lsp", bytes([(i * 53) % 256]) + p.read_bytes())
    _put("lsp", b"\x80cards:\n  - id: card:x/y\n    options:\n      - 'require venerate place \n")
    _put("lsp", b"\xffcards:\n  - options:\n      - '-> may reveal secret 2")
    save = targets._save().encode()
    _put("from_json", save)
    _put("from_json", save.replace(b'"actions":6', b'"actions":-1'))
    _put("from_json", b'{"format": "runtime-state/2"}')
    for seed in serve_seeds():
        _put("serve", seed)
    config_and_cache_seeds()


def config_and_cache_seeds() -> None:
    """The configuration's and the cache's seeds: the project's own pyproject.toml, and the hostile cases the
    reliability work found (nested 5,000 deep, a 100,000-digit integer, a NUL in a content folder, a header of
    `[` and spaces inside an unknown key, bounds from the environment), and cache files of every shape."""
    pp = "[project]\nname = \"seed\"\n\n[tool.paleo]\ncontent = [\"content\"]\n"
    _put("config", (REPO / "pyproject.toml").read_bytes())
    _put("config", ("inf\n" + pp + "x = " + "[" * 5000 + "]" * 5000 + "\n").encode())
    _put("config", ("1e309\n" + pp + "x = " + "7" * 100_000 + "\n").encode())
    _put("config", ("nan\n" + pp.replace('["content"]', '["a\\u0000b"]')).encode())
    _put("config", ("512\n" + pp + 'unknwn = """\n[' + " " * 8000 + '\n"""\n').encode())
    _put("config", ("-1\n" + pp + '[[tool.paleo.sources]]\nfile = "r\\u0000.md"\ntitle = "R"\n').encode())
    _put("config", b"1" * 5000 + b"\n[tool.paleo]\nselect = [\"M0\"]\n")
    from compiler.store import MAGIC

    _put("cache", b"")
    _put("cache", MAGIC + b"k0\n" + b"0" * 64 + b"\nm" + b"\xff" * 40)
    _put("cache", b"\x80\x04\x95" + b"cos\nsystem\n(S'touch /tmp/ran'\ntR." * 3)  # a pickle, as Lark's cache was
    _put("cache", b"s" + bytes(range(32)) + b"payload")
    _put("cache", MAGIC + b"k3\n" + b"g" * 64 + b"\nr" + b"x" * 2000)


if __name__ == "__main__":
    main()
