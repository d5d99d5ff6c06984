/**
 * Objects whose functions the role engine holds as members (src/roles/tracker.ts `followStatics`,
 * `holdFunction`, `followThisOf`, `piniaStore`, `holdSetup`, `storeToRefs`; #28 mutation testing of
 * tracker.ts: its survivors): a Pinia options store's getters (their parameter is the state) and
 * actions (called from outside with arguments), a Vue component's methods (a first parameter is an
 * argument like any other, not the component) and `setup()`'s members, a class's static functions
 * handed on as the class (not its instance methods or fields). What the engine says of each node,
 * and where data is handed to a callback it cannot see into, asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './helpers/program.js';

type Analysis = ReturnType<typeof analyze>;
/** What the engine says of the node written `text` in `file`. */
const at = (a: Analysis, [file, text, nth]: (string | number)[]) =>
  a.saysAt(text as string, nth as number | undefined, file as string);
const unfollowed = (a: Analysis, file: string) => a.unfollowed(file);

describe('functions held as members of an object', () => {
  it("a Pinia options store: a getter's parameter is the state, an action takes what its callers give, and `storeToRefs` gives a ref of a member", () => {
    const a = analyze({
      'store.js':
        "import { defineStore, storeToRefs } from 'pinia';\nexport const useFieldStore = defineStore('fields', {\n  state: () => ({ fields: [] }),\n  getters: { count: (st) => st.fields.length, first(s2) { return s2.fields[0]; } },\n  actions: { async load() { this.fields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }, show(list) { return list[0].long_name; } },\n});\nexport function use(cb) {\n  const store = useFieldStore();\n  const { fields } = storeToRefs(store);\n  cb(fields);\n  return store.load().then(() => store.show(store.fields));\n}\n",
    });
    expect(
      [
        ['store.js', 'st'],
        ['store.js', 'st.fields'],
        ['store.js', 's2.fields'],
        ['store.js', 'list'],
        ['store.js', 'list[0]'],
        ['store.js', 'store.fields'],
        ['store.js', 'fields', 4],
        ['store.js', 'fields', 5],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`st`: an argument reaching this parameter, an object the program builds'],
      ['`st.fields`: stored and read back, V1 field list'],
      ['`s2.fields`: stored and read back, V1 field list'],
      ['`list`: an argument reaching this parameter, V1 field list'],
      ['`list[0]`: an element, V1 field descriptor'],
      ['`store.fields`: stored and read back, V1 field list'],
      ['`fields`: an object the program builds'],
      ['`fields`: an object the program builds'],
    ]);
    expect(unfollowed(a, 'store.js')).toEqual(['cb']);
  });

  it("a Vue component's options: a method's first parameter is what its callers give (not the component), and `setup()`'s members are its `this`'s", () => {
    const a = analyze({
      'comp.js':
        "import { ref, onMounted } from 'vue';\nexport default {\n  setup() { const fields = ref([]); onMounted(async () => { fields.value = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }); return { fields }; },\n  methods: {\n    show(list) { return list.length; },\n    names() { return this.fields.map((f) => f.long_name); },\n  },\n};\n",
    });
    expect(
      [
        ['comp.js', 'list'],
        ['comp.js', 'this'],
        ['comp.js', 'this.fields'],
      ].map((t) => at(a, t)),
    ).toEqual([[], ['`this`: an object the program builds'], ['`this.fields`: stored and read back, V1 field list']]);
  });

  it("a class's static functions are its members handed on; an instance method is not, nor a static field", () => {
    const a = analyze({
      'c.js':
        "class Api { static x; static fields() { return fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); } list() { return fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); } }\nexport function load(A) { return [A.fields(), A.list(), A.x]; }\nexport const go = () => load(Api);\n",
    });
    expect(
      [
        ['c.js', 'A.fields()'],
        ['c.js', 'A.list()'],
        ['c.js', 'A.x'],
        ['c.js', "static fields() { return fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }"],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`A.fields()`: returned by the call, a promise of V1 field list'],
      [],
      [],
      ["`static fields() { return fetch('https://api.voteamerica.o…`: a function"],
    ]);
  });
});
