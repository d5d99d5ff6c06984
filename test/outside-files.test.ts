/**
 * A run given some of the files (`codemod api.js`, `report src/`) whose API data goes on into a file
 * it was not given: what it decides for its files assumes that file is migrated too, so it says so
 * (`onOutside`; a warning line from the CLI), and keeps nothing in the cache.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { findV1Usage } from '../src/report/find.js';
import { bundledMappings } from './helpers/bundled.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

/** `api.js` hands an item to `helper.js`'s `show`, which reads its Boolean `value` (V2: `bool_value`). */
const APP = {
  'api.js': `import { show } from './helper.js';
export async function load(code) {
  const r = await fetch(\`https://api.voteamerica.org/v1/election/data/state/\${code}/\`);
  const state = await r.json();
  const byField = {};
  state.state_information.forEach((item) => { byField[item.field_type] = item; });
  return show(byField.vbm_no_excuse);
}
`,
  'helper.js': "export function show(item) {\n  return item.value ? 'yes' : 'no';\n}\n",
  'notes.js': 'export const unrelated = 1;\n',
};

const warning = (what: string, file = 'helper.js') =>
  `civic-migrate: warning: ${file}: the API's data the files given handle goes through this file, which is not one of them, so its V1 reads are not ${what}: run on it too, or on a folder that holds both`;

describe('the API data going on into a file the run was not given', () => {
  const mappings = bundledMappings();

  it('the codemod migrates what it was given and says which file must be migrated with it', async () => {
    const dir = writeTree(APP, 'cm-outside-');
    const alone = await runCli(['codemod', '--no-config', 'api.js'], { cwd: dir });
    expect(alone.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('migrated')]);
    expect(alone.stdout).toContain('+  return show(byField.has_no_excuse_absentee);');
    expect(alone.stdout).not.toContain('diff --git a/helper.js');
    // Given both (or the folder), the run holds the whole flow: `value` is renamed too, and nothing is said.
    for (const paths of [['api.js', 'helper.js'], ['.']]) {
      const whole = await runCli(['codemod', '--no-config', ...paths], { cwd: dir });
      expect(whole.stderr).not.toContain('warning');
      expect(whole.stdout).toContain("+  return item.bool_value ? 'yes' : 'no';");
    }
    // A file the data does not reach, given with the API's file, changes nothing of the warning.
    const more = await runCli(['codemod', '--no-config', 'api.js', 'notes.js'], { cwd: dir });
    expect(more.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('migrated')]);
  });

  it('the report says so too, and the library tells the caller which files (absolute paths)', async () => {
    const dir = writeTree(APP, 'cm-outside-');
    const r = await runCli(['report', '--no-config', '--format', 'json', '--fail-on', 'none', 'api.js'], { cwd: dir });
    expect(r.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('reported')]);
    const told: string[][] = [];
    await findV1Usage({ cwd: dir, mappings, paths: ['api.js'], onOutside: (files) => told.push([...files]) });
    await runCodemod({ cwd: dir, mappings, paths: ['api.js'], onOutside: (files) => told.push([...files]) });
    await findV1Usage({ cwd: dir, mappings, onOutside: (files) => told.push([...files]) });
    expect(told).toEqual([[join(dir, 'helper.js')], [join(dir, 'helper.js')]]);
  });

  it('in a configured program too (a tsconfig): the warning for the files the data goes through to or from the files given', async () => {
    const dir = writeTree(
      {
        ...APP,
        'tsconfig.json':
          '{ "compilerOptions": { "allowJs": true, "noEmit": true, "module": "esnext", "moduleResolution": "bundler" } }\n',
      },
      'cm-outside-program-',
    );
    const alone = await runCli(['codemod', '--no-config', 'api.js'], { cwd: dir });
    expect(alone.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('migrated')]);
    expect(alone.stderr).toContain('program tsconfig.json');
    const whole = await runCli(['codemod', '--no-config', '.'], { cwd: dir });
    expect(whole.stderr).not.toContain('warning');
    expect(whole.stdout).toContain("+  return item.bool_value ? 'yes' : 'no';");
    // The program holds api.js: a run given helper.js alone sees where its item comes from, and says
    // that api.js, which it comes through, is not migrated with it (renaming `value` alone breaks it too).
    const told: string[][] = [];
    const helper = await findV1Usage({ cwd: dir, mappings, paths: ['helper.js'], onOutside: (files) => told.push([...files]) });
    expect(helper.findings.map((f) => `${f.file}:${f.line} ${f.token}`)).toEqual(['helper.js:2 value']);
    expect(told).toEqual([[join(dir, 'api.js')]]);
    const reverse = await runCli(['codemod', '--no-config', 'helper.js'], { cwd: dir });
    expect(reverse.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('migrated', 'api.js')]);
  });

  it('says nothing of a file the user left out (--exclude, .gitignore, a folder every run skips)', async () => {
    const dir = writeTree(APP, 'cm-outside-');
    for (const args of [
      ['.', '--exclude', 'helper.js'],
      ['api.js', '--exclude', 'helper.js'],
    ]) {
      const r = await runCli(['codemod', '--no-config', ...args], { cwd: dir });
      expect({ args, warned: r.stderr.includes('warning') }).toEqual({ args, warned: false });
    }
    const ignored = writeTree({ ...APP, '.gitignore': 'helper.js\n' }, 'cm-outside-ignored-');
    expect((await runCli(['codemod', '--no-config', 'api.js'], { cwd: ignored })).stderr).not.toContain('warning');
    // Without the .gitignore honoured, it is the user's code again.
    const honoured = await runCli(['codemod', '--no-config', '--no-gitignore', 'api.js'], { cwd: ignored });
    expect(honoured.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual([warning('migrated')]);
    const built = writeTree(
      {
        ...APP,
        'api.js': (APP['api.js'] as string).replace("'./helper.js'", "'./build/helper.js'"),
        'build/helper.js': APP['helper.js'],
      },
      'cm-outside-built-',
    );
    expect((await runCli(['codemod', '--no-config', 'api.js'], { cwd: built })).stderr).not.toContain('warning');
  });

  it('keeps nothing in the cache, so that every run says so', async () => {
    const dir = writeTree(APP, 'cm-outside-');
    const cache = `${dir}-cache`;
    for (let run = 0; run < 2; run++) {
      const told: string[][] = [];
      await findV1Usage({ cwd: dir, mappings, paths: ['api.js'], cache, onOutside: (files) => told.push([...files]) });
      expect(told).toEqual([[join(dir, 'helper.js')]]);
    }
    expect(() => readdirSync(cache)).toThrow();
  });
});
