/** Which Vue an app uses, from the nearest package.json that names it. */
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vueVersionAt } from '../src/vue/version.js';
import { writeTree } from './helpers/tree.js';

describe('vueVersionAt', () => {
  it('reads the nearest package.json that names vue (dependencies, dev or peer), else 3', () => {
    const dir = writeTree({
      'package.json': JSON.stringify({ dependencies: { vue: '~2.6.14' } }),
      'a/package.json': JSON.stringify({ name: 'a', dependencies: { lodash: '4' } }),
      'a/src/x.vue': '',
      'b/package.json': JSON.stringify({ devDependencies: { vue: '^3.4.21' } }),
      'c/package.json': JSON.stringify({ peerDependencies: { vue: '2.7.x' } }),
      'd/package.json': JSON.stringify({ dependencies: { vue: 'latest' } }),
      'e/package.json': '{ broken',
      'f/package.json': JSON.stringify({ dependencies: { vue: '>=2.6 <3' } }),
    });
    const cache = new Map<string, 2 | 3>();
    expect(['a/src', 'a', 'b', 'c', 'd', 'e', 'f', '.'].map((d) => vueVersionAt(join(dir, d), cache))).toEqual([
      2, 2, 3, 2, 3, 2, 2, 2,
    ]);
    // The folders walked are kept: a later question is answered from them.
    expect(cache.get(join(dir, 'a/src'))).toBe(2);
  });

  it('is 3 where no package.json names vue', () => {
    const dir = writeTree({ 'package.json': JSON.stringify({ name: 'x' }) });
    expect(vueVersionAt(join(dir, 'src'))).toBe(3);
  });

  it('reads 2 only at the start of a range (`2`, not `^3.2.0`), survives a package.json of `null`, and answers from the cache first', () => {
    const dir = writeTree({
      'a/package.json': JSON.stringify({ dependencies: { vue: '2' } }),
      'b/package.json': JSON.stringify({ dependencies: { vue: '^3.2.0' } }),
      'c/package.json': 'null',
      'd/package.json': JSON.stringify({ dependencies: { vue: '^3.4.0' } }),
    });
    const cache = new Map<string, 2 | 3>([[join(dir, 'd'), 2]]);
    expect(['a', 'b', 'c', 'd'].map((d) => vueVersionAt(join(dir, d), cache))).toEqual([2, 3, 3, 2]);
    // Each folder walked is kept, and nothing else: a, b and d end at their own package.json; c names no
    // vue, so its walk goes up to the root (3 for each folder on the way).
    const up: string[] = [];
    for (let d = join(dir, 'c'); ; d = dirname(d)) {
      up.push(d);
      if (dirname(d) === d) break;
    }
    expect([...cache.keys()].sort()).toEqual([join(dir, 'a'), join(dir, 'b'), join(dir, 'd'), ...up].sort());
  });
});
