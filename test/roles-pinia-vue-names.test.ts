/**
 * What `defineStore` is given by name, and the keys of `provide`/`inject` (src/roles/pinia.ts
 * `namedValue`, src/roles/vue.ts `injectionKey`; #28 mutation testing: their survivors): a setup
 * function declared apart, options held by a `let` or a name the program does not declare (not
 * followed, and no crash), a `const` holding a string as a key (in parentheses too), `inject()` with
 * no key. What the engine says of each node, asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './helpers/program.js';

type Analysis = ReturnType<typeof analyze>;
/** What the engine says of the node written `text` in `file`. */
const at = (a: Analysis, [file, text, nth]: (string | number)[]) =>
  a.saysAt(text as string, nth as number | undefined, file as string);

describe('a store passed by name, and an injection key', () => {
  it('a store defined by a function declaration passed by name is a setup store', () => {
    const a = analyze({
      'store.js':
        "import { defineStore } from 'pinia';\nimport { ref } from 'vue';\nfunction setup() { const fields = ref([]); fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then((l) => { fields.value = l; }); return { fields }; }\nexport const useFieldStore = defineStore('fields', setup);\nexport const names = () => useFieldStore().fields.map((f) => f.long_name);\n",
    });
    expect([['store.js', 'useFieldStore().fields']].map((t) => at(a, t))).toEqual([
      ['`useFieldStore().fields`: stored and read back, V1 field list'],
    ]);
  });

  it('options held by a `let` (which may be written again) or by a name the program does not declare are not followed, and break nothing', () => {
    const a = analyze({
      'a.js':
        "import { defineStore } from 'pinia';\nlet opts = { state: () => ({ fields: [] }), actions: { async load() { this.fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); } } };\nexport const useFieldStore = defineStore('fields', opts);\nexport const names = () => useFieldStore().fields.map((f) => f.long_name);\n",
      'b.js':
        "import { defineStore } from 'pinia';\nlet later;\nlater = { state: () => ({ fields: [] }), actions: { async load() { this.fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); } } };\nexport const useFieldStore = defineStore('fields', later);\nexport const names = () => useFieldStore().fields.map((f) => f.long_name);\n",
      'c.js':
        "import { defineStore } from 'pinia';\n\nexport const useFieldStore = defineStore('fields', globalOptions);\nexport const names = () => useFieldStore().fields.map((f) => f.long_name);\n",
    });
    expect(
      [
        ['a.js', 'useFieldStore().fields'],
        ['b.js', 'useFieldStore().fields'],
        ['c.js', 'useFieldStore().fields'],
      ].map((t) => at(a, t)),
    ).toEqual([[], [], []]);
  });

  it('`provide` under a `const` holding a string is what `inject` of that string gives (parentheses or not); `inject()` with no key gives nothing', () => {
    const a = analyze({
      'p.js':
        "import { provide, inject } from 'vue';\nconst KEY = ('fields');\nexport async function parent() { provide(KEY, await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json())); }\nexport function child() { const f = inject('fields'); const g = inject(); return [f, g]; }\n",
    });
    expect(
      [
        ['p.js', "inject('fields')"],
        ['p.js', 'inject()'],
      ].map((t) => at(a, t)),
    ).toEqual([["`inject('fields')`: V1 field list"], []]);
  });
});
