"""Paths that are not regular files, and outputs that cannot be written, are reported — never skipped, never a crash."""

from __future__ import annotations

import json
import os

from foundation.helpers import run_cli

from .bounded import REPO, ok, run_bounded

GOOD = (REPO / "content" / "paleo" / "a-new-beginning" / "cards.yaml").read_text()


def _lint(args, cpu=60):
    """`paleo lint --format json` in a child process: a read that blocks or never ends fails it."""
    proc = run_bounded(f"""
        from foundation.helpers import run_cli
        rc, out, err = run_cli({["lint", "--format", "json", *args]!r})
        print(rc)
        print(out)
        import sys; sys.stderr.write(err)
    """, cpu=cpu)
    text = ok(proc)
    rc, _, out = text.partition("\n")
    return int(rc), json.loads(out) if out.strip() else []


def test_an_explicit_fifo_is_reported_not_passed(tmp_path):
    p = tmp_path / "pipe.yaml"
    os.mkfifo(p)
    rc, diags = _lint(["--isolated", str(p)])
    assert rc == 1 and [d["code"] for d in diags] == ["C020"] and "FIFO" in diags[0]["message"]


def test_dev_zero_is_reported_not_read():
    rc, diags = _lint(["--isolated", "/dev/zero"], cpu=20)
    assert rc == 1 and [d["code"] for d in diags] == ["C020"] and "device" in diags[0]["message"]


def test_fifos_and_looping_links_inside_content_are_reported(tmp_path):
    (tmp_path / "cards.yaml").write_text(GOOD)
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    rc, diags = _lint(["--isolated", "--content", str(tmp_path)])
    got = {(d["file"].rsplit("/", 1)[-1], d["code"]) for d in diags if d["code"] == "C020"}
    assert got == {("pipe.yaml", "C020"), ("loop.yaml", "C020"), ("gone.yaml", "C020")}
    assert rc == 1


def test_an_explicit_looping_link_is_reported(tmp_path):
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    rc, diags = _lint(["--isolated", str(tmp_path / "loop.yaml")])
    assert [d["code"] for d in diags] == ["C020"] and "loops" in diags[0]["message"]


def test_standard_input_is_read_up_to_the_file_bound():
    from compiler.limits import MAX_FILE_BYTES

    proc = run_bounded("""
        import sys
        from foundation.helpers import run_cli
        rc, out, err = run_cli(["lint", "--isolated", "--stdin-filename", "content/x.yaml", "--format", "json"],
                               stdin=b"# " + b"x" * (64 << 20) + b"\\\\n")
        print(out)
    """, mem_mb=600)
    diags = json.loads(ok(proc))
    assert [d["code"] for d in diags] == ["Y009"] and str(MAX_FILE_BYTES) in diags[0]["message"]


def test_build_out_at_a_file_below_a_file_or_in_proc_is_a_diagnostic(tmp_path):
    a_file = tmp_path / "afile"
    a_file.write_text("keep me\n")
    for out in (a_file, a_file / "below", "/proc/paleo-out"):
        rc, so, err = run_cli(["build", "--out", str(out)], cwd=REPO)
        assert rc == 1, (out, err)
        assert "error[C021]" in err and "internal error" not in err, (out, err)
    assert a_file.read_text() == "keep me\n"


def test_build_writes_the_bundle_atomically(tmp_path):
    rc, so, err = run_cli(["build", "--out", str(tmp_path / "b")], cwd=REPO)
    assert rc == 0, err
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["bundle.json"]
    json.loads((tmp_path / "b" / "bundle.json").read_text())


def test_docs_out_refuses_a_folder_it_would_wipe(tmp_path):
    (tmp_path / "thesis.tex").write_text("years of work\n")
    rc, so, err = run_cli(["docs", "--out", str(tmp_path)], cwd=REPO)
    assert rc == 2 and "error[C022]" in err
    assert (tmp_path / "thesis.tex").read_text() == "years of work\n"
    a_file = tmp_path / "thesis.tex"
    rc, so, err = run_cli(["docs", "--out", str(a_file)], cwd=REPO)
    assert rc == 2 and "error[C021]" in err


def test_docs_out_accepts_a_site_folder_it_built():
    from compiler.safeio import SITE_MARKER, replaceable_folder

    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        out = Path(d)
        assert replaceable_folder(out) is None  # empty
        (out / "index.html").write_text("<html>")
        assert replaceable_folder(out)[0] == "C022"
        (out / SITE_MARKER).write_text("built\n")
        assert replaceable_folder(out) is None
        assert replaceable_folder(out / "new") is None


def test_paleo_diff_refuses_a_bundle_that_is_a_fifo_or_too_deep(tmp_path):
    from compiler.diff import SideError, _read_bundle

    import pytest

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SideError, match="deep"):
        _read_bundle(deep, "deep.json")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    proc = run_bounded(f"""
        from pathlib import Path
        from compiler.diff import SideError, _read_bundle
        try:
            _read_bundle(Path({str(fifo)!r}), "fifo.json")
        except SideError as exc:
            print(exc)
    """, cpu=20)
    assert "FIFO" in ok(proc)


def test_docs_refuses_a_bundle_that_is_not_a_regular_file(tmp_path):
    """`paleo docs --bundle FIFO` names what the path is and exits 2, instead of waiting on the FIFO forever."""
    import os
    import subprocess
    import sys

    fifo = tmp_path / "bundle.json"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "compiler", "docs", "--bundle", str(fifo), "--out", str(tmp_path / "site")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "not a regular file" in proc.stderr and "Traceback" not in proc.stderr


def test_a_new_file_written_atomically_gets_the_umask_mode_not_owner_only(tmp_path):
    """A bundle or site file the project writes is readable as a plain open() would leave it (a web server serving
    build/site runs as another user); an existing file keeps its own mode."""
    import os

    from compiler.safeio import atomic_write

    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.json", "{}")
        assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644
        kept = tmp_path / "kept.json"
        kept.write_text("x")
        kept.chmod(0o600)
        atomic_write(kept, "y")
        assert kept.stat().st_mode & 0o777 == 0o600 and kept.read_text() == "y"
    finally:
        os.umask(old)
