import type { ResolvedRule } from '../mapping/mappings.js';
import type { EndpointRule, PropertyRule } from '../mapping/schema.js';
import { assertNever } from '../mapping/validate.js';
import type { MarkerCause } from './types.js';

/** What a marker says, without the `civic-migrate:` prefix. One line. */
export interface MarkerNote {
  readonly cause: MarkerCause;
  readonly message: string;
}

const code = (s: string) => `\`${s}\``;
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.map(code).join('') : `${items.slice(0, -1).map(code).join(', ')} and ${code(items.at(-1) as string)}`;

/** `Deleted in V2 as redundant: early voting exists…` → `early voting exists…`. */
const afterLead = (text: string) => text.replace(/^Deleted in V2(?: as [a-z0-9 -]+)?[:.]\s*/, '');

/** Where a slug stands: in code, inside a larger string, or in a Vue `<template>`. */
export type SlugPlace = 'code' | 'string' | 'template';

/**
 * The marker for a V1 slug a person must handle, or undefined for a rename in code (the codemod
 * rewrites it) and for unchanged slugs.
 */
export function slugNote(rule: ResolvedRule, place: SlugPlace = 'code'): MarkerNote | undefined {
  const subject =
    place === 'string'
      ? `${code(rule.v1)} (in this string)`
      : place === 'template'
        ? `${code(rule.v1)} (in the <template>)`
        : code(rule.v1);
  const cause = place === 'template' ? 'in-template' : undefined;
  switch (rule.kind) {
    case 'rename':
      if (place === 'code') return undefined;
      return {
        cause: cause ?? 'in-string',
        message:
          place === 'template'
            ? `${subject} is ${code(rule.v2)} in V2: the codemod rewrites <script> blocks only, change it by hand`
            : `${subject} is ${code(rule.v2)} in V2: change it by hand where it names the field`,
      };
    case 'consolidate':
      return {
        cause: cause ?? 'consolidated',
        message: `${subject} is gone in V2: read ${code(rule.v2)}' \`multiselect_value\` and check for ${code(rule.option)}`,
      };
    case 'footnote':
      return {
        cause: cause ?? 'footnote',
        message: `${subject} is gone in V2: its notes are in the \`footnotes\` of ${list(rule.targets)}${
          rule.inferred ? ' (this list is an inference: check the fields your code shows)' : ''
        }`,
      };
    case 'delete':
      return {
        cause: cause ?? 'deleted',
        message: `${subject} is deleted in V2 (${rule.category}): ${afterLead(rule.description)}`,
      };
    case 'unknown':
      return { cause: cause ?? 'unknown', message: `${subject} has no known fate in V2: ${rule.description}` };
    case 'unchanged':
      return undefined;
    default:
      return assertNever(rule);
  }
}

/** A rename the codemod makes but the table warns about (a contradiction in the published tables). */
export function warningNote(rule: ResolvedRule): MarkerNote | undefined {
  if (!rule.warning || rule.kind !== 'rename') return undefined;
  return { cause: 'warning', message: `${code(rule.v1)} became ${code(rule.v2)}: ${rule.warning}` };
}

export function propertyInStringNote(p: PropertyRule, place: 'string' | 'template' = 'string'): MarkerNote {
  return place === 'template'
    ? {
        cause: 'in-template',
        message: `${code(p.v1)} (in the <template>) is ${code(p.v2)} in V2: the codemod rewrites <script> blocks only, change it by hand`,
      }
    : {
        cause: 'in-string',
        message: `${code(p.v1)} (in this string) is ${code(p.v2)} in V2: change it by hand where it reads the Civic Data API`,
      };
}

export function collisionNote(v1: string, v2: string): MarkerNote {
  return {
    cause: 'collision',
    message: `${code(v1)} is ${code(v2)} in V2, and ${code(v2)} is already here: merge the two by hand`,
  };
}

const PLACEHOLDER = '\0';

/** `/v1/election/state/\0/` → `/v1/election/state/…/` for messages. */
export const showPath = (path: string) => path.replaceAll(PLACEHOLDER, '…');

export function endpointNote(rule: EndpointRule): MarkerNote {
  return rule.v2
    ? { cause: 'endpoint', message: `${code(rule.v1)} became ${code(rule.v2)}: ${rule.description}` }
    : { cause: 'endpoint', message: `${code(rule.v1)} has no V2 equivalent: ${rule.description}` };
}

export function unknownEndpointNote(path: string): MarkerNote {
  return {
    cause: 'endpoint',
    message: `${code(showPath(path))} is not a Civic Data API endpoint the table knows: check it against V2 by hand`,
  };
}

export function ambiguousEndpointNote(path: string, candidates: readonly EndpointRule[]): MarkerNote {
  const moves = [...new Set(candidates.map((c) => `${code(c.v1)} → ${c.v2 ? code(c.v2) : 'no V2 equivalent'}`))];
  const shown = path.endsWith(PLACEHOLDER) ? showPath(path) : `${showPath(path)}…`;
  return {
    cause: 'endpoint',
    message: `${code(shown)} can reach several V1 endpoints, which move differently in V2 (${moves.join('; ')}): change it by hand`,
  };
}

export function routeNote(path: string): MarkerNote {
  return {
    cause: 'endpoint',
    message: `${code(showPath(path))} looks like a route pattern: change it by hand if it calls the Civic Data API`,
  };
}

export function baseUrlNote(base: string, other: string): MarkerNote {
  return {
    cause: 'base-url',
    message: `${code(base)} is also used here for ${code(other)}, another service that stays on V1: point the Civic Data API calls at V2 by hand`,
  };
}
