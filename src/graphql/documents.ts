import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';

/**
 * GraphQL documents in customer code: `.graphql`/`.gql` files, and template literals (Gatsby's
 * `createTypes(`…`)` SDL, `graphql`…``/`gql`…`` queries). This module parses them with positions,
 * models what they declare (types and their fields) and what they name (selected fields, Gatsby
 * query arguments, Gatsby field-extension directives), and turns a field rename into span edits on
 * the file. Whether a GraphQL type is the API's is the caller's decision (from the program's data
 * flow); here a type is only a name.
 *
 * All offsets are file offsets (UTF-16 code units, `end` exclusive): `source.start` plus the offset
 * in `source.text`.
 */

/** `[start, end)` of a file's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A GraphQL document inside a file: a whole .graphql/.gql file, or a template literal's text. */
export interface GraphqlSource {
  /** The document text with each `${…}` substitution replaced by spaces of equal length (offsets kept). */
  readonly text: string;
  /** Offset of `text` in the file. */
  readonly start: number;
}

/** A field a type declares (`long_name: String` in `type CivicField { … }`). */
export interface GraphqlFieldDeclaration {
  readonly name: string;
  /** The field name's span. */
  readonly at: Span;
  /** The named type, unwrapped of `!` and `[]` (`[GeocodeComponent!]!` → `GeocodeComponent`). */
  readonly type: string;
}

/** An object, interface or input type definition, or an extension (`extend type …`) of one. */
export interface GraphqlType {
  readonly name: string;
  readonly kind: 'object' | 'interface' | 'input';
  /** `extend type …`: adds fields to a type defined elsewhere. */
  readonly extension: boolean;
  readonly nameAt: Span;
  readonly fields: readonly GraphqlFieldDeclaration[];
}

/** The operation or fragment a selection belongs to. */
export interface GraphqlDefinition {
  readonly kind: 'query' | 'mutation' | 'subscription' | 'fragment';
  /** The operation's or fragment's name (anonymous operations have none). */
  readonly name?: string;
}

/** A field selected in an operation or fragment (`long_name` in `nodes { long_name }`). */
export interface GraphqlSelection {
  readonly name: string;
  /** The field name's span (not the alias's). */
  readonly at: Span;
  /** `label` in `label: long_name`: the key of the value in the result. */
  readonly alias?: string;
  /** Field names (not aliases) of the enclosing fields, from the operation's or fragment's root. */
  readonly path: readonly string[];
  /**
   * The type the field is selected on, when the documents say it: a fragment's `on T`, an inline
   * `... on T`, a field type declared in the document set, or Gatsby's naming (the nodes of
   * `allCivicField { nodes }`, `edges { node }`, `group { … }` and of `civicField` are
   * `CivicField`s). An operation's root fields have `Query`, `Mutation` or `Subscription`.
   */
  readonly parentType?: string;
  readonly definition: GraphqlDefinition;
}

/** A root field of an operation (`allCivicField`, `civicField`), read with Gatsby's naming. */
export interface GraphqlRoot {
  readonly name: string;
  readonly at: Span;
  readonly alias?: string;
  readonly definition: GraphqlDefinition;
  /** In a query: the node type Gatsby names the root after (`allCivicField`, `civicField` → `CivicField`). */
  readonly nodeType?: string;
  /** Whether the root is a Gatsby connection (`allX`), whose nodes are under `nodes`, `edges { node }` and `group`. */
  readonly connection: boolean;
}

/**
 * A field named outside a selection, so that a rename must follow it:
 * - `argument`: Gatsby query arguments: keys of `filter` and `sort` of `allX` (V5 objects, V4
 *   `fields: [a___b]` enums), `field` of a connection's `group`/`distinct`/`max`/`min`/`sum`, and the
 *   argument names of a singular `x(slug: { eq: $slug })`;
 * - `directive`: the source field of Gatsby field extensions in SDL, `@proxy(from: "long_name")`,
 *   `@link(from: …)` or any other directive's `from`, and `@link(by: …)` on the linked type. Dotted
 *   paths (`from: "state.long_name"`) give one reference per segment.
 */
export interface GraphqlReference {
  readonly name: string;
  readonly at: Span;
  /** The type whose field it names, when the documents say it (as for selections). */
  readonly parentType?: string;
  readonly via: 'argument' | 'directive';
}

export interface GraphqlDocument {
  readonly source: GraphqlSource;
  readonly types: readonly GraphqlType[];
  readonly selections: readonly GraphqlSelection[];
  readonly roots: readonly GraphqlRoot[];
  readonly references: readonly GraphqlReference[];
}

export interface GraphqlParseOptions {
  /**
   * Types declared elsewhere (another file's `createTypes` SDL): they give the parent types of
   * selections reached through their fields. The document's own types always count.
   */
  readonly types?: readonly GraphqlType[];
}

let loaded: typeof Graphql | undefined;

/** graphql-js, loaded when the first document is met: files without GraphQL never pay for it. */
function graphql(): typeof Graphql {
  loaded ??= createRequire(import.meta.url)('graphql') as typeof Graphql;
  return loaded;
}

/** Parses a document; undefined when it is not GraphQL (a parse error) or holds no definition. */
export function parseGraphql(source: GraphqlSource, options: GraphqlParseOptions = {}): GraphqlDocument | undefined {
  const ast = parseAst(source);
  if (!ast) return undefined;
  const types = typesOf(ast, source.start);
  return modelOf(ast, source, types, fieldIndex([...(options.types ?? []), ...types]));
}

/**
 * Parses documents that make one schema (a Gatsby site: the SDL of `gatsby-node.js` and the queries
 * of its pages): every document's selections are typed with the types all of them declare. The
 * result is aligned with `sources` (undefined where a source is not GraphQL).
 */
export function parseGraphqlSet(sources: readonly GraphqlSource[]): (GraphqlDocument | undefined)[] {
  const parsed = sources.map((source) => {
    const ast = parseAst(source);
    return ast && { source, ast, types: typesOf(ast, source.start) };
  });
  const index = fieldIndex(parsed.flatMap((p) => p?.types ?? []));
  return parsed.map((p) => p && modelOf(p.ast, p.source, p.types, index));
}

function parseAst(source: GraphqlSource): Graphql.DocumentNode | undefined {
  try {
    const ast = graphql().parse(source.text);
    return ast.definitions.length > 0 ? ast : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text of a JS/TS template literal as a GraphQL source. `pieces` are the raw texts between
 * substitutions, in order, each with its file offset; the gap between two pieces (`${…}`) becomes
 * spaces. The escapes a template needs (`` \` ``, `\${`, `\\`) lose their backslash to a space, so
 * that GraphQL reads the character itself; other escapes (`\n`) are GraphQL's too and stay.
 */
export function graphqlSourceOfTemplate(pieces: readonly { readonly text: string; readonly start: number }[]): GraphqlSource {
  const first = pieces[0];
  if (!first) return { text: '', start: 0 };
  let text = '';
  for (const piece of pieces) {
    const gap = piece.start - (first.start + text.length);
    if (gap < 0) throw new Error(`template pieces overlap at offset ${piece.start}`);
    text += ' '.repeat(gap) + piece.text.replace(/\\([`$\\])/g, ' $1');
  }
  return { text, start: first.start };
}

const LEADING_KEYWORD =
  /^(?:(?:type|interface|input|extend|query|mutation|subscription|fragment|schema|enum|union|scalar|directive)(?![_0-9A-Za-z])|\{)/;

/**
 * Whether an untagged template literal is likely a GraphQL document worth parsing: after
 * whitespace, commas, `#` comments and descriptions (`"…"`, `"""…"""`), it starts with a definition
 * keyword or `{`. Cheap; `parseGraphql` has the last word.
 */
export function looksLikeGraphql(text: string): boolean {
  // Sticky: each matches at `lastIndex` only.
  const ignored = /[\s,\uFEFF]+|#[^\n\r]*|"""[\s\S]*?"""|"(?:[^"\\\n\r]|\\.)*"/y;
  let at = 0;
  for (ignored.lastIndex = 0; ignored.test(text); ) at = ignored.lastIndex;
  return LEADING_KEYWORD.test(text.slice(at, at + 16));
}

/**
 * The type Gatsby names a root query field after: `allCivicField` and `civicField` → `CivicField`.
 * Gatsby derives the names with lodash's `camelCase` (`NPMPackage` → `npmPackage`,
 * `allNpmPackage`), which loses case: given `typeNames`, the type whose Gatsby names match is
 * returned; otherwise (or when none matches) the name with its first letter upper-cased. Undefined
 * for names Gatsby never makes (`__schema`, `_private`, `Upper`).
 */
export function gatsbyTypeOf(rootField: string, typeNames?: Iterable<string>): string | undefined {
  return gatsbyRoot(rootField, typeNames)?.type;
}

function gatsbyRoot(rootField: string, typeNames?: Iterable<string>): { type: string; connection: boolean } | undefined {
  for (const type of typeNames ?? []) {
    const single = camelCase(type);
    if (rootField === single) return { type, connection: false };
    if (rootField === `all${upperFirst(single)}`) return { type, connection: true };
  }
  if (/^all[A-Z0-9]/.test(rootField)) return { type: rootField.slice(3), connection: true };
  if (/^[a-z]/.test(rootField)) return { type: upperFirst(rootField), connection: false };
  return undefined;
}

/** lodash's `camelCase` on a GraphQL name (ASCII): words split at `_`, case changes and digits. */
function camelCase(name: string): string {
  const words = name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : upperFirst(word.toLowerCase()))).join('');
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A span edit renaming one field name (a `codemod` `Edit` with what it renamed). */
export interface GraphqlRenameEdit extends Span {
  readonly text: string;
  /** The field name replaced. */
  readonly from: string;
  /** The new field name. */
  readonly to: string;
  /** Which kind of entry of the document the edit renames. */
  readonly kind: 'declaration' | 'selection' | 'reference';
  /** The type whose field is renamed, when known. */
  readonly parentType?: string;
  /**
   * For a selection: the key of its value in the result, before and after. When they differ, the
   * code reading the result (`node.long_name`) must be renamed as well: that is the caller's part.
   */
  readonly resultKey?: { readonly before: string; readonly after: string };
}

export interface GraphqlRenameOptions {
  /**
   * Rename unaliased selections as `oldName: newName`, so that the result keeps the keys code
   * reads (no code change needed beyond the document). Default false: the result key changes.
   */
  readonly keepResultKeys?: boolean;
}

/**
 * Span edits renaming fields: each type field, selection and reference whose `(type, name)`
 * `rename` maps to a new name. `rename` receives the parent type when the documents say it, and
 * undefined otherwise (the caller decides whether an untyped name is the API's). An aliased
 * selection keeps its alias; an unaliased one changes its result key (see
 * `GraphqlRenameEdit.resultKey`) unless `keepResultKeys`. Edits are sorted by offset and never
 * overlap.
 */
export function graphqlRenames(
  doc: GraphqlDocument,
  rename: (typeName: string | undefined, field: string) => string | undefined,
  options: GraphqlRenameOptions = {},
): GraphqlRenameEdit[] {
  const edits: GraphqlRenameEdit[] = [];
  for (const type of doc.types) {
    for (const field of type.fields) {
      const to = rename(type.name, field.name);
      if (to && to !== field.name) {
        edits.push({ ...field.at, text: to, from: field.name, to, kind: 'declaration', parentType: type.name });
      }
    }
  }
  for (const s of doc.selections) {
    const to = rename(s.parentType, s.name);
    if (!to || to === s.name) continue;
    const keep = s.alias !== undefined || options.keepResultKeys === true;
    const before = s.alias ?? s.name;
    edits.push({
      ...s.at,
      text: s.alias === undefined && keep ? `${s.name}: ${to}` : to,
      from: s.name,
      to,
      kind: 'selection',
      ...(s.parentType !== undefined && { parentType: s.parentType }),
      resultKey: { before, after: keep ? before : to },
    });
  }
  for (const r of doc.references) {
    const to = rename(r.parentType, r.name);
    if (to && to !== r.name) {
      edits.push({
        ...r.at,
        text: to,
        from: r.name,
        to,
        kind: 'reference',
        ...(r.parentType !== undefined && { parentType: r.parentType }),
      });
    }
  }
  return edits.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Model

/** Declared fields of the document set: type name → field name → named field type. */
type FieldIndex = ReadonlyMap<string, ReadonlyMap<string, string>>;

function fieldIndex(types: readonly GraphqlType[]): FieldIndex {
  const index = new Map<string, Map<string, string>>();
  for (const type of types) {
    const fields = index.get(type.name) ?? new Map<string, string>();
    index.set(type.name, fields);
    for (const field of type.fields) fields.set(field.name, field.type);
  }
  return index;
}

function namedType(type: Graphql.TypeNode): string {
  return type.kind === graphql().Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

function spanOf(node: Graphql.ASTNode, base: number): Span {
  // The parser keeps locations unless told not to: `loc` is always set here.
  return { start: base + node.loc!.start, end: base + node.loc!.end };
}

function typesOf(ast: Graphql.DocumentNode, base: number): GraphqlType[] {
  const { Kind } = graphql();
  const kinds: Partial<Record<Graphql.Kind, [GraphqlType['kind'], boolean]>> = {
    [Kind.OBJECT_TYPE_DEFINITION]: ['object', false],
    [Kind.OBJECT_TYPE_EXTENSION]: ['object', true],
    [Kind.INTERFACE_TYPE_DEFINITION]: ['interface', false],
    [Kind.INTERFACE_TYPE_EXTENSION]: ['interface', true],
    [Kind.INPUT_OBJECT_TYPE_DEFINITION]: ['input', false],
    [Kind.INPUT_OBJECT_TYPE_EXTENSION]: ['input', true],
  };
  const types: GraphqlType[] = [];
  for (const def of ast.definitions) {
    const kind = kinds[def.kind];
    if (!kind || !('fields' in def)) continue; // `in` narrows `def` for TypeScript
    const fields: readonly (Graphql.FieldDefinitionNode | Graphql.InputValueDefinitionNode)[] = def.fields ?? [];
    types.push({
      name: def.name.value,
      kind: kind[0],
      extension: kind[1],
      nameAt: spanOf(def.name, base),
      fields: fields.map((f) => ({ name: f.name.value, at: spanOf(f.name, base), type: namedType(f.type) })),
    });
  }
  return types;
}

/**
 * What a selection set selects from: its type; whether it is an operation's root (its fields are
 * roots, and in a query Gatsby names them after node types); and, for the types Gatsby builds
 * around a node type without SDL (`CivicFieldConnection`, `CivicFieldEdge`), their role.
 */
interface Scope {
  readonly type?: string;
  readonly root?: 'query' | 'mutation' | 'subscription';
  readonly gatsby?: { readonly role: 'connection' | 'edge'; readonly node: string };
}

/** How Gatsby reads a field's arguments, all naming fields of node type `node`. */
interface GatsbyArguments {
  /** `allX(filter:, sort:)`, `civicField(slug: …)`, or a connection's `group(field:)`/`distinct(field:)`/…. */
  readonly kind: 'connection' | 'single' | 'field';
  readonly node: string;
}

/** Gatsby filter operators (`eq`, …): keys of a filter that are not fields. `elemMatch` is apart. */
const FILTER_OPERATORS = new Set(['eq', 'ne', 'in', 'nin', 'regex', 'glob', 'gt', 'gte', 'lt', 'lte']);
/** Fields of a Gatsby connection whose `field` argument names a node field. */
const FIELD_ARGUMENT_FIELDS = new Set(['group', 'distinct', 'max', 'min', 'sum']);
const ROOT_TYPES = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

function modelOf(ast: Graphql.DocumentNode, source: GraphqlSource, types: GraphqlType[], index: FieldIndex): GraphqlDocument {
  const { Kind } = graphql();
  const base = source.start;
  const selections: GraphqlSelection[] = [];
  const roots: GraphqlRoot[] = [];
  const references: GraphqlReference[] = [];

  const declaredType = (type: string | undefined, field: string) =>
    type === undefined ? undefined : index.get(type)?.get(field);
  /** Gatsby's convenience fields on a parent node, `childCivicField` and `childrenCivicField`, hold `CivicField`s. */
  const childType = (field: string) => {
    const child = /^child(?:ren)?([A-Z])(.*)$/.exec(field);
    return child ? gatsbyRoot(`${child[1]!.toLowerCase()}${child[2]}`, index.keys())!.type : undefined;
  };
  /** The type of `type`'s field, when declared or named by Gatsby's child convention. */
  const fieldType = (type: string | undefined, field: string) => declaredType(type, field) ?? childType(field);
  const scopeOfType = (type: string): Scope => (type === 'Query' ? { type, root: 'query' } : { type });

  /** The scope of a field's selection set, and the Gatsby arguments it takes. */
  const fieldScope = (scope: Scope, field: string): { scope: Scope; args?: GatsbyArguments } => {
    const declared = declaredType(scope.type, field);
    if (declared !== undefined) return { scope: { type: declared } };
    const gatsby = scope.gatsby;
    if (scope.root === 'query') {
      const root = gatsbyRoot(field, index.keys());
      if (!root) return { scope: {} };
      const node = root.type;
      return root.connection
        ? { scope: { type: `${node}Connection`, gatsby: { role: 'connection', node } }, args: { kind: 'connection', node } }
        : { scope: { type: node }, args: { kind: 'single', node } };
    }
    if (gatsby?.role === 'connection') {
      const node = gatsby.node;
      if (field === 'nodes') return { scope: { type: node } };
      if (field === 'edges') return { scope: { type: `${node}Edge`, gatsby: { role: 'edge', node } } };
      if (field === 'pageInfo') return { scope: { type: 'PageInfo' } };
      // `group` is a connection again (nodes, edges, group); it and `distinct`, `max`… take `field:`.
      const inner: Scope = field === 'group' ? { type: `${node}GroupConnection`, gatsby } : {};
      return FIELD_ARGUMENT_FIELDS.has(field) ? { scope: inner, args: { kind: 'field', node } } : { scope: inner };
    }
    if (gatsby?.role === 'edge' && (field === 'node' || field === 'next' || field === 'previous'))
      return { scope: { type: gatsby.node } };
    const child = childType(field);
    return { scope: child === undefined ? {} : { type: child } };
  };

  /** Records a field named at `offset` of the text. */
  const reference = (name: string, offset: number, parentType: string | undefined, via: GraphqlReference['via']) => {
    const at = { start: base + offset, end: base + offset + name.length };
    references.push({ name, at, ...(parentType !== undefined && { parentType }), via });
  };

  /** Filter keys: fields of `type`; under a field (`operators`), Gatsby's operators are skipped. */
  const filterFields = (value: Graphql.ValueNode, type: string | undefined, operators: boolean): void => {
    if (value.kind !== Kind.OBJECT) return;
    for (const f of value.fields) {
      const key = f.name.value;
      if (operators && FILTER_OPERATORS.has(key)) continue;
      if (operators && key === 'elemMatch') {
        filterFields(f.value, type, false);
        continue;
      }
      reference(key, f.name.loc!.start, type, 'argument');
      filterFields(f.value, fieldType(type, key), true);
    }
  };

  /** Keys of V5 `sort`/`field` objects (`{ state: { long_name: ASC } }`), lists of them, or V4 enum paths. */
  const orderFields = (value: Graphql.ValueNode, type: string | undefined): void => {
    if (value.kind === Kind.LIST) for (const item of value.values) orderFields(item, type);
    else if (value.kind === Kind.ENUM) path(value.value, '___', value.loc!.start, type, 'argument');
    else if (value.kind === Kind.OBJECT) {
      for (const f of value.fields) {
        reference(f.name.value, f.name.loc!.start, type, 'argument');
        if (f.value.kind === Kind.OBJECT) orderFields(f.value, fieldType(type, f.name.value));
      }
    }
  };

  /** A field path in one token (`state___long_name`, `"state.long_name"`) at `offset`: one reference per segment. */
  const path = (text: string, separator: string, offset: number, type: string | undefined, via: GraphqlReference['via']) => {
    let parent = type;
    for (const segment of text.split(separator)) {
      if (segment) reference(segment, offset, parent, via);
      parent = fieldType(parent, segment);
      offset += segment.length + separator.length;
    }
  };

  /** Gatsby's arguments of a root or connection field that name node fields. */
  const gatsbyArguments = (field: Graphql.FieldNode, { kind, node }: GatsbyArguments) => {
    for (const arg of field.arguments ?? []) {
      const name = arg.name.value;
      const value = arg.value;
      if (kind === 'single') {
        reference(name, arg.name.loc!.start, node, 'argument');
        filterFields(value, fieldType(node, name), true);
      } else if (kind === 'connection' && name === 'filter') filterFields(value, node, false);
      else if (kind === 'connection' && name === 'sort') {
        // V4: `sort: { fields: [a, b___c], order: DESC }`; V5: `sort: { a: ASC }` or a list of those.
        const v4 =
          value.kind === Kind.OBJECT &&
          value.fields.find((f) => f.name.value === 'fields' && (f.value.kind === Kind.ENUM || f.value.kind === Kind.LIST));
        orderFields(v4 ? v4.value : value, node);
      } else if (kind === 'field' && name === 'field') orderFields(value, node);
    }
  };

  const selectionSet = (
    set: Graphql.SelectionSetNode,
    scope: Scope,
    parents: readonly string[],
    definition: GraphqlDefinition,
  ) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const inner = sel.typeCondition ? scopeOfType(sel.typeCondition.name.value) : scope;
        selectionSet(sel.selectionSet, inner, parents, definition);
        continue;
      }
      if (sel.kind !== Kind.FIELD) continue; // a fragment spread: its fragment is modelled where defined
      const name = sel.name.value;
      if (name.startsWith('__')) continue; // `__typename`: a meta-field, no type declares it
      const at = spanOf(sel.name, base);
      const alias = sel.alias && { alias: sel.alias.value };
      const parentType = scope.type !== undefined && { parentType: scope.type };
      selections.push({ name, at, ...alias, path: parents, ...parentType, definition });
      const inner = fieldScope(scope, name);
      if (scope.root) {
        const nodeType = inner.args && { nodeType: inner.args.node };
        roots.push({ name, at, ...alias, definition, ...nodeType, connection: inner.args?.kind === 'connection' });
      }
      if (inner.args) gatsbyArguments(sel, inner.args);
      if (sel.selectionSet) selectionSet(sel.selectionSet, inner.scope, [...parents, name], definition);
    }
  };

  /** Gatsby field extensions naming a source field: any directive's `from` (on `type`), and `@link(by:)` (on the linked type). */
  const directiveReferences = (type: string, field: Graphql.FieldDefinitionNode) => {
    for (const directive of field.directives ?? []) {
      for (const arg of directive.arguments ?? []) {
        const key = arg.name.value;
        const on = key === 'from' ? type : key === 'by' && directive.name.value === 'link' ? namedType(field.type) : undefined;
        const value = arg.value;
        if (on === undefined || value.kind !== Kind.STRING || value.block) continue;
        // Offsets are exact only when the literal has no escapes, its raw text being its value.
        const raw = value.loc!.start + 1;
        if (source.text.slice(raw, value.loc!.end - 1) === value.value) path(value.value, '.', raw, on, 'directive');
      }
    }
  };

  for (const def of ast.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) {
      const definition = { kind: def.operation, ...(def.name && { name: def.name.value }) };
      selectionSet(def.selectionSet, { type: ROOT_TYPES[def.operation], root: def.operation }, [], definition);
    } else if (def.kind === Kind.FRAGMENT_DEFINITION) {
      const definition = { kind: 'fragment' as const, name: def.name.value };
      selectionSet(def.selectionSet, scopeOfType(def.typeCondition.name.value), [], definition);
    } else if (
      def.kind === Kind.OBJECT_TYPE_DEFINITION ||
      def.kind === Kind.OBJECT_TYPE_EXTENSION ||
      def.kind === Kind.INTERFACE_TYPE_DEFINITION ||
      def.kind === Kind.INTERFACE_TYPE_EXTENSION
    ) {
      for (const field of def.fields ?? []) directiveReferences(def.name.value, field);
    }
  }
  return { source, types, selections, roots, references };
}
