import type { Confidence, FindingKind, Fixer } from './finding.js';

/** What a finding says, before it has a place. */
export interface Verdict {
  readonly kind: FindingKind;
  readonly fixedBy: Fixer;
  readonly replacement: string | null;
  /** What changed and what to do; who fixes it is added where the finding stands (`findingMessage`). */
  readonly body: string;
  /** False for words that already say what happens (low confidence, a marker's own text). */
  readonly sayWhoFixes: boolean;
  readonly confidence: Confidence;
}
