import { loadMappings } from '../../src/mapping/load.js';
import type { Mappings } from '../../src/mapping/mappings.js';

/**
 * The bundled table's index, loaded when a test first reads it rather than while its file is
 * collected: code run at collection is "static" to a mutation run (test/mutation/), which then runs
 * every test for each mutant of the index. Reads go to `loadMappings()` (cached), so the object seen
 * is the bundled index in all but identity.
 */
export function bundledMappings(): Mappings {
  return new Proxy({} as Mappings, {
    get: (_, key) => Reflect.get(loadMappings(), key),
    has: (_, key) => Reflect.has(loadMappings(), key),
    ownKeys: () => Reflect.ownKeys(loadMappings()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(loadMappings(), key),
  });
}

/** A value built when a test first asks for it, then kept (for the same reason: not while the file is collected). */
export { once } from '../../src/once.js';
