/**
 * Vue components in a whole program: a component joins the inferred program as its virtual script
 * (`vueVirtual`), so the data a component reads is followed from where it is fetched, across
 * modules and from a parent's template into a child's props (`<FieldList :fields="fields" />`) and
 * back through events (`this.$emit('pick', field)` to the parent's `@pick` handler). Before, each
 * component was decided alone: a request moved to V2 in `api.js` while the component's reads of
 * its data stayed V1, with nothing said (the app then shows V2 data read as V1: wrong, silently).
 * The codemod's run on real folders; the report must agree with it.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const API = `export const fieldList = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());
export const stateData = (code) => fetch(\`https://api.voteamerica.org/v1/election/data/state/\${code}/\`).then((r) => r.json());
`;

const migrate = migrateFolder;

/** The lines a migrated `fieldList(…)` component and `card(…)` template change. */
const LIST_RENAMED = [
  '-    <li v-for="f in fields" :key="f.slug">{{ f.long_name }}</li>',
  '+    <li v-for="f in fields" :key="f.slug">{{ f.description }}</li>',
];
const CARD_RENAMED = [
  "-<template><p v-if=\"sdr\">{{ sdr.value ? 'yes' : 'no' }}</p></template>",
  "+<template><p v-if=\"sdr\">{{ sdr.bool_value ? 'yes' : 'no' }}</p></template>",
];

const fieldList = (script: string) => `<template>
  <ul>
    <li v-for="f in fields" :key="f.slug">{{ f.long_name }}</li>
  </ul>
</template>

<script>
${script}
</script>
`;

describe('a component in the program', () => {
  it('reads what a module it imports fetches: its reads move with the request', async () => {
    const r = await migrate({
      'api.js': API,
      'FieldList.vue': fieldList(`import { fieldList } from './api.js';
export default {
  data() { return { fields: [] }; },
  async mounted() { this.fields = await fieldList(); },
};`),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['api.js']?.length).toBe(4);
    expect(r.findings).toEqual([
      'FieldList.vue:3 long_name',
      'api.js:1 /v1/election/field/',
      'api.js:2 /v1/election/data/state/',
    ]);
  });

  it('a component that shows no V1 name joins when a module it imports hands on V1 data, and so do its children', async () => {
    // Page.vue spells nothing of the API; Flag.vue reads only `value`, which alone says nothing.
    const r = await migrate({
      'api.js': API,
      'Page.vue': `<script setup>
import { ref, onMounted } from 'vue';
import { stateData } from './api.js';
import Flag from './Flag.vue';
const items = ref([]);
onMounted(async () => { items.value = (await stateData('WI')).state_information; });
</script>
<template><Flag v-for="i in items" :key="i.field_type" :item="i" /></template>
`,
      'Flag.vue': `<script setup>
const props = defineProps(['item']);
</script>
<template><b>{{ item.value ? 'yes' : 'no' }}</b></template>
`,
    });
    expect(r.changed['Flag.vue']).toEqual([
      "-<template><b>{{ item.value ? 'yes' : 'no' }}</b></template>",
      "+<template><b>{{ item.bool_value ? 'yes' : 'no' }}</b></template>",
    ]);
    expect(r.changed['Page.vue']).toBeUndefined();
    expect(r.findings).toEqual(['Flag.vue:4 value', 'api.js:1 /v1/election/field/', 'api.js:2 /v1/election/data/state/']);
  });
});

describe("a parent's template hands its children their props", () => {
  const parent = `<template>
  <div>
    <field-list :fields="fields" />
    <Card v-if="state" :record="state" />
  </div>
</template>

<script>
import Fields from './FieldList.vue';
import Card from './Card.vue';
import { fieldList, stateData } from './api.js';
export default {
  components: { 'field-list': Fields, Card },
  data() { return { fields: [], state: null }; },
  async mounted() {
    this.fields = await fieldList();
    this.state = await stateData('WI');
  },
};
</script>
`;
  const card = (script: string) => `<script setup>
${script}
</script>
<template><p v-if="sdr">{{ sdr.value ? 'yes' : 'no' }}</p></template>
`;

  it('to an Options API child (a kebab-case tag, registered under another name) and a script setup child', async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': parent,
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
      'Card.vue': card(`import { computed } from 'vue';
const props = defineProps({ record: Object });
const sdr = computed(() => props.record.state_information.find((i) => i.field_type === 'sdr_early_voting'));`),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['Card.vue']).toEqual([
      "-const sdr = computed(() => props.record.state_information.find((i) => i.field_type === 'sdr_early_voting'));",
      "+const sdr = computed(() => props.record.state_information.find((i) => i.field_type === 'has_sdr_early_voting'));",
      "-<template><p v-if=\"sdr\">{{ sdr.value ? 'yes' : 'no' }}</p></template>",
      "+<template><p v-if=\"sdr\">{{ sdr.bool_value ? 'yes' : 'no' }}</p></template>",
    ]);
    expect(r.markers).toEqual([]);
  });

  it('to a child whose options are wrapped (`defineComponent({…})`) and to a child that declares its props with `withDefaults`', async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': parent,
      'FieldList.vue': fieldList(
        "import { defineComponent } from 'vue';\nexport default defineComponent({ props: { fields: Array } });",
      ),
      'Card.vue': card(`import { computed } from 'vue';
const props = withDefaults(defineProps({ record: Object }), {});
const sdr = computed(() => props.record.state_information.find((i) => i.field_type === 'polls_open'));`),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['Card.vue']).toEqual(CARD_RENAMED);
  });

  it("a prop's declared type: renamed with the reads when it declares the API's item, else a marker in the template", async () => {
    const card = (type: string) => `<script setup lang="ts">
const props = defineProps<{ record: { state_information: ${type}[] } }>();
const sdr = props.record.state_information.find((i) => i.value);
</script>
<template><p v-if="sdr">{{ sdr.value ? 'yes' : 'no' }}</p></template>
`;
    const files = { 'api.js': API, 'App.vue': parent, 'FieldList.vue': fieldList("export default { props: ['fields'] };") };
    const declared = await migrate({ ...files, 'Card.vue': card('{ field_type: string; value: boolean }') });
    expect(declared.changed['Card.vue']).toEqual([
      '-const props = defineProps<{ record: { state_information: { field_type: string; value: boolean }[] } }>();',
      '-const sdr = props.record.state_information.find((i) => i.value);',
      '+const props = defineProps<{ record: { state_information: { field_type: string; bool_value: boolean }[] } }>();',
      '+const sdr = props.record.state_information.find((i) => i.bool_value);',
      "-<template><p v-if=\"sdr\">{{ sdr.value ? 'yes' : 'no' }}</p></template>",
      "+<template><p v-if=\"sdr\">{{ sdr.bool_value ? 'yes' : 'no' }}</p></template>",
    ]);
    // A flag component given one item, typed by the component alone.
    const flag = `<script setup lang="ts">
defineProps<{ item: { value: boolean } }>();
</script>
<template><b>{{ item.value ? 'yes' : 'no' }}</b></template>
`;
    const page = parent.replace(
      '<Card v-if="state" :record="state" />',
      '<Flag v-for="i in state.state_information" :item="i" />',
    );
    const other = await migrate({
      ...files,
      'App.vue': page.replace("import Card from './Card.vue';", "import Flag from './Flag.vue';").replace('Card }', 'Flag }'),
      'Flag.vue': flag,
    });
    expect(other.changed['Flag.vue']).toBeUndefined();
    expect(other.markers.filter((m) => m.startsWith('Flag.vue'))).toEqual(['Flag.vue:4 declared-other']);
  });

  it('in a program a tsconfig.json describes (the components join it, as vue-tsc reads them)', async () => {
    const r = await migrate({
      'tsconfig.json':
        '{ "compilerOptions": { "allowJs": true, "strict": true, "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true } }\n',
      'env.d.ts': "declare module '*.vue' { const component: any; export default component; }\n",
      'api.js': API,
      'App.vue': parent,
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
      'Card.vue': card(`const props = defineProps({ record: Object });
const sdr = props.record.state_information.find((i) => i.field_type === 'polls_open');`),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.changed['Card.vue']).toEqual(CARD_RENAMED);
  });

  it('components only, importing one another through a jsconfig.json path alias (`@/…`): the config makes the program', async () => {
    const r = await migrate({
      'jsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"] } } }\n',
      'App.vue': parent
        .replace("'./FieldList.vue'", "'@/FieldList.vue'")
        .replace("'./Card.vue'", "'@/Card.vue'")
        .replace("import { fieldList, stateData } from './api.js';", '')
        .replace('await fieldList()', "await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json())")
        .replace("await stateData('WI')", 'null'),
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
  });

  it('a component the parent does not register (a global one) is not linked: each side is decided alone, and the tag says so', async () => {
    const r = await migrate({
      'api.js': API,
      'App.vue': parent.replace("components: { 'field-list': Fields, Card },", ''),
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.changed['FieldList.vue']).toBeUndefined();
    // What they are handed is said where the parent binds it (Card is not registered either).
    expect(r.markers).toEqual(['App.vue:3 component-unseen', 'App.vue:4 component-unseen']);
  });
});

describe("a component's names are its own", () => {
  // Scripts that neither import nor export (Vue's functions auto-imported, as in Nuxt): each a
  // module, as the SFC compiler makes it, so one `const fields` is never another component's.
  const fetching = `<script setup>
const fields = ref([]);
onMounted(async () => { fields.value = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); });
const names = computed(() => fields.value.map((f) => f.long_name));
</script>
<template><p>{{ names.join(', ') }}</p></template>
`;
  const own = `<script setup>
const fields = ref(globalThis.DISTRICTS);
const names = computed(() => fields.value.map((f) => f.long_name));
</script>
<template><p>{{ names.join(', ') }}</p></template>
`;
  const FETCHING_RENAMED = [
    "-onMounted(async () => { fields.value = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); });",
    '-const names = computed(() => fields.value.map((f) => f.long_name));',
    "+onMounted(async () => { fields.value = await fetch('https://api.voteamerica.org/v2/election/field/').then((r) => r.json()); });",
    '+const names = computed(() => fields.value.map((f) => f.description));',
  ];

  it.each([
    ['without a config (inferred)', {}],
    ['in a jsconfig.json program', { 'jsconfig.json': '{ "compilerOptions": { "allowJs": true }, "include": ["*"] }\n' }],
  ])('%s: the same top-level name in two components is two values', async (_, config) => {
    for (const order of [
      { 'A.vue': fetching, 'B.vue': own },
      { 'A.vue': own, 'B.vue': fetching },
    ]) {
      const r = await migrateFolder({ ...config, ...order });
      const fetcher = order['A.vue'] === fetching ? 'A.vue' : 'B.vue';
      expect(r.changed).toEqual({ [fetcher]: FETCHING_RENAMED });
      expect(r.markers).toEqual([]);
    }
  });
});

describe('a composable returning refs', () => {
  // `useFields()` returns `{ fields }`, a ref its `onMounted` hook fills from the API: the component
  // that destructures it reads the ref's value in its script and, unwrapped, in its template.
  const COMPOSABLE = [
    "import { onMounted, ref } from 'vue';",
    'export function useFields() {',
    '  const fields = ref([]);',
    "  onMounted(async () => { fields.value = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); });",
    '  return { fields };',
    '}',
    '',
  ].join('\n');

  it('its data moves in the component that destructures it: the script and the template', async () => {
    const r = await migrateFolder({
      'useFields.js': COMPOSABLE,
      'List.vue': [
        '<script setup>',
        "import { computed } from 'vue';",
        "import { useFields } from './useFields.js';",
        'const { fields } = useFields();',
        "const first = computed(() => (fields.value[0] ? fields.value[0].long_name : ''));",
        '</script>',
        '<template><ul><li v-for="f in fields" :key="f.slug">{{ f.long_name }}</li></ul><p>{{ first }}</p></template>',
        '',
      ].join('\n'),
    });
    expect(r.changed['List.vue']).toEqual([
      "-const first = computed(() => (fields.value[0] ? fields.value[0].long_name : ''));",
      "+const first = computed(() => (fields.value[0] ? fields.value[0].description : ''));",
      '-<template><ul><li v-for="f in fields" :key="f.slug">{{ f.long_name }}</li></ul><p>{{ first }}</p></template>',
      '+<template><ul><li v-for="f in fields" :key="f.slug">{{ f.description }}</li></ul><p>{{ first }}</p></template>',
    ]);
    expect(r.markers).toEqual([]);
  });
});

describe('a child hands data back through events', () => {
  const picker = (script: string, template = '') => `<script setup>
${script}
</script>
<template><button v-for="(f, i) in fields" :key="f.slug" @click="pick(i)">{{ f.slug }}</button>${template}</template>
`;
  const page = (handlers: string) => `<template>
  <div>
    <Picker :fields="fields" ${handlers} />
    <p>{{ title }}</p>
  </div>
</template>
<script>
import Picker from './Picker.vue';
import { fieldList } from './api.js';
export default {
  components: { Picker },
  data() { return { fields: [], title: '' }; },
  async mounted() { this.fields = await fieldList(); },
  methods: { onPicked(field) { this.title = field.long_name; } },
};
</script>
`;

  it("`emit` from `defineEmits` reaches the parent's method handler and an inline arrow (a camelCase event, a kebab-case listener)", async () => {
    const r = await migrate({
      'api.js': API,
      'Page.vue': page('@picked="onPicked" @item-chosen="(f) => (title = f.long_name)"'),
      'Picker.vue': picker(`const props = defineProps(['fields']);
const emit = defineEmits(['picked', 'itemChosen']);
function pick(i) { emit('picked', props.fields[i]); emit('itemChosen', props.fields[i]); }`),
    });
    expect(r.changed['Page.vue']).toEqual([
      '-    <Picker :fields="fields" @picked="onPicked" @item-chosen="(f) => (title = f.long_name)" />',
      '+    <Picker :fields="fields" @picked="onPicked" @item-chosen="(f) => (title = f.description)" />',
      '-  methods: { onPicked(field) { this.title = field.long_name; } },',
      '+  methods: { onPicked(field) { this.title = field.description; } },',
    ]);
  });

  it("`$emit` in a child's template reaches an inline handler reading `$event`", async () => {
    const r = await migrate({
      'api.js': API,
      'Page.vue': page('@first="title = $event.long_name"'),
      'Picker.vue': picker("defineProps(['fields']);\nfunction pick() {}", '<a @click="$emit(\'first\', fields[0])">first</a>'),
    });
    expect(r.changed['Page.vue']).toEqual([
      '-    <Picker :fields="fields" @first="title = $event.long_name" />',
      '+    <Picker :fields="fields" @first="title = $event.description" />',
    ]);
  });
});

describe('a component the file does not register', () => {
  // main.js registers FieldList for every template: App.vue names it without importing it.
  const main = `import { createApp } from 'vue';
import App from './App.vue';
import FieldList from './FieldList.vue';
createApp(App).component('FieldList', FieldList).mount('#app');
`;
  const options = (template: string) => `<template>
  <div>
    ${template}
  </div>
</template>

<script>
import { fieldList, stateData } from './api.js';
export default {
  data() { return { fields: [], state: null }; },
  async mounted() {
    this.fields = await fieldList();
    this.state = await stateData('WI');
  },
};
</script>
`;
  const tag = '<FieldList v-if="fields.length" :fields="loaded ? fields : []" :count="fields.length" />';

  it("registered for every template by the app (`app.component('FieldList', …)`): its props are what the parent binds", async () => {
    const r = await migrate({
      'api.js': API,
      'main.js': main,
      'App.vue': options(tag),
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
  });

  it('registered by the app, in the program a tsconfig.json describes', async () => {
    const r = await migrate({
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, module: 'esnext', target: 'es2022' } }),
      'api.js': API,
      'main.js': main.replace(
        "createApp(App).component('FieldList', FieldList)",
        "const app = createApp(App);\napp.component('field-list', FieldList)",
      ),
      'App.vue': options('<field-list :fields="fields" />'),
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.changed['FieldList.vue']).toEqual(LIST_RENAMED);
    expect(r.markers).toEqual([]);
  });

  // Registered where this tool does not look (a plugin's install, an auto-import resolver, an alias
  // only the bundler knows): what it reads is not seen, and the request moves to V2 all the same:
  // the tag says so (it was silent).
  const unseen = main.replace("'./FieldList.vue'", "'@/FieldList.vue'");

  it('elsewhere: binding the API data it moves to a prop is said at the tag, in the codemod and in the report', async () => {
    const r = await migrate({
      'api.js': API,
      'main.js': unseen,
      'App.vue': options(tag),
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.markers).toEqual(['App.vue:3 component-unseen']);
    expect(r.changed['App.vue']).toBeUndefined();
    expect(r.changed['FieldList.vue']).toBeUndefined();
    expect(r.findings).toEqual(['App.vue:3 FieldList', 'api.js:1 /v1/election/field/', 'api.js:2 /v1/election/data/state/']);
  });

  it('elsewhere, in a script setup parent, kebab-case, through v-bind and v-model; once per tag', async () => {
    const r = await migrate({
      'api.js': API,
      'main.js': unseen,
      'App.vue': `<script setup>
import { ref, onMounted } from 'vue';
import * as api from './api.js';
const fields = ref([]);
const state = ref(null);
onMounted(async () => { fields.value = await api.fieldList(); state.value = await api.stateData('WI'); });
</script>
<template>
  <field-list :fields="fields" v-bind="{ fields }" />
  <state-card v-model="state" />
</template>
`,
      'FieldList.vue': fieldList("export default { props: ['fields'] };"),
    });
    expect(r.markers).toEqual(['App.vue:10 component-unseen', 'App.vue:9 component-unseen']);
  });

  it('elsewhere: binding anything else (a count, a string, data that stays V1) says nothing', async () => {
    const r = await migrate({
      'api.js': API,
      'main.js': unseen,
      'App.vue': options(`<FieldList title="Fields" :count="fields.length" :first="fields.length > 0" />
    <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>`),
    });
    expect(r.markers).toEqual([]);
    expect(r.changed['App.vue']).toEqual([
      '-    <p v-for="f in fields" :key="f.slug">{{ f.long_name }}</p>',
      '+    <p v-for="f in fields" :key="f.slug">{{ f.description }}</p>',
    ]);
  });
});

describe("Vue 2's v-model and .sync on a component (the app's package.json names vue 2.x)", () => {
  const picker = `<template>
  <select @change="pick($event.target.selectedIndex)">
    <option v-for="f in fields" :key="f.slug">{{ f.slug }}</option>
  </select>
</template>
<script>
export default {
  props: ['value', 'fields'],
  methods: {
    pick(i) {
      this.$emit('input', this.fields[i]);
      this.$emit('update:shown', this.fields[i]);
    },
  },
};
</script>
`;
  const page = `<template>
  <div>
    <field-picker v-model="selected" :shown.sync="shown" :fields="fields" />
    <p v-if="selected">{{ selected.long_name }}</p>
    <p v-if="shown">{{ shown.long_name }}</p>
  </div>
</template>
<script>
import FieldPicker from './FieldPicker.vue';
import { fieldList } from './api.js';
export default {
  components: { FieldPicker },
  data() { return { fields: [], selected: null, shown: null }; },
  async mounted() { this.fields = await fieldList(); },
};
</script>
`;
  const files = { 'api.js': API, 'Page.vue': page, 'FieldPicker.vue': picker };

  it('the parent reads what the child emits as `input` and `update:shown`', async () => {
    const r = await migrate({ ...files, 'package.json': JSON.stringify({ dependencies: { vue: '^2.7.14' } }) });
    expect(r.changed['Page.vue']).toEqual([
      '-    <p v-if="selected">{{ selected.long_name }}</p>',
      '-    <p v-if="shown">{{ shown.long_name }}</p>',
      '+    <p v-if="selected">{{ selected.description }}</p>',
      '+    <p v-if="shown">{{ shown.description }}</p>',
    ]);
    expect(r.markers).toEqual([]);
  });

  it("with Vue 3, neither event sets the parent's data (v-model listens to `update:modelValue`; `.sync` is gone)", async () => {
    const r = await migrate({ ...files, 'package.json': JSON.stringify({ dependencies: { vue: '^3.4.0' } }) });
    expect(r.changed['Page.vue']).toBeUndefined();
  });
});
