/** Levenshtein distance with an early exit once every cell of a row exceeds `max`. */
function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  // Stryker disable next-line ConditionalExpression: equivalent (an early exit: the full distance is above max too)
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur.push(v);
      // Stryker disable next-line EqualityOperator: equivalent (`<=` keeps the same minimum)
      if (v < rowMin) rowMin = v;
    }
    // Stryker disable next-line ConditionalExpression: equivalent (an early exit: the distance only grows)
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/**
 * The known names closest to `query`: by edit distance (at most a third of its length), then
 * names that contain it or that it contains; at most `limit`, best first.
 */
export function closest(query: string, names: Iterable<string>, limit = 3): string[] {
  const q = query.toLowerCase();
  const max = Math.max(2, Math.floor(q.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const d = editDistance(q, name, max);
    if (d <= max) scored.push({ name, score: d });
    else if (q.length >= 4 && (name.includes(q) || q.includes(name)))
      scored.push({ name, score: max + 1 + Math.abs(name.length - q.length) / 100 });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((s) => s.name);
}
