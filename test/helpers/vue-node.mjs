// Vue's runtime rendering into memory, for an app under test (see `vue-app.mjs`): `createApp(App)
// .mount(selector)` mounts into a root of plain objects, then, once the app's requests and the
// updates they cause have settled, prints the text it shows (one JSON array of lines) and exits.
import { createRenderer, nextTick } from '@vue/runtime-core';

export * from '@vue/runtime-core';

const element = (tag) => ({ tag, children: [], parent: null, text: '' });
const nodeOps = {
  createElement: element,
  createText: (text) => ({ tag: '#text', children: [], parent: null, text }),
  createComment: (text) => ({ tag: '#comment', children: [], parent: null, text }),
  setText: (node, text) => {
    node.text = text;
  },
  setElementText: (node, text) => {
    for (const c of node.children) c.parent = null;
    node.children = text ? [{ tag: '#text', children: [], parent: node, text }] : [];
  },
  insert: (child, parent, anchor) => {
    if (child.parent) nodeOps.remove(child);
    const at = anchor ? parent.children.indexOf(anchor) : -1;
    if (at < 0) parent.children.push(child);
    else parent.children.splice(at, 0, child);
    child.parent = parent;
  },
  remove: (child) => {
    const p = child.parent;
    if (p) p.children.splice(p.children.indexOf(child), 1);
    child.parent = null;
  },
  parentNode: (node) => node.parent,
  nextSibling: (node) => {
    const s = node.parent?.children;
    return s ? (s[s.indexOf(node) + 1] ?? null) : null;
  },
  patchProp: () => {},
};

/** The text of each element that holds text, in document order. */
function lines(node, out = []) {
  const own = node.children
    .filter((c) => c.tag === '#text')
    .map((c) => c.text)
    .join('')
    .trim();
  if (own) out.push(own);
  for (const c of node.children) if (c.tag !== '#text' && c.tag !== '#comment') lines(c, out);
  return out;
}

// Requests in flight: the app has settled when none is and none starts over a few turns.
let pending = 0;
const fetch = globalThis.fetch;
globalThis.fetch = (...args) => {
  pending++;
  return fetch(...args).finally(() => pending--);
};

async function settled() {
  for (let quiet = 0; quiet < 5; ) {
    await new Promise((r) => setTimeout(r, 10));
    await nextTick();
    quiet = pending === 0 ? quiet + 1 : 0;
  }
}

const renderer = createRenderer(nodeOps);

export function createApp(...args) {
  const app = renderer.createApp(...args);
  app.config.errorHandler = (error) => {
    console.error(error);
    process.exit(1);
  };
  app.mount = ((mount) => (selector) => {
    const root = element(String(selector));
    const vm = mount(root);
    settled().then(() => {
      process.stdout.write(`${JSON.stringify(lines(root))}\n`);
      process.exit(0);
    });
    return vm;
  })(app.mount.bind(app));
  return app;
}
