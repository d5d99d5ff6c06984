import { basename } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { applyEdits, sortEdits } from '../codemod/edits.js';
import { decideGraphql } from '../codemod/graphql.js';
import { planFor } from '../codemod/plan.js';
import type { Change, Marker, TransformResult } from '../codemod/types.js';
import { type StringUnit, scanUrls } from '../codemod/urls.js';
import { type ConfigEntry, configFormatOf, parseConfig } from '../files/config-files.js';
import { LineIndex } from '../findings/position.js';
import type { RuleRef } from '../findings/record.js';
import type { Mappings } from '../mapping/mappings.js';
import { upgrade } from '../payload/adapt.js';
import { PayloadError } from '../payload/diagnostics.js';
import type { PayloadKind, V1FieldDescriptor } from '../payload/schemas.js';
import { detectPayload, validatePayload } from '../payload/shape.js';
import type { ConfigUse } from '../roles/analysis.js';
import { evidenceOf } from '../roles/evidence.js';
import type { ApiNode } from '../roles/graph.js';
import { word } from '../vocabulary/messages.js';
import { type Note, note } from '../vocabulary/notes.js';

import { isGraphqlFile } from './data-file-kinds.js';

export interface DataFileContext {
  readonly mappings: Mappings;
  /** The program's uses of this file's config values; undefined when no program was analysed (nothing reads them then). */
  readonly uses?: readonly ConfigUse[];
  /** The repository's V1 field list, for the formats of a state record's fields. */
  readonly fields?: readonly V1FieldDescriptor[];
  /** GraphQL types the program fills with API objects (see `RoleAnalysis.apiTypes`), and whether it uses the API: for `.graphql` files. */
  readonly graphql?: { readonly types: ReadonlyMap<string, ApiNode>; readonly usesApi: boolean };
}

const KIND_WORDS: Record<PayloadKind, string> = { fields: 'field list', state: 'state record', overrides: 'override list' };

interface Decided {
  readonly rewrites: {
    start: number;
    end: number;
    text: string;
    from: string;
    to: string;
    kind: Change['kind'];
    rule: RuleRef | null;
    why?: ConfigUse;
  }[];
  readonly notes: { at: number; token: string; note: Note; rule: RuleRef | null; why?: ConfigUse }[];
}

/**
 * Decides one data file, as `transformSource` decides a code file: span edits on the original text
 * (a whole recorded payload is one edit), and notes for a person (never written into the file: JSON
 * has no comments). Pure: no file system.
 */
export function transformDataFile(text: string, path: string, context: DataFileContext): TransformResult {
  const decided: Decided = { rewrites: [], notes: [] };
  const name = basename(path).toLowerCase();
  if (isGraphqlFile(name)) {
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const plan = planFor(context.mappings);
    const graphql = context.graphql ?? { types: new Map(), usesApi: false };
    const doc = decideGraphql({ text: text.slice(bom), start: bom }, graphql.types, plan, graphql.usesApi);
    for (const r of doc?.renames ?? []) decided.rewrites.push({ ...r, kind: 'property' });
    for (const x of doc?.marks ?? []) decided.notes.push({ at: x.at, token: x.token, note: x.note, rule: x.rule });
    return result(text, decided);
  }
  const payload =
    name.endsWith('.har') || name.endsWith('.ndjson') || name.endsWith('.jsonl') || name.endsWith('.json')
      ? payloadEdit(text, name, context)
      : undefined;
  if (payload) {
    decided.rewrites.push(...payload.rewrites);
    decided.notes.push(...payload.notes);
  } else {
    const format = configFormatOf(path);
    const tree = format ? parseConfig(format, text) : undefined;
    if (tree) configDecisions(tree.entries, context, decided);
  }
  return result(text, decided);
}

// ─── Config values ───────────────────────────────────────────────────────────────────────────────

/**
 * A config value that is an API URL moves as the same URL in code does (an endpoint path to its V2
 * path); a bare V1 base moves to V2 only when the program shows every path joined with it and each
 * is an API path. Otherwise it stays, with a note naming the key and why.
 */
function configDecisions(entries: readonly ConfigEntry[], context: DataFileContext, out: Decided): void {
  const plan = planFor(context.mappings);
  const usesByStart = new Map((context.uses ?? []).map((u) => [u.value.entry.start, u]));
  for (const entry of entries) {
    const use = usesByStart.get(entry.start);
    const unit: StringUnit = { pieces: [{ text: entry.value, start: entry.start }], followed: false };
    const scan = scanUrls(unit, plan, { otherService: use?.shared });
    const key = entry.path.join('.');
    for (const action of scan.actions) {
      if (action.kind === 'note') {
        out.notes.push({
          at: action.at,
          token: entry.value.slice(action.at - entry.start, action.end - entry.start),
          note: action.note,
          rule: action.rule,
          ...(use ? { why: use } : {}),
        });
        continue;
      }
      const bare = action.rule?.kind === 'host';
      const seen = bare ? whyNotSeen(use) : undefined;
      if (seen || !entry.verbatim) {
        const base = entry.value;
        out.notes.push({
          at: entry.start,
          token: entry.value,
          note: note('config-base-unseen', {
            key,
            base,
            why: seen?.why ?? 'unknown-path',
            ...(seen?.where ? { where: seen.where } : {}),
          }),
          rule: action.rule,
          ...(use ? { why: use } : {}),
        });
        continue;
      }
      out.rewrites.push({
        start: action.start,
        end: action.end,
        text: action.text,
        from: action.from,
        to: action.text,
        kind: 'endpoint',
        rule: action.rule,
        ...(use ? { why: use } : {}),
      });
    }
  }
}

/** Why a bare base's uses are not all seen: nothing reads it, nothing is joined with it, or a join's path is unknown. */
function whyNotSeen(use: ConfigUse | undefined): { why: 'unread' | 'not-joined' | 'unknown-path'; where?: string } | undefined {
  if (!use || use.reads.length === 0) return { why: 'unread' };
  const at = (n: TsNamespace.Node) => {
    const sf = n.getSourceFile();
    return `${basename(sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  };
  const first = use.reads[0] as TsNamespace.Node;
  if (use.joins.length === 0) return { why: 'not-joined', where: at(first) };
  const unknown = use.joins.find((j) => !j.next || j.next.kind === 'base');
  if (unknown) return { why: 'unknown-path', where: at(unknown.at) };
  return undefined;
}

// ─── Recorded payloads ───────────────────────────────────────────────────────────────────────────

/**
 * A JSON file that is a V1 payload by the V1 schemas (not by its name), an HAR archive's API
 * responses, an NDJSON file's payload lines: converted by the adapter, formatted as the file was
 * (indentation, line endings, final newline, BOM). Undefined when the file holds none.
 */
function payloadEdit(text: string, name: string, context: DataFileContext): Decided | undefined {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = bom ? text.slice(1) : text;
  if (name.endsWith('.ndjson') || name.endsWith('.jsonl')) return ndjsonEdit(body, bom.length, context);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (name.endsWith('.har')) return harEdit(body, bom.length, json, context);
  const converted = convert(json, context);
  if (!converted) return undefined;
  return {
    rewrites: [
      {
        start: bom.length,
        end: text.length,
        text: formatLike(body, converted.value),
        from: `V1 ${KIND_WORDS[converted.kind]}`,
        to: `V2 ${KIND_WORDS[converted.kind]}`,
        kind: 'payload',
        rule: null,
      },
    ],
    notes: [],
  };
}

/** A V1 payload's V2 form, or undefined when the value is not a valid V1 payload (by the schemas). */
function convert(json: unknown, context: DataFileContext): { kind: PayloadKind; value: unknown } | undefined {
  let kind: PayloadKind;
  try {
    const detected = detectPayload(json, { mappings: context.mappings });
    if (detected.version !== 'v1') return undefined;
    kind = detected.kind;
    validatePayload(kind, 'v1', json);
  } catch (error) {
    if (error instanceof PayloadError) return undefined;
    throw error;
  }
  const fields = kind === 'state' && context.fields ? { fields: context.fields } : {};
  try {
    return { kind, value: upgrade(json, { kind, mappings: context.mappings, ...fields }).value };
  } catch (error) {
    if (error instanceof PayloadError) return undefined;
    throw error;
  }
}

/** JSON text of a value in the style of `original`: its indentation (or none), line endings and final newline. */
export function formatLike(original: string, value: unknown): string {
  const indent = /^[[{][ \t]*\r?\n([ \t]+)\S/.exec(original.trimStart())?.[1];
  let out = JSON.stringify(value, null, indent);
  if (original.includes('\r\n')) out = out.replace(/\n/g, '\r\n');
  const newline = /\r?\n$/.exec(original)?.[0] ?? '';
  return out + newline;
}

/** An HAR archive: each entry whose request is a V1 API URL and whose response is a V1 payload. */
function harEdit(body: string, offset: number, json: unknown, context: DataFileContext): Decided | undefined {
  const entries = (json as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) return undefined;
  const plan = planFor(context.mappings);
  let changed = 0;
  for (const entry of entries as { request?: { url?: unknown }; response?: { content?: { text?: unknown; size?: unknown } } }[]) {
    const url = entry?.request?.url;
    const content = entry?.response?.content;
    if (typeof url !== 'string' || !content || typeof content.text !== 'string') continue;
    const moved = movedUrl(url, plan);
    if (moved === undefined) continue;
    let payload: unknown;
    try {
      payload = JSON.parse(content.text);
    } catch {
      continue;
    }
    const converted = convert(payload, context);
    if (!converted) continue;
    (entry.request as { url: string }).url = moved;
    const text = formatLike(content.text, converted.value);
    content.text = text;
    if (typeof content.size === 'number') content.size = Buffer.byteLength(text);
    changed++;
  }
  if (changed === 0) return undefined;
  return {
    rewrites: [
      {
        start: offset,
        end: offset + body.length,
        text: formatLike(body, json),
        from: `${changed} V1 ${changed === 1 ? 'response' : 'responses'}`,
        to: 'V2',
        kind: 'payload',
        rule: null,
      },
    ],
    notes: [],
  };
}

/** An API URL's V2 form when it is a V1 URL of the API (undefined otherwise). */
function movedUrl(url: string, plan: ReturnType<typeof planFor>): string | undefined {
  const scan = scanUrls({ pieces: [{ text: url, start: 0 }], followed: false }, plan);
  const edits = scan.actions.flatMap((a) => (a.kind === 'edit' ? [{ start: a.start, end: a.end, text: a.text }] : []));
  if (edits.length === 0 || scan.actions.some((a) => a.kind === 'note')) return undefined;
  return applyEdits(url, sortEdits(edits));
}

/** NDJSON: each line that is a V1 payload, or `{ url, body }` whose URL is a V1 API URL and body a V1 payload, is converted on its line. */
function ndjsonEdit(body: string, offset: number, context: DataFileContext): Decided | undefined {
  const plan = planFor(context.mappings);
  const rewrites: Decided['rewrites'] = [];
  let start = 0;
  while (start < body.length) {
    const nl = body.indexOf('\n', start);
    const end = nl === -1 ? body.length : nl;
    const line = body.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        json = undefined;
      }
      const direct = json === undefined ? undefined : convert(json, context);
      let out: string | undefined;
      let kind: PayloadKind | undefined;
      if (direct) {
        out = JSON.stringify(direct.value);
        kind = direct.kind;
      } else if (json && typeof json === 'object' && !Array.isArray(json)) {
        const record = json as Record<string, unknown>;
        const url = typeof record.url === 'string' ? movedUrl(record.url, plan) : undefined;
        const key = ['body', 'response', 'data', 'json'].find((k) => k in record);
        const inner = key
          ? convert(typeof record[key] === 'string' ? safeParse(record[key] as string) : record[key], context)
          : undefined;
        if (url !== undefined && key && inner) {
          record.url = url;
          record[key] = typeof record[key] === 'string' ? JSON.stringify(inner.value) : inner.value;
          out = JSON.stringify(record);
          kind = inner.kind;
        }
      }
      if (out !== undefined && kind)
        rewrites.push({
          start: offset + start,
          end: offset + start + line.length,
          text: out,
          from: `V1 ${KIND_WORDS[kind]}`,
          to: `V2 ${KIND_WORDS[kind]}`,
          kind: 'payload',
          rule: null,
        });
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  return rewrites.length > 0 ? { rewrites, notes: [] } : undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ─── Result ──────────────────────────────────────────────────────────────────────────────────────

function result(text: string, decided: Decided): TransformResult {
  if (decided.rewrites.length === 0 && decided.notes.length === 0)
    return { output: text, changed: false, edits: [], changes: [], markers: [], ignored: 0 };
  const lines = new LineIndex(text);
  const place = (start: number, end: number) => {
    const from = lines.position(start);
    const to = lines.position(end);
    return { start, end, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };
  const evidence = (use: ConfigUse | undefined) => (use ? { evidence: evidenceOf(use.evidence) } : {});
  const edits = sortEdits(decided.rewrites.map(({ start, end, text: t }) => ({ start, end, text: t })));
  const changes: Change[] = decided.rewrites.map((r) => ({
    kind: r.kind,
    code: `${r.kind}-rewritten`,
    severity: 'warning',
    rule: r.rule,
    params: { from: r.from, to: r.to },
    // A whole recorded payload is reported at its start.
    ...place(r.start, r.kind === 'payload' ? r.start : r.end),
    from: r.from,
    to: r.to,
    ...evidence(r.why),
  }));
  const markers: Marker[] = decided.notes.map((n) => {
    const { cause, message } = word(n.note);
    return {
      cause,
      code: n.note.code,
      severity: 'error',
      rule: n.rule,
      params: n.note.params,
      ...place(n.at, n.at + n.token.length),
      token: n.token,
      message,
      added: false,
      present: false,
      ...evidence(n.why),
    };
  });
  const output = applyEdits(text, edits);
  return { output, changed: output !== text, edits, changes, markers, ignored: 0 };
}

/**
 * The repository's V1 field list, when one of its JSON files is one (a recorded `/v1/election/field/`):
 * the formats of the fields a recorded state record holds. None when there is none, or several that differ.
 */
export function repositoryFieldList(
  sources: readonly { readonly kind: string; readonly file: { readonly path: string }; readonly text?: string }[],
  mappings: Mappings,
): { fields?: readonly V1FieldDescriptor[] } {
  const found: V1FieldDescriptor[][] = [];
  for (const source of sources) {
    if (source.kind !== 'candidate' || source.text === undefined || !source.file.path.toLowerCase().endsWith('.json')) continue;
    const json = safeParse(source.text.charCodeAt(0) === 0xfeff ? source.text.slice(1) : source.text);
    if (!Array.isArray(json) || json.length === 0) continue;
    try {
      const detected = detectPayload(json, { mappings });
      if (detected.kind !== 'fields' || detected.version !== 'v1') continue;
      validatePayload('fields', 'v1', json);
    } catch (error) {
      if (error instanceof PayloadError) continue;
      throw error;
    }
    found.push(json as V1FieldDescriptor[]);
  }
  const [first] = found;
  if (!first || found.some((f) => JSON.stringify(f) !== JSON.stringify(first))) return {};
  return { fields: first };
}
