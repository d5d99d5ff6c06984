import { createRequire } from 'node:module';
import { basename } from 'node:path';

/**
 * Config files a program reads its settings from: `.env` files (read through `process.env` or
 * `import.meta.env`), JSON and YAML files (read by `import`, `require`, or `readFileSync` and a
 * parser). Their string values are where an API base URL is often kept, far from the code that
 * joins paths to it.
 */
export type ConfigFormat = 'env' | 'json' | 'yaml';

/** One string value of a config file and where its text stands. */
export interface ConfigEntry {
  /** Keys from the root (`['api', 'base']`; array positions as numbers); an env file's is its variable's name. */
  readonly path: readonly (string | number)[];
  readonly value: string;
  /** The value's text in the file, without quotes: `[start, end)`. */
  readonly start: number;
  readonly end: number;
  /** The file's text there is the value itself (no escapes, no folding): the value can be edited by span. */
  readonly verbatim: boolean;
}

/** What a config file holds: its string values, and the structure they sit in (objects and arrays). */
export interface ConfigTree {
  readonly format: ConfigFormat;
  readonly entries: readonly ConfigEntry[];
}

/** An env file's name: `.env`, `.env.local`, `.env.production`… */
export const ENV_FILE_NAME = /^\.env(?:\.[\w.-]+)?$/i;

/** The config format of a file, by its name: `.env`, `.env.local`, `*.json`, `*.yaml`/`*.yml`; undefined for any other. */
export function configFormatOf(path: string): ConfigFormat | undefined {
  const name = basename(path).toLowerCase();
  if (ENV_FILE_NAME.test(name)) return 'env';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  return undefined;
}

/** A config file's string values, or undefined when it does not parse (it is then nobody's config). Offsets are the text's, a BOM counted. */
export function parseConfig(format: ConfigFormat, raw: string): ConfigTree | undefined {
  if (raw.charCodeAt(0) !== 0xfeff) return parseText(format, raw);
  const tree = parseText(format, raw.slice(1));
  return tree && { ...tree, entries: tree.entries.map((e) => ({ ...e, start: e.start + 1, end: e.end + 1 })) };
}

function parseText(format: ConfigFormat, text: string): ConfigTree | undefined {
  switch (format) {
    case 'env':
      return { format, entries: envEntries(text) };
    case 'json':
      return jsonEntries(text);
    case 'yaml':
      return yamlEntries(text);
  }
}

// ─── .env ────────────────────────────────────────────────────────────────────────────────────────

const ENV_LINE = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*/;

/**
 * `KEY=value` lines as dotenv reads them: `export ` allowed, values bare (up to a ` #` comment,
 * trimmed), single-quoted (literal) or double-quoted (with `\n`-style escapes: not verbatim when it
 * holds any). A later line for the same key wins, as in dotenv; both are entries.
 */
function envEntries(text: string): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const m = ENV_LINE.exec(line);
    if (m) {
      const key = m[1] as string;
      const at = m[0].length;
      const quote = line.charAt(at);
      if (quote === '"' || quote === "'" || quote === '`') {
        const close = line.indexOf(quote, at + 1);
        if (close !== -1) {
          const raw = line.slice(at + 1, close);
          const value = quote === '"' ? raw.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1') : raw;
          entries.push({
            path: [key],
            value,
            start: lineStart + at + 1,
            end: lineStart + close,
            verbatim: value === raw,
          });
        }
      } else {
        const hash = line.search(/[ \t]#/);
        const raw = (hash === -1 ? line.slice(at) : line.slice(at, hash)).trimEnd();
        entries.push({ path: [key], value: raw, start: lineStart + at, end: lineStart + at + raw.length, verbatim: true });
      }
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return entries;
}

// ─── JSON ────────────────────────────────────────────────────────────────────────────────────────

type JsoncNode = import('jsonc-parser').Node;

/** JSON (comments allowed, as tsconfig-style files have them): every string value with its key path. */
function jsonEntries(text: string): ConfigTree | undefined {
  const jsonc = createRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser');
  const errors: import('jsonc-parser').ParseError[] = [];
  const root = jsonc.parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length > 0) return undefined;
  const entries: ConfigEntry[] = [];
  const walk = (node: JsoncNode, path: (string | number)[]) => {
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && typeof key.value === 'string') walk(value, [...path, key.value]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => {
        walk(child, [...path, i]);
      });
    } else if (node.type === 'string') {
      const raw = text.slice(node.offset + 1, node.offset + node.length - 1);
      entries.push({
        path,
        value: node.value as string,
        start: node.offset + 1,
        end: node.offset + node.length - 1,
        verbatim: raw === node.value,
      });
    }
  };
  walk(root, []);
  return { format: 'json', entries };
}

// ─── YAML ────────────────────────────────────────────────────────────────────────────────────────

/** YAML (the first document): every string scalar with its key path; plain and quoted scalars are edited by span. */
function yamlEntries(text: string): ConfigTree | undefined {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  let doc: import('yaml').Document.Parsed;
  try {
    doc = yaml.parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  } catch {
    return undefined;
  }
  if (doc.errors.length > 0) return undefined;
  const entries: ConfigEntry[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (yaml.isMap(node)) {
      for (const pair of node.items) {
        const key = yaml.isScalar(pair.key) ? pair.key.value : pair.key;
        if (typeof key === 'string' || typeof key === 'number') walk(pair.value, [...path, String(key)]);
      }
    } else if (yaml.isSeq(node)) {
      node.items.forEach((item, i) => {
        walk(item, [...path, i]);
      });
    } else if (yaml.isScalar(node) && typeof node.value === 'string' && node.range) {
      const [start, valueEnd] = node.range;
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
      const s = quoted ? start + 1 : start;
      const e = quoted ? valueEnd - 1 : valueEnd;
      entries.push({ path, value: node.value, start: s, end: e, verbatim: !block && text.slice(s, e) === node.value });
    }
  };
  walk(doc.contents, []);
  return { format: 'yaml', entries };
}

/** A config file read for the program: its parsed values and text. */
/** A config file the program may read: its path and its string values. */
export interface ConfigFile {
  /** Absolute path. */
  readonly path: string;
  readonly tree: ConfigTree;
  /** The file's text, for the positions evidence shows. */
  readonly text: string;
}
