/**
 * A Vue app whose template is the page's own markup (Vue from a script tag: `new Vue({ el:
 * '#app', data })`, `Vue.createApp({ … }).mount('#app')`): the template that reads what the app holds
 * is in an HTML page, which this tool does not read, so API data the migration moves into the app
 * gets a marker at it (`template-in-page`). Before, the request moved to V2 and the page's
 * `{{ field.long_name }}` stayed, with nothing said in the code. An app with its template in its
 * options, or a component (its template read), gets none.
 */
import { describe, expect, it } from 'vitest';
import { migrateFolder } from './helpers/program.js';

const LOAD =
  "fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then((fields) => { this.fields = fields; });";
const marker = (app: string) =>
  `+// civic-migrate: V1 field lists are held by this Vue app (\`${app}\`), whose template is the page's own markup, which this tool does not read: after the migration they are V2 field lists, so rename the names the page's template reads (\`civic-migrate explain NAME\` says how)`;

describe("a Vue app whose template is the page's markup", () => {
  it('`new Vue({ el })` and `createApp(…).mount(…)` get a marker where the app is made; the request moves', async () => {
    const r = await migrateFolder({
      'app.js': `new Vue({\n  el: '#app',\n  data: { fields: [] },\n  created() { ${LOAD} },\n});\n`,
      'app3.js': `Vue.createApp({\n  data() { return { fields: [] }; },\n  mounted() { ${LOAD} },\n}).mount('#app');\n`,
    });
    expect(r.changed['app.js']).toEqual([
      marker('new Vue({ … })'),
      `-  created() { ${LOAD} },`,
      `+  created() { ${LOAD.replace('/v1/', '/v2/')} },`,
    ]);
    expect(r.changed['app3.js']?.[0]).toEqual(marker('Vue.createApp({ … })'));
    expect(r.markers).toEqual(['app.js:1 template-in-page', 'app3.js:1 template-in-page']);
  });

  it('none with the template in the options, without `el` or `mount`, or in a component', async () => {
    const r = await migrateFolder({
      'app.js': [
        `new Vue({ el: '#a', template: '<p>{{ fields.length }}</p>', data: { fields: [] }, created() { ${LOAD} } });`,
        `export const later = new Vue({ data: { fields: [] }, created() { ${LOAD} } });`,
        '',
      ].join('\n'),
      'List.vue': `<template><p>{{ fields.length }}</p></template>\n<script>\nexport default { data() { return { fields: [] }; }, created() { ${LOAD} } };\n</script>\n`,
    });
    expect(r.markers).toEqual([]);
  });
});
