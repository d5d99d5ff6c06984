import { defineCommand } from './context.js';

export const mappingsCommand = defineCommand({
  command: 'mappings',
  describe: 'Print the whole V1→V2 table: a Markdown migration guide, or the validated JSON',
  builder: (y) =>
    y
      .option('format', { choices: ['markdown', 'json'] as const, default: 'markdown' as const, describe: 'Output format' })
      .example('$0 mappings > MIGRATION.md', 'a migration guide for your team')
      .example('$0 mappings --format json --mappings my-table.json', 'validate and print your own table'),
  handler: async (args, { io, mappings }) => {
    const m = mappings();
    io.stdout.write(
      args.format === 'json' ? `${JSON.stringify(m.table, null, 2)}\n` : (await import('../mapping/guide.js')).renderGuide(m),
    );
    return 0;
  },
});
