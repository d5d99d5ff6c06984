import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type VueVirtual, vueVirtual } from '../src/vue/virtual.js';

/** The virtual script of a component the test expects to get one. */
function virtualOf(vue: string): VueVirtual {
  const v = vueVirtual(vue);
  if (!v) throw new Error('no virtual script');
  return v;
}

/** TypeScript's syntax errors in the virtual code, parsed in its language. */
function syntaxErrors(v: VueVirtual): string[] {
  const kinds = { ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX, js: ts.ScriptKind.JS, jsx: ts.ScriptKind.JSX };
  const sf = ts.createSourceFile(`virtual.${v.lang}`, v.code, ts.ScriptTarget.Latest, false, kinds[v.lang]);
  const { parseDiagnostics } = sf as unknown as { parseDiagnostics: readonly ts.Diagnostic[] };
  return parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

/** Asserts that the `nth` occurrence of `snippet` in the template is in the virtual code, mapped 1:1 both ways. */
function expectMapped(v: VueVirtual, vue: string, snippet: string, nth = 0): void {
  let at = vue.indexOf('<template');
  for (let i = 0; i <= nth; i++) at = vue.indexOf(snippet, at + 1);
  expect(at, snippet).toBeGreaterThan(0);
  const start = v.toVirtual(at);
  if (start === undefined) throw new Error(`${snippet}: not in the virtual code`);
  expect(v.code.slice(start, start + snippet.length)).toBe(snippet);
  const source = v.toSource(start, start + snippet.length);
  expect(source).toEqual({ start: at, end: at + snippet.length });
  expect(vue.slice(source!.start, source!.end)).toBe(snippet);
}

/** Every character the virtual code maps is the file's character there, and the template segments are copies. */
function expectConsistent(v: VueVirtual, vue: string): void {
  const wrong: number[] = [];
  for (let i = 0; i < v.code.length; i++) {
    const m = v.toSource(i, i + 1);
    if (m && vue[m.start] !== v.code[i]) wrong.push(i);
  }
  expect(wrong).toEqual([]);
  for (const s of v.templateSegments) {
    expect(v.code.slice(s.virtualStart, s.virtualStart + s.length)).toBe(vue.slice(s.sourceStart, s.sourceStart + s.length));
  }
  expect(syntaxErrors(v)).toEqual([]);
}

/** The virtual span of the first occurrence of `text` in the virtual code. */
function span(v: VueVirtual, text: string): [number, number] {
  const at = v.code.indexOf(text);
  expect(at, text).toBeGreaterThanOrEqual(0);
  return [at, at + text.length];
}

describe('vueVirtual: script setup', () => {
  const vue = `<script setup lang="ts">
const fields = defineFields();
</script>

<template>
  <p v-for="field in fields" :key="field.slug">{{ field.long_name }}</p>
</template>
`;

  it('puts the template in a function after the script, the loop variable in scope', () => {
    const v = virtualOf(vue);
    expect(v.lang).toBe('ts');
    expect(v.code).toBe(
      [
        '',
        'const fields = defineFields();',
        '',
        'function __template() {',
        '  for (const field of fields) {',
        '    field.slug;',
        '    field.long_name;',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of ['field', 'fields', 'field.slug', 'field.long_name']) expectMapped(v, vue, e);
  });

  it('maps the script 1:1 and nothing that is generated', () => {
    const v = virtualOf(vue);
    const script = vue.indexOf('const fields');
    expect(v.toVirtual(script)).toBe(1);
    expect(v.toSource(...span(v, 'const fields = defineFields();'))).toEqual({ start: script, end: script + 30 });
    expect(v.toSource(...span(v, 'for (const '))).toBeUndefined();
    expect(v.toSource(...span(v, 'function __template'))).toBeUndefined();
    // A span reaching into generated text on either side.
    const [start, end] = span(v, 'field.long_name');
    expect(v.toSource(start, end + 1)).toBeUndefined();
    expect(v.toSource(start - 1, end)).toBeUndefined();
    expect(v.toSource(0, v.code.length)).toBeUndefined();
    // The script is not a template segment; the four template pieces are.
    expect(v.templateSegments.map((s) => v.code.slice(s.virtualStart, s.virtualStart + s.length))).toEqual([
      'field',
      'fields',
      'field.slug',
      'field.long_name',
    ]);
  });
});

describe('vueVirtual: Options API', () => {
  const vue = `<template>
  <ul :class="{ active }">
    <li v-for="field in fields" :key="field.slug" @click="select(field)">{{ field.long_name }}: {{ label(field.value) }}</li>
  </ul>
  <p v-if="Math.max(count, 1) > 1">{{ title }}</p>
</template>

<script>
export default {
  props: ['title'],
  data() {
    return { fields: [], active: false, count: 0 };
  },
  computed: {
    label() { return (v) => (v ? 'yes' : 'no'); },
  },
  methods: {
    select(field) { this.$emit('select', field.slug); },
  },
};
</script>
`;

  it('makes the template a method of the options object and reads members through this', () => {
    const v = virtualOf(vue);
    expect(v.lang).toBe('js');
    expect(v.code).toBe(
      [
        '',
        'export default {',
        '__props(p) { this.title = p.title; },',
        '__template() {',
        '  ({ active: this.active });',
        '  for (const field of this.fields) {',
        '    field.slug;',
        '    ($event) => {',
        '      this.select(field);',
        '    };',
        '    field.long_name;',
        '    this.label(field.value);',
        '  }',
        '  Math.max(this.count, 1) > 1;',
        '  this.title;',
        '},',
        "  props: ['title'],",
        '  data() {',
        '    return { fields: [], active: false, count: 0 };',
        '  },',
        '  computed: {',
        "    label() { return (v) => (v ? 'yes' : 'no'); },",
        '  },',
        '  methods: {',
        "    select(field) { this.$emit('select', field.slug); },",
        '  },',
        '};',
        '',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of ['active', 'fields', 'field.slug', 'select(field)', 'field.long_name', 'label(field.value)', 'title'])
      expectMapped(v, vue, e);
  });

  it('keeps the inserted this. and the inserted method out of the map', () => {
    const v = virtualOf(vue);
    const [start] = span(v, 'this.fields');
    expect(v.toSource(start, start + 5)).toBeUndefined();
    expect(v.toSource(start + 5, start + 11)).toEqual({ start: vue.indexOf('fields"'), end: vue.indexOf('fields"') + 6 });
    expect(v.toSource(...span(v, 'this.label(field.value)'))).toBeUndefined();
    // `{ active }` reads the member under the same key: the key is generated, the read is mapped.
    const [key] = span(v, 'active: this.');
    expect(v.toSource(key, key + 6)).toBeUndefined();
    // The script is mapped on both sides of the inserted method, not across it.
    const brace = vue.indexOf('export default {') + 'export default {'.length;
    expect(v.toSource(...span(v, 'export default {'))).toEqual({ start: brace - 16, end: brace });
    expect(v.toSource(...span(v, "\n  props: ['title'],"))).toEqual({ start: brace, end: brace + 20 });
    expect(
      v.toSource(...span(v, '{\n__props(p) { this.title = p.title; },\n__template() {\n  ({ active: this.active });\n')),
    ).toBeUndefined();
  });

  it('finds the options inside defineComponent(…)', () => {
    const wrapped = `<script lang="ts">
import { defineComponent } from 'vue';
export default defineComponent({ data: () => ({ rows: [] }) });
</script>
<template><p v-for="row in rows">{{ row.long_name }}</p></template>`;
    const v = virtualOf(wrapped);
    expect(v.code).toBe(
      [
        '',
        "import { defineComponent } from 'vue';",
        'export default defineComponent({',
        '__template() {',
        '  for (const row of this.rows) {',
        '    row.long_name;',
        '  }',
        '}, data: () => ({ rows: [] }) });',
        '',
        '',
      ].join('\n'),
    );
    expectConsistent(v, wrapped);
    expectMapped(v, wrapped, 'row.long_name');
  });
});

describe('vueVirtual: v-for', () => {
  const vue = `<template>
  <section v-for="(group, gi) in groups" :key="gi">
    <div v-for="({ long_name, value }, index) of group.items" :key="index">{{ long_name }} {{ value }} {{ gi }}</div>
    <dl v-for="(v, k, i) in group.meta"><dt>{{ k }}</dt><dd>{{ v.value }} {{ i }}</dd></dl>
    <span v-for="n in 3" v-if="show">{{ n }}</span>
  </section>
</template>
<script setup>
const groups = load();
</script>
`;

  it('nests loops, keeps index and key as locals and iterates an object’s values', () => {
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        'const groups = load();',
        '',
        'function __template() {',
        '  for (const group of groups) {',
        '    let gi;',
        '    gi;',
        '    for (const { long_name, value } of group.items) {',
        '      let index;',
        '      index;',
        '      long_name;',
        '      value;',
        '      gi;',
        '    }',
        '    for (const v of Object.values(group.meta)) {',
        '      let k, i;',
        '      k;',
        '      v.value;',
        '      i;',
        '    }',
        // v-if is read before v-for on the same element (Vue 3).
        '    show;',
        '    for (const n of 3) {',
        '      n;',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of ['group', 'gi', 'groups', '{ long_name, value }', 'group.items', 'group.meta', 'v.value', '3', 'show'])
      expectMapped(v, vue, e);
  });

  it('prefixes only the names the loops do not declare (Options API)', () => {
    const options = `<template>
  <div v-for="(item, index) in items" :key="item.id">
    <span v-for="({ slug }) of item.tags" :title="label(slug, index)">{{ slug }}</span>
  </div>
</template>
<script>
export default { data: () => ({ items: [] }) };
</script>`;
    const v = virtualOf(options);
    expect(v.code).toBe(
      [
        '',
        'export default {',
        '__template() {',
        '  for (const item of this.items) {',
        '    let index;',
        '    item.id;',
        '    for (const { slug } of item.tags) {',
        '      this.label(slug, index);',
        '      slug;',
        '    }',
        '  }',
        '}, data: () => ({ items: [] }) };',
        '',
        '',
      ].join('\n'),
    );
    expectConsistent(v, options);
  });

  it('leaves a default out of the loop header', () => {
    const defaults = '<template><p v-for="(item = fallback, i) in list">{{ item }}</p></template>';
    const v = virtualOf(defaults);
    expect(v.code).toBe('function __template() {\n  for (const item of list) {\n    let i;\n    item;\n  }\n}\n');
    expectConsistent(v, defaults);
  });
});

describe('vueVirtual: slots', () => {
  const vue = `<template>
  <DataTable :rows="rows">
    <template #default="{ row }">{{ row.long_name }}</template>
    <template #[slotName]="props">{{ props.value }}</template>
  </DataTable>
  <List v-slot="{ item }" :title="item">{{ item.value }}</List>
  <old-list><span slot-scope="{ entry }">{{ entry.long_name }}</span></old-list>
</template>
<script setup lang="ts">
const rows = useRows();
const slotName = 'extra';
</script>
`;

  it('makes slot props the parameters of a function around the slot content', () => {
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        'const rows = useRows();',
        "const slotName = 'extra';",
        '',
        'function __template() {',
        // Components the file does not register: their bound props in one call naming the tag.
        '  __vueUnseen("DataTable", { rows: (rows), });',
        '  ({ row }) => {',
        '    row.long_name;',
        '  };',
        // The dynamic slot name is read outside the slot.
        '  slotName;',
        '  (props) => {',
        '    props.value;',
        '  };',
        // A component's own props are outside its slot: this `item` is not the slot's.
        '  __vueUnseen("List", { title: (item), });',
        '  ({ item }) => {',
        '    item.value;',
        '  };',
        '  ({ entry }) => {',
        '    entry.long_name;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of [
      '{ row }',
      'row.long_name',
      'slotName',
      'props',
      'props.value',
      '{ item }',
      'item.value',
      '{ entry }',
      'entry.long_name',
    ])
      expectMapped(v, vue, e);
  });

  it('does not take slot props for component members (Options API)', () => {
    const options = `<template><List v-slot="{ item }">{{ item.long_name }} {{ suffix }}</List></template>
<script>
export default { props: { suffix: String } };
</script>`;
    const v = virtualOf(options);
    expect(v.code).toBe(
      [
        '',
        'export default {',
        '__props(p) { this.suffix = p.suffix; },',
        '__template() {',
        '  ({ item }) => {',
        '    item.long_name;',
        '    this.suffix;',
        '  };',
        '}, props: { suffix: String } };',
        '',
        '',
      ].join('\n'),
    );
    expectConsistent(v, options);
  });
});

describe('vueVirtual: handlers', () => {
  const vue = `<template>
  <button @click="count++; save(item) // saves">+</button>
  <input @input="query = $event.target.value" @keyup.enter="submit" @blur="() => touched = true" v-model="query" />
  <p v-html="html" v-text="text" v-show="visible" :[attr]="val"></p>
</template>
<script setup>
let count = 0;
</script>
`;

  it('emits inline statements in a function of $event, method names and functions as they are', () => {
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        'let count = 0;',
        '',
        'function __template() {',
        '  ($event) => {',
        '    count++; save(item) // saves',
        '  };',
        '  ($event) => {',
        '    query = $event.target.value;',
        '  };',
        '  submit;',
        '  () => touched = true;',
        '  query;',
        '  html;',
        '  text;',
        '  visible;',
        '  attr;',
        '  val;',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of [
      'count++; save(item) // saves',
      'query = $event.target.value',
      'submit',
      '() => touched = true',
      'attr',
      'val',
    ])
      expectMapped(v, vue, e);
  });

  it('keeps $event and the statements’ own declarations local (Options API)', () => {
    const options = `<template><input @input="const v = $event.target.value; value = v; log(v)" /></template>
<script>
export default { data: () => ({ value: '' }) };
</script>`;
    const v = virtualOf(options);
    expect(v.code).toContain('  ($event) => {\n    const v = $event.target.value; this.value = v; this.log(v)\n  };\n');
    expectConsistent(v, options);
  });

  it('gives decoded entities as generated text', () => {
    const entities = '<template><p v-if="a &amp;&amp; b">{{ x }}</p></template>';
    const v = virtualOf(entities);
    expect(v.code).toBe('function __template() {\n  a && b;\n  x;\n}\n');
    expect(v.toSource(...span(v, 'a && b'))).toBeUndefined();
    expect(v.templateSegments).toEqual([
      { virtualStart: v.code.indexOf('x;'), sourceStart: entities.indexOf('x }}'), length: 1 },
    ]);
    expectConsistent(v, entities);
  });
});

describe('vueVirtual: blocks', () => {
  it('handles a component without script', () => {
    const vue = '<template>\n  <p :title="{ a: 1 }.a">{{ field.long_name }}</p>\n</template>\n';
    const v = virtualOf(vue);
    expect(v.lang).toBe('js');
    expect(v.code).toBe('function __template() {\n  ({ a: 1 }.a);\n  field.long_name;\n}\n');
    expectConsistent(v, vue);
    expectMapped(v, vue, '{ a: 1 }.a');
    expectMapped(v, vue, 'field.long_name');
  });

  it('copies both script blocks in file order and scopes the template as script setup', () => {
    const vue = `<script lang="ts">
export default { inheritAttrs: false };
</script>
<script setup lang="ts">
const fields = useFields();
</script>
<template><p>{{ fields[0].long_name }}</p></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        'export default { inheritAttrs: false };',
        '',
        '',
        'const fields = useFields();',
        '',
        'function __template() {',
        '  fields[0].long_name;',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    expectMapped(v, vue, 'fields[0].long_name');
    const setup = vue.indexOf('const fields');
    expect(v.toSource(...span(v, 'const fields = useFields();'))).toEqual({ start: setup, end: setup + 27 });
  });

  it('ignores a commented-out script and a src= script', () => {
    const vue = `<!-- <script>export default { data() { return { old: 1 } } }</script> -->
<script src="./other.js"></script>
<script setup>
const item = get();
</script>
<template><p v-if="item.value">{{ item.long_name }}</p></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe('\nconst item = get();\n\nfunction __template() {\n  item.value;\n  item.long_name;\n}\n');
    expectConsistent(v, vue);
  });

  it('keeps CRLF line endings and their offsets', () => {
    const vue =
      '<script setup lang="ts">\r\nconst list = load();\r\n</script>\r\n<template>\r\n  <p\r\n    v-for="x in list"\r\n  >{{\r\n x.long_name }}</p>\r\n</template>\r\n';
    const v = virtualOf(vue);
    expect(v.code).toBe(
      '\r\nconst list = load();\r\n\nfunction __template() {\n  for (const x of list) {\n    x.long_name;\n  }\n}\n',
    );
    expectConsistent(v, vue);
    expectMapped(v, vue, 'x.long_name');
    expect(v.toVirtual(vue.indexOf('const list'))).toBe(2);
  });

  it('gives only the script for a template in another language', () => {
    const vue = '<template lang="pug">\np {{ item.long_name }}\n</template>\n<script setup>\nconst item = get();\n</script>\n';
    const v = virtualOf(vue);
    expect(v.code).toBe('\nconst item = get();\n\n');
    expect(v.templateSegments).toEqual([]);
  });

  it('gives nothing without script and template, or for what the compiler cannot parse', () => {
    expect(vueVirtual('<style>\np { color: red; }\n</style>\n')).toBeUndefined();
    expect(vueVirtual('')).toBeUndefined();
    const script = '<script setup>\nconst a = 1;\n</script>\n';
    expect(vueVirtual(`${script}<template><p>{{ a + }}</p></template>`)).toBeUndefined();
    expect(vueVirtual(`${script}<template><p></template>`)).toBeUndefined();
    expect(vueVirtual(`${script}<template><p v-for="bad">{{ a }}</p></template>`)).toBeUndefined();
    expect(vueVirtual(`${script}<template><p @click="a; b +"></p></template>`)).toBeUndefined();
    expect(vueVirtual(`${script}<template><p slot-scope="{ a">{{ a }}</p></template>`)).toBeUndefined();
    expect(vueVirtual(`${script}<template><p :x="a // note"></p></template>`)).toBeUndefined();
  });

  it('reads nothing under v-pre', () => {
    const vue = '<template><div v-pre>{{ raw }} <p :x="y"></p></div><p>{{ cooked }}</p></template>';
    expect(virtualOf(vue).code).toBe('function __template() {\n  cooked;\n}\n');
  });
});

describe('vueVirtual: components in a program (props in, events out)', () => {
  it("makes a registered child's element a call handing its bound props, its events' handlers listeners", () => {
    const vue = `<template>
  <div>
    <field-row v-for="f in fields" :key="f.slug" :the-field="f" v-bind="extra" title="static" :[dyn]="x" @pick="onPick" @item-shown="shown = $event" />
    <Unknown :fields="fields" @pick="onPick" />
  </div>
</template>
<script>
import Row from './Row.vue';
export default { components: { 'field-row': Row }, props: ['fields', 'extra'], setup(props) { return {}; } };
</script>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        "import Row from './Row.vue';",
        'export default {',
        '__props(p) { this.fields = p.fields; this.extra = p.extra; this.setup(p); },',
        '__template() {',
        '  for (const f of this.fields) {',
        '    this.dyn;',
        '    this.x;',
        '    Row.on("pick", (this.onPick));',
        '    Row.on("itemShown", ($event) => {',
        '      this.shown = $event;',
        '    });',
        '    Row.__props({ key: (f.slug), theField: (f), ...(this.extra), });',
        '  }',
        '  this.onPick;',
        '  __vueUnseen("Unknown", { fields: (this.fields), });',
        "}, components: { 'field-row': Row }, props: ['fields', 'extra'], setup(props) { return {}; } };",
        '',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of ['f.slug', 'extra', 'onPick', 'shown = $event', 'Unknown']) expectMapped(v, vue, e);
  });

  it("Vue 2: a component's `v-model` is the prop `value` and the event `input`, `.sync` a prop and `update:` its event; Vue 3: neither", () => {
    const vue = `<script setup>
import Picker from './Picker.vue';
</script>
<template><Picker v-model="picked" :title.sync="title" v-model:other="other" /></template>`;
    const template = (v: VueVirtual | undefined) => v?.code.slice(v.code.indexOf('function __template'));
    expect(template(vueVirtual(vue, { version: 2 }))).toBe(
      [
        'function __template() {',
        '  Picker.__props({ value: (picked), title: (title), other: (other), });',
        '  Picker.on("input", ($event) => {',
        '    picked = $event;',
        '  });',
        '  Picker.on("update:title", ($event) => {',
        '    title = $event;',
        '  });',
        '  Picker.on("update:other", ($event) => {',
        '    other = $event;',
        '  });',
        '}',
        '',
      ].join('\n'),
    );
    expect(template(vueVirtual(vue))).toBe(
      [
        'function __template() {',
        '  Picker.__props({ modelValue: (picked), title: (title), other: (other), });',
        '  Picker.on("update:modelValue", ($event) => {',
        '    picked = $event;',
        '  });',
        '  Picker.on("update:other", ($event) => {',
        '    other = $event;',
        '  });',
        '}',
        '',
      ].join('\n'),
    );
  });

  it("binds the props of a component the file does not register in one call naming its tag as spelled; Vue's built-ins read nothing of the app's", () => {
    const vue = `<script setup>
import { ref } from 'vue';
const fields = ref([]);
</script>
<template>
  <field-list :fields="fields" v-model:picked="picked" v-bind="extra" @pick="onPick" />
  <component :is="kind" :fields="fields" />
  <Transition :name="fields"><KeepAlive :include="fields"><p /></KeepAlive></Transition>
  <Teleport :to="fields" />
  <AnyThing title="static" />
</template>`;
    const v = virtualOf(vue);
    expect(v.code.slice(v.code.indexOf('function __template'))).toBe(
      [
        'function __template() {',
        '  picked;',
        '  onPick;',
        '  __vueUnseen("field-list", { fields: (fields.value), picked: (picked), ...(extra), });',
        '  __vueUnseen("component", { is: (kind), fields: (fields.value), });',
        '  fields.value;',
        '  fields.value;',
        '  fields.value;',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    for (const e of ['field-list', 'component']) expectMapped(v, vue, e);
  });

  it('gives a script setup child a `defineProps` that returns what its parents hand, typed as declared, and a default export taking it', () => {
    const vue = `<script setup lang="ts">
import Row from './Row.vue';
defineProps<{ fields: Field[] }>();
</script>
<template><Row v-for="f in fields" :field="f" /></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        "import Row from './Row.vue';",
        'const __vueDefined = defineProps<{ fields: Field[] }>();',
        '',
        'let __vueProps: any;',
        'function defineProps<T = any>(..._: any[]): T { return __vueProps; }',
        'function withDefaults<T>(props: T, ..._: any[]): T { return props; }',
        'export default { __props(p: any) { __vueProps = p; }, };',
        'function __template() {',
        '  const { fields } = __vueDefined;',
        '  for (const f of fields) {',
        '    Row.__props({ field: (f), });',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    expect(v.toSource(...span(v, 'defineProps<{ fields: Field[] }>();'))).toEqual({
      start: vue.indexOf('defineProps<'),
      end: vue.indexOf('defineProps<') + 'defineProps<{ fields: Field[] }>();'.length,
    });
  });

  it("puts the receiver into a plain script's options beside script setup, and generates no default export then", () => {
    const vue = `<script>export default { name: 'X' }</script>
<script setup>
const props = defineProps(['fields']);
</script>
<template><p v-for="f in fields">{{ f.long_name }}</p></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        'export default {',
        "__props(p) { __vueProps = p; }, name: 'X' }",
        '',
        "const props = defineProps(['fields']);",
        '',
        'let __vueProps;',
        'function defineProps() { return __vueProps; }',
        'function withDefaults(props) { return props; }',
        'function __template() {',
        '  const { fields } = props;',
        '  for (const f of fields) {',
        '    f.long_name;',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
  });

  it("makes a child's `v-model` a prop and a listener of its `update:` event setting the bound value (a ref's `.value`)", () => {
    const vue = `<script setup>
import { ref } from 'vue';
import Picker from './Picker.vue';
const chosen = ref(null);
</script>
<template><Picker v-model="chosen" v-model:the-title="form.title" :fields="fields" /><input v-model="chosen" /></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        "import { ref } from 'vue';",
        "import Picker from './Picker.vue';",
        'const chosen = ref(null);',
        '',
        'function __template() {',
        '  Picker.__props({ modelValue: (chosen.value), theTitle: (form.title), fields: (fields), });',
        '  Picker.on("update:modelValue", ($event) => {',
        '    chosen.value = $event;',
        '  });',
        '  Picker.on("update:theTitle", ($event) => {',
        '    form.title = $event;',
        '  });',
        '  chosen.value;',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
    expectMapped(v, vue, 'form.title');
  });

  it("reads a script setup's `inject(…)` results through Vue's `unref` in the template (a ref or not)", () => {
    const vue = `<script setup>
import { inject } from 'vue';
const fields = inject('fields');
</script>
<template><p v-for="f in fields">{{ f.long_name }} {{ { fields } }}</p></template>`;
    const v = virtualOf(vue);
    expect(v.code).toBe(
      [
        '',
        "import { inject } from 'vue';",
        "const fields = inject('fields');",
        '',
        "import { unref as __vueUnref } from 'vue';",
        'function __template() {',
        '  for (const f of __vueUnref(fields)) {',
        '    f.long_name;',
        '    ({ fields: __vueUnref(fields) });',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expectConsistent(v, vue);
  });

  it('generates nothing for a component without props and for a script setup that declares none', () => {
    const options = '<script>\nexport default { data() { return { a: 1 }; } };\n</script>\n<template><p>{{ a }}</p></template>';
    expect(virtualOf(options).code).not.toContain('__props');
    const setup = '<script setup>\nconst a = 1;\n</script>\n<template><p>{{ a }}</p></template>';
    expect(virtualOf(setup).code).toBe('\nconst a = 1;\n\nfunction __template() {\n  a;\n}\n');
  });
});
