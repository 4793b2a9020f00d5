"""Benchmark: the graph build and the graph checks, per card, on synthetic corpora of 1,000 and 10,000 cards.

Run: python benchmarks/bench_graph.py [N ...]   (default: 1000 10000)
Prints the time per card of the build (facts, graph, node-link JSON) and of the checks for each size, from
one run (sizes interleaved, best of several rounds each), and the ratio of the largest size's per-card time
to the smallest's; exits 1 when that ratio is above 1.5. Times are CPU time of this process (other
load on the machine does not count); loading, validating and lowering are not timed.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

SRC = '{rulebook: 002_56cce9db253ede81.txt, section: ["Game Objective: Leave Your Mark in the Stone Age!"]}'
HEAD = "# Synthetic benchmark content; not Paleo facts.\n"
CARDS_PER_MODULE = 90
MODULES_PER_PRODUCT = 10
BASE_PER_PRODUCT = 100  # product-level cards, so a product holds 1,000 cards
SECRETS_PER_MODULE = 3
ROUNDS = 9  # each size is timed this many times; the best time counts

SYMBOLS = HEAD + """symbols:
  - id: symbol:bench-food
    name: food
    category: resource
    positions: [requirement, cost, reward, negative]
    params: [{{name: n, type: count, before: true, default: 1}}]
    games: [{games}]
    explanation: A benchmark resource.
    example: "-> 2 food"
    source: {src}
    completeness: complete
  - id: symbol:bench-reveal-secret
    name: reveal secret
    category: action
    positions: [reward, negative]
    params: [{{name: secret, type: secret}}]
    games: [{games}]
    explanation: A benchmark reveal.
    example: "-> reveal secret 1"
    source: {src}
    completeness: complete
  - id: symbol:bench-have
    name: have
    category: action
    positions: [requirement]
    params: [{{name: item, type: "card|idea|title|token"}}]
    games: [{games}]
    explanation: A benchmark requirement.
    example: "require have card \\"Bench Card 1\\" -> 1 food"
    source: {src}
    completeness: complete
"""


def card(cid: str, name: str, product: str, options: list[str], *, module: str | None = None,
         kind: str = "module", back: str = "forest", number: int | None = None) -> str:
    lines = [f"  - id: card:bench/{cid}", f"    name: {name}", f"    game: game:bench-{product}", f"    product: product:bench-{product}"]
    if module:
        lines.append(f"    module: module:bench/{module}")
    lines += [f"    kind: {kind}", f"    back: {back}"]
    if number is not None:
        lines.append(f"    number: {number}")
    lines += ["    completeness: complete", f"    source: {SRC}", "    options:"]
    lines += [f"      - '{o}'" for o in options]
    return "\n".join(lines) + "\n"


def letter(i: int) -> str:
    return chr(ord("A") + i % 26)


def corpus(folder: Path, n_cards: int) -> int:
    """Write a synthetic project of about `n_cards` cards into `folder`; return the exact card count."""
    n_products = max(1, n_cards // (CARDS_PER_MODULE * MODULES_PER_PRODUCT + BASE_PER_PRODUCT))
    games = ", ".join(f"game:bench-{p}" for p in range(n_products))
    (folder / "symbols.yaml").write_text(SYMBOLS.format(games=games, src=SRC), encoding="utf-8")
    total = 0
    secret = 0
    for p in range(n_products):
        per_product_secrets = MODULES_PER_PRODUCT * SECRETS_PER_MODULE
        printed = MODULES_PER_PRODUCT * CARDS_PER_MODULE + BASE_PER_PRODUCT + per_product_secrets
        out = [HEAD, f"""games:
  - id: game:bench-{p}
    name: Bench Game {p}
    kind: cooperative-card-game
    completeness: complete
    source: {SRC}
    boards: [board:bench/camp-{p}]
    parameters: {{modules_per_scenario: 2}}
boards:
  - id: board:bench/camp-{p}
    name: Bench Camp {p}
    game: game:bench-{p}
    product: product:bench-{p}
    completeness: complete
    source: {SRC}
""", "products:\n", f"""  - id: product:bench-{p}
    name: Bench Product {p}
    game: game:bench-{p}
    kind: expansion
    printed_cards: {printed}
    completeness: complete
    source: {SRC}
""", "modules:\n"]
        for m in range(MODULES_PER_PRODUCT):
            mid = f"P{p}M{m}"
            nums = [secret + m * SECRETS_PER_MODULE + k + 1 for k in range(SECRETS_PER_MODULE)]
            out.append(f"""  - id: module:bench/{mid}
    letter: {letter(m)}
    name: Bench Module {mid}
    game: game:bench-{p}
    product: product:bench-{p}
    difficulty: easy
    printed_cards: {CARDS_PER_MODULE}
    secrets: [{", ".join(f"{{number: {x}}}" for x in nums)}]
    completeness: complete
    source: {SRC}
""")
        (folder / f"product-{p}.yaml").write_text("".join(out), encoding="utf-8")
        # module cards, one file per module
        for m in range(MODULES_PER_PRODUCT):
            mid = f"P{p}M{m}"
            nums = [secret + m * SECRETS_PER_MODULE + k + 1 for k in range(SECRETS_PER_MODULE)]
            body = [HEAD, "cards:\n"]
            for c in range(CARDS_PER_MODULE):
                opts = [f"-> {c % 4 + 1} food"]
                if c < SECRETS_PER_MODULE:
                    opts.append(f"-> reveal secret {nums[c]}")
                if c % 10 == 5:
                    opts.append(f'require have card "Bench {mid} Card {c - 1}" -> 1 food')
                if c % 30 == 7:
                    opts.append('require have title "Dodo" -> 2 food')
                name = f"Bench {mid} Card {c}" + (" Dodo" if c == 11 else "")
                body.append(card(f"{mid.lower()}-{c}", name, str(p), opts, module=mid))
                total += 1
            (folder / f"module-{mid}.yaml").write_text("".join(body), encoding="utf-8")
        # product-level cards, secret faces (with reveal chains) and secret records
        body = [HEAD, "cards:\n"]
        for c in range(BASE_PER_PRODUCT):
            body.append(card(f"p{p}-base-{c}", f"Bench P{p} Base {c}", str(p), [f"-> {c % 3 + 1} food"], kind="base"))
            total += 1
        secs = [HEAD, "secrets:\n"]
        for k in range(per_product_secrets):
            num = secret + k + 1
            chain = [f"-> reveal secret {num + 1}"] if k % SECRETS_PER_MODULE == 0 else ["-> 2 food"]
            body.append(card(f"secret-{num}", f"Bench Secret {num}", str(p), chain, kind="secret", back="secret", number=num))
            total += 1
            secs.append(f"""  - id: secret:{num}
    number: {num}
    product: product:bench-{p}
    copies: 1
    card: card:bench/secret-{num}
    completeness: complete
    source: {SRC}
""")
        (folder / f"product-{p}-cards.yaml").write_text("".join(body), encoding="utf-8")
        (folder / f"product-{p}-secrets.yaml").write_text("".join(secs), encoding="utf-8")
        scen = [HEAD, "scenarios:\n"]
        for s in range(MODULES_PER_PRODUCT // 2):
            a, b = letter(2 * s), letter(2 * s + 1)
            scen.append(f"""  - id: scenario:bench/p{p}-s{s}
    kind: scenario
    name: Bench Scenario {p}-{s}
    game: game:bench-{p}
    product: product:bench-{p}
    modules: [{a}, {b}]
    completeness: complete
    source: {SRC}
""")
        (folder / f"product-{p}-scenarios.yaml").write_text("".join(scen), encoding="utf-8")
        secret += per_product_secrets
    return total


def prepare(n: int):
    """Compile a synthetic corpus of about `n` cards (loading and lowering are not timed)."""
    from compiler.pipeline import run

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cards = corpus(folder, n)
        res = run([folder], root=folder)
    errors = [d for d in res.diagnostics if d.severity.value == "error"]
    if errors:
        raise SystemExit("the synthetic corpus does not compile cleanly:\n" + "\n".join(
            f"{d.code} {d.span.file}:{d.span.line} {d.message}" for d in errors[:10]))
    return cards, res


def measure_once(cards: int, res) -> dict:
    from compiler.graph import Facts, build, paused_gc
    from compiler.graph.checks import CHECKS

    with paused_gc():  # as check_graph runs them
        t0 = time.process_time()
        facts = Facts(res.entries, res.bundle)
        graph = build(facts)
        graph.to_json()
        t1 = time.process_time()
        diags = [d for check in CHECKS for d in check(facts, graph)]
        t2 = time.process_time()
    return {"cards": cards, "nodes": len(graph.nodes), "edges": len(graph.edges), "diagnostics": len(diags),
            "build_us": (t1 - t0) / cards * 1e6, "checks_us": (t2 - t1) / cards * 1e6}


def main(argv: list[str]) -> int:
    import networkx  # noqa: F401  (imported once up front so no size pays for it)

    sizes = [int(a) for a in argv] or [1000, 10000]
    corpora = [prepare(n) for n in sizes]
    best: list[dict] = [{} for _ in sizes]
    for _ in range(ROUNDS):  # sizes interleaved, so a busy moment on the machine hits every size alike
        for i, (cards, res) in enumerate(corpora):
            r = measure_once(cards, res)
            for key in ("build_us", "checks_us"):
                r[key] = min(r[key], best[i].get(key, r[key]))
            best[i] = r
    rows = []
    for r in best:
        r["total_us"] = r["build_us"] + r["checks_us"]
        rows.append(r)
    print(f"{'cards':>7} {'nodes':>7} {'edges':>7} {'diags':>6} {'build µs/card':>14} {'checks µs/card':>15} {'total µs/card':>14}")
    for r in rows:
        print(f"{r['cards']:>7} {r['nodes']:>7} {r['edges']:>7} {r['diagnostics']:>6} {r['build_us']:>14.1f} "
              f"{r['checks_us']:>15.1f} {r['total_us']:>14.1f}")
    ratio = rows[-1]["total_us"] / rows[0]["total_us"]
    ok = ratio <= 1.5
    print(f"per-card time at {rows[-1]['cards']} cards / at {rows[0]['cards']} cards: {ratio:.2f} "
          f"({'within' if ok else 'ABOVE'} the 1.5x budget)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
