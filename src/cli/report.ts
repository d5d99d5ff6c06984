import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { shownName } from '../files/names.js';
import { FAIL_ON, REPORT_FORMATS } from '../report/formats.js';
import { cacheOptions, cacheRunOptions, runCacheDir } from './cache-dir.js';
import { defineCommand } from './context.js';
import { checkedMaxBytes, fileOptions, PROJECT_OPTION, projectArg } from './file-options.js';
import { outsideWarnings } from './outside.js';

/** A file of the report's own inside the searched folder, as an exclude pattern anchored at the folder. */
function ownFiles(cwd: string, file: string | undefined): string[] {
  if (!file) return [];
  const rel = relative(cwd, resolve(cwd, file));
  return rel.startsWith('..') || isAbsolute(rel) ? [] : [`/${rel.split(sep).join('/')}`];
}

/** The defaults of `report`'s options (the parser's, and the quick path's in ./quick-report.ts). */
export const REPORT_DEFAULTS = { format: 'text', failOn: 'any', commits: 30 } as const;

export const reportCommand = defineCommand({
  command: 'report [paths..]',
  describe: 'Find V1 usage in any text file (code, templates, SQL, config, docs) and gate CI on it',
  builder: (y) =>
    fileOptions(y, { walk: 'search', skip: 'Do not search (list)' })
      .positional('paths', { type: 'string', array: true, describe: 'Files, folders or globs to search (default: .)' })
      .option('format', { choices: REPORT_FORMATS, default: REPORT_DEFAULTS.format, describe: 'Output format' })
      .option('fail-on', {
        choices: FAIL_ON,
        default: REPORT_DEFAULTS.failOn,
        describe: 'Exit 1 when findings of this class exist: manual (a person must fix), any, none',
      })
      .option('output', {
        alias: 'o',
        type: 'string',
        describe:
          'Write the report to this file instead of stdout (- is stdout; a regular file is replaced atomically, a device or FIFO written in place)',
      })
      .option('baseline', {
        type: 'string',
        describe: 'Findings in this baseline file do not fail the gate (shown as baselined); only new ones do',
      })
      .option('update-baseline', {
        type: 'boolean',
        default: false,
        describe: 'With --baseline: write the current findings to the baseline file (exit 0)',
      })
      .option('json-schema', {
        type: 'boolean',
        default: false,
        describe: 'Print the JSON Schema of `--format json` output and exit',
      })
      .option('observed', {
        type: 'string',
        array: true,
        describe:
          'Usage files of `civic-migrate observe` (or `serve --record`): findings carry what the app read at run time, and V1 slugs read only at run time become findings (observed)',
      })
      .option('history', {
        type: 'boolean',
        default: false,
        describe:
          'Also V1 usage at past commits (read from git objects, nothing checked out): a chart in html, a table and an SVG in markdown, a table in text, `history` in json',
      })
      .option('commits', {
        type: 'number',
        default: REPORT_DEFAULTS.commits,
        describe: 'With --history: how many commits, evenly spaced',
      })
      .option('since', { type: 'string', describe: 'With --history: only commits after this date (as git log --since takes it)' })
      .options(cacheOptions('the findings'))
      .option('project', PROJECT_OPTION)
      .option('assume-civic', {
        type: 'boolean',
        default: false,
        describe: 'Treat every file as Civic Data API code: `long_name` findings are never low confidence',
      })
      .example('$0 report', 'all V1 usage below the current folder, grouped by file')
      .example('$0 report src --fail-on manual', 'in CI: fail only on what the codemod cannot fix')
      .example('$0 report --format sarif -o civic-migrate.sarif', 'for GitHub code scanning (upload-sarif)')
      .example('$0 report --format markdown > comment.md', 'for a pull-request comment')
      .example('$0 report --format github --fail-on none', 'annotations in a GitHub Actions log')
      .example(
        '$0 report --cache --cache-location .cache/civic-migrate',
        'in CI with a kept folder: an unchanged tree answers from the read alone',
      )
      .example('$0 report --observed usage.json', 'what the app read at run time, met with the code')
      .example('$0 report --history --format html -o report.html', 'the trend over 30 commits, and where the work is')
      .epilog(
        'Exit codes: 0 nothing gates · 1 findings of the --fail-on class (or, under any, files that could not be searched) · 2 usage error, or a path that could not be read (the report is incomplete)',
      ),
  handler: async (args, { io, mappings }) => {
    if (args['json-schema']) {
      const { REPORT_JSON_SCHEMA } = await import('../report/reporters/json-schema.js');
      io.stdout.write(`${JSON.stringify(REPORT_JSON_SCHEMA, null, 2)}\n`);
      return 0;
    }
    const maxBytes = checkedMaxBytes(args['max-bytes']);
    // Said before the scan, not after it.
    if (args.history && (!Number.isInteger(args.commits) || args.commits < 1))
      throw new UsageError(`--commits must be a positive whole number, not ${args.commits}`);
    const [{ findV1Usage }, render, { exitCodeFor, summarize }, { writeFileAtomic }] = await Promise.all([
      import('../report/find.js'),
      import('../report/reporters/load.js').then(({ piecesFor }) => piecesFor(args.format)),
      import('../report/summary.js'),
      import('../files/write.js'),
    ]);
    const failOn = args['fail-on'];
    const cache = runCacheDir(io.cwd, args.cache, args['cache-location'], io.env);
    // With --history, the files this report reads: the first sample keeps their findings where they have not changed.
    const read = args.history ? new Set<string>() : undefined;
    let result = await findV1Usage({
      cwd: io.cwd,
      ...(read ? { onRead: (file: string) => read.add(file) } : {}),
      ...(args.paths?.length ? { paths: args.paths } : {}),
      ...(args.include?.length ? { include: args.include } : {}),
      // The baseline and usage files name V1 slugs: they are not code to search.
      ...(args.exclude?.length || args.baseline || args.observed?.length
        ? {
            exclude: [
              ...(args.exclude ?? []),
              ...ownFiles(io.cwd, args.baseline),
              ...(args.observed ?? []).flatMap((f) => ownFiles(io.cwd, f)),
            ],
          }
        : {}),
      ...cacheRunOptions(cache, 'the findings', io.stderr),
      ...outsideWarnings(io.cwd, io.stderr, 'reported'),
      gitignore: args.gitignore,
      maxBytes,
      mappings: mappings(),
      assumeCivic: args['assume-civic'],
      ...projectArg(args.project as string | boolean | undefined),
    });
    const current = read ? { findings: result.findings, files: read } : undefined;
    if (args['update-baseline']) {
      if (!args.baseline) throw new UsageError('--update-baseline needs --baseline FILE');
      const { baselineOf } = await import('../report/baseline.js');
      await writeFileAtomic(resolve(io.cwd, args.baseline), `${JSON.stringify(baselineOf(result), null, 2)}\n`);
      io.stderr.write(`civic-migrate: ${shownName(args.baseline)}: ${result.findings.length} findings written as the baseline\n`);
      return 0;
    }
    if (args.baseline) {
      const { applyBaseline, readBaseline } = await import('../report/baseline.js');
      result = applyBaseline(result, readBaseline(resolve(io.cwd, args.baseline), args.baseline));
    }
    if (args.observed?.length) {
      const [{ mergeUsage, readUsageFile }, { applyObserved }] = await Promise.all([
        import('../observe/usage-file.js'),
        import('../report/observed.js'),
      ]);
      const usage = mergeUsage(args.observed.map((f) => readUsageFile(resolve(io.cwd, f), shownName(f))));
      result = applyObserved(result, usage, mappings(), io.cwd, args.observed.map(shownName));
    }
    if (args.history) {
      const { reportHistory } = await import('../report/history.js');
      const history = await reportHistory({
        cwd: io.cwd,
        mappings: mappings(),
        commits: args.commits,
        ...(args.since ? { since: args.since } : {}),
        assumeCivic: args['assume-civic'],
        maxBytes,
        ...(args.include?.length ? { include: args.include } : {}),
        ...(args.exclude?.length ? { exclude: args.exclude } : {}),
        ...(current ? { current } : {}),
      });
      result = { ...result, history };
    }
    const output = render(result, failOn);
    const toFile = args.output !== undefined && args.output !== '-';
    // Piece by piece: a large JSON report is never whole in memory, nor are its bytes.
    if (toFile) await writeFileAtomic(resolve(io.cwd, args.output as string), output);
    else for (const piece of output) io.stdout.write(piece);
    for (const e of result.stats.errors) io.stderr.write(`civic-migrate: ${shownName(e.file)}: ${e.message}\n`);
    // The text report ends with the verdict; other formats get it on stderr for the CI log.
    if (toFile || args.format !== 'text') io.stderr.write(`${summarize(result, failOn).verdict}\n`);
    return exitCodeFor(result, failOn);
  },
});
