"""The demo bundle that ships with the runtime: the current build of the collection packs, labelled as synthetic,
served when no bundle is named, and refused with a message (not a traceback) when its file is damaged."""

from __future__ import annotations

import gzip
import subprocess
import sys

import pytest

import synthetic_bundle
from runtime import demo, new_game
from runtime.bundle import is_synthetic

from .conftest import ROOT, Frontend


def test_the_demo_file_is_the_current_build_of_the_collection_packs():
    built = synthetic_bundle.collection()
    assert demo.load_demo() == built, "runtime/demo/collection.json.gz is stale: run python scripts/demo_bundle.py"
    assert is_synthetic(demo.load_demo()) and demo.is_demo(demo.load_demo()) and not demo.is_demo(built)
    assert demo.FILE.read_bytes()[4:8] == b"\0\0\0\0"  # the gzip header has no time stamp: a rebuild is the same bytes


def test_every_system_plays_on_the_demo_bundle():
    b = demo.load_demo()
    for kw in (dict(game="game:paleo", setup={"scenario": "A"}), dict(game="game:paleo", setup={"scenario": "scenario:anb/I"}),
               dict(game="game:paleo", setup={"scenario": "level:pote/I"}), dict(game="game:paleovet")):
        g = new_game(b, players=2, seed=3, **kw)
        n = 0
        while not g.is_terminal() and n < 5000:
            g.apply(g.legal_actions()[0])
            n += 1
        assert g.is_terminal(), kw


def test_serve_without_a_bundle_serves_the_demo_and_says_so():
    fe = Frontend()
    info = fe.hello()["bundle"]
    assert info["synthetic"] is True and info["demo"] == demo.NOTICE
    assert fe.ok({"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 2, "seed": 1})["handle"] == "g1"
    assert fe.close() == (0, b"")


def test_a_bundle_named_is_not_labelled_as_the_demo(paleo_file):
    fe = Frontend("--bundle", str(paleo_file))
    info = fe.hello()["bundle"]
    assert "demo" not in info and info["synthetic"] is True
    assert fe.close() == (0, b"")


@pytest.mark.parametrize("damage", [b"", b"not gzip at all", gzip.compress(b"{not json", mtime=0),
                                    gzip.compress(b"[1, 2]", mtime=0)])
def test_a_damaged_demo_file_is_one_line_of_refusal(tmp_path, damage):
    copy = tmp_path / "runtime"
    subprocess.run(["cp", "-r", str(ROOT / "runtime"), str(copy)], check=True)
    (copy / "demo" / "collection.json.gz").write_bytes(damage)
    p = subprocess.run([sys.executable, "-I", "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                        "from runtime.__main__ import main; sys.exit(main(['serve']))", str(tmp_path)],
                       input=b"", capture_output=True, timeout=120)
    assert p.returncode == 2 and p.stdout == b""
    err = p.stderr.decode()
    assert err.startswith("python -m runtime serve: ") and err.count("\n") == 1 and "Traceback" not in err, err
