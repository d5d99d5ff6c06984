import { UsageError } from '../errors.js';
import { defineCommand } from './context.js';

export const verifyCommand = defineCommand({
  command: 'verify',
  describe: 'Before cutover: fetch states from V1 and V2, upgrade the V1 data and show where it differs from V2',
  builder: (y) =>
    y
      .option('state', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'State code (upper case, e.g. CA); repeatable; `all` for the 51',
      })
      .option('base-url', {
        type: 'string',
        describe: "Service base URL (default CIVIC_API_BASE_URL, else the API's own host)",
      })
      .option('ignore', {
        type: 'string',
        array: true,
        describe: 'Item property to leave out of the comparison (repeatable), e.g. modified_at',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print the report as JSON (an array when several states), with every adapter diagnostic',
      })
      .option('verbose', { type: 'boolean', default: false, describe: 'List every adapter diagnostic on stderr' })
      .option('timeout', { type: 'number', default: 10_000, describe: 'Milliseconds per attempt' })
      .option('retries', { type: 'number', default: 2, describe: 'Retries of 429, 5xx and network failures' })
      .example('$0 verify --state CA', 'exit 0 when the upgraded V1 data equals V2, 1 when it differs')
      .example('$0 verify --state all --base-url http://127.0.0.1:8000', 'every state, against a local `civic-migrate serve`')
      .epilog('Credentials come from CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET. Exit codes: 0 same, 1 different, 2 error.'),
  handler: async (args, { io, mappings }) => {
    const { createVerifier, describeDifference } = await import('../client/verify.js');
    const client: typeof import('../client/client.js') = await import('../client/client.js');
    const { STATE_CODES } = await import('../payload/states.js');
    const { formatDiagnostic } = await import('../payload/diagnostics.js');
    const { summarizeDiagnostics } = await import('../client/cutover.js');

    const codes = [...new Set(args.state.flatMap((s) => (s === 'all' ? STATE_CODES : [s])))];
    if (codes.length === 0) throw new UsageError('--state needs a state code');
    for (const code of codes) client.checkStateCode(code); // every code checked before the first request
    const verify = createVerifier({
      baseUrl: args['base-url'],
      env: io.env,
      timeoutMs: args.timeout,
      retries: args.retries,
      mappings: mappings(),
      ignore: args.ignore,
    });
    const reports = [];
    for (const code of codes) {
      const report = await verify(code);
      reports.push(report);
      if (!args.json) {
        if (report.same) {
          io.stdout.write(`${code}: the upgraded V1 data matches V2 (${report.fields} fields).\n`);
        } else {
          const n = report.differences.length;
          io.stdout.write(`${code}: the upgraded V1 data differs from V2 (${n} difference${n === 1 ? '' : 's'}):\n`);
          for (const d of report.differences) io.stdout.write(`  ${describeDifference(d)}\n`);
        }
      }
      if (args.verbose) {
        for (const d of report.diagnostics) io.stderr.write(`civic-migrate: upgrading V1 ${code}: ${formatDiagnostic(d)}\n`);
      } else if (!args.json) {
        const summary = summarizeDiagnostics(report.diagnostics);
        if (summary) io.stderr.write(`civic-migrate: upgrading V1 ${code}: ${summary}; --verbose lists them\n`);
      }
    }
    const differing = reports.filter((r) => !r.same).map((r) => r.code);
    if (args.json) io.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
    else if (codes.length > 1) {
      io.stdout.write(
        differing.length === 0
          ? `All ${codes.length} states match.\n`
          : `${differing.length} of ${codes.length} states differ: ${differing.join(', ')}\n`,
      );
    }
    return differing.length === 0 ? 0 : 1;
  },
});
