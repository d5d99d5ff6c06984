/**
 * React's context (src/roles/tracker.ts `provide`): a value given to `<Ctx.Provider value={…}>`,
 * `Ctx` made by `createContext`, is what `useContext(Ctx)` gives and what a `<Ctx.Consumer>` child
 * function is handed, in any module; another context is another value. Before, the request moved
 * to V2 while the components reading the context stayed V1, with nothing said. The codemod's run
 * on real folders (the context's module joins the program when a provider needs it), and the
 * report's view of them; then the engine's facts on small programs.
 */
import { describe, expect, it } from 'vitest';
import { analyze, migrateFolder } from './helpers/program.js';

const CONTEXTS =
  "import { createContext } from 'react';\nexport const FieldsContext = createContext([]);\nexport const OtherContext = createContext([]);\n";
const APP = `import { useEffect, useState } from 'react';
import { FieldsContext } from './ctx.js';
import List from './List.jsx';
export default function App() {
  const [fields, setFields] = useState([]);
  useEffect(() => { fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then(setFields); }, []);
  return <FieldsContext.Provider value={fields}><List /></FieldsContext.Provider>;
}
`;
const LIST = `import { useContext } from 'react';
import { FieldsContext, OtherContext } from './ctx.js';
export default function List() {
  const fields = useContext(FieldsContext);
  const others = useContext(OtherContext);
  return <ul>{fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}{others.map((o) => <li key={o.id}>{o.long_name}</li>)}</ul>;
}
`;

describe("React's context", () => {
  it('the components reading the context move with the request; another context is left alone', async () => {
    const r = await migrateFolder({ 'ctx.js': CONTEXTS, 'App.jsx': APP, 'List.jsx': LIST });
    expect(r.changed).toEqual({
      'App.jsx': [
        "-  useEffect(() => { fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then(setFields); }, []);",
        "+  useEffect(() => { fetch('https://api.voteamerica.org/v2/election/field/').then((r) => r.json()).then(setFields); }, []);",
      ],
      'List.jsx': [
        '-  return <ul>{fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}{others.map((o) => <li key={o.id}>{o.long_name}</li>)}</ul>;',
        '+  return <ul>{fields.map((f) => <li key={f.slug}>{f.description}</li>)}{others.map((o) => <li key={o.id}>{o.long_name}</li>)}</ul>;',
      ],
    });
    expect(r.markers).toEqual([]);
    expect(r.findings).toEqual(['App.jsx:6 /v1/election/field/', 'List.jsx:6 long_name']);
  });

  it('a `<Ctx.Consumer>` child function is handed the value; a context no one reads, or no context the program makes, is handed to readers not seen', () => {
    const a = analyze({
      'ctx.js': CONTEXTS,
      'App.jsx': [
        "import { FieldsContext, OtherContext } from './ctx.js';",
        "import { LibraryContext } from 'some-library';",
        "export async function App() { const fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());",
        '  return <><FieldsContext.Provider value={fields} /><OtherContext.Provider value={fields} /><LibraryContext.Provider value={fields} /></>; }',
      ].join('\n'),
      'List.jsx':
        "import { FieldsContext } from './ctx.js';\nexport const List = () => <FieldsContext.Consumer>{(fields) => fields[0].long_name}</FieldsContext.Consumer>;",
    });
    expect(a.saysAt('fields', 0, 'List.jsx')).toEqual(['`fields`: an argument reaching this parameter, V1 field list']);
    // The providers of the context no one reads and of the library's context.
    expect(a.unfollowed('App.jsx')).toEqual(['OtherContext.Provider', 'LibraryContext.Provider']);
  });
});
