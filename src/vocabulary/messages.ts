import { showPath } from '../endpoints/model.js';
import { code, list } from '../rules/format.js';
import type { MarkerCause, Note, NoteCode, NoteParams, StaysOnV1 } from './notes.js';

/**
 * The codemod's wording: every marker text, by note code (the rule kinds and the URL scanner
 * decide which note applies). One line each, without the `civic-migrate:` prefix.
 */

/** What a marker says, without the `civic-migrate:` prefix. One line. */
export interface MarkerNote {
  readonly cause: MarkerCause;
  readonly message: string;
  /** The note it words. */
  readonly note: Note;
}

type Place = 'code' | 'string' | 'template';
const subject = (v1: string, place: Place) =>
  place === 'string' ? `${code(v1)} (in this string)` : place === 'template' ? `${code(v1)} (in the <template>)` : code(v1);
const byPlace = (place: Place, cause: MarkerCause): MarkerCause => (place === 'template' ? 'in-template' : cause);
/** Why a request stays on V1 after the migration, as its data's markers say it. */
const stayingRequest = (why: StaysOnV1) =>
  why === 'shared'
    ? 'requested through a base that stays on V1 (it is shared with another service)'
    : "requested from a URL whose version is made of two pieces (as `'/v' + 1`), which the codemod cannot move";
/** What to do about it, after the marker's sentence. */
const stayingAdvice = (why: StaysOnV1) => (why === 'split' ? ' (write the version in one string and run the codemod again)' : '');

const WORDING: { readonly [C in NoteCode]: { cause(p: NoteParams[C]): MarkerCause; text(p: NoteParams[C]): string } } = {
  'renamed-elsewhere': {
    cause: (p) => byPlace(p.place, 'in-string'),
    text: (p) =>
      p.place === 'template'
        ? `${subject(p.v1, p.place)} is ${code(p.v2)} in V2: the codemod rewrites code (the script, the template's expressions), not this text: change it by hand`
        : `${subject(p.v1, p.place)} is ${code(p.v2)} in V2: change it by hand where it names the field`,
  },
  consolidated: {
    cause: (p) => byPlace(p.place, 'consolidated'),
    text: (p) =>
      `${subject(p.v1, p.place)} is gone in V2: read ${code(p.v2)}' \`multiselect_value\` and check for ${code(p.option)}`,
  },
  footnote: {
    cause: (p) => byPlace(p.place, 'footnote'),
    text: (p) =>
      `${subject(p.v1, p.place)} is gone in V2: its notes are in the \`footnotes\` of ${list(p.targets)}${
        p.inferred ? ' (this list is an inference: check the fields your code shows)' : ''
      }`,
  },
  deleted: {
    cause: (p) => byPlace(p.place, 'deleted'),
    text: (p) => `${subject(p.v1, p.place)} is deleted in V2 (${p.category}): ${p.reason} ${p.advice}`,
  },
  'unknown-fate': {
    cause: (p) => byPlace(p.place, 'unknown'),
    text: (p) => `${subject(p.v1, p.place)} ${p.fate ?? 'has no known fate in V2'}: ${p.advice}`,
  },
  'rule-warning': {
    cause: () => 'warning',
    text: (p) => `${code(p.v1)} became ${code(p.v2)}: ${p.warning}`,
  },
  'format-may-change': {
    cause: () => 'warning',
    text: (p) =>
      `${code(p.v1)} became ${code(p.v2)}, whose format is likely ${p.to}, not ${p.from} (an inference${p.basis ? `: ${p.basis.replace(/\.$/, '')}` : ''}): check how this code reads its \`text\``,
  },
  collision: {
    cause: () => 'collision',
    text: (p) => `${code(p.v1)} is ${code(p.v2)} in V2, and ${code(p.v2)} is already here: merge the two by hand`,
  },
  'invalid-name': {
    cause: () => 'in-string',
    text: (p) => `${code(p.v1)} is ${code(p.v2)} in V2, which is not a valid name here: change it by hand`,
  },
  'property-elsewhere': {
    cause: (p) => byPlace(p.place, 'in-string'),
    text: (p) =>
      p.place === 'template'
        ? `${code(p.v1)} (in the <template>) is ${code(p.v2)} in V2: the codemod rewrites code (the script, the template's expressions), not this text: change it by hand`
        : `${code(p.v1)} (in this string) is ${code(p.v2)} in V2: change it by hand where it reads the Civic Data API`,
  },
  endpoint: {
    cause: () => 'endpoint',
    text: (p) =>
      p.v2 ? `${code(p.v1)} became ${code(p.v2)}: ${p.description}` : `${code(p.v1)} has no V2 equivalent: ${p.description}`,
  },
  'endpoint-unknown': {
    cause: () => 'endpoint',
    text: (p) => `${code(showPath(p.path))} is not a Civic Data API endpoint the table knows: check it against V2 by hand`,
  },
  'endpoint-ambiguous': {
    cause: () => 'endpoint',
    text: (p) => {
      const shown = p.path.endsWith('\0') ? showPath(p.path) : `${showPath(p.path)}…`;
      return `${code(shown)} can reach several V1 endpoints, which move differently in V2 (${p.moves.join('; ')}): change it by hand`;
    },
  },
  'endpoint-route': {
    cause: () => 'endpoint',
    text: (p) => `${code(showPath(p.path))} looks like a route pattern: change it by hand if it calls the Civic Data API`,
  },
  'config-base-unseen': {
    cause: () => 'base-url',
    text: (p) =>
      `${code(p.key)} holds the V1 base ${code(p.base)}, ${
        p.why === 'unread'
          ? 'and no code the codemod analysed reads it'
          : p.why === 'not-joined'
            ? `read${p.where ? ` at ${p.where}` : ''}, but joined with no path the codemod can see`
            : `joined${p.where ? ` at ${p.where}` : ''} with a path the codemod cannot see`
      }: point it at V2 by hand once every use of it is known to be the Civic Data API's`,
  },
  'payload-unconvertible': {
    cause: () => 'unknown',
    text: (p) =>
      `this V1 ${p.kind} cannot be converted as it is (${p.problem}): fix it, then run \`civic-migrate adapt\` or the codemod again`,
  },
  'base-url-shared': {
    cause: () => 'base-url',
    text: (p) =>
      `${code(p.base)} is also used for ${code(p.other)}, another service that stays on V1: point the Civic Data API calls at V2 by hand`,
  },
  'path-on-shared-base': {
    cause: () => 'base-url',
    text: (p) =>
      `${code(showPath(p.path))} is joined with ${code(p.base)}, which is also used for ${code(p.other)} (another service that stays on V1): call the Civic Data API through a V2 base of its own`,
  },
  'read-stays-v1': {
    cause: () => 'base-url',
    text: (p) =>
      `${code(p.v1)} is read from a V1 ${p.noun} ${stayingRequest(p.why)}: it becomes ${code(p.v2)} when that request moves to V2${stayingAdvice(p.why)}`,
  },
  'graphql-unlinked': {
    cause: () => 'in-string',
    text: (p) =>
      `${code(p.name)} in this GraphQL document${p.v2 ? ` is ${code(p.v2)} in V2` : ' has changed in V2'}, but nothing shows that ${
        p.type ? `type ${code(p.type)}` : 'its type'
      } holds the Civic Data API's data: rename it by hand where it does`,
  },
  'slug-stays-v1': {
    cause: () => 'base-url',
    text: (p) =>
      `${code(p.v1)} names the field of V1 ${p.noun}s ${stayingRequest(p.why)}: it becomes ${code(p.v2)} when that request moves to V2${stayingAdvice(p.why)}`,
  },
  'property-unproven': {
    cause: () => 'warning',
    text: (p) =>
      `${code(p.v1)} is read here on a value nothing in the program shows to be the Civic Data API's: left as it is (if it is a V1 field descriptor, read ${code(p.v2)})`,
  },
  'read-mixed': {
    cause: () => 'warning',
    text: (p) =>
      `both V1 and V2 ${p.noun}s reach this ${code(p.v1)} (V2 calls it ${code(p.v2)}): give each version its own code path, or read both names`,
  },
  'declared-other': {
    cause: () => 'warning',
    text: (p) =>
      `${code(p.v1)} is read here on V1 ${p.noun}s, but its declared type is not recognised as one (V2 calls it ${code(p.v2)}): rename the member in that type and where it is used, or declare the data with the API's type`,
  },
  'callback-unfollowed': {
    cause: () => 'warning',
    text: (p) =>
      `V1 ${p.noun}s are handed to ${code(p.callee)} here, a function this tool cannot see into: after the migration they arrive as V2 ${p.noun}s, so rename the names it reads (\`civic-migrate explain NAME\` says how)`,
  },
  'response-sent': {
    cause: () => 'warning',
    text: (p) =>
      `V1 ${p.noun}s are sent here to this server's clients (${code(p.at)}), and no request of this route is seen in this repository: after the migration they get V2 ${p.noun}s, so rename what they read, or send them V1 data (the adapter's \`downgrade\` converts)`,
  },
  'template-in-page': {
    cause: () => 'warning',
    text: (p) =>
      `V1 ${p.noun}s are held by this Vue app (${code(p.app)}), whose template is the page's own markup, which this tool does not read: after the migration they are V2 ${p.noun}s, so rename the names the page's template reads (\`civic-migrate explain NAME\` says how)`,
  },
  'stored-persisted': {
    cause: () => 'warning',
    text: (p) =>
      p.where === 'file'
        ? `V1 ${p.noun}s are written to a file here (${code(p.at)}): after the migration this code writes and reads back V2 ${p.noun}s, but copies written before it (kept by a build, a cache, a deploy) stay V1 and will be read as V2: write them again, or under a new name`
        : `V1 ${p.noun}s are stored in the browser here (${code(p.at)}): after the migration this code stores and reads back V2 ${p.noun}s, but copies stored before it stay V1 and will be read as V2: store under a new key, or drop the stored copies`,
  },
  'component-unseen': {
    cause: () => 'warning',
    text: (p) =>
      `V1 ${p.noun}s are bound here to a prop of ${code(`<${p.tag}>`)}, a component this file does not register (registered globally, by a plugin or an auto-import resolver), so this tool cannot see what it reads: after the migration they arrive as V2 ${p.noun}s, so rename the names it reads (\`civic-migrate explain NAME\` says how)`,
  },
  'response-unseen': {
    cause: () => 'warning',
    text: (p) =>
      `this request of ${code(p.request)} moves to V2, but where its ${p.noun} is read is not seen here (a library's callback or stream, a parse of the response's text, a caller outside the program): make sure that code reads V2's names (\`civic-migrate explain NAME\` says how)`,
  },
  'url-unseen': {
    cause: () => 'warning',
    text: (p) =>
      `${code(p.url)} moves to V2, but it is handed to ${code(p.callee)}, which this tool cannot see into: the requests made with what it returns are not known, so make sure their data is read with V2's names (\`civic-migrate explain NAME\` says how)`,
  },
  'key-shared': {
    cause: () => 'warning',
    text: (p) =>
      `${code(p.v1)} is given here to name what a function reads on V1 ${p.noun}s (V2 calls it ${code(p.v2)}), and its other calls may hand it other objects: pass ${code(p.v2)} where the API's data arrives, or give each its own code path`,
  },
  'boolean-text': {
    cause: () => 'warning',
    text: (p) =>
      `a V1 state item's \`text\` is compared with ${code(p.literal)} here: V2 gives a Boolean as \`bool_value\` and does not document its \`text\`'s casing, so compare \`bool_value\` (\`true\`/\`false\`) instead`,
  },
  'read-formats': {
    cause: () => 'warning',
    text: (p) =>
      `the items of the V1 fields ${list(p.renamed)} (V2 calls it ${code(p.v2)} there) and ${list(p.kept)} (V2 keeps ${code(p.v1)}) reach this ${code(p.v1)}: read the item of each field on its own`,
  },
};

/** A note with its words and cause. */
export function word(note: Note): MarkerNote {
  const w = WORDING[note.code] as { cause(p: unknown): MarkerCause; text(p: unknown): string };
  // A marker is a line of source: no control character from a scanned string may reach it.
  const message = w.text(note.params).replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\u0000' ? '…' : ' '));
  return { cause: w.cause(note.params), message, note };
}
