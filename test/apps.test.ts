import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { findV1Usage } from '../src/report/find.js';
import { gatingFindings } from '../src/report/finding.js';
import { copyApp, filesOf, mapSlugs, referenceServer, runApp } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * The codemod judged by behaviour, on small apps written the way real integrations are
 * (`fixtures/apps/<name>`): request helpers, config objects, callbacks, classes, plain JavaScript
 * with and without a config, TS with and without declared types. The original app runs on V1
 * payloads, the migrated one on V2 payloads served only at V2 URLs; their outputs must agree once
 * V1 slugs are mapped by the table.
 */
const mappings = bundledMappings();

/** What each app is, and so what migrating it must give. */
const APPS = {
  /**
   * Plain JS, no config: a config object, a request helper, helpers that read items and descriptors they
   * are given, a module whose default export is an arrow function returning the field list, a module
   * read whole (`import * as api`) handed to a helper untyped.
   */
  'js-helpers': 'v1',
  /**
   * CommonJS with a client class: a base from a default parameter, `new URL(path, base)`,
   * `Object.fromEntries`, `reduce`, a constructor function's `var self = this`, a getter; the client
   * kept by another class from its constructor's parameter and handed to a function, and instances
   * read in another module through untyped parameters (a member, a getter, a constructor function's);
   * a plain object's generic `get(path)` and its Node-style callback method handed to helpers; a
   * module built with the client it is handed (`require('./lib/route')(client)`); a module that is an
   * anonymous class, another that is one arrow function (`module.exports = class {…}`, `= async (feed) => …`),
   * an object of functions declared apart (`module.exports = { allFields }`) handed on untyped.
   */
  'cjs-class': 'v1',
  /** TS with declared types and a tsconfig. */
  'ts-typed': 'v1',
  /**
   * TS without declared types (`any`) and without a tsconfig: an axios-style client with a `baseURL`
   * option, a class, a class keeping the field list as a parameter property.
   */
  'ts-untyped': 'v1',
  /**
   * Plain JS whose helpers fetch the data themselves and hand it to callbacks: `.then(cb)`, `done(data)`
   * after `await`, a callback passed on to another helper, a function passed by name, an options
   * object's method, a class that keeps the callback it is built with, an event's listener in another
   * module, a registry of formatters picked by a computed key, a formatter kept in a `let` assigned later,
   * `Array.from(list, fn)`, a list carried in an object written with a shorthand member, a method handed
   * as the callback bound with its first argument (`.then(this.titles.bind(this, count))`).
   */
  'js-callbacks': 'v1',
  /**
   * Plain JS whose URLs are handed on as text and requests: a version kept in a constant of another
   * module, `String(new URL(…).href)`, `base.concat(path)`, `fetch(new Request(url, init))`, a loader a function
   * makes for one path and returns, called later (`const loadFields = makeLoader('/election/field/')`).
   */
  'js-wrappers': 'v1',
  /**
   * Vue single-file components: a parent (Options API) fetches through a client module and hands the
   * data to children by their props (`:fields`, `:record`), one level and two levels down (one child
   * registered for every template by `main.js`'s `app.component(…)`, the others imported), an Options
   * API child with declared props and computed members, a `<script setup>` child reading its props
   * through `defineProps` and `computed` refs in its template.
   */
  'vue-sfc': 'v1',
  /**
   * Vue components whose `<script setup>` neither imports nor exports (Vue's functions auto-imported,
   * as Nuxt does): one requests the field list, another keeps a list of its own written like it
   * under the same name (`const fields`). Each component's names are its own.
   */
  'vue-auto-imports': 'v1',
  /**
   * Plain JS keeping its base URL and the data it loads on the global object (`globalThis.CIVIC_API`,
   * `globalThis.civicFields`, `globalThis['civicState']`), read in another module by member and by bare name.
   */
  'js-globals': 'v1',
  /**
   * Node scripts: a sync step writes the field list to a JSON file (`writeFileSync('cache/fields.json',
   * JSON.stringify(…))`), a build step in another module reads it back (`JSON.parse(readFileSync(…))`).
   */
  'js-file-cache': 'v1',
  /** Already on V2: its base (in another module) reaches a helper that appends the paths, the override path among them. */
  'v2-app': 'v2',
  /**
   * One V1 base for the API and, through the same helper, another VoteAmerica service on the same host
   * and version; the settings holding it are a module's default export, imported under another name;
   * an offline fallback written like the API's list goes where its data goes (it stays V1 with it).
   */
  'shared-base': 'shared',
} as const;

const serverEnv = referenceServer(mappings);

/** What the migration leaves for a person in an app, by app: the gate may list only these. */
const LEFT_FOR_A_PERSON: Partial<Record<keyof typeof APPS, RegExp>> = {
  // Copies of the file written before the migration stay V1: whoever runs the build decides.
  'js-file-cache': /stored-persisted|are written to a file here/,
};

async function migrate(dir: string) {
  const summary = await runCodemod({ cwd: dir, write: true, allowDirty: true, mappings });
  expect(summary.totals.errors, JSON.stringify(summary.files.filter((f) => f.status === 'error'))).toBe(0);
  return summary;
}

async function gating(dir: string) {
  const report = await findV1Usage({ cwd: dir, mappings });
  return gatingFindings(report.findings, 'any').map((f) => `${f.file}:${f.line} ${f.token}: ${f.message}`);
}

describe('fixture apps, judged by behaviour', () => {
  const v1Apps = Object.entries(APPS)
    .filter(([, kind]) => kind === 'v1')
    .map(([name]) => name);

  it.each(v1Apps)('%s: the migrated app on V2 data does what the original does on V1 data', async (name) => {
    const original = copyApp(name);
    const before = await runApp(original, 'v1', serverEnv());
    expect(before.status, before.stderr).toBe(0);

    const migrated = copyApp(name);
    await migrate(migrated);
    const after = await runApp(migrated, 'v2', serverEnv());
    expect(after.status, after.stderr).toBe(0);
    expect(after.output).toEqual(mapSlugs(before.output, mappings));
    expect(after.requested.every((url) => url.includes('/v2/'))).toBe(true);

    // Nothing is left for the gate (but what is for a person), and a second run changes nothing.
    const left = LEFT_FOR_A_PERSON[name as keyof typeof APPS];
    const gate = await gating(migrated);
    expect(gate.filter((g) => !left?.test(g))).toEqual([]);
    if (left) expect(gate.length).toBeGreaterThan(0);
    const again = await migrate(migrated);
    expect(again.totals.changed).toBe(0);
  });

  it('v2-app: an app already on V2 comes out byte-identical, with nothing to report', async () => {
    const original = copyApp('v2-app');
    const migrated = copyApp('v2-app');
    await migrate(migrated);
    expect(filesOf(migrated)).toEqual(filesOf(original));
    expect(await gating(migrated)).toEqual([]);
    const run = await runApp(migrated, 'v2', serverEnv());
    expect(run.status, run.stderr).toBe(0);
  });

  it('shared-base: a base shared with another service is not moved; the API calls on it get a marker, the app still works', async () => {
    const original = copyApp('shared-base');
    const before = await runApp(original, 'v1', serverEnv());
    expect(before.status, before.stderr).toBe(0);

    const migrated = copyApp('shared-base');
    await migrate(migrated);
    // Only marker lines were added: the base, and the reads of the data it brings, stay on V1.
    const was = filesOf(original);
    for (const [file, text] of Object.entries(filesOf(migrated))) {
      const kept = text
        .split('\n')
        .filter((line) => !line.trim().startsWith('// civic-migrate:'))
        .join('\n');
      expect(kept, file).toBe(was[file]);
    }
    const after = await runApp(migrated, 'v1', serverEnv());
    expect(after.output).toEqual(before.output);
    expect(after.requested.some((url) => url.includes('/v1/registration/status/'))).toBe(true);
    // A person must act: the report says so.
    expect((await gating(migrated)).length).toBeGreaterThan(0);
  });

  it('a JS app gives the same result with and without a jsconfig.json', async () => {
    for (const name of ['js-helpers', 'cjs-class', 'js-callbacks']) {
      const bare = copyApp(name);
      await migrate(bare);
      const configured = copyApp(name);
      writeFileSync(join(configured, 'jsconfig.json'), '{ "compilerOptions": { "checkJs": false } }\n');
      await migrate(configured);
      const { 'jsconfig.json': _config, ...files } = filesOf(configured);
      expect(files, name).toEqual(filesOf(bare));
    }
  });
});
