import { fileURLToPath } from 'node:url';
import { MappingError } from '../errors.js';
import { readInputFileSync } from '../files/read.js';
import { jsonPath, valueAt } from '../findings/json-path.js';
import { digest64 } from '../hash.js';
import { buildIndex, type Mappings } from './mappings.js';
import { type MappingTable, mappingTableSchema } from './schema.js';
import { rowWords, validateTable } from './validate.js';
import { VALIDATED_TABLE_DIGEST } from './validated-digest.js';

/** The bundled table, `mappings/v1-to-v2.json` (same depth from `src/` and `dist/`). */
export const DEFAULT_TABLE_PATH = fileURLToPath(new URL('../../mappings/v1-to-v2.json', import.meta.url));

let bundled: Mappings | undefined;

/**
 * Loads and validates a mapping table (the bundled one by default) and indexes it.
 * Throws `IoError` for an unreadable file and `MappingError` naming the first bad row.
 */
export function loadMappings(file?: string): Mappings {
  if (file === undefined && bundled) return bundled;
  const path = file ?? DEFAULT_TABLE_PATH;
  const raw = readInputFileSync(path, 'mapping table');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new MappingError(path, 'JSON', `not valid JSON (${(error as Error).message})`);
  }
  // The bundled table as it was validated when it was generated: indexed without a second validation.
  const validated = file === undefined && digest64(raw) === VALIDATED_TABLE_DIGEST;
  const mappings = validated ? buildIndex(json as MappingTable, path) : mappingsFromJson(json, path);
  if (file === undefined) bundled = mappings;
  return mappings;
}

/** Validates an already-parsed table; `source` names it in error messages. */
export function mappingsFromJson(json: unknown, source = '<table>'): Mappings {
  const parsed = mappingTableSchema().safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MappingError(source, describePath(json, issue?.path ?? []), issue?.message ?? 'invalid table');
  }
  const table: MappingTable = parsed.data;
  validateTable(table, source);
  return buildIndex(table, source);
}

/** `$.slugs[3] (rename "x").v2`: the row with its slug, so the user can find it in the file. */
function describePath(json: unknown, path: readonly PropertyKey[]): string {
  return jsonPath(path, (prefix) => {
    const row = valueAt(json, prefix) as { v1?: unknown; slug?: unknown; kind?: unknown } | undefined;
    if (typeof prefix.at(-1) !== 'number' || !row || typeof row !== 'object') return undefined;
    const name = typeof row.v1 === 'string' ? row.v1 : typeof row.slug === 'string' ? row.slug : undefined;
    return name === undefined ? undefined : rowWords(name, typeof row.kind === 'string' ? row.kind : undefined);
  });
}
