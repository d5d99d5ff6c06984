import { CODEMOD_EXTENSIONS } from '../codemod/extensions.js';

/** The files `civic-migrate codemod` reads: their findings are its own decisions (see `codemod-findings.ts`). */
const CODEMOD_SET = new Set(CODEMOD_EXTENSIONS);

const extensionOf = (file: string) => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Whether the codemod reads this file at all. */
export const isCodemodFile = (file: string) => CODEMOD_SET.has(extensionOf(file));
