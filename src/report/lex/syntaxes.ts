import type { QuoteRule, Syntax } from './generic.js';

const quote = (open: string, options: Partial<QuoteRule> = {}): QuoteRule => ({
  open,
  close: open,
  escape: 'backslash',
  multiline: false,
  context: 'string',
  ...options,
});

const slashComments = {
  lineComments: [{ open: '//' }],
  blockComments: [{ open: '/*', close: '*/' }],
} as const;

/** JavaScript and TypeScript (and JSX): template literals with `${}` code, regular expression literals. */
export const JS: Syntax = {
  name: 'js',
  base: 'code',
  ...slashComments,
  quotes: [quote('"'), quote("'"), quote('`', { multiline: true, interpolation: true })],
  regexLiterals: true,
};

/** Java, Kotlin, Scala, Groovy, Swift, C#, C, C++, Rust, Dart…: `"""` text blocks, char literals. */
export const C_LIKE: Syntax = {
  name: 'c-like',
  base: 'code',
  ...slashComments,
  quotes: [quote('"""', { multiline: true }), quote('"'), quote("'", { charLiteral: true })],
};

/** Go: backquoted raw strings span lines and have no escapes. */
export const GO: Syntax = {
  name: 'go',
  base: 'code',
  ...slashComments,
  quotes: [quote('"'), quote("'", { charLiteral: true }), quote('`', { multiline: true, escape: 'none' })],
};

/** PHP: `#` comments too. */
export const PHP: Syntax = {
  name: 'php',
  base: 'code',
  lineComments: [{ open: '//' }, { open: '#' }],
  blockComments: [{ open: '/*', close: '*/' }],
  quotes: [quote('"', { multiline: true }), quote("'", { multiline: true })],
};

/** Python: `#` comments; triple-quoted strings (docstrings included) are strings. */
export const PYTHON: Syntax = {
  name: 'python',
  base: 'code',
  lineComments: [{ open: '#' }],
  blockComments: [],
  quotes: [quote('"""', { multiline: true }), quote("'''", { multiline: true }), quote('"'), quote("'")],
};

/** Ruby: `#` and `=begin`/`=end` comments; `:symbol` literals count as strings. */
export const RUBY: Syntax = {
  name: 'ruby',
  base: 'code',
  lineComments: [{ open: '#' }],
  blockComments: [{ open: '=begin', close: '=end', lineStart: true }],
  quotes: [quote('"', { multiline: true }), quote("'", { multiline: true }), quote('`')],
  symbols: true,
};

/** SQL: `--` line and slash-star block comments; `'…'` strings with `''`; `"…"` and backquotes are identifiers (code). */
export const SQL: Syntax = {
  name: 'sql',
  base: 'code',
  lineComments: [{ open: '--' }],
  blockComments: [{ open: '/*', close: '*/' }],
  quotes: [
    quote("'", { escape: 'doubled', multiline: true }),
    quote('"', { escape: 'doubled', context: 'code' }),
    quote('`', { escape: 'none', context: 'code' }),
  ],
};

/** Shell, Dockerfile, Makefile, R, Perl, HCL-like configs: `#` comments after a space, quoted strings. */
export const SHELL: Syntax = {
  name: 'shell',
  base: 'code',
  lineComments: [{ open: '#', afterSpace: true }],
  blockComments: [],
  quotes: [quote('"'), quote("'", { escape: 'none' })],
};

/** YAML, TOML, INI, .env, properties: data files, so everything outside comments is a string. */
export const DATA: Syntax = {
  name: 'data',
  base: 'string',
  lineComments: [{ open: '#', afterSpace: true }],
  blockComments: [],
  quotes: [quote('"'), quote("'", { escape: 'doubled' })],
};

/** INI-style files also take `;` comments at the start of a line. */
export const INI: Syntax = {
  ...DATA,
  name: 'ini',
  lineComments: [
    { open: '#', afterSpace: true },
    { open: ';', afterSpace: true },
  ],
};

/** JSON (comments allowed, as in JSONC and tsconfig): keys and values are strings. */
export const JSON_SYNTAX: Syntax = {
  name: 'json',
  base: 'code',
  ...slashComments,
  quotes: [quote('"', { multiline: false })],
};

/** CSS, SCSS, Less, Stylus. */
export const CSS: Syntax = {
  name: 'css',
  base: 'code',
  ...slashComments,
  quotes: [quote('"'), quote("'")],
};

/** Template expressions (`{{ … }}`, `{% … %}`, `<% … %>`): code with quoted strings. */
export const TEMPLATE_EXPRESSION: Syntax = {
  name: 'template-expression',
  base: 'code',
  lineComments: [],
  blockComments: [],
  quotes: [quote('"'), quote("'")],
};
