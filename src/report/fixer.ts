import { CODEMOD_EXTENSIONS } from '../codemod/transform.js';
import { vueScriptBlocks } from '../codemod/vue.js';
import { FIX } from '../mapping/explain.js';
import type { FindingKind, Fixer, SourceContext } from './finding.js';
import type { ContextMap } from './lex/context-map.js';

/** The files `civic-migrate codemod` rewrites: its own list (Vue: only inside the `<script>` blocks it finds). */
const CODEMOD_SET = new Set(CODEMOD_EXTENSIONS);

/** Why the codemod cannot fix a use that its rule would let it fix, and what the report says instead. */
export const OUT_OF_REACH = {
  'file-type': 'Change it by hand: `civic-migrate codemod` rewrites only TS/JS files and the `<script>` blocks of Vue files.',
  'vue-template': 'Change it by hand: `civic-migrate codemod` rewrites only the `<script>` blocks of Vue files.',
  comment: 'Change it by hand: it is in a comment, which `civic-migrate codemod` leaves alone.',
  'larger-string': `It stands inside a larger string. ${FIX.person}`,
} as const;
export type OutOfReach = keyof typeof OUT_OF_REACH;

const extensionOf = (file: string) => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Whether the codemod rewrites this file at all. */
export const isCodemodFile = (file: string) => CODEMOD_SET.has(extensionOf(file));

const scriptBlocks = new WeakMap<object, [number, number][]>();
/** The codemod's `<script>` blocks of a Vue file, as `[start, end)` pairs (cached per file). */
function vueScripts(text: string, key: object): [number, number][] {
  let blocks = scriptBlocks.get(key);
  if (!blocks) {
    blocks = vueScriptBlocks(text).map((b) => [b.start, b.start + b.content.length]);
    scriptBlocks.set(key, blocks);
  }
  return blocks;
}

export interface Place {
  readonly file: string;
  readonly text: string;
  readonly index: number;
  readonly length: number;
  readonly context: SourceContext;
  /** The file's lexed contexts (also the cache key for per-file work). */
  readonly contexts: ContextMap;
}

const QUOTES = new Set(["'", '"', '`']);

/**
 * When the rule says the codemod fixes a use, whether it can reach this one: a TS/JS file (or a
 * Vue `<script>`), not a comment, and for slugs and properties not a fragment of a larger string
 * (the codemod rewrites whole literals; URLs it rewrites inside any string).
 */
export function outOfReach(kind: FindingKind, place: Place): OutOfReach | undefined {
  if (!isCodemodFile(place.file)) return 'file-type';
  if (extensionOf(place.file) === 'vue') {
    const inside = vueScripts(place.text, place.contexts).some(([s, e]) => place.index >= s && place.index < e);
    if (!inside) return 'vue-template';
  }
  if (place.context === 'comment') return 'comment';
  if (place.context === 'string' && kind !== 'endpoint') {
    const run = place.contexts.runAt(place.index, place.text.length);
    const open = place.text[run.start] as string;
    const whole =
      QUOTES.has(open) &&
      run.start === place.index - 1 &&
      run.end === place.index + place.length + 1 &&
      place.text[run.end - 1] === open;
    if (!whole) return 'larger-string';
  }
  return undefined;
}

/** The fixer and message for a use, given the rule's verdict and where the use stands. */
export function adjustForReach(
  verdict: { fixedBy: Fixer; message: string; replacement: string | null; kind: FindingKind },
  place: Place,
): { fixedBy: Fixer; message: string; replacement: string | null } {
  if (verdict.fixedBy !== 'codemod') {
    // A person fixes it anyway; outside TS/JS no marker will be left, so say so.
    if (!isCodemodFile(place.file) && verdict.kind !== 'marker' && verdict.message.includes(FIX.person)) {
      return { ...verdict, message: verdict.message.replace(FIX.person, 'A person must change the code.') };
    }
    return verdict;
  }
  const reason = outOfReach(verdict.kind, place);
  if (!reason) return verdict;
  const message = verdict.message.includes(FIX.codemod)
    ? verdict.message.replace(FIX.codemod, OUT_OF_REACH[reason])
    : `${verdict.message} ${OUT_OF_REACH[reason]}`;
  return { fixedBy: 'person', message, replacement: verdict.replacement };
}
