import { defineCommand } from './context.js';

export const explainCommand = defineCommand({
  command: 'explain <slug>',
  describe: 'Say what happened to a V1 slug in V2 (or where a V2 slug came from), and what code must change',
  builder: (y) =>
    y
      .positional('slug', { type: 'string', demandOption: true, describe: 'A V1 or V2 slug, `long_name`, or a V1 endpoint path' })
      .option('json', { type: 'boolean', default: false, describe: 'Print a JSON record instead of a sentence' })
      .example('$0 explain vbm_no_excuse', 'renamed to has_no_excuse_absentee')
      .example('$0 explain registration_submission_email --json', 'machine-readable'),
  handler: async (args, { io, mappings }) => {
    const { explain } = await import('../mapping/explain.js');
    const result = explain(mappings(), args.slug);
    io.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : `${result.message}\n`);
    return result.found ? 0 : 1;
  },
});
