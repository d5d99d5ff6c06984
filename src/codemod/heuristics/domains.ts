import type { Analysis } from '../analysis.js';
import type { ValueSite } from '../sites.js';

/**
 * DOMAIN.md §6: an exact slug string can be used for something else, e.g. `'early_voting'` in an
 * unrelated union type (`'registration' | 'early_voting' | 'election_day'`) or a PDF form key. A
 * slug-spelled string whose domain (union, array, `switch`, comparisons with the same expression,
 * arguments at the same position…) holds other strings, none of them a known slug, is not about the API.
 */
export function isUnrelated(a: Analysis, site: ValueSite): boolean {
  return site.keys.some((key) => {
    const members = a.sites.domains.get(key);
    if (!members) return false;
    let others = false;
    for (const s of members) {
      if (s === site.token) continue;
      if (a.plan.knownSlugs.has(s)) return false;
      others = true;
    }
    return others;
  });
}
