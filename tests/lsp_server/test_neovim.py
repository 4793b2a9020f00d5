"""The Neovim guide's configuration for Neovim 0.7 to 0.10, run as written in Debian's `neovim` (0.7.2, headless)
against `paleo lsp`: a card file opened in it gets the diagnostic of a misspelt symbol and the hover of a symbol."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .fixture import write_project

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "site" / "editors.md"

pytestmark = pytest.mark.lsp_server

DRIVER = r"""
local out = os.getenv('PALEO_NVIM_OUT')
local function finish(result)
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('PALEO_NVIM_CARD')))
local got = vim.wait(120000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local diags = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diags, { line = d.lnum, col = d.col, code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or vim.NIL, message = d.message })
end
local line = tonumber(os.getenv('PALEO_NVIM_LINE'))
local col = tonumber(os.getenv('PALEO_NVIM_COL'))
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = col } }
local replies = vim.lsp.buf_request_sync(0, 'textDocument/hover', params, 60000) or {}
local hover = vim.NIL
for _, r in pairs(replies) do
  if r.result and r.result.contents then hover = r.result.contents end
end
finish({ waited = got, version = vim.version().minor, clients = #vim.lsp.get_active_clients(), diagnostics = diags, hover = hover })
"""


def _guide_block() -> str:
    """The Lua block of the guide for Neovim 0.7 to 0.10 (the one that uses `vim.lsp.start_client`)."""
    blocks = re.findall(r"```lua\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if "vim.lsp.start_client" in b]
    return block


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Debian's neovim is not installed (scripts/test.sh installs it)")
def test_the_guide_for_neovim_before_0_11_gives_diagnostics_and_hover(tmp_path):
    project = write_project(tmp_path / "fan")
    card = project / "content" / "cards.yaml"
    text = card.read_text(encoding="utf-8").replace("venerate place forest", "venerate plaec forest")
    card.write_text(text, encoding="utf-8")
    hover_at = text.index("stable action")
    line = text.count("\n", 0, hover_at)
    col = hover_at - (text.rfind("\n", 0, hover_at) + 1) + 2
    (tmp_path / "init.lua").write_text(_guide_block(), encoding="utf-8")
    (tmp_path / "driver.lua").write_text(DRIVER, encoding="utf-8")
    out = tmp_path / "result.json"
    env = {**os.environ, "PALEO_NVIM_OUT": str(out), "PALEO_NVIM_CARD": str(card), "PALEO_NVIM_LINE": str(line),
           "PALEO_NVIM_COL": str(col), "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": str(REPO)}
    p = subprocess.run(["nvim", "--headless", "-n", "-u", str(tmp_path / "init.lua"), "-c", f"luafile {tmp_path / 'driver.lua'}"],
                       cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert out.is_file(), (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["clients"] == 1 and got["waited"] is True, got
    (diag,) = got["diagnostics"]
    assert diag["code"] == "E302" and "venerate plaec forest" in diag["message"]
    assert diag["line"] == text.count("\n", 0, text.index("venerate plaec"))
    hover = got["hover"]
    value = hover["value"] if isinstance(hover, dict) else json.dumps(hover)
    assert "stable action" in value, hover
    assert "E5113" not in p.stderr and "Error" not in p.stderr, p.stderr[-2000:]
