/** civic-migrate: the library API. Everything the CLI does can be done from here. */
export { CivicMigrateError, IoError, MappingError, UsageError } from './errors.js';
export { closest } from './mapping/closest.js';
export { type Explanation, explain, type FixedBy, findEndpoint, fixedBy, headline } from './mapping/explain.js';
export { renderGuide } from './mapping/guide.js';
export { DEFAULT_TABLE_PATH, loadMappings, mappingsFromJson } from './mapping/load.js';
export type { Mappings, ResolvedRule, V2Origin } from './mapping/mappings.js';
export * from './mapping/schema.js';
export { assertNever } from './mapping/validate.js';
