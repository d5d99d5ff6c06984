import type { HistoryPoint } from './finding.js';

/** A small line chart of the points (total, codemod, person), as an SVG element; escaped data only. */
export function historySvg(points: readonly HistoryPoint[], width = 480, height = 120): string {
  const max = Math.max(1, ...points.map((p) => p.findings));
  const x = (i: number) => (points.length <= 1 ? width / 2 : 30 + (i * (width - 40)) / (points.length - 1));
  const y = (n: number) => height - 20 - (n * (height - 35)) / max;
  const line = (pick: (p: HistoryPoint) => number, color: string, label: string) =>
    `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map((p, i) => `${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ')}"><title>${label}</title></polyline>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="V1 usage over ${points.length} commits: from ${points[0]?.findings ?? 0} to ${points.at(-1)?.findings ?? 0} findings">
<line x1="30" y1="${height - 20}" x2="${width - 10}" y2="${height - 20}" stroke="#888"/><text x="2" y="${y(max) + 4}" font-size="10" fill="#888">${max}</text><text x="2" y="${height - 16}" font-size="10" fill="#888">0</text>
${line((p) => p.findings, '#0969da', 'all findings')}
${line((p) => p.codemod, '#1a7f37', 'for the codemod')}
${line((p) => p.person, '#cf222e', 'for a person')}
</svg>`;
}
