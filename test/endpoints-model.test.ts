import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointModel, fillTemplate, PLACEHOLDER } from '../src/endpoints/model.js';
import { MappingError } from '../src/errors.js';
import { DEFAULT_TABLE_PATH, loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import type { MappingTable } from '../src/mapping/schema.js';

const model = endpointModel(loadMappings());
const $ = PLACEHOLDER;

/** `rewrite /v2/election/data/state/ [0,19)`, `none 2`, `ambiguous 3`, `unknown`, `route`. */
function judged(path: string, open = false): string {
  const v = model.judge(path, open);
  switch (v.kind) {
    case 'rewrite':
      return `rewrite ${v.edit.text} [${v.edit.start},${v.edit.end})${v.endpoints.some((e) => e.authChanges) ? ' auth' : ''}`;
    case 'none':
    case 'ambiguous':
      return `${v.kind} ${v.endpoints.map((e) => e.rule.v1).join(' ')}`;
    default:
      return v.kind;
  }
}

describe('the endpoint model', () => {
  it('is built from the table once: versions, hosts, roots, other services, stems', () => {
    expect(endpointModel(loadMappings())).toBe(model);
    expect([model.from, model.to]).toEqual(['v1', 'v2']);
    expect([...model.hosts]).toEqual(['api.voteamerica.org', 'api.voteamerica.com']);
    expect([...model.roots]).toEqual(['election']);
    expect(model.stems).toEqual(['/election/data/state/', '/election/field/', '/election/override/', '/election/state/']);
    expect(model.movedStems).toEqual(['/election/state/']);
  });

  it.each([
    ['/v1/election/field/', false, 'rewrite /v2/election/field/ [0,19)'],
    ['/v1/election/field', false, 'rewrite /v2/election/field [0,18)'],
    [`/v1/election/data/state/${$}/`, false, 'rewrite /v2/election/data/state/ [0,24)'],
    ['/v1/election/state/CA/', false, 'rewrite /v2/election/data/state/ [0,19) auth'],
    ['/v1/election/state/', true, 'rewrite /v2/election/data/state/ [0,19) auth'],
    ['/v1/election/state/', false, 'none /v1/election/state/'],
    ['/v1/election/field/x/', false, 'none /v1/election/field/{slug}/'],
    ['/v1/election/override/', false, 'none /v1/election/override/'],
    [
      '/v1/election/',
      true,
      'ambiguous /v1/election/field/ /v1/election/data/state/{state}/ /v1/election/state/{state}/ /v1/election/state/ /v1/election/field/{slug}/ /v1/election/override/',
    ],
    ['/v1/election/', false, 'unknown'],
    ['/v1/election/results/', false, 'unknown'],
    ['/v1/election/state/:state/', false, 'route'],
  ])('judges %j (open: %s): %s', (path, open, expected) => {
    expect(judged(path, open)).toBe(expected);
  });

  it('finds the V1 endpoint of a concrete path, with or without its trailing slash', () => {
    expect(model.find('/v1/election/state/CA/')?.rule.v1).toBe('/v1/election/state/{state}/');
    expect(model.find('/v1/election/field')?.rule.v1).toBe('/v1/election/field/');
    expect(model.find('/v1/election/nope/')).toBeUndefined();
  });

  it('gives the client and the server their routes: by resource, and by request path', () => {
    expect(model.route('v2', 'state')?.template.text).toBe('/v2/election/data/state/{state}/');
    expect(model.route('v1', 'state', 'none')?.template.text).toBe('/v1/election/state/{state}/');
    expect(model.route('v1', 'state', 'basic')?.template.text).toBe('/v1/election/data/state/{state}/');
    // V1 never served overrides: the row is there for code that calls it, not as a route.
    expect(model.route('v1', 'overrides')).toBeUndefined();
    expect(model.route('v2', 'overrides')?.auth).toBe('basic');
    const hit = model.match('/v2/election/data/state/WI/');
    expect([hit?.route.resource, hit?.params]).toEqual(['state', { state: 'WI' }]);
    expect(model.match('/v2/election/data/state/WI')).toBeUndefined();
    expect(fillTemplate(model.route('v2', 'state')!.template, { state: 'a/b' })).toBe('/v2/election/data/state/a%2Fb/');
  });
});

describe('endpoint sections of the table are checked against each other', () => {
  const raw = JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8')) as MappingTable;
  const rejection = (edit: (t: MappingTable) => void) => {
    const table = structuredClone(raw);
    edit(table);
    try {
      mappingsFromJson(table, 't.json');
    } catch (error) {
      expect(error).toBeInstanceOf(MappingError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('a V2 path that V2 does not serve, a resource that differs from its twin, a V2 endpoint listed twice', () => {
    expect(
      rejection((t) => {
        (t.endpoints[0] as { v2: string }).v2 = '/v2/election/fields/';
      }),
    ).toBe('t.json: $.endpoints[0]: "v2" /v2/election/fields/ is not in "v2Endpoints"');
    expect(
      rejection((t) => {
        (t.endpoints[0] as { resource: string }).resource = 'state';
      }),
    ).toBe('t.json: $.endpoints[0]: resource "state" differs from its V2 twin\'s ("field-list")');
    expect(rejection((t) => t.v2Endpoints.push(structuredClone(t.v2Endpoints[0]!)))).toBe(
      't.json: $.v2Endpoints[3]: duplicate endpoint "/v2/election/field/"',
    );
  });
});
