import { FIX } from '../mapping/explain.js';
import type { FindingKind, Fixer, SourceContext } from './finding.js';

/**
 * The report's own words, in one place. A finding's message is its body (what changed and what
 * to do, in `explain`'s words or the codemod's marker's) and one sentence on who fixes it, chosen
 * by where the finding stands: in a file the codemod reads, in another file, or in a comment.
 */
export type Where = 'codemod-file' | 'other-file';

/** What the report says where the codemod cannot go: a file it does not read. */
export const OUTSIDE_CODEMOD =
  'Change it by hand: `civic-migrate codemod` renames slugs only in TS/JS files and the `<script>` blocks of Vue files.';

/** A finding's message, composed once: never edited afterwards. */
export function findingMessage(
  body: string,
  finding: {
    readonly kind: FindingKind;
    readonly fixedBy: Fixer;
    readonly context: SourceContext;
    readonly sayWhoFixes: boolean;
  },
  where: Where,
): string {
  // A marker's words are its own, wherever it stands (they are how a placed marker is recognised).
  if (finding.kind === 'marker') return body;
  if (finding.context === 'comment' && where === 'codemod-file')
    return `In a comment, which \`civic-migrate codemod\` leaves alone: update it where it documents V1 usage. ${body}`;
  if (!finding.sayWhoFixes) return body;
  const fix =
    where === 'codemod-file'
      ? FIX[finding.fixedBy]
      : finding.fixedBy === 'codemod'
        ? OUTSIDE_CODEMOD
        : 'A person must change the code.';
  return `${body} ${fix}`;
}

/** The message of a marker comment a codemod run left in the code, when it has no text of its own. */
export const LEFTOVER_MARKER = 'A marker left by `civic-migrate codemod`: a person must finish this change.';

/** The body for a bare base URL of the API's hosts that the codemod moves. */
export const baseUrlBody = (to: string) => `The V1 base URL of the Civic Data API: use the same host under \`/${to}/\`.`;

/** The body for a rewrite of a base URL found by the codemod on a host. */
export const hostBaseBody = (host: string) =>
  `The V1 base URL of the Civic Data API on \`${host}\`: the same host serves V2 under its own version.`;
