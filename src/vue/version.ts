import { dirname, join } from 'node:path';
import { readNoted } from '../files/read-log.js';

/**
 * The major version of Vue a component's app uses: the `vue` dependency (or dev or peer dependency)
 * of the nearest package.json above it that names one, `2` for a range of 2.x (`^2.6.14`, `~2.7`),
 * else 3 (Vue 3 ranges, tags such as `latest`, no package.json naming Vue). `@vue/compat` is Vue 3.
 * Cached per folder for a run.
 */
export function vueVersionAt(dir: string, cache: Map<string, 2 | 3> = new Map()): 2 | 3 {
  const seen: string[] = [];
  let version: 2 | 3 = 3;
  for (let d = dir; ; d = dirname(d)) {
    const known = cache.get(d);
    if (known !== undefined) {
      version = known;
      break;
    }
    seen.push(d);
    const named = vueRange(join(d, 'package.json'));
    if (named !== undefined) {
      version = /^\D*2(?:\D|$)/.test(named) ? 2 : 3;
      break;
    }
    if (dirname(d) === d) break;
  }
  for (const d of seen) cache.set(d, version);
  return version;
}

/** The `vue` range a package.json names, if it can be read and names one. */
function vueRange(file: string): string | undefined {
  let json: { dependencies?: unknown; devDependencies?: unknown; peerDependencies?: unknown };
  const bytes = readNoted(file);
  if (bytes === undefined) return undefined;
  try {
    json = JSON.parse(bytes.toString('utf8'));
    // Stryker disable next-line BlockStatement: without the return, `json?.` below reads nothing from undefined alike
  } catch {
    return undefined;
  }
  for (const deps of [json?.dependencies, json?.devDependencies, json?.peerDependencies]) {
    // Mutation: `deps || typeof deps === 'object'` and `typeof deps === 'object'` -> true are equivalent: a string,
    // number or boolean has no `vue` member either.
    const range = deps && typeof deps === 'object' ? (deps as Record<string, unknown>).vue : undefined;
    if (typeof range === 'string') return range;
  }
  return undefined;
}
