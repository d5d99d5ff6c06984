import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { findV1Usage } from '../src/report/find.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * What the engine decides on the whole fixture apps and repositories, in process: the codemod's
 * patch of each file and the report's findings (with the evidence that gave each its role), exactly.
 * The patches are the ones `test/apps.test.ts` and `test/repos.test.ts` judge by behaviour (the
 * migrated app on V2 data does what the original does on V1 data); those run the apps in child
 * processes and take seconds each, so a change of the engine that alters a decision is caught here
 * first, in a second, and told apart by file and line. A change that is right updates the golden
 * file (`npx vitest run test/roles-whole-apps.test.ts --update`) and its diff is read in review with the
 * behaviour tests green.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const mappings = bundledMappings();

const FIXTURES = [
  'apps/cjs-class',
  'apps/js-callbacks',
  'apps/js-helpers',
  'apps/js-wrappers',
  'apps/shared-base',
  'apps/ts-typed',
  'apps/ts-untyped',
  'apps/v2-app',
  'apps/vue-sfc',
  'repos/config-values',
  'repos/gatsby-site',
  'repos/recorded-payloads',
  'repos/shared-env-base',
  'repos/v2-already',
  'repos/vue-dashboard',
];

async function decisions(fixture: string): Promise<string> {
  const cwd = join(ROOT, 'fixtures', fixture);
  const patches: string[] = [];
  const summary = await runCodemod({
    cwd,
    write: false,
    diff: true,
    mappings,
    onFile: (_result, patch) => {
      if (patch) patches.push(patch);
    },
  });
  const files = summary.files
    .filter((f) => f.status !== 'unchanged' || f.markers.length > 0)
    .map(
      (f) =>
        `${f.path}: ${f.status}${f.reason ? ` (${f.reason})` : ''}, ${f.changes.length} change(s), ${f.markers.length} marker(s)`,
    )
    .sort();
  const report = await findV1Usage({ cwd, mappings });
  const said = new Set<string>();
  const findings = report.findings.map((f) => {
    const evidence = (f.evidence ?? []).map((s) => `      ${JSON.stringify(s)}`);
    // A message is the table's words for its token (tested with the table): each is shown once.
    const message = said.has(f.message) ? [] : [`    ${f.message}`];
    said.add(f.message);
    return [
      `${f.file}:${f.line}:${f.column} ${f.kind} ${f.token} -> ${f.replacement ?? '(a person decides)'} [${f.fixedBy}, ${f.confidence}]`,
      ...message,
      ...evidence,
    ].join('\n');
  });
  return [
    `# codemod: ${summary.totals.edits} edit(s), ${summary.totals.markersAdded} marker(s) added, ${summary.totals.errors} error(s)`,
    ...files,
    '',
    ...patches.sort(),
    `# report: ${report.findings.length} finding(s)`,
    ...findings,
    '',
  ].join('\n');
}

describe('the engine on whole apps and repositories', () => {
  it.each(FIXTURES)('%s: the codemod’s patch and the report’s findings', async (fixture) => {
    await expect(await decisions(fixture)).toMatchFileSnapshot(`golden/${fixture.replace('/', '-')}.txt`);
  });
});
