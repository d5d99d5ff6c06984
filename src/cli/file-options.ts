import type { Argv } from 'yargs';
import { UsageError } from '../errors.js';
import { DEFAULT_MAX_BYTES, maxBytesProblem } from '../files/read.js';

const toList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The options that pick which files a command reads, the same for `codemod` and `report`.
 * `--include`/`--exclude` take one pattern each and repeat (not `array: true`, which would take
 * `--include '*.ts' src` as two patterns and lose the path).
 */
export function fileOptions<T>(y: Argv<T>, verb: { walk: string; skip: string }) {
  return y
    .option('include', {
      type: 'string',
      coerce: toList,
      describe: 'Only files matching this gitignore-style pattern (repeatable)',
    })
    .option('exclude', {
      type: 'string',
      coerce: toList,
      describe: 'Leave out files and folders matching this pattern (repeatable)',
    })
    .option('gitignore', {
      type: 'boolean',
      default: true,
      describe: `Honour .gitignore files (--no-gitignore: ${verb.walk} ignored files too)`,
    })
    .option('max-bytes', {
      type: 'number',
      default: DEFAULT_MAX_BYTES,
      describe: `${verb.skip} files larger than this many bytes; at most 512 MiB`,
    });
}

/** `--max-bytes`, checked (a usage error past the ceiling). */
export function checkedMaxBytes(value: number): number {
  const problem = maxBytesProblem(value);
  if (problem) throw new UsageError(problem);
  return value;
}

/** `--project FILE` / `--no-project`: program mode, the same for `codemod` and `report`. */
export const PROJECT_OPTION = {
  type: 'string',
  describe:
    'Decide in program mode with this tsconfig.json/jsconfig.json (default: the one in or above the first path, if it includes it); --no-project: file by file',
} as const;

/** The `project` option as the engine takes it: a config's path, `false` for file by file, or absent (found). */
export function projectArg(value: string | boolean | undefined): { project?: string | false } {
  return value === undefined ? {} : { project: value === false ? false : String(value) };
}
