/**
 * The collision guard of the codemod's decisions (#28: a survivor of mutation testing): a V1 key is
 * not renamed into a key its object already holds, whether it is written `key: value` or as a
 * shorthand; a lone shorthand keeps its local name.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const MERGE =
  '// civic-migrate: `vbm_universal` is `has_automatic_vbm` in V2, and `has_automatic_vbm` is already here: merge the two by hand\n';

describe('a V1 key beside its V2 key', () => {
  it('as a shorthand: a marker to merge them, nothing rewritten', () => {
    for (const input of [
      'const o = { vbm_universal, has_automatic_vbm: 2 };\n',
      'const o = { vbm_universal, has_automatic_vbm };\n',
    ]) {
      const r = transformSource(input, 'a.js');
      expect(r.output).toBe(`${MERGE}${input}`);
      expect(r.markers.map((m) => [m.code, m.line, m.column])).toEqual([['collision', 1, 13]]);
      expect(r.changes).toEqual([]);
    }
  });

  it('alone as a shorthand: renamed, keeping the local name', () => {
    const r = transformSource('const o = { vbm_universal };\n', 'a.js');
    expect(r.output).toBe('const o = { has_automatic_vbm: vbm_universal };\n');
    expect(r.markers).toEqual([]);
  });

  it('in another object than the V2 key: renamed', () => {
    const input = 'const o = { a: { vbm_universal: 1 }, b: { has_automatic_vbm: 2 } };\n';
    expect(transformSource(input, 'a.js').output).toBe(
      'const o = { a: { has_automatic_vbm: 1 }, b: { has_automatic_vbm: 2 } };\n',
    );
  });
});

describe('the guard, where it applies and where it does not', () => {
  const MERGE_LINE = MERGE;
  it('a written key (plain or quoted) beside its V2 key: the marker, nothing rewritten', () => {
    for (const input of [
      'const o = { vbm_universal: 1, has_automatic_vbm: 2 };\n',
      "const s = 'x'; const o = { 'vbm_universal': 1, has_automatic_vbm: 2 };\n",
    ]) {
      const r = transformSource(input, 'a.js');
      expect(r.output).toBe(`${MERGE_LINE}${input}`);
      expect(r.markers.map((m) => m.code)).toEqual(['collision']);
    }
  });

  it('a destructuring pattern reads both keys: the V1 one is renamed, keeping its local name', () => {
    expect(transformSource('const { vbm_universal, has_automatic_vbm } = o;\n', 'a.js').output).toBe(
      'const { has_automatic_vbm: vbm_universal, has_automatic_vbm } = o;\n',
    );
    expect(transformSource('const { vbm_universal: a, has_automatic_vbm: b } = o;\n', 'a.js').output).toBe(
      'const { has_automatic_vbm: a, has_automatic_vbm: b } = o;\n',
    );
    expect(transformSource('function f({ vbm_universal }) { return vbm_universal; }\n', 'a.js').output).toBe(
      'function f({ has_automatic_vbm: vbm_universal }) { return vbm_universal; }\n',
    );
  });

  it('a computed or quoted key beside its V2 key: the marker, nothing rewritten', () => {
    for (const [input, column] of [
      ["const o = { ['vbm_universal']: 1, has_automatic_vbm: 2 };\n", 15],
      ["const o = { 'vbm_universal': 1, has_automatic_vbm: 2 };\n", 14],
    ] as const) {
      const r = transformSource(input, 'a.js');
      expect(r.output).toBe(`${MERGE}${input}`);
      expect(r.markers.map((m) => [m.code, m.line, m.column])).toEqual([['collision', 1, column]]);
    }
  });

  it('a key alone is renamed', () => {
    const r = transformSource('const o = { vbm_universal: 1 };\n', 'a.js');
    expect(r.output).toBe('const o = { has_automatic_vbm: 1 };\n');
    expect(r.markers).toEqual([]);
  });
});

describe("a field property's name as a whole string in a file that requests the field list", () => {
  const input = "export const k = 'long_name';\nconst u = fetch('https://api.voteamerica.org/v1/election/field/');\n";
  it('is doubted (longName auto), renamed (always), left alone and unsaid (never)', () => {
    const auto = transformSource(input, 'a.js');
    expect(auto.output).toBe(input.replace('/v1/', '/v2/'));
    expect(auto.markers.map((m) => [m.code, m.line])).toEqual([['property-unproven', 1]]);
    const always = transformSource(input, 'a.js', { longName: 'always' });
    expect(always.output).toBe(input.replace('/v1/', '/v2/').replace("'long_name'", "'description'"));
    expect(always.markers).toEqual([]);
    const never = transformSource(input, 'a.js', { longName: 'never' });
    expect(never.output).toBe(input.replace('/v1/', '/v2/'));
    expect(never.markers).toEqual([]);
  });
});
