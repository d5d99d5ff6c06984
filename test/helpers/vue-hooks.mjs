// Module hooks for an app with Vue components (registered by `vue-app.mjs`).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sfc = require('@vue/compiler-sfc');
const RUNTIME = new URL('./vue-node.mjs', import.meta.url).href;

/** `vue` is the in-memory runtime, whoever imports it (the app, a compiled template). */
export async function resolve(specifier, context, next) {
  if (specifier === 'vue') return { url: RUNTIME, shortCircuit: true };
  return next(specifier, context);
}

/** A `.vue` file as one ES module: its script (setup or options) with its template's render function. */
export async function load(url, context, next) {
  if (!url.endsWith('.vue')) return next(url, context);
  const filename = fileURLToPath(url);
  const source = readFileSync(filename, 'utf8');
  const { descriptor, errors } = sfc.parse(source, { filename });
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0].message}`);
  const id = createHash('sha256').update(filename).digest('hex').slice(0, 8);
  const setup = Boolean(descriptor.scriptSetup);
  const script =
    descriptor.script || descriptor.scriptSetup
      ? sfc.compileScript(descriptor, { id, inlineTemplate: setup, genDefaultAs: '__sfc__' })
      : undefined;
  let code = script ? script.content : 'const __sfc__ = {};';
  if (!setup && descriptor.template) {
    const template = sfc.compileTemplate({
      source: descriptor.template.content,
      filename,
      id,
      compilerOptions: { bindingMetadata: script?.bindings },
    });
    if (template.errors.length > 0) throw new Error(`${filename}: ${String(template.errors[0])}`);
    code += `\n${template.code}\n__sfc__.render = render;`;
  }
  return { format: 'module', source: `${code}\nexport default __sfc__;\n`, shortCircuit: true };
}
