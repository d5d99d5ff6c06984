import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { shownName } from '../files/names.js';
import { type InvalidUtf8, invalidUtf8Where, readInputFileSync, readStreamBounded } from '../files/read.js';
import type { Diagnostic } from '../payload/diagnostics.js';
import { defineCommand, type Io } from './context.js';

const STDIN = '-';

/**
 * Reads an input whole. Bytes that are not UTF-8 are refused (exit 2) with where the first is: read
 * as U+FFFD they would change the payload's strings without a word. `--replace-invalid-utf8` reads
 * them so on purpose, and a warning says how many there were and where the first was.
 */
async function readInput(io: Io, file: string, replace: boolean, what = 'the payload'): Promise<{ text: string; name: string }> {
  const name = file === STDIN ? '<stdin>' : file;
  const onInvalidUtf8 = replace
    ? (invalid: InvalidUtf8) =>
        io.stderr.write(
          `${shownName(name)}: warning [invalid-utf8] ${invalid.bytes} ${invalid.bytes === 1 ? 'byte' : 'bytes'} not valid UTF-8 replaced by U+FFFD (the first at ${invalidUtf8Where(invalid)})\n`,
        )
    : ('error' as const);
  if (file === STDIN) return { text: await readStreamBounded(io.stdin, name, undefined, onInvalidUtf8), name };
  return { text: readInputFileSync(resolve(io.cwd, file), what, { name: file, onInvalidUtf8 }), name };
}

const KINDS: Record<string, string> = { fields: 'field list', state: 'state record', overrides: 'override list' };

function counts(diagnostics: readonly Diagnostic[]) {
  const n = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) n[d.severity]++;
  return n;
}

export const adaptCommand = defineCommand({
  command: 'adapt [file]',
  describe: 'Convert a Civic Data payload (field list, state record, override list) between V1 and V2',
  builder: (y) =>
    y
      .positional('file', { type: 'string', default: STDIN, describe: 'The JSON payload; - (the default) reads stdin' })
      .option('to', {
        choices: ['v2', 'v1'] as const,
        demandOption: true,
        describe: 'v2: upgrade a V1 payload; v1: downgrade a V2 payload',
      })
      .option('kind', {
        choices: ['fields', 'state', 'overrides'] as const,
        describe: 'What the payload is (default: detected from its shape)',
      })
      .option('fields', {
        type: 'string',
        describe: 'The field list of the input’s version, to take formats from when converting a state record',
      })
      .option('overrides', {
        type: 'string',
        describe: 'The V2 override list, to derive the deleted V1 fields that depend on overrides',
      })
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'Fail (exit 1, no output) on unknown slugs and lossy steps',
      })
      .option('replace-invalid-utf8', {
        type: 'boolean',
        default: false,
        describe: 'Read bytes that are not UTF-8 as U+FFFD, with a warning counting them (default: refuse the input, exit 2)',
      })
      .option('out', {
        type: 'string',
        describe:
          'Write the converted JSON to this file instead of stdout (- is stdout; a regular file is replaced atomically, a device or FIFO written in place)',
      })
      .option('diagnostics', {
        choices: ['text', 'json'] as const,
        default: 'text' as const,
        describe: 'How to print findings on stderr',
      })
      .option('verbose', {
        type: 'boolean',
        default: false,
        describe: 'Text diagnostics: list info findings too, not only their count',
      })
      .option('compact', { type: 'boolean', default: false, describe: 'One-line JSON output' })
      .example(
        '$0 adapt il-v1.json --to v2 --fields fields-v1.json',
        'a V1 state record in V2 shape, formats from the V1 field list',
      )
      .example('curl -s …/v2/election/data/state/WI/ | $0 adapt - --to v1 --overrides overrides.json', 'V2 data for V1-era code')
      .example('$0 adapt fields-v1.json --to v2 --strict --out fields-v2.json', 'refuse to lose anything')
      .epilog('Exit codes: 0 converted; 1 --strict met an unknown slug or a lossy step (nothing written); 2 bad input.'),
  handler: async (args, { io, mappings }) => {
    const payload = await import('../payload/index.js');
    const { writeFileAtomic } = await import('../files/write.js');
    const fromStdin = [args.file, args.fields, args.overrides].filter((f) => f === STDIN).length;
    if (fromStdin > 1) throw new UsageError('only one of the payload, --fields and --overrides can be read from stdin (-)');
    if (args.strict && args['replace-invalid-utf8'])
      throw new UsageError('--strict refuses to change the input; --replace-invalid-utf8 asks to: use one of them');
    const table = mappings();
    const input = await readInput(io, args.file, args['replace-invalid-utf8']);
    const from = args.to === 'v2' ? 'v1' : 'v2';
    const readList = async (file: string | undefined) => {
      if (file === undefined) return undefined;
      return (await readInput(io, file, args['replace-invalid-utf8'], 'the list')).text;
    };
    const fieldsText = await readList(args.fields);
    const overridesText = await readList(args.overrides);
    const overrides =
      overridesText === undefined
        ? undefined
        : payload.parsePayload(overridesText, { kind: 'overrides', version: 'v2', source: args.overrides });
    const options = { kind: args.kind, mappings: table, overrides, strict: args.strict, source: input.name };

    const report = (diagnostics: readonly Diagnostic[], kind: string | undefined) => {
      if (args.diagnostics === 'json') {
        io.stderr.write(`${JSON.stringify({ source: input.name, kind, from, to: args.to, diagnostics }, null, 2)}\n`);
        return;
      }
      for (const d of diagnostics)
        if (args.verbose || d.severity !== 'info') io.stderr.write(`${payload.formatDiagnostic(d, input.name)}\n`);
      const n = counts(diagnostics);
      const hidden = args.verbose || n.info === 0 ? '' : ' (--verbose lists them)';
      io.stderr.write(
        `civic-migrate adapt: ${input.name}: ${from.toUpperCase()} → ${args.to.toUpperCase()} ${KINDS[kind ?? ''] ?? 'payload'}: ${n.error} errors, ${n.warning} warnings, ${n.info} info${hidden}\n`,
      );
    };

    let result: { kind: string; value: unknown; diagnostics: readonly Diagnostic[] };
    try {
      const source = args.fields;
      result =
        args.to === 'v2'
          ? payload.upgrade(input.text, {
              ...options,
              fields:
                fieldsText === undefined
                  ? undefined
                  : payload.parsePayload(fieldsText, { kind: 'fields', version: 'v1', source }),
            })
          : payload.downgrade(input.text, {
              ...options,
              fields:
                fieldsText === undefined
                  ? undefined
                  : payload.parsePayload(fieldsText, { kind: 'fields', version: 'v2', source }),
            });
    } catch (error) {
      if (!(error instanceof payload.StrictPayloadError)) throw error;
      report(error.diagnostics, error.kind);
      io.stderr.write(`civic-migrate: ${error.message}\n`);
      return error.exitCode;
    }
    const json = `${JSON.stringify(result.value, null, args.compact ? undefined : 2)}\n`;
    if (args.out === undefined || args.out === '-') io.stdout.write(json);
    else await writeFileAtomic(resolve(io.cwd, args.out), json);
    report(result.diagnostics, result.kind);
    return 0;
  },
});
