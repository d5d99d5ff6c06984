import type { ContextMap } from './context-map.js';
import { lexRange } from './generic.js';
import { CSS, JS, JSON_SYNTAX, TEMPLATE_EXPRESSION } from './syntaxes.js';

/**
 * HTML, XML, Vue and Svelte files and server-side templates (Django, Jinja, Twig, Liquid,
 * Handlebars, ERB, EJS, JSP). Text between tags is `string` (text shown to users); tags and
 * template expressions (`{{ … }}`, `{% … %}`, `<% … %>`) are `code`, with quoted strings inside
 * them `string`; `<!-- -->`, `{# #}`, `{% comment %}`, `{{!-- --}}` and `<%# %>` are comments;
 * `<script>` and `<style>` contents go to the JS and CSS lexers; attribute values are `string`,
 * except bound ones (`:x`, `v-…`, `@x`, `x-…`, `[x]`, `(x)`, `on…`), which hold JS code.
 */
export function lexMarkup(text: string, from: number, to: number, map: ContextMap): void {
  lexStringWithTags(text, from, to, map, true);
}

/**
 * `string` text with template tags (`{{ … }}`, `{% … %}`) inside as code, and with `tags`, HTML
 * elements too.
 */
function lexStringWithTags(text: string, from: number, to: number, map: ContextMap, tags: boolean): void {
  let i = from;
  map.set(from, 'string');
  while (i < to) {
    const c = text.charCodeAt(i);
    const end = tags && c === 60 /* < */ ? lexAngle(text, i, to, map) : c === 123 /* { */ ? lexTemplateTag(text, i, to, map) : -1;
    if (end !== -1) {
      i = end;
      map.set(i, 'string');
      continue;
    }
    i++;
  }
}

/** Offset after `close`, or `to` when it never comes. */
function until(text: string, from: number, to: number, close: string): number {
  const at = text.indexOf(close, from);
  return at === -1 || at + close.length > to ? to : at + close.length;
}

/** The offset of `close` outside quoted strings, or `to`. */
function findClose(text: string, from: number, to: number, close: string): number {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      // A quoted string on this line is skipped whole; an unclosed quote is just a character.
      let j = i + 1;
      while (j < to && text.charCodeAt(j) !== c && text.charCodeAt(j) !== 10) j++;
      if (j < to && text.charCodeAt(j) === c) {
        i = j + 1;
        continue;
      }
    } else if (text.startsWith(close, i)) return i;
    i++;
  }
  return to;
}

const COMMENT_TAG = /\{%-?\s*comment\b[^%]*-?%\}/y;
const END_COMMENT_TAG = /\{%-?\s*endcomment\s*-?%\}/g;

/** `{{ }}`, `{% %}`, `{# #}` and their comment forms at `start`; returns the end, or -1 for a plain `{`. */
function lexTemplateTag(text: string, start: number, to: number, map: ContextMap): number {
  const next = text.charCodeAt(start + 1);
  if (next === 35 /* # */) {
    map.set(start, 'comment');
    return until(text, start + 2, to, '#}');
  }
  if (next === 123 /* { */) {
    if (text.startsWith('{{!--', start)) {
      map.set(start, 'comment');
      return until(text, start + 5, to, '--}}');
    }
    if (text.startsWith('{{!', start)) {
      map.set(start, 'comment');
      return until(text, start + 3, to, '}}');
    }
    return lexExpression(text, start, 2, '}}', to, map);
  }
  if (next === 37 /* % */) {
    COMMENT_TAG.lastIndex = start;
    if (COMMENT_TAG.test(text)) {
      map.set(start, 'comment');
      END_COMMENT_TAG.lastIndex = COMMENT_TAG.lastIndex;
      const m = END_COMMENT_TAG.exec(text);
      return m && m.index + m[0].length <= to ? m.index + m[0].length : to;
    }
    return lexExpression(text, start, 2, '%}', to, map);
  }
  return -1;
}

/** A template expression: delimiters and contents are code, quoted strings inside are strings. */
function lexExpression(text: string, start: number, openLength: number, close: string, to: number, map: ContextMap): number {
  map.set(start, 'code');
  const closeAt = findClose(text, start + openLength, to, close);
  lexRange(TEMPLATE_EXPRESSION, text, start + openLength, closeAt, map);
  map.set(closeAt, 'code');
  return Math.min(to, closeAt + close.length);
}

const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
const BOUND_ATTRIBUTE = /^(?::|@|#|v-|x-|\[|\(|\*ng|bind:|on:|on[a-z]+$)/;

/** What starts with `<` at `start`: a comment, CDATA, a template tag or an element tag. -1 for a lone `<`. */
function lexAngle(text: string, start: number, to: number, map: ContextMap): number {
  if (text.startsWith('<!--', start)) {
    map.set(start, 'comment');
    return until(text, start + 4, to, '-->');
  }
  if (text.startsWith('<![CDATA[', start)) {
    map.set(start, 'string');
    return until(text, start + 9, to, ']]>');
  }
  if (text.startsWith('<%', start)) {
    if (text.startsWith('<%--', start)) {
      map.set(start, 'comment');
      return until(text, start + 4, to, '--%>');
    }
    if (text.startsWith('<%#', start)) {
      map.set(start, 'comment');
      return until(text, start + 3, to, '%>');
    }
    return lexExpression(text, start, 2, '%>', to, map);
  }
  const first = text.charCodeAt(start + 1);
  const closing = first === 47; /* / */
  const nameStart = closing ? start + 2 : start + 1;
  if (!isNameStart(text.charCodeAt(nameStart)) && first !== 33 /* ! */) return -1;
  map.set(start, 'code');
  let i = nameStart;
  while (i < to && !isSpace(text.charCodeAt(i)) && text[i] !== '>' && text[i] !== '/') i++;
  const name = text.slice(nameStart, i).toLowerCase();
  const attributes = new Map<string, string>();
  // Attributes up to `>`.
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) {
      i++;
      break;
    }
    if (c === 123 /* { */) {
      const end = lexTemplateTag(text, i, to, map);
      if (end !== -1) {
        i = end;
        map.set(i, 'code');
        continue;
      }
    }
    if (isSpace(c) || c === 47) {
      i++;
      continue;
    }
    const attrStart = i;
    while (i < to && !isSpace(text.charCodeAt(i)) && text[i] !== '=' && text[i] !== '>' && !text.startsWith('/>', i)) i++;
    const attr = text.slice(attrStart, i);
    if (text[i] !== '=') continue;
    i++;
    const q = text[i];
    let valueStart: number;
    let valueEnd: number;
    if (q === '"' || q === "'") {
      valueStart = i + 1;
      const close = text.indexOf(q, valueStart);
      valueEnd = close === -1 || close > to ? to : close;
      i = Math.min(to, valueEnd + 1);
    } else {
      valueStart = i;
      while (i < to && !isSpace(text.charCodeAt(i)) && text[i] !== '>') i++;
      valueEnd = i;
    }
    attributes.set(attr.toLowerCase(), text.slice(valueStart, valueEnd));
    if (BOUND_ATTRIBUTE.test(attr)) lexRange(JS, text, valueStart, valueEnd, map);
    else lexText(text, valueStart, valueEnd, map);
    map.set(valueEnd, 'code');
  }
  if (closing || text.charCodeAt(i - 2) === 47 /* self-closing */) return i;
  if (name === 'script' || name === 'style') {
    const close = indexOfCloseTag(text, i, to, name);
    if (name === 'style') lexRange(CSS, text, i, close, map);
    else {
      const type = `${attributes.get('type') ?? ''} ${attributes.get('lang') ?? ''}`.toLowerCase();
      if (type.includes('json')) lexRange(JSON_SYNTAX, text, i, close, map);
      else if (type.includes('template') || type.includes('html')) lexMarkup(text, i, close, map);
      else lexRange(JS, text, i, close, map);
    }
    return close;
  }
  return i;
}

/** Attribute values: strings, with template expressions inside them as code. */
function lexText(text: string, from: number, to: number, map: ContextMap): void {
  lexStringWithTags(text, from, to, map, false);
}

function indexOfCloseTag(text: string, from: number, to: number, name: string): number {
  const needle = `</${name}`;
  let at = text.indexOf(needle, from);
  if (at === -1) {
    at = text.toLowerCase().indexOf(needle, from);
  }
  return at === -1 || at > to ? to : at;
}
