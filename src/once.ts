/**
 * A value made on first use, then kept (an undefined value too). The table's zod schemas are made
 * this way: building them is a few milliseconds of every start, and only a run that validates
 * something (a table given with `--mappings`, a config file) uses them; the bundled table is
 * trusted by its digest. So are what the role engine computes only when asked, and the adapter's
 * latest modification time.
 */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
