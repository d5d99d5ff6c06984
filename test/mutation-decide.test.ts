/**
 * Codemod decisions (src/codemod/decide.ts) that only a test reaching that branch can pin down
 * (#28, mutation testing), run in process: a field property's name as a whole string
 * (`Pick<T, 'long_name'>`, `keyOf('long_name')`) in a file that reads the API. The guard that skips
 * a string the program renames is redundant (see the equivalents in test/mutation/stryker.config.mjs);
 * what is pinned is that such a string is the program's alone and every other one is doubted.
 */
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { writeTree } from './helpers/tree.js';

const TYPES = 'export interface FieldDescriptor {\n  slug: string;\n  long_name: string;\n  field_format: string;\n}\n';
const LABELS = [
  "import type { FieldDescriptor } from './types.js';",
  '',
  "const FIELDS = 'https://api.voteamerica.org/v1/election/field/';",
  'export async function list(): Promise<FieldDescriptor[]> {',
  '  return (await (await fetch(FIELDS)).json()) as FieldDescriptor[];',
  '}',
  "export type Labelled = Pick<FieldDescriptor, 'slug' | 'long_name'>;",
  'export const keyOf = (k: keyof FieldDescriptor) => k;',
  "export const named = keyOf('long_name');",
  '',
].join('\n');
const UNPROVEN =
  "`long_name` is read here on a value nothing in the program shows to be the Civic Data API's: left as it is (if it is a V1 field descriptor, read `description`)";

const tree = () =>
  writeTree(
    {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true },
        include: ['src'],
      }),
      'src/types.ts': TYPES,
      'src/labels.ts': LABELS,
    },
    'cm-mutation-decide-',
  );

const labels = (summary: Awaited<ReturnType<typeof runCodemod>>) => {
  const file = summary.files.find((f) => f.path === 'src/labels.ts');
  return {
    /** Each change as its code, line, the text it replaces and its parameters. */
    changes: file?.changes.map((c) => [
      c.code,
      LABELS.slice(0, c.start).split('\n').length,
      LABELS.slice(c.start, c.end),
      c.params,
    ]),
    markers: file?.markers.map((m) => [m.code, m.line, m.message]),
  };
};

describe("a field property's name as a whole string, in a file that reads the Civic Data API", () => {
  it('is left to the program where it renames that string (no doubt said), and doubted where it does not', async () => {
    const summary = await runCodemod({ cwd: tree() });
    expect(summary.program).toEqual({ config: 'tsconfig.json' });
    expect(labels(summary)).toEqual({
      changes: [
        ['endpoint-rewritten', 3, '/v1/election/field/', { from: '/v1/election/field/', to: '/v2/election/field/' }],
        ['property-rewritten', 7, 'long_name', { from: 'long_name', to: 'description' }],
      ],
      // `Pick<…, 'long_name'>` is the program's (renamed, line 7); `keyOf('long_name')` is not (line 9).
      markers: [['property-unproven', 9, UNPROVEN]],
    });
  });

  it('with `longName: always`, both strings are renamed, each once (the program’s rename of its own string wins)', async () => {
    const summary = await runCodemod({ cwd: tree(), longName: 'always' });
    expect(labels(summary)).toEqual({
      changes: [
        ['endpoint-rewritten', 3, '/v1/election/field/', { from: '/v1/election/field/', to: '/v2/election/field/' }],
        ['property-rewritten', 7, 'long_name', { from: 'long_name', to: 'description' }],
        ['property-rewritten', 9, 'long_name', { from: 'long_name', to: 'description' }],
      ],
      markers: [],
    });
  });

  it('file by file (no program), both strings are doubts and neither is renamed', async () => {
    const summary = await runCodemod({ cwd: tree(), project: false });
    expect(labels(summary)).toEqual({
      changes: [['endpoint-rewritten', 3, '/v1/election/field/', { from: '/v1/election/field/', to: '/v2/election/field/' }]],
      markers: [
        ['property-unproven', 7, UNPROVEN],
        ['property-unproven', 9, UNPROVEN],
      ],
    });
  });
});
