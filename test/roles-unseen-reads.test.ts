/**
 * A request the migration moves to V2 whose data no value of the program holds (a library's
 * callback or stream, a parse of the response's text): the URL moves, and where the data is read
 * is not seen, so the request's call gets a marker (src/roles/tracker.ts `unread`). Without it the
 * reads would keep V1's names on V2 data with nothing said. In process, one file each, exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const migrated = (lines: string[]) => transformSource(lines.join('\n'), 'app.js').output.split('\n');
const BASE = "const BASE = 'https://api.voteamerica.org/v1';";
const BASE_V2 = "const BASE = 'https://api.voteamerica.org/v2';";
const MARK =
  "// civic-migrate: this request of `GET /v1/election/field/` moves to V2, but where its field list is read is not seen here (a library's callback or stream, a parse of the response's text, a caller outside the program): make sure that code reads V2's names (`civic-migrate explain NAME` says how)";

describe('requests whose data the engine does not see read', () => {
  const unseen: Record<string, string[]> = {
    "Node's `https.get(url, (res) => …)` stream": [
      "const https = require('https');",
      'exports.a = (done) =>',
      "  https.get(BASE + '/election/field/', (res) => {",
      "    let body = '';",
      "    res.on('data', (c) => (body += c));",
      "    res.on('end', () => done(JSON.parse(body).map((f) => f.long_name)));",
      '  });',
    ],
    "the `request` package's callback": [
      "const request = require('request');",
      'exports.a = (done) =>',
      "  request(BASE + '/election/field/', (err, res, body) => done(JSON.parse(body).map((f) => f.long_name)));",
    ],
    "the `request` package's options (`{ uri }`)": [
      "const request = require('request');",
      'exports.a = (done) =>',
      "  request({ uri: BASE + '/election/field/', json: true }, (err, res, body) => done(body.map((f) => f.long_name)));",
    ],
    '`res.text()` then `JSON.parse`': [
      'exports.a = () =>',
      "  fetch(BASE + '/election/field/')",
      '    .then((r) => r.text())',
      '    .then((t) => JSON.parse(t).map((f) => f.long_name));',
    ],
  };
  for (const [name, lines] of Object.entries(unseen))
    it(`${name}: the URL moves, the request gets a marker, the reads are left`, () => {
      const out = migrated([BASE, ...lines]);
      const at = lines.findIndex((l) => l.startsWith('exports.a'));
      expect(out).toEqual([BASE_V2, ...lines.slice(0, at), MARK, ...lines.slice(at)]);
    });

  const seen: Record<string, [string[], string[]]> = {
    'the data read through `res.json()`': [
      ["exports.a = () => fetch(BASE + '/election/field/').then((r) => r.json()).then((fs) => fs.map((f) => f.long_name));"],
      ["exports.a = () => fetch(BASE + '/election/field/').then((r) => r.json()).then((fs) => fs.map((f) => f.description));"],
    ],
    "superagent's `res.body`": [
      ["exports.a = () => require('superagent').get(BASE + '/election/field/').then((res) => res.body.map((f) => f.long_name));"],
      [
        "exports.a = () => require('superagent').get(BASE + '/election/field/').then((res) => res.body.map((f) => f.description));",
      ],
    ],
    // jQuery's requests give the body itself (parsed), to `then`, `done` and the `success` option.
    "jQuery's `$.getJSON(url).then(…)`, `.done(…)`": [
      [
        "exports.a = () => $.getJSON(BASE + '/election/field/').then((fs) => fs.map((f) => f.long_name));",
        "exports.b = () => jQuery.get(BASE + '/election/field/').done((fs) => fs.map((f) => f.long_name));",
      ],
      [
        "exports.a = () => $.getJSON(BASE + '/election/field/').then((fs) => fs.map((f) => f.description));",
        "exports.b = () => jQuery.get(BASE + '/election/field/').done((fs) => fs.map((f) => f.description));",
      ],
    ],
    "jQuery's `$.ajax({ url })`, its `success` option (a function, a method)": [
      [
        "exports.a = () => $.ajax({ url: BASE + '/election/field/', dataType: 'json' }).then((fs) => fs.map((f) => f.long_name));",
        "exports.b = () => $.ajax({ url: BASE + '/election/field/', success: function (fs) { show(fs.map((f) => f.long_name)); } });",
        "exports.c = () => $.ajax({ url: BASE + '/election/field/', success(fs) { show(fs.map((f) => f.long_name)); } });",
      ],
      [
        "exports.a = () => $.ajax({ url: BASE + '/election/field/', dataType: 'json' }).then((fs) => fs.map((f) => f.description));",
        "exports.b = () => $.ajax({ url: BASE + '/election/field/', success: function (fs) { show(fs.map((f) => f.description)); } });",
        "exports.c = () => $.ajax({ url: BASE + '/election/field/', success(fs) { show(fs.map((f) => f.description)); } });",
      ],
    ],
    "axios' options (`{ url }`)": [
      ["exports.a = () => require('axios')({ url: BASE + '/election/field/' }).then((r) => r.data.map((f) => f.long_name));"],
      ["exports.a = () => require('axios')({ url: BASE + '/election/field/' }).then((r) => r.data.map((f) => f.description));"],
    ],
    'a request returned to a caller outside the program': [
      ["exports.a = () => fetch(BASE + '/election/field/');"],
      ["exports.a = () => fetch(BASE + '/election/field/');"],
    ],
    'its body returned to a caller outside the program': [
      ["exports.a = async () => { const r = await fetch(BASE + '/election/field/'); return r.json(); };"],
      ["exports.a = async () => { const r = await fetch(BASE + '/election/field/'); return r.json(); };"],
    ],
    'a request made and dropped': [
      ["exports.a = () => { fetch(BASE + '/election/field/'); };"],
      ["exports.a = () => { fetch(BASE + '/election/field/'); };"],
    ],
  };
  for (const [name, [v1, v2]] of Object.entries(seen))
    it(`${name}: no marker`, () => {
      expect(migrated([BASE, ...v1])).toEqual([BASE_V2, ...v2]);
    });

  it('data handed to a callback the engine cannot see into is said there, once', () => {
    const out = migrated([
      BASE,
      'const listeners = [];',
      'exports.on = (fn) => listeners.push(fn);',
      "exports.a = () => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => listeners.forEach((l) => l(d)));",
    ]);
    const markers = out.filter((l) => l.startsWith('// civic-migrate:'));
    expect(markers.map((l) => l.includes('V1 field lists are handed to `l`'))).toEqual([true]);
  });
});

describe('an API base handed to a call this tool cannot see into', () => {
  const mark = (callee: string) =>
    `  // civic-migrate: \`https://api.voteamerica.org/v1\` moves to V2, but it is handed to \`${callee}\`, which this tool cannot see into: the requests made with what it returns are not known, so make sure their data is read with V2's names (\`civic-migrate explain NAME\` says how)`;
  const READ = '  return list.map((f) => f.long_name);';
  const unseen: Record<string, [string[], string]> = {
    "the `url-join` package (a library's joiner)": [
      [
        "import urljoin from 'url-join';",
        'export async function a() {',
        "  const list = await (await fetch(urljoin(BASE, 'election', 'field', '/'))).json();",
      ],
      'urljoin(…)',
    ],
    "Node's `path.posix.join`": [
      [
        "import path from 'path';",
        'export async function a() {',
        "  const list = await (await fetch(path.posix.join(BASE, 'election/field/'))).json();",
      ],
      'path.posix.join(…)',
    ],
    "the program's own joiner gathering its parts in a rest parameter": [
      [
        "const join = (...parts) => parts.join('/');",
        'export async function a() {',
        "  const list = await (await fetch(join(BASE, 'election', 'field', ''))).json();",
      ],
      'join(…)',
    ],
    "another package's client class": [
      [
        "import { ApiClient } from 'some-http-client';",
        'export async function a() {',
        "  const list = await new ApiClient(BASE).get('election/field/');",
      ],
      'new ApiClient(…)',
    ],
    "another package's client given options that hold the base": [
      [
        "import { ApiClient } from 'some-http-client';",
        'export async function a() {',
        "  const list = await new ApiClient({ baseUrl: BASE, retries: 2 }).get('election/field/');",
      ],
      'new ApiClient(…)',
    ],
  };
  for (const [name, [lines, callee]] of Object.entries(unseen))
    it(`${name}: the base moves, the call gets a marker, the reads are left`, () => {
      const at = lines.length - 1;
      expect(migrated([BASE, ...lines, READ, '}'])).toEqual([
        BASE_V2,
        ...lines.slice(0, at),
        mark(callee),
        ...lines.slice(at),
        READ,
        '}',
      ]);
    });

  it('`[BASE, …].join(sep)` is a join: the request is known, the reads move', () => {
    expect(
      migrated([
        BASE,
        'export async function a(code) {',
        "  const rec = await (await fetch([BASE, 'election', 'data', 'state', code, ''].join('/'))).json();",
        "  const list = await (await fetch([BASE, '/election/field/'].join(''))).json();",
        '  return [rec.state_information.map((i) => i.value), list.map((f) => f.long_name)];',
        '}',
      ]),
    ).toEqual([
      BASE_V2,
      'export async function a(code) {',
      "  const rec = await (await fetch([BASE, 'election', 'data', 'state', code, ''].join('/'))).json();",
      "  const list = await (await fetch([BASE, '/election/field/'].join(''))).json();",
      '  return [rec.state_information.map((i) => i.bool_value), list.map((f) => f.description)];',
      '}',
    ]);
  });

  const none: Record<string, string[]> = {
    'a call that only looks at it (an assertion, a log)': [
      "exports.a = () => { expect(BASE).toBe('x'); console.log(BASE); assert.equal(BASE, 'x'); };",
    ],
    'a pattern or a string method looking at it': [
      'exports.a = () => [/\\/(v\\d)\\b/.exec(BASE), new RegExp(x).test(BASE), other.includes(BASE)];',
    ],
    'a call whose result is dropped': ['exports.a = () => { remember(BASE); };'],
    'an options object written as JSON, or given to a client this tool knows': [
      'exports.a = () => JSON.stringify({ base: BASE });',
      "exports.b = () => require('axios').create({ baseURL: BASE });",
    ],
    'a base that stays on V1 (shared with another service)': [
      "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
      "exports.a = () => urljoin(BASE, 'election/field/');",
    ],
    'a V2 base': ["exports.a = () => urljoin('https://api.voteamerica.org/v2', 'election/field/');"],
  };
  for (const [name, lines] of Object.entries(none))
    it(`${name}: no marker`, () => {
      const out = migrated([BASE, ...lines]);
      expect(out.filter((l) => l.includes('cannot see into'))).toEqual([]);
    });
});
