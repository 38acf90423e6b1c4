/** The API reference page: a static shell and a script that renders /api/openapi.json (no inline script: CSP). */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>BPM API reference</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #111; }
  h1 { font-size: 24px; } h2 { font-size: 18px; margin-top: 28px; border-bottom: 1px solid #ddd; }
  details { border: 1px solid #ddd; border-radius: 4px; margin: 6px 0; }
  summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
  summary:focus-visible { outline: 2px solid #1565c0; outline-offset: 2px; }
  .m { font-weight: 700; min-width: 56px; }
  .GET { color: #1b5e20; } .POST { color: #0d47a1; } .PUT { color: #8a4b00; } .DELETE { color: #b71c1c; }
  .roles { color: #444; font-size: 13px; }
  .body { padding: 4px 14px 12px; }
  table { border-collapse: collapse; width: 100%; margin: 4px 0 10px; }
  th, td { text-align: left; border-bottom: 1px solid #eee; padding: 3px 8px; vertical-align: top; }
  th { font-weight: 600; color: #333; }
  code, pre { font: 13px ui-monospace, monospace; }
  pre { background: #f6f6f6; padding: 8px; overflow: auto; max-height: 320px; }
  input { font: inherit; padding: 6px 8px; width: 320px; max-width: 100%; }
</style>
</head>
<body>
<h1>BPM API reference</h1>
<p>Generated from the server's route registry. <a href="/api/openapi.json">OpenAPI 3.1 document</a> (administrators; send the access token).</p>
<main id="app"><p>Loading…</p></main>
<script src="/api/docs.js"></script>
</body>
</html>
`;

export const DOCS_JS = `(async () => {
  const app = document.getElementById('app');
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : String(k));
    return e;
  };
  const say = (...kids) => app.replaceChildren(el('p', {}, ...kids));
  // The access token lives in the portal's memory only: get one from the refresh cookie, in the
  // same cross-tab lock the portal uses so the cookie's rotation is not raced.
  const refresh = () => fetch('/api/auth/refresh', { credentials: 'same-origin' });
  const res = await (navigator.locks ? navigator.locks.request('bpm-refresh', refresh) : refresh());
  if (!res.ok) return say('Sign in to the portal as an administrator, then reload this page. ', el('a', { href: '/' }, 'Open the portal'));
  const { access_token } = await res.json();
  const doc = await fetch('/api/openapi.json', { headers: { authorization: 'Bearer ' + access_token } });
  if (doc.status === 403) return say('The API reference is for administrators.');
  if (!doc.ok) return say('The API reference could not be loaded (' + doc.status + ').');
  render(await doc.json());

  function typeOf(s) {
    if (!s || typeof s !== 'object') return 'any';
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
    if (s.anyOf || s.oneOf) return (s.anyOf || s.oneOf).map(typeOf).join(' | ');
    if (s.type === 'array') return typeOf(s.items) + '[]';
    return Array.isArray(s.type) ? s.type.join(' | ') : s.type || 'any';
  }
  function notes(s) {
    const n = [];
    for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'format', 'pattern', 'default'])
      if (s && s[k] !== undefined && Math.abs(Number(s[k])) !== 9007199254740991) n.push(k + ': ' + JSON.stringify(s[k]));
    return n.join(', ');
  }
  function fields(schema) {
    const props = (schema && schema.properties) || {};
    const req = new Set((schema && schema.required) || []);
    const rows = Object.entries(props).map(([name, s]) =>
      el('tr', {}, el('td', {}, el('code', {}, name)), el('td', {}, typeOf(s)), el('td', {}, req.has(name) ? 'required' : ''), el('td', {}, notes(s))),
    );
    if (!rows.length) return el('pre', {}, JSON.stringify(schema || {}, null, 2));
    return el('table', {}, el('tr', {}, el('th', {}, 'field'), el('th', {}, 'type'), el('th', {}, ''), el('th', {}, 'rules')), ...rows);
  }
  function render(spec) {
    const filter = el('input', { type: 'search', placeholder: 'Filter by path or role', 'aria-label': 'Filter by path or role' });
    const groups = new Map();
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops)) {
        const tag = (op.tags && op.tags[0]) || 'api';
        if (!groups.has(tag)) groups.set(tag, []);
        groups.get(tag).push({ path, method: method.toUpperCase(), op });
      }
    const sections = [];
    for (const [tag, ops] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
      const items = ops.map(({ path, method, op }) => {
        const body = el('div', { class: 'body' });
        const params = op.parameters || [];
        if (params.length) {
          body.append(el('h4', {}, 'Parameters'));
          body.append(el('table', {}, el('tr', {}, el('th', {}, 'name'), el('th', {}, 'in'), el('th', {}, 'type'), el('th', {}, ''), el('th', {}, 'rules')),
            ...params.map((p) => el('tr', {}, el('td', {}, el('code', {}, p.name)), el('td', {}, p.in), el('td', {}, typeOf(p.schema)), el('td', {}, p.required ? 'required' : ''), el('td', {}, notes(p.schema))))));
        }
        if (op.requestBody) {
          const types = Object.keys(op.requestBody.content);
          body.append(el('h4', {}, 'Body (' + types.join(', ') + ')'), fields(op.requestBody.content[types[0]].schema));
        }
        const ok = op.responses['200'];
        body.append(el('h4', {}, 'Answer'));
        body.append(ok.content ? el('pre', {}, JSON.stringify(ok.content['application/json'].schema, null, 2)) : el('p', {}, ok.description));
        // Error answers: { message, code, cause? } with the status; each names its codes and when it happens.
        const errors = Object.entries(op.responses).filter(([s]) => s[0] === '4' || s[0] === '5');
        if (errors.length) {
          const shared = (r) => (r.$ref ? spec.components.responses[r.$ref.split('/').pop()] : r) || {};
          const codes = (r) => {
            const schema = (r.content && r.content['application/json'].schema) || {};
            const own = (schema.allOf || []).map((p) => p.properties && p.properties.code && p.properties.code.enum).find(Boolean);
            return (own || []).join(', ');
          };
          body.append(el('h4', {}, 'Errors'));
          body.append(el('table', {}, el('tr', {}, el('th', {}, 'status'), el('th', {}, 'code'), el('th', {}, 'when')),
            ...errors.map(([s, r]) => el('tr', {}, el('td', {}, s), el('td', {}, el('code', {}, codes(shared(r)))), el('td', {}, shared(r).description || '')))));
        }
        const d = el('details', { 'data-search': (method + ' ' + path + ' ' + op.summary).toLowerCase() },
          el('summary', {}, el('span', { class: 'm ' + method }, method), el('code', {}, path), el('span', { class: 'roles' }, op.summary)), body);
        return d;
      });
      sections.push(el('section', {}, el('h2', {}, tag), ...items));
    }
    filter.addEventListener('input', () => {
      const q = filter.value.trim().toLowerCase();
      for (const d of app.querySelectorAll('details')) d.hidden = q !== '' && !d.dataset.search.includes(q);
      for (const s of app.querySelectorAll('section')) s.hidden = ![...s.querySelectorAll('details')].some((d) => !d.hidden);
    });
    app.replaceChildren(el('p', {}, spec.info.description), filter, ...sections);
  }
})();
`;
