/**
 * The role engine over a small inferred program, asked in process (the role engine's own tests):
 * `analyze({ 'a.js': code })` gives the analysis, a node found by its text, and what the engine
 * says a node is (the last step of each fact's evidence).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { expect } from 'vitest';
import { runCodemod } from '../../src/codemod/run.js';
import { type ConfigFormat, parseConfig } from '../../src/files/config-files.js';
import { loadMappings } from '../../src/mapping/load.js';
import { findV1Usage } from '../../src/report/find.js';
import { analyzeRoles } from '../../src/roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../src/roles/config-sources.js';
import { evidenceOf } from '../../src/roles/evidence.js';
import { inferredProgram } from '../../src/roles/inferred.js';
import { Calls } from '../../src/roles/program-view.js';
import { bundledMappings } from './bundled.js';
import { nodeByText } from './nodes.js';

export type Node = TsNamespace.Node;
export const ROOT = '/repo';
export const V1 = "'https://api.voteamerica.org/v1'";
export const HOST = "'https://api.voteamerica.org'";

export const configFile = (path: string, format: ConfigFormat, text: string): ConfigFile => ({
  path: `${ROOT}/${path}`,
  text,
  tree: parseConfig(format, text) as ConfigFile['tree'],
});

/**
 * The engine runs inside a test (or its `beforeEach`), never while a file is collected: code run
 * outside every test is, to the mutation runner's per-test coverage, every test's ("static"), and
 * each of its mutants is then run against the whole suite (2,109 of tracker.ts's 4,187 once).
 */
function inTest(what: string): void {
  // (Under vitest only: a script may use these helpers too.)
  if (process.env.VITEST && expect.getState().currentTestName === undefined)
    throw new Error(`${what}() ran outside a test: call it inside \`it\` or \`beforeEach\``);
}

/** The role engine over `files` (paths under /repo), with the config files given. */
export function analyze(files: Record<string, string>, configs: readonly ConfigFile[] = []) {
  inTest('analyze');
  const view = inferredProgram(new Map(Object.entries(files).map(([p, t]) => [`${ROOT}/${p}`, t])));
  const sources = configs.length > 0 ? new ConfigSources(view.ts, configs, ROOT) : undefined;
  const roles = analyzeRoles(view, loadMappings(), undefined, sources);
  const sf = (file: string) => view.files.get(`${ROOT}/${file}`) as TsNamespace.SourceFile;
  /** The outermost node of `file` (default: the first) written exactly as `text`; `nth` for a later one. */
  const node = (text: string, nth = 0, file = Object.keys(files)[0] as string): Node => nodeByText(view.ts, sf(file), text, nth);
  /** What the engine says a node is: the last step of each fact's evidence. */
  const says = (n: Node) => roles.at(n).map((f) => evidenceOf(f).at(-1)?.says);
  /** `before()` with its sets as sorted arrays. */
  const before = (n: Node, piece: number) => {
    const b = roles.before(n, piece);
    return b && { ...b, versions: [...b.versions].sort(), hosts: [...b.hosts].sort() };
  };
  /** What the engine says of the node written `text` (the nth one, in `file`); of a parameter or binding element: of its name. */
  const saysAt = (text: string, nth = 0, file?: string) => {
    const n = node(text, nth, file);
    return says(view.ts.isParameter(n) || view.ts.isBindingElement(n) ? n.name : n);
  };
  /** Where the engine says the API's data is handed to a callback it cannot see into, in `file` (default: the first). */
  const unfollowed = (file = Object.keys(files)[0] as string) => roles.unfollowed(sf(file)).map((u) => u.node.getText());
  return { view, roles, sources, sf, node, says, saysAt, unfollowed, before };
}

/** The program alone, with the questions the role engine asks of it (`Calls`), and no analysis. */
export function programView(files: Record<string, string>) {
  inTest('programView');
  const view = inferredProgram(new Map(Object.entries(files).map(([p, t]) => [`${ROOT}/${p}`, t])));
  const calls = new Calls(view);
  const { ts } = view;
  /** The outermost node of `file` written exactly as `text` (the `nth` one). */
  const node = (file: string, text: string, nth = 0): Node =>
    nodeByText(ts, view.files.get(`${ROOT}/${file}`) as TsNamespace.SourceFile, text, nth);
  /** Where a node is and what it says: `file:line text`. */
  const at = (n: Node) => {
    const sf = n.getSourceFile();
    return `${sf.fileName.replace(`${ROOT}/`, '')}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1} ${n.getText(sf)}`;
  };
  return { view, calls, ts, node, at };
}

/** The codemod's dry run over these files in a real folder (modules resolve on disk): each patch's changed lines, by file. */
export async function changedLines(files: Record<string, string>): Promise<string[][]> {
  inTest('changedLines');
  const dir = mkdtempSync(join(tmpdir(), 'cm-program-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const patches: string[] = [];
  await runCodemod({
    cwd: dir,
    write: false,
    diff: true,
    mappings: bundledMappings(),
    onFile: (_r, p) => void (p && patches.push(p)),
  });
  return patches.sort().map((p) => p.split('\n').filter((l) => /^[-+][^-+]/.test(l)));
}

/**
 * The codemod's dry run over these files in a real folder, and the report's view of them: each
 * changed file's changed lines (by path), the markers it reports (`file:line code`), and the
 * report's findings (`file:line token`). The report must agree with the codemod.
 */
export async function migrateFolder(files: Record<string, string>) {
  inTest('migrateFolder');
  const dir = mkdtempSync(join(tmpdir(), 'cm-folder-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const changed: Record<string, string[]> = {};
  const markers: string[] = [];
  const mappings = bundledMappings();
  await runCodemod({
    cwd: dir,
    write: false,
    diff: true,
    mappings,
    onFile: (r, patch) => {
      if (patch) changed[r.path] = patch.split('\n').filter((l) => /^[-+][^-+]/.test(l));
      for (const m of r.markers) markers.push(`${r.path}:${m.line} ${m.code}`);
    },
  });
  const report = await findV1Usage({ cwd: dir, mappings });
  const findings = report.findings.map((f) => `${f.file}:${f.line} ${f.token}`).sort();
  return { changed, markers: markers.sort(), findings };
}
