import type { ts as TsNamespace } from 'ts-morph';
import { type Analysis, memberOf, patternSource, receiverOf } from '../analysis.js';
import { enclosingStatement } from '../ast.js';
import type { NamePlace } from '../sites.js';

type Node = TsNamespace.Node;

/**
 * Names that show a `long_name` is Google Geocoding's (`address_components[].long_name` beside
 * `short_name`), not the Civic field list's (DOMAIN.md §6).
 */
const GEOCODING_CHAIN = 'address_component';
export const GEOCODING_SIBLING = 'short_name';
export const isGeocodingText = (t: string) => t.includes(GEOCODING_CHAIN) || t.includes(GEOCODING_SIBLING);

const hints = new WeakMap<object, number[]>();

/** True when the text holds the Geocoding chain's name somewhere in `[from, to)` (offsets found once per text). */
function chainWithin(a: Analysis, from: number, to: number): boolean {
  let at = hints.get(a.source);
  if (!at) {
    at = [];
    for (let i = a.source.text.indexOf(GEOCODING_CHAIN); i !== -1; i = a.source.text.indexOf(GEOCODING_CHAIN, i + 1)) at.push(i);
    hints.set(a.source, at);
  }
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((at[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < at.length && (at[lo] as number) < to;
}

/** True when a `long_name` at this site is Google Geocoding's. */
export function isGeocoding(a: Analysis, node: Node, place: NamePlace): boolean {
  const { ts } = a.source;
  const statement = enclosingStatement(ts, node);
  if (chainWithin(a, statement.pos, statement.end)) return true;
  const recv = receiverOf(a, node);
  if (recv && a.source.originTexts(recv).some(isGeocodingText)) return true;
  if (place === 'member' || place === 'shorthand' || place === 'binding') {
    const member = place === 'member' ? memberOf(a, node) : node.parent;
    const container = member?.parent;
    if (container && a.source.namesIn(container).includes(GEOCODING_SIBLING)) return true;
    if (container && ts.isObjectBindingPattern(container)) {
      const { expr } = patternSource(a, container);
      if (expr && a.source.originTexts(expr).some(isGeocodingText)) return true;
    }
  }
  return false;
}
