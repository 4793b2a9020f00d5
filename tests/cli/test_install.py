"""Every install route: the default `python -m build` (an sdist, then a wheel from that sdist) into a
fresh virtual environment, then an author's fan project linted and built with effects."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile

from compiler import __version__

from .support import BROKEN_FAN_CARD, FAN_CARDS, REPO, snapshot_repo


def _run(args, cwd, env=None, timeout=900):
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout)


def test_sdist_wheel_fresh_venv_fan_project(tmp_path):
    src = tmp_path / "src"
    snapshot_repo(src)
    dist = tmp_path / "dist"
    r = _run([sys.executable, "-m", "build", "--outdir", dist, src], cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    (sdist,) = dist.glob("paleo_codex-*.tar.gz")
    (wheel,) = dist.glob("paleo_codex-*.whl")
    assert sdist.name == f"paleo_codex-{__version__}.tar.gz"
    names = tarfile.open(sdist).getnames()
    top = f"paleo_codex-{__version__}"
    for rel in ("content/schema.json", "grammar/effects.lark", "content/paleo/base/cards.yaml", "setup.py"):
        assert f"{top}/{rel}" in names, rel

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    r = _run([bin_dir / "python", "-m", "pip", "install", "-q", wheel], cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    r = _run([bin_dir / "python", "-m", "pip", "list", "--format", "json"], cwd=tmp_path, env=env)
    installed = {p["name"].lower() for p in json.loads(r.stdout)}
    assert "paleo-codex" in installed
    assert not installed & {"jsonschema", "mkdocs", "mkdocs-material"}, installed  # extras only

    fan = tmp_path / "my-fan-cards"
    (fan / "fan").mkdir(parents=True)
    (fan / "pyproject.toml").write_text('[project]\nname = "my-fan-cards"\nversion = "0.0.1"\n\n[tool.paleo]\nignore = []\n')
    (fan / "fan" / "cards.yaml").write_text(FAN_CARDS, encoding="utf-8")
    paleo = bin_dir / "paleo"

    r = _run([paleo, "--version"], cwd=fan, env=env)
    assert r.stdout.strip() == f"paleo {__version__}"
    r = _run([paleo, "lint", "fan"], cwd=fan, env=env)
    assert r.returncode == 0 and r.stdout.strip() == "no problems found", r.stdout + r.stderr
    r = _run([paleo, "build", "--content", "fan", "--out", "out"], cwd=fan, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    # build and lint agree about the notes: neither speaks of the bundled games' files inside the install
    said = re.search(r"diagnostics: 0 errors, (\d+) warnings, (\d+) info \(see `paleo lint`\)", r.stdout)
    assert said, r.stdout
    shown = json.loads(_run([paleo, "lint", "--format", "json", "fan"], cwd=fan, env=env).stdout)
    assert int(said.group(2)) == sum(d["severity"] == "info" for d in shown)
    assert "site-packages" not in r.stdout + r.stderr
    text = (fan / "out" / "bundle.json").read_text(encoding="utf-8")
    bundle = json.loads(text)
    card = next(c for c in bundle["cards"] if c["id"] == "card:fan/berry-bush")
    assert card["file"] == "fan/cards.yaml"
    assert [o["text"] for o in card["options"]] == ["require awareness 2; roll 1 die -> 2 food", "cost 1 wood -> 1 idea"]
    assert all(o["ir"] for o in card["options"])
    assert len(bundle["cards"]) > 50 and len(bundle["symbols"]) > 20  # the bundled content came along
    base = next(c for c in bundle["cards"] if c["id"] != card["id"])
    assert base["file"].startswith("content/paleo")  # a path from the content root, not the install path
    assert "site-packages" not in text and str(env_dir) not in text

    (fan / "fan" / "broken.yaml").write_text(BROKEN_FAN_CARD, encoding="utf-8")
    r = _run([paleo, "lint", "--format", "concise", "fan"], cwd=fan, env=env)
    assert r.returncode == 1 and "fan/broken.yaml:9:34: E302 unknown symbol `fod`" in r.stdout, r.stdout + r.stderr
    r = _run([paleo, "build", "--content", "fan", "--out", "out2"], cwd=fan, env=env)
    assert r.returncode == 1 and not (fan / "out2" / "bundle.json").exists()
    assert "internal error" not in r.stdout + r.stderr

    # run inside this repository's checkout, the installed paleo loads its `content/` once: it is the bundled
    # games' content (a copy), edited or not, so no record is a duplicate
    edited = src / "content" / "paleo" / "base" / "cards.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited in the checkout\n", encoding="utf-8")
    r = _run([paleo, "lint", "--format", "concise", "--no-cache"], cwd=src, env=env)
    assert "M008" not in r.stdout and "duplicate id" not in r.stdout, r.stdout[:2000]
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr

    # `paleo init` makes a fan-module project that the installed paleo lints, builds and plays
    r = _run([paleo, "init", "berry-fans"], cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    made = tmp_path / "berry-fans"
    r = _run([paleo, "lint"], cwd=made, env=env)
    assert r.returncode == 0 and r.stdout.strip() == "no problems found", r.stdout + r.stderr
    r = _run([paleo, "build"], cwd=made, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "module:berry-fans/Z" in (made / "build" / "bundle.json").read_text(encoding="utf-8")
    r = _run([paleo, "test", "tests/rules/berry-fans-berry-patch.json"], cwd=made, env=env)
    assert r.returncode == 0 and "1 passed, 0 failed" in r.stdout, r.stdout + r.stderr

    r = _run([paleo, "docs"], cwd=fan, env=env)
    assert r.returncode == 2
    assert "needs the docs toolchain" in r.stderr and 'pip install "paleo-codex[docs]"' in r.stderr
    assert "Traceback" not in r.stderr

    # with the [docs] extra, `paleo docs` builds the author's rules site (no mkdocs.yml in the project)
    assert (REPO / "node_modules" / "mermaid" / "dist" / "mermaid.min.js").is_file(), "run `npm ci` first"
    assert any(n.endswith("compiler/data/docs-kit/mermaid/mermaid.min.js") for n in zipfile.ZipFile(wheel).namelist())
    (fan / "fan" / "broken.yaml").unlink()
    r = _run([bin_dir / "python", "-m", "pip", "install", "-q", f"{wheel}[docs]"], cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    r = _run([paleo, "docs", "--content", "fan", "--out", "site"], cwd=fan, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (fan / "site" / "index.html").is_file() and not (fan / "mkdocs.yml").exists()
    pages = [p for p in (fan / "site" / "reference").rglob("*.html") if "Berry Bush" in p.read_text(encoding="utf-8")]
    assert pages, "the fan card is in the reference"
    # the site is the project's: titled by it, and it ships no byte-code cache of the Play page's Python
    home = (fan / "site" / "index.html").read_text(encoding="utf-8")
    assert "my-fan-cards — rules</title>" in home and "Paleo Codex</title>" not in home
    assert not [p for p in (fan / "site").rglob("*") if p.name == "__pycache__" or p.suffix == ".pyc"]
    play = (fan / "site" / "play" / "index.html").read_text(encoding="utf-8")  # speaks to the project's author
    assert "rules reference of your project" in play and "python -m runtime serve --bundle build/bundle.json" in play
    assert "main job" not in play and not (fan / "site" / "play" / "play.js").exists()


def test_one_version_source():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "runtime.version.__version__"}


def test_jsonschema_and_the_docs_toolchain_are_extras_used_where_they_are_needed():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    deps = " ".join(project["dependencies"])
    for name in ("jsonschema", "mkdocs"):
        assert name not in deps
    assert any(d.startswith("mkdocs-material") for d in project["optional-dependencies"]["docs"])
    assert any(d.startswith("jsonschema") for d in project["optional-dependencies"]["test"])
    imports = [p for p in (REPO / "compiler").rglob("*.py") if "import jsonschema" in p.read_text(encoding="utf-8")]
    imports += [p for p in (REPO / "runtime").rglob("*.py") if "import jsonschema" in p.read_text(encoding="utf-8")]
    assert imports == []  # nothing shipped imports it
    main = (REPO / "scripts" / "main.sh").read_text(encoding="utf-8")
    assert '-e ".[docs]"' in main
    assert '-e ".[test]"' in (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
