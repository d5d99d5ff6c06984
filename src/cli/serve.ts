import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { defineCommand } from './context.js';

const DATA_LAYOUT = `Dataset folder (--data DIR), every file optional but one field list:
  DIR/v1/fields.json       V1 field list
  DIR/v2/fields.json       V2 field list (derived from V1 through the adapter when absent)
  DIR/v1/states/XX.json    V1 record of state XX
  DIR/v2/states/XX.json    V2 record of state XX (derived from V1 when absent, and the reverse)
  DIR/overrides.json       V2 regional overrides ([] when absent)
States in neither folder answer 404. --save-data DIR writes the bundled dataset in this layout.`;

export const serveCommand = defineCommand({
  command: 'serve',
  describe: 'Run a local reference server of the Civic Data API (V1 and V2) on synthetic or your own data',
  builder: (y) =>
    y
      .option('port', { type: 'number', default: 8000, describe: 'Port to listen on (0 picks a free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on' })
      .option('key', {
        type: 'string',
        array: true,
        describe: 'Accept this API key, as ID:SECRET (repeatable); without it a demo key is made and printed',
      })
      .option('key-from-env', {
        type: 'boolean',
        default: false,
        describe: 'Accept the key in CIVIC_API_KEY_ID / CIVIC_API_KEY_SECRET (keeps the secret out of the process list)',
      })
      .option('data', {
        type: 'string',
        normalize: true,
        describe: 'Serve this dataset folder instead of the bundled synthetic one',
      })
      .option('save-data', {
        type: 'string',
        normalize: true,
        describe: 'Write the dataset (bundled or --data) to a new folder and exit',
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'Do not log requests' })
      .option('record', {
        type: 'string',
        normalize: true,
        describe: 'Record the V1 endpoints the app under test calls, with counts, in this usage file (civic-migrate-usage/1)',
      })
      .example('$0 serve', 'serve both versions on http://127.0.0.1:8000 with a demo key')
      .example('$0 serve --port 0 --key-from-env', 'a free port; accept the key your integration already uses')
      .example('$0 serve --save-data ./civic-data && $0 serve --data ./civic-data', 'edit the data, then serve it')
      .example('$0 serve --record v1-calls.json', 'which V1 endpoints your integration still calls, and how often')
      .epilog(DATA_LAYOUT),
  handler: async (args, { io, mappings }) => {
    const port = args.port;
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
    const keys = parseKeys(args.key ?? []);
    if (args['key-from-env']) keys.push(keyFromEnv(io.env));
    if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new UsageError('--key: the same key ID is given twice');
    const { loadDataset, saveDataset, servedData, syntheticDataset } = await import('../server/dataset.js');
    const dataset = args.data ? await loadDataset(args.data, mappings()) : syntheticDataset(mappings());

    if (args['save-data']) {
      const files = await saveDataset(dataset, args['save-data']);
      io.stdout.write(`Wrote ${files.length} files to ${args['save-data']} (serve them with --data ${args['save-data']}).\n`);
      return 0;
    }

    const { startServer } = await import('../server/server.js');
    const log = args.quiet ? undefined : (line: string) => io.stdout.write(`${new Date().toISOString()} ${line}\n`);
    // --record: the usage file is written every second once a V1 endpoint was called, on stop and at exit.
    const record = args.record ? await startRecording(resolve(io.cwd, args.record)) : undefined;
    const server = await startServer({
      port,
      host: args.host,
      keys,
      data: servedData(dataset),
      log,
      mappings: mappings(),
      recorder: record?.recorder,
    });
    const { endpointModel, fillTemplate } = await import('../endpoints/model.js');
    const model = endpointModel(mappings());
    /** A V2 URL of the running server, its one parameter (if any) filled with `value`. */
    const url = (resource: 'field-list' | 'state', value = '') => {
      const route = model.route(model.to, resource);
      return route ? `${server.url}${fillTemplate(route.template, { [route.template.params[0] ?? '']: value })}` : server.url;
    };
    const sample = dataset.v2.states.keys().next().value ?? 'CA';
    const states = dataset.v2.states.size;
    const from = dataset.source === 'synthetic' ? 'synthetic data' : `data from ${dataset.source}`;
    const lines = [
      `Civic Data API reference server (${from}: ${states} state${states === 1 ? '' : 's'}, ${dataset.overrides.length} overrides)`,
      `  V1: ${server.url}/${model.from}/`,
      `  V2: ${server.url}/${model.to}/`,
      ...(server.demoKey
        ? [
            'Demo API key, made for this run:',
            `  export CIVIC_API_KEY_ID=${server.keys[0]?.id}`,
            `  export CIVIC_API_KEY_SECRET=${server.keys[0]?.secret}`,
          ]
        : [
            `Accepting ${keys.length} API key${keys.length === 1 ? '' : 's'} (from ${args['key-from-env'] ? 'the environment' : '--key'}${args['key-from-env'] && args.key?.length ? ' and --key' : ''}).`,
          ]),
      'Try:',
      `  curl ${url('field-list')}`,
      `  curl -u "$CIVIC_API_KEY_ID:$CIVIC_API_KEY_SECRET" ${url('state', sample)}`,
      ...(args.record ? [`Recording the V1 endpoints called in ${args.record}.`] : []),
      `Point an integration at it with CIVIC_API_BASE_URL=${server.url}. Ctrl+C stops it.`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);

    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      const stop = (name: NodeJS.Signals) => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve(name);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    io.stdout.write(`${signal}: finishing open requests and stopping.\n`);
    await server.close();
    record?.stop();
    return 0;
  },
});

/** A recorder for the server and its usage file, flushed every second, on stop and at exit. */
async function startRecording(file: string) {
  if (!statSync(dirname(file), { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--record: the folder of ${file} does not exist`);
  }
  const { createRecorder } = await import('../observe/recorder.js');
  const { flushUsage } = await import('../observe/flush.js');
  const recorder = createRecorder();
  const stop = flushUsage(recorder, file, 1000, { command: 'civic-migrate serve' });
  return { recorder, stop };
}

/** `ID:SECRET` pairs. Messages never repeat a value: it may be a real secret. */
function parseKeys(values: readonly string[]): { id: string; secret: string }[] {
  const keys = values.map((value, i) => {
    const colon = value.indexOf(':');
    const id = colon < 0 ? '' : value.slice(0, colon).trim();
    const secret = colon < 0 ? '' : value.slice(colon + 1).trim();
    if (!id || !secret) {
      throw new UsageError(`--key #${i + 1} must be ID:SECRET (the API key ID, a colon, the secret), both non-empty`);
    }
    return { id, secret };
  });
  return keys;
}

function keyFromEnv(env: NodeJS.ProcessEnv): { id: string; secret: string } {
  const id = env.CIVIC_API_KEY_ID?.trim();
  const secret = env.CIVIC_API_KEY_SECRET?.trim();
  if (!id || !secret) throw new UsageError('--key-from-env needs both CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET to be set');
  return { id, secret };
}
