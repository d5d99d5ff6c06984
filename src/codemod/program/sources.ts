import { readFileSync } from 'node:fs';
import type { ts as TsNamespace } from 'ts-morph';
import type { DiscoveredFile } from '../../files/discover.js';
import { type ParallelReadOptions, readSourcesParallel, type SourceFile } from '../../files/sources.js';
import type { Mappings } from '../../mapping/mappings.js';
import type { ConfigFile } from '../../roles/config-sources.js';
import { parseForProgram } from '../../roles/inferred.js';
import type { TransformOptions } from '../types.js';
import { SCRIPT_FILE, VUE_FILE } from './file-kinds.js';
import type { ProgramMode } from './program-mode.js';

/**
 * From this much code in the TS/JS candidates (characters of text), an inferred program is decided
 * in groups (`inferredProgramMode`): one program of every candidate holds all their syntax trees and
 * facts at once (the 577 candidates of a 100,000-file tree, 3.1 MB of code, held 237 MB). Below it,
 * one program, its files parsed while the others are read (the groups cost a tenth more time: a
 * program per group, and no parsing beside the reading thread).
 */
export const GROUP_FROM_BYTES = 1_000_000;

/** `GROUP_FROM_BYTES`, or `CIVIC_MIGRATE_GROUP_BYTES` (the tests set 0: every inferred program in groups, held to one program's answers). */
function groupFromBytes(): number {
  const given = process.env.CIVIC_MIGRATE_GROUP_BYTES;
  return given !== undefined && /^\d+$/.test(given) ? Number(given) : GROUP_FROM_BYTES;
}

export interface ProgramSources {
  /** The program the run decides TS/JS files in: the configured one, or one inferred from the candidates. */
  readonly program: ProgramMode | undefined;
  /**
   * Every file's read outcome, in the files' order. A file the prefilter passed over but the
   * program reaches (a helper a tracked value is handed to) comes as a candidate, read again.
   */
  readonly sources: Iterable<SourceFile>;
}

/**
 * The file loop of the codemod and the report with a program: every file is read once (its bytes
 * checked by the prefilter, the candidates decoded), then the program is opened (a configured one
 * is given; otherwise `infer` builds one from the TS/JS candidates' texts, parsed as they arrive
 * while a worker thread reads on), and the outcomes are handed back in order. What the read keeps
 * between the two is a record per file and the candidates' texts.
 */
export async function readWithProgram(
  files: readonly DiscoveredFile[],
  read: Omit<ParallelReadOptions, 'extra'>,
  options: {
    /** A program a config describes (opened before reading: the files its types reach are read too). */
    readonly configured?: ProgramMode | undefined;
    /** Without a configured program: infer one with this table (undefined: each file is a program of its own). */
    readonly infer?: Mappings | undefined;
    readonly onRead?: (done: number) => void;
    /** The repository's config files holding API URLs, and where the program runs. */
    readonly config?: { readonly files: readonly ConfigFile[]; readonly cwd: string };
    /**
     * What the run asks of each file (`transform`'s options): with it, an inferred program of much
     * code is decided in groups (`inferredProgramMode`, from `GROUP_FROM_BYTES`).
     */
    readonly transformOptions?: TransformOptions;
  },
): Promise<ProgramSources> {
  const { configured } = options;
  const outcomes: SourceFile[] = [];
  const texts = new Map<string, string>();
  const parsed = new Map<string, TsNamespace.SourceFile>();
  const inferring = !configured && options.infer !== undefined;
  // The candidates are parsed as they arrive, for a program of them all: beyond the size from which
  // that program is decided in groups, each group parses its own (none holds them all).
  const groupFrom = options.transformOptions ? groupFromBytes() : Number.POSITIVE_INFINITY;
  let bytes = 0;
  const extra = (file: DiscoveredFile) => configured?.fileOf(file.path)?.hasRenames === true;
  let done = 0;
  for await (const batch of readSourcesParallel(files, { ...read, extra })) {
    for (const source of batch) {
      outcomes.push(source);
      options.onRead?.(++done);
      // As it was read (the text the run hands `transform`); the program reads a script without its
      // BOM, and takes a component's virtual script.
      if (source.kind !== 'candidate' || !inferring) continue;
      const script = SCRIPT_FILE.test(source.file.path);
      if (!script && !VUE_FILE.test(source.file.path)) continue;
      texts.set(source.file.path, source.text);
      bytes += source.text.length;
      if (!script) continue;
      if (bytes < groupFrom) {
        const text = source.text.charCodeAt(0) === 0xfeff ? source.text.slice(1) : source.text;
        parsed.set(source.file.path, parseForProgram(source.file.path, text));
      } else parsed.clear();
    }
  }
  const paths = () => files.map((f) => f.path);
  // The role engine is loaded only for a run that has something to decide with it.
  const program =
    configured ??
    (options.infer && (texts.size > 0 || (options.config?.files.length ?? 0) > 0)
      ? (await import('./inferred-mode.js')).inferredProgramMode(
          options.infer,
          texts,
          paths(),
          read.maxBytes,
          parsed,
          options.config,
          options.transformOptions && { transformOptions: options.transformOptions, fromBytes: groupFrom },
        )
      : undefined);
  function* sources(): Generator<SourceFile> {
    for (const source of outcomes) {
      if (source.kind === 'passed' && program?.fileOf(source.file.path)?.hasRenames) {
        let text: string;
        try {
          text = readFileSync(source.file.path, 'utf8');
        } catch {
          yield source;
          continue;
        }
        yield { kind: 'candidate', file: source.file, bytes: source.bytes, text };
      } else yield source;
    }
  }
  return { program, sources: sources() };
}
