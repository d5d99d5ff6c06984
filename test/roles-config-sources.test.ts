/**
 * A repository's config files as the role engine reads them (src/roles/config-sources.ts, #28
 * mutation testing): each file a virtual module whose string literals stand for its values, in the
 * file's structure (objects, arrays with their holes, an env file's every line), found by the paths
 * code writes, and shown at the value's own line and column.
 */
import { describe, expect, it } from 'vitest';
import { typescript } from '../src/codemod/typescript.js';
import { type ConfigFile, type ConfigFormat, parseConfig } from '../src/files/config-files.js';
import { ConfigSources } from '../src/roles/config-sources.js';
import { evidenceOf } from '../src/roles/evidence.js';

const ts = typescript();
const configFile = (path: string, format: ConfigFormat, text: string): ConfigFile => ({
  path,
  text,
  tree: parseConfig(format, text) as ConfigFile['tree'],
});

const JSON_TEXT = `{
  "api": { "base": "https://api.voteamerica.org/v1", "keys": ["a", null, "c"] },
  "name": "😀 ✓", "site": "s", "port": 8080
}
`;
const YAML_TEXT = 'civic:\n  states: https://api.voteamerica.org/v1\n';
const ENV_TEXT = 'CIVIC_BASE=https://api.voteamerica.org/v1\nCIVIC_BASE=https://api.voteamerica.org/v2\nOTHER=x\n';

const sources = () =>
  new ConfigSources(
    ts,
    [
      configFile('/repo/config/app.json', 'json', JSON_TEXT),
      configFile('/repo/config/app.yml', 'yaml', YAML_TEXT),
      configFile('/repo/.env', 'env', ENV_TEXT),
    ],
    '/repo',
  );

describe('ConfigSources', () => {
  it('writes each file as a module of its values: objects, arrays with their holes, every line of an env file', () => {
    const s = sources();
    expect(s.modules.map((m) => [m.fileName, m.text])).toEqual([
      [
        '/repo/config/app.json.civic-config.js',
        '({"api": {"base": "https://api.voteamerica.org/v1", "keys": ["a", null, "c"]}, "name": "😀 ✓", "site": "s"})',
      ],
      ['/repo/config/app.yml.civic-config.js', '({"civic": {"states": "https://api.voteamerica.org/v1"}})'],
      [
        '/repo/.env.civic-config.js',
        '({"CIVIC_BASE": "https://api.voteamerica.org/v1", "CIVIC_BASE": "https://api.voteamerica.org/v2", "OTHER": "x"})',
      ],
    ]);
    expect(s.envRoots.map((r) => r.getText())).toEqual([String(s.modules[2]?.text).slice(1, -1)]);
  });

  it('knows the value each literal stands for, in file order', () => {
    const s = sources();
    expect([...s.all()].map(([node, v]) => [node.getText(), v.file.path, v.entry.path.join('.')])).toEqual([
      ['"https://api.voteamerica.org/v1"', '/repo/config/app.json', 'api.base'],
      ['"a"', '/repo/config/app.json', 'api.keys.0'],
      ['"c"', '/repo/config/app.json', 'api.keys.2'],
      ['"😀 ✓"', '/repo/config/app.json', 'name'],
      ['"s"', '/repo/config/app.json', 'site'],
      ['"https://api.voteamerica.org/v1"', '/repo/config/app.yml', 'civic.states'],
      ['"https://api.voteamerica.org/v1"', '/repo/.env', 'CIVIC_BASE'],
      ['"https://api.voteamerica.org/v2"', '/repo/.env', 'CIVIC_BASE'],
      ['"x"', '/repo/.env', 'OTHER'],
    ]);
    const [first] = [...s.all()];
    expect(s.valueAt(first?.[0] as never)?.entry.value).toBe('https://api.voteamerica.org/v1');
    // A key's literal stands for no value.
    const key = (s.modules[0] as import('ts-morph').ts.SourceFile).text.indexOf('"api"');
    const keyNode = [...s.all()].find(([n]) => n.getStart() === key);
    expect(keyNode).toBeUndefined();
  });

  it('finds a JSON or YAML file by the path code writes: relative to the file, to where the program runs, or absolute', () => {
    const s = sources();
    const root = (n: unknown) => (n as import('ts-morph').ts.Node | undefined)?.getSourceFile().fileName;
    expect(root(s.fileNamed('../config/app.json', '/repo/src/a.js'))).toBe('/repo/config/app.json.civic-config.js');
    expect(root(s.fileNamed('./config/app.yml', '/repo/src/a.js'))).toBe('/repo/config/app.yml.civic-config.js');
    expect(root(s.fileNamed('/repo/config/app.json', '/elsewhere/a.js'))).toBe('/repo/config/app.json.civic-config.js');
    expect(root(s.fileNamed('/repo/src/../config/app.json', '/elsewhere/a.js'))).toBe('/repo/config/app.json.civic-config.js');
    expect(s.fileNamed('app.json', '/repo/src/a.js')).toBeUndefined();
    // An env file is read through process.env, never by its path.
    expect(s.fileNamed('.env', '/repo/a.js')).toBeUndefined();
    expect(s.rootOf('/repo/config/missing.json')).toBeUndefined();
  });

  it('shows a value at its own line and column in the file (characters, not UTF-16 units); the object at the first line', () => {
    const s = sources();
    const where = (n: import('ts-morph').ts.Node) => {
      const [step] = evidenceOf({
        node: n,
        role: { t: 'fn', key: 'f', fn: {} as never },
        step: 'source',
        prev: undefined,
        strength: 3,
      });
      return `${step?.file}:${step?.line}:${step?.column}`;
    };
    const values = [...s.all()].map(([n]) => where(n));
    expect(values).toEqual([
      '/repo/config/app.json:2:21',
      '/repo/config/app.json:2:64',
      '/repo/config/app.json:2:75',
      '/repo/config/app.json:3:12',
      '/repo/config/app.json:3:27',
      '/repo/config/app.yml:2:11',
      '/repo/.env:1:12',
      '/repo/.env:2:12',
      '/repo/.env:3:7',
    ]);
    expect(where(s.rootOf('/repo/config/app.json') as import('ts-morph').ts.Node)).toBe('/repo/config/app.json:1:1');
  });

  it('an empty file gives an empty object; a file of an array, an array', () => {
    const s = new ConfigSources(
      ts,
      [configFile('/r/empty.json', 'json', '{}\n'), configFile('/r/list.json', 'json', '["https://x/v1", "b"]\n')],
      '/r',
    );
    expect(s.modules.map((m) => m.text)).toEqual(['({})', '(["https://x/v1", "b"])']);
    expect(s.rootOf('/r/list.json')?.kind).toBe(ts.SyntaxKind.ArrayLiteralExpression);
  });
});
