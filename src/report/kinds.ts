import type { FindingKind } from './finding.js';

export interface KindInfo {
  /** PascalCase name (SARIF `rule.name`). */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** What to do, in general (each finding's message says it for its token). */
  readonly help: string;
  /** SARIF level when the finding is high confidence. */
  readonly level: 'error' | 'warning';
}

/** One entry per finding kind: a new kind does not compile until it is described here. */
export const KIND_INFO: Readonly<Record<FindingKind, KindInfo>> = {
  rename: {
    name: 'V1SlugRenamed',
    title: 'V1 field slug renamed in V2',
    description: 'A V1 field slug that V2 renamed. Whether its format changed is as the table knows it (see the message).',
    help: 'Replace the slug with its V2 name. `civic-migrate codemod` does it in TS/JS; elsewhere replace the token as the message says.',
    level: 'warning',
  },
  consolidate: {
    name: 'V1BooleanConsolidated',
    title: 'V1 Boolean folded into a V2 Multi-select option',
    description: 'A deleted V1 Boolean field whose information is now one option of a V2 Multi-select field.',
    help: "Read the V2 Multi-select field's `multiselect_value` and check for the option the message names.",
    level: 'error',
  },
  footnote: {
    name: 'V1NotesMovedToFootnotes',
    title: 'V1 notes field moved into V2 footnotes',
    description: 'A deleted V1 `*_notes` field whose text now stands in the `footnotes` of other V2 fields.',
    help: "Read the `footnotes` of the V2 fields the message names instead of the notes field's `text`.",
    level: 'error',
  },
  delete: {
    name: 'V1SlugDeleted',
    title: 'V1 field slug deleted in V2',
    description: 'A V1 field slug that V2 deleted (redundant, not tracked, too difficult to maintain, or 2022-specific).',
    help: 'Remove the lookup or use the replacement the message names.',
    level: 'error',
  },
  property: {
    name: 'V1PropertyRenamed',
    title: 'V1 property renamed in V2',
    description:
      'A V1 property: `long_name` on field descriptors (`description` in V2), or the undocumented `value` on Boolean items (`bool_value` in V2).',
    help: 'Read the V2 property instead. A `long_name` in a file with no sign of the Civic Data API is low confidence: it may be another API’s.',
    level: 'warning',
  },
  endpoint: {
    name: 'V1EndpointUrl',
    title: 'V1 Civic Data endpoint URL',
    description:
      'A V1 endpoint path of the Civic Data API, a bare V1 base URL of its hosts, or a V1-only path written without its version.',
    help: 'Use the V2 path the message names; where V2 has no equivalent, restructure the calls as it says.',
    level: 'warning',
  },
  'unknown-slug': {
    name: 'V1SlugWithoutV2Fate',
    title: 'V1 field slug with no known V2 fate',
    description: 'A V1 field slug that neither V2 migration table names (an older V1 slug or a 2020-cycle field).',
    help: 'A person must decide what replaces it; the message gives what is known.',
    level: 'error',
  },
  marker: {
    name: 'CodemodMarker',
    title: 'Change left to a person by the codemod',
    description: 'A `civic-migrate:` comment the codemod wrote where it could not safely rewrite V1 usage.',
    help: 'Do what the marker says, then delete the marker comment.',
    level: 'error',
  },
  observed: {
    name: 'V1SlugReadAtRunTime',
    title: 'V1 field slug read at run time, not found in the code',
    description:
      'A V1 slug the running app was seen to read (report --observed) that no static finding names: the code reaches it dynamically.',
    help: 'Look for dynamic access at the call site (a slug from configuration, a database or a CMS) and migrate the data it comes from.',
    level: 'error',
  },
};
