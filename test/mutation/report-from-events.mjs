#!/usr/bin/env node
/**
 * What a mutation run measured before it stopped, as a JSON report (the mutation-testing-report
 * schema that Stryker's json reporter writes and its incremental mode reads):
 *
 *   node test/mutation/report-from-events.mjs EVENTS_DIR OUT.json
 *
 * A run of a large module takes hours on two cores, and Stryker writes its report (and its
 * incremental file) only when the run ends: a run stopped early keeps nothing. With the
 * `event-recorder` reporter on (`reporters: [..., 'event-recorder'], eventReporter: { baseDir }`),
 * every tested mutant is a file in EVENTS_DIR as soon as it is tested; this turns them into a
 * report holding the tested mutants, their tests and the sources they were measured on. Given to
 * the next run as its `incrementalFile` (same commit), that run tests only the mutants this one had
 * not, and its report is the whole module's. The mutants not yet tested are left out of OUT.json
 * and counted on stdout, with each mutated file's score so far.
 *
 * The sources are read from the working tree (the run's project root): run it before the tree
 * changes, or the next run will rightly test the changed code's mutants again.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  process.stderr.write('usage: report-from-events.mjs EVENTS_DIR OUT.json\n');
  process.exit(2);
}

const events = readdirSync(dir).sort();
const read = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const dryRunFile = events.find((f) => f.endsWith('-onDryRunCompleted.json'));
const planFile = events.find((f) => f.endsWith('-onMutationTestingPlanReady.json'));
if (!dryRunFile || !planFile) {
  process.stderr.write(`report-from-events: ${dir}: no dry run or no plan recorded (was the event-recorder reporter on?)\n`);
  process.exit(2);
}
const root = process.cwd();
const rel = (file) => (isAbsolute(file) ? relative(root, file) : file).split(sep).join('/');
const source = (file) => readFileSync(join(root, file), 'utf8');

// The tests, by file, as the dry run found them; numbered, as the json reporter numbers them (a
// test's runner id is its file and full name, and a mutant lists hundreds of them).
const testFiles = {};
const number = new Map();
for (const test of read(dryRunFile).result.tests) {
  const file = rel(test.fileName ?? '');
  const id = String(number.size);
  number.set(test.id, id);
  testFiles[file] ??= { source: file ? source(file) : '', tests: [] };
  testFiles[file].tests.push({ id, name: test.name });
}
const numbered = (ids) => ids.map((id) => number.get(id) ?? id);

// Each tested mutant's result, as the json reporter writes it.
const files = {};
const tested = new Set();
for (const name of events) {
  if (!name.endsWith('-onMutantTested.json')) continue;
  let m;
  try {
    m = read(name);
  } catch {
    continue; // the last event of a run stopped while writing it
  }
  const file = rel(m.fileName);
  files[file] ??= { language: 'typescript', source: source(file), mutants: [] };
  tested.add(`${file}@${m.id}`);
  files[file].mutants.push({
    id: m.id,
    mutatorName: m.mutatorName,
    replacement: m.replacement,
    location: m.location,
    status: m.status,
    ...(m.statusReason === undefined ? {} : { statusReason: m.statusReason }),
    ...(m.static === undefined ? {} : { static: m.static }),
    ...(m.coveredBy ? { coveredBy: numbered(m.coveredBy) } : {}),
    ...(m.killedBy ? { killedBy: numbered(m.killedBy) } : {}),
    ...(m.testsCompleted === undefined ? {} : { testsCompleted: m.testsCompleted }),
  });
}

const report = {
  schemaVersion: '1.0',
  thresholds: { high: 80, low: 60 },
  projectRoot: root,
  files,
  testFiles,
};
writeFileSync(out, `${JSON.stringify(report)}\n`);

const untested = {};
for (const plan of read(planFile).mutantPlans) {
  const file = rel(plan.mutant.fileName);
  if (!tested.has(`${file}@${plan.mutant.id}`)) untested[file] = (untested[file] ?? 0) + 1;
}
for (const [file, { mutants }] of Object.entries(files)) {
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const killed = count('Killed') + count('Timeout');
  const judged = killed + count('Survived') + count('NoCoverage');
  const score = judged === 0 ? '-' : `${((100 * killed) / judged).toFixed(1)}%`;
  process.stdout.write(
    `${file}: ${mutants.length} tested (killed ${count('Killed')}, timed out ${count('Timeout')}, survived ${count('Survived')}, no coverage ${count('NoCoverage')}, ignored ${count('Ignored')}): ${score}; ${untested[file] ?? 0} not tested yet\n`,
  );
}
