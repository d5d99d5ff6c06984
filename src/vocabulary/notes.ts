/**
 * What a marker says, as data: a code and its parameters. The rule kinds and the URL scanner
 * decide which note applies; `messages.ts` words it. A new code does not compile until it is
 * worded there.
 */
/**
 * Why data stays on V1 after the migration: `shared`, requested through a base shared with another
 * service; `split`, from a URL whose version is made of two pieces (`'/v' + 1`) no edit of one string moves.
 */
export type StaysOnV1 = 'shared' | 'split';

export interface NoteParams {
  /** A renamed slug where the codemod cannot rewrite it (inside a larger string, in a `<template>`). */
  'renamed-elsewhere': { v1: string; v2: string; place: 'string' | 'template' };
  consolidated: { v1: string; v2: string; option: string; place: Place };
  footnote: { v1: string; targets: readonly string[]; inferred: boolean; place: Place };
  deleted: { v1: string; category: string; reason: string; advice: string; place: Place };
  'unknown-fate': { v1: string; fate?: string; advice: string; place: Place };
  /** A rewrite the table warns about (one side of a contradiction in the published tables). */
  'rule-warning': { v1: string; v2: string; warning: string };
  /** A rename after which the field's `text` likely has another format (from the table's certainty). */
  'format-may-change': { v1: string; v2: string; from: string; to: string; basis: string };
  /** The V2 name is already declared beside the V1 one. */
  collision: { v1: string; v2: string };
  /** The V2 name is not a valid identifier where the V1 one stands. */
  'invalid-name': { v1: string; v2: string };
  /** `long_name` (or another renamed property) inside a larger string or a `<template>`. */
  'property-elsewhere': { v1: string; v2: string; place: 'string' | 'template' };
  /** An endpoint whose V2 twin needs a person (none, or other authentication). */
  endpoint: { v1: string; v2: string | null; description: string };
  'endpoint-unknown': { path: string };
  'endpoint-ambiguous': { path: string; moves: readonly string[] };
  'endpoint-route': { path: string };
  /** A bare V1 base URL that the program also uses for another service. */
  'base-url-shared': { base: string; other: string };
  /** An API path joined with a V1 base that is also used for another service (so the base stays on V1). */
  'path-on-shared-base': { path: string; base: string; other: string };
  /**
   * A renamed property read on V1 data that stays V1: its request goes through a shared base, or its
   * URL's version is made of two pieces (`'/v' + 1`) no edit of one string can move.
   */
  'read-stays-v1': { v1: string; v2: string; noun: string; why: StaysOnV1 };
  /** A renamed slug compared with the slugs of V1 data that stays V1 (as for `read-stays-v1`). */
  'slug-stays-v1': { v1: string; v2: string; noun: string; why: StaysOnV1 };
  /** A name the table renames, in a GraphQL document whose type nothing links to the API's data (the program uses the API). */
  'graphql-unlinked': { name: string; type?: string; v2?: string };
  /** A renamed property on a value nothing shows to be the API's: left as it is (a doubt, low confidence). */
  'property-unproven': { v1: string; v2: string };
  /** A V1 base URL kept in a config file whose uses the program does not show whole: a person points it at V2. */
  'config-base-unseen': { key: string; base: string; why: 'unread' | 'not-joined' | 'unknown-path'; where?: string };
  /** A recorded payload file (or entry) the adapter cannot convert as it is. */
  'payload-unconvertible': { kind: string; problem: string };
  /** A renamed property read where V1 and V2 data both arrive. */
  'read-mixed': { v1: string; v2: string; noun: string };
  /** A renamed property read on V1 data, where the checker resolves it to a member of a type not recognised as the API's. */
  'declared-other': { v1: string; v2: string; noun: string };
  /** V1 data the migration moves to V2, handed to a callback that is no function the program shows (its reads are not followed). */
  'callback-unfollowed': { callee: string; noun: string };
  /** V1 data the migration moves to V2, sent by a route of this server to clients the program does not hold. */
  'response-sent': { at: string; noun: string };
  /** V1 data the migration moves to V2, held by a Vue app whose template is the page's markup (not read by this tool). */
  'template-in-page': { app: string; noun: string };
  /** V1 data the migration moves to V2, stored in a browser's web storage or written to a file: copies stored before the migration stay V1. */
  'stored-persisted': { at: string; noun: string; where: 'browser' | 'file' };
  /** V1 data the migration moves to V2, bound to a prop of a component the template names but the file does not register: its reads are not seen. */
  'component-unseen': { tag: string; noun: string };
  /** A request the migration moves to V2 whose data no value of the program holds: where it is read is not seen. */
  'response-unseen': { request: string; noun: string };
  /** An API base or URL the migration moves to V2, handed to a call this tool cannot see into, whose result is used. */
  'url-unseen': { url: string; callee: string };
  /** A V1 name a caller gives a parameter that keys a read of V1 data (`x[key]`), where other calls may hand other objects. */
  'key-shared': { v1: string; v2: string; noun: string };
  /** A V1 state item's `text` compared with a Boolean's text (`"True"`), where the item moves to V2. */
  'boolean-text': { literal: string };
  /** A property V2 renames for some fields' items only, read where items of such fields and of others arrive. */
  'read-formats': { v1: string; v2: string; renamed: readonly string[]; kept: readonly string[] };
}

type Place = 'code' | 'string' | 'template';

export type NoteCode = keyof NoteParams;

/** A note: its code and parameters. */
export type Note = { [C in NoteCode]: { readonly code: C; readonly params: NoteParams[C] } }[NoteCode];

/** Builds a note with its parameters checked against its code. */
export const note = <C extends NoteCode>(code: C, params: NoteParams[C]): Note => ({ code, params }) as Note;

/** Why a person must look: the marker's cause. */
export type MarkerCause =
  | 'consolidated'
  | 'footnote'
  | 'deleted'
  | 'unknown'
  | 'warning'
  | 'in-string'
  | 'endpoint'
  | 'base-url'
  | 'collision'
  /** A V1 reference in a Vue `<template>`'s text, which the codemod does not rewrite. */
  | 'in-template';
