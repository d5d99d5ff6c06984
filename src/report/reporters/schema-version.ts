/**
 * Version of the JSON report's shape. Adding a property is not a new version; renaming, removing or
 * changing the meaning of one is. Its own module, so that rendering JSON does not build the schema.
 */
export const REPORT_SCHEMA_VERSION = 1;
