import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./mutation/report-from-events.mjs', import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'civic-events-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'test'));
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = (x: number) => x > 1;\n');
  writeFileSync(join(root, 'test', 'a.test.ts'), "it('one', () => {}); it('two', () => {});\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const loc = (line: number, from: number, to: number) => ({ start: { line, column: from }, end: { line, column: to } });
const mutant = (id: string, mutatorName: string, replacement: string, location: ReturnType<typeof loc>) => ({
  id,
  fileName: join(root, 'src', 'a.ts'),
  mutatorName,
  replacement,
  location,
});

/** An events folder as Stryker's event-recorder reporter writes it: dry run, plan, then one file per tested mutant. */
function events(tested: object[]): string {
  const dir = join(root, 'events');
  mkdirSync(dir);
  const file = (i: number, name: string, data: object) =>
    writeFileSync(join(dir, `${String(i).padStart(5, '0')}-${name}.json`), JSON.stringify(data));
  const testFile = join(root, 'test', 'a.test.ts');
  file(0, 'onDryRunCompleted', {
    result: {
      status: 'complete',
      tests: [
        { id: 'test/a.test.ts#one', name: 'one', fileName: testFile, timeSpentMs: 1, status: 0 },
        { id: 'test/a.test.ts#two', name: 'two', fileName: testFile, timeSpentMs: 1, status: 0 },
      ],
    },
  });
  file(1, 'onMutationTestingPlanReady', {
    mutantPlans: [
      { plan: 'Run', mutant: mutant('0', 'ConditionalExpression', 'true', loc(1, 32, 37)) },
      { plan: 'Run', mutant: mutant('1', 'EqualityOperator', 'x >= 1', loc(1, 32, 37)) },
      { plan: 'Run', mutant: mutant('2', 'ArrowFunction', '() => undefined', loc(1, 18, 37)) },
    ],
  });
  for (const [i, m] of tested.entries()) file(i + 2, 'onMutantTested', m);
  // A run stopped while writing an event leaves it cut short: it is skipped.
  writeFileSync(join(dir, '00099-onMutantTested.json'), '{"id":"2","status":"Kil');
  return dir;
}

function run(dir: string) {
  const out = join(root, 'report.json');
  const r = spawnSync(process.execPath, [SCRIPT, dir, out], { cwd: root, encoding: 'utf8' });
  return { ...r, report: r.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : undefined };
}

describe('report-from-events: a stopped mutation run as a report the next run resumes from', () => {
  it('holds each tested mutant with its tests numbered, the tests and sources, and scores what was tested', () => {
    const dir = events([
      {
        ...mutant('0', 'ConditionalExpression', 'true', loc(1, 32, 37)),
        status: 'Killed',
        statusReason: 'expected true to be false',
        static: false,
        testsCompleted: 2,
        coveredBy: ['test/a.test.ts#one', 'test/a.test.ts#two'],
        killedBy: ['test/a.test.ts#two'],
      },
      {
        ...mutant('1', 'EqualityOperator', 'x >= 1', loc(1, 32, 37)),
        status: 'Survived',
        static: false,
        testsCompleted: 1,
        coveredBy: ['test/a.test.ts#one'],
      },
    ]);
    const r = run(dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      'src/a.ts: 2 tested (killed 1, timed out 0, survived 1, no coverage 0, ignored 0): 50.0%; 1 not tested yet\n',
    );
    expect(r.report).toEqual({
      schemaVersion: '1.0',
      thresholds: { high: 80, low: 60 },
      projectRoot: root,
      files: {
        'src/a.ts': {
          language: 'typescript',
          source: 'export const a = (x: number) => x > 1;\n',
          mutants: [
            {
              id: '0',
              mutatorName: 'ConditionalExpression',
              replacement: 'true',
              location: loc(1, 32, 37),
              status: 'Killed',
              statusReason: 'expected true to be false',
              static: false,
              coveredBy: ['0', '1'],
              killedBy: ['1'],
              testsCompleted: 2,
            },
            {
              id: '1',
              mutatorName: 'EqualityOperator',
              replacement: 'x >= 1',
              location: loc(1, 32, 37),
              status: 'Survived',
              static: false,
              coveredBy: ['0'],
              testsCompleted: 1,
            },
          ],
        },
      },
      testFiles: {
        'test/a.test.ts': {
          source: "it('one', () => {}); it('two', () => {});\n",
          tests: [
            { id: '0', name: 'one' },
            { id: '1', name: 'two' },
          ],
        },
      },
    });
  });

  it('refuses a folder without the dry run or the plan, in one line, exit 2', () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    const r = run(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`report-from-events: ${dir}: no dry run or no plan recorded (was the event-recorder reporter on?)\n`);
  });
});
