import { z } from 'zod';
import { UsageError } from '../errors.js';
import { firstIssue } from '../findings/json-path.js';
import { FAIL_ON, REPORT_FORMATS } from '../report/formats.js';

/**
 * `civic-migrate.config.json` (or a `"civic-migrate"` key in package.json): the options a team
 * would otherwise repeat on every call. Flags given on the command line win. Paths are relative
 * to the file that names them.
 */
const configSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
    mappings: z.string().min(1).optional().describe('A mapping table to use instead of the bundled one (--mappings).'),
    include: z.array(z.string().min(1)).optional().describe('Only files matching these gitignore-style patterns (--include).'),
    exclude: z.array(z.string().min(1)).optional().describe('Leave out files and folders matching these patterns (--exclude).'),
    gitignore: z.boolean().optional().describe('Honour .gitignore files (default true; --no-gitignore).'),
    maxBytes: z.number().int().positive().optional().describe('Files larger than this many bytes are not read (--max-bytes).'),
    longName: z.enum(['auto', 'always', 'never']).optional().describe('Where the codemod renames `long_name` (--long-name).'),
    project: z
      .union([z.string().min(1), z.literal(false)])
      .optional()
      .describe(
        "The codemod's tsconfig.json/jsconfig.json for program mode, or false for file by file (--project / --no-project).",
      ),
    failOn: z.enum(FAIL_ON).optional().describe('Which report findings fail the gate (--fail-on).'),
    format: z.enum(REPORT_FORMATS).optional().describe('The report format (--format).'),
    baseline: z.string().min(1).optional().describe('A baseline file: its findings do not fail the gate (--baseline).'),
    assumeCivic: z.boolean().optional().describe('Treat every file as Civic Data API code in the report (--assume-civic).'),
    cache: z
      .boolean()
      .optional()
      .describe("Keep the report's findings and the codemod's decisions, and answer an unchanged tree from them (--cache)."),
    cacheLocation: z.string().min(1).optional().describe('The folder of what --cache keeps (--cache-location).'),
  })
  .describe('civic-migrate configuration (civic-migrate.config.json)');
export type Config = z.infer<typeof configSchema>;

/** The JSON Schema of the config file, with each option's description (docs/config.schema.json). */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, { io: 'input' }) as Record<string, unknown>;
}

/** The config's options, checked; a wrong one is a usage error naming the file and the option. */
export function parseConfig(where: string, json: unknown): Config {
  const parsed = configSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new UsageError(`${where}: ${firstIssue(parsed.error)}`);
}
