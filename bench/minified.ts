/**
 * Codemod cost against file size: one minified, one-line bundle with V1 references throughout
 * (renames, Boolean `value` reads, `long_name`, endpoint URLs, deleted slugs that get markers), at
 * 200 KB and 2 MB of the same content. A transform whose cost is linear in the file's size takes
 * about 10× as long for the second; the target is at most ~10× (issue 10).
 *
 *   npx tsx bench/minified.ts            # 200 KB and 2 MB
 *   npx tsx bench/minified.ts 200 512    # sizes in KB
 */
import { transformSource } from '../src/codemod/transform.js';
import { loadMappings } from '../src/mapping/load.js';

/** One module-sized chunk of minified V1 integration code (no line breaks). */
const CHUNK = [
  'var a=function(r){return r.state_information.reduce(function(m,i){return m[i.field_type]=i,m},{})};',
  'function b(s){var m=a(s);return{noExcuse:m.vbm_no_excuse.value,universal:m["vbm_universal"].value,',
  'tracker:m.external_tool_absentee_ballot_tracker.text,register:m.external_tool_ovr.text,',
  'fax:m.vbm_app_submission_fax.text==="True",early:m.early_voting.text,notes:m.vbm_notes.text}}',
  'function c(f){return f.map(function(d){return{slug:d.slug,label:d.long_name,format:d.field_format}})}',
  'var u="https://api.voteamerica.org/v1/election/field/",v=function(c){return"/v1/election/data/state/"+c+"/"};',
  'function d(s){return s.state_information.find(function(i){return i.field_type==="sdr_election_day"}).value}',
  'var k=["alert_vbm","id_requirements_ovr","official_info_vbm","registration_rules"];',
].join('');

/** A one-line bundle of about `kb` kilobytes. */
export function minifiedBundle(kb: number): string {
  const parts: string[] = ['!function(){'];
  let size = parts[0]!.length;
  for (let i = 0; size < kb * 1024; i++) {
    const chunk = CHUNK.replaceAll(/\b([abcdv])\(/g, `$1${i}(`)
      .replaceAll(/function ([abcd])\(/g, `function $1${i}(`)
      .replaceAll(/var ([auv])=/g, `var $1${i}=`);
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push('}();');
  return parts.join('');
}

function time(text: string): { ms: number; changes: number; markers: number } {
  const started = performance.now();
  const r = transformSource(text, 'bundle.min.js', { mappings: loadMappings() });
  const ms = performance.now() - started;
  if (r.error) throw new Error(r.error);
  return { ms, changes: r.changes.length, markers: r.markers.length };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() as string)) {
  const sizes = process.argv.slice(2).map(Number);
  time(minifiedBundle(20)); // warm up: TypeScript loaded, the plan built
  const results: { kb: number; ms: number; changes: number; markers: number }[] = [];
  for (const kb of sizes.length ? sizes : [200, 2048]) {
    const text = minifiedBundle(kb);
    const best = [0, 1].map(() => time(text)).sort((x, y) => x.ms - y.ms)[0]!;
    results.push({ kb, ...best });
    console.log(`${kb} KB: ${best.ms.toFixed(0)} ms (${best.changes} rewrites, ${best.markers} markers)`);
  }
  if (results.length >= 2) {
    const [small, big] = [results[0]!, results.at(-1)!];
    console.log(
      `size ×${(big.kb / small.kb).toFixed(1)} → time ×${(big.ms / small.ms).toFixed(1)} (linear: ≈×${(big.kb / small.kb).toFixed(1)}; target ≤ ×10)`,
    );
  }
}
