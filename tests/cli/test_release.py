"""Releases: the README's pre-commit `rev:` is a tag the release process makes, and pre-commit itself runs the
README's exact configuration against a clone of this repository at that tag."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import yaml

from compiler import __version__

from .support import REPO, git, snapshot_repo

UNFORMATTED = """cards:
- name: Berry Bush
  id: card:fan/berry-bush
  game: game:paleo
  product: product:paleo
  kind: base
  back: null
  options: ['-> 2 food']
  completeness: partial
  source: {rulebook: 002_56cce9db253ede81.txt, section: ["The Game Turn: Surviving Day and Night"]}
"""
HOOKS_OF_OTHERS = "sources:\n  in: {type: stdin}\ncards: [todo, doing]\n"


def _readme_config() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### pre-commit"):]
    return re.search(r"```yaml\n(.*?)```", section, re.S).group(1)


def test_the_documented_rev_is_the_tag_of_the_version_and_the_changelog_has_it():
    config = yaml.safe_load(_readme_config())
    (repo,) = config["repos"]
    assert repo["rev"] == f"v{__version__}"
    assert [h["id"] for h in repo["hooks"]] == ["paleo-lint", "paleo-fmt"]
    log = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"(?m)^## {re.escape(__version__)} — \d{{4}}-\d{{2}}-\d{{2}}$", log)


def test_the_release_script_refuses_what_is_not_ready(tmp_path):
    src = tmp_path / "src"
    snapshot_repo(src)
    (src / "stray.txt").write_text("not committed\n", encoding="utf-8")
    p = subprocess.run([sys.executable, "scripts/release.py"], cwd=src, capture_output=True, text=True)
    assert p.returncode == 1 and "uncommitted changes" in p.stderr
    (src / "stray.txt").unlink()
    log = src / "CHANGELOG.md"
    log.write_text(log.read_text(encoding="utf-8").replace(f"## {__version__} ", "## 9.9.9 "), encoding="utf-8")
    git(src, "commit", "-qam", "lose the section")
    p = subprocess.run([sys.executable, "scripts/release.py", "--check"], cwd=src, capture_output=True, text=True)
    assert p.returncode == 1 and f"no section `## {__version__} — YYYY-MM-DD`" in p.stderr
    assert subprocess.run(["git", "tag"], cwd=src, capture_output=True, text=True).stdout == ""


IDENTITY = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid"}


def test_pre_commit_runs_the_readmes_config_at_the_release_tag(tmp_path):
    src = tmp_path / "src"
    snapshot_repo(src)
    tag_env = {**os.environ, **IDENTITY}
    p = subprocess.run([sys.executable, "scripts/release.py"], cwd=src, capture_output=True, text=True, env=tag_env)
    assert p.returncode == 0, p.stderr
    again = subprocess.run([sys.executable, "scripts/release.py"], cwd=src, capture_output=True, text=True, env=tag_env)
    assert again.returncode == 0 and "already" in again.stdout  # running it twice is the same as once
    assert subprocess.run(["git", "tag"], cwd=src, capture_output=True, text=True).stdout.split() == [f"v{__version__}"]

    fan = tmp_path / "fan"
    (fan / "content").mkdir(parents=True)
    (fan / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    (fan / "content" / "cards.yaml").write_text(UNFORMATTED, encoding="utf-8")
    (fan / "vector.yaml").write_text(HOOKS_OF_OTHERS, encoding="utf-8")
    config = _readme_config().replace("https://github.com/OWNER/paleo-codex", str(src))
    (fan / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    git(fan, "init", "-q")
    git(fan, "add", "-A")
    git(fan, "commit", "-q", "-m", "fan cards")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    run = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=fan, env=env,
                         capture_output=True, text=True, timeout=1200)
    out = run.stdout + run.stderr
    assert run.returncode == 1, out  # paleo-fmt rewrote the card file
    assert re.search(r"paleo lint\.+Passed", out) and re.search(r"paleo fmt\.+Failed", out), out
    assert "files were modified by this hook" in out
    formatted = (fan / "content" / "cards.yaml").read_text(encoding="utf-8")
    assert formatted != UNFORMATTED and formatted.index("id: card:fan/berry-bush") < formatted.index("name: Berry Bush")
    assert (fan / "vector.yaml").read_text(encoding="utf-8") == HOOKS_OF_OTHERS  # not a card file: untouched
    assert (fan / ".pre-commit-config.yaml").read_text(encoding="utf-8") == config
    rerun = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=fan, env=env,
                           capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
