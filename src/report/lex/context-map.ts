import { lastAtOrBefore } from '../../findings/position.js';
import type { SourceContext } from '../finding.js';

/**
 * The context of every offset of a text, as switch points: from `offsets[i]` on, the context is
 * `contexts[i]` until the next switch. Lexers call `set` with non-decreasing offsets.
 */
export class ContextMap {
  private readonly offsets: number[] = [];
  private readonly contexts: SourceContext[] = [];

  constructor(initial: SourceContext) {
    this.offsets.push(0);
    this.contexts.push(initial);
  }

  /** From `offset` on, the text is `context`. */
  set(offset: number, context: SourceContext): void {
    const last = this.offsets.length - 1;
    if (this.offsets[last] === offset && last > 0) {
      this.offsets.pop();
      this.contexts.pop();
      this.set(offset, context);
      return;
    }
    if (this.offsets[last] === offset) {
      this.contexts[last] = context;
      return;
    }
    if (this.contexts[last] === context) return;
    this.offsets.push(offset);
    this.contexts.push(context);
  }

  /** The context at `offset` (binary search over the switch points). */
  at(offset: number): SourceContext {
    return this.contexts[this.indexAt(offset)] as SourceContext;
  }

  /** The run of one context around `offset`: `[start, end)`, `end` being `textLength` for the last run. */
  runAt(offset: number, textLength: number): { start: number; end: number } {
    const i = this.indexAt(offset);
    return { start: this.offsets[i] as number, end: this.offsets[i + 1] ?? textLength };
  }

  private indexAt(offset: number): number {
    return lastAtOrBefore(this.offsets, offset);
  }

  /** `[start, context]` pairs, for tests and debugging. */
  switches(): [number, SourceContext][] {
    return this.offsets.map((o, i) => [o, this.contexts[i] as SourceContext]);
  }
}
