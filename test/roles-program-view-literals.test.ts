/**
 * Functions kept in object literals a name holds without a type the checker gives
 * (`Object.freeze({…})` without library files, `{ ...helpers }`): a call reaches the member of its
 * own name only. A survivor of the mutation run of `program-view.ts`' `calleesOf` (f594a5d), checked
 * with the mutant applied.
 */
import { describe, expect, it } from 'vitest';
import { changedLines } from './helpers/program.js';

const API = "export const load = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());\n";
const MOVED = [
  "-export const load = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());",
  "+export const load = () => fetch('https://api.voteamerica.org/v2/election/field/').then((r) => r.json());",
];

describe('a call on an object literal the checker cannot type', () => {
  it('reaches the member of its name only: another function of the object, given the program’s own list, stays', async () => {
    const main = `import { load } from './api.js';
const k = Object.freeze({
  show(list) { return list.map((f) => f.long_name); },
  mine(list) { return list.map((f) => f.long_name); },
});
export async function go() {
  return [k.show(await load()), k.mine([{ long_name: 'own' }])];
}
`;
    expect(await changedLines({ 'api.js': API, 'main.js': main })).toEqual([
      MOVED,
      ['-  show(list) { return list.map((f) => f.long_name); },', '+  show(list) { return list.map((f) => f.description); },'],
    ]);
  });
});
