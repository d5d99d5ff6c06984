/**
 * Vue's own ways of passing data in a whole program, followed by the role engine: `reactive(obj)`
 * (and `shallowReactive`, `readonly`) is the object, its members tracked; an Options API
 * component's `setup()` returns members its functions read on `this` and its template by name, refs
 * unwrapped; `v-model` on a component is a prop into the child and the child's `update:…` event
 * back into the parent's variable; `provide(key, value)` is what every `inject(key)` gives (the
 * options `provide`/`inject` too). Before, none of it was followed: the request moved to V2 while
 * the component's reads of its data stayed V1, with nothing said (wrong, silently). The codemod's
 * run on real folders; the report must agree with it.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const API = `export const fieldList = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());
`;
const API_MOVED = [
  "-export const fieldList = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());",
  "+export const fieldList = () => fetch('https://api.voteamerica.org/v2/election/field/').then((r) => r.json());",
];

const migrate = migrateFolder;

/** The program's own list, shaped as the API's descriptors: it is no API data, and its reads stay. */
const PLACES = "[{ slug: 'home', long_name: 'Home' }]";

describe('`reactive(obj)` is the object', () => {
  it("what is stored into it is its member, in the component's script and template", async () => {
    const r = await migrate({
      'api.js': API,
      'List.vue': `<script setup>
import { reactive, onMounted } from 'vue';
import { fieldList } from './api.js';
const state = reactive({ fields: [], loading: false });
onMounted(async () => { state.fields = await fieldList(); });
const names = () => state.fields.map((f) => f.long_name);
</script>
<template>
  <p v-for="f in state.fields" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-const names = () => state.fields.map((f) => f.long_name);',
      '+const names = () => state.fields.map((f) => f.description);',
      '-  <p v-for="f in state.fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in state.fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.changed['api.js']).toEqual(API_MOVED);
    expect(r.markers).toEqual([]);
    expect(r.findings).toEqual(['List.vue:6 long_name', 'List.vue:9 long_name', 'api.js:1 /v1/election/field/']);
  });

  it('a `shallowReactive` state a module exports, read through a `readonly` view in a component imported under other names', async () => {
    const r = await migrate({
      'api.js': API,
      'fields.js': `import { shallowReactive, readonly as frozen } from 'vue';
import { fieldList } from './api.js';
const state = shallowReactive({ fields: [] });
export const view = frozen(state);
export async function loadFields() { state.fields = await fieldList(); }
`,
      'List.vue': `<script setup>
import { onMounted } from 'vue';
import { view, loadFields } from './fields.js';
onMounted(loadFields);
</script>
<template>
  <p v-for="f in view.fields" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-  <p v-for="f in view.fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in view.fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.changed['fields.js']).toBeUndefined();
    expect(r.markers).toEqual([]);
  });

  it("a reactive object of the program's own data is not the API: its reads stay, beside one that moves", async () => {
    const r = await migrate({
      'api.js': API,
      'List.vue': `<script setup>
import { reactive, onMounted } from 'vue';
import { fieldList } from './api.js';
const state = reactive({ fields: [] });
const places = reactive({ fields: ${PLACES} });
onMounted(async () => { state.fields = await fieldList(); });
</script>
<template>
  <p v-for="f in state.fields" :key="f.slug">{{ f.long_name }}</p>
  <p v-for="p in places.fields" :key="p.slug">{{ p.long_name }}</p>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-  <p v-for="f in state.fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in state.fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });
});

describe("an Options API component's `setup()`", () => {
  it('returns members its methods read on `this` and its template by name, refs and computed values unwrapped', async () => {
    const r = await migrate({
      'api.js': API,
      'List.vue': `<script>
import { ref, computed, onMounted } from 'vue';
import { fieldList } from './api.js';
export default {
  setup() {
    const fields = ref([]);
    const first = computed(() => fields.value[0]);
    onMounted(async () => { fields.value = await fieldList(); });
    return { fields, first };
  },
  methods: {
    names() { return this.fields.map((f) => f.long_name); },
  },
};
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
  <b v-if="first">{{ first.long_name }}</b>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-    names() { return this.fields.map((f) => f.long_name); },',
      '+    names() { return this.fields.map((f) => f.description); },',
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '-  <b v-if="first">{{ first.long_name }}</b>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
      '+  <b v-if="first">{{ first.description }}</b>',
    ]);
    expect(r.markers).toEqual([]);
    expect(r.findings).toEqual([
      'List.vue:12 long_name',
      'List.vue:17 long_name',
      'List.vue:18 long_name',
      'api.js:1 /v1/election/field/',
    ]);
  });

  it('in `defineComponent({ setup })` with a template only, its returned function called by a hook on `this`', async () => {
    const r = await migrate({
      'api.js': API,
      'List.vue': `<script>
import { defineComponent, ref } from 'vue';
import { fieldList } from './api.js';
export default defineComponent({
  setup() {
    const fields = ref([]);
    const load = async () => { fields.value = await fieldList(); };
    return { fields, load };
  },
});
</script>
<template>
  <button @click="load()">load</button>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it("that returns the program's own data too: those reads stay", async () => {
    const r = await migrate({
      'api.js': API,
      'List.vue': `<script>
import { ref, onMounted } from 'vue';
import { fieldList } from './api.js';
export default {
  setup() {
    const fields = ref([]);
    const places = ref(${PLACES});
    onMounted(async () => { fields.value = await fieldList(); });
    return { fields, places };
  },
  computed: {
    placeNames() { return this.places.map((p) => p.long_name); },
  },
};
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
  <p v-for="p in places" :key="p.slug">{{ p.long_name }}</p>
</template>
`,
    });
    expect(r.changed['List.vue']).toEqual([
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });
});

describe('`v-model` on a component', () => {
  /** A picker of the fields its parent hands it, emitting the one picked as its model. */
  const picker = (emit: string) => `<script setup>
defineProps(['fields', 'modelValue']);
const emit = defineEmits(['update:modelValue']);
</script>
<template>
  <button v-for="f in fields" :key="f.slug" @click="${emit}">pick</button>
</template>
`;

  it("the child's `update:modelValue` sets the parent's variable, read in its script and template", async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script setup>
import { ref, computed, onMounted } from 'vue';
import { fieldList } from './api.js';
import Picker from './Picker.vue';
const fields = ref([]);
const chosen = ref(null);
const title = computed(() => chosen.value && chosen.value.long_name);
onMounted(async () => { fields.value = await fieldList(); });
</script>
<template>
  <Picker v-model="chosen" :fields="fields" />
  <b v-if="chosen">{{ chosen.long_name }}</b>
</template>
`,
      'Picker.vue': picker("emit('update:modelValue', f)"),
    });
    expect(r.changed['App.vue']).toEqual([
      '-const title = computed(() => chosen.value && chosen.value.long_name);',
      '+const title = computed(() => chosen.value && chosen.value.description);',
      '-  <b v-if="chosen">{{ chosen.long_name }}</b>',
      '+  <b v-if="chosen">{{ chosen.description }}</b>',
    ]);
    expect(r.changed['Picker.vue']).toBeUndefined();
    expect(r.markers).toEqual([]);
  });

  it("a named model (`v-model:field`) is the child's prop, set back by an Options API child's `$emit`, both sides Options API", async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script>
import { fieldList } from './api.js';
import FieldEditor from './FieldEditor.vue';
export default {
  components: { FieldEditor },
  data() { return { fields: [], current: null }; },
  computed: { label() { return this.current && this.current.long_name; } },
  async mounted() { this.fields = await fieldList(); },
};
</script>
<template><field-editor v-model:field="current" :fields="fields" /></template>
`,
      'FieldEditor.vue': `<script>
export default {
  props: ['field', 'fields'],
  methods: { first() { this.$emit('update:field', this.fields[0]); } },
};
</script>
<template><input v-if="field" :value="field.long_name" @focus="first" /></template>
`,
    });
    expect(r.changed['App.vue']).toEqual([
      '-  computed: { label() { return this.current && this.current.long_name; } },',
      '+  computed: { label() { return this.current && this.current.description; } },',
    ]);
    expect(r.changed['FieldEditor.vue']).toEqual([
      '-<template><input v-if="field" :value="field.long_name" @focus="first" /></template>',
      '+<template><input v-if="field" :value="field.description" @focus="first" /></template>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it("another component's model of the program's own data: its variable hears only that component, and its reads stay", async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script setup>
import { ref, onMounted } from 'vue';
import { fieldList } from './api.js';
import Picker from './Picker.vue';
import PlacePicker from './PlacePicker.vue';
const fields = ref([]);
const chosen = ref(null);
const place = ref(null);
onMounted(async () => { fields.value = await fieldList(); });
</script>
<template>
  <Picker v-model="chosen" :fields="fields" />
  <PlacePicker v-model="place" />
  <b v-if="chosen">{{ chosen.long_name }}</b>
  <i v-if="place">{{ place.long_name }}</i>
</template>
`,
      'Picker.vue': picker("emit('update:modelValue', f)"),
      'PlacePicker.vue': `<script setup>
const emit = defineEmits(['update:modelValue']);
const places = ${PLACES};
</script>
<template><a v-for="p in places" :key="p.slug" @click="emit('update:modelValue', p)">{{ p.long_name }}</a></template>
`,
    });
    expect(r.changed['App.vue']).toEqual([
      '-  <b v-if="chosen">{{ chosen.long_name }}</b>',
      '+  <b v-if="chosen">{{ chosen.description }}</b>',
    ]);
    expect(r.changed['PlacePicker.vue']).toBeUndefined();
    expect(r.markers).toEqual([]);
  });
});

describe('`provide` and `inject`', () => {
  it("what a component provides under a key is what `inject` of that key gives, in another component's script and template", async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script setup>
import { ref, provide, onMounted } from 'vue';
import { fieldList } from './api.js';
import Child from './Child.vue';
const fields = ref([]);
provide('fields', fields);
onMounted(async () => { fields.value = await fieldList(); });
</script>
<template><Child /></template>
`,
      'Child.vue': `<script setup>
import { inject } from 'vue';
const fields = inject('fields');
const names = () => fields.value.map((f) => f.long_name);
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['Child.vue']).toEqual([
      '-const names = () => fields.value.map((f) => f.long_name);',
      '+const names = () => fields.value.map((f) => f.description);',
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.changed['App.vue']).toBeUndefined();
    expect(r.markers).toEqual([]);
    expect(r.findings).toEqual(['Child.vue:4 long_name', 'Child.vue:7 long_name', 'api.js:1 /v1/election/field/']);
  });

  it('the options: `provide()` returning a computed of `this`, `inject` under another name (`from`), read on `this` and in the template', async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script>
import { computed } from 'vue';
import { fieldList } from './api.js';
import Child from './Child.vue';
export default {
  components: { Child },
  data() { return { fields: [] }; },
  provide() { return { fields: computed(() => this.fields) }; },
  async mounted() { this.fields = await fieldList(); },
};
</script>
<template><Child /></template>
`,
      'Child.vue': `<script>
export default {
  inject: { list: { from: 'fields' } },
  methods: { names() { return this.list.map((f) => f.long_name); } },
};
</script>
<template>
  <p v-for="f in list" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['Child.vue']).toEqual([
      '-  methods: { names() { return this.list.map((f) => f.long_name); } },',
      '+  methods: { names() { return this.list.map((f) => f.description); } },',
      '-  <p v-for="f in list" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in list" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it('the options object `provide: { … }` of a reactive state a module fills, injected by an array of names', async () => {
    const r = await migrate({
      'api.js': API,
      'shared.js': `import { reactive } from 'vue';
import { fieldList } from './api.js';
export const shared = reactive({ fields: [] });
export async function refresh() { shared.fields = await fieldList(); }
`,
      'App.vue': `<script>
import { shared } from './shared.js';
import Child from './Child.vue';
export default { components: { Child }, provide: { catalog: shared } };
</script>
<template><Child /></template>
`,
      'Child.vue': `<script>
export default { inject: ['catalog'] };
</script>
<template>
  <p v-for="f in catalog.fields" :key="f.slug">{{ f.long_name }}</p>
</template>
`,
    });
    expect(r.changed['Child.vue']).toEqual([
      '-  <p v-for="f in catalog.fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in catalog.fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it('under keys that are symbols a module exports: each `inject` gets what is provided under its own key', async () => {
    const r = await migrate({
      'api.js': API,
      'keys.js': "export const FieldsKey = Symbol('fields');\nexport const PlacesKey = Symbol('places');\n",
      'App.vue': `<script setup>
import { ref, provide, onMounted } from 'vue';
import { fieldList } from './api.js';
import { FieldsKey, PlacesKey } from './keys.js';
import Child from './Child.vue';
const fields = ref([]);
provide(FieldsKey, fields);
provide(PlacesKey, ${PLACES});
onMounted(async () => { fields.value = await fieldList(); });
</script>
<template><Child /></template>
`,
      'Child.vue': `<script setup>
import { inject } from 'vue';
import * as keys from './keys.js';
const fields = inject(keys.FieldsKey);
const places = inject(keys.PlacesKey);
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
  <p v-for="p in places" :key="p.slug">{{ p.long_name }}</p>
</template>
`,
    });
    expect(r.changed['Child.vue']).toEqual([
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it("the program's own data provided under another key: what injects that key stays", async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': `<script setup>
import { ref, provide, onMounted } from 'vue';
import { fieldList } from './api.js';
import Child from './Child.vue';
const fields = ref([]);
provide('fields', fields);
provide('places', ref(${PLACES}));
onMounted(async () => { fields.value = await fieldList(); });
</script>
<template><Child /></template>
`,
      'Child.vue': `<script>
export default { inject: ['fields', 'places'] };
</script>
<template>
  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>
  <p v-for="p in places" :key="p.slug">{{ p.long_name }}</p>
</template>
`,
    });
    expect(r.changed['Child.vue']).toEqual([
      '-  <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+  <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });
});
