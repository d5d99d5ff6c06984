/** The app's global components (`app.component('FieldList', FieldList)`), found in the modules that make the app. */
import { describe, expect, it } from 'vitest';
import { globalComponents } from '../src/vue/registrations.js';

const found = (files: Record<string, string>) => Object.fromEntries(globalComponents(Object.keys(files), (path) => files[path]));

describe('globalComponents', () => {
  it("finds createApp(…)'s chain, a name holding the app, and Vue 2's Vue.component, by the name Vue matches tags with", () => {
    expect(
      found({
        '/app/src/main.js': `import { createApp } from 'vue';
import App from './App.vue';
import FieldList from './components/FieldList.vue';
import Row from '../shared/Row.vue';
createApp(App).use(router).component('FieldList', FieldList).component('field-row', Row).mount('#app');`,
        '/app/src/other.ts': `import { createApp as make } from '@vue/runtime-dom';
import Card from './Card.vue';
const app = make(App).use(store);
app.component('stateCard', Card);`,
        '/app/src/legacy.js': `import Vue from 'vue';
import Badge from './Badge.vue';
Vue.component('status-badge', Badge);`,
      }),
    ).toEqual({
      FieldList: '/app/src/components/FieldList.vue',
      FieldRow: '/app/shared/Row.vue',
      StateCard: '/app/src/Card.vue',
      StatusBadge: '/app/src/Badge.vue',
    });
  });

  it('leaves out what is not the app registering a .vue file it imports by a relative path', () => {
    expect(
      found({
        '/a.js': `import { createApp } from 'not-vue';
import X from './X.vue';
createApp(App).component('X', X);`,
        '/b.js': `import Y from './Y.vue';
registry.component('Y', Y);
const app = makeApp();
app.component('Y2', Y);`,
        '/c.js': `import { createApp } from 'vue';
import Z from '@/Z.vue';
import W from './W.js';
import { V } from './V.vue';
createApp(App).component('Z', Z).component('W', W).component('V', V).component(name, Z).component('Q');`,
      }),
    ).toEqual({});
  });

  it("reads Vue's other modules, each module as its kind (TS, TSX, JSX), past side-effect imports and files that cannot be read", () => {
    const files: Record<string, string | undefined> = {
      '/p/core.js': `import { createApp } from '@vue/runtime-core';
import A from './A.vue';
createApp(App).component('CoreA', A);`,
      '/p/compat.js': `import Vue from '@vue/compat';
import B from './B.vue';
Vue.component('compat-b', B);`,
      '/p/main.ts': `import './style.css';
import { createApp, type App as VueApp } from 'vue';
import C from './C.vue';
const app: VueApp = createApp(Root) as VueApp;
app.component('TypedC', C);`,
      '/p/main.tsx': `import { createApp } from 'vue';
import D from './D.vue';
const root = <Root msg={'a'} />;
createApp(Root).component('TsxD', D);`,
      '/p/main.jsx': `import { createApp } from 'vue';
import E from './E.vue';
const root = <Root msg="a" />;
createApp(Root).component('JsxE', E);`,
      '/p/main.mts': `import { createApp } from 'vue';
import F from './F.vue';
const n = <number>1;
createApp(Root).component('MtsF', F);`,
      '/p/gone.js': undefined,
    };
    expect(Object.fromEntries(globalComponents(Object.keys(files), (path) => files[path]))).toEqual({
      CoreA: '/p/A.vue',
      CompatB: '/p/B.vue',
      TypedC: '/p/C.vue',
      TsxD: '/p/D.vue',
      JsxE: '/p/E.vue',
      MtsF: '/p/F.vue',
    });
  });

  it("leaves out the app's other calls of two arguments, a component declared in the module, and a file that is not a .vue one", () => {
    expect(
      found({
        '/q.js': `import { createApp } from 'vue';
import G from './G.vue';
import H from './H.vue.js';
const Local = { template: '<p/>' };
createApp(App).provide('ProvidedG', G).directive('DirG', G).component('LocalC', Local).component('HJs', H);`,
        '/r.js': `import { h } from 'vue';
import K from './K.vue';
h(App).component('NotAppK', K);`,
      }),
    ).toEqual({});
  });

  it('leaves out a name two modules register with different files, keeps one registered twice with the same', () => {
    const make = (name: string, file: string) => `import { createApp } from 'vue';
import C from '${file}';
createApp(App).component('${name}', C);`;
    expect(
      found({
        '/x/main.js': make('Shared', './A.vue'),
        '/x/admin.js': make('Shared', './B.vue'),
        '/x/one.js': make('Same', './Same.vue'),
        '/x/two.js': make('same', './Same.vue'),
      }),
    ).toEqual({ Same: '/x/Same.vue' });
  });
});
