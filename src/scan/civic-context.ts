import { endpointModel } from '../endpoints/model.js';
import type { Mappings } from '../mapping/mappings.js';
import { createTokenMatcher, type TokenMatcher } from './tokens.js';

/**
 * Why a file counts as talking to the Civic Data API. `long_name` is also Google Geocoding's
 * `address_components[].long_name` and an ORM attribute elsewhere (DOMAIN.md §6), so the codemod
 * renames it, and the report trusts a `long_name` finding, only in a file that shows one of these.
 */
export type CivicEvidence =
  /** A slug the table knows (any V1 or V2 slug, unchanged ones included), as a whole token. */
  | { readonly kind: 'slug'; readonly token: string; readonly index: number }
  /** One of the table's API hosts. */
  | { readonly kind: 'host'; readonly host: string; readonly index: number }
  /** An election endpoint path of either version, with or without the `/v1` or `/v2` prefix (`/election/field/`). */
  | { readonly kind: 'path'; readonly path: string; readonly index: number };

interface Detector {
  readonly slugs: TokenMatcher;
  readonly hosts: readonly string[];
  readonly paths: readonly string[];
}

const detectors = new WeakMap<Mappings, Detector>();

function detectorFor(mappings: Mappings): Detector {
  let detector = detectors.get(mappings);
  if (!detector) {
    const model = endpointModel(mappings);
    detector = {
      slugs: createTokenMatcher([...mappings.v1Slugs, ...mappings.v2Slugs]),
      hosts: [...model.hosts],
      // `/election/` alone is too generic: only stems that name a resource count.
      paths: model.stems,
    };
    detectors.set(mappings, detector);
  }
  return detector;
}

/**
 * The first piece of evidence that `text` is about the Civic Data API, or undefined. One shared
 * decision for the codemod and the report: call it once per file, on the whole file's text.
 */
export function findCivicEvidence(text: string, mappings: Mappings): CivicEvidence | undefined {
  const d = detectorFor(mappings);
  for (const host of d.hosts) {
    const index = text.indexOf(host);
    if (index !== -1) return { kind: 'host', host, index };
  }
  for (const path of d.paths) {
    const index = text.indexOf(path);
    if (index !== -1) return { kind: 'path', path, index };
  }
  const hit = d.slugs.find(text)[0];
  return hit ? { kind: 'slug', token: hit.token, index: hit.index } : undefined;
}

/** True when the file's text shows it uses the Civic Data API (see `findCivicEvidence`). */
export function hasCivicContext(text: string, mappings: Mappings): boolean {
  return findCivicEvidence(text, mappings) !== undefined;
}
