import type { FailOn, ReportResult } from '../finding.js';
import type { ReportFormat } from '../formats.js';
import type { Reporter } from './index.js';

/**
 * The reporter of one format, loaded alone: a run prints one format, so the others (and what they
 * import: node:crypto for SARIF and CI fingerprints, the HTML page's chart) stay unloaded. The same
 * functions as `renderReport`'s, which the library keeps synchronous.
 */
export async function reporterFor(format: ReportFormat): Promise<Reporter> {
  switch (format) {
    case 'text':
      return (await import('./text.js')).renderText;
    case 'json':
      return (await import('./json.js')).renderJson;
    case 'sarif':
      return (await import('./sarif.js')).renderSarif;
    case 'markdown':
      return (await import('./markdown.js')).renderMarkdown;
    case 'github':
      return (await import('./ci.js')).renderGithub;
    case 'gitlab':
      return (await import('./ci.js')).renderGitlab;
    case 'html':
      return (await import('./html.js')).renderHtml;
  }
}

/**
 * The report of one format as pieces of text to write one after the other: the JSON and SARIF
 * reports a few findings at a time (`jsonPieces`), any other format as one piece.
 */
export async function piecesFor(format: ReportFormat): Promise<(result: ReportResult, failOn: FailOn) => Iterable<string>> {
  if (format === 'json') return (await import('./json.js')).jsonReportPieces;
  if (format === 'sarif') return (await import('./sarif.js')).sarifPieces;
  const render = await reporterFor(format);
  return (result, failOn) => [render(result, failOn)];
}
