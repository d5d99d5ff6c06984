import { z } from 'zod';
import { STEP_KINDS } from '../../roles/facts.js';
import { CONTEXTS, FINDING_KINDS, type Finding, READ_SKIP_REASONS } from '../finding.js';
import { CONFIDENCES, FIXERS } from '../summary.js';
import { REPORT_SCHEMA_VERSION } from './schema-version.js';

export { REPORT_SCHEMA_VERSION } from './schema-version.js';

/*
 * The JSON report (`report --format json`), defined once: its TypeScript type (`JsonReport`) and its
 * published JSON Schema (`REPORT_JSON_SCHEMA`, docs/report.schema.json) are both derived from this.
 */

const count = z.int().min(0);
const positive = z.int().min(1);
const counts = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, count])) as Record<K, typeof count>);
const oneOf = <K extends string>(values: readonly K[]) => z.enum(values as unknown as [K, ...K[]]);

const findingSchema = z.strictObject({
  code: z.string().min(1).describe('What exactly was found (the codemod’s change or note code in TS/JS/Vue)'),
  severity: z.enum(['error', 'warning', 'info']),
  rule: z
    .strictObject({ kind: z.string(), v1: z.string() })
    .nullable()
    .describe('The table row behind the finding: a slug rule by kind, a property, an endpoint or a host'),
  params: z.record(z.string(), z.unknown()).describe('The parameters the message is worded from'),
  file: z.string().regex(/^[^\\]+$/),
  line: positive,
  column: positive,
  endLine: positive,
  endColumn: positive,
  token: z.string().min(1),
  kind: oneOf(FINDING_KINDS),
  fixedBy: oneOf(FIXERS),
  replacement: z.string().nullable(),
  message: z.string().min(1),
  context: oneOf(CONTEXTS),
  confidence: oneOf(CONFIDENCES),
  excerpt: z.strictObject({ text: z.string(), column: positive }),
  baselined: z.literal(true).optional().describe('Accepted by --baseline: shown, not gating.'),
  evidence: z
    .array(
      z.strictObject({
        file: z.string().regex(/^[^\\]+$/),
        line: positive,
        column: positive,
        step: oneOf(STEP_KINDS),
        says: z.string().min(1),
      }),
    )
    .optional()
    .describe(
      'Why the value is the API’s: the places that gave it its role, from its source to the token (TS/JS, where the data flow decided)',
    ),
  observed: z
    .strictObject({
      reads: count,
      site: z.string().optional().describe('The sampled call site (file:line:column) of an `observed` finding'),
    })
    .optional()
    .describe(
      'With --observed: how often the running app read what the finding names (0: never during the recording; a hint only)',
    ),
});

export const reportDocumentSchema = z.strictObject({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  tool: z.strictObject({ name: z.string(), version: z.string() }),
  table: z.string().describe('`bundled`, or the path of the table given with --mappings'),
  failOn: z.enum(['manual', 'any', 'none']),
  outcome: z.enum(['pass', 'fail', 'error']),
  verdict: z.string(),
  summary: z.strictObject({
    findings: count,
    gating: count,
    suppressed: count.describe('Findings hidden by `civic-migrate-ignore` comments (not in `findings`)'),
    filesAffected: count,
    byKind: counts(FINDING_KINDS),
    byFixedBy: counts(FIXERS),
    byContext: counts(CONTEXTS),
    byConfidence: counts(CONFIDENCES),
  }),
  files: z.strictObject({
    searched: count,
    candidates: count,
    bytes: count,
    skipped: counts(READ_SKIP_REASONS),
    skippedList: z
      .array(
        z.strictObject({
          file: z.string(),
          reason: z.enum(['too-large', 'invalid-utf8']),
          bytes: count,
        }),
      )
      .describe('Each file not searched, with why; under failOn "any" they fail the gate.'),
    notListed: z.record(z.string(), count),
    errors: z.array(z.strictObject({ file: z.string(), message: z.string() })),
  }),
  elapsedMs: count,
  program: z
    .strictObject({ config: z.string() })
    .optional()
    .describe('Program mode: the tsconfig/jsconfig whose program decided the TS/JS files'),
  typeErrors: z
    .array(z.strictObject({ file: z.string(), line: positive, column: positive, code: z.int(), message: z.string() }))
    .describe('Program mode: type errors the codemod’s migration would add (not gating; empty outside program mode)'),
  findings: z.array(findingSchema),
  observation: z
    .strictObject({
      sources: z.array(z.string()),
      started: z.string(),
      updated: z.string(),
      read: count.describe('Findings whose token the app read at run time'),
      notRead: count.describe('Findings the app never read during the recording (a hint: dead or unexercised code)'),
      dynamic: count.describe('V1 slugs read at run time that no finding names (the `observed` findings)'),
      payloads: z
        .strictObject({ handed: count, watched: count })
        .optional()
        .describe('Payloads handed to the app during the recording, and how many of them were watched'),
    })
    .optional()
    .describe('With --observed: the recording the findings were met with'),
  history: z
    .array(
      z.strictObject({
        commit: z.string(),
        date: z.string(),
        subject: z.string(),
        findings: count,
        codemod: count,
        person: count,
        rescanned: count.describe('Files scanned again at this commit (changed since the previous sample)'),
      }),
    )
    .optional()
    .describe('With --history: V1 usage at sampled past commits, oldest first'),
});

/** Read-only all the way down, as the report's own types are. */
type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;

/** The JSON report as written: derived from the schema, so the two cannot drift. */
export type JsonReport = Immutable<z.output<typeof reportDocumentSchema>>;

/** The compiler holds the report's `Finding` to the schema's finding: the same keys, types and optionality. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Flat<T> = { [K in keyof T]: T[K] };
const findingMatchesSchema: Same<Flat<Finding>, Flat<Immutable<z.output<typeof findingSchema>>>> = true;
void findingMatchesSchema;

/** JSON Schema (draft-07) of `civic-migrate report --format json`. */
export const REPORT_JSON_SCHEMA = {
  ...z.toJSONSchema(reportDocumentSchema, { target: 'draft-7', io: 'output' }),
  $id: `https://civic-migrate.invalid/report.schema.v${REPORT_SCHEMA_VERSION}.json`,
  title: 'civic-migrate report',
} as Record<string, unknown>;
