/**
 * One temporary folder per test run: every file's trees, copies of apps and repositories and the
 * sandboxes of child processes go under it (`TMPDIR`, which `os.tmpdir()` and child processes
 * read), and it is removed when the run ends, whatever the tests left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'civic-test-run-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
