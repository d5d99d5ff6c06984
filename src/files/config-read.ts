import { type ConfigFile, configFormatOf, parseConfig } from './config-files.js';
import { readBytesSync } from './read.js';

/**
 * The config files among the run's files that hold an API URL: read (each within `maxBytes`), kept
 * only when their bytes name one of the API's hosts, parsed, with only the values that do.
 * A file that does not parse is nobody's config (the report still lexes it).
 */
export function readConfigFiles(paths: readonly string[], hosts: readonly string[], maxBytes: number): ConfigFile[] {
  const out: ConfigFile[] = [];
  const needles = hosts.map((h) => Buffer.from(h));
  for (const path of paths) {
    const format = configFormatOf(path);
    if (!format) continue;
    const read = readBytesSync(path, maxBytes);
    if (read.kind !== 'bytes' || !needles.some((n) => read.bytes.includes(n))) continue;
    const text = read.bytes.toString('utf8');
    const tree = parseConfig(format, text);
    if (!tree) continue;
    const entries = tree.entries.filter((e) => hosts.some((h) => e.value.toLowerCase().includes(h)));
    if (entries.length > 0) out.push({ path, text, tree: { format, entries } });
  }
  return out;
}
