// Parse Mermaid flowchart text (stdin) with Mermaid's own flowchart parser; print the
// vertices and edges it read as JSON. DOMPurify needs a browser, so it is stubbed: only
// the parser is exercised, not the renderer.
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import DOMPurify from 'dompurify';

DOMPurify.addHook = () => {};
DOMPurify.removeHook = () => {};
DOMPurify.removeHooks = () => {};
DOMPurify.sanitize = (s) => s;

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist', 'chunks', 'mermaid.core');
const chunk = fs.readdirSync(dir).find((f) => f.startsWith('flowDiagram-') && f.endsWith('.mjs'));
const { diagram } = await import(path.join(dir, chunk));
const text = fs.readFileSync(0, 'utf8');
const db = diagram.db;
diagram.parser.parser.yy = db;
try {
  diagram.parser.parse(text);
  const vertices = {};
  for (const [id, v] of db.getVertices()) vertices[id] = v.text;
  const edges = db.getEdges().map((e) => [e.start, e.end, e.text]);
  console.log(JSON.stringify({ ok: true, vertices, edges }));
} catch (e) {
  console.log(JSON.stringify({ ok: false, error: String(e.message) }));
}
