import { relative, sep } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import type { Fact, StepKind } from './facts.js';
import { GLOBAL_OBJECT_NAMES, type Role } from './role.js';

/** One place in the chain of evidence behind a decision: where, which step, and what it says. */
export interface EvidenceStep {
  /** The file's absolute path (tools show it relative to where they run). */
  readonly file: string;
  /** 1-based line and column of the expression. */
  readonly line: number;
  readonly column: number;
  readonly step: StepKind;
  /** A few words a reviewer can check: `response of GET /v1/election/field/`, `reads field_format, slug`. */
  readonly says: string;
}

/** A record's evidence with its files relative to `cwd` (`/`-separated), as tools show paths. */
export function withRelativeEvidence<T extends { readonly evidence?: readonly EvidenceStep[] }>(record: T, cwd: string): T {
  if (!record.evidence) return record;
  return { ...record, evidence: record.evidence.map((e) => ({ ...e, file: relative(cwd, e.file).split(sep).join('/') })) };
}

/** How many places of a chain are shown: the source and the last steps before the decision. */
const MAX_STEPS = 10;

/**
 * The chain of places that gave a value its role, from its source to the value itself: what a
 * reviewer follows to trust or refute a decision. Long chains keep their source and their end.
 */
export function evidenceOf(fact: Fact): EvidenceStep[] {
  const chain: Fact[] = [];
  const seen = new Set<Fact>();
  for (let f: Fact | undefined = fact; f && !seen.has(f); f = f.prev) {
    seen.add(f);
    chain.push(f);
  }
  chain.reverse();
  // The same place said twice in a row (a name and its reference on one line) is one step.
  const steps: EvidenceStep[] = [];
  for (const f of chain) {
    const step = describe(f);
    const last = steps.at(-1);
    if (last && last.file === step.file && last.line === step.line && last.says === step.says) continue;
    steps.push(step);
  }
  if (steps.length <= MAX_STEPS) return steps;
  return [...steps.slice(0, 2), ...steps.slice(steps.length - (MAX_STEPS - 2))];
}

/** Source files the engine builds for what is not code (a config file's values): the real file, and where a position stands in it. */
const virtualFiles = new WeakMap<
  TsNamespace.SourceFile,
  { readonly file: string; readonly position: (pos: number) => { line: number; column: number } }
>();

/** Says that a source file stands for another file (evidence then shows that file's line and column). */
export function registerVirtualFile(
  sf: TsNamespace.SourceFile,
  file: string,
  position: (pos: number) => { line: number; column: number },
): void {
  virtualFiles.set(sf, { file, position });
}

function describe(f: Fact): EvidenceStep {
  const sf = f.node.getSourceFile();
  const start = f.node.getStart(sf);
  const says_ = says(f, excerpt(f.node, sf));
  const virtual = virtualFiles.get(sf);
  if (virtual) return { file: virtual.file, ...virtual.position(start), step: f.step, says: says_ };
  const { line, character } = sf.getLineAndCharacterOfPosition(start);
  return { file: sf.fileName, line: line + 1, column: character + 1, step: f.step, says: says_ };
}

function excerpt(node: TsNamespace.Node, sf: TsNamespace.SourceFile): string {
  const text = node.getText(sf).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** What a role is, in a reader's words. */
export function roleWords(r: Role): string {
  switch (r.t) {
    case 'api':
      return `${r.node.version ? `${r.node.version.toUpperCase()} ` : ''}${r.node.noun}${r.slug ? ` (${r.slug})` : ''}${r.stays ? ' that stays on V1' : ''}`;
    case 'promise':
      return `a promise of ${roleWords(r.of)}`;
    case 'response':
      return `a response whose body is ${roleWords(r.of)}`;
    case 'url':
      return r.url.kind === 'base'
        ? `a ${r.url.version ? `${r.url.version.toUpperCase()} ` : ''}base URL`
        : r.url.kind === 'path'
          ? 'an API path'
          : r.url.kind === 'other'
            ? 'a path of another service'
            : r.url.version
              ? `a ${r.url.version.toUpperCase()} API URL`
              : 'an API URL';
    case 'site':
      // A module read whole (`const api = require('./api')`): its file (the only node with a file name).
      if (typeof (r.site as { fileName?: unknown }).fileName === 'string') return 'the exports of a module';
      // A class or constructor function handed on as a value (`show(Api)`): its static side (the only
      // sites with class members or parameters).
      if (Array.isArray((r.site as { members?: unknown }).members)) {
        const name = classLabel(r.site as TsNamespace.ClassLikeDeclaration);
        return name ? `the class ${name} (its static methods)` : 'a class (its static methods)';
      }
      if (Array.isArray((r.site as { parameters?: unknown }).parameters)) {
        const name = classLabel(r.site as TsNamespace.FunctionLikeDeclaration);
        return name ? `the function ${name} (the functions its members hold)` : 'a function (the functions its members hold)';
      }
      if (r.what === 'settled') return 'the outcomes of promises (`Promise.allSettled`)';
      if (r.what === 'outcome') return 'the outcome of a promise (`{ status, value }`)';
      // The global object (`window.fields = …`): the one object site at a name.
      if (r.what === 'object' && GLOBAL_OBJECT_NAMES.has(String((r.site as { escapedText?: unknown }).escapedText)))
        return 'the global object';
      return `${r.what === 'array' ? 'an array' : r.what === 'map' ? 'a map' : 'an object'} the program builds`;
    case 'client':
      return 'an HTTP client with a base URL';
    case 'fn':
      return 'a function';
    case 'instance': {
      const name = classLabel(r.cls);
      return name ? `an instance of ${name}` : 'an instance of a class';
    }
  }
}

function says(f: Fact, code: string): string {
  const what = roleWords(f.role);
  const q = `\`${code}\``;
  switch (f.step) {
    case 'source':
      return `${q}: ${what}`;
    case 'shape':
      return `${q} ${f.note ?? ''}: ${what}`.replace(' :', ':');
    case 'slug-member':
      return `${q}: a member named by a slug, ${what}`;
    case 'request':
      return `${q}: ${f.note ? `the response of ${f.note}` : 'a request'}, ${what}`;
    case 'join':
      return `${q}: a base URL and a path joined, ${what}`;
    case 'argument':
      return `${q}: an argument reaching this parameter, ${what}`;
    case 'return':
      return `${q}: returned by the call, ${what}`;
    case 'member':
      return `${q}: a member, ${what}`;
    case 'element':
      return `${q}: an element, ${what}`;
    case 'heap':
      return `${q}: stored and read back, ${what}`;
    case 'await':
      return `${q}: awaited, ${what}`;
    case 'flow':
      return `${q}: ${what}`;
  }
}

/** A class's own name, else the one it is held under (`const Api = class {…}`, `{ Api: class {…} }`). */
function classLabel(cls: TsNamespace.ClassLikeDeclaration | TsNamespace.FunctionLikeDeclaration): string | undefined {
  const held = (cls.parent as { name?: TsNamespace.Node } | undefined)?.name?.getText();
  return (
    (cls.name as TsNamespace.Identifier | undefined)?.text ??
    (held && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(held) ? held : undefined)
  );
}
