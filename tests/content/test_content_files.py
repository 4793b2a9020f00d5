"""Every bundled content file loads, validates, carries the schema modeline and uses unique ids."""

from __future__ import annotations

from compiler.loader import load_file
from compiler.models import ContentFile
from content_helpers import CONTENT
from content_helpers import MODELINE, content_files

OWNED = [CONTENT / "paleo", CONTENT / "paleovet"]


def _files():
    return [p for root in OWNED for p in content_files(root)]


def test_there_is_bundled_content():
    assert len(_files()) >= 20


def test_each_file_validates():
    problems = []
    for path in _files():
        loaded, diags = load_file(path)
        if loaded is None:
            problems.append(f"{path}: {diags}")
            continue
        try:
            ContentFile.model_validate(loaded.data)
        except Exception as exc:
            problems.append(f"{path}: {exc}")
    assert not problems, "\n".join(problems)


def test_modeline_points_to_the_committed_schema():
    for path in _files():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        m = MODELINE.match(first)
        assert m, f"{path}: first line must be the yaml-language-server modeline"
        target = (path.parent / m.group(1)).resolve()
        assert target == (CONTENT / "schema.json").resolve(), f"{path}: modeline points to {m.group(1)}"


def test_ids_are_unique(records):
    seen = {}
    for r in records:
        assert r.id not in seen, f"duplicate id {r.id}"
        seen[r.id] = r


def test_ids_are_kind_qualified(records):
    for r in records:
        prefix = r.id.split(":", 1)[0]
        allowed = {r.PREFIX} | set(getattr(r, "PREFIXES", ()))
        assert prefix in allowed, f"{r.id} does not start with {sorted(allowed)}"


def test_references_resolve(records, by_id):
    """Ids named in record fields point at authored records."""
    fields = ("product", "module", "game", "missions", "ideas", "boards", "requires", "card", "affects", "always_needed")
    missing = []
    for r in records:
        for f in fields:
            v = getattr(r, f, None)
            for ref in v if isinstance(v, list) else [v]:
                if isinstance(ref, str) and ":" in ref and not ref.startswith("players:") and ref not in by_id:
                    missing.append(f"{r.id}.{f} -> {ref}")
    assert not missing, "\n".join(missing)


def test_module_missions_and_ideas_belong_to_the_module(records, by_id):
    for m in records:
        if not m.id.startswith("module:"):
            continue
        for cid in m.missions + m.ideas:
            card = by_id[cid]
            assert card.module == m.id, f"{cid} is listed by {m.id} but belongs to {card.module}"
        for cid in m.missions:
            assert by_id[cid].kind == "mission"
        for cid in m.ideas:
            assert by_id[cid].kind == "idea"


def test_scenario_letters_resolve_to_modules(records):
    letters = {m.letter for m in records if m.id.startswith("module:")}
    for s in records:
        if s.id.split(":", 1)[0] in ("scenario", "level", "suggestion"):
            assert set(s.modules) <= letters, (s.id, sorted(set(s.modules) - letters))
