/** The GitHub Action: the report step cannot fail the job, the upload comes before the gate. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const action = readFileSync(new URL('../action.yml', import.meta.url), 'utf8');
/** The `- name:`/`- id:` steps of `runs.steps`, in order, each as its block of text. */
const steps = action
  .slice(action.indexOf('\n  steps:\n'))
  .split(/\n {4}- /)
  .slice(1);

describe('action.yml', () => {
  it('is a composite action with inputs paths, fail-on, category, upload, version, keep', () => {
    expect(action).toMatch(/\nruns:\n {2}using: composite\n/);
    for (const input of ['paths', 'fail-on', 'category', 'upload', 'version', 'keep'])
      expect(action).toContain(`\n  ${input}:\n`);
  });

  it('reports with --fail-on none, uploads even after failures, and gates last', () => {
    expect(steps).toHaveLength(4);
    const [, report, upload, gate] = steps as [string, string, string, string];
    expect(report).toContain('--format sarif -o "$sarif" --fail-on none');
    expect(report).toContain('--format github --fail-on none');
    expect(upload).toContain('uses: github/codeql-action/upload-sarif@');
    expect(upload).toContain('if: ${{ always() &&');
    expect(upload).toContain('category: ${{ inputs.category }}');
    expect(gate).toContain('--fail-on "$CIVIC_FAIL_ON"');
  });

  it('decides once: the three reports share one cache folder, so the second and third answer from the first', () => {
    const [, report, , gate] = steps as [string, string, string, string];
    expect(report).toContain('kept="${RUNNER_TEMP}/civic-migrate-cache"');
    expect(report.match(/--cache --cache-location "\$kept"/g)).toHaveLength(2);
    expect(gate).toContain('--cache --cache-location "${RUNNER_TEMP}/civic-migrate-cache"');
  });

  it('restores that folder from an earlier run first (actions/cache, saved after the job), unless keep is false', () => {
    const [restore] = steps as [string];
    expect(restore).toContain('uses: actions/cache@v4');
    expect(restore).toContain("if: ${{ inputs.keep == 'true' }}");
    expect(restore).toContain('path: ${{ runner.temp }}/civic-migrate-cache');
    expect(restore).toContain('key: civic-migrate-${{ runner.os }}-${{ github.sha }}');
    expect(restore).toContain('restore-keys: civic-migrate-${{ runner.os }}-');
  });

  it('passes inputs through the environment, never into the script text', () => {
    for (const step of steps) {
      const run = step.slice(step.indexOf('run: |'));
      if (step.includes('run: |')) expect(run).not.toContain('${{');
    }
  });
});
