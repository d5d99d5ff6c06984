/**
 * Data hooks (src/roles/tracker.ts `dataHooks`): SWR's `useSWR(key, fetcher)` calls the fetcher
 * with the key, TanStack Query's `useQuery({ queryFn })` (or `useQuery(key, fn)`,
 * `useSuspenseQuery`) calls its function, and each hands back what the promise gives as the
 * result's `data`. Before, the URL moved to V2 and the component's reads of `data` stayed V1,
 * with nothing said. The codemod on real folders; the report must agree.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const URL1 = "'https://api.voteamerica.org/v1/election/field/'";
const v2 = (line: string) => line.replace('/v1/', '/v2/').replaceAll('long_name', 'description');

describe('data hooks', () => {
  it.each([
    [
      'SWR: a fetcher of the module',
      [
        "import useSWR from 'swr';",
        'const fetcher = (url) => fetch(url).then((r) => r.json());',
        `export const Fields = () => { const { data } = useSWR(${URL1}, fetcher); return (data || []).map((f) => f.long_name); };`,
      ],
    ],
    [
      'SWR: a fetcher written at the call, `useSWRImmutable`',
      [
        "import useSWRImmutable from 'swr/immutable';",
        `export const Fields = () => { const r = useSWRImmutable(${URL1}, (u) => fetch(u).then((res) => res.json())); return r.data?.map((f) => f.long_name); };`,
      ],
    ],
    [
      'TanStack Query: `useQuery({ queryKey, queryFn })`',
      [
        "import { useQuery } from '@tanstack/react-query';",
        `export const Fields = () => { const { data } = useQuery({ queryKey: ['fields'], queryFn: () => fetch(${URL1}).then((r) => r.json()) }); return data?.map((f) => f.long_name); };`,
      ],
    ],
    [
      'TanStack Query: a function given second, `useSuspenseQuery`',
      [
        "import { useQuery, useSuspenseQuery } from '@tanstack/react-query';",
        `async function load() { const r = await fetch(${URL1}); return r.json(); }`,
        "export const A = () => useQuery(['fields'], load).data.map((f) => f.long_name);",
        'export const B = () => useSuspenseQuery({ queryKey: [1], queryFn: load }).data.map((f) => f.long_name);',
      ],
    ],
    [
      "Nuxt: `useAsyncData(key, fn)`, its `data` a ref; ofetch's `$fetch` gives the body itself",
      [
        `export async function setup() { const { data } = await useAsyncData('fields', () => $fetch(${URL1})); return data.value.map((f) => f.long_name); }`,
        `export const direct = () => $fetch(${URL1}).then((list) => list.map((f) => f.long_name));`,
      ],
    ],
  ])('%s: the reads of `data` move with the request', async (_name, lines) => {
    const r = await migrateFolder({ 'a.js': `${lines.join('\n')}\n` });
    const changed = lines.filter((l) => v2(l) !== l);
    expect(r.changed['a.js']).toEqual([...changed.map((l) => `-${l}`), ...changed.map((l) => `+${v2(l)}`)]);
    expect(r.markers).toEqual([]);
  });

  it('SWR without a fetcher at the call (one set for the app): the URL is handed to a call not seen', async () => {
    const line = `export const Fields = () => useSWR(${URL1}).data.map((f) => f.long_name);`;
    const r = await migrateFolder({ 'a.js': `import useSWR from 'swr';\n${line}\n` });
    // And the read of what it gives is a doubt (on nothing shown to be the API's).
    expect(r.markers).toEqual(['a.js:2 property-unproven', 'a.js:2 url-unseen']);
    expect(r.changed['a.js']?.filter((l) => l.startsWith('-'))).toEqual([`-${line}`]);
  });

  it("Nuxt's `useFetch(url)`: the framework makes the request: the URL is handed to a call not seen", async () => {
    const line = `export async function setup() { const { data } = await useFetch(${URL1}); return data.value; }`;
    const r = await migrateFolder({ 'a.js': `${line}\n` });
    expect(r.markers).toEqual(['a.js:1 url-unseen']);
  });
});
