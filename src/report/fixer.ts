import { CODEMOD_EXTENSIONS } from '../codemod/transform.js';
import { FIX } from '../mapping/explain.js';
import type { Finding } from './finding.js';

/** The files `civic-migrate codemod` reads: their findings are its own decisions (see `codemod-findings.ts`). */
const CODEMOD_SET = new Set(CODEMOD_EXTENSIONS);

const extensionOf = (file: string) => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Whether the codemod reads this file at all. */
export const isCodemodFile = (file: string) => CODEMOD_SET.has(extensionOf(file));

/** What the report says where the codemod cannot go: a file it does not read. */
export const OUTSIDE_CODEMOD =
  'Change it by hand: `civic-migrate codemod` rewrites only TS/JS files and the `<script>` blocks of Vue files.';

/**
 * A finding of the text lexer, in a file the codemod does not read (or cannot parse): a person
 * makes every change there, whatever the rule would let the codemod do in TS/JS.
 */
export function outsideCodemod(f: Finding, file: string): Finding {
  if (f.fixedBy === 'codemod') {
    const message = f.message.includes(FIX.codemod)
      ? f.message.replace(FIX.codemod, OUTSIDE_CODEMOD)
      : `${f.message} ${OUTSIDE_CODEMOD}`;
    return { ...f, fixedBy: 'person', severity: f.confidence === 'low' ? 'info' : 'error', message };
  }
  if (f.kind !== 'marker' && !isCodemodFile(file) && f.message.includes(FIX.person))
    return { ...f, message: f.message.replace(FIX.person, 'A person must change the code.') };
  return f;
}
