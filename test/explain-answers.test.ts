/** `explain` answers whatever a user pastes from V1 code, once, without repeating itself. */
import { describe, expect, it } from 'vitest';
import { explain } from '../src/mapping/explain.js';
import { renderGuide } from '../src/mapping/guide.js';
import { bundledMappings } from './helpers/bundled.js';
import { runCli } from './helpers/cli.js';

const m = bundledMappings();
const say = (q: string) => explain(m, q);

/** Sentences of a message, split at ". " (code spans never hold one). */
const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=[A-Z`])/)
    .map((s) => s.trim())
    .filter(Boolean);

describe('explain: every V1 slug', () => {
  it.each([...m.v1Slugs])('%s: found, no sentence twice, never its own replacement', (slug) => {
    const e = say(slug);
    expect(e.found).toBe(true);
    const all = sentences(e.message);
    expect(new Set(all).size, e.message).toBe(all.length);
    // A deleted or unknown slug never names itself as what to use instead.
    if (e.found && e.side === 'v1' && (e.rule.kind === 'delete' || e.rule.kind === 'unknown'))
      expect(e.message.split(`\`${slug}\``).length - 1, e.message).toBe(1);
  });

  it('the 2020-cycle fields real V1 code reads are known, with their generic counterpart where the 2020 docs give one', () => {
    for (const [slug, read] of [
      ['2020_registration_deadline_by_mail', '`registration_deadline_mail` (the same slug in V2)'],
      ['2020_ballot_return_deadline_in_person', '`vbm_voted_ballot_deadline_in_person` (V2 `ballot_return_deadline_in_person`)'],
      ['2020_early_voting_starts', '`early_voting_starts` (the same slug in V2)'],
      ['2020_early_voting_ends', '`early_voting_ends` (the same slug in V2)'],
      ['2020_registration_deadline_in_person', '`registration_deadline_in_person` (the same slug in V2)'],
      ['2020_vbm_request_deadline_by_in_person', '`vbm_deadline_in_person` (V2 `absentee_deadline_in_person`)'],
      ['2020_vbm_request_deadline_by_mail', '`vbm_deadline_mail` (V2 `absentee_deadline_mail`)'],
      ['2020_vbm_request_deadline_online', '`vbm_deadline_online` (V2 `absentee_deadline_online`)'],
      ['2020_ballot_curing_instructions', '`ballot_curing_instructions` (V2 `ballot_curing_laws_rejection_reasons`)'],
    ] as const) {
      expect(say(slug).message, slug).toContain(`was a 2020-cycle field, gone in V2. Read ${read} instead`);
    }
    for (const slug of [
      '2020_official_election_calendar',
      '2020_vbm_anyone',
      '2020_vbm_changes',
      '2020_vbm_mailing_applications',
    ])
      expect(say(slug).message, slug).toMatch(/^V1 `2020_\w+` was a 2020-cycle field, gone in V2\. Remove the lookup/);
  });

  it('no rename claims its format unchanged where the table records it as unknown', () => {
    for (const rule of m.table.slugs) {
      if (rule.kind !== 'rename' || (rule.formatCertainty ?? 'unknown') !== 'unknown') continue;
      const text = say(rule.v1).message;
      expect(text, rule.v1).toContain('Whether its format or meaning changed is not known');
      expect(text, rule.v1).not.toMatch(/unchanged|stays|same format/);
    }
  });
});

describe('explain: paths, URLs, bases, hosts', () => {
  it.each([
    [
      'https://api.voteamerica.com/v1/election/field/',
      'V1 endpoint `/v1/election/field/` is `/v2/election/field/` in V2. Field list: same path under `/v2/`. Descriptors use `description` instead of `long_name`. `civic-migrate codemod` rewrites it.',
    ],
    [
      '/v1/uptime/sites/',
      "`/v1/uptime/sites/` is outside the Civic Data API's paths (`/v1/election/`): another service on the same host keeps its path, nothing to migrate. A base URL joined with it stays on V1.",
    ],
    [
      'https://api.voteamerica.com/v1/',
      "`https://api.voteamerica.com/v1/` is the V1 version root; V2's is `/v2/`. The endpoint paths joined to it move on their own, some beyond the version (`civic-migrate mappings` lists them). `civic-migrate codemod` rewrites it.",
    ],
    [
      'https://api.voteamerica.com/v1/election/data/state/',
      'V1 base `/v1/election/data/state/` is `/v2/election/data/state/` in V2: every endpoint under it moves the same way. `civic-migrate codemod` rewrites it.',
    ],
    [
      'api.voteamerica.com',
      "`api.voteamerica.com` is the Civic Data API's host: it is the same in V2; only the paths after it change.",
    ],
    [
      'https://maps.googleapis.com/v1/election/field/',
      '`maps.googleapis.com` is not a Civic Data API host (`api.voteamerica.org`, `api.voteamerica.com`): nothing to migrate.',
    ],
    ['/v2/election/field/', '`/v2/election/field/` is a V2 path: nothing to migrate.'],
    [
      '/v1/election/foo/',
      "`/v1/election/foo/` is under the Civic Data API's V1 root but is no endpoint the table knows: check it against the V2 endpoints by hand (`civic-migrate mappings` lists them). A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.",
    ],
  ])('%s', (query, message) => {
    expect(say(query)).toMatchObject({ found: true, message });
  });

  it('a base whose endpoints move differently lists the moves V1 really had (not the override path V1 never served)', () => {
    const e = say('/v1/election/');
    expect(e).toMatchObject({ found: true, side: 'path', path: 'v1-base', fixedBy: 'person' });
    expect(e.message).toContain('`/v1/election/state/` → no V2 equivalent');
    expect(e.message).not.toContain('override');
  });

  it('exits 0 on the command line for a pasted URL', async () => {
    const r = await runCli(['explain', 'https://api.voteamerica.com/v1/election/field/']);
    expect(r.code).toBe(0);
  });
});

describe('the guide', () => {
  it('has no sentence twice in one row', () => {
    for (const line of renderGuide(m)
      .split('\n')
      .filter((l) => l.startsWith('| `'))) {
      for (const cell of line.split(' | ')) {
        const all = sentences(cell);
        expect(new Set(all).size, cell).toBe(all.length);
      }
    }
  });
});
