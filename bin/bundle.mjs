#!/usr/bin/env node
/**
 * Builds dist/cli/bundle.cjs (`npm run build` runs it after tsc): the CLI and the libraries it
 * imports (yargs, zod, fast-glob, diff, ignore) in one CommonJS file. Start-up then opens and
 * compiles one file instead of ~300 ES modules, and bin/civic-migrate.cjs can keep V8's compiled code
 * for it between runs (Node 20 has no module compile cache; see src/cli/code-cache.ts). What a
 * command imports with `import()` stays lazy: esbuild wraps those modules in initialisers that run
 * only when the command asks for them.
 *
 * What the code loads with createRequire stays outside (ts-morph and its TypeScript, graphql, yaml,
 * jsonc-parser, @vue/compiler-dom): it loads from node_modules when a run needs it.
 * `import.meta.url` in each module becomes the URL its file has on disk at run time: for our modules,
 * their compiled file in dist/ (so the table, package.json and the reading thread's script are found
 * where they were); for a package's module, its file in the package, wherever it is installed.
 */
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = `${root}src${sep}`;

/**
 * The run-time URL of a module's file: dist/… for ours, the installed package's file for a dependency.
 * The bundle's directory is taken first: a package's top-level `__dirname` (yargs has one) becomes a
 * `var` of the bundle's scope and replaces it.
 */
const HELPER = `
var __civicBundleDir = __dirname;
var __civicModuleUrl = (rel, pkg) => {
  const { join } = require('node:path');
  const { existsSync } = require('node:fs');
  const { pathToFileURL } = require('node:url');
  if (pkg === undefined) return pathToFileURL(join(__civicBundleDir, '..', rel)).href;
  const dir = (require.resolve.paths(pkg) ?? []).map((d) => join(d, pkg)).find((d) => existsSync(join(d, 'package.json')));
  return pathToFileURL(join(dir ?? join(__civicBundleDir, '..', '..', 'node_modules', pkg), rel)).href;
};`;

const importMetaUrl = {
  name: 'import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|js|mjs|cjs)$/, namespace: 'file' }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
      if (!text.includes('import.meta.url')) return { contents: text, loader };
      let call;
      if (args.path.startsWith(src)) {
        call = `__civicModuleUrl(${JSON.stringify(relative(src, args.path).replace(/\.ts$/, '.js').split(sep).join('/'))})`;
      } else {
        const at = args.path.lastIndexOf(`${sep}node_modules${sep}`);
        if (at < 0) throw new Error(`import.meta.url in ${args.path}: neither src/ nor a package`);
        const parts = args.path.slice(at + 14).split(sep);
        const n = parts[0].startsWith('@') ? 2 : 1;
        call = `__civicModuleUrl(${JSON.stringify(parts.slice(n).join('/'))}, ${JSON.stringify(parts.slice(0, n).join('/'))})`;
      }
      return { contents: text.replaceAll('import.meta.url', call), loader };
    });
  },
};

/**
 * yargs measures every help line with string-width, which splits text into graphemes and tests each
 * against an emoji pattern: ~40 ms of a `--help`. Printable ASCII is one column a character, so such
 * text is measured by its length; anything else goes to string-width, whose answer it is, loaded then.
 */
const asciiStringWidth = {
  name: 'ascii-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      const real = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'real' });
      return { path: real.path, namespace: 'ascii-string-width' };
    });
    b.onLoad({ filter: /.*/, namespace: 'ascii-string-width' }, (args) => ({
      // The real module is required on first use: its top level makes two Intl.Segmenters and
      // compiles Unicode property patterns (~9 ms of every start), for text that is rarely not ASCII.
      contents: `let stringWidth;
export default function asciiStringWidth(text, options) {
  if (typeof text === 'string' && /^[\x20-\x7e]*$/.test(text)) return text.length;
  stringWidth ??= require(${JSON.stringify(args.path)}).default;
  return stringWidth(text, options);
}`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * zod re-exports every locale's messages (`z.locales`, ~1 MB of the bundle's 1.4 before this); the
 * CLI uses none but English, which zod's schemas import themselves. `z.locales` here holds `en`.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, '..', 'locales', 'en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * zod's module made on first use: every schema of ours is made on first use too (a table given with
 * `--mappings`, a config file), but zod's own top level makes its classes as the bundle starts (4-5
 * ms of a report of one .py file on Node 20, 7 ms on Node 22, where Node itself starts in half the
 * time). Our modules import `z` alone; here it is a getter of a module that requires zod when first
 * read, and esbuild makes a module it bundles for `require` an initialiser that runs then.
 */
const lazyZod = {
  name: 'lazy-zod',
  setup(b) {
    b.onResolve({ filter: /^zod$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      const real = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'real' });
      return { path: real.path, namespace: 'lazy-zod' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-zod' }, (args) => ({
      contents: `let zod;
module.exports = {
  get z() {
    zod ??= require(${JSON.stringify(args.path)});
    return zod.z;
  },
};`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/** A CLI entry and what it imports, in one CommonJS file. */
const cli = (entry, outfile) =>
  build({
    entryPoints: [`${src}cli/${entry}`],
    outfile: `${root}dist/cli/${outfile}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: HELPER },
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [importMetaUrl, asciiStringWidth, zodEnglishOnly, lazyZod],
  });

await cli('main.ts', 'bundle.cjs');
// `explain SLUG` without yargs and the other commands (src/cli/quick.ts): a fifth of the bundle.
await cli('quick.ts', 'quick.cjs');
await cli('quick-report.ts', 'quick-report.cjs');

// The bin's start (src/cli/code-cache.ts) as CommonJS: the bin then needs no ES module loader.
await build({
  entryPoints: [`${src}cli/code-cache.ts`],
  outfile: `${root}dist/cli/start.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
