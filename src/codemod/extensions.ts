/** File extensions the codemod reads (without the dot). `.d.ts` files are `.ts` files. */
export const CODEMOD_EXTENSIONS: readonly string[] = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue'];

/** The data files the codemod also reads (config values, recorded payloads, GraphQL documents), by extension; env files by name (`ENV_FILE_NAME`). */
export const DATA_EXTENSIONS: readonly string[] = ['json', 'yaml', 'yml', 'har', 'ndjson', 'jsonl', 'graphql', 'gql'];
