import { transformSource } from '../codemod/transform.js';
import type { ReportRules } from './rules.js';
import { type ScanOptions, scanText as scan, type TextScan } from './scan-text.js';

/**
 * The library's `scanText`: V1 usage in one file's text, a TS/JS/Vue file decided by the codemod
 * file by file unless `transform` (program mode) decides it. See `scan-text.ts`.
 */
export function scanText(
  text: string,
  file: string,
  rules: ReportRules,
  options: Omit<ScanOptions, 'transformSource'> = {},
): TextScan {
  return scan(text, file, rules, { ...options, transformSource });
}
