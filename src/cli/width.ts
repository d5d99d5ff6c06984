/**
 * The width the CLI's help and messages wrap at: the terminal's, at most 110 columns, 100 when the
 * output is not a terminal. One rule for the CLI's parser (src/cli/main.ts) and for the bin, which
 * keys the kept `--help` text by it (src/cli/code-cache.ts).
 */
export function helpWidth(columns: number | undefined): number {
  return Math.min(110, columns ?? 100);
}
