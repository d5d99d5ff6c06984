import type { z } from 'zod';

/** Whether a value is valid for a schema: the answer of `schema.safeParse(value).success`, without building the parsed copy. */
export type Check = (value: unknown) => boolean;

/**
 * The check of a zod schema, generated from the schema's definition (zod 4's `_zod.def`, the
 * documented way for libraries to read a schema): `safeParse` clones every object it accepts, which
 * costs more than the adapter's whole conversion, while the adapter needs only a yes or no before it
 * converts (zod names the problem when the answer is no). Covers the constructs the payload schemas
 * use — loose objects, strings with `min` and `regex`, booleans, arrays, `optional`, `nullable`,
 * `unknown` — and throws on any other, so a schema change the generator cannot follow fails at load
 * (and in the suite), never as a wrong answer. A differential property test holds every generated
 * check to `safeParse`.
 */
export function checkOf(schema: z.core.$ZodType): Check {
  const def = schema._zod.def as z.core.$ZodTypeDef;
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'string':
      return stringCheck(def as z.core.$ZodStringDef);
    case 'optional': {
      const inner = checkOf((def as z.core.$ZodOptionalDef).innerType);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = checkOf((def as z.core.$ZodNullableDef).innerType);
      return (v) => v === null || inner(v);
    }
    case 'array': {
      const element = checkOf((def as z.core.$ZodArrayDef).element);
      return (v) => Array.isArray(v) && v.every(element);
    }
    case 'object':
      return objectCheck(def as z.core.$ZodObjectDef);
    default:
      throw new Error(`checkOf: the payload check generator does not handle zod type "${def.type}"`);
  }
}

function stringCheck(def: z.core.$ZodStringDef): Check {
  let min = 0;
  let pattern: RegExp | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as z.core.$ZodCheckDef & { minimum?: number; format?: string; pattern?: RegExp };
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    else if (c.check === 'string_format' && c.format === 'regex' && c.pattern && !pattern) pattern = c.pattern;
    else throw new Error(`checkOf: the payload check generator does not handle the string check "${c.check}"`);
  }
  if (pattern) {
    const re = pattern;
    return (v) => typeof v === 'string' && v.length >= min && re.test(v);
  }
  return min > 0 ? (v) => typeof v === 'string' && v.length >= min : (v) => typeof v === 'string';
}

/** A loose object (extra properties allowed, of any value): each listed property holds to its check. */
function objectCheck(def: z.core.$ZodObjectDef): Check {
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== 'unknown') throw new Error('checkOf: the payload check generator handles loose objects only (z.looseObject)');
  const keys = Object.keys(def.shape);
  const checks = keys.map((key) => checkOf(def.shape[key] as z.core.$ZodType));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) if (!(checks[i] as Check)(o[keys[i] as string])) return false;
    return true;
  };
}
