import { expect } from 'vitest';
import { MappingError } from '../../src/errors.js';
import { mappingsFromJson } from '../../src/mapping/load.js';
import type { MappingTable } from '../../src/mapping/schema.js';

/** The message a table is refused with (a MappingError, naming `source`); fails the test when it is accepted. */
export function tableRefusal(table: MappingTable, source: string): string {
  try {
    mappingsFromJson(table, source);
  } catch (error) {
    expect(error).toBeInstanceOf(MappingError);
    return (error as Error).message;
  }
  throw new Error('the table was accepted');
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
