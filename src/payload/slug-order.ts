/** Code-point order, the order the servers list fields in. */
export function compareSlugs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every slug a mapping table knows (V1 and V2), in the servers' order, built once per table. Output
 * lists are kept in this order by `SlugMap` without a comparison sort; where a slug stands is this
 * structure's business only.
 */
export class SlugOrder {
  private readonly slugs: readonly string[];
  private readonly positions: ReadonlyMap<string, number>;

  constructor(slugs: Iterable<string>) {
    this.slugs = [...new Set(slugs)].sort(compareSlugs);
    this.positions = new Map(this.slugs.map((slug, i) => [slug, i]));
  }

  /** A new, empty map in this order. */
  map<T>(): SlugMap<T> {
    return new SlugMap<T>(this.slugs, this.positions);
  }
}

/**
 * A map from slug to value that lists its values in slug order: a table slug lives in the slot of
 * its place in the order, any other slug in a small side map merged in at the end.
 */
export class SlugMap<T> {
  private readonly slots: (T | undefined)[];
  private readonly others = new Map<string, T>();

  /** Use `SlugOrder.map()`. */
  constructor(
    private readonly slugs: readonly string[],
    private readonly positions: ReadonlyMap<string, number>,
  ) {
    this.slots = new Array(slugs.length);
  }

  get(slug: string): T | undefined {
    const at = this.positions.get(slug);
    return at === undefined ? this.others.get(slug) : this.slots[at];
  }

  has(slug: string): boolean {
    return this.get(slug) !== undefined;
  }

  set(slug: string, value: T): void {
    const at = this.positions.get(slug);
    if (at === undefined) this.others.set(slug, value);
    else this.slots[at] = value;
  }

  /** Sets `slug` unless it has a value already: false then, and the value stays. */
  add(slug: string, value: T): boolean {
    const at = this.positions.get(slug);
    if (at === undefined) {
      if (this.others.has(slug)) return false;
      this.others.set(slug, value);
    } else {
      if (this.slots[at] !== undefined) return false;
      this.slots[at] = value;
    }
    return true;
  }

  /** The values in slug order. */
  ordered(): T[] {
    const out: T[] = [];
    const others = [...this.others].sort((a, b) => compareSlugs(a[0], b[0]));
    let next = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const value = this.slots[i];
      if (value === undefined) continue;
      const slug = this.slugs[i] as string;
      while (next < others.length && (others[next] as [string, T])[0] < slug) out.push((others[next++] as [string, T])[1]);
      out.push(value);
    }
    while (next < others.length) out.push((others[next++] as [string, T])[1]);
    return out;
  }
}
