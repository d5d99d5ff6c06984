/**
 * Reference-server throughput, as a ratio against a bare node:http server that answers the same
 * bytes with no routing and no auth, measured in the same process and run.
 *
 *   npx tsx bench/server.ts [--requests 20000] [--concurrency 16]
 *
 * Load: keep-alive GETs of one state record (Basic auth) from `concurrency` parallel loops.
 * Both servers and the load generator share this process (and its one event loop), so the
 * absolute numbers are a lower bound; the ratio is what to compare between runs.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { basicAuthorization, generateApiKey } from '../src/client/auth.js';
import { loadMappings } from '../src/mapping/load.js';
import { syntheticV1Dataset } from '../src/payload/synthetic.js';
import { startServer } from '../src/server/server.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '20000' }, concurrency: { type: 'string', default: '16' } },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);

const v1 = syntheticV1Dataset(loadMappings());
const states = new Map(Object.entries(v1.states));
const body = Buffer.from(JSON.stringify(states.get('CA')));
const key = generateApiKey();
const authorization = basicAuthorization(key);

async function load(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  let bytes = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent, headers: { Authorization: authorization } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++;
        await one();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  if (bytes !== total * body.length) throw new Error(`expected ${total * body.length} bytes, got ${bytes}`);
  return total / seconds;
}

async function baseline(): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await load(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/election/data/state/CA/`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

async function reference(): Promise<number> {
  const server = await startServer({
    keys: [key],
    data: { v1Fields: v1.fields, v2Fields: v1.fields, v1States: states, v2States: states, overrides: [] },
  });
  try {
    return await load(`${server.url}/v1/election/data/state/CA/`);
  } finally {
    await server.close();
  }
}

// Warm up both, then alternate to spread noise from other work on the machine.
await baseline();
await reference();
const runs: { base: number; ref: number }[] = [];
for (let i = 0; i < 3; i++) runs.push({ base: await baseline(), ref: await reference() });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const base = median(runs.map((r) => r.base));
const ref = median(runs.map((r) => r.ref));
console.log(`state record: ${body.length} bytes; ${total} requests × 3 runs, concurrency ${concurrency}`);
console.log(`bare node:http baseline: ${Math.round(base)} req/s`);
console.log(`reference server (routing + Basic auth): ${Math.round(ref)} req/s`);
console.log(`ratio reference/baseline: ${(ref / base).toFixed(2)}`);
