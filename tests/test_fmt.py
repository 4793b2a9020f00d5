"""`paleo fmt`: golden files, idempotence and comment preservation as properties, the CLI contract."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.fmt import format_text, roundtrip_comments, roundtrip_load, run, same_data
from compiler.loader import load_text
from compiler.schema import MODELINE_PREFIX

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "fmt" / "golden"
CONTENT = ROOT / "content"
UPDATE = os.environ.get("PALEO_UPDATE_GOLDEN") == "1"


def golden_inputs() -> list[Path]:
    return sorted(GOLDEN.glob("*.in.yaml"))


@pytest.mark.parametrize("src", golden_inputs(), ids=lambda p: p.name.removesuffix(".in.yaml"))
def test_golden(src: Path):
    expected_file = src.with_name(src.name.replace(".in.yaml", ".out.yaml"))
    text = src.read_text(encoding="utf-8")
    out, diags = format_text(text, str(expected_file))
    assert not diags, [d.message for d in diags]
    if UPDATE:
        expected_file.write_text(out, encoding="utf-8")
    assert expected_file.exists(), f"missing {expected_file.name}; run with PALEO_UPDATE_GOLDEN=1"
    assert out == expected_file.read_text(encoding="utf-8")
    # the golden output is a fixed point, reads back as the same data and keeps every comment
    again, diags = format_text(out, str(expected_file))
    assert again == out and not diags
    assert same_data(load_text("in", text)[0].data, load_text("out", out)[0].data)
    assert_comments_kept(text, out)


def assert_comments_kept(before: str, after: str) -> None:
    want = sorted(roundtrip_comments(before))
    got = sorted(roundtrip_comments(after))
    extra = list(got)
    for c in want:
        assert c in extra, f"comment lost: {c!r}"
        extra.remove(c)
    assert all(c.startswith(MODELINE_PREFIX) for c in extra), extra


def test_keys_follow_the_model_order_and_comments_follow_their_keys():
    out, diags = format_text((GOLDEN / "reorder-card.in.yaml").read_text(), str(GOLDEN / "x.out.yaml"))
    assert not diags
    lines = out.splitlines()
    i = lines.index("  - id: card:anb/reeds")
    assert lines[i - 1] == "  # Reeds, as the rulebook describes it"
    assert lines[i + 1] == "    name: Reeds  # printed title"
    j = lines.index("    completeness: partial")
    assert lines[j - 1] == "    # the face is only partly known"
    assert lines[j + 1].startswith("    source:")
    assert "  - name: Reeds" not in out
    assert lines[0].startswith(MODELINE_PREFIX)


def test_modeline_is_added_once_and_points_to_the_schema(tmp_path):
    content = tmp_path / "content"
    (content / "paleo" / "base").mkdir(parents=True)
    (content / "schema.json").write_text("{}", encoding="utf-8")
    f = content / "paleo" / "base" / "cards.yaml"
    out, diags = format_text("# notes\ncards: []\n", str(f))
    assert not diags
    assert out == f"{MODELINE_PREFIX}../../schema.json\n# notes\ncards: []\n"
    assert format_text(out, str(f))[0] == out


def test_modeline_moves_to_the_first_line(tmp_path):
    text = f"# a note\n{MODELINE_PREFIX}../schema.json\ncards: []\n"
    out, diags = format_text(text, str(tmp_path / "x.yaml"))
    assert not diags
    assert out.splitlines()[:2] == [f"{MODELINE_PREFIX}../schema.json", "# a note"]


def test_quotes_block_scalars_and_nulls_are_kept_verbatim():
    text = (GOLDEN / "layout.in.yaml").read_text()
    out, _ = format_text(text, str(GOLDEN / "layout.out.yaml"))
    for piece in ['"Fire"', "back: ~", "number: null", "- |+", "- >-", "'venerate place forest -> gain 1 wood'",
                  '"gain 1 wood"    # after a quoted value']:
        assert piece in out, piece


@pytest.mark.parametrize("text, why", [
    ("%YAML 1.2\n---\ncards: []\n", "directive"),
    ("? cards\n: []\n", "explicit key"),
    ("- a\n- b\n", "root that is not a block mapping"),
])
def test_unsupported_layouts_are_reported_and_left_alone(text, why):
    out, diags = format_text(text, "x.yaml")
    assert out == text
    assert [d.code for d in diags] == ["F003"], why


def test_files_that_do_not_load_are_left_alone():
    text = "cards:\n  - id: a\n    id: b\n"
    out, diags = format_text(text, "x.yaml")
    assert out == text and [d.code for d in diags] == ["Y004"]


def test_crlf_line_endings_become_lf():
    out, diags = format_text("cards:\r\n  - id: card:a/b\r\n", "x.yaml")
    assert not diags and "\r" not in out


# -- the CLI contract: exit codes, --check, --diff, rewriting


def test_run_check_diff_and_write(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text("cards:\n- name: X\n  id: card:a/x\n", encoding="utf-8")
    before = f.read_text()

    buf = io.StringIO()
    assert run([str(f)], check=True, diff=False, out=buf) == 1
    assert "would reformat" in buf.getvalue() and f.read_text() == before

    buf = io.StringIO()
    assert run([str(f)], check=False, diff=True, out=buf) == 0
    assert buf.getvalue().startswith(f"--- a/{f}") and "+  - id: card:a/x" in buf.getvalue()
    assert f.read_text() == before

    buf = io.StringIO()
    assert run([str(f)], check=False, diff=False, out=buf) == 0
    assert f.read_text() != before and "reformatted" in buf.getvalue()

    buf = io.StringIO()
    assert run([str(tmp_path)], check=True, diff=False, out=buf) == 0
    assert "0 files would be reformatted, 1 unchanged" in buf.getvalue()


def test_run_reports_errors_and_missing_paths(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards: [\n", encoding="utf-8")
    buf = io.StringIO()
    assert run([str(bad)], check=True, diff=False, out=buf) == 1
    assert "error[Y001]" in buf.getvalue()
    assert run([str(tmp_path / "missing.yaml")], check=True, diff=False, out=io.StringIO()) == 2
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("cards: [{name: \"\xc4\"}]\n".encode("latin-1"))
    buf = io.StringIO()
    assert run([str(latin)], check=False, diff=False, out=buf) == 1
    assert "Y010" in buf.getvalue()


# -- every bundled file: handled faithfully; and, once formatted, clean


def content_files() -> list[Path]:
    return sorted(CONTENT.rglob("*.yaml"))


def test_fmt_handles_every_bundled_file():
    files = content_files()
    if not files:
        pytest.skip("no bundled content yet")
    problems = []
    for f in files:
        text = f.read_text(encoding="utf-8")
        out, diags = format_text(text, str(f))
        if diags:
            problems.append(f"{f}: " + "; ".join(f"{d.code} {d.message}" for d in diags))
            continue
        if format_text(out, str(f))[0] != out:
            problems.append(f"{f}: not idempotent")
    assert not problems, "\n".join(problems)


def test_bundled_content_is_formatted():
    assert content_files()
    buf = io.StringIO()
    rc = run([str(CONTENT)], check=True, diff=False, out=buf)
    assert rc == 0, buf.getvalue()


# -- properties: fmt(fmt(x)) == fmt(x), and no comment is dropped

KNOWN = ["id", "name", "kind", "source", "completeness", "summary", "game", "product", "options",
         "notes", "copies", "rulebook", "section", "steps", "text"]
UNKNOWN = ["zeta", "alpha", "x-extra", "'quoted key'"]
WORDS = st.sampled_from(["Reeds", "clay pit", "gain 1 wood", "yes", "no", "on", "08", "null", "~",
                         "card:anb/reeds", "3", "1.5", "true", "a: b", "# not a comment", "it's", "",
                         "Äöü 😀", "x #y", "- dash", "[x]"])
EXAMPLES = int(os.environ.get("PALEO_FMT_EXAMPLES", "150"))


def _plain_ok(w: str) -> bool:
    return bool(w) and w.strip() == w and not any(ch in w for ch in ":#'[]{},&*!|>%@`\"") \
        and not w.startswith(("- ", "-", "?"))


@st.composite
def comment(draw) -> str:
    return "#" + draw(st.sampled_from([" note", " why this key", " TODO check", " é ünïcode", " a: b", "", "#x"]))


@st.composite
def scalar_lines(draw, indent: int) -> list[str]:
    """A scalar value's lines: the first goes after `key: ` or `- `, the rest are indented below."""
    w = draw(WORDS)
    style = draw(st.sampled_from(["plain", "single", "double", "literal", "folded", "multiline", "empty"]))
    if style == "empty":
        return [""]
    if style == "plain" and _plain_ok(w):
        return [w]
    if style in ("single", "plain"):
        return ["'" + w.replace("'", "''") + "'"]
    if style == "double":
        return ['"' + w.replace("\\", "\\\\").replace('"', '\\"') + '"']
    pad = " " * (indent + draw(st.sampled_from([2, 4])))
    if style == "multiline":
        return ["first part"] + [pad + "second part", pad + "third"][: draw(st.integers(1, 2))]
    head = ("|" if style == "literal" else ">") + draw(st.sampled_from(["", "-", "+", "2"]))
    if head.endswith("2"):
        pad = " " * (indent + 2)
    body = [pad + (w or "text"), pad + "  more indented", "", pad + "last"][: draw(st.integers(1, 4))]
    while body and not body[-1]:
        body.pop()
    return [head] + body


def _maybe(draw) -> bool:
    return draw(st.integers(0, 3)) == 0


@st.composite
def block_lines(draw, indent: int, depth: int, seq_offset: int, kind: str) -> list[str]:
    """Lines of a block mapping or sequence whose entries start at column `indent`."""
    pad = " " * indent
    out: list[str] = []
    if kind == "map":
        keys = draw(st.lists(st.sampled_from(KNOWN + UNKNOWN), min_size=1, max_size=5, unique=True))
        items = [(k, None) for k in keys]
    else:
        items = [(None, i) for i in range(draw(st.integers(1, 3)))]
    for k, _ in items:
        if _maybe(draw):
            out.append("")
        if _maybe(draw):
            out.append(" " * draw(st.sampled_from([0, indent, indent + 2])) + draw(comment()))
        lead = f"{pad}{k}:" if k is not None else f"{pad}-"
        eol = ("  " + draw(comment())) if _maybe(draw) else ""
        what = draw(st.sampled_from(["scalar", "scalar", "flow", "map", "seq"] if depth < 3 else ["scalar"]))
        if what == "scalar":
            lines = draw(scalar_lines(indent))
            if lines[0] in ("", "|", ">", "|-", ">-", "|+", ">+", "|2", ">2") or lines[0].startswith(("|", ">")):
                eol = ""
            first = lead + (" " + lines[0] if lines[0] else "")
            if k is None and not lines[0]:
                eol = ""
            out.append(first + eol)
            out.extend(lines[1:])
        elif what == "flow":
            w = draw(WORDS)
            item = w if _plain_ok(w) else "'" + w.replace("'", "''") + "'"
            if draw(st.booleans()):
                out.append(f"{lead} [{item}, 2]{eol}")
            else:
                out.append(f"{lead} {{a: {item},")
                out.append(f"{pad}    b: [1, 2]}}{eol}")
        else:
            inner_kind = "map" if what == "map" else "seq"
            if k is None and inner_kind == "map" and not eol and draw(st.booleans()):
                inner = draw(block_lines(indent + 2, depth + 1, seq_offset, "map"))
                j = next(i for i, ln in enumerate(inner) if ln.strip() and not ln.lstrip().startswith("#"))
                out.extend(inner[:j])
                out.append(pad + "- " + inner[j].lstrip(" "))
                out.extend(inner[j + 1:])
                continue
            out.append(lead + eol)
            step = seq_offset if (inner_kind == "seq" and k is not None) else 2
            out.extend(draw(block_lines(indent + max(step, 2 if k is None else step), depth + 1, seq_offset, inner_kind)))
    if _maybe(draw):
        out.append(" " * draw(st.sampled_from([0, indent])) + draw(comment()))
    return out


@st.composite
def documents(draw) -> str:
    offset = draw(st.sampled_from([0, 2]))
    lines: list[str] = []
    if draw(st.booleans()):
        lines.append(draw(comment()))
    if _maybe(draw):
        lines.append("")
    for section in draw(st.lists(st.sampled_from(["cards", "games", "tokens", "misc", "pack"]), min_size=1,
                                 max_size=3, unique=True)):
        if draw(st.booleans()):
            lines.append(draw(comment()))
        lines.append(f"{section}:")
        lines.extend(draw(block_lines(offset, 1, offset, "seq")))
    return "\n".join(lines) + "\n"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_fmt_is_idempotent_and_keeps_comments(text):
    lf, diags = load_text("gen.yaml", text)
    if lf is None:  # the generator wrote something YAML does not accept; not fmt's business
        return
    out, diags = format_text(text, "gen.yaml")
    assert not diags, (text, [d.message for d in diags])
    again, diags2 = format_text(out, "gen.yaml")
    assert not diags2 and again == out
    assert same_data(lf.data, load_text("out.yaml", out)[0].data)
    assert same_data(lf.data, roundtrip_load(out))
    assert_comments_kept(text, out)
