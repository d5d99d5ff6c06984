import { dirname, relative, sep } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { vueVersionAt } from '../../vue/version.js';
import { type VueVirtual, vueVirtual } from '../../vue/virtual.js';
import { registerComponent } from '../transform.js';

/**
 * The Vue components a program holds, as virtual scripts: a component's name in the program, and
 * back. So imports resolve between components and modules (`./FieldList.vue` is
 * `FieldList.vue.js`), and what the program decides of a virtual script is said of the component.
 */
export class Components {
  private readonly byPath = new Map<string, { readonly name: string; readonly text: string; readonly virtual: VueVirtual }>();
  private readonly byName = new Map<string, string>();
  private globals: ReadonlyMap<string, string> | undefined;
  private readonly versions = new Map<string, 2 | 3>();

  /**
   * `findGlobals`: the app's global components (`app.component('FieldList', …)`), by name, their
   * absolute paths; asked once, when a component first names one it does not register.
   */
  constructor(private readonly findGlobals?: () => ReadonlyMap<string, string>) {}

  /** Takes a component (its absolute path, its text as read): the program's name and text for it, or undefined when it has no virtual script. */
  add(path: string, text: string): { name: string; code: string } | undefined {
    // Vue 2's `v-model` on a component is another prop and event than Vue 3's.
    const version = vueVersionAt(dirname(path), this.versions);
    // A tag the file does not register may be one of the app's global components: imported from
    // where the app registers it (the registrations are looked for once, when a tag first asks).
    const virtual = vueVirtual(text, {
      version,
      globals: (n) => {
        if (!this.findGlobals) return undefined;
        this.globals ??= this.findGlobals();
        const abs = this.globals.get(n);
        return abs === undefined || abs === path ? undefined : specifier(dirname(path), abs);
      },
    });
    if (!virtual) return undefined;
    const name = `${path}.${virtual.lang}`;
    this.byPath.set(path, { name, text, virtual });
    this.byName.set(name, path);
    return { name, code: virtual.code };
  }

  /** The program's name of a component taken (absolute path), or the path itself for any other file. */
  nameOf(path: string): string {
    return this.byPath.get(path)?.name ?? path;
  }

  /** The component a program file stands for (absolute path), or the path itself for any other file. */
  fileOf(name: string): string {
    return this.byName.get(name) ?? name;
  }

  /** Says of each component's parse in the program that it stands for the component (evidence names the component's lines). */
  register(files: ReadonlyMap<string, TsNamespace.SourceFile>): void {
    for (const [path, { name, text, virtual }] of this.byPath) {
      const sf = files.get(name);
      if (sf) registerComponent(sf, path, text, virtual);
    }
  }

  /** The virtual script the program built of a component, when `text` is still the text it was built from. */
  virtualOf(path: string, text: string): VueVirtual | undefined {
    const taken = this.byPath.get(path);
    return taken?.text === text ? taken.virtual : undefined;
  }

  /** Whether a path is a component taken. */
  has(path: string): boolean {
    return this.byPath.has(path);
  }
}

/** `./x/Y.vue` or `../Y.vue`: how a file in `dir` imports `abs`. */
function specifier(dir: string, abs: string): string {
  const rel = relative(dir, abs).split(sep).join('/');
  return rel.startsWith('../') ? rel : `./${rel}`;
}
