import type { FindingRecord, TextSpan } from '../findings/record.js';
import type { Mappings } from '../mapping/mappings.js';
import type { EvidenceStep } from '../roles/evidence.js';
import type { MarkerCause, NoteCode, NoteParams } from '../vocabulary/notes.js';

/** A replacement of `[start, end)` of the original text by `text` (an insertion when start === end). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** What an automatic rewrite changed. */
/** `payload`: a recorded payload (a JSON file, an HAR response, an NDJSON line) converted whole by the adapter. */
export type ChangeKind = 'slug' | 'property' | 'endpoint' | 'payload';

/** A rewrite: the finding record with code `slug-rewritten`, `property-rewritten` or `endpoint-rewritten`, severity `warning`. */
export interface Change
  extends FindingRecord<`${ChangeKind}-rewritten`, { readonly from: string; readonly to: string }>,
    TextSpan {
  readonly kind: ChangeKind;
  /** The rewritten span of the input, as offsets (UTF-16 code units; `end` exclusive): an editor's or a linter's range. */
  readonly start: number;
  readonly end: number;
  readonly from: string;
  readonly to: string;
  /** Why the value is the API's: the chain of places that gave it its role (when the data flow decided). */
  readonly evidence?: readonly EvidenceStep[];
}

/** A place a person must look at: the finding record with the note's code and parameters (`message` words them). */
export interface Marker extends FindingRecord<NoteCode, NoteParams[NoteCode]>, TextSpan {
  readonly cause: MarkerCause;
  /** The token the marker is about, as offsets of the input (UTF-16 code units; `end` exclusive). */
  readonly start: number;
  readonly end: number;
  /** The token: a slug, a property, a path (`…` for a part built at run time). */
  readonly token: string;
  /** The text after `civic-migrate: `. */
  readonly message: string;
  /** True when this run inserts the comment. */
  readonly added: boolean;
  /**
   * True when the comment stands in the resulting file (added now or by an earlier run); false
   * with `markers: false`, in a Vue `<template>`, or where no comment line can go.
   */
  readonly present: boolean;
  /** `low` for a doubt: said, never written into the code, never gating. */
  readonly confidence?: 'low';
  /** Why: the chain of places that gave the value its role (when the data flow decided). */
  readonly evidence?: readonly EvidenceStep[];
}

export interface TransformOptions {
  /** The table (default: the bundled one). */
  readonly mappings?: Mappings;
  /** Insert marker comments (default true). Markers are reported either way. */
  readonly markers?: boolean;
  /**
   * Where `long_name` becomes `description`: `auto` (default) only in files that show Civic Data
   * API use, `always` in every file, `never`.
   */
  readonly longName?: 'auto' | 'always' | 'never';
  /**
   * The caller reads the decisions only (the report): the rewritten text is not parsed again to
   * prove it still parses. The codemod always checks before it writes.
   */
  readonly decisionsOnly?: boolean;
}

export interface TransformResult {
  /** The rewritten text (the input itself when nothing changes or on error). */
  readonly output: string;
  readonly changed: boolean;
  /** The span edits applied to the input, sorted (rewrites and marker insertions). */
  readonly edits: readonly Edit[];
  readonly changes: readonly Change[];
  readonly markers: readonly Marker[];
  /** Decisions dropped by `civic-migrate-ignore` comments. */
  readonly ignored: number;
  /** Set when the file was left untouched because it (or its rewrite) does not parse. */
  readonly error?: string;
}

/** A type error the migration adds. */
export interface TypeErrorRecord {
  /** Relative to `cwd`, `/`-separated. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** TypeScript's code (`2339`: "Property … does not exist on type …"). */
  readonly code: number;
  readonly message: string;
}
