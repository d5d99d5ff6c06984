/**
 * A page's data (src/roles/tracker.ts `pageData`): Next.js calls a page module's default export
 * with the `props` its `getServerSideProps` or `getStaticProps` returns; Remix and React Router
 * give `useLoaderData()` what the module's `loader` returns (or hands to `json(…)`). Before, the
 * request moved to V2 and the page's reads stayed V1, with nothing said. The codemod on folders.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const FETCH = "const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());";
const v2 = (line: string) => line.replace('/v1/', '/v2/').replaceAll('long_name', 'description');
const READ = '  return <ul>{fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}</ul>;';

describe("a page's data", () => {
  it.each([
    [
      'Next.js: `getServerSideProps` and a page declared as the default export',
      [
        'export async function getServerSideProps() {',
        `  ${FETCH}`,
        '  return { props: { fields } };',
        '}',
        'export default function Home({ fields }) {',
        READ,
        '}',
      ],
    ],
    [
      'Next.js: `getStaticProps` as a const, the page exported by its name',
      [
        'export const getStaticProps = async () => {',
        `  ${FETCH}`,
        '  return { props: { fields }, revalidate: 60 };',
        '};',
        'const Page = (props) => {',
        '  const { fields } = props;',
        READ,
        '};',
        'export default Page;',
      ],
    ],
    [
      'Remix: `loader` returning `json(…)`, read by `useLoaderData()`',
      [
        "import { json } from '@remix-run/node';",
        "import { useLoaderData } from '@remix-run/react';",
        'export async function loader() {',
        `  ${FETCH}`,
        '  return json(fields);',
        '}',
        'export default function Fields() {',
        '  const fields = useLoaderData();',
        READ,
        '}',
      ],
    ],
    [
      'React Router: `loader` returning the data itself',
      [
        "import { useLoaderData } from 'react-router';",
        'export const loader = async () => {',
        `  ${FETCH}`,
        '  return fields;',
        '};',
        'export function Component() {',
        '  const fields = useLoaderData();',
        READ,
        '}',
      ],
    ],
  ])('%s', async (_name, lines) => {
    const r = await migrateFolder({ 'page.jsx': `${lines.join('\n')}\n` });
    const changed = lines.filter((l) => v2(l) !== l);
    // The two changed lines are apart: each its own hunk.
    expect(r.changed['page.jsx']).toEqual(changed.flatMap((l) => [`-${l}`, `+${v2(l)}`]));
    expect(r.markers).toEqual([]);
  });

  it('a module whose `loader` no `useLoaderData()` reads, and a page of another module, are left alone', async () => {
    const r = await migrateFolder({
      'page.jsx': ['export async function getServerSideProps() {', `  ${FETCH}`, '  return { props: { fields } };', '}', ''].join(
        '\n',
      ),
      'other.jsx': ['export default function Other({ fields }) {', READ, '}', ''].join('\n'),
    });
    expect(Object.keys(r.changed)).toEqual(['page.jsx']);
  });
});
