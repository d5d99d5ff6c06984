/**
 * Observed usage: what a running app reads of the V1-shaped data it is handed (by `downgrade`, the
 * client's cutover shims, a V1 client). Static analysis sees what code spells; this sees what the
 * app does: a slug that comes from a settings file (`byField[setting.slug]`), and code that never
 * runs.
 *
 * Data is watched without a Proxy (a Proxy cannot be `structuredClone`d): the record and its lists
 * stay the objects they were; each item, descriptor or override in a list is replaced, in the list,
 * by a copy (same keys in the same order, same values, same prototype) whose watched properties are
 * own, enumerable accessors that count the read and return the value (assignment and `delete` work
 * as on a data property; on a frozen object assignment changes nothing); an object that is not
 * plain JSON-made data is watched in place instead. A watched array gets own, non-enumerable
 * iteration and lookup methods that count and call `Array.prototype`'s. So
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
 *
 * Payloads are watched as a sampling profiler samples: every one of a kind (state records, field
 * lists, override lists) until `watchFirst` were handed over, then one in `watchEvery` (default 200
 * and 16). Watching a payload costs about four times handing it over (its items are copied with
 * accessors, bench/observe.ts); one in 16 keeps an app that is handed thousands under 1.5× while a
 * field the app reads at all is still seen within a few dozen payloads that hold it. The usage file
 * says how many were handed over and how many watched (`payloads`): counts are of reads in the
 * watched ones. `watchEvery: 1` watches every payload.
 */
import { fileURLToPath } from 'node:url';
import { WATCH_EVERY, WATCH_FIRST } from './defaults.js';

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
  /** Payloads handed over and watched, by kind (absent in files of versions that watched every payload). */
  readonly payloads?: Readonly<Record<WatchedKind, PayloadCounts>>;
}

export type WatchedKind = 'fields' | 'state' | 'overrides';

export interface RecorderOptions {
  /** Keep the first call site outside node_modules per (slug, property). Default false. */
  readonly sample?: boolean;
  /** Watch every payload of a kind until this many were handed over (default 200). */
  readonly watchFirst?: number;
  /** After `watchFirst`, watch one payload of a kind in this many (default 16; 1: every payload). */
  readonly watchEvery?: number;
}

/** Payloads of one kind: how many were handed over, and how many of them watched. */
export interface PayloadCounts {
  readonly handed: number;
  readonly watched: number;
}

export interface Recorder {
  /**
   * Watches V1-shaped data handed to the app and returns it: the same record or list, its items
   * replaced by watched copies (a reference to an item taken before is not watched). Data already
   * watched, by any recorder, and frozen or non-extensible data are left as they are. Every payload
   * of a kind is watched up to `watchFirst`, then one in `watchEvery`; the others are returned as
   * they are (counted in `snapshot().payloads`).
   */
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

/** What a watched object keeps: its values (read through the accessors) and its slug's counts. */
interface Slot {
  readonly raw: Record<string, unknown>;
  /** The counts of the object's slug in its section, shared by every object of that slug. */
  readonly counts: Record<string, number>;
  readonly slug: string;
  /** The recorder's accessors of the object's section, by property (to tell ours from the app's). */
  readonly accessors: Readonly<Record<string, PropertyDescriptor>>;
}

/**
 * A watched object's slot, in a private field stamped on the object itself (the base class returns
 * the object it is given): invisible to `Object.keys`, `Reflect.ownKeys`, spread, JSON and
 * structuredClone, the object's prototype unchanged, found in a read as fast as a property. (Not a
 * WeakMap: thousands of items a second in one make every garbage collection walk them.)
 */
class Stamp extends (function Base(o: object) {
  return o;
} as unknown as new (
  o: object,
) => object) {
  #slot: Slot;
  private constructor(o: object, slot: Slot) {
    super(o);
    this.#slot = slot;
  }
  static stamp(o: object, slot: Slot): void {
    new Stamp(o, slot);
  }
  static slot(o: unknown): Slot | undefined {
    return typeof o === 'object' && o !== null && #slot in o ? (o as Stamp).#slot : undefined;
  }
}

/** Marks a watched list: every recorder and every copy of the package leaves it as it is. */
const WATCHED = Symbol.for('civic-migrate.recorder.watched');

type Watched = Record<string, unknown>;

/** A whole number of at least `min`, or a RangeError naming the option. */
function wholeOption(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`createRecorder: ${name} must be a whole number of at least ${min}, not ${value}`);
  return value;
}

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const started = new Date().toISOString();
  const sample = options.sample === true;
  const watchFirst = wholeOption('watchFirst', options.watchFirst, WATCH_FIRST, 0);
  const watchEvery = wholeOption('watchEvery', options.watchEvery, WATCH_EVERY, 1);
  const payloads: Record<WatchedKind, { handed: number; watched: number }> = {
    state: { handed: 0, watched: 0 },
    fields: { handed: 0, watched: 0 },
    overrides: { handed: 0, watched: 0 },
  };
  const counts: Record<Section, Map<string, Record<string, number>>> = {
    items: new Map(),
    descriptors: new Map(),
    overrides: new Map(),
  };
  const lists = { iterate: 0, lookup: 0, serialized: 0 };
  const endpoints = new Map<string, number>();
  const sites = new Map<string, string>();
  let used = false;

  const PROPS: Record<Section, readonly string[]> = {
    items: ITEM_PROPS,
    descriptors: DESCRIPTOR_PROPS,
    overrides: OVERRIDE_PROPS,
  };
  /** A slug's counts: every property of its section at 0 from the start (one shape: a read is an increment). */
  const countsOf = (section: Section, slug: string) => {
    let bySlug = counts[section].get(slug);
    if (!bySlug) {
      bySlug = {};
      for (const prop of PROPS[section]) bySlug[prop] = 0;
      counts[section].set(slug, bySlug);
    }
    return bySlug;
  };

  const site = (section: Section, slug: string, prop: string) => {
    const key = `${section}.${slug}.${prop}`;
    if (!sites.has(key)) {
      const at = callSite();
      if (at) sites.set(key, at);
    }
  };

  /**
   * One getter and setter per section and property, shared by every watched object (their state is
   * in the object's slot): no closure per object or property, and objects of one shape share V8's
   * hidden class.
   */
  const accessorsOf = (section: Section, props: readonly string[]): Record<string, PropertyDescriptor> => {
    const accessors: Record<string, PropertyDescriptor> = {};
    for (const prop of props) {
      accessors[prop] = {
        enumerable: true,
        configurable: true,
        get(this: Watched) {
          const slot = Stamp.slot(this);
          if (slot === undefined) return undefined;
          used = true;
          (slot.counts[prop] as number)++;
          if (sample) site(section, slot.slug, prop);
          return slot.raw[prop];
        },
        set(this: Watched, next: unknown) {
          const slot = Stamp.slot(this);
          // A frozen object's properties keep their values, as data properties would.
          if (slot === undefined || Object.isFrozen(this)) return;
          slot.raw[prop] = next;
        },
      };
    }
    return accessors;
  };
  const ACCESSORS: Record<Section, Record<string, PropertyDescriptor>> = {
    items: accessorsOf('items', ITEM_PROPS),
    descriptors: accessorsOf('descriptors', DESCRIPTOR_PROPS),
    overrides: accessorsOf('overrides', OVERRIDE_PROPS),
  };

  /**
   * JSON.stringify (a cache, a log, a response) serializes a watched object without reading it
   * property by property: the same text, counted as one serialization, not as reads of every field.
   * A property the app deleted, redefined or set anew since is taken as it is now.
   */
  const TO_JSON: PropertyDescriptor = {
    enumerable: false,
    configurable: true,
    writable: true,
    value: function toJSON(this: Watched) {
      used = true;
      lists.serialized++;
      const slot = Stamp.slot(this);
      return Object.fromEntries(
        Object.keys(this).map((k) => {
          if (slot !== undefined) {
            const own = Object.getOwnPropertyDescriptor(this, k);
            if (own?.get !== undefined && own.get === slot.accessors[k]?.get) return [k, slot.raw[k]];
          }
          return [k, this[k]];
        }),
      );
    },
  };

  /**
   * Leaves alone what is not an extensible object, is watched already (by any recorder: a watched
   * object has its own `toJSON`) or has its own `toJSON`.
   */
  const watchable = (value: unknown): value is Watched =>
    value !== null && typeof value === 'object' && Object.isExtensible(value) && !Object.hasOwn(value, 'toJSON');

  /** A plain writable, configurable, enumerable data property, as JSON makes them. */
  const plainProperty = (o: object, key: string) => {
    const own = Object.getOwnPropertyDescriptor(o, key);
    return own !== undefined && 'value' in own && own.writable === true && own.configurable === true;
  };

  /**
   * Watches an item, descriptor or override; returns the object that is to stand in the list for it:
   * a watched copy of a plain object (what JSON makes: its prototype Object.prototype, every own
   * property a plain enumerable data property): the same keys in the same order, the same values, the
   * watched ones behind accessors. Building an object with accessors costs V8 a tenth of turning data
   * properties of an existing object into accessors (which gives each object a dictionary of its own).
   * Anything else is watched in place.
   */
  const watchObject = (
    value: unknown,
    section: Section,
    props: readonly string[],
    slugOf: (o: Watched) => unknown,
    trusted: boolean,
  ): unknown => {
    if (!watchable(value)) return value;
    // The slug is read before the accessors exist: reading it through one would count.
    const slug = slugOf(value);
    const name = typeof slug === 'string' ? slug : '(none)';
    const accessors = ACCESSORS[section];
    const raw: Record<string, unknown> = {};
    const slot: Slot = { raw, counts: countsOf(section, name), slug: name, accessors };
    const keys = Object.keys(value);
    if (
      trusted ||
      (Object.getPrototypeOf(value) === Object.prototype &&
        Object.getOwnPropertyNames(value).length === keys.length &&
        Object.getOwnPropertySymbols(value).length === 0 &&
        !keys.includes('__proto__') &&
        keys.every((k) => plainProperty(value, k)))
    ) {
      const copy: Watched = {};
      for (const k of keys) {
        const accessor = Object.hasOwn(accessors, k) ? accessors[k] : undefined;
        if (accessor) {
          raw[k] = value[k];
          Object.defineProperty(copy, k, accessor);
        } else copy[k] = value[k];
      }
      Stamp.stamp(copy, slot);
      Object.defineProperty(copy, 'toJSON', TO_JSON);
      return copy;
    }
    // Each watched property that is a plain data property becomes an accessor in place, keeping its enumerability.
    for (const prop of props) {
      const own = Object.getOwnPropertyDescriptor(value, prop);
      if (!own || !('value' in own) || !own.configurable || !own.writable) continue;
      raw[prop] = own.value;
      const accessor = accessors[prop] as PropertyDescriptor;
      Object.defineProperty(value, prop, own.enumerable ? accessor : { ...accessor, enumerable: false });
    }
    Stamp.stamp(value, slot);
    Object.defineProperty(value, 'toJSON', TO_JSON);
    return value;
  };

  /** Iteration and lookup methods, shared by every watched list: count, then call `Array.prototype`'s. */
  const LIST_METHODS: [string | symbol, PropertyDescriptor][] = [];
  const method = (name: string | symbol, kind: 'iterate' | 'lookup') => {
    const original = (Array.prototype as unknown as Record<string | symbol, (...a: unknown[]) => unknown>)[name as string] as (
      ...a: unknown[]
    ) => unknown;
    if (typeof original !== 'function') return;
    LIST_METHODS.push([
      name,
      {
        enumerable: false,
        configurable: true,
        writable: true,
        value: {
          // A method named as Array.prototype's (a stack trace, `list.map.name`).
          [typeof name === 'symbol' ? '[Symbol.iterator]' : name](this: unknown[], ...args: unknown[]) {
            used = true;
            lists[kind]++;
            return original.apply(this, args);
          },
        }[typeof name === 'symbol' ? '[Symbol.iterator]' : name],
      },
    ]);
  };
  for (const name of ITERATE) method(name, 'iterate');
  for (const name of LOOKUP) method(name, 'lookup');
  method(Symbol.iterator, 'iterate');
  const MARK: PropertyDescriptor = { value: true, enumerable: false, configurable: false, writable: false };

  const watchList = (list: unknown, each: (element: unknown) => unknown) => {
    if (!Array.isArray(list) || Object.hasOwn(list, WATCHED) || !Object.isExtensible(list)) return;
    Object.defineProperty(list, WATCHED, MARK);
    // Elements are replaced by their watched copies, in place (holes stay holes).
    for (let i = 0; i < list.length; i++) {
      if (!(i in list)) continue;
      const element = list[i];
      const watched = each(element);
      if (watched === element) continue;
      try {
        list[i] = watched;
      } catch {
        // A read-only element stays as it is (its copy, never handed out, is not counted).
      }
    }
    for (const [name, descriptor] of LIST_METHODS) Object.defineProperty(list, name, descriptor);
  };

  const slugOfItem = (o: Watched) => o.field_type;
  const slugOfDescriptor = (o: Watched) => o.slug;
  const slugOfOverride = (o: Watched) => (o.field as { slug?: unknown } | undefined)?.slug;

  const watch = <T>(kind: WatchedKind, value: T, trusted: boolean): T => {
    const count = payloads[kind];
    const handed = ++count.handed;
    if (handed > watchFirst && (handed - watchFirst) % watchEvery !== 0) return value;
    count.watched++;
    if (kind === 'state') {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const info = (value as { state_information?: unknown }).state_information;
        watchList(info, (item) => watchObject(item, 'items', ITEM_PROPS, slugOfItem, trusted));
      }
    } else if (kind === 'fields')
      watchList(value, (d) => watchObject(d, 'descriptors', DESCRIPTOR_PROPS, slugOfDescriptor, trusted));
    else watchList(value, (o) => watchObject(o, 'overrides', OVERRIDE_PROPS, slugOfOverride, trusted));
    return value;
  };

  const snapshot = (): Usage => {
    const section = (s: Section) =>
      Object.fromEntries(
        [...counts[s]]
          .map(([slug, props]) => [slug, Object.fromEntries(Object.entries(props).filter(([, n]) => n > 0))] as const)
          .filter(([, props]) => Object.keys(props).length > 0)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
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
      payloads: { state: { ...payloads.state }, fields: { ...payloads.fields }, overrides: { ...payloads.overrides } },
    };
  };

  const recorder: Recorder = {
    watch: (kind, value) => watch(kind, value, false),
    endpoint(template) {
      used = true;
      endpoints.set(template, (endpoints.get(template) ?? 0) + 1);
    },
    snapshot,
    get used() {
      return used;
    },
  };
  Object.defineProperty(recorder, HANDED, { value: <T>(kind: WatchedKind, value: T): T => watch(kind, value, true) });
  return recorder;
}

const HANDED = Symbol.for('civic-migrate.recorder.handed');

/**
 * Watches data civic-migrate made itself and hands the app (fresh from JSON, zod or the adapter:
 * plain objects shared with nothing): a recorder of this package skips the checks `watch` makes of
 * data it did not make. Any other `Recorder` gets `watch`.
 */
export function watchHanded<T>(recorder: Recorder, kind: WatchedKind, value: T): T {
  const handed = (recorder as Recorder & { [HANDED]?: <U>(kind: WatchedKind, value: U) => U })[HANDED];
  return handed ? handed(kind, value) : recorder.watch(kind, value);
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

/** The recorder an option names: the one given, none for `false`, else the process's (`observe`'s), if any. */
export function recorderOf(option: Recorder | false | undefined): Recorder | undefined {
  return option === false ? undefined : (option ?? activeRecorder());
}

/** Makes a recorder the process's own: `downgrade`, clients and the server record into it from now on. */
export function setActiveRecorder(recorder: Recorder | undefined): void {
  (globalThis as Record<symbol, Recorder | undefined>)[GLOBAL] = recorder;
}
