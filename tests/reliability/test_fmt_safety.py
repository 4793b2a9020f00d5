"""`paleo fmt` never loses data: comments kept and proven, writes atomic, links not followed, failures counted."""

from __future__ import annotations

import errno
import io
import os

import pytest

from compiler import fmt
from compiler.fmt import format_text, roundtrip

from .bounded import ok, run_bounded

UNSORTED = "cards:\n  - name: A\n    id: card:anb/a\n"


def test_a_comment_right_after_a_quoted_scalar_or_a_flow_collection_is_kept():
    text = 'cards:\n  - x: "a"#after a quote\n    y: [1, 2]#after a list\n    z: {a: 1}#after a map\n    w: \'b\'#single\n'
    out, diags = format_text(text, "c.yaml")
    assert diags == []
    for c in ("#after a quote", "#after a list", "#after a map", "#single"):
        assert c in out, (c, out)


def test_the_safety_check_has_a_second_opinion_on_comments(monkeypatch):
    # a comment fmt's own scanner misses must not be dropped: the check reads comments independently
    real = fmt.scan_comments

    def blind(src, atoms):
        return [c for c in real(src, atoms) if "hidden" not in c.text]

    monkeypatch.setattr(fmt, "scan_comments", blind)  # the layout's scanner
    monkeypatch.setattr(roundtrip, "scan_comments", blind)  # and the check's own count of comments
    text = "cards:\n  - name: A  # hidden note\n    id: card:anb/a\n"
    out, diags = format_text(text, "c.yaml")
    assert out == text and [d.code for d in diags] == ["F002"], (out, diags)


def test_a_one_line_1_mib_comment_formats_without_hanging():
    proc = run_bounded("""
        from compiler.fmt import format_text
        text = "cards: []\\\\n# " + "x" * ((1 << 20) - 64) + "\\\\n"
        out, diags = format_text(text, "c.yaml")
        print([d.code for d in diags], out.endswith("x\\\\n"))
    """, cpu=20)
    assert ok(proc).split()[-1] == "True"


def _run(paths) -> tuple[int, str]:
    buf = io.StringIO()
    rc = fmt.run([str(p) for p in paths], check=False, diff=False, out=buf)
    return rc, buf.getvalue()


def test_a_full_disk_leaves_the_original_file_and_is_not_counted_as_reformatted(tmp_path, monkeypatch):
    f = tmp_path / "c.yaml"
    f.write_text(UNSORTED)

    def full(fh, data):
        fh.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    from compiler import safeio

    monkeypatch.setattr(safeio, "_write_all", full)
    rc, out = _run([f])
    assert rc == 2 and "C021" in out and "No space left" in out
    assert "reformatted c.yaml" not in out and "0 files reformatted" in out and "1 with errors" in out
    assert f.read_text() == UNSORTED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml"]  # no temporary file left


@pytest.mark.parametrize("where", ["mid-write", "before-rename", "after-rename"])
def test_a_kill_during_the_write_leaves_the_old_or_the_new_file(tmp_path, where):
    f = tmp_path / "c.yaml"
    f.write_text(UNSORTED)
    new, _ = format_text(UNSORTED, str(f))
    proc = run_bounded(f"""
        import os
        from compiler import fmt, safeio
        where = {where!r}
        real_write, real_replace = safeio._write_all, os.replace
        def write(fh, data):
            if where == "mid-write":
                fh.write(data[:7]); fh.flush(); os._exit(9)
            real_write(fh, data)
        def replace(a, b):
            if where == "before-rename":
                os._exit(9)
            real_replace(a, b)
            if where == "after-rename":
                os._exit(9)
        safeio._write_all = write
        safeio.os.replace = replace
        fmt.run([{str(f)!r}], check=False, diff=False)
    """)
    assert proc.returncode == 9
    assert f.read_text() in (UNSORTED, new)
    assert f.read_text() == (new if where == "after-rename" else UNSORTED)


def test_fmt_does_not_write_through_a_link_to_a_file_outside(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(UNSORTED)
    content = tmp_path / "content"
    content.mkdir()
    (content / "linked.yaml").symlink_to(outside)
    rc, out = _run([content])
    assert rc == 2 and "C021" in out and "symbolic link" in out
    assert outside.read_text() == UNSORTED and (content / "linked.yaml").is_symlink()


def test_fmt_keeps_the_mode_of_the_file_it_rewrites(tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text(UNSORTED)
    os.chmod(f, 0o640)
    rc, out = _run([f])
    assert rc == 0 and "reformatted" in out and f.read_text() != UNSORTED
    assert (f.stat().st_mode & 0o777) == 0o640


def test_fmt_reports_a_fifo_instead_of_blocking(tmp_path):
    p = tmp_path / "pipe.yaml"
    os.mkfifo(p)
    proc = run_bounded(f"""
        from compiler import fmt
        print(fmt.run([{str(p)!r}, {str(tmp_path)!r}], check=False, diff=False))
    """, cpu=20)
    out = ok(proc)
    assert "C020" in out and "FIFO" in out
