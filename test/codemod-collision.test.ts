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
