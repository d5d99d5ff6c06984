/**
 * What a marker says, as data: a code and its parameters. The rule kinds and the URL scanner
 * decide which note applies; `messages.ts` words it. A new code does not compile until it is
 * worded there.
 */
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
}

type Place = 'code' | 'string' | 'template';

export type NoteCode = keyof NoteParams;

/** A note: its code and parameters. */
export type Note = { [C in NoteCode]: { readonly code: C; readonly params: NoteParams[C] } }[NoteCode];

/** Builds a note with its parameters checked against its code. */
export const note = <C extends NoteCode>(code: C, params: NoteParams[C]): Note => ({ code, params }) as Note;
