import type { FailOn, ReportResult } from '../finding.js';
import type { ReportFormat } from '../formats.js';
import { renderGithub, renderGitlab } from './ci.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';

export type Reporter = (result: ReportResult, failOn: FailOn) => string;

/** Reporters are pure functions of the result, chosen by name. */
const REPORTERS: Readonly<Record<ReportFormat, Reporter>> = {
  text: renderText,
  json: renderJson,
  sarif: renderSarif,
  markdown: renderMarkdown,
  github: renderGithub,
  gitlab: renderGitlab,
  html: renderHtml,
};

export interface RenderOptions {
  /** Which findings fail the gate; the verdict says so (default `any`). */
  readonly failOn?: FailOn;
}

/** Formats a report result; prints nothing. */
export function renderReport(result: ReportResult, format: ReportFormat = 'text', options: RenderOptions = {}): string {
  return REPORTERS[format](result, options.failOn ?? 'any');
}
