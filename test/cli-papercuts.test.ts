/** The command line as a new user meets it. */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

describe('the command line', () => {
  it('a usage error says everything yargs knows on one line: the argument and the choices', async () => {
    const r = await runCli(['report', '--format', 'sarf']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'civic-migrate: Invalid values: Argument: format, Given: "sarf", Choices: "text", "json", "sarif", "markdown", "github", "gitlab", "html"\nRun \'civic-migrate --help\' for usage.\n',
    );
  });

  it("report --include takes one pattern: the path after it stays a path (as codemod's)", async () => {
    const dir = writeTree({ 'sub/b.py': "state['vbm_no_excuse']\n", 'other/c.py': "state['vbm_no_excuse']\n" });
    const r = await runCli(['report', '--include', '*.py', 'sub', '--format', 'json', '--fail-on', 'none'], { cwd: dir });
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file)).toEqual(['sub/b.py']);
  });

  it('help COMMAND is COMMAND --help; --help shows examples and exit codes', async () => {
    const help = await runCli(['help', 'codemod']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runCli(['codemod', '--help'])).stdout);
    expect(help.stdout).toContain('Exit codes: 0 done');
    const main = await runCli(['--help']);
    expect(main.stdout).toContain('civic-migrate help codemod');
    expect(main.stdout).toContain('Exit codes: 0 ok');
    expect((await runCli(['report', '--help'])).stdout).toContain('Exit codes: 0 nothing gates');
  });
});
