/**
 * The chain of evidence behind a decision, as reviewers read it in the report and `--explain`
 * (src/roles/evidence.ts, #28 mutation testing): each role and step in words, the chain from its
 * source, long chains cut in the middle, the same place said once, paths relative to where a tool
 * runs, a config file's values at their own lines.
 */
import { describe, expect, it } from 'vitest';
import { typescript } from '../src/codemod/typescript.js';
import { type EvidenceStep, evidenceOf, registerVirtualFile, roleWords, withRelativeEvidence } from '../src/roles/evidence.js';
import type { Fact, StepKind } from '../src/roles/facts.js';
import type { ApiNode } from '../src/roles/graph.js';
import type { Role } from '../src/roles/role.js';
import type { UrlValue } from '../src/roles/url-value.js';

const ts = typescript();
const node = (version: 'v1' | 'v2' | undefined, noun: string) => ({ version, noun }) as unknown as ApiNode;
const api = (n: ApiNode, extra: { slug?: string; stays?: 'shared' | 'split' } = {}): Role => ({
  t: 'api',
  key: 'k',
  node: n,
  ...extra,
});
const url = (kind: UrlValue['kind'], version?: 'v1' | 'v2'): Role =>
  ({ t: 'url', key: 'u', url: { kind, ...(version ? { version } : {}) } }) as unknown as Role;
const site = (what: 'object' | 'array' | 'map' | 'awaited' | 'pair' | 'settled' | 'outcome', at: object = {}): Role =>
  ({ t: 'site', key: 's', site: at, what }) as unknown as Role;

describe('roleWords', () => {
  it('says what each role is', () => {
    const descriptor = api(node('v1', 'field descriptor'));
    expect(
      [
        descriptor,
        api(node('v2', 'state information item'), { slug: 'has_no_excuse_absentee' }),
        api(node('v1', 'state information item'), { slug: 'vbm_no_excuse', stays: 'shared' }),
        api(node(undefined, 'slug')),
        { t: 'promise', key: 'p', of: { t: 'response', key: 'r', of: descriptor } } as Role,
        url('base', 'v1'),
        url('base'),
        url('path'),
        url('other'),
        url('url', 'v2'),
        url('url'),
        site('object'),
        site('array'),
        site('map'),
        site('awaited'),
        site('object', { fileName: '/repo/api.js' }),
        site('settled'),
        site('outcome'),
        { t: 'client', key: 'c', base: url('base') } as unknown as Role,
        { t: 'fn', key: 'f', fn: {} } as unknown as Role,
      ].map(roleWords),
    ).toEqual([
      'V1 field descriptor',
      'V2 state information item (has_no_excuse_absentee)',
      'V1 state information item (vbm_no_excuse) that stays on V1',
      'slug',
      'a promise of a response whose body is V1 field descriptor',
      'a V1 base URL',
      'a base URL',
      'an API path',
      'a path of another service',
      'a V2 API URL',
      'an API URL',
      'an object the program builds',
      'an array the program builds',
      'a map the program builds',
      'an object the program builds',
      'the exports of a module',
      'the outcomes of promises (`Promise.allSettled`)',
      'the outcome of a promise (`{ status, value }`)',
      'an HTTP client with a base URL',
      'a function',
    ]);
  });
});

/** A file whose nodes the facts stand at: `name` → the node of that identifier's statement. */
function file(text: string, fileName = '/repo/src/app.js') {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** The node spelled `needle`, the first one after `after` when given. */
  const at = (needle: string, after = '') => {
    const start = text.indexOf(needle, text.indexOf(after) + after.length);
    let found: TsNamespace | undefined;
    const visit = (n: TsNamespace): void => {
      if (n.getStart(sf) === start && n.getEnd() === start + needle.length) found ??= n;
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (!found) throw new Error(`no node ${needle}`);
    return found;
  };
  return { sf, at };
}
type TsNamespace = import('ts-morph').ts.Node;

const fact = (n: TsNamespace, role: Role, step: StepKind, prev?: Fact, note?: string): Fact => ({
  node: n,
  role,
  step,
  prev,
  strength: 3,
  ...(note ? { note } : {}),
});

describe('evidenceOf', () => {
  const descriptor = api(node('v1', 'field descriptor'));
  const list = api(node('v1', 'field list'));

  it('every step in words, from the source to the value, with its line and column', () => {
    const { at } = file(
      [
        "const base = 'https://api.voteamerica.org/v1';",
        "const res = await fetch(base + '/election/field/');",
        'const fields = await res.json();',
        'for (const f of fields) show(f);',
        'function show(d) { return d.long_name; }',
      ].join('\n'),
    );
    const source = fact(at("'https://api.voteamerica.org/v1'"), url('base', 'v1'), 'source');
    const join = fact(at("base + '/election/field/'"), url('url', 'v1'), 'join', source);
    const request = fact(at("fetch(base + '/election/field/')"), list, 'request', join, 'GET /v1/election/field/');
    const awaited = fact(at('await res.json()'), list, 'await', request);
    const flow = fact(at('fields'), list, 'flow', awaited);
    const element = fact(at('f', 'for (const '), descriptor, 'element', flow);
    const argument = fact(at('d', 'function show('), descriptor, 'argument', element);
    const shape = fact(at('d.long_name'), descriptor, 'shape', argument, 'reads long_name');
    expect(evidenceOf(shape).map((e) => `${e.line}:${e.column} ${e.step} ${e.says}`)).toEqual([
      "1:14 source `'https://api.voteamerica.org/v1'`: a V1 base URL",
      "2:25 join `base + '/election/field/'`: a base URL and a path joined, a V1 API URL",
      "2:19 request `fetch(base + '/election/field/')`: the response of GET /v1/election/field/, V1 field list",
      '3:16 await `await res.json()`: awaited, V1 field list',
      '3:7 flow `fields`: V1 field list',
      '4:12 element `f`: an element, V1 field descriptor',
      '5:15 argument `d`: an argument reaching this parameter, V1 field descriptor',
      '5:27 shape `d.long_name` reads long_name: V1 field descriptor',
    ]);
    expect(evidenceOf(shape)[0]?.file).toBe('/repo/src/app.js');
  });

  it('the other steps, a request without a note and a shape without one', () => {
    const { at } = file('const x = a.b(c);\ny[z] = w;');
    const says = (step: StepKind, note?: string) => evidenceOf(fact(at('a.b(c)'), descriptor, step, undefined, note))[0]?.says;
    expect((['slug-member', 'return', 'member', 'heap', 'request', 'shape'] as const).map((s) => says(s))).toEqual([
      '`a.b(c)`: a member named by a slug, V1 field descriptor',
      '`a.b(c)`: returned by the call, V1 field descriptor',
      '`a.b(c)`: a member, V1 field descriptor',
      '`a.b(c)`: stored and read back, V1 field descriptor',
      '`a.b(c)`: a request, V1 field descriptor',
      '`a.b(c)`: V1 field descriptor',
    ]);
  });

  it('one place said twice in a row is one step; the same place with other words is two', () => {
    const { at } = file('const fields = load();');
    const a = fact(at('fields'), list, 'flow');
    const b = fact(at('fields'), list, 'flow', a);
    const c = fact(at('fields'), descriptor, 'flow', b);
    expect(evidenceOf(c).map((e) => e.says)).toEqual(['`fields`: V1 field list', '`fields`: V1 field descriptor']);
  });

  it('the same line in two files is two steps', () => {
    const a = file('const fields = load();', '/repo/src/a.js');
    const b = file('const fields = load();', '/repo/src/b.js');
    const first = fact(a.at('fields'), list, 'flow');
    const second = fact(b.at('fields'), list, 'flow', first);
    expect(evidenceOf(second).map((e) => e.file)).toEqual(['/repo/src/a.js', '/repo/src/b.js']);
  });

  it('a long chain keeps its source, the step after it and the last eight; a loop is followed once', () => {
    const lines = Array.from({ length: 14 }, (_, i) => `const v${i} = x;`);
    const { at } = file(lines.join('\n'));
    let f: Fact | undefined;
    for (let i = 0; i < 14; i++) f = fact(at(`v${i}`), list, 'flow', f);
    expect(evidenceOf(f as Fact).map((e) => e.line)).toEqual([1, 2, 7, 8, 9, 10, 11, 12, 13, 14]);
    const { at: at2 } = file('const a = b;');
    const first = fact(at2('a'), list, 'flow') as { prev: Fact | undefined };
    const second = fact(at2('b'), list, 'flow', first as Fact);
    first.prev = second;
    expect(evidenceOf(second).map((e) => e.says)).toEqual(['`a`: V1 field list', '`b`: V1 field list']);
  });

  it('a long expression is cut to 57 characters and an ellipsis, its whitespace folded', () => {
    const long = `call(${'a, '.repeat(30)}b)`;
    const { at } = file(`x = ${long.replace('a, a, ', 'a,\n   a, ')};`);
    const says = evidenceOf(fact(at(long.replace('a, a, ', 'a,\n   a, ')), list, 'flow'))[0]?.says as string;
    expect(says).toBe(`\`${long.slice(0, 57)}…\`: V1 field list`);
    const { at: at60 } = file(`x = ${'y'.repeat(60)};`);
    expect(evidenceOf(fact(at60('y'.repeat(60)), list, 'flow'))[0]?.says).toBe(`\`${'y'.repeat(60)}\`: V1 field list`);
  });

  it("a config file's value stands at its own file, line and column", () => {
    const { sf, at } = file('export default "https://api.voteamerica.org/v1";', '/repo/.virtual/config.js');
    registerVirtualFile(sf, '/repo/config/default.json', (pos) => ({ line: 3, column: pos }));
    const [step] = evidenceOf(fact(at('"https://api.voteamerica.org/v1"'), url('base', 'v1'), 'source'));
    expect(step).toEqual({
      file: '/repo/config/default.json',
      line: 3,
      column: 15,
      step: 'source',
      says: '`"https://api.voteamerica.org/v1"`: a V1 base URL',
    });
  });
});

describe('withRelativeEvidence', () => {
  it('shows files relative to where the tool runs, with forward slashes; a record without evidence is itself', () => {
    const record = { evidence: [{ file: '/repo/src/a.js', line: 1, column: 1, step: 'flow' as const, says: 'x' }], n: 1 };
    expect(withRelativeEvidence(record, '/repo')).toEqual({ ...record, evidence: [{ ...record.evidence[0], file: 'src/a.js' }] });
    const bare: { n: number; evidence?: readonly EvidenceStep[] } = { n: 2 };
    expect(withRelativeEvidence(bare, '/repo')).toBe(bare);
  });
});
