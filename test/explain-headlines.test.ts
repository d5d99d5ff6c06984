import { describe, expect, it } from 'vitest';
import { explain } from '../src/mapping/explain.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * What `explain` (and the report, which words its findings the same way) says for each rule kind,
 * asserted whole: users read these sentences to decide what to change.
 */
const mappings = bundledMappings();
const says = (slug: string) => explain(mappings, slug)?.message;

describe('explain, one sentence set per rule kind', () => {
  it('a deleted slug: why, what to read instead, who changes it', () => {
    expect(says('early_voting')).toBe(
      'V1 `early_voting` is deleted in V2 (redundant): early voting exists when `early_voting_starts` or `early_voting_ends` has data. Test whether `early_voting_starts` or `early_voting_ends` has a non-empty `text` instead. A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.',
    );
  });

  it('a notes slug moved to footnotes, with the inferred targets said as inferred', () => {
    expect(says('vbm_notes')).toBe(
      "V1 `vbm_notes` moved into the footnotes of `absentee_process_summary` and `absentee_voting_laws` (targets inferred). Check the `footnotes` of the absentee fields your code shows (SPEC does not name them), instead of this field's `text`. A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.",
    );
  });

  it('a slug with no known fate: the choice a person makes', () => {
    expect(says('id_requirements_vbm')).toBe(
      'V1 `id_requirements_vbm` has no known fate in V2. Choose between `id_laws_absentee_request` and `id_laws_ballot_return` (its later V1 split was `id_requirements_vbm_request` and `id_requirements_vbm_return`). A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.',
    );
  });

  it('a slug neither table names: presumed unchanged, and how to confirm it', () => {
    expect(says('polls_open')).toBe(
      "V1 `polls_open` is named by neither migration table: presumed the same slug in V2 (unverified). Keep the slug; `civic-migrate verify` compares a state's V1 and V2 data to confirm it.",
    );
  });
});
