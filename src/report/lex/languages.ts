import type { SourceContext } from '../finding.js';
import { ContextMap } from './context-map.js';
import { lexRange, type Syntax } from './generic.js';
import { lexMarkdown, type RangeLexer } from './markdown.js';
import { lexMarkup } from './markup.js';
import { C_LIKE, CSS, DATA, GO, INI, JS, JSON_SYNTAX, PHP, PYTHON, RUBY, SHELL, SQL } from './syntaxes.js';

/** How a file's text is labelled, chosen from its name. */
export type LanguageFamily =
  | Syntax['name']
  | 'markup'
  | 'markdown'
  /** Plain prose (`.txt`, `.rst`, `.adoc`): everything is documentation, labelled `comment`. */
  | 'prose'
  /** Unknown file types: everything is `code`. */
  | 'plain';

const SYNTAX_BY_EXTENSION: Record<string, Syntax> = {};
const register = (syntax: Syntax, extensions: string) => {
  for (const ext of extensions.split(' ')) SYNTAX_BY_EXTENSION[ext] = syntax;
};
register(JS, 'js jsx mjs cjs ts tsx mts cts es6');
register(C_LIKE, 'java kt kts scala sc groovy gradle swift cs c h cc cpp cxx hpp hh m mm rs dart fs fsx proto zig');
register(GO, 'go');
register(PHP, 'php phtml');
register(PYTHON, 'py pyi pyw pyx');
register(RUBY, 'rb rake gemspec ru');
register(SQL, 'sql psql pgsql mysql ddl dml hql');
register(SHELL, 'sh bash zsh fish ksh r pl pm tf tfvars hcl ps1 mk nix cmake dockerfile');
register(DATA, 'yml yaml toml env properties');
register(INI, 'ini cfg conf editorconfig');
register(JSON_SYNTAX, 'json jsonc json5 geojson webmanifest babelrc eslintrc');
register(CSS, 'css scss sass less styl pcss');

const MARKUP = new Set(
  'html htm xhtml xml svg vue svelte astro jinja jinja2 j2 njk twig hbs handlebars mustache liquid ejs erb jsp djhtml tmpl tpl xsl xslt plist'.split(
    ' ',
  ),
);
const MARKDOWN = new Set(['md', 'markdown', 'mdx', 'mkd']);
const PROSE = new Set(['txt', 'text', 'rst', 'adoc', 'asciidoc', 'org']);

/** Files known by their whole name. */
const SYNTAX_BY_NAME: Record<string, Syntax> = {
  dockerfile: SHELL,
  containerfile: SHELL,
  makefile: SHELL,
  gnumakefile: SHELL,
  procfile: SHELL,
  gemfile: RUBY,
  rakefile: RUBY,
  vagrantfile: RUBY,
  podfile: RUBY,
  jenkinsfile: C_LIKE,
  '.env': DATA,
  '.npmrc': INI,
  '.gitconfig': INI,
};

/** Names used after a Markdown code fence. */
const SYNTAX_BY_FENCE: Record<string, Syntax> = {
  javascript: JS,
  typescript: JS,
  node: JS,
  python: PYTHON,
  python3: PYTHON,
  ruby: RUBY,
  golang: GO,
  kotlin: C_LIKE,
  csharp: C_LIKE,
  'c++': C_LIKE,
  rust: C_LIKE,
  postgresql: SQL,
  postgres: SQL,
  shell: SHELL,
  console: SHELL,
  shellsession: SHELL,
  yaml: DATA,
  dotenv: DATA,
};

export interface Language {
  readonly family: LanguageFamily;
  readonly lex: RangeLexer;
}

const syntaxLexer = (syntax: Syntax): Language => ({
  family: syntax.name,
  lex: (text, from, to, map) => {
    lexRange(syntax, text, from, to, map);
  },
});
const whole = (family: LanguageFamily, context: SourceContext): Language => ({
  family,
  lex: (_text, from, _to, map) => map.set(from, context),
});
const cache = new Map<Syntax, Language>();
const forSyntax = (syntax: Syntax) => {
  let language = cache.get(syntax);
  if (!language) {
    language = syntaxLexer(syntax);
    cache.set(syntax, language);
  }
  return language;
};

const PLAIN = whole('plain', 'code');
const PROSE_LANGUAGE = whole('prose', 'comment');
const MARKUP_LANGUAGE: Language = { family: 'markup', lex: lexMarkup };
const MARKDOWN_LANGUAGE: Language = {
  family: 'markdown',
  lex: (text, from, to, map) => lexMarkdown(text, from, to, map, (lang) => languageForFence(lang).lex),
};

function byExtension(ext: string): Language | undefined {
  const syntax = SYNTAX_BY_EXTENSION[ext];
  if (syntax) return forSyntax(syntax);
  if (MARKUP.has(ext)) return MARKUP_LANGUAGE;
  if (MARKDOWN.has(ext)) return MARKDOWN_LANGUAGE;
  if (PROSE.has(ext)) return PROSE_LANGUAGE;
  return undefined;
}

/** The language of a Markdown fenced block from its info string (`ts`, `python`, `html`…); plain code when unknown. */
export function languageForFence(info: string): Language {
  const name = info.toLowerCase();
  const syntax = SYNTAX_BY_FENCE[name];
  if (syntax) return forSyntax(syntax);
  return byExtension(name) ?? (name === 'django' || name === 'jinja' ? MARKUP_LANGUAGE : PLAIN);
}

/** The language of a file from its name: extension first, then well-known names (`Dockerfile`, `Gemfile`). */
export function languageForPath(path: string): Language {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const byName = SYNTAX_BY_NAME[name];
  if (byName) return forSyntax(byName);
  const dot = name.lastIndexOf('.');
  if (dot > 0 || (dot === 0 && name.length > 1)) {
    const language = byExtension(name.slice(dot + 1));
    if (language) return language;
  }
  if (name.startsWith('.env.') || name.startsWith('dockerfile.')) return forSyntax(name.startsWith('.env') ? DATA : SHELL);
  return PLAIN;
}

/** Labels a whole text: which offsets are code, strings and comments. */
export function lexText(text: string, language: Language): ContextMap {
  const map = new ContextMap('code');
  language.lex(text, 0, text.length, map);
  return map;
}
