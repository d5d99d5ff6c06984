// Preloaded into an app under test (`node --import`): requests to the Civic Data API's hosts go to
// the local reference server, which answers for one version only (CIVIC_TEST_VERSION); a request
// for the other version's endpoints answers 404, as a retired version would. Other VoteAmerica
// services on the same hosts (any path outside `/<version>/election/`) answer a fixed JSON that
// names the version asked for, so a moved base shows in the app's output. Every URL requested is
// appended to CIVIC_TEST_LOG.
import { appendFileSync } from 'node:fs';

const server = process.env.CIVIC_TEST_SERVER;
const version = process.env.CIVIC_TEST_VERSION;
const hosts = (process.env.CIVIC_TEST_HOSTS ?? '').split(',');
const log = process.env.CIVIC_TEST_LOG;
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  if (log) appendFileSync(log, `${url.href}\n`);
  if (!hosts.includes(url.hostname)) throw new Error(`the app under test asked an unexpected host: ${url.href}`);
  const [, asked, root] = url.pathname.split('/');
  if (root !== 'election') return Response.json({ service: root, version: asked, path: url.pathname });
  if (asked !== version) return Response.json({ detail: 'Not found.' }, { status: 404 });
  const target = `${server}${url.pathname}${url.search}`;
  // A Request keeps its own method and headers: the routed request takes them.
  return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init);
};
