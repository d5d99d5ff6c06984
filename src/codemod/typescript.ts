import { createRequire } from 'node:module';
import type { ts as TsNamespace } from 'ts-morph';

/** The TypeScript compiler API bundled with ts-morph. */
export type Ts = typeof TsNamespace;

let loaded: Ts | undefined;

/**
 * ts-morph's TypeScript, loaded on first use (it takes ~0.2 s): `--help` and the files the
 * prefilter rejects never pay for it. Synchronous so that `transformSource` can stay synchronous.
 */
export function typescript(): Ts {
  if (!loaded) {
    // ts-morph's `ts` is @ts-morph/common's namespace over its dist/typescript.js (the same functions
    // and enums): loading that file alone skips ts-morph (~0.1 s) and @ts-morph/common's own 3 MB.
    const fromTsMorph = createRequire(createRequire(import.meta.url).resolve('ts-morph'));
    loaded = fromTsMorph(fromTsMorph.resolve('@ts-morph/common').replace(/ts-morph-common\.js$/, 'typescript.js')) as Ts;
  }
  return loaded;
}

/** A script block's language (`lang` of a Vue `<script>`, or the widest of them). */
export type ScriptLang = 'ts' | 'tsx' | 'js' | 'jsx';

/** How a script in `lang` is parsed: as written (a Vue block's `js` is plain JS, unlike a `.js` file). */
export function scriptKindOfLang(ts: Ts, lang: ScriptLang): TsNamespace.ScriptKind {
  return { ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX, js: ts.ScriptKind.JS, jsx: ts.ScriptKind.JSX }[lang];
}
