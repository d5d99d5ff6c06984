import { UsageError } from '../errors.js';
import { defineCommand } from './context.js';

const ENV_HELP = `Credentials come from CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET (never from the command line).
The base URL is --base-url, else CIVIC_API_BASE_URL, else the API's own host (the mapping table's first).
Plain http:// is accepted for loopback addresses only (e.g. a local \`civic-migrate serve\`).`;

export const fetchCommand = defineCommand({
  command: 'fetch <resource> [code]',
  describe: 'Fetch the field list, one state or the overrides from the Civic Data API and print the JSON',
  builder: (y) =>
    y
      .positional('resource', {
        choices: ['fields', 'state', 'overrides'] as const,
        demandOption: true,
        describe: 'What to fetch',
      })
      .positional('code', { type: 'string', describe: 'State code for `state` (upper case, e.g. CA)' })
      .option('api', { choices: ['v1', 'v2'] as const, default: 'v2' as const, describe: 'API version to call' })
      .option('shape', {
        choices: ['v1', 'v2'] as const,
        describe: 'Print in this version’s shape (through the adapter); default: --api',
      })
      .option('base-url', { type: 'string', describe: 'Service base URL (no /v1 or /v2)' })
      .option('timeout', { type: 'number', default: 10_000, describe: 'Milliseconds per attempt' })
      .option('retries', { type: 'number', default: 2, describe: 'Retries of 429, 5xx and network failures' })
      .option('v1-path', {
        choices: ['data', 'early'] as const,
        default: 'data' as const,
        describe:
          'V1 state path: the documented one (basic auth) or the early one (no auth); `civic-migrate mappings` lists both',
      })
      .option('compact', { type: 'boolean', default: false, describe: 'One-line JSON' })
      .option('verbose', { type: 'boolean', default: false, describe: 'Log requests, retries and every adapter note on stderr' })
      .example('$0 fetch fields --api v1', 'the V1 field list (no key needed)')
      .example('$0 fetch state CA --api v2 --shape v1', 'V2 data for California in the V1 shape your old code reads')
      .example('$0 fetch overrides --base-url http://127.0.0.1:8000', 'overrides from a local `civic-migrate serve`')
      .epilog(ENV_HELP),
  handler: async (args, { io, mappings }) => {
    if (args.resource === 'state' && args.code === undefined)
      throw new UsageError('fetch state needs a state code, e.g. `fetch state CA`');
    if (args.resource !== 'state' && args.code !== undefined) throw new UsageError(`fetch ${args.resource} takes no state code`);
    const { createClient } = await import('../client/client.js');
    const { formatDiagnostic } = await import('../payload/diagnostics.js');
    const { summarizeDiagnostics } = await import('../client/cutover.js');
    const client = createClient({
      version: args.api,
      shape: args.shape ?? args.api,
      baseUrl: args['base-url'],
      env: io.env,
      timeoutMs: args.timeout,
      retries: args.retries,
      v1StatePath: args['v1-path'],
      mappings: args.shape && args.shape !== args.api ? mappings() : undefined,
      log: args.verbose ? (line) => io.stderr.write(`${line}\n`) : undefined,
      onDiagnostics: (diagnostics, what) => {
        if (args.verbose) {
          for (const d of diagnostics) io.stderr.write(`civic-migrate: ${what}: ${formatDiagnostic(d)}\n`);
          return;
        }
        const summary = summarizeDiagnostics(diagnostics);
        if (summary) io.stderr.write(`civic-migrate: reshaping ${what}: ${summary}; --verbose lists them\n`);
      },
    });
    const value =
      args.resource === 'fields'
        ? await client.fields()
        : args.resource === 'state'
          ? await client.state(args.code as string)
          : await client.overrides();
    io.stdout.write(`${args.compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`);
    return 0;
  },
});
