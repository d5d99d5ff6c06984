import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A new temporary folder holding `{ 'path/name': contents }`; returns its path. */
export function writeTree(files: Record<string, string | Uint8Array>, prefix = 'civic-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [rel, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), contents);
  }
  return root;
}
