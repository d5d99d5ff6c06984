/**
 * `report --format html`: one self-contained page for people who would rather look than read: the
 * verdict, counts by kind and by who fixes, where the work is (folders as nested bars sized by
 * findings, each a drill-down), and every finding with its excerpt, what to do and a link to its file
 * and line; filters by kind, who fixes, confidence and folder that work from disk, with no server.
 *
 * Safe and quiet: every text taken from the scanned code (file names, excerpts, tokens, messages) is
 * escaped, the page has a Content-Security-Policy that allows no request at all (no CDN, no font, no
 * image from elsewhere), and its script only toggles what the server-side HTML already holds. Light
 * and dark follow the system; printing shows every finding without the controls. Keyboard: the
 * filters are form controls, the folders are buttons and `<details>`.
 */
import { shownName } from '../../files/names.js';
import { escapeText } from '../escape.js';
import { type FailOn, FINDING_KINDS, type Finding, type ReportResult } from '../finding.js';
import { historySvg } from '../history-chart.js';
import { KIND_INFO } from '../kinds.js';
import { CONFIDENCES, FIXERS, observationLine, observedWords, plural, summarize, thousands } from '../summary.js';

/** A relative `/`-separated path as a link target: each segment percent-encoded (`#`, `?`, spaces…). */
const hrefOf = (file: string) => file.split('/').map(encodeURIComponent).join('/');

interface Folder {
  readonly name: string;
  readonly path: string;
  count: number;
  readonly children: Map<string, Folder>;
}

/** Folders by findings: the tree of the findings' files' folders, each with its total. */
function folderTree(findings: readonly Finding[]): Folder {
  const root: Folder = { name: '.', path: '', count: 0, children: new Map() };
  for (const f of findings) {
    root.count++;
    let node = root;
    const parts = f.file.split('/').slice(0, -1);
    for (const part of parts) {
      const path = node.path ? `${node.path}/${part}` : part;
      let child = node.children.get(part);
      if (!child) {
        child = { name: part, path, count: 0, children: new Map() };
        node.children.set(part, child);
      }
      child.count++;
      node = child;
    }
  }
  return root;
}

/** Nested bars: each folder a button (filters the findings to it) and, when it has subfolders, a drill-down. */
function renderFolder(folder: Folder, total: number, depth: number): string {
  const share = total === 0 ? 0 : Math.max(1, Math.round((folder.count / total) * 100));
  const children = [...folder.children.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
  const label = `${escapeText(shownName(folder.path || '.'))}/`;
  const bar = `<button type="button" class="folder" data-folder="${escapeText(folder.path)}" aria-label="Show the ${plural(folder.count, 'finding')} in ${label}"><span class="bar" style="width:${share}%"></span><span class="label">${label}</span><span class="count">${thousands(folder.count)}</span></button>`;
  if (children.length === 0) return `<div class="leaf">${bar}</div>`;
  const open = depth < 1 ? ' open' : '';
  return `<details${open}><summary>${bar}</summary><div class="children">${children.map((c) => renderFolder(c, total, depth + 1)).join('')}</div></details>`;
}

/** The excerpt with the token marked (everything escaped). */
function excerptHtml(f: Finding): string {
  const chars = [...f.excerpt.text];
  const at = f.excerpt.column - 1;
  const width = Math.max(1, f.line === f.endLine ? f.endColumn - f.column : chars.length - at);
  const before = chars.slice(0, at).join('');
  const token = chars.slice(at, at + width).join('');
  const after = chars.slice(at + width).join('');
  return `<pre class="excerpt"><code>${escapeText(before)}<mark>${escapeText(token)}</mark>${escapeText(after)}</code></pre>`;
}

function findingRow(f: Finding): string {
  const folder = f.file.includes('/') ? f.file.slice(0, f.file.lastIndexOf('/')) : '';
  const what =
    f.replacement !== null
      ? `<code>${escapeText(f.token)}</code> → <code>${escapeText(f.replacement)}</code>`
      : `<code>${escapeText(f.token)}</code>`;
  const tags = [
    `<span class="tag ${f.fixedBy}">${f.fixedBy === 'codemod' ? 'codemod' : 'a person'}</span>`,
    f.confidence === 'low' ? '<span class="tag low">low confidence</span>' : '',
    f.baselined ? '<span class="tag">baselined</span>' : '',
    f.observed ? `<span class="tag">${escapeText(observedWords(f) as string)}</span>` : '',
  ].join('');
  return `<tr class="finding" data-kind="${f.kind}" data-fixer="${f.fixedBy}" data-confidence="${f.confidence}" data-folder="${escapeText(folder)}">
<td class="where"><a href="${escapeText(hrefOf(f.file))}" title="Open the file (line ${f.line})">${escapeText(shownName(f.file))}</a><span class="pos">:${f.line}:${f.column}</span></td>
<td class="kind" title="${escapeText(KIND_INFO[f.kind].title)}">${f.kind}</td>
<td class="what">${what} ${tags}${excerptHtml(f)}<p class="todo">${escapeText(f.message)}</p></td>
</tr>`;
}

const options = (values: readonly string[], all: string) =>
  [`<option value="">${all}</option>`, ...values.map((v) => `<option value="${v}">${v}</option>`)].join('');

export function renderHtml(result: ReportResult, failOn: FailOn): string {
  const s = summarize(result, failOn);
  const { stats } = result;
  const tree = folderTree(result.findings);
  const kinds = FINDING_KINDS.filter((k) => s.byKind[k] > 0);
  const cards = [
    ['findings', s.findings],
    ['gating', s.gating],
    ['for the codemod', s.byFixedBy.codemod],
    ['for a person', s.byFixedBy.person],
    ['files affected', s.filesAffected],
  ]
    .map(
      ([label, n]) => `<div class="card"><span class="n">${thousands(n as number)}</span><span class="l">${label}</span></div>`,
    )
    .join('');
  const byKind = kinds
    .map(
      (k) =>
        `<li><span class="kind">${k}</span> <span class="n">${thousands(s.byKind[k])}</span> <span class="desc">${escapeText(KIND_INFO[k].title)}</span></li>`,
    )
    .join('');
  const observation = observationLine(result);
  const rows = result.findings.map(findingRow).join('\n');
  const history = result.history?.length
    ? `<section class="history"><h2>V1 usage over ${plural(result.history.length, 'commit')}</h2>
<figure>${historySvg(result.history, 720, 160)}<figcaption><span class="key all">all findings</span> <span class="key codemod">for the codemod</span> <span class="key person">for a person</span></figcaption></figure>
<details><summary>The commits</summary><table class="commits"><thead><tr><th scope="col">Date</th><th scope="col">Commit</th><th scope="col">Findings</th><th scope="col">Codemod</th><th scope="col">Person</th><th scope="col">Subject</th></tr></thead><tbody>
${result.history.map((p) => `<tr><td>${escapeText(p.date.slice(0, 10))}</td><td><code>${escapeText(p.commit.slice(0, 8))}</code></td><td>${thousands(p.findings)}</td><td>${thousands(p.codemod)}</td><td>${thousands(p.person)}</td><td>${escapeText(p.subject)}</td></tr>`).join('\n')}
</tbody></table></details></section>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>civic-migrate report: ${escapeText(s.outcome.toUpperCase())}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>civic-migrate: V1 usage report</h1>
<p class="verdict ${s.outcome}" role="status">${escapeText(s.verdict)}</p>
<div class="cards">${cards}</div>
<p class="meta">${thousands(stats.filesScanned)} files searched · table ${escapeText(result.table)} · gate <code>--fail-on ${failOn}</code>${observation ? ` · ${escapeText(observation)}` : ''}</p>
</header>
<main>
${history}
${
  result.findings.length === 0
    ? '<p class="empty">No V1 usage found.</p>'
    : `<section class="overview">
<div><h2>By kind</h2><ul class="kinds">${byKind}</ul></div>
<div><h2>Where the work is</h2><p class="hint">Folders sized by findings; choose one to see its findings.</p><div class="tree">${renderFolder(tree, tree.count, 0)}</div></div>
</section>
<section class="findings">
<h2>Findings</h2>
<form class="filters" aria-label="Filter the findings">
<label>Kind <select name="kind">${options(kinds, 'all kinds')}</select></label>
<label>Who fixes <select name="fixer">${options(FIXERS, 'everyone')}</select></label>
<label>Confidence <select name="confidence">${options(CONFIDENCES, 'any confidence')}</select></label>
<label>Folder <input name="folder" type="search" placeholder="e.g. src/api" autocomplete="off"></label>
<button type="reset">Show all</button>
<output name="shown" aria-live="polite">${plural(result.findings.length, 'finding')}</output>
</form>
<table>
<thead><tr><th scope="col">Where</th><th scope="col">Kind</th><th scope="col">What and what to do</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`
}
</main>
<footer><p>Generated by civic-migrate. Links open the files relative to where the report was written.</p></footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bar:#b6d4fe;--mark:#fff3b0;--pass:#1a7f37;--fail:#cf222e;--card:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#30363d;--bar:#1f4b8f;--mark:#5a4a00;--pass:#3fb950;--fail:#f85149;--card:#161b22}}
*{box-sizing:border-box}body{margin:0;padding:1.5rem;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,Segoe UI,sans-serif}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:1.2rem 0 .5rem}
.verdict{font-weight:600;padding:.5rem .75rem;border-left:4px solid var(--muted)}.verdict.pass{border-color:var(--pass)}.verdict.fail{border-color:var(--fail)}.verdict.error{border-color:var(--fail)}
.cards{display:flex;flex-wrap:wrap;gap:.75rem;margin:.75rem 0}.card{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.5rem .9rem;min-width:8rem}
.card .n{display:block;font-size:1.5rem;font-weight:700}.card .l{color:var(--muted)}.meta,.hint,footer{color:var(--muted)}
.overview{display:grid;grid-template-columns:minmax(16rem,1fr) minmax(20rem,2fr);gap:2rem}
.kinds{list-style:none;padding:0}.kinds li{margin:.25rem 0}.kinds .kind{font-family:ui-monospace,monospace;font-weight:600}.kinds .desc{color:var(--muted)}
.tree details{margin-left:0}.tree .children{margin-left:1.1rem}.tree summary{list-style-position:outside;cursor:pointer}
.folder{position:relative;display:flex;justify-content:space-between;width:100%;max-width:40rem;margin:.15rem 0;padding:.2rem .5rem;border:1px solid var(--line);border-radius:4px;background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer;overflow:hidden}
.folder .bar{position:absolute;inset:0 auto 0 0;background:var(--bar);z-index:0}.folder .label,.folder .count{position:relative;z-index:1}
.folder:focus-visible,select:focus-visible,input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--fail);outline-offset:2px}
.folder[aria-pressed=true]{border-color:var(--fg);font-weight:600}
.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:.5rem 0 1rem}.filters label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted)}
select,input,button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.25rem .4rem}
table{width:100%;border-collapse:collapse;table-layout:fixed}th:nth-child(1){width:24%}th:nth-child(2){width:8rem}th,td{text-align:left;vertical-align:top;padding:.5rem;border-top:1px solid var(--line)}
td.where{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:.85rem}td.kind{font-family:ui-monospace,monospace}
.pos{color:var(--muted)}a{color:inherit}
.tag{display:inline-block;margin:0 .25rem;padding:0 .4rem;border:1px solid var(--line);border-radius:1rem;font-size:.8rem;color:var(--muted)}.tag.person{border-color:var(--fail)}
.excerpt{max-width:100%;margin:.4rem 0;padding:.4rem .6rem;background:var(--card);border:1px solid var(--line);border-radius:4px;overflow-x:auto;font-size:.85rem}
mark{background:var(--mark);color:inherit}.todo{margin:.25rem 0;color:var(--muted)}
tr[hidden]{display:none}.history svg{max-width:100%;height:auto}.key::before{content:"";display:inline-block;width:.8rem;height:.2rem;margin-right:.3rem;vertical-align:middle;background:#0969da}.key.codemod::before{background:#1a7f37}.key.person::before{background:#cf222e}
@media print{.filters,.hint,script{display:none}tr[hidden]{display:table-row}details>.children{display:block}body{padding:0}.folder{break-inside:avoid}}
`;

/** Filters and folder drill-down: toggles rows the page already holds (no data, no request). */
const SCRIPT = `
(() => {
  const form = document.querySelector('form.filters');
  if (!form) return;
  const rows = [...document.querySelectorAll('tr.finding')];
  const folders = [...document.querySelectorAll('button.folder')];
  const apply = () => {
    const kind = form.elements.kind.value, fixer = form.elements.fixer.value, confidence = form.elements.confidence.value;
    const folder = form.elements.folder.value.trim().replace(/^\\.\\/?|\\/+$/g, '');
    let shown = 0;
    for (const row of rows) {
      const d = row.dataset;
      const inFolder = !folder || d.folder === folder || d.folder.startsWith(folder + '/');
      const visible = (!kind || d.kind === kind) && (!fixer || d.fixer === fixer) && (!confidence || d.confidence === confidence) && inFolder;
      row.hidden = !visible;
      if (visible) shown++;
    }
    for (const b of folders) b.setAttribute('aria-pressed', String(folder !== '' && b.dataset.folder === folder));
    form.elements.shown.value = shown === rows.length ? rows.length + (rows.length === 1 ? ' finding' : ' findings') : shown + ' of ' + rows.length + ' findings';
  };
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('reset', () => setTimeout(apply));
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const b of folders) b.addEventListener('click', (e) => {
    // A folder with subfolders opens (its summary holds the button) and shows only its findings.
    e.preventDefault();
    const details = b.parentElement.tagName === 'SUMMARY' ? b.parentElement.parentElement : null;
    if (details) details.open = true;
    form.elements.folder.value = b.dataset.folder;
    apply();
    document.querySelector('section.findings').scrollIntoView({ block: 'start' });
  });
})();
`;
