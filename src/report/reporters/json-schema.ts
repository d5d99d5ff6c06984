import { CONTEXTS, FINDING_KINDS, READ_SKIP_REASONS } from '../finding.js';
import { CONFIDENCES, FIXERS } from '../summary.js';
import { REPORT_SCHEMA_VERSION } from './json.js';

const counts = (keys: readonly string[]) => ({
  type: 'object',
  additionalProperties: false,
  required: [...keys],
  properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer', minimum: 0 }])),
});

const positive = { type: 'integer', minimum: 1 } as const;

/** JSON Schema (draft-07) of `civic-migrate report --format json`, schema version 1. */
export const REPORT_JSON_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: `https://civic-migrate.invalid/report.schema.v${REPORT_SCHEMA_VERSION}.json`,
  title: 'civic-migrate report',
  type: 'object',
  additionalProperties: false,
  required: [
    'schemaVersion',
    'tool',
    'table',
    'failOn',
    'outcome',
    'verdict',
    'summary',
    'files',
    'elapsedMs',
    'findings',
    'typeErrors',
  ],
  properties: {
    schemaVersion: { const: REPORT_SCHEMA_VERSION },
    tool: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
    table: { type: 'string', description: '`bundled`, or the path of the table given with --mappings' },
    failOn: { enum: ['manual', 'any', 'none'] },
    outcome: { enum: ['pass', 'fail', 'error'] },
    verdict: { type: 'string' },
    summary: {
      type: 'object',
      additionalProperties: false,
      required: ['findings', 'gating', 'suppressed', 'filesAffected', 'byKind', 'byFixedBy', 'byContext', 'byConfidence'],
      properties: {
        findings: { type: 'integer', minimum: 0 },
        gating: { type: 'integer', minimum: 0 },
        suppressed: { type: 'integer', minimum: 0 },
        filesAffected: { type: 'integer', minimum: 0 },
        byKind: counts(FINDING_KINDS),
        byFixedBy: counts(FIXERS),
        byContext: counts(CONTEXTS),
        byConfidence: counts(CONFIDENCES),
      },
    },
    files: {
      type: 'object',
      additionalProperties: false,
      required: ['searched', 'candidates', 'bytes', 'skipped', 'skippedList', 'notListed', 'errors'],
      properties: {
        searched: { type: 'integer', minimum: 0 },
        candidates: { type: 'integer', minimum: 0 },
        bytes: { type: 'integer', minimum: 0 },
        skipped: counts(READ_SKIP_REASONS),
        skippedList: {
          description: 'Each file not searched, with why; under failOn "any" they fail the gate.',
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['file', 'reason', 'bytes'],
            properties: {
              file: { type: 'string' },
              reason: { enum: READ_SKIP_REASONS.filter((r) => r !== 'binary') },
              bytes: { type: 'integer', minimum: 0 },
            },
          },
        },
        notListed: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['file', 'message'],
            properties: { file: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    elapsedMs: { type: 'integer', minimum: 0 },
    program: {
      type: 'object',
      description: 'Program mode: the tsconfig/jsconfig whose program decided the TS/JS files',
      additionalProperties: false,
      required: ['config'],
      properties: { config: { type: 'string' } },
    },
    typeErrors: {
      type: 'array',
      description: 'Program mode: type errors the codemod’s migration would add (not gating; empty outside program mode)',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'line', 'column', 'code', 'message'],
        properties: {
          file: { type: 'string' },
          line: positive,
          column: positive,
          code: { type: 'integer' },
          message: { type: 'string' },
        },
      },
    },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'code',
          'severity',
          'rule',
          'params',
          'file',
          'line',
          'column',
          'endLine',
          'endColumn',
          'token',
          'kind',
          'fixedBy',
          'replacement',
          'message',
          'context',
          'confidence',
          'excerpt',
        ],
        properties: {
          code: {
            type: 'string',
            minLength: 1,
            description: 'What exactly was found (the codemod’s change or note code in TS/JS/Vue)',
          },
          severity: { enum: ['error', 'warning', 'info'] },
          rule: {
            description: 'The table row behind the finding: a slug rule by kind, a property, an endpoint or a host',
            oneOf: [
              { type: 'null' },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind', 'v1'],
                properties: { kind: { type: 'string' }, v1: { type: 'string' } },
              },
            ],
          },
          params: { type: 'object', description: 'The parameters the message is worded from' },
          file: { type: 'string', pattern: '^[^\\\\]+$' },
          line: positive,
          column: positive,
          endLine: positive,
          endColumn: positive,
          token: { type: 'string', minLength: 1 },
          kind: { enum: [...FINDING_KINDS] },
          fixedBy: { enum: [...FIXERS] },
          replacement: { type: ['string', 'null'] },
          message: { type: 'string', minLength: 1 },
          context: { enum: [...CONTEXTS] },
          confidence: { enum: [...CONFIDENCES] },
          excerpt: {
            type: 'object',
            additionalProperties: false,
            required: ['text', 'column'],
            properties: { text: { type: 'string' }, column: positive },
          },
          baselined: { const: true, description: 'Accepted by --baseline: shown, not gating.' },
        },
      },
    },
  },
} as const;
