/**
 * The architecture, held by `npm run lint` (and so by CI): the source is five floors, each
 * importing only from its own floor and the floors below it (types count), and no module imports
 * itself back through others. ARCHITECTURE.md says what each floor holds; `npm run architecture`
 * draws them into docs/architecture.svg.
 *
 * A module belongs to the first floor whose pattern matches its path. The rules named
 * `<floor>-not-above` are the floors, in order (the drawing reads them from there).
 */
const FLOORS = [
  {
    name: 'base',
    doc: 'errors, hashes and values made once, positions and finding records, reading, writing and finding files, parsing config files',
    path: '^src/(errors\\.ts|hash\\.ts|once\\.ts|findings/|files/(read|write|discover|names|config-files|config-read)\\.ts$)',
  },
  {
    name: 'table',
    doc: 'the mapping table, its rule kinds, the endpoint model, the words of notes and markers, the payload schemas',
    path: '^src/(mapping|rules|endpoints|vocabulary)/|^src/payload/(schemas|record-lists)\\.ts$',
  },
  {
    name: 'facts',
    doc: 'facts about code and data: token scans, parsing, programs, roles, GraphQL and Vue documents',
    path: [
      '^src/(scan|roles|graphql|vue|files)/',
      '^src/codemod/(typescript|ast|source|types|edits|markers|vue|plan)\\.ts$',
      '^src/codemod/program/(project|facts|civic-types)\\.ts$',
    ].join('|'),
  },
  {
    name: 'decisions',
    doc: "the codemod's decisions: sites, what each means, notes",
    path: '^src/codemod/(analysis|sites|decide|narrowing|role-verdict|urls|graphql)\\.ts$|^src/codemod/heuristics/',
  },
  {
    name: 'tools',
    doc: 'the codemod run, the report, the payload adapter, the client, the server, the ESLint plugin, repository data files',
    path: '^src/(codemod|report|payload|client|server|eslint|repo|observe)/',
  },
  { name: 'cli', doc: 'the command line and the library entry', path: '^src/(cli/|index\\.ts$)' },
];

/** A floor's own modules: its pattern, minus every floor below it. */
const own = (i) => ({ path: FLOORS[i].path, pathNot: FLOORS.slice(0, i).map((f) => f.path) });

const upward = [];
FLOORS.forEach((from, i) => {
  FLOORS.forEach((to, j) => {
    if (j <= i) return;
    upward.push({
      name: `${from.name}-not-above`,
      comment: `${from.name} (${from.doc}) imports only from its floor and below; ${to.name} is above it`,
      severity: 'error',
      from: own(i),
      to: own(j),
    });
  });
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never imports itself back through others: each can be read and changed alone',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'every-module-on-a-floor',
      comment: 'Every source module belongs to a floor (add a new folder to FLOORS)',
      severity: 'error',
      from: { path: '^src/', pathNot: FLOORS.map((f) => f.path) },
      to: {},
    },
    ...upward,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
