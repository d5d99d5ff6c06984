/**
 * What the role engine says about a whole program (src/roles/analysis.ts and the URL joins of
 * src/roles/joins.ts, #28 mutation testing), asked in process: the bases joined before a piece of
 * a string, a base shared with another service, the URLs of config files as code uses them, the
 * requests and their notes, the GraphQL types a source plugin fills, and what is said per file.
 * Each program is an inferred program of its own; answers are asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { evidenceOf } from '../src/roles/evidence.js';
import { analyze, configFile, HOST, type Node, ROOT, V1 } from './helpers/program.js';

describe('the bases joined before a piece of a string', () => {
  it('a `+`: the base literal before the path, with its version and host; nothing before the base', () => {
    const a = analyze({ 'a.js': `const BASE = ${V1};\nexports.f = () => fetch(BASE + '/election/field/');` });
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({
      versions: ['v1'],
      hosts: ['api.voteamerica.org'],
      complete: true,
    });
    expect(a.before(a.node(V1), 0)).toBeUndefined();
    expect(a.before(a.node("'/election/field/'"), 1)).toBeUndefined();
  });

  it("a template: the piece after each substitution (index 1 after the first), not the template's head", () => {
    const a = analyze({ 'a.js': `const BASE = ${V1};\nexports.f = (s) => fetch(\`\${BASE}/election/data/state/\${s}/\`);` });
    const t = a.node('`${BASE}/election/data/state/${s}/`');
    expect(a.before(t, 0)).toBeUndefined();
    expect(a.before(t, 1)).toEqual({ versions: ['v1'], hosts: ['api.voteamerica.org'], complete: true });
    // After `${s}`: no base stands there.
    expect(a.before(t, 2)).toBeUndefined();
  });

  it('a host without a version is `none`; two bases reaching one helper are both there', () => {
    const a = analyze({
      'a.js': [
        `const HOST = ${HOST};`,
        "const V2 = 'https://api.voteamerica.org/v2';",
        'const get = (base) => fetch(base + "/election/field/");',
        'exports.f = () => get(HOST);',
        'exports.g = () => get(V2);',
      ].join('\n'),
    });
    expect(a.before(a.node('"/election/field/"'), 0)).toEqual({
      versions: ['none', 'v2'],
      hosts: ['api.voteamerica.org'],
      // Every value of `base` is one of these two (the parameter's callers pass only them).
      complete: false,
    });
  });

  it('a path kept in a constant: the base joined before its literal, complete (no operand of its own stands there)', () => {
    const a = analyze({
      'a.js': `const BASE = ${V1};\nconst FIELDS = '/election/field/';\nexports.f = () => fetch(BASE + FIELDS);`,
    });
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({
      versions: ['v1'],
      hosts: ['api.voteamerica.org'],
      complete: true,
    });
  });

  it('unknown text before a path: an empty set of versions, not complete', () => {
    const a = analyze({
      'a.js': `const BASE = ${V1};\nexports.f = (x) => fetch(x + '/election/field/');\nexports.g = () => fetch(BASE + '/x');`,
    });
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({ versions: [], hosts: [], complete: false });
  });

  it('a base one write of which is no known base is not complete', () => {
    const a = analyze({
      'a.js': [
        `let base = ${V1};`,
        'exports.set = (b) => { base = b; };',
        "exports.f = () => fetch(base + '/election/field/');",
      ].join('\n'),
    });
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({
      versions: ['v1'],
      hosts: ['api.voteamerica.org'],
      complete: false,
    });
  });
});

describe('a base shared with another service', () => {
  const SHARED = [
    `const HOST = ${HOST};`,
    "const BASE = HOST + '/v1';",
    "exports.f = () => fetch(BASE + '/election/field/');",
    "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
  ].join('\n');

  it('is found from any part of the `+` that builds it, and said with the path in its words', () => {
    const a = analyze({ 'a.js': SHARED });
    // The text right after the base is the other service's path (what follows it, `id`, is not the base's join).
    expect(a.roles.sharedWith(a.node("HOST + '/v1'"))).toBe('/v1/registration/status/');
    expect(a.roles.sharedWith(a.node("'/v1'"))).toBe('/v1/registration/status/');
    // Not a base: neither the host's own literal (its join is no base) nor a path.
    expect(a.roles.sharedWith(a.node(HOST))).toBeUndefined();
    expect(a.roles.sharedWith(a.node("'/election/field/'"))).toBeUndefined();
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({
      versions: ['v1'],
      hosts: ['api.voteamerica.org'],
      complete: true,
      shared: { base: 'api.voteamerica.org/v1', other: '/v1/registration/status/' },
    });
  });

  it("the data requested through it stays V1 (a second round), and the request's note names the route", () => {
    const a = analyze({ 'a.js': SHARED });
    expect(a.says(a.node("fetch(BASE + '/election/field/')"))).toEqual([
      "`fetch(BASE + '/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list that stays on V1",
    ]);
  });

  it('a base written as a template is found from the template, not from what stands inside it', () => {
    const a = analyze({
      'a.js': [
        `const HOST = ${HOST};`,
        'const BASE = `${HOST}/v1`;',
        "exports.f = () => fetch(BASE + '/election/field/');",
        "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
      ].join('\n'),
    });
    expect(a.roles.sharedWith(a.node('`${HOST}/v1`'))).toBe('/v1/registration/status/');
    expect(a.roles.sharedWith(a.node('HOST', 1))).toBeUndefined();
  });

  it('a V2 base joined with another path, or a V1 base joined only with API paths, is not shared', () => {
    const v2 = analyze({
      'a.js': [
        "const BASE = 'https://api.voteamerica.org/v2';",
        "exports.f = () => fetch(BASE + '/election/field/');",
        "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
      ].join('\n'),
    });
    expect(v2.roles.sharedWith(v2.node("'https://api.voteamerica.org/v2'"))).toBeUndefined();
    expect(v2.says(v2.node("fetch(BASE + '/election/field/')"))).toEqual([
      "`fetch(BASE + '/election/field/')`: the response of GET /v2/election/field/, a promise of a response whose body is V2 field list",
    ]);
    // (Joined with a value known only at run time too: that says nothing of another service.)
    const v1 = analyze({
      'a.js': `const BASE = ${V1};\nexports.f = () => fetch(BASE + '/election/field/');\nexports.g = (p) => fetch(BASE + p);`,
    });
    expect(v1.roles.sharedWith(v1.node(V1))).toBeUndefined();
    expect(v1.says(v1.node("fetch(BASE + '/election/field/')"))).toEqual([
      "`fetch(BASE + '/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
    ]);
  });
});

describe('joins of every form', () => {
  const request = (code: string, call: string) => {
    const a = analyze({ 'a.js': code });
    return a.says(a.node(call));
  };
  const requestSet = (code: string, call: string) => [...new Set(request(code, call))];
  const FIELDS = (v: string) =>
    `the response of GET /${v}/election/field/, a promise of a response whose body is ${v.toUpperCase()} field list`;

  it('`url.resolve(base, path)` and `new URL(path, base)` resolve as URLs do', () => {
    // An absolute path: the request is the path's on the host's, each a chain of its own (the path
    // alone, before the base's value is known; the base joined with it).
    const abs = analyze({
      'a.js': `const url = require('url');\nconst B = ${HOST};\nexports.f = () => fetch(url.resolve(B, '/v1/election/field/'));`,
    });
    expect(
      abs.roles.at(abs.node("fetch(url.resolve(B, '/v1/election/field/'))")).map((f) => {
        const chain = evidenceOf(f);
        return [chain[0]?.says, chain.at(-1)?.says];
      }),
    ).toEqual([
      ["`'/v1/election/field/'`: a V1 API URL", `\`fetch(url.resolve(B, '/v1/election/field/'))\`: ${FIELDS('v1')}`],
      ["`'https://api.voteamerica.org'`: a base URL", `\`fetch(url.resolve(B, '/v1/election/field/'))\`: ${FIELDS('v1')}`],
    ]);
    // A relative path resolves against the base's last segment: `…/v1` + `election/field/` is `/election/field/`.
    expect(
      request(
        `const url = require('url');\nconst B = ${V1};\nexports.f = () => fetch(url.resolve(B, 'election/field/'));`,
        "fetch(url.resolve(B, 'election/field/'))",
      ),
    ).toEqual([]);
    expect(
      request(
        `const B = 'https://api.voteamerica.org/v2/';\nexports.f = () => fetch(new URL('election/field/', B));`,
        "fetch(new URL('election/field/', B))",
      ),
    ).toEqual([`\`fetch(new URL('election/field/', B))\`: ${FIELDS('v2')}`]);
    // `url.resolve` with one argument, `new URL()` with none: nothing is joined.
    expect(
      request(`const url = require('url');\nexports.f = () => fetch(url.resolve(${V1}));`, `fetch(url.resolve(${V1}))`),
    ).toEqual([]);
  });

  it('`new URL(url)` of a whole URL is that URL', () => {
    expect(
      request(
        "exports.f = () => fetch(new URL('https://api.voteamerica.org/v1/election/field/'));",
        "fetch(new URL('https://api.voteamerica.org/v1/election/field/'))",
      ),
    ).toEqual([`\`fetch(new URL('https://api.voteamerica.org/v1/election/fi…\`: ${FIELDS('v1')}`]);
  });

  it('a version made of two pieces stays V1: no one string holds it, so the codemod cannot move it', () => {
    const STAYS = (v: string) => `${FIELDS(v)} that stays on V1`;
    const cases: [string, string][] = [
      [
        `const HOST = ${HOST};\nexports.f = () => fetch(HOST + '/v' + 1 + '/election/field/');`,
        "fetch(HOST + '/v' + 1 + '/election/field/')",
      ],
      [
        `const HOST = ${HOST};\nexports.f = () => fetch(\`\${HOST}/v\${1}/election/field/\`);`,
        'fetch(`${HOST}/v${1}/election/field/`)',
      ],
      [
        `const HOST = ${HOST};\nexports.f = () => fetch(HOST + '/' + 'v1' + '/election/field/');`,
        "fetch(HOST + '/' + 'v1' + '/election/field/')",
      ],
      [
        `const HOST = ${HOST};\nexports.f = () => fetch(new URL('v1/election/field/', HOST + '/'));`,
        "fetch(new URL('v1/election/field/', HOST + '/'))",
      ],
      // A base whose version is split keeps it split in every URL made from it.
      [
        `const BASE = ${HOST} + '/v' + '1';\nexports.f = () => fetch(BASE + '/election/field/');`,
        "fetch(BASE + '/election/field/')",
      ],
    ];
    for (const [code, call] of cases)
      expect({ code, says: request(code, call) }).toEqual({ code, says: [`\`${call}\`: ${STAYS('v1')}`] });
    // The version in one string, whatever is joined around it, moves.
    expect(
      request(
        `const HOST = ${HOST};\nexports.f = () => fetch(HOST + '/v1' + '/election/field/');`,
        "fetch(HOST + '/v1' + '/election/field/')",
      ),
    ).toEqual([`\`fetch(HOST + '/v1' + '/election/field/')\`: ${FIELDS('v1')}`]);
    // An absolute path resolved against a split base replaces the base's path, and its version with it
    // (two chains say so: the path alone, and the path joined with the base).
    expect(
      requestSet(
        `const B = ${HOST} + '/v' + '1';\nexports.f = () => fetch(new URL('/v1/election/field/', B));`,
        "fetch(new URL('/v1/election/field/', B))",
      ),
    ).toEqual([`\`fetch(new URL('/v1/election/field/', B))\`: ${FIELDS('v1')}`]);
    // A V2 URL split the same way is V2's: nothing stays.
    expect(
      request(
        `const HOST = ${HOST};\nexports.f = () => fetch(HOST + '/v' + 2 + '/election/field/');`,
        "fetch(HOST + '/v' + 2 + '/election/field/')",
      ),
    ).toEqual([`\`fetch(HOST + '/v' + 2 + '/election/field/')\`: ${FIELDS('v2')}`]);
  });

  it('a `const` holding a literal is its text, a `let` is known only at run time: both reach the route', () => {
    const STATE = 'the response of GET /v1/election/data/state/{state}/, a promise of a response whose body is V1 state record';
    for (const decl of ['const', 'let'])
      expect(
        request(
          `const BASE = ${V1};\n${decl} STATE = 'CA';\nexports.f = () => fetch(\`\${BASE}/election/data/state/\${STATE}/\`);`,
          'fetch(`${BASE}/election/data/state/${STATE}/`)',
        ),
      ).toEqual([`\`fetch(\`\${BASE}/election/data/state/\${STATE}/\`)\`: ${STATE}`]);
  });

  it('a base imported or exported under another name is followed to the request', () => {
    const files = {
      'a.js': `export const BASE = ${V1};\nconst OTHER = ${V1};\nexport { OTHER as API_BASE };`,
      'b.js': [
        "import { BASE as B, API_BASE } from './a.js';",
        "export const f = () => fetch(B + '/election/field/');",
        "export const g = () => fetch(API_BASE + '/election/field/');",
      ].join('\n'),
    };
    const a = analyze(files);
    const said = (call: string) => [...new Set(a.says(a.node(call, 0, 'b.js')))];
    expect(said("fetch(B + '/election/field/')")).toEqual([`\`fetch(B + '/election/field/')\`: ${FIELDS('v1')}`]);
    expect(said("fetch(API_BASE + '/election/field/')")).toEqual([`\`fetch(API_BASE + '/election/field/')\`: ${FIELDS('v1')}`]);
  });

  it("an HTTP client's base option and a path given to its method", () => {
    expect(
      request(
        `const axios = require('axios');\nconst api = axios.create({ baseURL: ${V1} });\nexports.f = () => api.get('/election/field/');`,
        "api.get('/election/field/')",
      ),
    ).toEqual([
      "`api.get('/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
    ]);
  });
});

describe('config files', () => {
  const CONFIG = configFile(
    'config/app.json',
    'json',
    `${JSON.stringify({
      api: {
        base: 'https://api.voteamerica.org/v1',
        read: 'https://api.voteamerica.org/v1',
        unread: 'https://api.voteamerica.org/v1',
      },
      name: 'not a URL',
    })}\n`,
  );

  it('each URL value with where code reads it and what it joins it with; values that are no URL are not there', () => {
    const a = analyze(
      {
        'src/a.js': [
          "const cfg = require('../config/app.json');",
          "exports.f = () => fetch(cfg.api.base + '/election/field/');",
          'exports.g = () => console.log(cfg.api.read);',
        ].join('\n'),
      },
      [CONFIG],
    );
    const uses = a.roles.configUses().map((u) => ({
      path: u.value.entry.path.join('.'),
      kind: u.url.kind,
      reads: u.reads.map((n) => n.getText()),
      joins: u.joins.map((j) => [j.text, j.next?.kind, j.at.getText()]),
      shared: u.shared,
      source: evidenceOf(u.source).map((s) => s.says),
      evidence: evidenceOf(u.evidence).map((s) => `${s.file.replace(ROOT, '')}:${s.line}: ${s.says}`),
    }));
    expect(uses).toEqual([
      {
        path: 'api.base',
        kind: 'base',
        reads: ['cfg.api.base'],
        joins: [['/election/field/', 'path', "cfg.api.base + '/election/field/'"]],
        shared: undefined,
        source: ['`"https://api.voteamerica.org/v1"`: a V1 base URL'],
        evidence: [
          '/config/app.json:1: `"https://api.voteamerica.org/v1"`: a V1 base URL',
          '/src/a.js:2: `cfg.api.base`: stored and read back, a V1 base URL',
          "/src/a.js:2: `cfg.api.base + '/election/field/'`: a base URL and a path joined, a V1 API URL",
        ],
      },
      {
        path: 'api.read',
        kind: 'base',
        reads: ['cfg.api.read'],
        joins: [],
        shared: undefined,
        source: ['`"https://api.voteamerica.org/v1"`: a V1 base URL'],
        evidence: [
          '/config/app.json:1: `"https://api.voteamerica.org/v1"`: a V1 base URL',
          '/src/a.js:3: `cfg.api.read`: stored and read back, a V1 base URL',
        ],
      },
      {
        path: 'api.unread',
        kind: 'base',
        reads: [],
        joins: [],
        shared: undefined,
        source: ['`"https://api.voteamerica.org/v1"`: a V1 base URL'],
        evidence: ['/config/app.json:1: `"https://api.voteamerica.org/v1"`: a V1 base URL'],
      },
    ]);
  });

  it('a config base joined with another service’s path is shared', () => {
    const a = analyze(
      {
        'src/a.js': [
          "const cfg = require('../config/app.json');",
          "exports.f = () => fetch(cfg.api.base + '/election/field/');",
          'exports.s = (id) => fetch(`${cfg.api.base}/registration/status/${id}`);',
        ].join('\n'),
      },
      [CONFIG],
    );
    expect(a.roles.configUses().map((u) => [u.value.entry.path.join('.'), u.shared, u.joins.length])).toEqual([
      ['api.base', '/v1/registration/status/', 2],
      ['api.read', undefined, 0],
      ['api.unread', undefined, 0],
    ]);
  });

  it('without config files there are no uses', () => {
    const a = analyze({ 'a.js': `exports.f = () => fetch(${V1} + '/election/field/');` });
    expect(a.roles.configUses()).toEqual([]);
  });
});

describe('GraphQL types a source plugin fills', () => {
  const plugin = (create: string) =>
    [
      `const HOST = ${HOST};`,
      'exports.sourceNodes = async ({ actions }) => {',
      "  const fields = await (await fetch(HOST + '/v1/election/field/')).json();",
      "  const state = await (await fetch(HOST + '/v1/election/data/state/CA/')).json();",
      `  for (const field of fields) ${create}`,
      '};',
    ].join('\n');
  const types = (create: string) =>
    Object.fromEntries([...analyze({ 'a.js': plugin(create) }).roles.apiTypes()].map(([name, n]) => [name, n.noun]));

  it('the type named in `internal.type` of an object spreading the data, or holding its role', () => {
    expect(types("actions.createNode({ ...field, id: field.slug, internal: { type: 'CivicField' } });")).toEqual({
      CivicField: 'field descriptor',
    });
    expect(types("actions.createNode({ ...field, 'internal': { type: `CivicField` } });")).toEqual({
      CivicField: 'field descriptor',
    });
    expect(
      types(
        "{ actions.createNode({ ...field, internal: { type: 'CivicField' } }); actions.createNode({ ...state, internal: { type: 'CivicState' } }); }",
      ),
    ).toEqual({ CivicField: 'field descriptor', CivicState: 'state record' });
  });

  it('no type when it is not a literal, when the object is not the API’s, or when two roles fill one type', () => {
    expect(types('actions.createNode({ ...field, internal: { type: field.slug } });')).toEqual({});
    expect(types("actions.createNode({ ...field, internal: { ['type']: 'CivicField' } });")).toEqual({});
    expect(types("actions.createNode({ id: 1, internal: { type: 'Other' } });")).toEqual({});
    expect(types("actions.createNode({ ...field, internal: 'CivicField' });")).toEqual({});
    expect(
      types(
        "{ actions.createNode({ ...field, internal: { type: 'Civic' } }); actions.createNode({ ...state, internal: { type: 'Civic' } }); }",
      ),
    ).toEqual({});
  });
});

describe('what is said per file', () => {
  it('callbacks the engine cannot follow, and names a library reads, each in its own file', () => {
    const a = analyze({
      'a.js': [
        `const HOST = ${HOST};`,
        "const _ = require('lodash');",
        "exports.fields = () => fetch(HOST + '/v1/election/field/').then((r) => r.json());",
        "exports.names = () => exports.fields().then((fs) => _.map(fs, 'long_name'));",
        'exports.run = (handlers, kind) => exports.fields().then(handlers[kind]);',
      ].join('\n'),
      'b.js': [
        "const _ = require('lodash');",
        "const { fields } = require('./a.js');",
        "exports.slugs = () => fields().then((fs) => _.map(fs, 'slug'));",
        'exports.run = (cb) => fields().then(cb);',
      ].join('\n'),
    });
    const inFile = (list: readonly { node: Node }[]) => list.map((x) => x.node.getText());
    expect([inFile(a.roles.unfollowed(a.sf('a.js'))), inFile(a.roles.unfollowed(a.sf('b.js')))]).toEqual([
      ['handlers[kind]'],
      ['cb'],
    ]);
    expect([inFile(a.roles.named(a.sf('a.js'))), inFile(a.roles.named(a.sf('b.js')))]).toEqual([["'long_name'"], ["'slug'"]]);
  });
});

describe('a base exported as a default', () => {
  const FIELDS =
    "`fetch(B + '/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list";
  const request = (files: Record<string, string>, file: string) => {
    const a = analyze(files);
    return a.says(a.node("fetch(B + '/election/field/')", 0, file));
  };
  const CALL = "export const f = () => fetch(B + '/election/field/');";

  it('reaches the requests of every module that imports it, under any name and through a re-export', () => {
    const base = `const BASE = ${V1};`;
    for (const files of <Record<string, string>[]>[
      { 'a.js': `${base}\nexport default BASE;`, 'b.js': `import B from './a.js';\n${CALL}` },
      { 'a.js': `${base}\nexport { BASE as default };`, 'b.js': `import B from './a.js';\n${CALL}` },
      { 'a.js': `${base}\nexport default BASE;`, 'b.js': `import { default as B } from './a.js';\n${CALL}` },
      { 'a.ts': `${base}\nexport = BASE;`, 'b.ts': `import B = require('./a');\n${CALL}` },
      {
        'a.js': `${base}\nexport default BASE;`,
        'i.js': "export { default as B } from './a.js';",
        'b.js': `import { B } from './i.js';\n${CALL}`,
      },
      { 'a.js': `export default ${V1};`, 'b.js': `import B from './a.js';\n${CALL}` },
    ])
      expect([Object.values(files)[0], request(files, Object.keys(files).at(-1) as string)]).toEqual([
        Object.values(files)[0],
        [FIELDS],
      ]);
  });

  it('a default base shared with another service keeps its requests on V1 (the data stays V1)', () => {
    const a = analyze({
      'a.js': `const BASE = ${V1};\nexport default BASE;`,
      'b.js': [
        "import B from './a.js';",
        "export const s = (id) => fetch(B + '/registration/status/' + id + '/');",
        "export const f = () => fetch(B + '/election/field/');",
      ].join('\n'),
    });
    expect(a.roles.sharedWith(a.node(V1))).toBe('/v1/registration/status/');
    expect(a.says(a.node("fetch(B + '/election/field/')", 0, 'b.js'))).toEqual([`${FIELDS} that stays on V1`]);
  });
});

describe('the parts of a joined URL', () => {
  /** The URL values the engine holds at the node written as `text`: kind, text (`*` for a run-time part), base, path, split. */
  const urls = (code: string, text: string) => {
    const a = analyze({ 'a.js': code });
    return a.roles
      .at(a.node(text))
      .flatMap((f) => (f.role.t === 'url' ? [f.role.url] : []))
      .map((u) =>
        [
          u.kind,
          u.text.replaceAll('\0', '*'),
          u.base ? `base=${u.base.text}` : '',
          u.path ? `path=${u.path.text}` : '',
          u.split ? 'split' : '',
          `at ${u.origin.getText()}`,
        ]
          .filter(Boolean)
          .join(' '),
      );
  };
  const BASE = `const BASE = ${V1};\n`;
  const API = 'https://api.voteamerica.org/v1';

  it('a base then a path: a URL of both; extended, it keeps them (and where it was made)', () => {
    const code = `${BASE}exports.f = (c) => fetch(BASE + '/election/data/state/' + c + '/');`;
    expect(urls(code, "BASE + '/election/data/state/'")).toEqual([
      `url ${API}/election/data/state/ base=${API} path=/election/data/state/ at BASE + '/election/data/state/'`,
    ]);
    expect(urls(code, "BASE + '/election/data/state/' + c + '/'")).toEqual([
      `url ${API}/election/data/state/*/ base=${API} path=/election/data/state/ at BASE + '/election/data/state/'`,
    ]);
    expect(
      urls(`${BASE}exports.f = () => fetch(BASE + '/election/field/' + '?x=1');`, "BASE + '/election/field/' + '?x=1'"),
    ).toEqual([`url ${API}/election/field/?x=1 base=${API} path=/election/field/ at BASE + '/election/field/'`]);
    expect(urls(`${BASE}exports.f = () => fetch(BASE.concat('/election/field/'));`, "BASE.concat('/election/field/')")).toEqual([
      `url ${API}/election/field/ base=${API} path=/election/field/ at BASE.concat('/election/field/')`,
    ]);
  });

  it('a path extended is that path (an API path or another), with no base', () => {
    expect(urls("exports.f = () => fetch('/election/field/' + '?x=1');", "'/election/field/' + '?x=1'")).toEqual([
      "path /election/field/?x=1 path=/election/field/ at '/election/field/'",
    ]);
    expect(urls("exports.f = (c) => fetch('/registration/status/' + c);", "'/registration/status/' + c")).toEqual([
      "other /registration/status/* path=/registration/status/ at '/registration/status/'",
    ]);
  });

  it('an empty side is the other side itself; unknown text before a path makes no URL', () => {
    expect(urls("exports.f = () => fetch('' + '/election/field/');", "'' + '/election/field/'")).toEqual([
      "path /election/field/ at '/election/field/'",
    ]);
    expect(urls(`${BASE}exports.f = () => fetch(BASE + '');`, "BASE + ''")).toEqual([`base ${API} at ${V1}`]);
    expect(urls("exports.f = (c) => fetch(c + '/election/field/');", "c + '/election/field/'")).toEqual([]);
  });

  it('`[…].join(separator)`: the elements in order with the separator between; none with a spread or an unknown separator', () => {
    const joined = (expr: string) => urls(`${BASE}exports.f = (p, s) => fetch(${expr});`, expr);
    // (The base with the first separator is the base the path is joined to.)
    expect(joined("[BASE, 'election', 'field', ''].join('/')")).toEqual([
      `url ${API}/election/field/ base=${API}/ at [BASE, 'election', 'field', ''].join('/')`,
    ]);
    // `join()` puts commas between.
    expect(joined("[BASE, '/election/field/'].join()")).toEqual([
      `other ${API},/election/field/ base=${API} path=${API}, at [BASE, '/election/field/'].join()`,
    ]);
    expect(joined("[BASE].join('/')")).toEqual([`base ${API} at ${V1}`]);
    expect(joined("[BASE, ...p].join('/')")).toEqual([]);
    expect(joined("[...p, BASE].join('/')")).toEqual([]);
    expect(joined("[BASE, '/election/field/'].join(s)")).toEqual([]);
    expect(joined('[].join()')).toEqual([]);
  });

  it("a client's base and a path: one slash between them, none added before a query or to nothing", () => {
    const said = (base: string, call: string) => {
      const a = analyze({
        'a.js': `const axios = require('axios');\nconst c = axios.create({ baseURL: ${base} });\nexports.f = () => ${call};`,
      });
      return a.says(a.node(call));
    };
    const FIELDS = 'the response of GET /v1/election/field/, a promise of a response whose body is V1 field list';
    expect(said(`${V1} + '/'`, "c.get('election/field/')")).toEqual([`\`c.get('election/field/')\`: ${FIELDS}`]);
    expect(said(V1, "c.get('election/field/')")).toEqual([`\`c.get('election/field/')\`: ${FIELDS}`]);
    expect(said(V1, "c.get('')")).toEqual([]);
    expect(said(V1, "c.get('?x=1')")).toEqual([]);
    // A path without a version, or a host without one, is no request of the API.
    const bare = analyze({
      'a.js': "exports.f = () => [fetch('/election/field/'), fetch('https://api.voteamerica.org/election/field/')];",
    });
    expect([
      bare.says(bare.node("fetch('/election/field/')")),
      bare.says(bare.node("fetch('https://api.voteamerica.org/election/field/')")),
    ]).toEqual([[], []]);
  });

  it('`new URL(path, base)` and `url.resolve(base, path)`: resolved as URLs are, with the base and the path they were given', () => {
    expect(
      urls(`${BASE}exports.f = () => fetch(new URL('election/field/', BASE + '/'));`, "new URL('election/field/', BASE + '/')"),
    ).toEqual([`url ${API}/election/field/ base=${API}/ path=election/field/ at new URL('election/field/', BASE + '/')`]);
    // An absolute path replaces the base's path (its version with it); the path alone is a value too.
    expect(
      urls(`${BASE}exports.f = () => fetch(new URL('/election/field/', BASE));`, "new URL('/election/field/', BASE)"),
    ).toEqual([
      "path /election/field/ path=/election/field/ at new URL('/election/field/', BASE)",
      `url https://api.voteamerica.org/election/field/ base=${API} path=/election/field/ at new URL('/election/field/', BASE)`,
    ]);
    expect(
      urls(
        "exports.f = () => fetch(new URL('https://api.voteamerica.org/v1/election/field/'));",
        "new URL('https://api.voteamerica.org/v1/election/field/')",
      ),
    ).toEqual([`url ${API}/election/field/ at 'https://api.voteamerica.org/v1/election/field/'`]);
    expect(urls('exports.f = () => fetch(new URL());', 'new URL()')).toEqual([]);
    const resolve = `url.resolve(${HOST} + '/', 'v1/election/field/')`;
    expect(urls(`const url = require('url');\nexports.f = () => fetch(${resolve});`, resolve)).toEqual([
      `url ${API}/election/field/ base=https://api.voteamerica.org/ path=v1/election/field/ split at ${resolve}`,
    ]);
    expect(urls(`const url = require('url');\nexports.f = () => fetch(url.resolve(${HOST}));`, `url.resolve(${HOST})`)).toEqual(
      [],
    );
  });
});

describe('a function kept in a variable assigned after its declaration', () => {
  it('is followed where it is called and where it is handed on by name', () => {
    const fetchList =
      "exports.m = async () => { const list = await (await fetch(BASE + '/election/field/')).json(); return X; };";
    for (const [decl, call] of [
      ['let show;\nshow = (list) => list.map((f) => f.slug);', 'show(list)'],
      ['var show;\nif (process.env.X) show = (list) => list.map((f) => f.slug);\nelse show = () => [];', 'show(list)'],
      ['let show = () => [];\nshow = (list) => list.map((f) => f.slug);', 'show(list)'],
      ['let show;\nshow = (list) => list.map((f) => f.slug);', '[list].map(show)'],
    ] as const) {
      const a = analyze({ 'a.js': `const BASE = ${V1};\n${decl}\n${fetchList.replace('X', call)}` });
      const f = a.node('f') as Node & { name: Node };
      expect([decl, call, a.says(f.name)]).toEqual([decl, call, ['`f`: an element, V1 field descriptor']]);
    }
  });
});

describe('a base copied into another object', () => {
  const DEFAULTS = "const defaults = { base: 'https://api.voteamerica.org/v1', retries: 2 };";
  const READ = (cfg: string) =>
    `export const a = async (o) => { const cfg = ${cfg}; return (await (await fetch(cfg.base + '/election/field/')).json()).map((f) => f.long_name); };`;
  for (const cfg of [
    '{ ...defaults, ...o }',
    '{ retries: 3, ...defaults }',
    'Object.assign({}, defaults, o)',
    'Object.assign(o, defaults)',
    '_.merge({}, defaults, o)',
    'defaultsDeep({}, o, defaults)',
  ])
    it(`\`${cfg}\`: its members are the copy's, and the reads of what it requests move`, () => {
      const LODASH = "const _ = require('lodash');\nconst defaultsDeep = require('lodash/defaultsDeep');";
      const out = transformSource([LODASH, DEFAULTS, READ(cfg)].join('\n'), 'a.js').output;
      expect(out).toBe([LODASH, DEFAULTS.replace('/v1', '/v2'), READ(cfg).replace('long_name', 'description')].join('\n'));
    });
});

describe('whether every base a piece can follow is known (`complete`)', () => {
  const V2 = "'https://api.voteamerica.org/v2'";
  const FIELD = "exports.f = () => fetch(BASE + '/election/field/');";
  const cases: [string, string, readonly string[], boolean][] = [
    [
      'a `let` whose every write is a known base',
      `let BASE = ${V1};\nif (process.env.X) BASE = ${V2};\n${FIELD}`,
      ['v1', 'v2'],
      true,
    ],
    ['a `let` a caller may set to anything', `let BASE = ${V1};\nexports.set = (b) => { BASE = b; };\n${FIELD}`, ['v1'], false],
    [
      'a member of a frozen object literal the checker cannot type',
      `const CONFIG = Object.freeze({ base: ${V1} });\nexports.f = () => fetch(CONFIG.base + '/election/field/');`,
      ['v1'],
      true,
    ],
    [
      'a member of an object literal with a spread (it may come from there)',
      `const CONFIG = Object.freeze({ ...process.env, base: ${V1} });\nexports.f = () => fetch(CONFIG.base + '/election/field/');`,
      ['v1'],
      false,
    ],
    ['a name destructured from a literal', `const { base: BASE } = { base: ${V1} };\n${FIELD}`, ['v1'], true],
    [
      'a parameter with a default (a caller may pass another)',
      `exports.f = (BASE = ${V1}) => fetch(BASE + '/election/field/');`,
      ['v1'],
      false,
    ],
    ['a chain of three constants', `const A = ${V1}; const B = A; const BASE = B;\n${FIELD}`, ['v1'], true],
    [
      'a chain deeper than the search goes (eight constants): not known to be complete',
      `const A = ${V1}; const B = A; const C = B; const D = C; const E = D; const F = E; const G = F; const BASE = G;\n${FIELD}`,
      ['v1'],
      false,
    ],
    [
      'a class field',
      `class K { base = ${V1}; f() { return fetch(this.base + '/election/field/'); } }\nexports.K = K;`,
      ['v1'],
      true,
    ],
  ];
  it.each(cases)('%s', (_name, code, versions, complete) => {
    const a = analyze({ 'a.js': code });
    expect(a.before(a.node("'/election/field/'"), 0)).toEqual({ versions, hosts: ['api.voteamerica.org'], complete });
  });
});
