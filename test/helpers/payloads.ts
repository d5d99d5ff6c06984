import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type Diagnostic, PayloadError } from '../../src/payload/index.js';

/** A sample payload of fixtures/payloads/, parsed. */
export const samplePayload = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/payloads/${name}`, import.meta.url), 'utf8'));

/** Diagnostics as rows to assert whole: code, field, JSON path, sentence. */
export const said = (ds: readonly Diagnostic[]) => ds.map((d) => [d.code, d.field ?? null, d.path ?? null, d.message]);

/** The message of the PayloadError `fn` throws (fails when it throws anything else, or nothing). */
export function payloadProblem(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PayloadError);
    return (error as PayloadError).message;
  }
  throw new Error('expected a PayloadError');
}

/** A V2 state information item (text `x`, no footnotes), with `extra` over it. */
export const v2Item = (field_type: string, extra: Record<string, unknown> = {}) => ({
  field_type,
  text: 'x',
  footnotes: '',
  modified_at: '2024-03-01T12:00:00Z',
  ...extra,
});

/** Wisconsin's state record holding these items. */
export const wisconsin = (...items: Record<string, unknown>[]) => ({ code: 'WI', name: 'Wisconsin', state_information: items });
