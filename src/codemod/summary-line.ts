import type { CodemodSummary } from './run.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The one summary line for stderr, e.g.
 * `civic-migrate: 3 files (1 config file) changed, 41 unchanged, 1 skipped, 0 errors; 12 edits, 4 markers; dry run (nothing written, use --write) in 0.31 s`.
 */
export function formatSummaryLine(summary: CodemodSummary, options: { check?: boolean } = {}): string {
  const t = summary.totals;
  const verb = summary.written ? 'changed' : options.check ? 'to change' : 'would change';
  const kinds = [
    t.data.config ? plural(t.data.config, 'config file') : '',
    t.data.payloads ? plural(t.data.payloads, 'recorded payload') : '',
    t.data.graphql ? plural(t.data.graphql, 'GraphQL file') : '',
  ].filter(Boolean);
  const of = kinds.length ? ` (${kinds.join(', ')})` : '';
  const files = `${plural(t.changed, 'file')}${of} ${verb}, ${t.unchanged} unchanged, ${t.skipped} skipped, ${plural(t.errors, 'error')}`;
  const work = `${plural(t.edits, 'edit')}, ${plural(t.markers, 'marker')}${t.markers > t.markersAdded ? ` (${t.markersAdded} new)` : ''}`;
  const mode = summary.written ? 'written' : options.check ? 'check (nothing written)' : 'dry run (nothing written, use --write)';
  const program = summary.program
    ? `; program ${summary.program.config}: ${summary.typeErrors.length === 0 ? 'no type error added' : `${plural(summary.typeErrors.length, 'type error')} added`}`
    : '';
  return `civic-migrate: ${files}; ${work}${program}; ${mode} in ${(summary.durationMs / 1000).toFixed(2)} s`;
}
