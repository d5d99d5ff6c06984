import { z } from 'zod';
import { mappingTableSchema } from './schema.js';

/** The JSON Schema of the table, generated from the zod schema (checked in beside the table for editors). */
export function tableJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(mappingTableSchema(), { target: 'draft-2020-12', io: 'input' }),
    title: 'civic-migrate V1→V2 mapping table',
    description: 'Every change between the Civic Data API V1 and V2, as data. Validated at load by civic-migrate.',
  };
}
