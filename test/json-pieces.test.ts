import { describe, expect, it } from 'vitest';
import { jsonPieces, PIECE_CHARS } from '../src/json-pieces.js';

/** Values of every shape `JSON.stringify` treats in its own way, at the depths `jsonPieces` splits. */
const finding = {
  file: 'src/a.ts',
  line: 3,
  message: 'two\nlines, "quoted"',
  tags: ['x', 'y'],
  nested: { a: [1, { b: [] }], e: {} },
};
const VALUES: unknown[] = [
  null,
  0,
  -0,
  1e21,
  'text\nwith "quotes" and \u0000',
  true,
  [],
  {},
  [undefined, () => 1, Symbol('s'), null, Number.NaN],
  { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
  { only: undefined },
  { when: new Date(0), boxed: new String('s'), n: new Number(2), off: new Boolean(false) },
  { custom: { toJSON: () => undefined }, kept: { toJSON: () => [1, 2] } },
  { empty: [], list: [finding, [], {}, [1, [2]]], one: [finding] },
  [finding, { deeper: [finding] }, [[]]],
  { findings: Array.from({ length: 500 }, (_, i) => ({ ...finding, line: i })), after: { x: 1 } },
  new Map([[1, 2]]),
  // An array with its own toJSON is written as what it gives, at any level.
  Object.assign([1, 2], { toJSON: () => 'x' }),
  { list: Object.assign([1, 2], { toJSON: () => ({ y: [3] }) }), holes: new Array(3).fill(1, 0, 1) },
  // SARIF's shape: the results four levels in.
  { version: '2.1.0', runs: [{ tool: { driver: { rules: [{ id: 'a' }] } }, results: [finding, finding], empty: [] }] },
];

describe('jsonPieces', () => {
  it("is exactly JSON.stringify's text, compact and indented, for values of every shape", () => {
    for (const value of VALUES)
      for (const indent of [0, 2] as const)
        expect([...jsonPieces(value, indent)].join('')).toBe(JSON.stringify(value, null, indent));
  });

  it('cuts a large array into pieces of at least PIECE_CHARS each but the last', () => {
    const big = { findings: Array.from({ length: 500 }, (_, i) => ({ ...finding, line: i })) };
    const pieces = [...jsonPieces(big, 2)];
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(PIECE_CHARS);
    expect(pieces.join('')).toBe(JSON.stringify(big, null, 2));
    // Four levels down (SARIF's results), with `depth` 4; at depth 2 the one run is a single part
    // (the piece that holds it, then `\n  ]\n}`).
    const sarif = { runs: [{ results: big.findings }] };
    expect([...jsonPieces(sarif, 2, 4)].length).toBeGreaterThan(2);
    expect([...jsonPieces(sarif, 2, 2)].map((p) => p.length)).toEqual([JSON.stringify(sarif, null, 2).length - 6, 6]);
  });
});
