/** Pinia stores: the cases the mutation run of `src/roles/pinia.ts` and `piniaStore`/`storeToRefs` showed untested. */
import { beforeEach, describe, expect, it } from 'vitest';
import { analyze, migrateFolder } from './helpers/program.js';

const migrate = migrateFolder;

const FIELDS_URL = "'https://api.voteamerica.org/v1/election/field/'";
const FETCH_V1 = `fetch(${FIELDS_URL}).then((r) => r.json())`;

/** A component reading the store's `fields` in its script and its template. */
const LIST = `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
const labels = () => store.fields.map((f) => f.long_name);
</script>
<template><p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p></template>
`;
const LIST_RENAMED = [
  '-const labels = () => store.fields.map((f) => f.long_name);',
  '+const labels = () => store.fields.map((f) => f.description);',
  '-<template><p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p></template>',
  '+<template><p v-for="f in store.fields" :key="f.slug">{{ f.description }}</p></template>',
];
const CACHE = { 'cache.js': `export const cached = await ${FETCH_V1};\n` };

describe("an options store's `state()`", () => {
  it('returning data fetched elsewhere (`state: () => ({ fields: cached })`): the store holds it', async () => {
    const r = await migrate({
      ...CACHE,
      'store.js': `import { defineStore } from 'pinia';
import { cached } from './cache.js';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: cached }),
});
`,
      'List.vue': LIST,
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['cache.js']?.length).toBe(2);
  });

  it('a method after the id and a spread (`{ id, ...shared, state() { return { … } } }`)', async () => {
    const r = await migrate({
      ...CACHE,
      'store.js': `import { defineStore } from 'pinia';
import { cached } from './cache.js';
const shared = { getters: {} };
export const useFieldStore = defineStore({
  id: 'fields',
  ...shared,
  'x-state': () => ({ fields: [] }),
  state() { return { fields: cached }; },
});
`,
      'List.vue': LIST,
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
  });

  it('a store with no `state` at all, its action storing on `this`', async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
export const useFieldStore = defineStore('fields', {
  actions: { async load() { this.fields = await ${FETCH_V1}; } },
});
`,
      'List.vue': LIST.replace('const labels', 'store.load();\nconst labels'),
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
  });
});

describe('a setup store', () => {
  it('an action (a method of what it returns) that returns the data, called on the store (`store.load().then(…)`), and a member that is no ref (an object holding the data)', async () => {
    const r = await migrate({
      ...CACHE,
      'store.js': `import { defineStore } from 'pinia';
import { ref } from 'vue';
import { cached } from './cache.js';
export const useFieldStore = defineStore('fields', () => {
  const loading = ref(false);
  const filters = { fields: cached };
  return {
    loading,
    filters,
    load() { return fetch('https://api.voteamerica.org/v1/election/data/state/WI/').then((r) => r.json()); },
  };
});
`,
      'List.vue': `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
const { load } = store;
load().then((s) => s.state_information.map((i) => i.value));
</script>
<template><p v-for="f in store.filters.fields" :key="f.slug">{{ f.long_name }}</p></template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-load().then((s) => s.state_information.map((i) => i.value));',
      '+load().then((s) => s.state_information.map((i) => i.bool_value));',
      '-<template><p v-for="f in store.filters.fields" :key="f.slug">{{ f.long_name }}</p></template>',
      '+<template><p v-for="f in store.filters.fields" :key="f.slug">{{ f.description }}</p></template>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it('returning an object it builds by a call (`Object.assign({}, { fields, load })`)', async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
import { ref } from 'vue';
export const useFieldStore = defineStore('fields', () => {
  const fields = ref([]);
  async function load() { fields.value = await ${FETCH_V1}; }
  return Object.assign({}, { fields, load });
});
`,
      'List.vue': LIST.replace('const labels', 'store.load();\nconst labels'),
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
  });
});

describe('a setup store (its functions)', () => {
  it('a function it returns, given the data by the component (`store.names(store.fields)`), and one written as a method', async () => {
    const r = await migrate({
      ...CACHE,
      'store.js': `import { defineStore } from 'pinia';
import { cached } from './cache.js';
export const useFieldStore = defineStore('fields', () => {
  function names(list) { return list.map((f) => f.long_name); }
  return { fields: cached, names, slugs(list) { return list.filter((f) => f.long_name); } };
});
`,
      'List.vue': `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
const all = () => [store.names(store.fields), store.slugs(store.fields)];
</script>
`,
    });
    expect(r.changed['store.js']).toEqual([
      '-  function names(list) { return list.map((f) => f.long_name); }',
      '-  return { fields: cached, names, slugs(list) { return list.filter((f) => f.long_name); } };',
      '+  function names(list) { return list.map((f) => f.description); }',
      '+  return { fields: cached, names, slugs(list) { return list.filter((f) => f.description); } };',
    ]);
  });
});

/** An options store whose action stores the field list on `this`, defined by `define` (`defineStore('fields', {`). */
const actionStore = (define: string, head = "import { defineStore } from 'pinia';\n") => `${head}${define}
  state: () => ({ fields: [] }),
  actions: { async load() { this.fields = await ${FETCH_V1}; } },
});
`;
const LOADS = LIST.replace('const labels', 'store.load();\nconst labels');

describe('what `defineStore` is', () => {
  it('a store exported by default (`export default defineStore(…)`), imported under any name', async () => {
    const r = await migrate({
      'store.js': actionStore("export default defineStore('fields', {"),
      'List.vue': LOADS.replace("import { useFieldStore } from './store.js';", "import useFieldStore from './store.js';"),
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['store.js']?.length).toBe(2);
  });

  it("Pinia's, auto-imported (a global the program does not declare)", async () => {
    const r = await migrate({
      'store.js': actionStore("export const useFieldStore = defineStore('fields', {", ''),
      'List.vue': LOADS,
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
  });

  it("given no definition (`defineStore('other')`, unfinished code): no store, and the file's other store still followed", async () => {
    const r = await migrate({
      'store.js': actionStore(
        "export const useOther = defineStore('other');\nexport const useFieldStore = defineStore('fields', {",
      ),
      'List.vue': LOADS,
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
  });

  it("not Pinia's: the program's own `defineStore`, imported from its module or declared where it is used, is a function like any other", async () => {
    const own = 'export function defineStore(id, options) { return () => ({ id, load: options.actions.load }); }\n';
    const list = `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
store.load();
const labels = () => (store.fields || []).map((f) => f.long_name);
</script>
`;
    const imported = await migrate({
      'own.js': own,
      'store.js': actionStore(
        "export const useFieldStore = defineStore('fields', {",
        "import { defineStore } from './own.js';\n",
      ),
      'List.vue': list,
    });
    expect(imported.changed['List.vue']).toBeUndefined();
    expect(imported.changed['store.js']?.length).toBe(2);
    const local = await migrate({
      'store.js': actionStore("export const useFieldStore = defineStore('fields', {", own.replace('export ', '')),
      'List.vue': list,
    });
    expect(local.changed['List.vue']).toBeUndefined();
    expect(local.changed['store.js']?.length).toBe(2);
  });
});

describe('`storeToRefs(store)`', () => {
  it('renamed bindings are refs of their member; a rest element is none (its name no member); a use not destructured breaks nothing', async () => {
    const r = await migrate({
      'store.js': actionStore("export const useFieldStore = defineStore('fields', {"),
      'List.vue': `<script setup>
import { storeToRefs } from 'pinia';
import { useFieldStore } from './store.js';
const store = useFieldStore();
store.load();
const name = "fields";
const { fields: list, [name]: other, ...fields } = storeToRefs(store);
const refs = storeToRefs(store);
console.log(refs, other, fields.value.map((f) => f.long_name));
</script>
<template><p v-for="f in list" :key="f.slug">{{ f.long_name }}</p></template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-<template><p v-for="f in list" :key="f.slug">{{ f.long_name }}</p></template>',
      '+<template><p v-for="f in list" :key="f.slug">{{ f.description }}</p></template>',
    ]);
    expect(r.markers).toEqual([]);
  });
});

describe('what the engine says', () => {
  let a: ReturnType<typeof analyze>;
  // Made before each test, not while the file is collected: code run outside a test is, to the mutation runner, every test's.
  beforeEach(() => {
    a = analyze({
      'store.js': `import { defineStore, storeToRefs, acceptHMRUpdate } from 'pinia';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: [] }),
  actions: { async load() { this.fields = await ${FETCH_V1}; } },
});
const store = useFieldStore();
const { fields: list } = storeToRefs(store);
console.log(useFieldStore.$id, acceptHMRUpdate(useFieldStore, import.meta.hot));
`,
    });
  });

  it("of a store's use, of a ref `storeToRefs` gives, and of the store's definition named or handed on (none of them a store)", () => {
    expect(a.says(a.node('useFieldStore()'))).toEqual(['`useFieldStore()`: an object the program builds']);
    expect(a.says(a.node('list'))).toEqual(['`list`: an object the program builds']);
    expect(a.says(a.node('useFieldStore.$id'))).toEqual([]);
    expect(a.says(a.node('acceptHMRUpdate(useFieldStore, import.meta.hot)'))).toEqual([]);
  });
});

describe('a CommonJS file naming `defineStore`', () => {
  it('its `require(…)` calls are no store (and break nothing)', async () => {
    const r = await migrate({
      'store.js': `const { defineStore } = require('pinia');
const api = require('./api.js');
module.exports = { defineStore, load: () => api.fields().then((list) => list.map((f) => f.long_name)) };
`,
      'api.js': `exports.fields = () => ${FETCH_V1};\n`,
    });
    expect(r.changed['store.js']).toEqual([
      '-module.exports = { defineStore, load: () => api.fields().then((list) => list.map((f) => f.long_name)) };',
      '+module.exports = { defineStore, load: () => api.fields().then((list) => list.map((f) => f.description)) };',
    ]);
  });
});

describe('a store whose definition is passed by name (was missed: the store followed nowhere, its reads left V1)', () => {
  it("options held in a `const` (`defineStore('fields', options)`), a setup function declared apart (`defineStore('state', setup)`)", async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
import { ref } from 'vue';
const options = {
  state: () => ({ fields: [] }),
  actions: { async load() { this.fields = await ${FETCH_V1}; } },
};
export const useFieldStore = defineStore('fields', options);
function setup() {
  const record = ref(null);
  async function load() {
    record.value = await fetch('https://api.voteamerica.org/v1/election/data/state/WI/').then((r) => r.json());
  }
  return { record, load };
}
export const useStateStore = defineStore('state', setup);
`,
      'List.vue': LOADS,
      'Flags.vue': `<script setup>
import { useStateStore } from './store.js';
const store = useStateStore();
store.load();
</script>
<template><b v-for="i in store.record.state_information" :key="i.field_type">{{ i.value }}</b></template>
`,
    });
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['Flags.vue']).toEqual([
      '-<template><b v-for="i in store.record.state_information" :key="i.field_type">{{ i.value }}</b></template>',
      '+<template><b v-for="i in store.record.state_information" :key="i.field_type">{{ i.bool_value }}</b></template>',
    ]);
    expect(r.markers).toEqual([]);
  });
});
