/** File names are shown escaped: a newline cannot forge a report line, an escape cannot drive the terminal. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownName } from '../src/files/names.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

describe('shownName', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['a\nPASS: no V1 usage.py', 'a\\nPASS: no V1 usage.py'],
    ['\u001b[2Jclear.js', '\\x1b[2Jclear.js'],
    ['tab\there.js', 'tab\\there.js'],
    ['é-ünïcode.js', 'é-ünïcode.js'],
  ])('%j → %j', (name, shown) => expect(shownName(name)).toBe(shown));
});

describe('in the text report and on stderr', () => {
  it('a name with a newline and an escape sequence is one escaped line', async () => {
    const dir = writeTree({});
    const name = 'x\nFAIL\u001b[31m.py';
    writeFileSync(join(dir, name), "state['vbm_no_excuse']\n");
    const r = await runCli(['report', '--fail-on', 'none'], { cwd: dir });
    expect(r.stdout.split('\n')[0]).toBe('x\\nFAIL\\x1b[31m.py');
    expect(r.stdout).not.toContain('\u001b');

    writeFileSync(join(dir, 'b\u001b]0;t\u0007.js'), 'export const f = (s) => s.vbm_no_excuse.text;\n');
    const check = await runCli(['codemod', '--check', '--no-project'], { cwd: dir });
    expect(check.stdout).toBe('b\\x1b]0;t\\x07.js\n');
  });
});
