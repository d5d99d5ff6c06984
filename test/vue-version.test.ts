/** Which Vue an app uses, from the nearest package.json that names it. */
import { join } from 'node:path';
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
});
