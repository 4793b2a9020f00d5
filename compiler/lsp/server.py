"""The pygls wiring of `paleo lsp`: every feature, each answered from the project's last check.

Every handler is guarded: a failure inside one is logged to the client and answered with nothing,
so no buffer content (half-typed YAML included) can stop the server.
"""

from __future__ import annotations

import asyncio
import functools
import re
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types as L
from pygls import uris
from pygls.lsp.server import LanguageServer

from ..version import __version__
from ..diagnostics import Safety
from ..effects.positions import line_col, offset_map
from ..fixes import apply_fixes, lossless
from ..fmt import format_text
from ..loader import load_text
from ..project import find_root
from ..sources import Registry as Sources
from . import options as O
from .convert import offsets_range, text_lines, to_lsp_diag, to_range, too_large, uri_of, whole_range
from .engine import (Project, effect_string_at, is_effect_path, line_starts, lsp_col, offset_of, scalar_edit,
                     span_offsets, string_offset, strings_in)
from .lookup import norm_eq, record_hover, rename_plan, rule_test_renames, target_at

DEBOUNCE = 0.025  # seconds of quiet after an edit before the check starts (a newer edit restarts it)
TOKEN_TYPES = ["function", "number", "variable", "keyword"]  # symbol, number, reference, keyword
TOKEN_OF = {"symbol": 0, "number": 1, "reference": 2, "keyword": 3}
YAML = (".yaml", ".yml")
ID_FIELDS = {"game": ("game:",), "games": ("game:",), "product": ("product:",), "module": ("module:",),
             "requires": ("board:", "product:", "module:"), "always_needed": ("board:", "product:", "module:"),
             "ideas": ("card:",), "card": ("card:",), "board": ("board:",), "boards": ("board:",)}
SYMBOL_KIND = {"games": L.SymbolKind.Package, "products": L.SymbolKind.Module, "modules": L.SymbolKind.Namespace,
               "cards": L.SymbolKind.Object, "symbols": L.SymbolKind.Function, "secrets": L.SymbolKind.Key,
               "tokens": L.SymbolKind.Constant}


class PaleoServer(LanguageServer):
    def __init__(self):
        super().__init__("paleo", __version__)
        self.project: Project | None = None
        self.gen = 0  # bumped by every change
        self.checked = -1  # the generation of the last check
        self.pending: asyncio.Task | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="paleo-check")
        self.published: set[str] = set()
        self.lock: asyncio.Lock | None = None

    # -- the project ---------------------------------------------------------------------------
    def proj(self) -> Project:
        if self.project is None:
            start = Path(self.workspace.root_path or Path.cwd())
            self.project = Project(find_root(start))
        return self.project

    def buffers(self) -> dict[str, tuple[str, str, int | None]]:
        """{display path: (uri, text, version)} of every open card file."""
        p = self.proj()
        out = {}
        for uri, doc in list(self.workspace.text_documents.items()):
            path = uris.to_fs_path(uri)
            if path is None or not path.endswith(YAML):
                continue
            text = doc.source
            if p.is_content(Path(path), text):
                out[p.shown(Path(path))] = (uri, text, doc.version)
        return out

    def changed(self, delay: float = DEBOUNCE) -> None:
        """An edit: check after `delay` of quiet. A wait an edit overtook ends doing nothing; a check
        already running is not interrupted (its result, out of date, is not published)."""
        self.gen += 1
        self.pending = asyncio.ensure_future(self._after(self.gen, delay))

    async def _after(self, gen: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if gen == self.gen:
            try:
                await self.fresh()
            except Exception as exc:
                self.log(f"paleo: the check failed: {type(exc).__name__}: {exc}")

    async def fresh(self):
        """The check of the buffers as they are now (run now when an edit came since the last)."""
        if self.lock is None:
            self.lock = asyncio.Lock()
        async with self.lock:
            p = self.proj()
            if self.checked == self.gen and p.last is not None:
                return p.last
            gen = self.gen
            bufs = self.buffers()
            snapshot = {k: v[1] for k, v in bufs.items()}
            try:
                check = await asyncio.get_running_loop().run_in_executor(self.worker, p.check, snapshot)
            except Exception as exc:  # a bug in a check must not end the session
                self.log(f"paleo: the check failed: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
                return p.last
            self.checked = gen
            if gen == self.gen:
                self.publish(check, bufs)
            return check

    def publish(self, check, bufs) -> None:
        now = set()
        for shown, (uri, text, version) in bufs.items():
            diags = [to_lsp_diag(d, text, self.proj()) for d in check.diagnostics.get(shown, [])]
            self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(uri=uri, diagnostics=diags, version=version))
            now.add(uri)
        for uri in self.published - now:
            self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        self.published = now

    def log(self, message: str) -> None:
        try:
            self.window_log_message(L.LogMessageParams(type=L.MessageType.Error, message=message))
        except Exception:
            pass

    # -- one document ------------------------------------------------------------------------------
    def doc(self, uri: str):
        """(display path, text) of an open document."""
        d = self.workspace.get_text_document(uri)
        path = uris.to_fs_path(uri) or uri
        return self.proj().shown(Path(path)), d.source


server = PaleoServer()


def guarded(fn):
    """A handler that logs its failure and answers nothing instead of failing the request."""
    @functools.wraps(fn)
    async def run(ls: PaleoServer, params):
        try:
            out = fn(ls, params)
            if asyncio.iscoroutine(out):
                out = await out
            return out
        except Exception as exc:
            ls.log(f"paleo: {fn.__name__} failed: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
            return None
    return run


# -- the document's life --------------------------------------------------------------------------
@server.feature(L.INITIALIZED)
def initialized(ls: PaleoServer, params):
    ls.changed(0.0)  # the first whole check starts now: the first buffer opened finds the project compiled
    caps = ls.client_capabilities
    dyn = caps.workspace and caps.workspace.did_change_watched_files and \
        caps.workspace.did_change_watched_files.dynamic_registration
    if dyn:
        watchers = [L.FileSystemWatcher(glob_pattern=g) for g in ("**/pyproject.toml", "**/*.yaml", "**/*.yml")]
        ls.client_register_capability(L.RegistrationParams(registrations=[L.Registration(
            id="paleo-watch", method=L.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=L.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: PaleoServer, params: L.DidOpenTextDocumentParams):
    ls.changed(0.0)


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: PaleoServer, params):
    ls.changed()


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: PaleoServer, params):
    ls.changed(0.0)


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: PaleoServer, params: L.DidSaveTextDocumentParams):
    path = uris.to_fs_path(params.text_document.uri)
    if path and ls.proj().watched(Path(path)):
        ls.proj().reload()
    ls.changed(0.0)


@server.feature(L.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def watched(ls: PaleoServer, params: L.DidChangeWatchedFilesParams):
    p = ls.proj()
    again = False
    for ch in params.changes:
        path = uris.to_fs_path(ch.uri)
        if path is None:
            continue
        if p.watched(Path(path)) or ch.type != L.FileChangeType.Changed:
            again = True  # the settings, a symbol file or the set of files: read everything again
    if again:
        p.reload()
    ls.changed(0.0)


# -- completion -------------------------------------------------------------------------------------
_ITEM_KIND = {"symbol": L.CompletionItemKind.Function, "value": L.CompletionItemKind.EnumMember,
              "keyword": L.CompletionItemKind.Keyword, "reference": L.CompletionItemKind.Reference}
_FIELD = O.FIELD
_parent_key = O.parent_key
option_prefix = O.option_prefix


@server.feature(L.TEXT_DOCUMENT_COMPLETION,
                L.CompletionOptions(trigger_characters=[" ", '"', ":"], resolve_provider=False))
@guarded
async def completion(ls: PaleoServer, params: L.CompletionParams):
    shown, text = ls.doc(params.text_document.uri)
    lines = text_lines(text)
    ln, ch = params.position.line, params.position.character
    if ln >= len(lines):
        return None
    col = offset_of(text, ln, ch) - line_starts(text)[ln]
    check = ls.proj().last or await ls.fresh()
    if check is None:
        return None
    got = option_prefix(lines, ln, col)
    if got is not None:
        start, prefix = got
        items = O.complete(check.registry(), prefix, check.index().targets(), game=O.record_game(lines, ln))
        out = []
        for it in items:
            rng = L.Range(start=L.Position(line=ln, character=lsp_col(lines[ln], start + it.replace_from + 1)),
                          end=params.position)
            doc = L.MarkupContent(kind=L.MarkupKind.Markdown, value=it.doc) if it.doc else None
            out.append(L.CompletionItem(label=it.label, kind=_ITEM_KIND[it.kind], detail=it.detail or None,
                                        documentation=doc, filter_text=it.insert or it.label,
                                        text_edit=L.TextEdit(range=rng, new_text=it.insert or it.label)))
        return L.CompletionList(is_incomplete=False, items=out)
    return _field_completion(ls, check, lines, ln, col, params.position)


def _field_completion(ls, check, lines, ln, col, position):
    line = lines[ln][:col]
    m = _FIELD.match(line)
    key, typed, startcol = None, "", col
    if m:
        key = m.group(2)
        typed = line[m.end():]
        startcol = m.end()
    else:
        mi = re.match(r"^(\s*)-\s+(['\"]?)", line)
        if mi:
            key = _parent_key(lines, ln, len(mi.group(1)))
            typed = line[mi.end():]
            startcol = mi.end()
    if key == "section" or (key is None and "section:" in line):
        return _heading_completion(check, lines, ln, line, position)
    prefixes = ID_FIELDS.get(key or "")
    flow = re.match(r"^\[(?:[^\[\],]*,)*\s*", typed)  # `requires: [board:x, produ|`
    if flow:
        startcol += flow.end()
        typed = typed[flow.end():]
    startcol += len(typed) - len(typed.lstrip("'\""))
    typed = typed.lstrip("'\"")
    if not prefixes or not re.fullmatch(r"[A-Za-z0-9:/._-]*", typed):
        return None
    idx = check.index()
    rng = L.Range(start=L.Position(line=ln, character=lsp_col(lines[ln], startcol + 1)), end=position)
    items = []
    for pre in prefixes:
        for rid in idx.ids(pre):
            if rid.startswith(typed):
                rec = idx.records[rid].record
                items.append(L.CompletionItem(label=rid, kind=L.CompletionItemKind.Reference,
                                              detail=getattr(rec, "name", None) or None,
                                              text_edit=L.TextEdit(range=rng, new_text=rid)))
    return L.CompletionList(is_incomplete=False, items=items)


def _heading_completion(check, lines, ln, line, position):
    """Headings of the cited rulebook (the `rulebook:` beside this `section:`) that the project cites."""
    book = None
    for k in range(max(0, ln - 4), min(len(lines), ln + 4)):
        m = re.search(r"rulebook\s*:\s*['\"]?([^,'\"}\s]+)", lines[k])
        if m and (book is None or abs(k - ln) < book[1]):
            book = (m.group(1), abs(k - ln))
    if book is None:
        return None
    heads: set[str] = set()
    for e in check.entries:
        src = getattr(e.record, "source", None)
        for s in src if isinstance(src, list) else [src]:
            if s is not None and getattr(s, "rulebook", None) == book[0]:
                heads.update(getattr(s, "section", None) or ())
    m = re.search(r"""(["']?)([^"'\[\],]*)$""", line)
    typed = m.group(2) if m else ""
    quote = m.group(1) if m else ""
    start = len(line) - len(typed) - len(quote)
    rng = L.Range(start=L.Position(line=ln, character=lsp_col(lines[ln], start + 1)), end=position)
    items = [L.CompletionItem(label=h, kind=L.CompletionItemKind.Text, detail=book[0],
                              text_edit=L.TextEdit(range=rng, new_text='"' + h.replace('"', '\\"') + '"'))
             for h in sorted(heads) if h.lower().startswith(typed.lower())]
    return L.CompletionList(is_incomplete=False, items=items)


# -- hover, definition, references, rename ------------------------------------------------------------
async def _at_cursor(ls: PaleoServer, params):
    """(check, display path, text, file offset, loaded file) for a request at a position."""
    check = await ls.fresh()
    shown, text = ls.doc(params.text_document.uri)
    off = offset_of(text, params.position.line, params.position.character)
    lf = check.files.get(shown) if check is not None else None
    if lf is not None and lf.text != text:
        lf = None
    return check, shown, text, off, lf


@server.feature(L.TEXT_DOCUMENT_HOVER)
@guarded
async def hover(ls: PaleoServer, params: L.HoverParams):
    check, shown, text, off, lf = await _at_cursor(ls, params)
    if check is None or lf is None:
        return None
    got = effect_string_at(lf, off)
    if got is not None:
        path, value, mapping = got
        so = string_offset(mapping, off)
        ref = O.reference_at(value, so)
        if ref is None:
            hit = O.symbol_at(check.registry(), value, so)
            if hit is not None:
                sym, a, b = hit
                titles = Sources.bundled().titles()
                return L.Hover(contents=L.MarkupContent(kind=L.MarkupKind.Markdown, value=O.symbol_hover(sym, titles)),
                               range=offsets_range(text, mapping[a], mapping[b - 1] + 1))
            return None
    ids, site = target_at(check, shown, off, lf)
    if not ids:
        return None
    idx = check.index()
    body = "\n\n---\n\n".join(record_hover(idx, r) for r in ids)
    return L.Hover(contents=L.MarkupContent(kind=L.MarkupKind.Markdown, value=body),
                   range=offsets_range(text, site.start, site.end))


def _location(ls: PaleoServer, check, site) -> L.Location:
    p = ls.proj()
    text = check.texts.get(site.file) or ""
    return L.Location(uri=uri_of(p, site.file), range=offsets_range(text, site.start, site.end))


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
@guarded
async def definition(ls: PaleoServer, params):
    check, shown, text, off, lf = await _at_cursor(ls, params)
    if check is None or lf is None:
        return None
    ids, _ = target_at(check, shown, off, lf)
    idx = check.index()
    out = [_location(ls, check, d) for d in (idx.definition(r) for r in ids) if d is not None]
    return out or None


@server.feature(L.TEXT_DOCUMENT_REFERENCES)
@guarded
async def references(ls: PaleoServer, params: L.ReferenceParams):
    check, shown, text, off, lf = await _at_cursor(ls, params)
    if check is None or lf is None:
        return None
    ids, _ = target_at(check, shown, off, lf)
    idx = check.index()
    want = set(ids)
    out = []
    seen = set()
    for s in idx.sites():
        if s.target in want and s.kind != "refname" and (params.context.include_declaration or s.kind != "id"):
            key = (s.file, s.start, s.end)
            if key not in seen:
                seen.add(key)
                out.append(_location(ls, check, s))
    return out


async def _rename_at_cursor(ls: PaleoServer, params):
    """(check, cursor's text, plan) for a rename asked at the cursor, or None when nothing there renames."""
    check, shown, text, off, lf = await _at_cursor(ls, params)
    if check is None or lf is None:
        return None
    plan = rename_plan(check, shown, off, lf)
    return None if plan is None else (check, text, plan)


@server.feature(L.TEXT_DOCUMENT_PREPARE_RENAME)
@guarded
async def prepare_rename(ls: PaleoServer, params):
    found = await _rename_at_cursor(ls, params)
    if found is None:
        return None
    _, text, (what, rid, old, site) = found
    s, e = site.start, site.end
    if text[s:s + 1] in "'\"" and e - s >= 2:
        s, e = s + 1, e - 1
    return L.PrepareRenamePlaceholder(range=offsets_range(text, s, e), placeholder=old)


@server.feature(L.TEXT_DOCUMENT_RENAME)
@guarded
async def rename(ls: PaleoServer, params: L.RenameParams):
    found = await _rename_at_cursor(ls, params)
    if found is None:
        return None
    check, _, (what, rid, old, _) = found
    new = params.new_name.strip()
    p = ls.proj()
    idx = check.index()
    edits: dict[str, list[L.TextEdit]] = {}
    if what == "id":
        if ":" not in new:
            new = rid.split(":", 1)[0] + ":" + new
        if new in idx.records or not re.fullmatch(r"[a-z]+:[a-z0-9][a-z0-9/._-]*", new):
            return None
        chosen = [s for s in idx.sites() if s.target == rid and s.kind in ("id", "field")]
    else:
        if '"' in new or "\n" in new or not new:
            return None
        chosen = [s for s in idx.sites() if s.target == rid and (s.kind == "name" or
                                                                  (s.kind == "refname" and norm_eq(s.name, old)))]
    for s in chosen:
        if not p.writable(s.file):
            continue
        ftext = check.texts.get(s.file)
        if ftext is None:
            continue
        if s.kind == "refname":
            a, b, rep = s.start, s.end, new
        else:
            a, b, rep = scalar_edit(ftext, s.start, s.end, new)
        edits.setdefault(uri_of(p, s.file), []).append(L.TextEdit(range=offsets_range(ftext, a, b), new_text=rep))
    if what == "id" and edits:  # the rule tests that name the record (or one of its rules) follow it
        for path, (ftext, found) in rule_test_renames(p.root, rid, new).items():
            edits.setdefault(uris.from_fs_path(str(path)), []).extend(
                L.TextEdit(range=offsets_range(ftext, a, b), new_text=rep) for a, b, rep in found)
    return L.WorkspaceEdit(changes=edits) if edits else None


# -- symbols ----------------------------------------------------------------------------------------
@server.feature(L.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded
async def document_symbols(ls: PaleoServer, params):
    check = await ls.fresh()
    shown, text = ls.doc(params.text_document.uri)
    if check is None:
        return None
    out = []
    for e in check.entries:
        if e.file.path != shown or e.file.text != text:
            continue
        whole = e.file.positions.get(tuple(e.path))
        idp = e.file.positions.get(tuple(e.path) + ("id",))
        if whole is None:
            continue
        sel = idp or whole
        rng = offsets_range(text, whole.start_index, whole.end_index)
        out.append(L.DocumentSymbol(name=e.id, kind=SYMBOL_KIND.get(e.section, L.SymbolKind.Object),
                                    detail=getattr(e.record, "name", None) or None, range=rng,
                                    selection_range=offsets_range(text, sel.start_index, sel.end_index)))
    return out


@server.feature(L.WORKSPACE_SYMBOL)
@guarded
async def workspace_symbols(ls: PaleoServer, params: L.WorkspaceSymbolParams):
    check = await ls.fresh()
    if check is None:
        return None
    q = params.query.lower()
    out = []
    idx = check.index()
    for rid in sorted(idx.records):
        e = idx.records[rid]
        name = getattr(e.record, "name", None) or ""
        if q and q not in rid.lower() and q not in str(name).lower():
            continue
        d = idx.definition(rid)
        if d is None:
            continue
        out.append(L.WorkspaceSymbol(name=rid, kind=SYMBOL_KIND.get(e.section, L.SymbolKind.Object),
                                     container_name=str(name) or None, location=_location(ls, check, d)))
        if len(out) >= 500:
            break
    return out


# -- formatting, code actions, semantic tokens ----------------------------------------------------------
@server.feature(L.TEXT_DOCUMENT_FORMATTING)
@guarded
def formatting(ls: PaleoServer, params):
    shown, text = ls.doc(params.text_document.uri)
    if too_large(text):
        return []
    new, diags = format_text(text, shown)
    if new == text or any(d.is_error for d in diags):
        return []
    return [L.TextEdit(range=whole_range(text), new_text=new)]


@server.feature(L.TEXT_DOCUMENT_CODE_ACTION,
                L.CodeActionOptions(code_action_kinds=[L.CodeActionKind.QuickFix, L.CodeActionKind.SourceFixAll]))
@guarded
async def code_actions(ls: PaleoServer, params: L.CodeActionParams):
    check = await ls.fresh()
    shown, text = ls.doc(params.text_document.uri)
    if check is None or check.texts.get(shown) != text:
        return None
    p = ls.proj()
    uri = params.text_document.uri
    starts = line_starts(text)
    lo = offset_of(text, params.range.start.line, params.range.start.character, starts)
    hi = offset_of(text, params.range.end.line, params.range.end.character, starts)
    out = []
    safe = []
    for d in check.diagnostics.get(shown, []):
        if d.fix is None or d.fix.safety is Safety.DISPLAY:
            continue
        if d.fix.safety is Safety.SAFE:
            safe.append(d.fix)
        a, b = span_offsets(text, d.span, starts)
        if b < lo or a > hi:
            continue
        edits = [L.TextEdit(range=to_range(text, e.span.line, e.span.column, e.span.end_line, e.span.end_column),
                            new_text=e.replacement) for e in d.fix.edits]
        title = d.fix.description + ("" if d.fix.safety is Safety.SAFE else " (unsafe: review it)")
        out.append(L.CodeAction(title=title, kind=L.CodeActionKind.QuickFix, diagnostics=[to_lsp_diag(d, text, p)],
                                is_preferred=d.fix.safety is Safety.SAFE,
                                edit=L.WorkspaceEdit(changes={uri: edits})))
    if safe:
        after, n = apply_fixes(text, safe)
        if n and after != text and lossless(text, after, shown) is None:
            out.append(L.CodeAction(title=f"Apply the safe fixes of `paleo lint --fix` ({n})",
                                    kind=L.CodeActionKind.SourceFixAll,
                                    edit=L.WorkspaceEdit(changes={uri: [L.TextEdit(range=whole_range(text), new_text=after)]})))
    only = params.context.only
    if only:
        out = [a for a in out if any(a.kind == k or str(a.kind).startswith(str(k) + ".") for k in only)]
    return out


LEGEND = L.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[])


@server.feature(L.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
@guarded
async def semantic_tokens(ls: PaleoServer, params):
    shown, text = ls.doc(params.text_document.uri)
    check = ls.proj().last or await ls.fresh()
    lf = check.files.get(shown) if check is not None else None
    if (lf is None or lf.text != text) and not too_large(text):
        lf, _ = load_text(shown, text)
    if lf is None or lf.text != text:
        return L.SemanticTokens(data=[])
    reg = check.registry() if check is not None else None
    found = []
    lines = text_lines(text)
    for path, value in strings_in(lf.data, ()):
        if not is_effect_path(path):
            continue
        np = lf.positions.get(path)
        if np is None:
            continue
        mapping = offset_map(lf.text, np.style, np.start_index, np.end_index, value)
        if not mapping:
            continue
        for s, e, kind in O.semantic_tokens(reg, value):
            fs, fe = mapping[s], mapping[e - 1] + 1
            l1, c1 = line_col(text, fs)
            l2, c2 = line_col(text, fe)
            if l1 != l2:
                continue
            a, b = lsp_col(lines[l1 - 1], c1), lsp_col(lines[l1 - 1], c2)
            found.append((l1 - 1, a, b - a, TOKEN_OF[kind]))
    found.sort()
    data = []
    pl, pc = 0, 0
    for ln, c, n, k in found:
        data += [ln - pl, c - pc if ln == pl else c, n, k, 0]
        pl, pc = ln, c
    return L.SemanticTokens(data=data)


@server.feature(L.SHUTDOWN)
def shutdown(ls: PaleoServer, params):
    ls.worker.shutdown(wait=False, cancel_futures=True)


def serve() -> None:
    server.start_io()
