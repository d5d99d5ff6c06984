import type { z } from 'zod';

/** Whether a value is valid for a schema: the answer of `schema.safeParse(value).success`, without building the parsed copy. */
export type Check = (value: unknown) => boolean;

/**
 * The check of a zod schema, generated from the schema's definition (zod 4's `_zod.def`, the
 * documented way for libraries to read a schema): `safeParse` clones every object it accepts, which
 * costs more than the adapter's whole conversion, while the adapter needs only a yes or no before it
 * converts (zod names the problem when the answer is no).
 *
 * The check is compiled to JavaScript source, as zod's own object fast path and ajv do: one function
 * per object or array of the schema, straight-line property tests, as fast as a hand-written check
 * (a tree of closures, or an interpreter over the definition, cost the adapter 20–40% more, measured).
 * Where code generation is not allowed, closures answer (`interpreted`: slower, same answer). It covers the constructs the payload schemas use — loose objects,
 * strings with `min` and `regex`, booleans, arrays, `optional`, `nullable`, `unknown` — and throws on
 * any other, so a schema change the generator cannot follow fails at its first check (and in the suite),
 * never as a wrong answer. A differential property test holds every generated check to `safeParse`.
 */
export function checkOf(schema: z.ZodType): Check {
  const { source, patterns } = compile(schema);
  try {
    return new Function('patterns', source)(patterns) as Check;
  } catch (error) {
    // Code generation refused (a Content-Security-Policy without 'unsafe-eval', node
    // --disallow-code-generation-from-strings): the same checks as closures (slower, same answers,
    // and, unlike zod's safeParse, stopping at the first bad place).
    if (error instanceof EvalError) return interpreted(schema);
    throw error;
  }
}

/** `checkOf` without code generation: one closure per node of the schema, the same tests as the compiled source. */
export function interpreted(schema: z.core.$ZodType): Check {
  const def = schema._zod.def as z.core.$ZodTypeDef;
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'string': {
      const { min, pattern } = stringChecks(def as z.core.$ZodStringDef);
      return (v) => typeof v === 'string' && v.length >= min && (!pattern || pattern.test(v));
    }
    case 'optional': {
      const inner = interpreted((def as z.core.$ZodOptionalDef).innerType);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = interpreted((def as z.core.$ZodNullableDef).innerType);
      return (v) => v === null || inner(v);
    }
    case 'array': {
      if (isUnknown((def as z.core.$ZodArrayDef).element)) return Array.isArray;
      const element = interpreted((def as z.core.$ZodArrayDef).element);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'object': {
      const object = def as z.core.$ZodObjectDef;
      if (object.catchall?._zod.def.type !== 'unknown')
        throw new Error('checkOf: the payload check generator handles loose objects only (z.looseObject)');
      const properties = Object.keys(object.shape).map(
        (key) => [key, interpreted(object.shape[key] as z.core.$ZodType)] as const,
      );
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        for (const [key, check] of properties) if (!check((v as Record<string, unknown>)[key])) return false;
        return true;
      };
    }
    default:
      throw new Error(`checkOf: the payload check generator does not handle zod type "${def.type}"`);
  }
}

const isUnknown = (schema: z.core.$ZodType) => schema._zod.def.type === 'unknown';

interface Compiled {
  readonly source: string;
  readonly patterns: readonly RegExp[];
}

function compile(schema: z.core.$ZodType): Compiled {
  const functions: string[] = [];
  const patterns: RegExp[] = [];

  /** A function named for `s` with `body` (built after the name is taken: inner functions come after); returns its name. */
  const declare = (body: () => string): string => {
    const at = functions.push('') - 1;
    const name = `check${at}`;
    functions[at] = `function ${name}(v) {\n${body()}\n}`;
    return name;
  };
  /** A function checking one value against `s`; returns its name. */
  const fn = (s: z.core.$ZodType): string => declare(() => `  return ${test(s, 'v')};`);

  /** A boolean expression saying whether the value in variable `v` holds to `s`. */
  const test = (s: z.core.$ZodType, v: string): string => {
    const def = s._zod.def as z.core.$ZodTypeDef;
    switch (def.type) {
      case 'unknown':
        return 'true';
      case 'boolean':
        return `typeof ${v} === "boolean"`;
      case 'string': {
        const { min, pattern } = stringChecks(def as z.core.$ZodStringDef);
        let out = `typeof ${v} === "string"`;
        if (min > 0) out += ` && ${v}.length >= ${min}`;
        if (pattern) out += ` && patterns[${patterns.push(pattern) - 1}].test(${v})`;
        return out;
      }
      case 'optional':
        return `(${v} === undefined || ${test((def as z.core.$ZodOptionalDef).innerType, v)})`;
      case 'nullable':
        return `(${v} === null || ${test((def as z.core.$ZodNullableDef).innerType, v)})`;
      case 'array': {
        // An array of anything is any array: no loop over its length (a sparse array's may be 10⁸).
        if (isUnknown((def as z.core.$ZodArrayDef).element)) return `Array.isArray(${v})`;
        // Every index, holes too (zod reads a hole as undefined; `every` would skip it).
        const element = fn((def as z.core.$ZodArrayDef).element);
        const array = declare(
          () =>
            `  if (!Array.isArray(v)) return false;\n  for (let i = 0; i < v.length; i++) if (!${element}(v[i])) return false;\n  return true;`,
        );
        return `${array}(${v})`;
      }
      case 'object': {
        const object = def as z.core.$ZodObjectDef;
        if (object.catchall?._zod.def.type !== 'unknown')
          throw new Error('checkOf: the payload check generator handles loose objects only (z.looseObject)');
        const properties = Object.keys(object.shape).map((key) => {
          const inner = fn(object.shape[key] as z.core.$ZodType);
          return ` && ${inner}(${v}[${JSON.stringify(key)}])`;
        });
        return `(typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v})${properties.join('')})`;
      }
      default:
        throw new Error(`checkOf: the payload check generator does not handle zod type "${def.type}"`);
    }
  };

  const root = fn(schema);
  return { source: `${functions.join('\n')}\nreturn ${root};`, patterns };
}

function stringChecks(def: z.core.$ZodStringDef): { min: number; pattern: RegExp | undefined } {
  let min = 0;
  let pattern: RegExp | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as z.core.$ZodCheckDef & { minimum?: number; format?: string; pattern?: RegExp };
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    else if (c.check === 'string_format' && c.format === 'regex' && c.pattern && !pattern) pattern = c.pattern;
    else throw new Error(`checkOf: the payload check generator does not handle the string check "${c.check}"`);
  }
  return { min, pattern };
}

/** Where a value first fails a schema: the path to the smallest part that fails, that part's schema and value. */
export interface Problem {
  readonly path: readonly (string | number)[];
  readonly schema: z.core.$ZodType;
  readonly value: unknown;
}

const checks = new WeakMap<z.core.$ZodType, Check>();
/** `checkOf`, generated once per schema. */
export const cachedCheck = (schema: z.core.$ZodType): Check => {
  let check = checks.get(schema);
  if (!check) {
    check = checkOf(schema as z.ZodType);
    checks.set(schema, check);
  }
  return check;
};

/**
 * The first place a value fails a schema, found by the generated checks going down the schema's
 * objects and arrays (the first failing property, the first failing index, holes too), so that
 * naming the problem costs nothing more than checking it: zod then describes that one small part,
 * never a list of every bad item (a file of ten million bad items made zod record ten million
 * issues). Undefined when the value is valid.
 */
export function firstProblem(schema: z.core.$ZodType, value: unknown): Problem | undefined {
  if (cachedCheck(schema)(value)) return undefined;
  const path: (string | number)[] = [];
  let s = schema;
  let v = value;
  for (;;) {
    const def = s._zod.def as z.core.$ZodTypeDef;
    if ((def.type === 'optional' && v !== undefined) || (def.type === 'nullable' && v !== null)) {
      s = (def as z.core.$ZodOptionalDef).innerType;
      continue;
    }
    if (def.type === 'array' && Array.isArray(v)) {
      const element = (def as z.core.$ZodArrayDef).element;
      const ok = cachedCheck(element);
      let i = 0;
      while (i < v.length && ok(v[i])) i++;
      if (i === v.length) return { path, schema: s, value: v };
      path.push(i);
      s = element;
      v = v[i];
      continue;
    }
    if (def.type === 'object' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const key = Object.keys(shape).find((k) => !cachedCheck(shape[k] as z.core.$ZodType)((v as Record<string, unknown>)[k]));
      if (key === undefined) return { path, schema: s, value: v };
      path.push(key);
      s = shape[key] as z.core.$ZodType;
      v = (v as Record<string, unknown>)[key];
      continue;
    }
    return { path, schema: s, value: v };
  }
}
