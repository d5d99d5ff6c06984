/** Small value helpers shared by both directions. */

/** V1's Boolean text (DOMAIN.md §2); V2 keeps it, its casing undocumented. */
export const TRUE_TEXT = 'True';
export const FALSE_TEXT = 'False';

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

/** Sort key for an ISO-8601 UTC time with any fraction: the fraction padded so strings compare in time order. */
function timeKey(time: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(time);
  if (m) return `${m[1]}.${(m[2] ?? '').padEnd(9, '0').slice(0, 9)}`;
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) return undefined;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 19)}.${iso.slice(20, 23)}000000`;
}

/** The latest of some `modified_at` strings, returned as written (microseconds kept). */
export function latestTime(times: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestKey = '';
  for (const t of times) {
    const key = timeKey(t) ?? '';
    if (best === undefined || key > bestKey) {
      best = t;
      bestKey = key;
    }
  }
  return best;
}

/** A fixed time for items built from nothing in a record with no items at all. */
export const EPOCH = '1970-01-01T00:00:00Z';

/** Copies `source`'s properties not in `known` onto `target`, deep-copying objects so output never shares state with input. */
export function copyExtras(source: Record<string, unknown>, known: ReadonlySet<string>, target: Record<string, unknown>): void {
  for (const key in source) {
    if (known.has(key) || !Object.hasOwn(source, key) || Object.hasOwn(target, key)) continue;
    const raw = source[key];
    const value = typeof raw === 'object' && raw !== null ? structuredClone(raw) : raw;
    if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    else target[key] = value;
  }
}

/** A slug in words: `vbm_no_excuse` → `vbm no excuse`. */
export const slugWords = (slug: string): string => slug.split('_').join(' ');

/** A V1 `long_name` for a slug whose real one is unknown (the real ones are not published): the slug in words. */
export function longNameOf(slug: string): string {
  const text = slugWords(slug);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Multi-select `text`: the selected options joined by ", ", in option-set order (V2 leaves the form undocumented). */
export const MULTISELECT_SEPARATOR = ', ';
