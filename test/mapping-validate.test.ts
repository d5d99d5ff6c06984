import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_PATH, loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import type { MappingTable } from '../src/mapping/schema.js';
import { tableRefusal } from './helpers/rejection.js';

const raw = JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8')) as MappingTable;
const indexOf = (v1: string, kind?: string) => raw.slugs.findIndex((r) => r.v1 === v1 && (kind === undefined || r.kind === kind));

/** A copy of the bundled table changed by `edit`, validated; returns the error message. */
function rejectionOf(edit: (t: MappingTable) => void): string {
  const table = structuredClone(raw);
  edit(table);
  return tableRefusal(table, 'my-table.json');
}

describe('table validation names the bad row', () => {
  it('accepts the bundled table', () => {
    expect(() => mappingsFromJson(structuredClone(raw))).not.toThrow();
  });

  it('rejects a V1 slug in two places that is not a declared contradiction', () => {
    const i = indexOf('vbm_universal');
    expect(
      rejectionOf((t) =>
        t.slugs.push({
          kind: 'delete',
          v1: 'vbm_universal',
          category: 'not-tracked',
          reason: 'x',
          description: 'gone for a test reason',
        }),
      ),
    ).toBe(
      `my-table.json: $.slugs[${raw.slugs.length}] (delete "vbm_universal"): "vbm_universal" is also at $.slugs[${i}] (rename); declare it in "contradictions" or remove one`,
    );
  });

  it('rejects a duplicate row of the same kind', () => {
    const i = indexOf('alert_vbm');
    expect(rejectionOf((t) => t.slugs.push(structuredClone(t.slugs[i]!)))).toBe(
      `my-table.json: $.slugs[${raw.slugs.length}] (rename "alert_vbm"): duplicate: "alert_vbm" is already at $.slugs[${i}] with the same kind`,
    );
  });

  it('rejects a chain: a target that is itself a migrated V1 slug', () => {
    const i = indexOf('alert_vbm');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { v2: string }).v2 = 'vbm_warnings';
      }),
    ).toBe(`my-table.json: $.slugs[${i}] (rename "alert_vbm"): chain: target "vbm_warnings" is itself a migrated V1 slug`);
  });

  it('rejects an option outside its field’s option set', () => {
    const i = indexOf('vbm_app_submission_fax');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { option: string }).option = 'telegram';
      }),
    ).toBe(
      `my-table.json: $.slugs[${i}] (consolidate "vbm_app_submission_fax"): option "telegram" is not in the option set of "absentee_request_methods" (email, fax, in_person, mail, online, phone)`,
    );
  });

  it('rejects a consolidation into a field that is not a declared Multi-select', () => {
    const i = indexOf('vbm_app_submission_fax');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { v2: string }).v2 = 'absentee_access_levels';
      }),
    ).toMatch(
      /slugs\[\d+\] \(consolidate "vbm_app_submission_fax"\): target "absentee_access_levels" is not a Multi-select field/,
    );
  });

  it('rejects a footnote target that is not a known V2 slug', () => {
    const i = indexOf('sdr_notes');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { targets: string[] }).targets.push('sdr_where');
      }),
    ).toBe(`my-table.json: $.slugs[${i}] (footnote "sdr_notes"): footnote target "sdr_where" is not a known V2 slug`);
  });

  it('rejects a footnote target claimed by two moves', () => {
    const i = indexOf('vbm_notes');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { targets: string[] }).targets.push('sdr_locations');
      }),
    ).toMatch(/slugs\[\d+\] \(footnote "vbm_notes"\): footnote target "sdr_locations" already receives \$\.slugs\[\d+\]'s notes/);
  });

  it('rejects duplicates: two renames to one target, V2 fields, endpoints, options', () => {
    const i = indexOf('alert_vbm');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { v2: string }).v2 = 'alerts_registration';
      }),
    ).toMatch(/slugs\[\d+\] \(rename "alert_vbm"\): duplicate target: \$\.slugs\[0\] is also renamed to "alerts_registration"/);
    expect(rejectionOf((t) => t.v2Fields.push(structuredClone(t.v2Fields[0]!)))).toBe(
      `my-table.json: $.v2Fields[${raw.v2Fields.length}] ("absentee_request_methods"): duplicate V2 field "absentee_request_methods"`,
    );
    expect(rejectionOf((t) => t.endpoints.push(structuredClone(t.endpoints[0]!)))).toBe(
      `my-table.json: $.endpoints[${raw.endpoints.length}]: duplicate endpoint "/v1/election/field/"`,
    );
    expect(rejectionOf((t) => t.v2Fields[0]!.options!.push('fax'))).toBe(
      'my-table.json: $.v2Fields[0] ("absentee_request_methods"): option "fax" is listed twice',
    );
    const c = indexOf('vbm_app_submission_fax');
    expect(
      rejectionOf((t) => {
        (t.slugs[c] as { option: string }).option = 'email';
      }),
    ).toMatch(
      /slugs\[\d+\] \(consolidate "vbm_app_submission_fax"\): duplicate: \$\.slugs\[\d+\] already maps to "absentee_request_methods" option "email"/,
    );
  });

  it('rejects a contradiction whose kinds do not match the rows, or whose resolution is not one of them', () => {
    expect(
      rejectionOf((t) => {
        t.contradictions[0]!.kinds = ['rename'];
      }),
    ).toBe(
      'my-table.json: $.contradictions[0] ("id_requirements_in_person_registration"): declares kinds [rename] but the table has [delete, rename]',
    );
    expect(
      rejectionOf((t) => {
        t.contradictions[0]!.resolution = 'footnote';
      }),
    ).toBe(
      'my-table.json: $.contradictions[0] ("id_requirements_in_person_registration"): resolution "footnote" is not one of its kinds',
    );
  });

  it('rejects a replacement that is not a known V2 slug outside a contradiction', () => {
    const i = indexOf('external_tool_felony_restoration_state_info');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { replacement: string[] }).replacement = ['official_info_felon'];
      }),
    ).toBe(
      `my-table.json: $.slugs[${i}] (delete "external_tool_felony_restoration_state_info"): replacement "official_info_felon" is not a known V2 slug`,
    );
  });

  it('rejects schema errors with the row and its slug', () => {
    const i = indexOf('vbm_universal');
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { v2: string }).v2 = 'Has Automatic VBM';
      }),
    ).toBe(`my-table.json: $.slugs[${i}] (rename "vbm_universal").v2: a slug is lower-case letters, digits and underscores`);
    expect(
      rejectionOf((t) => {
        (t.slugs[i] as { kind: string }).kind = 'retire';
      }),
    ).toMatch(new RegExp(`^my-table.json: \\$\\.slugs\\[${i}\\] \\(retire "vbm_universal"\\)\\.kind: `));
    expect(
      rejectionOf((t) => {
        (t as { tableVersion: number }).tableVersion = 2;
      }),
    ).toMatch(/^my-table.json: \$\.tableVersion: /);
  });
});

describe('loadMappings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'civic-table-'));

  it('loads a user table that adds a slug', () => {
    const table = structuredClone(raw);
    table.slugs.push({
      kind: 'rename',
      v1: 'vbm_tracking_url',
      v2: 'gov_tool_absentee_tracking',
      description: 'Our account has it.',
    });
    const file = join(dir, 'mine.json');
    writeFileSync(file, JSON.stringify(table));
    const m = loadMappings(file);
    expect(m.byV1.get('vbm_tracking_url')).toEqual({
      kind: 'rename',
      v1: 'vbm_tracking_url',
      v2: 'gov_tool_absentee_tracking',
      description: 'Our account has it.',
    });
    expect(m.source).toBe(file);
  });

  it('says what is wrong with a missing or malformed file', () => {
    expect(() => loadMappings(join(dir, 'nope.json'))).toThrow(
      `${join(dir, 'nope.json')}: cannot read mapping table: no such file`,
    );
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"tableVersion": 1,');
    expect(() => loadMappings(bad)).toThrow(new RegExp(`^${bad.replace(/[.]/g, '\\.')}: JSON: not valid JSON \\(`));
  });
});
