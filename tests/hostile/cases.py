"""The hostile-input corpus: inputs built to break a parser, a terminal or a file system, each with the
exact diagnostic codes and exit status `paleo` must answer with.

A case is a one-file (or few-file) project: `files` maps a path under the project to its bytes, or to
one of the special markers FIFO, DEVZERO, LOOP, DIR; `args` is the command line (`{f}` is the first
file); `stdin` is fed to standard input. `codes` is the exact list of codes the run reports (in
order), `rc` the exit status. `shows` / `hides` are strings its output must / must not hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIFO, DEVZERO, LOOP, DIR = "<fifo>", "<dev-zero>", "<loop>", "<dir>"

CARD = """cards:
  - id: {id}
    name: {name}
    game: game:paleo
    product: product:anb
    kind: base
    back: null
    copies: {copies}
    completeness: partial
    source: {{rulebook: 000_97f291d3c44cb3f7.txt, section: [Base Cards]}}
"""


def card(id: str = "card:anb/c1", name: str = "N", copies: str | int = 1) -> str:
    return CARD.format(id=id, name=name, copies=copies)


@dataclass
class Case:
    name: str
    files: dict
    codes: list[str]
    rc: int
    args: list[str] = field(default_factory=lambda: ["lint", "--isolated", "{f}"])
    stdin: bytes | None = None
    shows: tuple[str, ...] = ()
    hides: tuple[str, ...] = ()
    env: dict = field(default_factory=dict)  # settings from the environment (added to the run's)


def _f(text: str | bytes, name: str = "content/paleo/x.yaml") -> dict:
    return {name: text.encode("utf-8") if isinstance(text, str) else text}


CASES: list[Case] = []


def case(*a, **kw) -> None:
    CASES.append(Case(*a, **kw))


# --- alias shapes --------------------------------------------------------------------------------------
_laughs = "a: &a [" + ", ".join(["x"] * 10) + "]\n" + "".join(
    f"{c}: &{c} [" + ", ".join([f"*{p}"] * 10) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))
case("billion-laughs", _f(_laughs), ["Y003"], 1)
case("one-wide-anchor-repeated", _f("a: &a " + "x" * 100_000 + "\nb: [" + ", ".join(["*a"] * 200) + "]\n"), ["Y003"], 1)
case("alias-inside-its-own-anchor", _f("a: &a [*a]\n"), ["Y001"], 1)
case("undefined-alias", _f("cards: *nowhere\n"), ["Y001"], 1)
case("alias-as-a-key", _f("a: &k key\n*k : 1\n"), ["M002", "M002"], 1)
case("merge-key-is-only-a-key", _f("a: &a {x: 1}\nb:\n  <<: *a\n"), ["M002", "M002"], 1)
case("anchor-redefined", _f("a: &a 1\nb: &a 2\nc: *a\n"), ["M002", "M002", "M002"], 1)
case("alias-gives-a-card-its-name", _f(card(name="*n").replace("cards:", "x: &n Name\ncards:")), ["M002"], 1)

# --- numbers in every base and sign (copies is an integer 1..1000) ------------------------------------
for label, text, codes in [
    ("hex", "0x10", []), ("octal", "0o17", []), ("plus-decimal", "+5", []), ("leading-zero-is-decimal", "017", []),
    ("negative-hex", "-0x10", ["M006"]), ("plus-hex", "+0x10", ["M006"]), ("negative-octal", "-0o17", ["M006"]),
    ("binary", "0b101", ["M006"]), ("upper-hex-prefix", "0X10", ["M006"]), ("underscores", "1_000", ["M006"]),
    ("sexagesimal", "1:30", ["M006"]), ("infinity", ".inf", ["M006"]), ("negative-infinity", "-.inf", ["M006"]),
    ("nan", ".nan", ["M006"]), ("float", "2.0", ["M006"]), ("exponent", "1e3", ["M006"]),
    ("zero", "0", ["M010"]), ("negative", "-1", ["M010"]), ("over-copies-bound", "1001", ["M010"]),
    ("hex-past-64-bits", "0x" + "f" * 17, ["Y011"]), ("octal-past-64-bits", "0o" + "7" * 22, ["Y011"]),
    ("negative-70-digits", "-" + "9" * 70, ["Y011"]), ("hex-20000-digits", "0x" + "f" * 20_000, ["Y011"]),
]:
    case(f"copies-{label}", _f(card(copies=text)), codes, 1 if codes else 0)

# --- encodings and byte order marks -------------------------------------------------------------------
_card = card()
case("utf8-bom", _f(b"\xef\xbb\xbf" + _card.encode()), [], 0)
case("utf16le-bom", _f("\ufeff".encode("utf-16-le") + _card.encode("utf-16-le")), ["Y010"], 1)
case("utf16be-bom", _f("\ufeff".encode("utf-16-be") + _card.encode("utf-16-be")), ["Y010"], 1)
case("utf32le-bom", _f("\ufeff".encode("utf-32-le") + _card.encode("utf-32-le")), ["Y010"], 1)
case("utf16-without-bom", _f(_card.encode("utf-16-le")), ["Y010"], 1)
case("overlong-utf8-slash", _f(_card.encode().replace(b"name: N", b"name: \xc0\xaf")), ["Y010"], 1)
case("encoded-surrogate", _f(_card.encode().replace(b"name: N", b"name: \xed\xa0\x80")), ["Y010"], 1)
case("latin1-e-acute", _f(_card.encode().replace(b"name: N", b"name: \xe9")), ["Y010"], 1)
case("nul-byte", _f(b"a: 1\x00\n"), ["Y010"], 1)

# --- control and bidirectional characters ---------------------------------------------------------
case("raw-escape-in-a-value", _f(card(name="N\x1b[2J")), ["Y001"], 1, hides=("\x1b",))
case("raw-del-in-a-value", _f(card(name="N\x7fx")), ["Y001"], 1, hides=("\x7f",))
case("form-feed", _f("a: 1\x0c\nb: 2\n"), ["Y001"], 1, hides=("\x0c",))
case("escaped-escape-in-a-quoted-id", _f(card(id='"card:anb/\\e]0;pwned\\a"')), ["M010"], 1,
     shows=("U+001B", "U+0007"), hides=("\x1b", "\x07"))
case("bidi-override-in-an-id", _f(card(id="card:anb/c\u202e1")), ["M010"], 1, shows=("U+202E",), hides=("\u202e",))
case("bidi-override-in-an-id-json", _f(card(id="card:anb/c\u202e1")), ["M010"], 1,
     args=["lint", "--isolated", "{f}", "--format", "json"], shows=("\\u202e",), hides=("\u202e",))
case("bidi-override-in-an-id-sarif", _f(card(id="card:anb/c\u202e1")), ["M010"], 1,
     args=["lint", "--isolated", "{f}", "--format", "sarif"], hides=("\u202e",))
case("bidi-override-in-an-id-github", _f(card(id="card:anb/c\u202e1")), ["M010"], 1,
     args=["lint", "--isolated", "{f}", "--format", "github"], hides=("\u202e",))
case("line-separator-in-an-unknown-key", _f("cards:\n  - na\u2028me: x\n"), ["M003", "M004"], 1, hides=("\u2028",))
# one mistake, one diagnostic: the misspelt required field is an unknown field (M003), not also a missing one
case("zero-width-joiner-in-a-key", _f(card().replace("name: N", "na\u200dme: N")), ["M003"], 1,
     shows=("U+200D",))
case("lone-cr-line-breaks", _f("a: 1\rb: [1,\r  *c]\r"), ["Y001"], 1, shows=("x.yaml:1:",), hides=("\r",))

# --- path tricks and special files --------------------------------------------------------------------
case("fifo", {"content/paleo/x.yaml": FIFO}, ["C020"], 1)
case("link-to-dev-zero", {"content/paleo/x.yaml": DEVZERO}, ["C020"], 1)
case("looping-link", {"content/paleo/x.yaml": LOOP}, ["C020"], 1)
case("folder-named-like-a-file", {"content/paleo/x.yaml": DIR}, [], 0)
case("missing-file", {}, ["C001"], 2, args=["lint", "--isolated", "content/nothing.yaml"])
case("escape-in-a-file-name", _f("x: 1\n", "content/paleo/e\x1b[31m.yaml"), ["M002"], 1, hides=("\x1b",))
case("newline-in-a-file-name", _f("x: 1\n", "content/paleo/n\nl.yaml"), ["M002"], 1,
     args=["lint", "--isolated", "--format", "concise", "content"], shows=("n\\nl.yaml",))
case("dot-dot-in-a-path", _f("x: 1\n"), ["M002"], 1, args=["lint", "--isolated", "content/paleo/../paleo/x.yaml"])
case("fmt-on-a-fifo", {"content/paleo/x.yaml": FIFO}, ["C020"], 2, args=["fmt", "--check", "{f}"])
case("fmt-on-a-link-to-dev-zero", {"content/paleo/x.yaml": DEVZERO}, ["C020"], 2, args=["fmt", "{f}"])
case("unknown-format-is-usage", _f(_card), [], 2, args=["lint", "--isolated", "{f}", "--format", "xml"])

# --- huge inputs and outputs --------------------------------------------------------------------------
case("file-over-one-mib", _f("a: " + "x" * (1 << 20) + "\n"), ["Y009"], 1)
case("stdin-over-one-mib", {}, ["Y009"], 1, args=["lint", "--isolated", "--stdin-filename", "content/paleo/s.yaml"],
     stdin=b"a: " + b"x" * (1 << 20) + b"\n")
case("one-100k-character-key", _f("cards:\n  - " + "k" * 100_000 + ": 1\n"), ["Y001"], 1)  # libyaml: keys <= 1024
case("one-1000-character-unknown-key", _f("cards:\n  - " + "k" * 1000 + ": 1\n"), ["M003", "M004"], 1,
     hides=("k" * 600,))  # the message is cut
case("five-thousand-unknown-kinds", _f("".join(f"k{i}: 1\n" for i in range(5000))), ["M002"] * 5000, 1,
     args=["lint", "--isolated", "{f}", "--format", "concise"])
case("depth-65", _f("a: " + "[" * 65 + "]" * 65 + "\n"), ["Y007"], 1)
case("depth-100000", _f("a: " + "[" * 100_000 + "\n"), ["Y007"], 1)

# --- configuration is input too: pyproject.toml and the environment ------------------------------------
_PP = "[project]\nname = \"hostile\"\n\n[tool.paleo]\ncontent = [\"content\"]\n"
_CFG = ["lint", "content"]  # not --isolated: the project's pyproject.toml is read
case("config-arrays-nested-5000-deep", {"pyproject.toml": (_PP + "x = " + "[" * 5000 + "]" * 5000 + "\n").encode(),
                                        "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG,
     shows=("pyproject.toml:6:",))
case("config-100000-digit-integer", {"pyproject.toml": (_PP + "x = " + "7" * 100_000 + "\n").encode(),
                                     "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG,
     shows=("pyproject.toml:6:5",))
case("config-nul-in-a-content-folder", {"pyproject.toml": (_PP.replace('["content"]', '["a\\u0000b"]')).encode(),
                                        "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG,
     shows=("control character",), hides=("\x00",))
case("config-nul-in-a-source-file", {"pyproject.toml": (_PP + '[[tool.paleo.sources]]\nfile = "r\\u0000.md"\ntitle = "R"\n').encode(),
                                     "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG,
     shows=("control character",))
case("config-bracket-and-8000-spaces-in-an-unknown-key", {
    "pyproject.toml": (_PP + 'unknwn = """\n[' + " " * 8000 + '\n"""\n').encode(),
    "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG, shows=("unknown key",))
case("config-over-one-mib", {"pyproject.toml": (_PP + "# " + "x" * (1 << 20) + "\n").encode(),
                             "content/paleo/x.yaml": _card.encode()}, ["C003"], 2, args=_CFG)
case("env-cache-bound-inf", _f(_card), [], 2, args=["lint", "{f}"], env={"PALEO_CACHE_MAX_MB": "inf"},
     shows=("PALEO_CACHE_MAX_MB=inf is not a size",))
case("env-cache-bound-nan", _f(_card), [], 2, args=["build", "--out", "b.json"],
     env={"PALEO_CACHE_MAX_MB": "nan"}, shows=("PALEO_CACHE_MAX_MB=nan",))
case("env-cache-bound-huge", _f(_card), [], 2, args=["lint", "{f}"], env={"PALEO_CACHE_MAX_MB": "1" * 5000})
