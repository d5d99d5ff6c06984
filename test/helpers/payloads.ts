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
