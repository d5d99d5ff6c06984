/**
 * Observed usage: what a running app reads of the V1-shaped data it is handed (by `downgrade`, the
 * client's cutover shims, a V1 client). Static analysis sees what code spells; this sees what the
 * app does: a slug that comes from a settings file (`byField[setting.slug]`), and code that never
 * runs.
 *
 * Data is watched in place, without a Proxy (a Proxy cannot be `structuredClone`d): each watched
 * property of an item or descriptor becomes an own, enumerable accessor that counts the read and
 * returns the same value (assignment and `delete` work as on a data property); a watched array gets
 * own, non-enumerable iteration and lookup methods that count and call `Array.prototype`'s. So
 * `JSON.stringify`, spread, `Object.keys`, `in` (of the payload's keys), `structuredClone` and values
 * compared with `===` see what they would see without the recorder (test/observe-property.test.ts).
 * What differs: `Object.getOwnPropertyDescriptor` shows accessors, and a watched object has a
 * non-enumerable `toJSON` (so that JSON.stringify, which a cache or a log calls on whole payloads,
 * counts as a serialization, not as reads of every field). Spread and structuredClone read every
 * property, and count so. A property the data does not have (`value` on a non-Boolean item) cannot
 * be watched without a Proxy: its reads are not seen.
 *
 * Only counts are kept (per V1 slug and property, bounded by the table's slugs): no payload data,
 * nothing personal. With `sample`, the first call site outside node_modules and civic-migrate is kept
 * per (slug, property), from one stack trace each.
 */
import { fileURLToPath } from 'node:url';

/** What the app read of one slug: counts per property. */
export type PropertyCounts = Record<string, number>;

/** The usage file's content (docs/usage.schema.json). */
export interface Usage {
  readonly format: 'civic-migrate-usage/1';
  /** When the recording started and when this snapshot was taken (ISO 8601). */
  readonly started: string;
  readonly updated: string;
  /** The process that recorded (absent when merged). */
  readonly pid?: number;
  readonly command?: string;
  /** State information items, by V1 slug (the item's `field_type`): reads of `text`, `value`, `modified_at`, `field_type`. */
  readonly items: Record<string, PropertyCounts>;
  /** Field descriptors, by V1 slug: reads of `long_name`, `field_format`, `slug`. */
  readonly descriptors: Record<string, PropertyCounts>;
  /** Regional overrides, by the slug they name: reads of `value`, `region`, `state`, `field`. */
  readonly overrides: Record<string, PropertyCounts>;
  /**
   * `state_information` (and the field and override lists): how often they were iterated and
   * searched, and how many watched objects were serialized with JSON.stringify.
   */
  readonly lists: { readonly iterate: number; readonly lookup: number; readonly serialized: number };
  /** V1 endpoints called (templates, e.g. `/v1/election/state/{state}/`), with counts. */
  readonly endpoints: Record<string, number>;
  /** With sampling: the first call site (`file:line:column`) per `items|descriptors|overrides` + slug + property. */
  readonly sites: Record<string, string>;
}

export type WatchedKind = 'fields' | 'state' | 'overrides';

export interface RecorderOptions {
  /** Keep the first call site outside node_modules per (slug, property). Default false. */
  readonly sample?: boolean;
}

export interface Recorder {
  /** Watches V1-shaped data handed to the app (in place; returns it). Data already watched is left as it is. */
  watch<T>(kind: WatchedKind, value: T): T;
  /** Counts a call of a V1 endpoint (its template). */
  endpoint(template: string): void;
  /** What was recorded so far. */
  snapshot(): Usage;
  /** True once anything was recorded. */
  readonly used: boolean;
}

const ITEM_PROPS = ['text', 'value', 'modified_at', 'field_type'] as const;
const DESCRIPTOR_PROPS = ['long_name', 'field_format', 'slug'] as const;
const OVERRIDE_PROPS = ['value', 'region', 'state', 'field'] as const;
const ITERATE = ['forEach', 'map', 'reduce', 'reduceRight', 'flatMap', 'entries', 'values', 'keys'] as const;
const LOOKUP = ['find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'some', 'every', 'indexOf', 'includes'] as const;

type Section = 'items' | 'descriptors' | 'overrides';

/** This package's own files, left out of sampled call sites. */
const OWN_DIR = fileURLToPath(new URL('..', import.meta.url));

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const started = new Date().toISOString();
  const counts: Record<Section, Map<string, Map<string, number>>> = {
    items: new Map(),
    descriptors: new Map(),
    overrides: new Map(),
  };
  const lists = { iterate: 0, lookup: 0, serialized: 0 };
  const endpoints = new Map<string, number>();
  const sites = new Map<string, string>();
  const watched = new WeakSet<object>();
  let used = false;

  const count = (section: Section, slug: string, prop: string) => {
    used = true;
    let bySlug = counts[section].get(slug);
    if (!bySlug) {
      bySlug = new Map();
      counts[section].set(slug, bySlug);
    }
    bySlug.set(prop, (bySlug.get(prop) ?? 0) + 1);
    if (options.sample) {
      const key = `${section}.${slug}.${prop}`;
      if (!sites.has(key)) {
        const site = callSite();
        if (site) sites.set(key, site);
      }
    }
  };

  /**
   * Turns a data property into a counting accessor with the same value and enumerability, its value
   * kept in `raw`. Only plain writable data properties (what JSON gives) are watched.
   */
  const accessor = (target: Record<string, unknown>, prop: string, raw: Record<string, unknown>, onRead: () => void) => {
    const own = Object.getOwnPropertyDescriptor(target, prop);
    if (!own || !('value' in own) || !own.configurable || !own.writable) return;
    raw[prop] = own.value;
    Object.defineProperty(target, prop, {
      enumerable: own.enumerable,
      configurable: true,
      get() {
        onRead();
        return raw[prop];
      },
      set(next: unknown) {
        raw[prop] = next;
      },
    });
  };

  const watchObject = (
    value: unknown,
    section: Section,
    props: readonly string[],
    slugOf: (o: Record<string, unknown>) => unknown,
  ) => {
    if (value === null || typeof value !== 'object' || watched.has(value) || Object.isFrozen(value)) return;
    const o = value as Record<string, unknown>;
    watched.add(o);
    // The slug is read once, before the accessors exist: reading it through one would count.
    const slug = slugOf(o);
    const name = typeof slug === 'string' ? slug : '(none)';
    const raw: Record<string, unknown> = Object.create(null);
    for (const prop of props) accessor(o, prop, raw, () => count(section, name, prop));
    // JSON.stringify (a cache, a log, a response) serializes the object without reading it property by
    // property: the same text, counted as one serialization, not as reads of every field.
    Object.defineProperty(o, 'toJSON', {
      enumerable: false,
      configurable: true,
      writable: true,
      value: () => {
        used = true;
        lists.serialized++;
        return Object.fromEntries(Object.keys(o).map((k) => [k, k in raw ? raw[k] : o[k]]));
      },
    });
  };

  const watchList = (list: unknown, each: (element: unknown) => void) => {
    if (!Array.isArray(list) || watched.has(list) || Object.isFrozen(list)) return;
    watched.add(list);
    for (const element of list) each(element);
    const define = (name: string | symbol, kind: 'iterate' | 'lookup') => {
      const original = (Array.prototype as unknown as Record<string | symbol, (...a: unknown[]) => unknown>)[name as string];
      if (typeof original !== 'function') return;
      Object.defineProperty(list, name, {
        enumerable: false,
        configurable: true,
        writable: true,
        value: function (this: unknown[], ...args: unknown[]) {
          used = true;
          lists[kind]++;
          return original.apply(this, args);
        },
      });
    };
    for (const name of ITERATE) define(name, 'iterate');
    for (const name of LOOKUP) define(name, 'lookup');
    define(Symbol.iterator, 'iterate');
  };

  const watchItem = (item: unknown) => watchObject(item, 'items', ITEM_PROPS, (o) => o.field_type);
  const watchDescriptor = (d: unknown) => watchObject(d, 'descriptors', DESCRIPTOR_PROPS, (o) => o.slug);
  const watchOverride = (o: unknown) =>
    watchObject(o, 'overrides', OVERRIDE_PROPS, (x) => (x.field as { slug?: unknown } | undefined)?.slug);

  const snapshot = (): Usage => {
    const section = (s: Section) =>
      Object.fromEntries(
        [...counts[s]].sort(([a], [b]) => (a < b ? -1 : 1)).map(([slug, props]) => [slug, Object.fromEntries(props)]),
      );
    return {
      format: 'civic-migrate-usage/1',
      started,
      updated: new Date().toISOString(),
      items: section('items'),
      descriptors: section('descriptors'),
      overrides: section('overrides'),
      lists: { ...lists },
      endpoints: Object.fromEntries([...endpoints].sort(([a], [b]) => (a < b ? -1 : 1))),
      sites: Object.fromEntries([...sites].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
  };

  return {
    watch(kind, value) {
      if (kind === 'state') {
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          const info = (value as { state_information?: unknown }).state_information;
          watchList(info, watchItem);
        }
      } else if (kind === 'fields') watchList(value, watchDescriptor);
      else watchList(value, watchOverride);
      return value;
    },
    endpoint(template) {
      used = true;
      endpoints.set(template, (endpoints.get(template) ?? 0) + 1);
    },
    snapshot,
    get used() {
      return used;
    },
  };
}

/** The first stack frame outside node_modules and this package: `file:line:column`, or undefined. */
function callSite(): string | undefined {
  const stack = new Error().stack?.split('\n').slice(1) ?? [];
  for (const frame of stack) {
    const m = /\(?((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):(\d+)\)?\s*$/.exec(frame);
    if (!m) continue;
    const file = (m[1] as string).startsWith('file://') ? fileURLToPath(m[1] as string) : (m[1] as string);
    if (file.includes('/node_modules/') || file.includes('\\node_modules\\') || file.startsWith(OWN_DIR)) continue;
    return `${file}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

const GLOBAL = Symbol.for('civic-migrate.recorder');

/** The recorder `civic-migrate observe` set up for this process (every copy of the package sees it), if any. */
export function activeRecorder(): Recorder | undefined {
  return (globalThis as Record<symbol, Recorder | undefined>)[GLOBAL];
}

/** Makes a recorder the process's own: `downgrade`, clients and the server record into it from now on. */
export function setActiveRecorder(recorder: Recorder | undefined): void {
  (globalThis as Record<symbol, Recorder | undefined>)[GLOBAL] = recorder;
}
