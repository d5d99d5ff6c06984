/** Markdown inline code, the way every message quotes a slug, path or property. */
export const code = (s: string) => `\`${s}\``;

/** `a`, `a and b`, `a, b and c`, each in inline code. */
export const list = (items: readonly string[]) =>
  items.length <= 1 ? items.map(code).join('') : `${items.slice(0, -1).map(code).join(', ')} and ${code(items.at(-1) as string)}`;
