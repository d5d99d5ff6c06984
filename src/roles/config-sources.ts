import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import type { ConfigEntry, ConfigFile } from '../files/config-files.js';

export type { ConfigFile } from '../files/config-files.js';

import { registerVirtualFile } from './evidence.js';

type Node = TsNamespace.Node;

/** A config value as the role engine holds it: a string literal of a virtual module standing for the file. */
export interface ConfigValue {
  readonly file: ConfigFile;
  readonly entry: ConfigEntry;
}

/**
 * The repository's config files as the role engine reads them: each file becomes a virtual module
 * (`({"api": {"base": "https://…/v1"}})`) whose string literals stand for the file's values, so
 * that a value read from the file is tracked like a literal written in code: its roles, where it
 * flows, what it is joined with. Code reaches a file's object through `process.env` and
 * `import.meta.env` (every env file), and through `import`/`require` of a JSON file or a parser given
 * `readFileSync` of one (JSON and YAML).
 */
export class ConfigSources {
  /** The objects of the env files. */
  readonly envRoots: TsNamespace.ObjectLiteralExpression[] = [];
  /** The virtual modules, for seeding their string values. */
  readonly modules: TsNamespace.SourceFile[] = [];
  private readonly roots = new Map<string, TsNamespace.Expression>();
  private readonly values = new Map<Node, ConfigValue>();

  constructor(
    private readonly ts: Ts,
    files: readonly ConfigFile[],
    /** Where the program runs: a path read relative to no file is relative to it. */
    private readonly cwd: string,
  ) {
    for (const file of files) {
      const root = this.module(file);
      if (!root) continue;
      if (file.tree.format === 'env') {
        if (ts.isObjectLiteralExpression(root)) this.envRoots.push(root);
      } else this.roots.set(resolve(file.path), root);
    }
  }

  /** The config value a string literal of a virtual module stands for. */
  valueAt(node: Node): ConfigValue | undefined {
    return this.values.get(node);
  }

  /** Every config value, in file order. */
  all(): IterableIterator<[Node, ConfigValue]> {
    return this.values.entries();
  }

  /** The root object of a JSON or YAML file (absolute path), if the repository has it. */
  rootOf(path: string): TsNamespace.Expression | undefined {
    return this.roots.get(resolve(path));
  }

  /**
   * The config file a module specifier or file path written in code names: relative to the file
   * that writes it (`./config.json`, `path.join(__dirname, 'config.yml')`), or to the repository's
   * root (where the program runs: `readFileSync('config/app.json')`).
   */
  fileNamed(specifier: string, from: string): TsNamespace.Expression | undefined {
    if (isAbsolute(specifier)) return this.rootOf(specifier);
    return this.rootOf(join(dirname(from), specifier)) ?? this.rootOf(join(this.cwd, specifier));
  }

  /** Builds the virtual module of a file; its root object (or array). */
  private module(file: ConfigFile): TsNamespace.Expression | undefined {
    const { ts } = this;
    type Tree = Map<string | number, Tree | ConfigEntry>;
    const tree: Tree = new Map();
    for (const entry of file.tree.entries) {
      let at = tree;
      entry.path.forEach((key, i) => {
        if (i === entry.path.length - 1) at.set(key, entry);
        else {
          let next = at.get(key);
          if (!(next instanceof Map)) {
            next = new Map();
            at.set(key, next);
          }
          at = next;
        }
      });
    }
    // Duplicate keys of an env file (a later line wins in dotenv) are all kept: each is a value the program may read.
    const positions = new Map<number, ConfigEntry>();
    let text = '(';
    const write = (node: Tree | ConfigEntry): void => {
      if (!(node instanceof Map)) {
        positions.set(text.length, node);
        text += JSON.stringify(node.value);
        return;
      }
      const keys = [...node.keys()];
      const array = keys.length > 0 && keys.every((k) => typeof k === 'number');
      text += array ? '[' : '{';
      if (array) {
        const length = Math.max(...(keys as number[])) + 1;
        for (let i = 0; i < length; i++) {
          if (i > 0) text += ', ';
          const child = node.get(i);
          if (child === undefined) text += 'null';
          else write(child);
        }
      } else {
        keys.forEach((key, i) => {
          if (i > 0) text += ', ';
          text += `${JSON.stringify(String(key))}: `;
          write(node.get(key) as Tree | ConfigEntry);
        });
      }
      text += array ? ']' : '}';
    };
    if (file.tree.format === 'env') {
      // Every line is its own property: a key set twice holds both values.
      text += '{';
      file.tree.entries.forEach((entry, i) => {
        if (i > 0) text += ', ';
        text += `${JSON.stringify(String(entry.path[0]))}: `;
        positions.set(text.length, entry);
        text += JSON.stringify(entry.value);
      });
      text += '}';
    } else write(tree);
    text += ')';
    const sf = ts.createSourceFile(`${file.path}.civic-config.js`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const statement = sf.statements[0];
    if (!statement || !ts.isExpressionStatement(statement) || !ts.isParenthesizedExpression(statement.expression))
      return undefined;
    const visit = (n: Node) => {
      if (ts.isStringLiteral(n)) {
        const entry = positions.get(n.getStart(sf));
        if (entry) this.values.set(n, { file, entry });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    this.modules.push(sf);
    registerVirtualFile(sf, file.path, (pos) => {
      // A value's literal shows where the value is; the file's object, its first line.
      const entry = positions.get(pos);
      return entry ? lineColumn(file.text, entry.start) : { line: 1, column: 1 };
    });
    return statement.expression.expression;
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: [...text.slice(lineStart, offset)].length + 1 };
}
