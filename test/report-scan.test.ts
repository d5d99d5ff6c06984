import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { explain, FIX } from '../src/mapping/explain.js';
import { excerpt } from '../src/report/excerpt.js';
import type { Finding } from '../src/report/finding.js';
import { OUTSIDE_CODEMOD } from '../src/report/messages.js';
import { createReportRules } from '../src/report/rules.js';
import { scanText } from '../src/report/scan.js';
import { propertyReadAfter } from '../src/report/value-read.js';
import { findCivicEvidence, hasCivicContext } from '../src/scan/civic-context.js';
import { bundledMappings } from './helpers/bundled.js';

const mappings = bundledMappings();
/** Built in the test that uses it, not while the file is collected (a mutant of src/report/rules.ts would be "static": see test/mutation). */
const rules = () => createReportRules(mappings);

const brief = (f: Finding) =>
  `${f.line}:${f.column}-${f.endColumn} ${f.kind} ${f.token} ${f.context} ${f.fixedBy}${f.confidence === 'low' ? ' low' : ''}${
    f.replacement ? ` -> ${f.replacement}` : ''
  }`;
const scan = (file: string, text: string, r = rules()) => scanText(text, file, r).findings.map(brief);

describe('V1 Boolean `value` read next to a slug', () => {
  const cases: [string, boolean][] = [
    ['x.vbm_no_excuse.value', true],
    ['x.vbm_no_excuse?.value', true],
    ["x['vbm_no_excuse']?.value", true],
    ['x["vbm_no_excuse"]["value"]', true],
    ["x['vbm_no_excuse']?.['value']", true],
    ["state['vbm_no_excuse']['value']", true],
    ["state.get('vbm_no_excuse').get('value')", true],
    ["state.fetch('vbm_no_excuse').fetch('value')", true],
    ['state[:vbm_no_excuse][:value]', true],
    ['state.vbm_no_excuse&.value', true],
    ['$state->vbm_no_excuse->value', true],
    ["items.find((i) => i.field_type === 'vbm_no_excuse').value", true],
    ["get(state, 'vbm_no_excuse.value')", true],
    ['x.vbm_no_excuse.values', false],
    ['x.vbm_no_excuse.text', false],
    ['x.vbm_no_excuse.value_of', false],
    ["x['vbm_no_excuse']['value\"]", false],
    ['x.vbm_no_excuse .value', false],
    ['x.vbm_no_excuse.Value', false],
  ];
  it.each(cases)('%s → %s', (text, found) => {
    const at = text.indexOf('vbm_no_excuse');
    const hit = propertyReadAfter(text, at, at + 'vbm_no_excuse'.length, 'value');
    expect(hit === -1 ? false : text.slice(hit, hit + 5)).toBe(found ? 'value' : false);
  });

  it('is high confidence for a Boolean, low for an unknown format, nothing for a known non-Boolean', () => {
    // In TS/JS the codemod decides: it renames a Boolean's `value` and leaves an unknown format alone.
    expect(scan('a.ts', 'a.emergency_ballot_voting.value; b.polls_open.value; c.external_tool_ovr.value')).toEqual([
      '1:27-32 property value code codemod -> bool_value',
      '1:56-73 rename external_tool_ovr code codemod -> gov_tool_registration',
    ]);
    expect(scan('a.py', 'a.emergency_ballot_voting.value; b.polls_open.value; c.external_tool_ovr.value')).toEqual([
      '1:27-32 property value code person -> bool_value',
      '1:47-52 property value code person low',
      '1:56-73 rename external_tool_ovr code person -> gov_tool_registration',
    ]);
    const [low] = scanText('b.polls_open.value', 'a.py', rules()).findings;
    expect(low?.message).toBe(
      'The table does not know the format of `polls_open`, and V1 sent `value` only on Boolean items. If `polls_open` is a Boolean field, read `bool_value` instead of `value`.',
    );
  });
});

describe('endpoints', () => {
  const one = (text: string) => scan('a.ts', text);
  // In TS/JS the findings are the codemod's decisions: what it rewrites (the span it changes), and
  // its markers (the whole path), e.g. the early state path's move needs basic auth too.
  it.each([
    ["'/v1/election/field/'", ['1:2-21 endpoint /v1/election/field/ string codemod -> /v2/election/field/']],
    ["'/v1/election/field'", ['1:2-20 endpoint /v1/election/field string codemod -> /v2/election/field']],
    ['`/v1/election/data/state/${s}/`', ['1:2-26 endpoint /v1/election/data/state/ string codemod -> /v2/election/data/state/']],
    [
      "'/v1/election/state/CA/'",
      [
        '1:2-24 endpoint /v1/election/state/CA/ string person',
        '1:2-21 endpoint /v1/election/state/ string codemod -> /v2/election/data/state/',
      ],
    ],
    [
      "'/v1/election/state/' + code",
      [
        '1:2-21 endpoint /v1/election/state/ string person',
        '1:2-21 endpoint /v1/election/state/ string codemod -> /v2/election/data/state/',
      ],
    ],
    ["'/v1/election/state/'", ['1:2-21 endpoint /v1/election/state/ string person']],
    ["'/v1/election/state/:state/'", ['1:2-28 endpoint /v1/election/state/:state/ string person']],
    ["'/v1/election/field/x/'", ['1:2-23 endpoint /v1/election/field/x/ string person']],
    ["'/v1/election/'", ['1:2-15 endpoint /v1/election/ string person']],
    ["'/v1/election/override/'", ['1:2-24 endpoint /v1/election/override/ string person']],
    ["'https://api.voteamerica.org/v1'", ['1:29-32 endpoint /v1 string codemod -> /v2']],
    ['`https://api.voteamerica.com/v1/${path}`', ['1:29-32 endpoint /v1 string codemod -> /v2']],
    [
      '`${base}/election/state/${code}/`',
      [
        '1:9-33 endpoint /election/state/${code}/ string person',
        '1:10-25 endpoint election/state/ string codemod -> election/data/state/',
      ],
    ],
  ])('in TS/JS, %s', (text, expected) => {
    expect(one(text)).toEqual(expected);
  });

  // Elsewhere the lexer reads paths, with the placeholders of many template languages; a person changes them.
  it.each([
    ["'/v1/election/field/'", '1:2-21 endpoint /v1/election/field/ string person -> /v2/election/field/'],
    ["'/v1/election/state/CA/'", '1:2-24 endpoint /v1/election/state/CA/ string person -> /v2/election/data/state/CA/'],
    ["'/v1/election/state/' + code", '1:2-21 endpoint /v1/election/state/ string person -> /v2/election/data/state/'],
    ["'/v1/election/state/'", '1:2-21 endpoint /v1/election/state/ string person'],
    [
      "'/v1/election/state/<state>/'",
      '1:2-29 endpoint /v1/election/state/<state>/ string person -> /v2/election/data/state/<state>/',
    ],
    ["'/v1/election/state/%s/'", '1:2-24 endpoint /v1/election/state/%s/ string person -> /v2/election/data/state/%s/'],
    [
      '"/v1/election/state/{{ code }}/"',
      '1:2-32 endpoint /v1/election/state/{{ code }}/ string person -> /v2/election/data/state/{{ code }}/',
    ],
    ["'/v1/election/'", '1:2-15 endpoint /v1/election/ string person'],
    ["'https://api.voteamerica.org/v1'", '1:29-32 endpoint /v1 string person -> /v2'],
    ["base + '/election/state/{code}/'", '1:9-32 endpoint /election/state/{code}/ string person -> /election/data/state/{code}/'],
  ])('in Python, %s', (text, expected) => {
    expect(scan('a.py', text)).toEqual([expected]);
  });

  it.each([
    "'/v1/uptime/'",
    "'https://api.voteamerica.org/v1/uptime/'",
    "'https://api.voteamerica.org/v1/leouptime/x/'",
    "'https://api.voteamerica.org/v1/official/address/'",
    "'https://api.voteamerica.org/v1/users/'",
    "'https://api.example.org/v1/'",
    "'/v1/users/'",
    "'/v1beta/election/field/'",
    "'/v10/election/field/'",
    "'/v2/election/field/'",
    "'/v2/election/data/state/CA/'",
    "'/election/data/state/CA/'",
    "'/election/override/'",
  ])('%s is not V1 Civic Data usage', (text) => {
    expect(one(text)).toEqual([]);
  });

  it('a base URL is left to a person when the same file builds other services’ paths on the host', () => {
    const text = "const base = 'https://api.voteamerica.org/v1/';\nfetch(base + 'uptime/');";
    const [f] = scanText(text, 'a.ts', rules()).findings;
    expect(brief(f as Finding)).toBe('1:42-45 endpoint /v1 string person');
    // The codemod's own words for the same decision.
    expect(f?.message).toBe(
      '`api.voteamerica.org/v1` is also used for `/v1/uptime/`, another service that stays on V1: point the Civic Data API calls at V2 by hand',
    );
  });

  it('uses explain’s wording for the table’s endpoints', () => {
    const [f] = scanText("'/v1/election/field/'", 'a.ts', rules()).findings;
    expect(f?.message).toBe(explain(mappings, '/v1/election/field/').message);
  });

  it('a URL at the end of a sentence keeps its trailing slash but not the full stop', () => {
    expect(scan('a.md', 'See https://api.voteamerica.org/v1/election/field/.')).toEqual([
      '1:32-51 endpoint /v1/election/field/ comment person -> /v2/election/field/',
    ]);
  });
});

describe('markers', () => {
  it('a `civic-migrate:` comment is a marker; the slugs it quotes are part of it; a string is not a marker', () => {
    const text = [
      '// civic-migrate: `vbm_notes` moved: read the footnotes of `absentee_process_summary`',
      'const n = s.vbm_notes;',
      "log('civic-migrate: not a marker, but vbm_universal is V1 usage');",
      '{/* civic-migrate: `registration_submission_fax` is gone */}',
      '<!-- civic-migrate: in html -->',
    ].join('\n');
    const findings = scanText(text, 'a.tsx', rules()).findings;
    expect(findings.map(brief)).toEqual([
      '1:4-18 marker civic-migrate: comment person',
      '2:13-22 footnote vbm_notes code person',
      '3:39-52 rename vbm_universal string person -> has_automatic_vbm',
      '4:5-19 marker civic-migrate: comment person',
    ]);
    expect(findings.map((f) => f.message)[0]).toBe('`vbm_notes` moved: read the footnotes of `absentee_process_summary`');
    expect(findings.map((f) => f.message)[3]).toBe('`registration_submission_fax` is gone');
    expect(scanText('<!-- civic-migrate: do this -->', 'a.html', rules()).findings.map((f) => f.message)).toEqual(['do this']);
    expect(scanText('# civic-migrate: do that', 'a.py', rules()).findings.map((f) => f.message)).toEqual(['do that']);
  });
});

describe('Civic context and long_name', () => {
  it('decides per file from a known slug, an API host or an endpoint path', () => {
    expect(findCivicEvidence('x.early_voting_starts', mappings)).toEqual({
      kind: 'slug',
      token: 'early_voting_starts',
      index: 2,
    });
    expect(findCivicEvidence('x.has_automatic_vbm', mappings)).toEqual({ kind: 'slug', token: 'has_automatic_vbm', index: 2 });
    expect(findCivicEvidence('"//api.voteamerica.com"', mappings)).toEqual({
      kind: 'host',
      host: 'api.voteamerica.com',
      index: 3,
    });
    expect(findCivicEvidence("base + '/election/field/'", mappings)).toEqual({
      kind: 'path',
      path: '/election/field/',
      index: 8,
    });
    expect(findCivicEvidence('address_components[0].long_name; vbm_deadline', mappings)).toBeUndefined();
    expect(hasCivicContext('early_voting_startsX', mappings)).toBe(false);
  });

  it('long_name is low confidence, for a person, outside Civic context; high inside; --assume-civic makes it high', () => {
    // In JS the codemod leaves a `long_name` alone outside Civic context: nothing to report.
    expect(scan('a.js', 'c.long_name')).toEqual([]);
    expect(scan('a.rb', 'c.long_name')).toEqual(['1:3-12 property long_name code person low']);
    // In a file that uses the API, a `long_name` nothing shows to be a descriptor's: low confidence, for a person.
    expect(scan('a.js', "c.long_name; fetch('/v2/election/field/')")).toEqual([
      '1:3-12 property long_name code person low -> description',
    ]);
    // Where the data flow shows a V1 descriptor: the codemod renames it.
    expect(scan('a.js', "fetch('/v1/election/field/').then((r) => r.json()).then((l) => l[0].long_name)")).toEqual([
      '1:8-27 endpoint /v1/election/field/ string codemod -> /v2/election/field/',
      '1:69-78 property long_name code codemod -> description',
    ]);
    expect(scan('a.js', 'c.long_name', createReportRules(mappings, { assumeCivic: true }))).toEqual([
      '1:3-12 property long_name code codemod -> description',
    ]);
    expect(scan('a.js', 'c.long_names + c.long_name_x')).toEqual([]);
  });
});

describe('who fixes it', () => {
  it('the codemod only where it reaches: TS/JS code and whole string literals, Vue <script>', () => {
    const t = "x.vbm_universal; 'vbm_universal'; `vbm_universal`; 'a vbm_universal'; // vbm_universal";
    expect(scan('a.ts', t)).toEqual([
      '1:3-16 rename vbm_universal code codemod -> has_automatic_vbm',
      '1:19-32 rename vbm_universal string codemod -> has_automatic_vbm',
      '1:36-49 rename vbm_universal string codemod -> has_automatic_vbm',
      '1:55-68 rename vbm_universal string person -> has_automatic_vbm',
      '1:74-87 rename vbm_universal comment person low -> has_automatic_vbm',
    ]);
    expect(scan('a.py', 'x.vbm_universal')).toEqual(['1:3-16 rename vbm_universal code person -> has_automatic_vbm']);
    expect(scan('a.vue', '<p>{{ vbm_universal }}</p><script>x.vbm_universal</script>')).toEqual([
      '1:7-20 rename vbm_universal code person -> has_automatic_vbm',
      '1:37-50 rename vbm_universal code codemod -> has_automatic_vbm',
    ]);
  });

  it('says why: explain’s words where the codemod rewrites, its marker’s words where it leaves a person', () => {
    const message = (file: string, text: string) => scanText(text, file, rules()).findings[0]?.message;
    const base = explain(mappings, 'vbm_universal').message;
    expect(message('a.ts', 'x.vbm_universal')).toBe(base);
    expect(message('a.py', 'x.vbm_universal')).toBe(base.replace(FIX.codemod, OUTSIDE_CODEMOD));
    expect(message('a.ts', '// vbm_universal')).toBe(
      `In a comment, which \`civic-migrate codemod\` leaves alone: update it where it documents V1 usage. ${base.replace(` ${FIX.codemod}`, '')}`,
    );
    expect(message('a.ts', "'a vbm_universal'")).toBe(
      '`vbm_universal` (in this string) is `has_automatic_vbm` in V2: change it by hand where it names the field',
    );
    expect(message('a.vue', '<p>{{ vbm_universal }}</p>')).toBe(
      "`vbm_universal` (in the <template>) is `has_automatic_vbm` in V2: the codemod rewrites code (the script, the template's expressions), not this text: change it by hand",
    );
    expect(message('a.ts', 'x.vbm_app_submission_fax')).toBe(
      "`vbm_app_submission_fax` is gone in V2: read `absentee_request_methods`' `multiselect_value` and check for `fax`",
    );
    const consolidated = explain(mappings, 'vbm_app_submission_fax').message;
    expect(message('a.sql', "'vbm_app_submission_fax'")).toBe(consolidated.replace(FIX.person, 'A person must change the code.'));
  });
});

describe('positions', () => {
  it('columns count code points; a BOM is not a column; CRLF lines', () => {
    expect(scan('a.ts', '\uFEFFx.vbm_universal')).toEqual(['1:3-16 rename vbm_universal code codemod -> has_automatic_vbm']);
    expect(scan('a.ts', "const e = '😀'; x.vbm_universal")).toEqual([
      '1:18-31 rename vbm_universal code codemod -> has_automatic_vbm',
    ]);
    expect(scan('a.ts', 'a;\r\n\tx.vbm_universal\r\n')).toEqual([
      '2:4-17 rename vbm_universal code codemod -> has_automatic_vbm',
    ]);
    const [f] = scanText('a;\r\n\tx.vbm_universal\r\n', 'a.ts', rules()).findings;
    expect(f?.excerpt).toEqual({ text: '\tx.vbm_universal', column: 4 });
  });

  it('cuts long lines (minified code) around the token in excerpts', () => {
    const line = `${'a'.repeat(300)} x.vbm_universal ${'b'.repeat(300)}`;
    const [f] = scanText(line, 'a.min.js', rules()).findings;
    expect(f?.column).toBe(304);
    expect(f?.excerpt).toEqual({ text: `…${'a'.repeat(77)} x.vbm_universal ${'b'.repeat(79)}…`, column: 82 });
    expect(excerpt(`😀${'a'.repeat(300)}`, 0, 2)).toEqual({ text: `😀${'a'.repeat(80)}…`, column: 1 });
  });
});

describe('civic-migrate-ignore comments', () => {
  it('hide the findings on their line, or on the next line; only in comments', () => {
    const text = [
      "const tab = 'early_voting'; // civic-migrate-ignore: our own tab name",
      '// civic-migrate-ignore-next-line',
      'const t: Tab = "early_voting";',
      "const s = 'civic-migrate-ignore'; x.early_voting;",
      'x.early_voting;',
    ].join('\n');
    const scan = scanText(text, 'a.ts', rules());
    expect(scan.findings.map(brief)).toEqual([
      '4:37-49 delete early_voting code person',
      '5:3-15 delete early_voting code person',
    ]);
    expect(scan.suppressed).toBe(2);
  });
});

describe('what is not a finding', () => {
  it('a slug-spelled string in a union or array of strings none of which is a slug (DOMAIN.md §6)', () => {
    const text = [
      "export type WidgetTab = 'registration' | 'early_voting' | 'election_day';",
      'const phases = ["registration", "early_voting"];',
      "type Fields = 'vbm_universal' | 'early_voting_starts' | 'early_voting';",
      "const wanted = ['early_voting', 'vbm_overview'];",
      "const labels = { early: 'early_voting', other: 'x' }; f('early_voting', 'x'); g(['early_voting', 'x'].join());",
      "type T = 'a' | `early_voting`;",
    ].join('\n');
    expect(scan('a.ts', text)).toEqual([
      '3:16-29 rename vbm_universal string codemod -> has_automatic_vbm',
      '3:58-70 delete early_voting string person',
      '4:18-30 delete early_voting string person',
      '4:34-46 rename vbm_overview string codemod -> absentee_process_summary',
      '5:26-38 delete early_voting string person',
      '5:58-70 delete early_voting string person',
    ]);
    // The same decision, one line above the statement, covers both places on line 5.
    expect(
      transformSource(text, 'a.ts')
        .output.split('\n')
        .filter((l) => l.includes('civic-migrate:')),
    ).toHaveLength(3);
  });

  it('V1 slugs known unchanged, look-alikes, V2 names, prefixes and extensions of slugs', () => {
    const text = [
      'x.early_voting_starts; x.registration_directions; x.polls_open.text;',
      "'vbm_deadline' + vbm_link + vbm_esign + external_tool_upsell + registration_nvrf_combined + specific_data + id_requirements_to_vote;",
      'x.has_automatic_vbm.bool_value; x.description; x.gov_tool_registration;',
      'early_voting_startsX; x.vbm_universal_2; $vbm_universal; vbm-universal-ish; x.vbm_universal;',
    ].join('\n');
    expect(scan('a.ts', text)).toEqual(['4:79-92 rename vbm_universal code codemod -> has_automatic_vbm']);
  });
});
