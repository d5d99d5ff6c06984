/** About how much text one piece holds: members and elements are rendered one by one until then. */
export const PIECE_CHARS = 64 * 1024;

/**
 * `JSON.stringify(value, null, indent)` in pieces, written one after the other by the caller: a
 * plain object's members one by one, and a member that is an array, its elements one by one (what
 * is deeper is rendered whole). A 100,000-file report holds 5,000 findings, a 6 MB text, and its
 * cache entry 10 MB: rendered as one string and then written, the text, its flattened copy and its
 * bytes were alive at once, the run's peak memory. In pieces, only a piece's copies are.
 * Concatenated, the pieces are exactly `JSON.stringify`'s text.
 */
export function* jsonPieces(value: unknown, indent: 0 | 2 = 0): Generator<string> {
  let piece = '';
  for (const part of parts(value, indent, 0)) {
    piece += part;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** A value's text in parts, `depth` levels in: a plain object or an array at depth 0 or 1 part by part, else whole. */
function* parts(value: unknown, indent: 0 | 2, depth: number): Generator<string> {
  const open = indent === 0 ? '' : `\n${' '.repeat(indent * (depth + 1))}`;
  const close = indent === 0 ? '' : `\n${' '.repeat(indent * depth)}`;
  if (Array.isArray(value) && depth <= 1) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    for (let i = 0; i < value.length; i++) {
      // An element `JSON.stringify` leaves out of an array is written as null.
      yield `${i > 0 ? ',' : '['}${open}${whole(value[i], indent, depth + 1) ?? 'null'}`;
    }
    yield `${close}]`;
    return;
  }
  if (isPlainObject(value) && depth === 0) {
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      // A member `JSON.stringify` leaves out of an object (undefined, a function, a symbol, what a `toJSON` makes undefined) is not written.
      const text = Array.isArray(member) ? '' : whole(member, indent, depth + 1);
      if (text === undefined) continue;
      yield `${first ? '{' : ','}${open}${JSON.stringify(key)}:${indent === 0 ? '' : ' '}`;
      first = false;
      if (Array.isArray(member)) yield* parts(member, indent, depth + 1);
      else yield text;
    }
    yield first ? '{}' : `${close}}`;
    return;
  }
  const text = whole(value, indent, depth);
  if (text !== undefined) yield text;
}

/** A value's whole text `depth` levels in (each line after the first indented as `JSON.stringify` nests it); undefined when it writes nothing. */
function whole(value: unknown, indent: 0 | 2, depth: number): string | undefined {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  return text === undefined || indent === 0 || depth === 0 ? text : text.replaceAll('\n', `\n${' '.repeat(indent * depth)}`);
}

/** An object `JSON.stringify` writes member by member: not an array, no `toJSON`, not a boxed primitive (written as its value). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    !(value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt)
  );
}
