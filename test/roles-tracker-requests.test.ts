/**
 * #28 mutation testing of src/roles/tracker.ts, its survivors in the last part of `argument` (a
 * library call given an API URL: the request, the URL handed to a call the engine cannot see into,
 * a request's options) and in what follows it; an event emitted with the API's data reaching the
 * listeners of that emitter only. Small programs; what the engine says of a node and the calls it
 * says are handed an API URL it does not see used, asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { analyze, V1 } from './helpers/program.js';

const BASE = `const BASE = ${V1};`;
/** The engine over one file: `head` (imports), `BASE`, then the lines. */
const run = (lines: string[], head = '') => analyze({ 'a.js': [head, BASE, ...lines].filter(Boolean).join('\n') });
type Analysis = ReturnType<typeof analyze>;
/** Calls handed an API URL that they are not seen to use (`unseenUrls`). */
const unseenUrls = (a: Analysis, file = 'a.js') => a.roles.unseenUrls(a.sf(file)).map((u) => u.node.getText());

describe('a library call given an API URL', () => {
  it('given first, the call is the request; given after another argument, it is a URL handed to a call not seen', () => {
    const a = run([
      "export const f = async () => { const first = await request(BASE + '/election/field/'); const second = await request('GET', BASE + '/election/field/'); return [first[0].long_name, second[0].long_name]; };",
    ]);
    expect(
      ["request(BASE + '/election/field/')", "request('GET', BASE + '/election/field/')", 'first[0]', 'second[0]'].map((t) =>
        a.saysAt(t),
      ),
    ).toEqual([
      [
        "`request(BASE + '/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
      ],
      [],
      [],
      [],
    ]);
    expect(unseenUrls(a)).toEqual(["request('GET', BASE + '/election/field/')"]);
  });
});

describe('an event emitted with the API data', () => {
  const API = [
    "import { EventEmitter } from 'node:events';",
    'export const bus = new EventEmitter();',
    "export async function load() { const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); bus.emit('update', fields); }",
  ].join('\n');

  it('reaches the listeners of that emitter, wherever it is imported or handed, and not those of another the program constructs', () => {
    const a = analyze({
      'api.js': API,
      'view.js': "import { bus } from './api.js';\nbus.on('update', (fields) => fields[0].long_name);",
      'wire.js':
        "import { bus } from './api.js';\nfunction wire(emitter) { emitter.on('update', (list) => list[0].long_name); }\nwire(bus);",
      'chat.js':
        "import WebSocket from 'ws';\nconst socket = new WebSocket('wss://chat.example.org');\nsocket.on('update', (rooms) => rooms[0].long_name);",
    });
    expect([a.saysAt('fields[0]', 0, 'view.js'), a.saysAt('list[0]', 0, 'wire.js'), a.saysAt('rooms[0]', 0, 'chat.js')]).toEqual([
      ['`fields[0]`: an element, V1 field descriptor'],
      ['`list[0]`: an element, V1 field descriptor'],
      [],
    ]);
  });

  it("emitted on `this` in a class, reaches the listeners of that class's instances; on any other receiver, every listener", () => {
    const a = analyze({
      'store.js': [
        "import { EventEmitter } from 'node:events';",
        "export class Store extends EventEmitter { async load() { const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); this.emit('update', fields); } }",
        'export class Cached extends Store {}',
        "export function relay(source, fields) { source.emit('relay', fields); }",
        "export function later(fields) { this.emit('later', fields); }",
      ].join('\n'),
      'view.js': [
        "import { Cached } from './store.js';",
        'const store = new Cached();',
        "store.on('update', (fields) => fields[0].long_name);",
        "store.on('relay', (fields) => fields[0].long_name);",
      ].join('\n'),
      'chat.js': [
        "import WebSocket from 'ws';",
        "const socket = new WebSocket('wss://chat.example.org');",
        "socket.on('update', (rooms) => rooms[0].long_name);",
        "socket.on('relay', (rooms) => rooms[0].long_name);",
        "socket.on('later', (rooms) => rooms[0].long_name);",
      ].join('\n'),
      'main.js':
        "import { Store, relay, later } from './store.js';\nconst s = new Store();\ns.on('x', () => {});\nexport const go = async () => { const f = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); relay(s, f); later.call(s, f); };",
    });
    expect([
      a.saysAt('fields[0]', 0, 'view.js'),
      a.saysAt('fields[0]', 1, 'view.js'),
      a.saysAt('rooms[0]', 0, 'chat.js'),
      a.saysAt('rooms[0]', 1, 'chat.js'),
      a.saysAt('rooms[0]', 2, 'chat.js'),
    ]).toEqual([
      ['`fields[0]`: an element, V1 field descriptor'],
      ['`fields[0]`: an element, V1 field descriptor'],
      [],
      ['`rooms[0]`: an element, V1 field descriptor'],
      ['`rooms[0]`: an element, V1 field descriptor'],
    ]);
  });
});
