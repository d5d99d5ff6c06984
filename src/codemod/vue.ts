/** A `<script>` block of a Vue single-file component. */
export interface VueScriptBlock {
  /** Offset of the block's content (after `<script …>`) in the file. */
  readonly start: number;
  readonly content: string;
  /** `ts`, `tsx`, `jsx` or `js` (from the `lang` attribute). */
  readonly lang: 'ts' | 'tsx' | 'jsx' | 'js';
}

const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const LANG = /\blang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SRC = /\bsrc\s*=/i;

/**
 * The inline `<script>` blocks of a `.vue` file (`<script>` and `<script setup>`), outside HTML
 * comments. Blocks with `src=` hold no code; other languages are left alone.
 */
export function vueScriptBlocks(text: string): VueScriptBlock[] {
  // Blank out comments (same length) so that a commented-out block is not taken for code.
  const masked = text.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length));
  const blocks: VueScriptBlock[] = [];
  for (const match of masked.matchAll(SCRIPT)) {
    const attrs = match[1] ?? '';
    if (SRC.test(attrs)) continue;
    const lm = LANG.exec(attrs);
    const raw = (lm?.[1] ?? lm?.[2] ?? lm?.[3] ?? 'js').toLowerCase();
    const lang = raw === 'ts' || raw === 'tsx' || raw === 'jsx' || raw === 'js' ? raw : raw === 'typescript' ? 'ts' : undefined;
    if (!lang) continue;
    const start = (match.index ?? 0) + '<script'.length + attrs.length + 1;
    blocks.push({ start, content: text.slice(start, start + (match[2] ?? '').length), lang });
  }
  return blocks;
}
