/**
 * Pinia stores in a whole program: `defineStore` (a library function the program does not hold)
 * makes the function whose calls give the store, and the role engine follows the store as Pinia
 * builds it: an options store's `state()` members, getters (a getter's value is what it returns,
 * its first parameter the state) and actions (their `this` is the store); a setup store's returned
 * members, its refs unwrapped; `storeToRefs(store)` destructured into refs. Before, none of it was
 * followed: the request moved to V2 while the getter's and the components' reads of its data stayed
 * V1, with nothing said (wrong, silently). The codemod's run on real folders; the report must
 * agree with it.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const migrate = migrateFolder;

const FIELDS_URL = "'https://api.voteamerica.org/v1/election/field/'";
const URL_MOVED = [
  `-      this.fields = await fetch(${FIELDS_URL}).then((r) => r.json());`,
  `+      this.fields = await fetch(${FIELDS_URL.replace('/v1/', '/v2/')}).then((r) => r.json());`,
];

/** An options store whose action stores the field list on `this`, with a getter of the state and one of `this`. */
const optionsStore = (define: string) => `import { defineStore } from 'pinia';
export const useFieldStore = ${define}
  state: () => ({ fields: [], loading: false }),
  getters: {
    titles: (state) => state.fields.map((f) => f.long_name),
    first() { return this.fields[0]; },
  },
  actions: {
    async load() {
      this.loading = true;
      this.fields = await fetch(${FIELDS_URL}).then((r) => r.json());
    },
    named(slug) { return this.fields.find((f) => f.slug === slug).long_name; },
  },
});
`;

const STORE_RENAMED = [
  '-    titles: (state) => state.fields.map((f) => f.long_name),',
  '+    titles: (state) => state.fields.map((f) => f.description),',
  ...URL_MOVED,
  '-    named(slug) { return this.fields.find((f) => f.slug === slug).long_name; },',
  '+    named(slug) { return this.fields.find((f) => f.slug === slug).description; },',
];

describe('an options store', () => {
  const list = `<script setup>
import { onMounted } from 'vue';
import { useFieldStore } from './store.js';
const store = useFieldStore();
onMounted(() => store.load());
const labels = () => store.fields.map((f) => f.long_name);
</script>
<template>
  <p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p>
  <b>{{ store.first.long_name }}</b>
</template>
`;
  const LIST_RENAMED = [
    '-const labels = () => store.fields.map((f) => f.long_name);',
    '+const labels = () => store.fields.map((f) => f.description);',
    '-  <p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p>',
    '-  <b>{{ store.first.long_name }}</b>',
    '+  <p v-for="f in store.fields" :key="f.slug">{{ f.description }}</p>',
    '+  <b>{{ store.first.description }}</b>',
  ];

  it("what an action stores on `this` is the state its getters, its other actions and a component's script and template read", async () => {
    const r = await migrate({ 'store.js': optionsStore("defineStore('fields', {"), 'List.vue': list });
    expect(r.changed['store.js']).toEqual(STORE_RENAMED);
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
    expect(r.findings).toEqual([
      'List.vue:10 long_name',
      'List.vue:6 long_name',
      'List.vue:9 long_name',
      'store.js:11 /v1/election/field/',
      'store.js:13 long_name',
      'store.js:5 long_name',
    ]);
  });

  it('defined by one object with its id (`defineStore({ id, … })`), imported under another name, its use given the pinia instance', async () => {
    const store = optionsStore("defineStore({\n  id: 'fields',").replace(
      "import { defineStore } from 'pinia';",
      "import { defineStore as define } from 'pinia';",
    );
    const r = await migrate({
      'store.js': store.replace('= defineStore({', '= define({'),
      'List.vue': list
        .replace('useFieldStore();', 'useFieldStore(pinia);')
        .replace(
          "import { useFieldStore } from './store.js';",
          "import { useFieldStore } from './store.js';\nimport { pinia } from './pinia.js';",
        ),
      'pinia.js': "import { createPinia } from 'pinia';\nexport const pinia = createPinia();\n",
    });
    expect(r.changed['store.js']).toEqual(STORE_RENAMED);
    expect(r.changed['List.vue']).toEqual(LIST_RENAMED);
  });

  it("a getter's value read through the store (`store.titles`) and a store member set from outside (`store.fields = …`)", async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: [] }),
  getters: { byName: (state) => state.fields.filter((f) => f.long_name) },
});
`,
      'load.js': `import { useFieldStore } from './store.js';
export async function load() {
  const store = useFieldStore();
  store.fields = await fetch(${FIELDS_URL}).then((r) => r.json());
  return store.byName.map((f) => f.long_name);
}
`,
    });
    expect(r.changed['store.js']).toEqual([
      '-  getters: { byName: (state) => state.fields.filter((f) => f.long_name) },',
      '+  getters: { byName: (state) => state.fields.filter((f) => f.description) },',
    ]);
    expect(r.changed['load.js']).toEqual([
      `-  store.fields = await fetch(${FIELDS_URL}).then((r) => r.json());`,
      '-  return store.byName.map((f) => f.long_name);',
      `+  store.fields = await fetch(${FIELDS_URL.replace('/v1/', '/v2/')}).then((r) => r.json());`,
      '+  return store.byName.map((f) => f.description);',
    ]);
  });

  it("an action's `this.$patch({ … })` and `$patch((state) => …)`: what they write is the store's", async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: [], record: null }),
  actions: {
    async load() {
      this.$patch({ fields: await fetch(${FIELDS_URL}).then((r) => r.json()) });
    },
    async loadState(code) {
      const record = await fetch(\`https://api.voteamerica.org/v1/election/data/state/\${code}/\`).then((r) => r.json());
      this.$patch((state) => { state.record = record; });
    },
  },
});
`,
      'List.vue': `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
</script>
<template>
  <p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p>
  <b v-for="i in store.record.state_information" :key="i.field_type">{{ i.value }}</b>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-  <p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p>',
      '-  <b v-for="i in store.record.state_information" :key="i.field_type">{{ i.value }}</b>',
      '+  <p v-for="f in store.fields" :key="f.slug">{{ f.description }}</p>',
      '+  <b v-for="i in store.record.state_information" :key="i.field_type">{{ i.bool_value }}</b>',
    ]);
    expect(r.changed['store.js']?.length).toBe(4);
    expect(r.markers).toEqual([]);
  });

  it('`storeToRefs(store)` destructured: each name a ref of the member (`fields.value` in the script, `fields` in the template)', async () => {
    const r = await migrate({
      'store.js': optionsStore("defineStore('fields', {"),
      'List.vue': `<script setup>
import { storeToRefs } from 'pinia';
import { useFieldStore } from './store.js';
const store = useFieldStore();
const { fields, titles: names } = storeToRefs(store);
store.load();
const count = () => fields.value.filter((f) => f.long_name).length;
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
  <i>{{ names.join(', ') }}</i>
</template>
`,
    });
    expect(r.changed['store.js']).toEqual(STORE_RENAMED);
    expect(r.changed['List.vue']).toEqual([
      '-const count = () => fields.value.filter((f) => f.long_name).length;',
      '+const count = () => fields.value.filter((f) => f.description).length;',
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
  });
});

describe('a store in a program a tsconfig.json describes', () => {
  it('is followed from where an action stores on `this`, in a file that spells nothing of the API (so is not where roles start)', async () => {
    const r = await migrate({
      'tsconfig.json':
        '{ "compilerOptions": { "allowJs": true, "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true } }\n',
      'env.d.ts': "declare module '*.vue' { const component: any; export default component; }\n",
      'api.js': `export const fetchFields = () => fetch(${FIELDS_URL}).then((r) => r.json());\n`,
      'store.js': `import { defineStore } from 'pinia';
import { fetchFields } from './api.js';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: [] }),
  actions: {
    async load() { this.fields = await fetchFields(); },
  },
});
`,
      'List.vue': `<script setup>
import { useFieldStore } from './store.js';
const store = useFieldStore();
store.load();
</script>
<template><p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p></template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-<template><p v-for="f in store.fields" :key="f.slug">{{ f.long_name }}</p></template>',
      '+<template><p v-for="f in store.fields" :key="f.slug">{{ f.description }}</p></template>',
    ]);
    expect(r.changed['api.js']?.length).toBe(2);
  });
});

describe('a setup store', () => {
  it("holds what its setup function returns, a ref's value in place of the ref, a computed's too", async () => {
    const r = await migrate({
      'store.js': `import { defineStore } from 'pinia';
import { ref, computed } from 'vue';
export const useStateStore = defineStore('state', () => {
  const record = ref(null);
  async function load(code) {
    record.value = await fetch(\`https://api.voteamerica.org/v1/election/data/state/\${code}/\`).then((r) => r.json());
  }
  const items = computed(() => (record.value ? record.value.state_information : []));
  return { record, items, load };
});
`,
      'Flags.vue': `<script setup>
import { useStateStore } from './store.js';
const store = useStateStore();
store.load('WI');
</script>
<template>
  <b v-for="i in store.items" :key="i.field_type">{{ i.value ? 'yes' : 'no' }}</b>
</template>
`,
      'Count.vue': `<script setup>
import { storeToRefs } from 'pinia';
import { useStateStore } from './store.js';
const { items } = storeToRefs(useStateStore());
</script>
<template><i>{{ items.filter((i) => i.value).length }}</i></template>
`,
    });
    expect(r.changed['store.js']).toEqual([
      '-    record.value = await fetch(`https://api.voteamerica.org/v1/election/data/state/${code}/`).then((r) => r.json());',
      '+    record.value = await fetch(`https://api.voteamerica.org/v2/election/data/state/${code}/`).then((r) => r.json());',
    ]);
    expect(r.changed['Flags.vue']).toEqual([
      '-  <b v-for="i in store.items" :key="i.field_type">{{ i.value ? \'yes\' : \'no\' }}</b>',
      '+  <b v-for="i in store.items" :key="i.field_type">{{ i.bool_value ? \'yes\' : \'no\' }}</b>',
    ]);
    expect(r.changed['Count.vue']).toEqual([
      '-<template><i>{{ items.filter((i) => i.value).length }}</i></template>',
      '+<template><i>{{ items.filter((i) => i.bool_value).length }}</i></template>',
    ]);
    expect(r.markers).toEqual([]);
  });
});

describe("a store of the program's own data", () => {
  it('is not the API: its reads stay as they are, beside a store of the API that moves', async () => {
    const r = await migrate({
      'places.js': `import { defineStore } from 'pinia';
export const usePlaceStore = defineStore('places', {
  state: () => ({ places: [{ slug: 'home', long_name: 'Home' }] }),
  getters: { names: (state) => state.places.map((p) => p.long_name) },
  actions: {
    add(name) { this.places.push({ slug: name, long_name: name }); },
    rename(i, name) { this.places[i].long_name = name; },
  },
});
`,
      'fields.js': optionsStore("defineStore('fields', {"),
      'Places.vue': `<script setup>
import { usePlaceStore } from './places.js';
import { useFieldStore } from './fields.js';
const places = usePlaceStore();
const fields = useFieldStore();
</script>
<template><p v-for="p in places.places" :key="p.slug">{{ p.long_name }} {{ fields.first.long_name }}</p></template>
`,
    });
    expect(r.changed['places.js']).toBeUndefined();
    expect(r.changed['fields.js']).toEqual(STORE_RENAMED);
    expect(r.changed['Places.vue']).toEqual([
      '-<template><p v-for="p in places.places" :key="p.slug">{{ p.long_name }} {{ fields.first.long_name }}</p></template>',
      '+<template><p v-for="p in places.places" :key="p.slug">{{ p.long_name }} {{ fields.first.description }}</p></template>',
    ]);
  });
});
