/** Small value helpers shared by both directions. */

/** V1's Boolean text (DOMAIN.md §2); V2 keeps it, its casing undocumented. */
const TRUE_TEXT = 'True';
const FALSE_TEXT = 'False';

export const boolText = (value: boolean): string => (value ? TRUE_TEXT : FALSE_TEXT);

/** `true`/`false` for "True"/"False" in any case (spaces ignored), `null` for "" (unset), `undefined` when unreadable. */
export function readBoolText(text: string): boolean | null | undefined {
  if (text === TRUE_TEXT) return true;
  if (text === FALSE_TEXT) return false;
  const t = text.trim().toLowerCase();
  if (t === '') return null;
  if (t === 'true') return true;
  if (t === 'false') return false;
  return undefined;
}

/** The server's two forms: `2020-07-24T16:22:42Z` and `2020-07-24T16:22:42.394383Z`. */
function isServerTime(t: string): boolean {
  return (
    t.length >= 20 &&
    t.charCodeAt(10) === 84 /* T */ &&
    t.charCodeAt(t.length - 1) === 90 /* Z */ &&
    (t.length === 20 || t.charCodeAt(19) === 46)
  ); /* . */
}

/** Orders two `modified_at` times (negative when `a` is earlier); any fraction length, other ISO forms through Date.parse. */
export function compareTimes(a: string, b: string): number {
  if (isServerTime(a) && isServerTime(b)) {
    // Same length, same layout (fractions of one width): code-unit order is time order.
    if (a.length === b.length) return a < b ? -1 : a > b ? 1 : 0;
    // Same layout up to the seconds: compare those characters, then the fractions as padded digits (no allocation on the common path).
    for (let i = 0; i < 19; i++) {
      const d = a.charCodeAt(i) - b.charCodeAt(i);
      if (d !== 0) return d;
    }
    const fa = a.length === 20 ? '' : a.slice(20, -1);
    const fb = b.length === 20 ? '' : b.slice(20, -1);
    const width = Math.max(fa.length, fb.length);
    const pa = fa.padEnd(width, '0');
    const pb = fb.padEnd(width, '0');
    return pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return (Number.isNaN(ta) ? -Infinity : ta) - (Number.isNaN(tb) ? -Infinity : tb) || 0;
}

/** The latest of some `modified_at` strings, returned as written (microseconds kept). */
export function latestTime(times: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const t of times) if (best === undefined || compareTimes(t, best) > 0) best = t;
  return best;
}

/** A fixed time for items built from nothing in a record with no items at all. */
export const EPOCH = '1970-01-01T00:00:00Z';

/**
 * Texts that V1-era consumers treat as "no data" although they are not empty: the service's
 * editors wrote `N/A` and the like where a state has nothing to say (compared trimmed, in any case).
 */
const NO_DATA_TEXTS: ReadonlySet<string> = new Set(['', 'n/a', 'na', 'none', '-', '\u2014']);

/** Whether a field's text says something (not empty, not a "no data" placeholder such as `N/A`). */
export const hasData = (text: string): boolean => !NO_DATA_TEXTS.has(text.trim().toLowerCase());

/** One extra property onto `target` (deep-copied, `__proto__` defined as data), unless `target` has it. */
function copyExtra(source: Record<string, unknown>, key: string, target: Record<string, unknown>): void {
  if (!Object.hasOwn(source, key) || Object.hasOwn(target, key)) return;
  const raw = source[key];
  const value = typeof raw === 'object' && raw !== null ? structuredClone(raw) : raw;
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Copies `source`'s properties not in `known` onto `target`, deep-copying objects so output never shares state with input. */
export function copyExtras(source: Record<string, unknown>, known: ReadonlySet<string>, target: Record<string, unknown>): void {
  for (const key in source) if (!known.has(key)) copyExtra(source, key, target);
}

/** A slug in words: `vbm_no_excuse` → `vbm no excuse`. */
export const slugWords = (slug: string): string => slug.split('_').join(' ');

/** Long names made so far (callers ask for the table's slugs, field list after field list). */
const LONG_NAMES = new Map<string, string>();

/** A V1 `long_name` for a slug whose real one is unknown (the real ones are not published): the slug in words. */
export function longNameOf(slug: string): string {
  let name = LONG_NAMES.get(slug);
  if (name === undefined) {
    const text = slugWords(slug);
    name = text.charAt(0).toUpperCase() + text.slice(1);
    if (LONG_NAMES.size < 4096) LONG_NAMES.set(slug, name);
  }
  return name;
}

/** Multi-select `text`: the selected options joined by ", ", in option-set order (V2 leaves the form undocumented). */
export const MULTISELECT_SEPARATOR = ', ';
