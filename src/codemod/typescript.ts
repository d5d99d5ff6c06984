import { createRequire } from 'node:module';
import type { ts as TsNamespace } from 'ts-morph';

/** The TypeScript compiler API bundled with ts-morph. */
export type Ts = typeof TsNamespace;

let loaded: Ts | undefined;

/**
 * ts-morph's TypeScript, loaded on first use (it takes ~0.3 s): `--help` and the files the
 * prefilter rejects never pay for it. Synchronous so that `transformSource` can stay synchronous.
 */
export function typescript(): Ts {
  loaded ??= (createRequire(import.meta.url)('ts-morph') as { ts: Ts }).ts;
  return loaded;
}
