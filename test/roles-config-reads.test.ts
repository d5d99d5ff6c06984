/**
 * Where code reaches a config file's values (src/roles/config-reads.ts, #28 mutation testing): an
 * import (default, named, namespace), `require`, a parser given the file's text read by every path
 * form the engine knows, `process.env` and `import.meta.env` for the env files. Each form, one
 * repository: the config value the code joins with an API path moves to V2, the others are said.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { writeTree } from './helpers/tree.js';

const V1 = 'https://api.voteamerica.org/v1';
const CALL = "fetch(cfg.api.base + '/election/field/')";

const FORMS: Record<string, string> = {
  'an import of the default': `import cfg from '../config/app.json' with { type: 'json' };\nexport const f = () => ${CALL};`,
  'an import of a name': `import { api } from '../config/app.json' with { type: 'json' };\nexport const f = () => fetch(api.base + '/election/field/');`,
  'an import of the namespace': `import * as cfg from '../config/app.json' with { type: 'json' };\nexport const f = () => ${CALL};`,
  require: `const cfg = require('../config/app.json');\nexports.f = () => ${CALL};`,
  'JSON.parse of readFileSync(path.join(__dirname, …))': `const fs = require('fs');\nconst path = require('path');\nconst cfg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'config', 'app.json'), 'utf8'));\nexports.f = () => ${CALL};`,
  'JSON.parse of readFileSync(new URL(…, import.meta.url))': `import { readFileSync } from 'node:fs';\nconst cfg = JSON.parse(readFileSync(new URL('../config/app.json', import.meta.url)));\nexport const f = () => ${CALL};`,
  'JSON.parse of readFileSync(a template of __dirname).toString()': `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync(\`\${__dirname}/../config/app.json\`).toString());\nexports.f = () => ${CALL};`,
  'JSON.parse of await readFile(…)': `import { promises as fs } from 'node:fs';\nconst cfg = JSON.parse(await fs.readFile('config/app.json', 'utf8'));\nexport const f = () => ${CALL};`,
  'yaml.safeLoad of readFileSync(…).toString(encoding)': `const fs = require('fs');\nconst yaml = require('js-yaml');\nconst cfg = yaml.safeLoad(fs.readFileSync('config/app.json').toString('utf8'));\nexports.f = () => ${CALL};`,
  'JSON.parse of readFileSync(path.join(import.meta.dirname, …))': `import { readFileSync } from 'node:fs';\nimport path from 'node:path';\nconst cfg = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'config', 'app.json')));\nexport const f = () => ${CALL};`,
  'yaml.load of readFileSync(path.resolve(…))': `const fs = require('fs');\nconst path = require('path');\nconst yaml = require('js-yaml');\nconst cfg = yaml.load(fs.readFileSync(path.resolve('config', 'app.json'), 'utf8'));\nexports.f = () => ${CALL};`,
};

/** Migrates a repository with `code` in src/a.js; what each config file holds after, and the markers by file. */
async function migrate(code: string) {
  const dir = writeTree({
    'config/app.json': `${JSON.stringify({ api: { base: V1 }, help: 'see api.voteamerica.org for the docs' }, null, 2)}\n`,
    'config/list.json': `${JSON.stringify([{ base: V1 }], null, 2)}\n`,
    'src/local.json': `${JSON.stringify({ api: { base: V1 } }, null, 2)}\n`,
    'config/other.json': `${JSON.stringify({ api: { base: V1 } })}\n`,
    '.env': `CIVIC_BASE=${V1}\nVITE_CIVIC_BASE=${V1}\n`,
    'src/a.js': `${code}\n`,
  });
  const summary = await runCodemod({ cwd: dir, write: true, allowDirty: true });
  const markers = Object.fromEntries(
    summary.files.filter((f) => f.markers.length > 0).map((f) => [f.path, f.markers.map((m) => m.code)]),
  );
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
  return {
    app: read('config/app.json').includes('/v2'),
    list: read('config/list.json').includes('/v2'),
    local: read('src/local.json').includes('/v2'),
    env: read('.env'),
    other: read('config/other.json'),
    markers,
  };
}

describe('config values the code reads', () => {
  it.each(Object.keys(FORMS))('%s: the value moves to V2', async (form) => {
    const r = await migrate(FORMS[form] as string);
    expect(r.app).toBe(true);
    expect(r.other).toContain('/v1');
    // The values nothing reads are said, not moved.
    expect(r.markers).toEqual({
      '.env': ['config-base-unseen', 'config-base-unseen'],
      'config/list.json': ['config-base-unseen'],
      'config/other.json': ['config-base-unseen'],
      'src/local.json': ['config-base-unseen'],
    });
  });

  it('process.env and import.meta.env reach the env file, each its own variable', async () => {
    const node = await migrate("export const f = () => fetch(process.env.CIVIC_BASE + '/election/field/');");
    expect(node.env).toBe(`CIVIC_BASE=https://api.voteamerica.org/v2\nVITE_CIVIC_BASE=${V1}\n`);
    expect(node.app).toBe(false);
    const vite = await migrate("export const f = () => fetch(import.meta.env.VITE_CIVIC_BASE + '/election/field/');");
    expect(vite.env).toBe(`CIVIC_BASE=${V1}\nVITE_CIVIC_BASE=https://api.voteamerica.org/v2\n`);
  });

  it('a file whose root is an array, and a file beside the code read by a template of __dirname', async () => {
    const list = await migrate(
      `const cfg = require('../config/list.json');\nexports.f = () => fetch(cfg[0].base + '/election/field/');`,
    );
    expect([list.list, list.app]).toEqual([true, false]);
    const local = await migrate(
      `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync(\`\${__dirname}/local.json\`, 'utf8'));\nexports.f = () => ${CALL};`,
    );
    expect([local.local, local.app]).toEqual([true, false]);
  });

  it('what reads no config file reaches none: another file, a reader that is not a parser, a parser of text not read', async () => {
    for (const code of [
      // Not the environment: another object's `env`, another member of `process`, another meta property.
      "const settings = { env: {} };\nexport const f = () => fetch(settings.env.CIVIC_BASE + '/election/field/');",
      "export const f = () => fetch(process.config.CIVIC_BASE + '/election/field/');",
      "export function f() { return fetch(new.target.env.CIVIC_BASE + '/election/field/'); }",
      // Not a read of a config file.
      `import '../config/app.json' with { type: 'json' };\nconst cfg = requireConfig('../config/app.json');\nexports.f = () => ${CALL};`,
      `const where = '../config/app.json';\nconst cfg = require(where);\nexports.f = () => ${CALL};\nexports.g = () => require() && JSON.parse();`,
      `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync('missing.json'));\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync('config/app.json').toString('utf8', 0, 10));\nexports.f = () => ${CALL};`,
      `const cfg = JSON.parse(loadText('config/app.json'));\nexports.f = () => ${CALL};\nexports.g = () => JSON.parse(require('fs').readFileSync());`,
      // Paths the engine cannot know: a folder that is not the file's, a computed part, another call of path, a URL without the module's base.
      `const fs = require('fs');\nconst path = require('path');\nconst ROOT = process.cwd();\nconst cfg = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'app.json')));\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst path = require('path');\nconst config = 'config';\nconst cfg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', config, 'app.json')));\nexports.f = () => ${CALL};\nexports.g = () => JSON.parse(fs.readFileSync(path.join()));`,
      `const fs = require('fs');\nconst path = require('path');\nconst cfg = JSON.parse(fs.readFileSync(path.normalize('config/app.json')));\nexports.f = () => ${CALL};`,
      `import { readFileSync } from 'node:fs';\nconst cfg = JSON.parse(readFileSync(new URL('../config/app.json')));\nexport const f = () => ${CALL};\nexport const g = () => JSON.parse(readFileSync(new URL));`,
      `import { readFileSync } from 'node:fs';\nconst cfg = JSON.parse(readFileSync(new URL('../config/app.json', 'file:///elsewhere/')));\nexport const f = () => ${CALL};`,
      `import { readFileSync } from 'node:fs';\nconst cfg = JSON.parse(readFileSync(new Place('../config/app.json', import.meta.url)));\nexport const f = () => ${CALL};`,
      `const fs = require('fs');\nconst root = process.cwd();\nconst cfg = JSON.parse(fs.readFileSync(\`\${root}/config/app.json\`));\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync(\`x\${__dirname}/../config/app.json\`));\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst ext = '';\nconst cfg = JSON.parse(fs.readFileSync(\`\${__dirname}/../config/app.json\${ext}\`));\nexports.f = () => ${CALL};`,
      `import { readFileSync } from 'node:fs';\nimport path from 'node:path';\nconst cfg = JSON.parse(readFileSync(path.join(import.meta.filename, '..', 'config', 'app.json')));\nexport const f = () => ${CALL};`,
      `const cfg = require('../config/other.json');\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst cfg = JSON.stringify(fs.readFileSync('config/app.json', 'utf8'));\nexports.f = () => ${CALL};`,
      `const cfg = JSON.parse('{"api": {"base": "x"}}');\nexports.f = () => ${CALL};`,
      `const fs = require('fs');\nconst cfg = JSON.parse(fs.readFileSync(process.cwd() + '/config/app.json'));\nexports.f = () => ${CALL};`,
    ]) {
      const r = await migrate(code);
      expect([code, r.app, r.list, r.local, r.env]).toEqual([
        code,
        false,
        false,
        false,
        `CIVIC_BASE=${V1}\nVITE_CIVIC_BASE=${V1}\n`,
      ]);
    }
  });
});
