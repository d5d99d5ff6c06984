/**
 * Draws docs/architecture.svg: the floors of `.dependency-cruiser.cjs` bottom to top, the folders
 * (and the codemod's files, which sit on three floors) on each, and an arrow where one imports
 * another, from dependency-cruiser's own reading of the imports. `npm run architecture`;
 * `--check` exits 1 when the file on disk is not what the source draws (CI keeps it true).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instance } from '@viz-js/viz';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs/architecture.svg');

interface Spec {
  readonly path?: string;
  readonly pathNot?: readonly string[];
}
interface Rule {
  readonly name: string;
  readonly comment?: string;
  readonly from: Spec;
  readonly to: Spec;
}
interface Floor {
  readonly name: string;
  matches(path: string): boolean;
}

/**
 * The floors, bottom first, from the rules: `<floor>-not-above` has floor i as `from` (its
 * `pathNot` lists the i floors below) and a floor above as `to`, named in its comment.
 */
function floors(): Floor[] {
  const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
  const byLevel = new Map<number, { name: string; spec: Spec }>();
  for (const rule of config.forbidden) {
    const own = /^(.+)-not-above$/.exec(rule.name)?.[1];
    const above = / (\S+) is above it$/.exec(rule.comment ?? '')?.[1];
    if (!own || !above) continue;
    byLevel.set(rule.from.pathNot?.length ?? 0, { name: own, spec: rule.from });
    byLevel.set(rule.to.pathNot?.length ?? 0, { name: above, spec: rule.to });
  }
  return [...byLevel.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, { name, spec }]) => ({
      name,
      matches: (path) => new RegExp(spec.path ?? '$^').test(path) && !(spec.pathNot ?? []).some((p) => new RegExp(p).test(path)),
    }));
}

/** A module's box: its top folder under `src/` (a file directly in it is its own), on the module's floor. */
function folderOf(path: string): string {
  const parts = path.replace(/^src\//, '').split('/');
  return parts.length === 1 ? (parts[0] as string).replace(/\.ts$/, '') : (parts[0] as string);
}

const cruise = JSON.parse(
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ),
) as { modules: { source: string; dependencies: { resolved: string }[] }[] };

const levels = floors();
const floorOf = (path: string) => levels.findIndex((f) => f.matches(path));
/** A folder spread over floors (the codemod's) is one box per floor: `codemod · decisions`. */
const spread = new Map<string, Set<number>>();
for (const m of cruise.modules) {
  if (!m.source.startsWith('src/')) continue;
  const set = spread.get(folderOf(m.source)) ?? new Set();
  set.add(floorOf(m.source));
  spread.set(folderOf(m.source), set);
}
const boxOf = (path: string) => {
  const folder = folderOf(path);
  return (spread.get(folder)?.size ?? 1) > 1 ? `${folder} · ${levels[floorOf(path)]?.name}` : folder;
};
const boxes = new Map<string, { floor: number; files: number }>();
const edges = new Set<string>();
for (const m of cruise.modules) {
  if (!m.source.startsWith('src/')) continue;
  const box = boxOf(m.source);
  boxes.set(box, { floor: floorOf(m.source), files: (boxes.get(box)?.files ?? 0) + 1 });
  for (const d of m.dependencies) {
    const to = d.resolved.startsWith('src/') ? boxOf(d.resolved) : undefined;
    if (to && to !== box) edges.add(`${box}\u0000${to}`);
  }
}

const id = (box: string) => `"${box}"`;
const lines = [
  'digraph architecture {',
  '  rankdir=BT; newrank=true; splines=true; nodesep=0.25; ranksep=0.6;',
  '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=11];',
  '  edge [color="#8895a7", arrowsize=0.6];',
  '  label="civic-migrate: floors import only downward (npm run lint checks it)"; labelloc=t; fontname="Helvetica";',
];
const colors = ['#eef2f7', '#e8f3ea', '#fdf3e3', '#f3e8f7', '#e6f0fa', '#f7e8e8'];
levels.forEach((floor, i) => {
  lines.push(`  subgraph cluster_${i} { label="${i + 1}. ${floor.name}"; style=filled; color="${colors[i % colors.length]}"; rank=same;`);
  for (const [box, info] of [...boxes].sort()) if (info.floor === i) lines.push(`    ${id(box)} [label="${box}\\n${info.files} file${info.files === 1 ? '' : 's'}"];`);
  lines.push('  }');
});
for (const key of [...edges].sort()) {
  const [from, to] = key.split('\u0000') as [string, string];
  lines.push(`  ${id(from)} -> ${id(to)};`);
}
lines.push('}');

const svg = (await instance()).renderString(lines.join('\n'), { format: 'svg', engine: 'dot' });
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // absent: not current
  }
  if (current !== svg) {
    process.stderr.write('docs/architecture.svg is not what the source draws: run `npm run architecture`\n');
    process.exit(1);
  }
} else {
  writeFileSync(OUT, svg);
  process.stdout.write(`docs/architecture.svg: ${levels.length} floors, ${boxes.size} boxes, ${edges.size} arrows\n`);
}
