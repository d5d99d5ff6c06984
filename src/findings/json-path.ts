/**
 * Where in a JSON document, said the same way by every tool: `$`, `$.state_information[3].text`,
 * `$[0]["odd key"]` (JSONPath's notation). Used for payload errors, API responses, dataset files,
 * mapping tables, config and baseline files.
 *
 * `label`, when given, may add words after a segment: the mapping table names a row by its slug
 * (`$.slugs[3] (rename "x").v2`), so a user finds it in the file.
 */
export function jsonPath(
  segments: readonly PropertyKey[],
  label?: (prefix: readonly PropertyKey[]) => string | undefined,
): string {
  let out = '$';
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (typeof s === 'number') out += `[${s}]`;
    else if (typeof s === 'string' && isIdentifierName(s)) out += `.${s}`;
    else out += `[${JSON.stringify(String(s))}]`;
    const words = label?.(segments.slice(0, i + 1));
    if (words) out += ` ${words}`;
  }
  return out;
}

/** Whether a name can stand as a plain (ASCII) identifier: a JSON path's `.name`, a property renamed in code. */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** The value at a path of a parsed JSON document, or undefined. */
export function valueAt(document: unknown, segments: readonly PropertyKey[]): unknown {
  let node = document;
  for (const key of segments) node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

/**
 * Where and what a schema found wrong first, as one line: `$.state_information[3].text: expected a
 * string` (`$: <fallback>` when the error names no issue).
 */
export function firstIssue(
  error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] },
  fallback = 'invalid',
): string {
  const issue = error.issues[0];
  return `${jsonPath(issue?.path ?? [])}: ${issue?.message ?? fallback}`;
}
