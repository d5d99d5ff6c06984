import { isWordChar } from '../scan/tokens.js';

const isQuote = (c: number) => c === 39 || c === 34 || c === 96;

/**
 * Where code reads property `name` of the item a slug names, right after the slug: the offset of
 * `name`, or -1. Covers `x.slug.value`, `x.slug?.value`, `x['slug']?.value`, `x["slug"]["value"]`,
 * Python `state['slug']['value']` and `.get('slug').get('value')`, Ruby `state[:slug][:value]` and
 * `&.value`, PHP `->value`, `find(i => i.field_type === 'slug').value`, and a dotted path in a
 * string (`get(state, 'slug.value')`).
 */
export function propertyReadAfter(text: string, slugStart: number, slugEnd: number, name: string): number {
  let p = slugEnd;
  const before = text.charCodeAt(slugStart - 1);
  if (isQuote(before) && text.charCodeAt(p) === before) p++;
  const closer = text.charCodeAt(p);
  if (closer === 93 /* ] */ || closer === 41 /* ) */) p++;
  const at = (s: string) => text.startsWith(s, p);
  const wordAt = (start: number) => text.startsWith(name, start) && !isWordChar(text.charCodeAt(start + name.length));
  for (const call of ['.get(', '.fetch(']) {
    if (at(call)) {
      const open = text.charCodeAt(p + call.length);
      const start = p + call.length + 1;
      return isQuote(open) && wordAt(start) && text.charCodeAt(start + name.length) === open ? start : -1;
    }
  }
  for (const accessor of ['?.', '.', '&.', '->']) {
    if (at(accessor) && text.charCodeAt(p + accessor.length) !== 91 /* [ */) {
      const start = p + accessor.length;
      return wordAt(start) ? start : -1;
    }
  }
  let q = p;
  if (at('?.[')) q += 2;
  if (text.charCodeAt(q) === 91 /* [ */) {
    const open = text.charCodeAt(q + 1);
    if (isQuote(open))
      return wordAt(q + 2) && text.charCodeAt(q + 2 + name.length) === open && text.charCodeAt(q + 3 + name.length) === 93
        ? q + 2
        : -1;
    if (open === 58 /* : */) return wordAt(q + 2) && text.charCodeAt(q + 2 + name.length) === 93 ? q + 2 : -1;
    return -1;
  }
  return -1;
}
