import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

/** The README must stay true: its command sections and its example outputs are checked here. */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('documents exactly the commands the CLI has', async () => {
    const documented = [...readme.matchAll(/^### `([a-z]+)/gm)].map((m) => m[1]).sort();
    const { stdout } = await runCli(['--help']);
    const commandsSection = stdout.slice(stdout.indexOf('Commands:'), stdout.indexOf('Options:'));
    const listed = [...commandsSection.matchAll(/^ {2}civic-migrate ([a-z]+)/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(listed);
  });

  it('shows the codemod summary the bundled example really gives', async () => {
    const { code, stderr } = await runCli(['codemod', 'fixtures/example-v1-integration']);
    expect(code).toBe(0);
    const summary = (s: string) => /civic-migrate: \d+ files would change.*?; dry run/.exec(s)?.[0];
    expect(summary(stderr)).toBeDefined();
    expect(summary(readme)).toBe(summary(stderr));
  });

  it('shows the explain output the CLI really prints', async () => {
    for (const slug of ['vbm_no_excuse', 'vbm_no_excus']) {
      const { stdout } = await runCli(['explain', slug]);
      const line = stdout.trim().replace(/\(\/[^)]*\/mappings\/v1-to-v2\.json\)/, '(…/mappings/v1-to-v2.json)');
      expect(readme).toContain(line);
    }
  });
});
