import { describe, expect, it } from 'vitest';
import { languageForFence, languageForPath, lexText } from '../src/report/lex/languages.js';

/** The context at each occurrence of `HERE` in the source, in order. */
function contexts(path: string, source: string): string[] {
  const map = lexText(source, languageForPath(path));
  const out: string[] = [];
  for (let at = source.indexOf('HERE'); at !== -1; at = source.indexOf('HERE', at + 4)) out.push(map.at(at));
  return out;
}

describe('light lexer', () => {
  it('picks a language family from the file name', () => {
    const families = Object.fromEntries(
      [
        'a.ts',
        'a.mjs',
        'a.py',
        'a.rb',
        'Gemfile',
        'a.go',
        'A.java',
        'a.kt',
        'a.php',
        'a.sql',
        'a.sh',
        'Dockerfile',
        'a.yml',
        '.env',
        '.env.local',
        'a.ini',
        'a.json',
        'a.css',
        'a.html',
        'a.vue',
        'a.j2',
        'a.html.erb',
        'a.md',
        'a.txt',
        'LICENSE',
        'a.unknown',
      ].map((p) => [p, languageForPath(p).family]),
    );
    expect(families).toEqual({
      'a.ts': 'js',
      'a.mjs': 'js',
      'a.py': 'python',
      'a.rb': 'ruby',
      Gemfile: 'ruby',
      'a.go': 'go',
      'A.java': 'c-like',
      'a.kt': 'c-like',
      'a.php': 'php',
      'a.sql': 'sql',
      'a.sh': 'shell',
      Dockerfile: 'shell',
      'a.yml': 'data',
      '.env': 'data',
      '.env.local': 'data',
      'a.ini': 'ini',
      'a.json': 'json',
      'a.css': 'css',
      'a.html': 'markup',
      'a.vue': 'markup',
      'a.j2': 'markup',
      'a.html.erb': 'markup',
      'a.md': 'markdown',
      'a.txt': 'prose',
      LICENSE: 'plain',
      'a.unknown': 'plain',
    });
    expect(languageForFence('ts').family).toBe('js');
    expect(languageForFence('python').family).toBe('python');
    expect(languageForFence('jinja').family).toBe('markup');
    expect(languageForFence('').family).toBe('plain');
  });

  it('JS/TS: strings, template literals with code inside, comments, regular expressions, JSX comments', () => {
    const src = [
      'HERE; \'HERE\'; "HERE"; // HERE',
      '/* HERE */ `HERE ${HERE + `HERE ${HERE}`} HERE`;',
      "if (/'HERE/.test(s)) x = 'HERE' / 2 / HERE;",
      '<div>{/* HERE */}{HERE}</div>',
      "const s = 'it\\'s HERE';",
    ].join('\n');
    expect(contexts('a.tsx', src)).toEqual([
      'code',
      'string',
      'string',
      'comment',
      'comment',
      'string',
      'code',
      'string',
      'code',
      'string',
      'string',
      'string',
      'code',
      'comment',
      'code',
      'string',
    ]);
  });

  it('an unterminated quote on its line is code, not the rest of the file', () => {
    expect(contexts('a.rs', 'fn f<\'a>(x: &\'a str) { HERE }\nlet s = "HERE";')).toEqual(['code', 'string']);
    expect(contexts('a.ts', "x = a' + HERE\n'HERE'")).toEqual(['code', 'string']);
  });

  it('Python: # comments, triple-quoted strings, f-strings', () => {
    expect(contexts('a.py', 'HERE # HERE\n"""HERE\nHERE"""\nx = f"{HERE}" + \'HERE\'  # HERE')).toEqual([
      'code',
      'comment',
      'string',
      'string',
      'string',
      'string',
      'comment',
    ]);
  });

  it('Ruby: symbols are strings, =begin/=end is a comment, #{} stays in the string', () => {
    expect(contexts('a.rb', 's[:HERE] # HERE\n=begin\nHERE\n=end\nx = "a #{HERE}" ; { HERE: 1 }; A::HERE')).toEqual([
      'string',
      'comment',
      'comment',
      'string',
      'code',
      'code',
    ]);
  });

  it('Go: raw strings span lines; Java text blocks; char literals', () => {
    expect(contexts('a.go', "x := `HERE\nHERE` // HERE\nc := '\\''; HERE")).toEqual(['string', 'string', 'comment', 'code']);
    expect(contexts('A.java', 'String q = """\n  HERE\n  """; /** HERE */ char c = \'"\'; HERE')).toEqual([
      'string',
      'comment',
      'code',
    ]);
  });

  it("SQL: '' escapes, -- and /* */ comments, quoted identifiers are code", () => {
    expect(contexts('a.sql', "SELECT \"HERE\", `HERE` from t where a = 'it''s HERE' -- HERE\n/* HERE\nHERE */ HERE")).toEqual([
      'code',
      'code',
      'string',
      'comment',
      'comment',
      'comment',
      'code',
    ]);
  });

  it('YAML, .env and shell: # starts a comment only after a space; YAML/.env values are strings', () => {
    expect(contexts('a.yml', "HERE: HERE # HERE\nurl: http://x#HERE\nq: 'a # HERE'")).toEqual([
      'string',
      'string',
      'comment',
      'string',
      'string',
    ]);
    expect(contexts('a.sh', 'echo HERE ${#HERE} # HERE\nx="HERE"')).toEqual(['code', 'code', 'comment', 'string']);
  });

  it('JSON (with comments): keys and values are strings', () => {
    expect(contexts('a.json', '{ "HERE": "HERE", // HERE\n "n": 1 }')).toEqual(['string', 'string', 'comment']);
  });

  it('HTML and templates: text, tags, attributes, template tags, comments, script and style', () => {
    const src = [
      '<p class="HERE" data-x=HERE>HERE {{ a.HERE }} {{ "HERE" }} {% if HERE %}{# HERE #}</p>',
      '<!-- HERE --><a href="{{ u.HERE }}">{% comment %}HERE{% endcomment %}</a>',
      "<script>var a = 'HERE'; HERE // HERE\n</script><style>.HERE { } /* HERE */</style>",
      '<%# HERE %><%= s.HERE %>{{!-- HERE --}}',
    ].join('\n');
    expect(contexts('a.html', src)).toEqual([
      'string',
      'string',
      'string',
      'code',
      'string',
      'code',
      'comment',
      'comment',
      'code',
      'comment',
      'string',
      'code',
      'comment',
      'code',
      'comment',
      'comment',
      'code',
      'comment',
    ]);
  });

  it('Vue: bound attributes hold JS; the script block is JS', () => {
    const src =
      '<template><div :class="{ a: HERE }" @click="go(\'HERE\')" title="HERE">{{ HERE }}</div></template>\n<script setup lang="ts">\nconst x = HERE; // HERE\n</script>';
    expect(contexts('a.vue', src)).toEqual(['code', 'string', 'string', 'code', 'code', 'comment']);
  });

  it('Markdown: prose is comment, code spans and fences are code, known fences are lexed in their language', () => {
    const src = [
      'HERE `HERE` ``a ` HERE``',
      '```python',
      'HERE = "HERE"  # HERE',
      '```',
      '~~~',
      'HERE',
      '~~~',
      '<!-- HERE --> HERE',
    ].join('\n');
    expect(contexts('a.md', src)).toEqual(['comment', 'code', 'code', 'code', 'string', 'comment', 'code', 'comment', 'comment']);
  });

  it('prose files are comments; unknown files are code', () => {
    expect(contexts('a.txt', 'HERE "HERE"')).toEqual(['comment', 'comment']);
    expect(contexts('LICENSE', 'HERE "HERE"')).toEqual(['code', 'code']);
  });
});
