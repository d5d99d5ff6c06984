/**
 * A server's route sending the API's data (src/roles/tracker.ts `respond`): `res.json(data)` in an
 * Express handler (`app.get('/api/fields', (req, res) => …)`) or in a Next.js API route
 * (`pages/api/fields.js`) is what the repository's requests of that path get (`fetch('/api/fields')`,
 * `axios.get(…)`); with none in the repository, the data is sent to clients this tool does not
 * see: a marker (`response-sent`). Before, the server's request moved to V2 and its clients kept V1
 * names, with nothing said. The codemod on folders.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const FETCH = "const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());";
const FETCH_V2 = FETCH.replace('/v1/', '/v2/');
const EXPRESS = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/api/fields', async (req, res) => {",
  `  ${FETCH}`,
  '  res.status(200).json(fields);',
  '});',
  '',
].join('\n');

describe("a server's route sending the API's data", () => {
  it("Express: the repository's requests of the route's path get it (fetch, axios); another path's do not", async () => {
    const r = await migrateFolder({
      'server/app.js': EXPRESS,
      'web/list.js': [
        "import axios from 'axios';",
        "export const a = async () => (await fetch('/api/fields?state=WI').then((r) => r.json())).map((f) => f.long_name);",
        "export const b = () => axios.get('/api/fields').then((r) => r.data.map((f) => f.long_name));",
        "export const c = async () => (await fetch('/api/other').then((r) => r.json())).map((f) => f.long_name);",
        '',
      ].join('\n'),
    });
    expect(r.changed).toEqual({
      'server/app.js': [`-  ${FETCH}`, `+  ${FETCH_V2}`],
      'web/list.js': [
        "-export const a = async () => (await fetch('/api/fields?state=WI').then((r) => r.json())).map((f) => f.long_name);",
        "-export const b = () => axios.get('/api/fields').then((r) => r.data.map((f) => f.long_name));",
        "+export const a = async () => (await fetch('/api/fields?state=WI').then((r) => r.json())).map((f) => f.description);",
        "+export const b = () => axios.get('/api/fields').then((r) => r.data.map((f) => f.description));",
      ],
    });
    expect(r.markers).toEqual([]);
  });

  it('Next.js: an API route (`pages/api/fields.js`) and its page', async () => {
    const r = await migrateFolder({
      'pages/api/fields.js': `export default async function handler(req, res) {\n  ${FETCH}\n  res.send(fields);\n}\n`,
      'components/List.jsx':
        "export const load = () => fetch('/api/fields').then((r) => r.json()).then((list) => list.map((f) => f.long_name));\n",
    });
    expect(r.changed['components/List.jsx']).toEqual([
      "-export const load = () => fetch('/api/fields').then((r) => r.json()).then((list) => list.map((f) => f.long_name));",
      "+export const load = () => fetch('/api/fields').then((r) => r.json()).then((list) => list.map((f) => f.description));",
    ]);
    expect(r.markers).toEqual([]);
  });

  it('without a request of the route in the repository: a marker where the data is sent', async () => {
    const r = await migrateFolder({ 'server/app.js': EXPRESS });
    expect(r.changed['server/app.js']).toEqual([
      `-  ${FETCH}`,
      `+  ${FETCH_V2}`,
      "+  // civic-migrate: V1 field lists are sent here to this server's clients (`res.status(200).json(fields)`), and no request of this route is seen in this repository: after the migration they get V2 field lists, so rename what they read, or send them V1 data (the adapter's `downgrade` converts)",
    ]);
    expect(r.markers).toEqual(['server/app.js:5 response-sent']);
  });
});
