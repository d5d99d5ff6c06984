import { basename } from 'node:path';
import { configFormatOf } from '../files/config-files.js';

/**
 * The repository's files that are not code but hold V1 usage the codemod migrates: config files
 * (`.env*`, JSON, YAML) whose values are API URLs, and recorded payloads (JSON files, HAR archives,
 * NDJSON lines) the adapter converts.
 */
export function isDataFile(path: string): boolean {
  const name = basename(path).toLowerCase();
  return (
    configFormatOf(path) !== undefined ||
    name.endsWith('.har') ||
    name.endsWith('.ndjson') ||
    name.endsWith('.jsonl') ||
    isGraphqlFile(name)
  );
}

/** A GraphQL document file (`.graphql`, `.gql`). */
export const isGraphqlFile = (name: string) => name.endsWith('.graphql') || name.endsWith('.gql');
