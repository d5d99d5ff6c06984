import { LineIndex } from '../findings/position.js';
import { PayloadError } from './diagnostics.js';

/**
 * Parses JSON text (a leading BOM is ignored). Invalid JSON throws a `PayloadError` saying the line and
 * column of the first problem: Node's own messages do not always carry a position, so on failure a
 * small scanner finds it.
 */
export function parseJson(text: string, source?: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const found = locateJsonError(body);
    const offset = found?.offset ?? body.length;
    const { line, column } = new LineIndex(body).position(offset);
    const problem = found?.problem ?? (error as Error).message;
    throw new PayloadError('$', `not valid JSON: ${problem}`, { source, line, column, cause: error });
  }
}

class JsonSyntax {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset and reason of the first syntax error in `text`, or undefined if it is valid JSON. */
export function locateJsonError(text: string): { offset: number; problem: string } | undefined {
  let i = 0;
  const describe = (at: number) => (at >= text.length ? 'the end of the input' : `${JSON.stringify(text[at])}`);
  const fail = (what: string, at = i): never => {
    throw new JsonSyntax(at, `expected ${what}, found ${describe(at)}`);
  };
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) throw new JsonSyntax(i, 'a control character inside a string (write it as an escape)');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new JsonSyntax(i, 'a bad \\u escape in a string');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new JsonSyntax(i, 'a bad escape in a string');
      } else i++;
    }
    throw new JsonSyntax(text.length, 'a string that is never closed');
  };
  const value = (depth: number): void => {
    if (depth > 10_000) throw new JsonSyntax(i, 'nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail("':'");
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail("',' or ']'");
      }
    }
    if (c === '"') {
      string();
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m) {
      i += m[0].length;
      return;
    }
    fail('a value');
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail('the end of the input');
    return undefined;
  } catch (error) {
    if (error instanceof JsonSyntax) return { offset: error.offset, problem: error.problem };
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
