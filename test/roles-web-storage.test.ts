/**
 * Web storage and files (src/roles/tracker.ts `persist`): the API's data stored with
 * `localStorage.setItem(key, JSON.stringify(data))` (or `sessionStorage`, or the key written as a
 * member), or written to a file (`fs.writeFileSync(path, JSON.stringify(data))`), is what
 * `JSON.parse(localStorage.getItem(key))` (`JSON.parse(fs.readFileSync(path))`) gives back in any module, so the reads
 * move with the request; and where it is stored gets a marker, since copies stored before the
 * migration stay V1 in the users' browsers. Before, the request moved to V2 and the module reading
 * the stored copy kept V1 names, with nothing said. The codemod and the report on real folders.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const FETCH = "const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());";
const FETCH_V2 = FETCH.replace('/v1/', '/v2/');
const marker = (at: string) =>
  `+  // civic-migrate: V1 field lists are stored in the browser here (\`${at}\`): after the migration this code stores and reads back V2 field lists, but copies stored before it stay V1 and will be read as V2: store under a new key, or drop the stored copies`;

describe('web storage', () => {
  it('a copy stored under a key is read back under that key in another module; where it is stored is marked', async () => {
    const r = await migrateFolder({
      'load.js': `export async function load() {\n  ${FETCH}\n  localStorage.setItem('civic-fields', JSON.stringify(fields));\n}\n`,
      'show.js': "export const names = () => JSON.parse(localStorage.getItem('civic-fields') || '[]').map((f) => f.long_name);\n",
      'other.js': "export const names = () => JSON.parse(localStorage.getItem('other') ?? '[]').map((f) => f.long_name);\n",
    });
    expect(r.changed).toEqual({
      'load.js': [`-  ${FETCH}`, `+  ${FETCH_V2}`, marker("localStorage.setItem('civic-fields', …)")],
      'show.js': [
        "-export const names = () => JSON.parse(localStorage.getItem('civic-fields') || '[]').map((f) => f.long_name);",
        "+export const names = () => JSON.parse(localStorage.getItem('civic-fields') || '[]').map((f) => f.description);",
      ],
    });
    expect(r.markers).toEqual(['load.js:3 stored-persisted']);
    expect(r.findings).toEqual([
      'load.js:2 /v1/election/field/',
      "load.js:3 localStorage.setItem('civic-fields', JSON.stringify(fields))",
      'show.js:1 long_name',
    ]);
  });

  it('`sessionStorage` and `window.localStorage`, the key as a member or a literal key; a storage the program declares is its own', async () => {
    const r = await migrateFolder({
      'load.js': [
        'export async function load() {',
        `  ${FETCH}`,
        '  sessionStorage.civicFields = JSON.stringify(fields);',
        "  window.localStorage['civic'] = JSON.stringify(fields);",
        '  const localStorage = new Map();',
        "  localStorage.setItem('mine', JSON.stringify(fields));",
        '}',
        '',
      ].join('\n'),
      'show.js': [
        'export const a = () => JSON.parse(sessionStorage.civicFields).map((f) => f.long_name);',
        "export const b = () => JSON.parse(window.localStorage.getItem('civic')).map((f) => f.long_name);",
        "export const c = () => JSON.parse(localStorage.getItem('mine')).map((f) => f.long_name);",
        '',
      ].join('\n'),
    });
    expect(r.changed['show.js']).toEqual([
      '-export const a = () => JSON.parse(sessionStorage.civicFields).map((f) => f.long_name);',
      "-export const b = () => JSON.parse(window.localStorage.getItem('civic')).map((f) => f.long_name);",
      '+export const a = () => JSON.parse(sessionStorage.civicFields).map((f) => f.description);',
      "+export const b = () => JSON.parse(window.localStorage.getItem('civic')).map((f) => f.description);",
    ]);
    expect(r.markers).toEqual(['load.js:3 stored-persisted', 'load.js:4 stored-persisted']);
  });
});

describe('a file written and read back', () => {
  const fileMarker = (at: string) =>
    `+  // civic-migrate: V1 field lists are written to a file here (\`${at}\`): after the migration this code writes and reads back V2 field lists, but copies written before it (kept by a build, a cache, a deploy) stay V1 and will be read as V2: write them again, or under a new name`;

  it('by the same path (a literal, or joined after the module folder), sync or with fs/promises; another path is another file', async () => {
    const r = await migrateFolder({
      'sync.js': [
        "const fs = require('fs');",
        "const path = require('path');",
        'async function main() {',
        `  ${FETCH}`,
        "  fs.writeFileSync(path.join(__dirname, 'cache', 'fields.json'), JSON.stringify(fields, null, 2));",
        '}',
        'main();',
        '',
      ].join('\n'),
      'build.js': [
        "const fs = require('fs');",
        "const fields = JSON.parse(fs.readFileSync('./cache/fields.json', 'utf8'));",
        'console.log(fields.map((f) => f.long_name));',
        "const other = JSON.parse(fs.readFileSync('cache/other.json', 'utf8'));",
        'console.log(other.map((f) => f.long_name));',
        '',
      ].join('\n'),
      'page.mjs': [
        "import { readFile } from 'node:fs/promises';",
        "const list = JSON.parse(await readFile('cache/fields.json', 'utf8'));",
        'export const names = list.map((f) => f.long_name);',
        '',
      ].join('\n'),
    });
    expect(r.changed).toEqual({
      'build.js': ['-console.log(fields.map((f) => f.long_name));', '+console.log(fields.map((f) => f.description));'],
      'page.mjs': [
        '-export const names = list.map((f) => f.long_name);',
        '+export const names = list.map((f) => f.description);',
      ],
      'sync.js': [`-  ${FETCH}`, `+  ${FETCH_V2}`, fileMarker("fs.writeFileSync(path.join(__dirname, '…")],
    });
    expect(r.markers).toEqual(['sync.js:5 stored-persisted']);
  });
});

describe('web storage written from a script', () => {
  it("a script's `localStorage.key = …` (which the compiler takes for a declaration) is the browser's storage", async () => {
    const r = await migrateFolder({
      'load.js':
        "fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then((fields) => { localStorage.civic = JSON.stringify(fields); });\n",
      'show.js': 'export const names = () => JSON.parse(localStorage.civic).map((f) => f.long_name);\n',
    });
    expect(r.changed['show.js']).toEqual([
      '-export const names = () => JSON.parse(localStorage.civic).map((f) => f.long_name);',
      '+export const names = () => JSON.parse(localStorage.civic).map((f) => f.description);',
    ]);
    expect(r.markers).toEqual(['load.js:1 stored-persisted']);
  });
});
