/**
 * A value made on first use, then kept. The table's zod schemas are made this way: building them is
 * a few milliseconds of every start, and only a run that validates something (a table given with
 * `--mappings`, a config file) uses them; the bundled table is trusted by its digest.
 */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
