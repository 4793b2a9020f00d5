"""The one benchmark command: `python benchmarks/run.py [--quick] [--list] [--json FILE] [--table FILE] [SECTION ...]`.

Every module in benchmarks/sections/ is a section (it defines NAME, DESCRIPTION and
`run(quick=False) -> list[dict]`, one dict per figure: figure, value, unit, target, hard, met, spread).
This runs the named sections (all by default), prints every figure with the machine and the versions,
and exits 1 when a hard target is missed (2 when a section fails to run). Times are measured side by
side in the same run (paired, alternating, medians with their spread); trust the ratios, not the
absolute times. `--table FILE` also writes the results as a markdown table (benchmarks/RESULTS.md
keeps the last full run's).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def discover() -> dict:
    """name -> section module, for every benchmarks/sections/*.py that defines the interface."""
    found = {}
    for path in sorted((HERE / "sections").glob("*.py")):
        if path.name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"benchmarks_section_{path.stem}", path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception as exc:  # a broken section is reported, the others still run
            found[path.stem] = exc
            continue
        if callable(getattr(mod, "run", None)):
            found[getattr(mod, "NAME", path.stem)] = mod
    return found


def versions() -> str:
    from importlib import metadata

    parts = [f"Python {platform.python_version()}"]
    for dist in ("lark", "pydantic", "PyYAML", "ruamel.yaml", "networkx", "mkdocs-material", "check-jsonschema"):
        try:
            parts.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            pass
    return ", ".join(parts)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = " load %.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = ""
    return f"{platform.system()} {platform.release()}, {os.cpu_count()} cores, {cpu};{load}"


def fmt_value(f: dict) -> str:
    v, unit = f["value"], f["unit"]
    if unit == "ratio":
        return f"{v:.2f}"
    if unit in ("MiB", "ms", "s"):
        return f"{v:.1f} {unit}"
    return f"{v:,.0f} {unit}"


def verdict(f: dict) -> str:
    if f.get("met") is None:
        return ""
    kind = "hard" if f.get("hard") else "stretch"
    return f"{'met' if f['met'] else 'MISSED'} ({kind})"


def print_figures(section: str, figures: list[dict], out=sys.stdout) -> None:
    out.write(f"\n== {section}\n")
    w = max([len(f["figure"]) for f in figures] + [10])
    for f in figures:
        spread = f" [{f['spread']}]" if f.get("spread") else ""
        target = f"target {f['target']}" if f.get("target") else ""
        out.write(f"  {f['figure']:<{w}}  {fmt_value(f):>12}{spread}  {target}  {verdict(f)}\n")
    out.flush()


def table(results: dict) -> str:
    rows = ["| section | figure | value | spread | target | met |", "|---|---|---|---|---|---|"]
    for section, figures in results.items():
        for f in figures:
            rows.append(f"| {section} | {f['figure']} | {fmt_value(f)} | {f.get('spread') or ''} | "
                        f"{f.get('target') or ''} | {verdict(f)} |")
    return "\n".join(rows) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sections", nargs="*", metavar="SECTION")
    ap.add_argument("--quick", action="store_true", help="fewer repeats: a short run, wider spreads")
    ap.add_argument("--list", action="store_true", help="list the sections and exit")
    ap.add_argument("--json", metavar="FILE", help="also write every figure as JSON")
    ap.add_argument("--table", metavar="FILE", help="also write every figure as a markdown table")
    args = ap.parse_args(argv)
    found = discover()
    if args.list:
        for name, mod in found.items():
            print(f"{name:20} {getattr(mod, 'DESCRIPTION', repr(mod))}")
        return 0
    names = args.sections or list(found)
    unknown = [n for n in names if n not in found]
    if unknown:
        ap.error(f"no section {', '.join(unknown)}; sections: {', '.join(found)}")
    print(f"machine: {machine()}")
    print(f"versions: {versions()}")
    results: dict = {}
    failed = []
    for name in names:
        mod = found[name]
        if isinstance(mod, Exception):
            print(f"\n== {name}\n  could not be loaded: {mod!r}")
            failed.append(name)
            continue
        t0 = time.perf_counter()
        try:
            figures = list(mod.run(quick=args.quick))
        except Exception:
            print(f"\n== {name}\n  failed:\n" + traceback.format_exc())
            failed.append(name)
            continue
        results[name] = figures
        print_figures(f"{name} ({time.perf_counter() - t0:.0f} s)", figures)
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": machine(), "versions": versions(), "results": results},
                                              indent=1) + "\n", encoding="utf-8")
    if args.table:
        Path(args.table).write_text(f"Machine: {machine()}\n\nVersions: {versions()}\n\n{table(results)}",
                                    encoding="utf-8")
    missed = [f"{s}: {f['figure']}" for s, fs in results.items() for f in fs if f.get("hard") and f.get("met") is False]
    if missed:
        print("\nhard targets missed:\n" + "".join(f"  {m}\n" for m in missed), end="")
    if failed:
        print(f"\nsections that failed: {', '.join(failed)}")
        return 2
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
