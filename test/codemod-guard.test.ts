import { describe, expect, it, vi } from 'vitest';

// Simulate a rewrite that breaks the syntax (a bug, or a table whose names do not fit the code):
// the codemod must notice when it re-parses the result, and leave the file untouched.
vi.mock('../src/codemod/edits.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/codemod/edits.js')>();
  return {
    ...real,
    applyEdits: (text: string, edits: Parameters<typeof real.applyEdits>[1]) => `${real.applyEdits(text, edits)}\n(`,
  };
});

const { transformSource } = await import('../src/codemod/transform.js');

describe('codemod result check', () => {
  it('leaves a file untouched and reports it when the rewrite would not parse', () => {
    const input = 'export const url = s.external_tool_ovr.text;\n';
    const r = transformSource(input, 'a.ts');
    expect(r).toEqual({
      output: input,
      changed: false,
      edits: [],
      changes: [],
      markers: [],
      ignored: 0,
      error: 'the rewritten file would not parse (3:2: Expression expected.); left untouched',
    });
  });

  it('does the same for a Vue component', () => {
    const input = '<template><p/></template>\n<script>\nexport default { f: (s) => s.external_tool_ovr };\n</script>\n';
    const r = transformSource(input, 'c.vue');
    expect(r.output).toBe(input);
    expect(r.changed).toBe(false);
    expect(r.error).toBe('the rewritten component would not parse (Expression expected.); left untouched');
  });
});
