/**
 * lodash and underscore on the API's data (src/roles/tracker.ts' library summary): what each
 * function returns (an element, the same list, an object keyed by an iteratee, groups), what its
 * callback gets, and the property names it is given as strings, arrays of strings or objects to
 * match. In process, one file each, exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const HOST = "const HOST = 'https://api.voteamerica.org';";
const FIELDS = "fetch(HOST + '/v1/election/field/').then((r) => r.json())";
const STATE = "fetch(HOST + '/v1/election/data/state/CA/').then((r) => r.json())";

const migrated = (lines: string[]) =>
  transformSource([HOST, ...lines].join('\n'), 'app.js')
    .output.split('\n')
    .slice(1);

describe('lodash and underscore on the API data', () => {
  const cases: Record<string, [string[], string[]]> = {
    'a property name as iteratee (`_.map`)': [
      ["import _ from 'lodash';", `export const f = () => ${FIELDS}.then((fields) => _.map(fields, 'long_name'));`],
      [
        "import _ from 'lodash';",
        `export const f = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.map(fields, 'description'));`,
      ],
    ],
    'a list returned, its own names (`sortBy` imported by name, an array of names)': [
      [
        "import { sortBy } from 'lodash';",
        `export const f = () => ${FIELDS}.then((fields) => sortBy(fields, ['long_name', 'slug']).map((f) => f.long_name));`,
      ],
      [
        "import { sortBy } from 'lodash';",
        `export const f = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => sortBy(fields, ['description', 'slug']).map((f) => f.description));`,
      ],
    ],
    'an object to match, and the element found': [
      [
        "const _ = require('lodash');",
        `exports.f = () => ${STATE}.then((s) => _.find(s.state_information, { field_type: 'vbm_no_excuse' }).value);`,
        `exports.g = () => ${FIELDS}.then((fields) => _.find(fields, { long_name: 'Early voting' }));`,
      ],
      [
        "const _ = require('lodash');",
        `exports.f = () => ${STATE.replace('/v1/', '/v2/')}.then((s) => _.find(s.state_information, { field_type: 'has_no_excuse_absentee' }).bool_value);`,
        `exports.g = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.find(fields, { description: 'Early voting' }));`,
      ],
    ],
    '`keyBy` from its own module: a member by slug is an element': [
      [
        "import keyBy from 'lodash/keyBy';",
        `export const f = () => ${STATE}.then((s) => keyBy(s.state_information, 'field_type').vbm_no_excuse.value);`,
      ],
      [
        "import keyBy from 'lodash/keyBy';",
        `export const f = () => ${STATE.replace('/v1/', '/v2/')}.then((s) => keyBy(s.state_information, 'field_type').has_no_excuse_absentee.bool_value);`,
      ],
    ],
    '`groupBy`: each group is a list of elements': [
      [
        "import _ from 'lodash-es';",
        `export const f = () => ${FIELDS}.then((fields) => _.groupBy(fields, 'field_format').Boolean.map((x) => x.long_name));`,
      ],
      [
        "import _ from 'lodash-es';",
        `export const f = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.groupBy(fields, 'field_format').Boolean.map((x) => x.description));`,
      ],
    ],
    'a callback iteratee, and what `map` returns': [
      [
        "import _ from 'underscore';",
        `export const f = () => ${FIELDS}.then((fields) => _.map(fields, (d) => d).map((d) => d.long_name));`,
        `export const g = () => ${FIELDS}.then((fields) => _.reduce(fields, (acc, d) => acc + d.long_name, ''));`,
      ],
      [
        "import _ from 'underscore';",
        `export const f = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.map(fields, (d) => d).map((d) => d.description));`,
        `export const g = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.reduce(fields, (acc, d) => acc + d.description, ''));`,
      ],
    ],
    "`_.get` and `_.pick` on one object, and underscore's `pluck`": [
      [
        "const _ = require('underscore');",
        `exports.f = () => ${FIELDS}.then((fields) => fields.map((d) => _.get(d, 'long_name')));`,
        `exports.g = () => ${FIELDS}.then((fields) => _.pick(fields[0], ['slug', 'long_name']));`,
        `exports.h = () => ${FIELDS}.then((fields) => _.pluck(fields, 'long_name'));`,
      ],
      [
        "const _ = require('underscore');",
        `exports.f = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => fields.map((d) => _.get(d, 'description')));`,
        `exports.g = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.pick(fields[0], ['slug', 'description']));`,
        `exports.h = () => ${FIELDS.replace('/v1/', '/v2/')}.then((fields) => _.pluck(fields, 'description'));`,
      ],
    ],
  };

  it.each(Object.keys(cases))('%s', (name) => {
    const [input, output] = cases[name] as [string[], string[]];
    expect(migrated(input)).toEqual(output);
  });

  it('left alone: data that is not the API', () => {
    const lines = ["import _ from 'lodash';", "export const f = (things) => _.map(things, 'long_name');"];
    expect(migrated(lines)).toEqual(lines);
  });
});
