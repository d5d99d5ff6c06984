/**
 * Mutation testing of the modules that decide things (`npm run test:mutation`; a developer's
 * command, not CI's). Incremental: a rerun tests only the mutants whose code or tests changed
 * (the state is kept in bench/.work/mutation/, ignored by git). `STRYKER_MUTATE` narrows a run to
 * globs (`STRYKER_MUTATE=src/mapping/closest.ts npm run test:mutation`).
 *
 * Tests that spawn the built CLI (dist/) do not see a mutant of src/: those mutants are judged by
 * the in-process tests only, and the files made only of such tests are left out of the runs
 * (test/mutation/vitest.config.ts), which static mutants would otherwise pay for.
 *
 * Equivalent mutants (no observable difference), where a `// Stryker disable` comment would hide
 * real ones on the same line:
 * - src/mapping/closest.ts, the containment score's `/ 100` → `* 100`: it orders the containing
 *   names alike, and all of them stay after every close spelling (whose score is at most max);
 * - src/rules/format.ts, `list`'s `join('')` → any string: it joins at most one item;
 * - src/codemod/decide.ts, what the table's design makes unobservable: `onSlugName`'s
 *   `action.kind === 'none'` → false or "" (only an `unchanged` row gives none, and it is not
 *   actionable: `onSlugName` sees actionable names only), and for the same reason `rule &&
 *   m.actionableV1.has(…)` → `||` in `onName` and both string loops, and the string loop's
 *   `action.kind === 'mark'` → true (at `'string'` every actionable kind marks); `tokenText`'s
 *   name test → true (every marker without its token is at a name); the collision guard's place
 *   test → true (an access's or element's parent is never an object literal or a pattern, whose
 *   names it reads) and `memberOf` for a shorthand (its parent either way); `n ? JSON.stringify(n) : ''`'s empty key
 *   (never read: no note, no marker); in `byRoles`, `if (!holder) return false` → false (no holder
 *   has no roles: the verdict is none) and the civic owner's `return true` → false (`doubt` asks the owner again and says nothing of a civic one), `facts.some` → `every` (a
 *   verdict's facts share the strongest strength) and `strengthOf('request')` → `strengthOf('')`
 *   (every step but a shape and a slug-named member is of that strength); `doubt`'s `a.longName
 *   !== 'auto'` → false (`always` and `never` never ask it: the first renames, the second's files are
 *   not about the API);
 * - src/codemod/role-verdict.ts: `mine.length === 0` → false (a slug-named member's role is an
 *   item's, so at that strength `mine` is never empty; elsewhere an empty `mine` ends as keep with
 *   no facts, and a keep's facts are not read) and the slug-member branch's keep → "" (only item
 *   rules reach it, and `doubt` says nothing of those);
 * - src/roles/role.ts and src/roles/url-value.ts: the spelling of a key beyond what tells keys apart
 *   (the empty text of an absent slug, base or path, or of a role that is not weak or does not stay
 *   → another string; a URL value's kind in its key → "": the kind follows from the text and the
 *   parts, which the key holds): a key must be equal for equal inputs and differ otherwise, which
 *   test/roles-url-value.test.ts asserts, and nothing reads its text; in url-value.ts also the port's
 *   `$` (a host has no `/`, so digits after a colon end it), the leading slash's `^` in `after` (it
 *   starts with `/`, `?`, `#` or a placeholder, so only a first `/` can go), and the version guards of
 *   `pathAfterVersion` and `routesOf` (a URL without a version has no `/undefined` in it, and only
 *   versioned URLs are asked for routes);
 * - src/roles/config-sources.ts, what the virtual module's own making guarantees: every file gives a
 *   root (`!root` → false), an env file's root is an object (`isObjectLiteralExpression` → true), one
 *   object's keys are all strings or all positions (`every` → `some`), the module's one statement is a
 *   parenthesized expression (its guard), and only a value's string literal starts where a value does
 *   (`isStringLiteral` → true); src/roles/evidence.ts, `steps.length <= MAX_STEPS` → `<` (a chain of
 *   exactly ten is cut to the same ten);
 * - src/payload/upgrade.ts, what no valid table or V1 payload reaches: the fold's
 *   `new Array(order.length).fill(false)` → `new Array()` (a hole reads false), `at >= 0` → true and
 *   `i < order.length` → `<=` (every option is in `optionOrder`; an index past the end reads
 *   undefined); `deleted.length > 0` → true/`>=` (the loop over none does nothing); the footnote join's
 *   `before === ''` → true (a V1 item has no footnotes, and the table gives each V2 field at most one
 *   notes field); in `duplicate`, `k < index` → true/`<=` and `j < 0` → false (the first match is an
 *   earlier item) and the `targetOfSlug(…) === target` half (no two V1 slugs share a target:
 *   `targetOfSlug`'s own mutants too); the group slug already in the record (`out.has(slug)`, a V2 slug
 *   the record check refuses first); `members.length === 0` → false (the ordered map places the group
 *   either way); `'v2'` → "" in `writeItem`/`writeDescriptor` (only `'v1'` is tested); `declared?.`
 *   → `declared.` and the `??` fallbacks of a folded field's format and description (the table
 *   declares every Multi-select it folds into, as Multi-select); the `default:` of both switches
 *   (`assertNever`); the emit collision in upgradeFields (a duplicate is refused before it);
 * - src/payload/downgrade.ts: `'Markdown'` → "" where a V1 item or `v1FormatFor` gets it (V1 writes
 *   every format but Boolean alike; `v1FormatFor` falls back to the text format); the expanded
 *   options' `i < selected.length` → `<=` (`indexOf(undefined)` is -1: skipped); the emit
 *   collisions of state records and field lists (an item or descriptor that would give an existing
 *   V1 slug is refused by the version check first).
 * - src/payload/steps.ts, what a valid table makes unobservable: the Boolean sample `true` → false
 *   (every Boolean schema takes both); `append`'s `if (list)` → false (a V2 slug carries at most one
 *   V1 slug one to one: two renames onto one slug are refused); `keptAsIs`'s `fate.fate ===
 *   'carried'` → true (no other fate has a V2 slug equal to its V1 slug); `formatOfV1`'s `f ===
 *   undefined` → false (`formats.get(undefined)` is undefined); the V2 format of a fold (the
 *   `'option'` branch and its strings: the table declares every fold's target in v2Fields as a
 *   Multi-select, read last), of a carried slug (`fate.fate === 'carried' && fate.known` → true or
 *   `||`, `if (f)` → true: other fates have no V2 slug, unknown rows no V1 format, and a format of
 *   undefined reads as none) and of a declared field (`field.format` → true: the schema requires
 *   it); `optionOrder`'s `?.`, `?? []` and the loop adding options the declared set lacks (a valid
 *   table declares every option of a fold); `if (!fate.known) break` → false (an unknown slug's V2
 *   name is itself anyway, and it has no V2 slug whose downgrade step would read it); a deletion's
 *   warning spread (`rule.warning === undefined` → true, false or `!==`: the resolved row carries
 *   its warning already); `new SlugOrder([...])` → `[]` (slugs outside the order are sorted alike:
 *   the order only saves the sort);
 * - src/payload/shape.ts, defensive code no payload reaches: `payloadProblem`'s two internal
 *   self-checks (`!problem`, `result.success` → false: the generated check and zod agree, a
 *   property test holds them to it) and the item index's `path[0] === 'state_information'` and
 *   `typeof index === 'number'` → true (a record's other problems are at `code` or `name`, one key
 *   deep: `path[1]` is undefined); `at`'s guard and its `found` (a zod issue's path runs through the
 *   objects and arrays the payload has, and a property that is not found reads undefined, which says
 *   "missing" alike); `describeIssue`'s `'bad format'` and `invalid_format` → true (zod gives a
 *   message, and no other issue code reaches there) and `expectedWords`' default (the schemas expect
 *   only strings, booleans, arrays and objects); in `findEvidence`, `slugSign`'s string guard (no
 *   set holds a non-string), the scan's early exit `out.v1 && out.v2` → false (the first sign of
 *   each version is kept either way) and the override list's array guard (anything else has no
 *   items to scan).
 * - src/payload/check.ts: `stringChecks`' tests of a check's kind where only one kind can match
 *   (`c.check === 'min_length' && typeof c.minimum === 'number'` → `||` or either half → true: only
 *   a min_length check has a minimum, and it always does; `c.check === 'string_format'` → true: only
 *   those have a format); `min > 0` → true or `>=` (a length is never negative); the fast path for
 *   an array of anything (`isUnknown`, its string and its callers' tests → false: the loop over an
 *   always-true check answers the same); `compile`'s bookkeeping (`patterns` starting non-empty: the
 *   indices follow the pushes; `functions.push('') - 1` → `+ 1` and the placeholder text: a name and
 *   its slot stay paired and the slot is overwritten; the `'\n'` join); `cachedCheck`'s `!check` →
 *   true (a cache only); `firstProblem`'s defensive returns (`i === v.length`, `key === undefined`
 *   → false and their literals: an array or object the check refused has a failing element or
 *   property), its index loop's `i < v.length` → true or `<=` (it stops at that element first), and
 *   its descent's `v !== undefined` and `v !== null` → true (an optional or nullable schema the
 *   value fails is never given undefined or null: it takes them).
 * - src/rules/*.ts: the namespaces of `ctx.claim` (`'rename target'`, `'footnote target'`,
 *   `'option'` → ""): each kind claims in its own, so an empty name is still one of its own;
 *   consolidate's `field?.options?.…` → `field?.options.…`/`field.options` (a field that is not a
 *   Multi-select was refused just before, and the schema requires a Multi-select's options); the
 *   `describeOrigin` of `delete` and `unknown` (→ `() => undefined` or another string: a deleted or
 *   unknown V1 slug gives no V2 slug, so no origin of theirs is ever described).
 * - A static mutant that makes a module fail to load (`z.strictObject({})` for a kind's schema, `{}`
 *   for a kind) fails every test file at import; Stryker 9's vitest runner then sees no test at all
 *   and reports it "survived" with 0 tests run. Reproduced by hand: each of those fails the run.
 *   `npm run test:mutation` lists them as survivors; the README's scores count them as killed and say so.
 * Single-mutant equivalents are marked beside the code with `// Stryker disable next-line`.
 */
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MODULES = [
  'src/rules/**/*.ts',
  'src/mapping/mappings.ts',
  'src/mapping/closest.ts',
  'src/payload/{upgrade,downgrade,codec,steps,shape,check}.ts',
  'src/codemod/{decide,narrowing,role-verdict}.ts',
  'src/codemod/heuristics/*.ts',
  'src/roles/**/*.ts',
  'src/vue/{registrations,version}.ts',
  'src/report/rules.ts',
];

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: process.env.STRYKER_MUTATE ? process.env.STRYKER_MUTATE.split(',') : MODULES,
  // What the tests need is the source, the tests, their fixtures, the table and the built CLI.
  ignorePatterns: ['bench/.work', 'coverage', '.git'],
  // Vitest runs TS without type-checking: no `// @ts-nocheck` needed, and the fixtures some tests
  // type-check (program mode) must stay as they are.
  disableTypeChecks: false,
  // Stryker links a node_modules folder into the sandbox, not a symlink to one (a git worktree
  // sharing the main checkout's): then the sandbox gets the link made by hand.
  buildCommand: lstatSync('node_modules').isSymbolicLink() ? `ln -s ${realpathSync('node_modules')} node_modules` : undefined,
  ignoreStatic: false,
  incremental: true,
  incrementalFile: process.env.STRYKER_INCREMENTAL_FILE ?? 'bench/.work/mutation/incremental.json',
  // Outside this repository: a sandbox inside it would be git-ignored, and the codemod honours .gitignore.
  // One per checkout, so that two worktrees can run at once (each removes its own at the end).
  tempDirName: join(tmpdir(), `civic-migrate-stryker-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}`),
  cleanTempDir: !process.env.STRYKER_KEEP_SANDBOX,
  dryRunOnly: !!process.env.STRYKER_DRY_RUN,
  // `STRYKER_EVENTS=DIR`: each mutant's result is also written to DIR as it is tested (Stryker writes
  // its report only at the end), so that a run stopped early keeps what it measured:
  // `node test/mutation/report-from-events.mjs DIR OUT.json` makes of it a report, and the next run,
  // given it as its incremental file (`STRYKER_INCREMENTAL_FILE=OUT.json`), tests only the rest.
  // (About 70 KB a mutant: opt-in.)
  reporters: ['clear-text', 'progress', 'json', ...(process.env.STRYKER_EVENTS ? ['event-recorder'] : [])],
  ...(process.env.STRYKER_EVENTS ? { eventReporter: { baseDir: process.env.STRYKER_EVENTS } } : {}),
  jsonReporter: { fileName: 'bench/.work/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 60_000,
  // The first run (every test, with coverage) takes 2 minutes on an idle machine; under load more than Stryker's 5.
  dryRunTimeoutMinutes: 30,
};
