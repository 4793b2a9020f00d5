"""The Play page in a real browser: the runtime under Pyodide (from the site itself), a 2-player hot-seat game
clicked to its end, saved and loaded mid-game, its log the Python engine's for the same seed and clicks."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from site_support import REPO, parse_links, skip_or_fail

SETUP = {"game": "game:paleo", "scenario": "A", "players": 2, "seed": 1}
FIRST_CLICKS = 16  # the first action this many times, then the last (going to sleep early ends a day quickly)
SAVE_AT = 9        # save, reload the page and load the save after this many clicks
MAX_CLICKS = 120   # a game that has not ended by then is a failure
# as scripts/main.sh builds the page's bundle: the collection, every box's pack (synthetic_bundle.COLLECTION_PACKS)
PACKS = ["synthetic-base", "base-modules", "anb", "pote", "whale", "paleovet"]


def _packs_module():
    packs = str(REPO / "tests" / "packs")
    if packs not in sys.path:
        sys.path.insert(0, packs)
    import synthetic_bundle

    return synthetic_bundle


def _glue():
    play = str(REPO / "site" / "play")
    if play not in sys.path:
        sys.path.insert(0, play)
    import play_glue

    return play_glue


_BUNDLE: dict = {}


def _play_bundle() -> dict:
    if "b" not in _BUNDLE:
        _BUNDLE["b"] = _packs_module().build(packs=PACKS)
    return _BUNDLE["b"]


@pytest.fixture(scope="module")
def play_assets(content_site, tmp_path_factory):
    """The served content site with the Play step run on it, as scripts/main.sh does: (site dir, play bundle path)."""
    from compiler.docs.play import PYODIDE_DIR, PYODIDE_FILES, build_play

    if not all((REPO / PYODIDE_DIR / f).is_file() for f in PYODIDE_FILES):
        skip_or_fail(f"{PYODIDE_DIR} is missing or incomplete; run `npm ci`")
    site, site_bundle = content_site[0], content_site[1]
    tmp = tmp_path_factory.mktemp("play")
    bundle_path, links_path = tmp / "play-bundle.json", tmp / "site-bundle.json"
    bundle_path.write_text(json.dumps(_play_bundle()), encoding="utf-8")
    links_path.write_text(json.dumps(site_bundle), encoding="utf-8")
    assert build_play(site, bundle_path, PACKS, links_path, REPO) == 0
    return site, bundle_path


def _clean(page, browser_context):
    assert not page.watch.problems, "\n".join(page.watch.problems)
    assert not browser_context.outside_requests, "requests outside 127.0.0.1: " + ", ".join(browser_context.outside_requests)
    assert not page.watch.dialogs, f"a dialog opened: {page.watch.dialogs}"


def _open(page, served) -> float:
    page.goto(served + "/play/")
    page.wait_for_function("window.paleoPlay && window.paleoPlay.ready", timeout=110_000)
    return page.evaluate("window.paleoPlay.readyMs")


def _step(page, clicks: list) -> bool:
    """One click of the policy: past a hand-over screen, else a legal action. False once the game is over."""
    if page.locator("#play-outcome").is_visible():
        return False
    ok = page.locator("#play-handover-ok")
    if ok.is_visible():
        ok.click()
        assert page.locator("#play-seat .play-seat-view").count() == 1, "a hand-over shows one seat's view"
        return True
    assert page.locator("#play-seat .play-seat-view").count() == 1, "only the current player's view is on the page"
    buttons = page.locator("#play-actions .play-action")
    n = buttons.count()
    assert n > 0, "a current player without legal actions"
    b = buttons.nth(0 if len(clicks) < FIRST_CLICKS else n - 1)
    seat, index = int(b.get_attribute("data-seat")), int(b.get_attribute("data-index"))
    assert page.locator(f'#play-seat .play-seat-view[data-seat="{seat}"]').count() == 1
    b.click()
    clicks.append((seat, index))
    return True


def _href_exists(site: Path, url: str, served: str) -> bool:
    parts = urlsplit(url)
    path = unquote(parts.path)
    assert url.startswith(served + "/"), url
    target = site / path.lstrip("/")
    if path.endswith("/"):
        target = target / "index.html"
    if not target.is_file():
        return False
    return not parts.fragment or parts.fragment in parse_links(target).ids


@pytest.mark.browser
def test_play_a_two_player_game_to_its_end(page, served, browser_context, play_assets, screenshots, record_property):
    site, bundle_path = play_assets
    ready_ms = _open(page, served)
    banner = page.locator("#play-banner").inner_text()
    assert all(p in banner for p in PACKS) and "Synthetic cards" in banner and "never the printed cards" in banner

    page.select_option("#play-game", SETUP["game"])
    page.select_option("#play-scenario", SETUP["scenario"])
    page.fill("#play-players", str(SETUP["players"]))
    page.fill("#play-seed", str(SETUP["seed"]))
    page.click("#play-start")
    page.locator("#play-handover-ok").wait_for(state="visible")
    assert page.locator("#play-seat .play-seat-view").count() == 0, "the hand-over screen shows no player's view"
    page.click("#play-handover-ok")
    first_ms = page.evaluate("window.paleoPlay.firstActionsMs")
    record_property("play_ready_ms", ready_ms)
    record_property("play_first_actions_ms", first_ms)
    print(f"\nPlay page: setup form after {ready_ms / 1000:.1f}s, first legal actions after {first_ms / 1000:.1f}s")

    clicks: list = []
    while len(clicks) < SAVE_AT:
        assert _step(page, clicks)
    if page.locator("#play-handover-ok").is_visible():  # the picture shows a player's view, not the hand-over
        page.click("#play-handover-ok")
    page.screenshot(path=str(screenshots / "play-mid-game.png"), full_page=True)
    page.click("#play-save")
    saved = page.input_value("#play-save-text")
    assert json.loads(saved)["format"].startswith("runtime-state/")
    before = json.loads(page.evaluate("window.paleoPlay.log()"))

    page.reload()
    page.wait_for_function("window.paleoPlay && window.paleoPlay.ready", timeout=110_000)
    page.fill("#play-save-text", saved)
    page.click("#play-load")
    assert json.loads(page.evaluate("window.paleoPlay.log()")) == before, "the loaded game's log is the saved game's"
    while _step(page, clicks):
        assert len(clicks) < MAX_CLICKS, "the game did not end"
    outcome = page.locator("#play-outcome").inner_text()
    assert "The game is over" in outcome
    page.screenshot(path=str(screenshots / "play-end.png"), full_page=True)
    page_log = json.loads(page.evaluate("window.paleoPlay.log()"))
    shown = page.locator("#play-log li").all_inner_texts()
    hrefs = page.eval_on_selector_all("#play-log a.play-rule", "as => as.map(a => a.href)")
    _clean(page, browser_context)

    # the same seed and clicks in the Python engine give the same events
    from runtime import load_bundle, new_game

    bundle = load_bundle(str(bundle_path))
    g = new_game(bundle, **SETUP)
    for seat, index in clicks:
        g.apply(g.legal_actions(seat)[index])
    assert g.is_terminal()
    assert page_log == json.loads(json.dumps(g.log)), "the page's event log differs from the engine's"
    assert page_log[-1]["t"] == "end"

    # ...and the same words, each linked to a rule page of the site that exists
    glue = _glue()
    glue.init(str(bundle_path), (site / "play" / "play-meta.json").read_text(encoding="utf-8"))
    glue.start(json.dumps(SETUP))
    for seat, index in clicks:
        glue.act(seat, index)
    lines = json.loads(glue.view())["log"]
    assert len(shown) == len(lines) == len(g.log)
    for text, line in zip(shown, lines):
        assert line["text"] in text, (text, line)
    assert len(hrefs) == len(lines)
    missing = sorted({h for h in hrefs if not _href_exists(site, h, served)})
    assert not missing, f"log links to missing pages or anchors: {missing[:5]}"
    rules = {urlsplit(h).path for h in hrefs}
    assert any("/reference/rules/" in p for p in rules), "no event links to a rule page"


# one setup of each expansion of the collection, and PaleoVet, each clicked to its end on the page
EXPANSION_SETUPS = [
    {"game": "game:paleo", "scenario": "scenario:anb/I", "players": 2, "seed": 2},
    {"game": "game:paleo", "scenario": "level:pote/I", "players": 2, "seed": 2},
    {"game": "game:paleo", "scenario": "suggestion:whale/1", "players": 2, "seed": 2},
    {"game": "game:paleovet", "scenario": None, "players": 2, "seed": 2, "options": {"mode": "standard"}},
]


@pytest.mark.browser
@pytest.mark.parametrize("setup", EXPANSION_SETUPS, ids=lambda s: s["scenario"] or s["game"])
def test_play_each_expansion_to_its_end_by_clicking(page, served, browser_context, play_assets, setup):
    """The collection's Play page offers every expansion's setups: one of each is clicked to its end, and the
    page's log is the engine's for the same seed and clicks."""
    site, bundle_path = play_assets
    _open(page, served)
    page.select_option("#play-game", setup["game"])
    if setup["scenario"]:
        page.select_option("#play-scenario", setup["scenario"])
    for name, value in (setup.get("options") or {}).items():
        page.select_option(f'.play-option[data-option="{name}"]', json.dumps(value))
    page.fill("#play-players", str(setup["players"]))
    page.fill("#play-seed", str(setup["seed"]))
    page.click("#play-start")
    page.locator("#play-handover-ok").wait_for(state="visible")
    clicks: list = []
    while _step(page, clicks):
        assert len(clicks) < 20 * MAX_CLICKS, "the game did not end"
    assert "The game is over" in page.locator("#play-outcome").inner_text()
    page_log = json.loads(page.evaluate("window.paleoPlay.log()"))
    _clean(page, browser_context)
    from runtime import load_bundle, new_game

    g = new_game(load_bundle(str(bundle_path)), **{k: v for k, v in setup.items() if v is not None})
    for seat, index in clicks:
        g.apply(g.legal_actions(seat)[index])
    assert g.is_terminal() and page_log == json.loads(json.dumps(g.log))


def test_the_runtime_zip_holds_every_runtime_source():
    import io
    import zipfile

    from compiler.docs.play import runtime_zip

    data = runtime_zip(REPO)
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    expected = {p.relative_to(REPO).as_posix() for p in (REPO / "runtime").rglob("*.py") if "__pycache__" not in p.parts}
    assert names == expected and "runtime/__init__.py" in names
    assert runtime_zip(REPO) == data, "the same tree gives the same bytes"


def test_the_play_step_plays_synthetic_packs_only(tmp_path):
    from compiler.docs.play import pack_names

    assert pack_names(PACKS, REPO) == PACKS
    (tmp_path / "cards.yaml").write_text("cards: []\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="synthetic packs only"):
        pack_names([str(tmp_path)], REPO)


def test_the_glue_refuses_bad_setups_and_saves_in_words(tmp_path):
    glue = _glue()
    from compiler.docs.play import playable_setups

    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(_play_bundle()), encoding="utf-8")
    choices = json.loads(glue.init(str(path), json.dumps({"packs": PACKS, "setups": playable_setups(_play_bundle()),
                                                          "links": {}})))
    vet = next(g for g in choices["games"] if g["id"] == "game:paleovet")
    assert vet["options"] == [{"name": "mode", "allowed": ["standard", "casual", "light", "solo"], "default": "standard"}]
    solo = json.loads(glue.start(json.dumps({"game": "game:paleovet", "players": 1, "seed": 3, "options": {"mode": "solo"}})))
    assert solo["setup"]["options"] == {"mode": "solo"} and solo["current"] == [0]
    bad = json.loads(glue.start(json.dumps({**SETUP, "players": 9})))
    assert bad["error"].startswith("setup refused:") and "players" in bad["error"]
    ok = json.loads(glue.start(json.dumps(SETUP)))
    assert ok["current"] and all(a["label"].startswith("P") for s in ok["seats"].values() for a in s["actions"])
    assert json.loads(glue.act(0, 999))["error"] == "no action 999 for P0 now"
    for text in ("{", '{"format": "runtime-state/0"}', "\x1b[2J", "[]"):
        err = json.loads(glue.load(text))["error"]
        assert err.startswith(("this save cannot be loaded: ", "this is not a saved game: ")) and "\x1b" not in err, err
        assert "Traceback" not in err
    saved = glue.save()
    glue.act(0, 0)
    assert json.loads(glue.load(saved))["log"] == ok["log"], "a save restores the game it was taken from"


def test_the_play_step_writes_what_the_page_loads(play_assets):
    """The assets the Play page fetches, as the step writes them (the browser test plays them): Pyodide, the
    runtime's sources, the bundle byte for byte, and a meta file naming the synthetic packs, every playable
    setup and rule links into the site."""
    from compiler.docs.play import PYODIDE_DIR, PYODIDE_FILES, runtime_zip

    site, bundle_path = play_assets
    out = site / "play"
    for f in PYODIDE_FILES:
        assert (out / "pyodide" / f).read_bytes() == (REPO / PYODIDE_DIR / f).read_bytes(), f
    assert (out / "runtime.zip").read_bytes() == runtime_zip(REPO)
    assert (out / "play-bundle.json").read_bytes() == bundle_path.read_bytes()
    meta = json.loads((out / "play-meta.json").read_text(encoding="utf-8"))
    assert meta["packs"] == PACKS == list(_packs_module().COLLECTION_PACKS)
    assert "never the printed cards" in meta["synthetic"]
    games = {s["game"] for s in meta["setups"]}
    assert {"game:paleovet"} <= games and len(games) >= 2, games
    # every setup of the collection: the base game, the 13 scenarios, levels and suggestions, 8 base modules alone
    # and 28 pairs, PaleoVet (its modes are the form's option)
    offered = {s["scenario"] for s in meta["setups"]}
    assert {None, "A", "A+B", "level:pote/III", "scenario:anb/VI", "suggestion:whale/4"} <= offered
    assert len(meta["setups"]) == 1 + 13 + 8 + 28 + 1
    assert meta["links"]["rules_index"] and meta["links"]["sections"], "rule links into the site"


def test_the_play_step_refuses_a_missing_site_pyodide_or_bundle(tmp_path, capsys):
    from compiler.docs.play import main

    site = tmp_path / "site"
    assert main(["--site", str(site), "--bundle", str(tmp_path / "b.json"), "--pack", "paleovet", "--root", str(REPO)]) == 2
    assert "has no play/index.html" in capsys.readouterr().err
    (site / "play").mkdir(parents=True)
    (site / "play" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert main(["--site", str(site), "--bundle", str(tmp_path / "b.json"), "--pack", "paleovet", "--root", str(REPO)]) == 2
    assert "cannot read a bundle" in capsys.readouterr().err
    (tmp_path / "b.json").write_text("{not json", encoding="utf-8")
    assert main(["--site", str(site), "--bundle", str(tmp_path / "b.json"), "--pack", "paleovet", "--root", str(REPO)]) == 2
    assert "cannot read a bundle" in capsys.readouterr().err
    assert main(["--site", str(site), "--bundle", str(tmp_path / "b.json"), "--pack", "paleovet", "--root", str(tmp_path)]) == 2
    assert "run `npm ci`" in capsys.readouterr().err
    assert not (site / "play" / "runtime.zip").exists(), "nothing is written when the step refuses"
