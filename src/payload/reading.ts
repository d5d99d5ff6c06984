import { jsonPath, PayloadError } from './diagnostics.js';

/** Where reading an input object throws: the path of the property whose read (or key listing) threw, and what it threw. */
interface ThrowingRead {
  readonly path: readonly (string | number)[];
  readonly what: 'reading it' | 'listing its keys';
  readonly thrown: unknown;
}

/**
 * The first place, depth first, where reading a value built in code throws (a getter, a Proxy trap),
 * or undefined when every read succeeds. Each object is visited once (cycles end), own enumerable
 * keys only — what `JSON.stringify` and the adapter read — so a long sparse array costs its items, not its length.
 */
export function throwingRead(value: unknown): ThrowingRead | undefined {
  const seen = new WeakSet<object>();
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: v, path } = next;
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    let array: boolean;
    let keys: string[];
    try {
      array = Array.isArray(v); // throws for a revoked Proxy
      keys = Object.keys(v);
    } catch (thrown) {
      return { path, what: 'listing its keys', thrown };
    }
    const children: { value: unknown; path: (string | number)[] }[] = [];
    for (const key of keys) {
      const step = array && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
      let child: unknown;
      try {
        child = (v as Record<string, unknown>)[key];
      } catch (thrown) {
        return { path: [...path, step], what: 'reading it', thrown };
      }
      children.push({ value: child, path: [...path, step] });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as (typeof children)[number]);
  }
  return undefined;
}

/**
 * Runs `fn` over an input object; if something other than a `PayloadError` escapes and reading the
 * input throws somewhere, that becomes a `PayloadError` naming the path (the input's own code threw,
 * not the adapter). Any other error is the adapter's and is thrown as it is.
 */
export function readingInput<T>(input: unknown, source: string | undefined, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PayloadError || typeof input !== 'object' || input === null) throw error;
    const at = throwingRead(input);
    if (!at) throw error;
    const message = at.thrown instanceof Error ? at.thrown.message : String(at.thrown);
    throw new PayloadError(jsonPath(at.path), `${at.what} threw: ${message}`, { source, cause: at.thrown });
  }
}
