/**
 * A request helper (`get(path)` joining a base and its parameter) answers each call with the payload
 * of the path that call passes (one call site of context, as CodeQL's type tracking keeps): also when
 * the paths are constants of another module (the fact chain then runs through the base, not the path)
 * and through a wrapper (`list(p) { return get(p); }`). Before, such a call got every payload the
 * helper returned anywhere (a field list was also a state record). A path not known at the call
 * (a parameter of its own) still gets every payload (of either version: the engine does not guess the path).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './helpers/program.js';

const FILES = {
  'paths.js': "export const FIELDS = '/election/field/';\nexport const STATE = '/election/data/state/CA/';\n",
  'api.js': [
    "const BASE = 'https://api.voteamerica.org/v1';",
    'export const get = (path) => fetch(BASE + path).then((r) => r.json());',
    'export function list(p) { return get(p); }',
    '',
  ].join('\n'),
};
const APP = "import { get, list } from './api.js';\nimport { FIELDS, STATE } from './paths.js';\n";

/** What the engine says each call is a promise of (the kinds, each once, sorted). */
const kinds = (app: string, calls: string[]) => {
  const a = analyze({ ...FILES, 'app.js': APP + app });
  return calls.map((c) => [...new Set(a.says(a.node(c, 0, 'app.js')).map((s) => s?.replace(/^.*a promise of /, '')))].sort());
};

describe('a request helper answers each call with its own path’s payload', () => {
  it('paths written at the calls, kept as constants of another module, or passed through a wrapper', () => {
    expect(
      kinds(
        [
          "export async function a() { return [await get('/election/field/'), await get('/election/data/state/CA/')]; }",
          'export async function b() { return [await get(FIELDS), await get(STATE)]; }',
          "export async function c() { return [await list(FIELDS), await list('/election/data/state/CA/')]; }",
        ].join('\n'),
        [
          "get('/election/field/')",
          "get('/election/data/state/CA/')",
          'get(FIELDS)',
          'get(STATE)',
          'list(FIELDS)',
          "list('/election/data/state/CA/')",
        ],
      ),
    ).toEqual([
      ['V1 field list'],
      ['V1 state record'],
      ['V1 field list'],
      ['V1 state record'],
      ['V1 field list'],
      ['V1 state record'],
    ]);
  });

  it('a helper given only the base joins its own imported path: each call gets that path’s payload', () => {
    const a = analyze({
      'paths.js': "export const FIELDS = '/election/field/';\n",
      'api.js':
        "import { FIELDS } from './paths.js';\nexport const fields = (base) => fetch(base + FIELDS).then((r) => r.json());\n",
      'app.js':
        "import { fields } from './api.js';\nconst BASE = 'https://api.voteamerica.org/v1';\nexport const a = async () => (await fields(BASE))[0].long_name;\n",
    });
    expect(a.says(a.node('fields(BASE)', 0, 'app.js'))).toEqual([
      '`fields(BASE)`: returned by the call, a promise of V1 field list',
    ]);
  });

  it('a path the call does not know (its own parameter) gets every payload the helper returns', () => {
    expect(
      kinds('export async function b() { return [await get(FIELDS), await get(STATE)]; }\nexport const d = (x) => get(x);\n', [
        'get(x)',
      ]),
    ).toEqual([['V1 field list', 'V1 state record', 'V2 field list', 'V2 override list', 'V2 state record']]);
  });
});
