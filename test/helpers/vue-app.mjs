// Preloaded into an app under test that has Vue single-file components (`node --import`): `.vue`
// files are compiled as Vite's plugin compiles them (@vue/compiler-sfc), and `vue` is a runtime
// that renders into memory (`vue-node.mjs`), so the app's own `createApp(App).mount('#app')` runs
// with its lifecycle hooks, props and reactivity, and prints what it shows once its requests settle.
import { register } from 'node:module';

register('./vue-hooks.mjs', import.meta.url);
