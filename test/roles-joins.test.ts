/**
 * Where URLs are built (src/roles/joins.ts): a base and what follows it meet in a `+`, a template, a
 * helper, `new URL(path, base)` or `url.resolve`, and what comes back is the API's data only when
 * the whole URL is the API's. One file each, in process, exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const migrated = (lines: string[]) => transformSource(lines.join('\n'), 'app.js').output.split('\n');
const READ = '.then((r) => r.json()).then((fields) => fields.map((f) => f.long_name));';
const READ_V2 = '.then((r) => r.json()).then((fields) => fields.map((f) => f.description));';

describe('URLs joined from a base and a path', () => {
  const cases: Record<string, [string[], string[]]> = {
    'a base built with `+`, joined with `+`': [
      [
        "const HOST = 'https://api.voteamerica.org';",
        "const BASE = HOST + '/v1';",
        `exports.a = () => fetch(BASE + '/election/field/')${READ}`,
      ],
      [
        "const HOST = 'https://api.voteamerica.org';",
        "const BASE = HOST + '/v2';",
        `exports.a = () => fetch(BASE + '/election/field/')${READ_V2}`,
      ],
    ],
    'a template': [
      ["const BASE = 'https://api.voteamerica.org/v1';", `exports.b = () => fetch(\`\${BASE}/election/field/\`)${READ}`],
      ["const BASE = 'https://api.voteamerica.org/v2';", `exports.b = () => fetch(\`\${BASE}/election/field/\`)${READ_V2}`],
    ],
    'a template whose substitution is a literal': [
      ["const BASE = 'https://api.voteamerica.org/v1';", `exports.b = () => fetch(\`\${BASE}\${'/election'}/field/\`)${READ}`],
      ["const BASE = 'https://api.voteamerica.org/v2';", `exports.b = () => fetch(\`\${BASE}\${'/election'}/field/\`)${READ_V2}`],
    ],
    '`new URL(path, base)`': [
      ["const HOST = 'https://api.voteamerica.org';", `exports.c = () => fetch(new URL('/v1/election/field/', HOST))${READ}`],
      ["const HOST = 'https://api.voteamerica.org';", `exports.c = () => fetch(new URL('/v2/election/field/', HOST))${READ_V2}`],
    ],
    '`url.resolve(base, path)`': [
      [
        "const url = require('url');",
        "const HOST = 'https://api.voteamerica.org/v1/';",
        `exports.d = () => fetch(url.resolve(HOST, 'election/field/'))${READ}`,
      ],
      [
        "const url = require('url');",
        "const HOST = 'https://api.voteamerica.org/v2/';",
        `exports.d = () => fetch(url.resolve(HOST, 'election/field/'))${READ_V2}`,
      ],
    ],
    'a path in pieces, one of them a constant': [
      [
        "const BASE = 'https://api.voteamerica.org/v1';",
        "const P = '/election';",
        `exports.e = () => fetch(BASE + P + '/field/')${READ}`,
      ],
      [
        "const BASE = 'https://api.voteamerica.org/v2';",
        "const P = '/election';",
        `exports.e = () => fetch(BASE + P + '/field/')${READ_V2}`,
      ],
    ],
    'a part known only at run time (a state code)': [
      [
        "const BASE = 'https://api.voteamerica.org/v1';",
        "exports.f = (s) => fetch(BASE + '/election/data/state/' + s + '/').then((r) => r.json()).then((d) => d.state_information.map((i) => i.value));",
      ],
      [
        "const BASE = 'https://api.voteamerica.org/v2';",
        "exports.f = (s) => fetch(BASE + '/election/data/state/' + s + '/').then((r) => r.json()).then((d) => d.state_information.map((i) => i.bool_value));",
      ],
    ],
    'a version alone in a constant, after the host': [
      [
        "const HOST = 'https://api.voteamerica.org';",
        "const VERSION = '/v1';",
        `exports.h = () => fetch(HOST + VERSION + '/election/field/')${READ}`,
      ],
      [
        "const HOST = 'https://api.voteamerica.org';",
        "const VERSION = '/v2';",
        `exports.h = () => fetch(HOST + VERSION + '/election/field/')${READ_V2}`,
      ],
    ],
    'a version alone as a substitution': [
      ["const HOST = 'https://api.voteamerica.org';", `exports.i = () => fetch(\`\${HOST}\${'/v1'}/election/field/\`)${READ}`],
      ["const HOST = 'https://api.voteamerica.org';", `exports.i = () => fetch(\`\${HOST}\${'/v2'}/election/field/\`)${READ_V2}`],
    ],
    'a helper that joins the base with the path it is given': [
      [
        "const BASE = 'https://api.voteamerica.org/v1';",
        'const path = (p) => BASE + p;',
        `exports.g = () => fetch(path('/election/field/'))${READ}`,
      ],
      [
        "const BASE = 'https://api.voteamerica.org/v2';",
        'const path = (p) => BASE + p;',
        `exports.g = () => fetch(path('/election/field/'))${READ_V2}`,
      ],
    ],
  };
  for (const [name, [v1, v2]] of Object.entries(cases))
    it(name, () => {
      expect(migrated(v1)).toEqual(v2);
    });

  it('a base also joined with another service’s path stays, with markers at the base, the join and the read', () => {
    const lines = [
      "const BASE = 'https://api.voteamerica.org/v1';",
      `exports.a = () => fetch(BASE + '/election/field/')${READ}`,
      "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
    ];
    expect(migrated(lines)).toEqual([
      '// civic-migrate: `api.voteamerica.org/v1` is also used for `/v1/registration/status/`, another service that stays on V1: point the Civic Data API calls at V2 by hand',
      lines[0],
      '// civic-migrate: `long_name` is read from a V1 field descriptor requested through a base that stays on V1 (it is shared with another service): it becomes `description` when that request moves to V2',
      '// civic-migrate: `/v1/election/field/` is joined with `api.voteamerica.org/v1`, which is also used for `/v1/registration/status/` (another service that stays on V1): call the Civic Data API through a V2 base of its own',
      lines[1],
      lines[2],
    ]);
  });
});

describe('a version made of two pieces', () => {
  const MARK =
    "// civic-migrate: `long_name` is read from a V1 field descriptor requested from a URL whose version is made of two pieces (as `'/v' + 1`), which the codemod cannot move: it becomes `description` when that request moves to V2 (write the version in one string and run the codemod again)";
  const cases: Record<string, string> = {
    "`'/v' + 1`": "fetch(HOST + '/v' + 1 + '/election/field/')",
    '`/v${1}` in a template': 'fetch(`${HOST}/v${1}/election/field/`)',
    "`'/' + 'v1'`": "fetch(HOST + '/' + 'v1' + '/election/field/')",
    "`${'v1'}` in a template": "fetch(`${HOST}/${'v1'}/election/field/`)",
    "`new URL('v1/…', HOST + '/')`": "fetch(new URL('v1/election/field/', HOST + '/'))",
    "`url.resolve(HOST + '/', 'v1/…')`": "fetch(url.resolve(HOST + '/', 'v1/election/field/'))",
    "a constant's `v1` in a template": 'fetch(`${HOST}/${API_VERSION}/election/field/`)',
    "a constant's `1` after `'/v'`": "fetch(HOST + '/v' + API_NUMBER + '/election/field/')",
  };
  for (const [name, call] of Object.entries(cases))
    it(`${name}: the request cannot move, so the read is not renamed: a marker says why`, () => {
      const lines = [
        "const url = require('url');",
        "const HOST = 'https://api.voteamerica.org';",
        "const API_VERSION = 'v1';",
        'const API_NUMBER = 1;',
        `exports.a = () => ${call}${READ}`,
      ];
      expect(migrated(lines)).toEqual([...lines.slice(0, 4), MARK, lines[4]]);
    });
});

describe('a URL handed on as text, a request or a client option', () => {
  const BASE = "const BASE = 'https://api.voteamerica.org/v1';";
  const BASE_V2 = "const BASE = 'https://api.voteamerica.org/v2';";
  const DATA = '.then((r) => r.data.map((f) => f.long_name));';
  const DATA_V2 = '.then((r) => r.data.map((f) => f.description));';
  const JSON_READ = '.json().then((fs) => fs.map((f) => f.long_name));';
  const JSON_READ_V2 = '.json().then((fs) => fs.map((f) => f.description));';
  const cases: Record<string, [string, string]> = {
    '`base.concat(path)`': [`fetch(BASE.concat('/election/field/'))${READ}`, `fetch(BASE.concat('/election/field/'))${READ_V2}`],
    '`new URL(…).href`': [
      `fetch(new URL(BASE + '/election/field/').href)${READ}`,
      `fetch(new URL(BASE + '/election/field/').href)${READ_V2}`,
    ],
    '`new URL(…).toString()`': [
      `fetch(new URL(BASE + '/election/field/').toString())${READ}`,
      `fetch(new URL(BASE + '/election/field/').toString())${READ_V2}`,
    ],
    '`url.valueOf()`': [
      `fetch((BASE + '/election/field/').valueOf())${READ}`,
      `fetch((BASE + '/election/field/').valueOf())${READ_V2}`,
    ],
    '`new URL(…).toJSON()`': [
      `fetch(new URL(BASE + '/election/field/').toJSON())${READ}`,
      `fetch(new URL(BASE + '/election/field/').toJSON())${READ_V2}`,
    ],
    '`String(url)`': [`fetch(String(BASE + '/election/field/'))${READ}`, `fetch(String(BASE + '/election/field/'))${READ_V2}`],
    '`encodeURI(url)`': [
      `fetch(encodeURI(BASE + '/election/field/'))${READ}`,
      `fetch(encodeURI(BASE + '/election/field/'))${READ_V2}`,
    ],
    '`new Request(url)`': [
      `fetch(new Request(BASE + '/election/field/'))${READ}`,
      `fetch(new Request(BASE + '/election/field/'))${READ_V2}`,
    ],
    '`axios({ url, baseURL })`': [
      `require('axios')({ url: '/election/field/', baseURL: BASE })${DATA}`,
      `require('axios')({ url: '/election/field/', baseURL: BASE })${DATA_V2}`,
    ],
    '`axios.get(path, { baseURL })`': [
      `require('axios').get('/election/field/', { baseURL: BASE })${DATA}`,
      `require('axios').get('/election/field/', { baseURL: BASE })${DATA_V2}`,
    ],
    "a client's path without a leading slash (`axios.create({ baseURL }).get('election/…')`)": [
      `require('axios').create({ baseURL: BASE }).get('election/field/')${DATA}`,
      `require('axios').create({ baseURL: BASE }).get('election/field/')${DATA_V2}`,
    ],
    '`ky.get(path, { prefixUrl }).json()`': [
      `require('ky').get('election/field/', { prefixUrl: BASE })${JSON_READ}`,
      `require('ky').get('election/field/', { prefixUrl: BASE })${JSON_READ_V2}`,
    ],
    '`got(path, { prefixUrl }).json()`': [
      `require('got')('election/field/', { prefixUrl: BASE })${JSON_READ}`,
      `require('got')('election/field/', { prefixUrl: BASE })${JSON_READ_V2}`,
    ],
  };
  for (const [name, [v1, v2]] of Object.entries(cases))
    it(`${name}: the base and the reads move together`, () => {
      expect(migrated([BASE, `exports.a = () => ${v1}`])).toEqual([BASE_V2, `exports.a = () => ${v2}`]);
    });
});
