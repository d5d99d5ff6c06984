/** About how much text one piece holds: members and elements are rendered one by one until then. */
export const PIECE_CHARS = 64 * 1024;

/**
 * `JSON.stringify(value, null, indent)` in pieces, written one after the other by the caller:
 * arrays and plain objects down to `depth` levels are rendered element by element and member by
 * member (what is deeper, whole). A 100,000-file report holds 5,000 findings, a 6 MB text (11 MB
 * as SARIF), and its cache entry 10 MB: rendered as one string and then written, the text, its
 * flattened copy and its bytes were alive at once, the run's peak memory. In pieces, only a
 * piece's copies are. Concatenated, the pieces are exactly `JSON.stringify`'s text, for plain data
 * (what the reports and the cache's entries hold): a value with its own `toJSON` is rendered whole,
 * and its `toJSON` is called with the key `''` where `JSON.stringify` would pass its member's name
 * (a `Date` does not read it).
 */
export function* jsonPieces(value: unknown, indent: 0 | 2 = 0, depth = 2): Generator<string> {
  let piece = '';
  for (const part of parts(value, indent, 0, depth)) {
    piece += part;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** A value's text in parts, `level` levels in: an array or a plain object above `depth` part by part, else whole. */
function* parts(value: unknown, indent: 0 | 2, level: number, depth: number): Generator<string> {
  if (!(level < depth && splits(value))) {
    const text = whole(value, indent, level);
    if (text !== undefined) yield text;
    return;
  }
  const open = indent === 0 ? '' : `\n${' '.repeat(indent * (level + 1))}`;
  const close = indent === 0 ? '' : `\n${' '.repeat(indent * level)}`;
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const colon = indent === 0 ? ':' : ': ';
  let first = true;
  for (const [key, member] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const split = level + 1 < depth && splits(member);
    // What `JSON.stringify` writes nothing for (undefined, a function, a symbol, a `toJSON` giving
    // undefined): null in an array, no member in an object.
    const text = split ? '' : (whole(member, indent, level + 1) ?? (typeof key === 'number' ? 'null' : undefined));
    if (text === undefined) continue;
    yield `${first ? start : ','}${open}${typeof key === 'number' ? '' : `${JSON.stringify(key)}${colon}`}`;
    first = false;
    if (split) yield* parts(member, indent, level + 1, depth);
    else yield text;
  }
  yield first ? `${start}${end}` : `${close}${end}`;
}

/** A value's whole text `depth` levels in (each line after the first indented as `JSON.stringify` nests it); undefined when it writes nothing. */
function whole(value: unknown, indent: 0 | 2, depth: number): string | undefined {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  return text === undefined || indent === 0 || depth === 0 ? text : text.replaceAll('\n', `\n${' '.repeat(indent * depth)}`);
}

/**
 * An array or an object `JSON.stringify` writes element by element or member by member: no
 * `toJSON` of its own (what it gives is written instead), not a boxed primitive (written as its value).
 */
function splits(value: unknown): value is unknown[] | Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    !(value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt)
  );
}
