import { defineCommand } from './context.js';

export const verifyCommand = defineCommand({
  command: 'verify',
  describe: 'Before cutover: fetch a state from V1 and V2, upgrade the V1 data and show where it differs from V2',
  builder: (y) =>
    y
      .option('state', { type: 'string', demandOption: true, describe: 'State code (upper case, e.g. CA)' })
      .option('base-url', {
        type: 'string',
        describe: 'Service base URL (default CIVIC_API_BASE_URL, else https://api.voteamerica.org)',
      })
      .option('ignore', {
        type: 'string',
        array: true,
        describe: 'Item property to leave out of the comparison (repeatable), e.g. modified_at',
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print the report as JSON' })
      .option('timeout', { type: 'number', default: 10_000, describe: 'Milliseconds per attempt' })
      .option('retries', { type: 'number', default: 2, describe: 'Retries of 429, 5xx and network failures' })
      .example('$0 verify --state CA', 'exit 0 when the upgraded V1 data equals V2, 1 when it differs')
      .example('$0 verify --state TX --base-url http://127.0.0.1:8000 --json', 'against a local `civic-migrate serve`')
      .epilog('Credentials come from CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET. Exit codes: 0 same, 1 different, 2 error.'),
  handler: async (args, { io, mappings }) => {
    const { verifyState, describeDifference } = await import('../client/verify.js');
    const { formatDiagnostic } = await import('../payload/diagnostics.js');
    const report = await verifyState(args.state, {
      baseUrl: args['base-url'],
      env: io.env,
      timeoutMs: args.timeout,
      retries: args.retries,
      mappings: mappings(),
      ignore: args.ignore,
    });
    if (args.json) {
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else if (report.same) {
      io.stdout.write(`${report.code}: the upgraded V1 data matches V2 (${report.fields} fields).\n`);
    } else {
      const n = report.differences.length;
      io.stdout.write(`${report.code}: the upgraded V1 data differs from V2 (${n} difference${n === 1 ? '' : 's'}):\n`);
      for (const d of report.differences) io.stdout.write(`  ${describeDifference(d)}\n`);
    }
    if (!args.json) {
      const notable = report.diagnostics.filter((d) => d.severity !== 'info');
      for (const d of notable) io.stderr.write(`civic-migrate: V1 ${report.code}: ${formatDiagnostic(d)}\n`);
    }
    return report.same ? 0 : 1;
  },
});
