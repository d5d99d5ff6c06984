import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Mappings } from '../../src/mapping/mappings.js';
import { kindOf } from '../../src/rules/registry.js';
import { type RunningServer, startServer } from '../../src/server/server.js';

/**
 * The behaviour harness of the fixture apps (`fixtures/apps/<name>`): an app is run as a program
 * (its package.json `main`, TS through tsx, Vue components compiled and rendered in memory) with the Civic Data API's hosts routed to the local
 * reference server for one version only (`route-api.mjs`), and its output (one JSON line) is
 * compared with another run's after V1 slugs are mapped by the table.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const APPS = join(ROOT, 'fixtures/apps');
const ROUTE = pathToFileURL(join(ROOT, 'test/helpers/route-api.mjs')).href;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const VUE = pathToFileURL(join(ROOT, 'test/helpers/vue-app.mjs')).href;

/** A copy of an app in a fresh temporary folder. */
/** Every bundled app and repository (fixtures/apps, fixtures/repos), as paths relative to the project. */
export function appAndRepoDirs(): string[] {
  return ['apps', 'repos'].flatMap((kind) =>
    readdirSync(join('fixtures', kind), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join('fixtures', kind, d.name)),
  );
}

export function copyApp(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cm-app-${name}-`));
  cpSync(join(APPS, name), dir, { recursive: true });
  return dir;
}

/** Every file below a folder (but a `node_modules`), by `/`-separated relative path, with its bytes as text. */
export function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules') continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

export interface AppRun {
  readonly status: number | null;
  readonly output: unknown;
  readonly stderr: string;
  /** The URLs the app asked for, in order. */
  readonly requested: readonly string[];
}

export interface ServerEnv {
  readonly url: string;
  readonly keyId: string;
  readonly secret: string;
  readonly hosts: readonly string[];
}

/**
 * Runs an app's `main` with the API served in one version only. Asynchronous: the reference
 * server answering it runs in this process.
 */
export async function runApp(dir: string, version: 'v1' | 'v2', server: ServerEnv): Promise<AppRun> {
  const main = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main: string }).main;
  const log = join(mkdtempSync(join(tmpdir(), 'cm-app-log-')), 'requests.log');
  const childEnv = {
    PATH: process.env.PATH ?? '',
    CIVIC_TEST_SERVER: server.url,
    CIVIC_TEST_VERSION: version,
    CIVIC_TEST_HOSTS: server.hosts.join(','),
    CIVIC_TEST_LOG: log,
    CIVIC_API_KEY_ID: server.keyId,
    CIVIC_API_KEY_SECRET: server.secret,
  };
  const vue = Object.keys(filesOf(dir)).some((f) => f.endsWith('.vue'));
  const args = [
    '--import',
    ROUTE,
    ...(/\.[cm]?tsx?$/.test(main) ? ['--import', TSX] : []),
    ...(vue ? ['--import', VUE] : []),
    main,
  ];
  const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 60_000, env: childEnv }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
  let requested: string[] = [];
  try {
    requested = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    // no request made
  }
  let output: unknown;
  try {
    output = JSON.parse(r.stdout);
  } catch {
    output = r.stdout;
  }
  return { status: r.status, output, stderr: r.stderr, requested };
}

const DROPPED = Symbol('dropped');

/**
 * A V1 app's output as the V2 app should print it: every string and object key that is a V1 slug
 * becomes the V2 slug that carries its item one to one (renamed or unchanged); one whose data V2
 * keeps elsewhere (an option of a Multi-select, footnotes) or not at all is left out, as V2 data
 * has no such item.
 */
export function mapSlugs(value: unknown, m: Mappings): unknown {
  const map = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const rule = m.byV1.get(v);
      if (!rule) return v;
      const fate = kindOf(rule).payload(rule);
      return fate.fate === 'carried' && fate.known ? fate.v2 : DROPPED;
    }
    if (Array.isArray(v)) return v.map(map).filter((x) => x !== DROPPED);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const key = map(k);
        if (key !== DROPPED) out[key as string] = map(x);
      }
      return out;
    }
    return v;
  };
  return map(value);
}

/**
 * The local reference server for a test file's apps: started before its tests, closed after them.
 * The environment an app needs to reach it is there once the tests run.
 */
export function referenceServer(mappings: Mappings): () => ServerEnv {
  let server: RunningServer | undefined;
  let env: ServerEnv | undefined;
  beforeAll(async () => {
    server = await startServer({ mappings });
    const key = server.keys[0] as { id: string; secret: string };
    env = { url: server.url, keyId: key.id, secret: key.secret, hosts: mappings.hosts };
  });
  afterAll(() => server?.close());
  return () => env as ServerEnv;
}
