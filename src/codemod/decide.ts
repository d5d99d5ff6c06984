import type { ts as TsNamespace } from 'ts-morph';
import { PLACEHOLDER } from '../endpoints/model.js';
import { isIdentifierName } from '../findings/json-path.js';
import type { RuleRef } from '../findings/record.js';
import { graphqlSourceOfTemplate, looksLikeGraphql } from '../graphql/documents.js';
import type { ResolvedRule } from '../mapping/mappings.js';
import type { PropertyRule } from '../mapping/schema.js';
import { type Fact, strengthOf } from '../roles/facts.js';
import { skipParens } from '../roles/program-view.js';
import { payloadOf } from '../roles/role.js';
import { kindOf } from '../rules/registry.js';
import { type Note, note, type StaysOnV1 } from '../vocabulary/notes.js';
import { UNSEEN_COMPONENT } from '../vue/virtual.js';
import { type Analysis, memberOf, receiverOf } from './analysis.js';
import { decideGraphql } from './graphql.js';
import { isUnrelated } from './heuristics/domains.js';
import { literalSlug, narrowedSlug } from './narrowing.js';
import { nodeAt } from './program/facts.js';
import { type ApiFact, verdictOf } from './role-verdict.js';
import type { NamePlace, NameSite } from './sites.js';
import type { ChangeKind } from './types.js';
import { type StringUnit, scanUrls, sourceOffset, virtualText } from './urls.js';

type Node = TsNamespace.Node;

/**
 * What the codemod decides at one place of a script: a rewrite of a span of the original text,
 * or a note for a person (a marker). Decisions are data; `apply.ts` turns them into edits.
 */
export type Decision =
  | {
      readonly kind: 'rewrite';
      /** The node the rewrite is about (its statement takes any marker). */
      readonly node: Node;
      readonly start: number;
      readonly end: number;
      readonly text: string;
      /** The text replaced (a slug, a property, a path). */
      readonly from: string;
      /** What is rewritten, and to what (`to` is `text`, unless the rewrite keeps a local name: `v2: v1`). */
      readonly change: ChangeKind;
      readonly to: string;
      readonly rule: RuleRef | null;
      /** The facts that gave the value its role, when roles decided. */
      readonly why?: readonly Fact[];
    }
  | {
      readonly kind: 'mark';
      readonly node: Node;
      /** Where the token the note is about starts, and the token. */
      readonly at: number;
      readonly token: string;
      readonly note: Note;
      readonly rule: RuleRef | null;
      readonly why?: readonly Fact[];
      /** A doubt, not a marker: said with low confidence, never written into the code. */
      readonly quiet?: true;
    };

const slugRef = (rule: ResolvedRule): RuleRef => ({ kind: rule.kind, v1: rule.v1 });
const propertyRef = (p: PropertyRule): RuleRef => ({ kind: 'property', v1: p.v1 });

/** Every decision the syntax of one script supports, in no particular order. */
export function decide(a: Analysis): Decision[] {
  const { ts, text } = a.source;
  const { plan } = a;
  const m = plan.mappings;
  const out: Decision[] = [];
  const { program } = a;

  const markAt = (node: Node, n: Note, rule: RuleRef | null, at = a.source.tokenStart(node), token?: string) =>
    ({ kind: 'mark', node, at, token: token ?? tokenText(node), note: n, rule }) as const;
  const mark = (
    node: Node,
    n: Note,
    rule: RuleRef | null,
    at = a.source.tokenStart(node),
    token?: string,
    why?: readonly Fact[],
  ) => {
    out.push({ ...markAt(node, n, rule, at, token), ...(why ? { why } : {}) });
  };
  const tokenText = (node: Node) =>
    ts.isStringLiteralLike(node) || ts.isIdentifier(node) ? node.text : node.getText(a.source.sf);

  /** Replaces a name (an identifier, or the inside of a string literal); false when the V2 name cannot stand there. */
  const rename = (
    node: TsNamespace.Identifier | TsNamespace.StringLiteralLike,
    place: NamePlace,
    from: string,
    to: string,
    change: ChangeKind,
    rule: RuleRef,
    why?: readonly Fact[],
  ): boolean => {
    const start = a.source.start(node);
    const reason = why ? { why } : {};
    if (ts.isIdentifier(node)) {
      if (!isIdentifierName(to)) return false;
      // Destructuring keeps the local name: `{ v1 }` → `{ v2: v1 }`.
      const replacement = place === 'shorthand' || place === 'binding' ? `${to}: ${from}` : to;
      out.push({ kind: 'rewrite', node, start, end: node.end, text: replacement, from, change, to, rule, ...reason });
    } else {
      out.push({ kind: 'rewrite', node, start: start + 1, end: node.end - 1, text: to, from, change, to, rule, ...reason });
    }
    return true;
  };

  /** The marker of a rewrite the table warns about (one side of a contradiction). */
  const warned = (node: Node, rule: ResolvedRule, to: string) => {
    if (rule.warning) mark(node, note('rule-warning', { v1: rule.v1, v2: to, warning: rule.warning }), slugRef(rule));
  };

  /** The member a name is the key of: a property, a shorthand, a binding element, a class, interface or enum member. */
  const memberAt = ({ node, place }: { node: Node; place: NamePlace }) => (place === 'member' ? memberOf(a, node) : node.parent);

  const onSlugName = ({ node, place }: NameSite, rule: ResolvedRule) => {
    const action = kindOf(rule).codemod(rule, 'code', m);
    if (action.kind === 'none') return;
    if (action.kind === 'mark') {
      mark(node, action.note, slugRef(rule));
      return;
    }
    if (isModuleSide({ node, name: rule.v1, place })) return;
    if (place === 'member' || place === 'shorthand') {
      const member = memberAt({ node, place });
      const container = member?.parent;
      if (member && !ts.isBindingElement(member) && container && a.source.namesIn(container).includes(action.to)) {
        mark(node, note('collision', { v1: rule.v1, v2: action.to }), slugRef(rule));
        return;
      }
    }
    if (!rename(node, place, rule.v1, action.to, 'slug', slugRef(rule))) {
      mark(node, note('invalid-name', { v1: rule.v1, v2: action.to }), slugRef(rule));
      return;
    }
    warned(node, rule, action.to);
    if (action.also) mark(node, action.also, slugRef(rule));
  };

  /** Whether the types settle whom a property name belongs to (a declared type's member: then the roles do not decide). */
  const settledByProgram = (node: Node) => program.ownerOf(node) !== 'unknown';

  const { roles } = program;
  /** A name of the program's own module (`api.vbm_no_excuse` on `import * as api`, `module.exports = { … }`). */
  const isModuleSide = (site: NameSite) => {
    const holder = holderOf(site);
    return holder !== undefined && roles.isModule(holder);
  };
  /** The value a property-like name is read from or written in: the receiver, the destructured pattern, the object literal. */
  const holderOf = (site: NameSite): Node | undefined => {
    if (site.place === 'access' || site.place === 'element') return receiverOf(a, site.node);
    // A key (`{ key: … }`, `{ ['key']: … }`), a shorthand or a binding element: its literal or pattern.
    const member = memberAt(site);
    const inObject =
      member && (ts.isPropertyAssignment(member) || ts.isShorthandPropertyAssignment(member) || ts.isBindingElement(member));
    return inObject ? member.parent : undefined;
  };
  /**
   * Decides a property rule's name by the roles at the value it belongs to: renamed on V1 data of
   * the rule's object, left on V2 data or another value, a marker where the data stays V1 or both
   * versions arrive. False when the roles give no evidence (then the syntax is asked).
   */
  const byRoles = (site: NameSite, p: PropertyRule, given?: readonly Fact[]): boolean => {
    const holder = given ? undefined : holderOf(site);
    const at = given ?? (holder && roles.at(holder));
    if (!at) return false;
    const verdict = verdictOf(at, p, plan);
    if (verdict.kind === 'none') return false;
    if (verdict.kind === 'keep') return true;
    /** A marker about the read, with the evidence (what the data is, where it comes from). */
    const said = (code: 'declared-other' | 'read-mixed', facts: readonly ApiFact[]) =>
      mark(site.node, note(code, { v1: p.v1, v2: p.v2, noun: nounOf(facts) }), propertyRef(p), undefined, undefined, facts);
    // A declared type settles whom a name belongs to: the program's renames take a V1 member's. Another
    // type's member that V1 data the program requests reaches (not a shape, not a slug-named member:
    // the type outweighs those) is that data's all the same: said, never left silently.
    const owner = program.ownerOf(site.node);
    if (owner === 'civic') return true;
    if (owner === 'other') {
      if (verdict.kind === 'rename' && verdict.facts.some((f) => f.strength === strengthOf('request')))
        said('declared-other', verdict.facts);
      return true;
    }
    // `if (item.field_type === 'x') … item.value`, `{ field_type: 'x', value: … }`: the item is one field's,
    // whose name does not change in either version when the rule is another format's (no marker either).
    if (p.appliesToFormat) {
      const receiver = site.place === 'access' ? receiverOf(a, site.node) : undefined;
      const slug = receiver ? narrowedSlug(a, site.node, receiver) : holder && literalSlug(a, holder);
      if (slug !== undefined && plan.itemPropertyBySlug.get(slug) !== p) return true;
    }
    switch (verdict.kind) {
      case 'rename':
        rename(site.node, site.place, site.name, p.v2, 'property', propertyRef(p), verdict.facts);
        return true;
      case 'stays': {
        const params = { v1: p.v1, v2: p.v2, noun: nounOf(verdict.facts), why: stayingWhy(verdict.facts) };
        mark(site.node, note('read-stays-v1', params), propertyRef(p), undefined, undefined, verdict.facts);
        return true;
      }
      case 'mixed':
        said('read-mixed', verdict.facts);
        return true;
      case 'formats': {
        const params = { v1: p.v1, v2: p.v2, renamed: verdict.applies, kept: verdict.others };
        mark(site.node, note('read-formats', params), propertyRef(p), undefined, undefined, verdict.facts);
        return true;
      }
    }
  };
  /** V1 API data the migration moves to V2: requested from a V1 URL that is not shared with another service. */
  const moving = (f: Fact): f is ApiFact =>
    f.role.t === 'api' && f.role.node.version === plan.model.from && !f.role.stays && requested(f);
  /** What the strongest evidence says the value is (`item`, `field descriptor`): a verdict other than none has some. */
  const nounOf = (facts: readonly ApiFact[]) => (facts[0] as ApiFact).role.node.noun;
  /** Literals said as a key a caller gives (`key-shared`): no doubt is said of them as well. */
  const keyGiven = new Set<Node>();
  /** A field property with no evidence in a file that uses the API: left as it is, and said (low confidence). */
  const doubt = (site: NameSite, p: PropertyRule) => {
    if (p.object !== 'field' || !a.civic || a.longName !== 'auto' || keyGiven.has(site.node)) return;
    if (program.ownerOf(site.node) === 'civic') return;
    if (!isModuleSide(site))
      out.push({ ...markAt(site.node, note('property-unproven', { v1: p.v1, v2: p.v2 }), propertyRef(p)), quiet: true });
  };

  /** A property-like name: a V1 slug, a field property (`long_name`) or an item property (`value`). */
  const onName = (site: NameSite) => {
    const { node, name, place } = site;
    const rule = m.byV1.get(name);
    if (rule && m.actionableV1.has(name)) {
      onSlugName(site, rule);
      return;
    }
    const property = plan.fieldProperties.get(name) ?? plan.itemProperties.get(name);
    if (!property) return;
    const field = property.object === 'field';
    if (field && a.longName === 'never') return;
    // `longName: 'always'`: every `long_name` is the field list's (but a module's or a declared type's own).
    if (field && a.longName === 'always') {
      // A declared type's: the program renames the API's; V1 data read through another type is said (by the roles).
      if (settledByProgram(node)) byRoles(site, property);
      else if (!isModuleSide(site)) rename(node, place, name, property.v2, 'property', propertyRef(property));
      return;
    }
    if (!byRoles(site, property)) doubt(site, property);
  };

  for (const site of a.sites.names) onName(site);

  // A property named by a string a library reads on the API's data (`_.map(fields, 'long_name')`,
  // `_.get(item, 'value')`): decided by that data's roles, as a read of the property is.
  for (const { node, facts } of roles.named(a.source.sf)) {
    if (!ts.isStringLiteralLike(node) && !ts.isIdentifier(node)) continue;
    const property = plan.fieldProperties.get(node.text) ?? plan.itemProperties.get(node.text);
    if (property && !(property.object === 'field' && a.longName === 'never'))
      byRoles({ node, name: node.text, place: 'element' }, property, facts);
  }

  // A V1 name a caller gives a key that reads V1 data (`pluck(fields, 'long_name')`) in a function its
  // other calls may hand other objects: not renamed (it may be theirs), so said where it is given.
  for (const { node, facts } of roles.keyGivers(a.source.sf)) {
    if (!ts.isStringLiteralLike(node)) continue;
    const property = plan.fieldProperties.get(node.text) ?? plan.itemProperties.get(node.text);
    const moved = facts.filter(moving);
    if (!property || moved.length === 0) continue;
    keyGiven.add(node);
    mark(
      node,
      note('key-shared', { v1: property.v1, v2: property.v2, noun: nounOf(moved) }),
      propertyRef(property),
      undefined,
      undefined,
      moved,
    );
  }

  // `item.text === 'True'`: V1's Boolean text, compared on an item the migration moves to V2, whose
  // Boolean is `bool_value` (the casing of its text is not documented): said where it is compared.
  if (/(['"`])(?:True|False)\1/.test(text)) {
    const { SyntaxKind: K } = ts;
    const equality = new Set([
      K.EqualsEqualsEqualsToken,
      K.EqualsEqualsToken,
      K.ExclamationEqualsEqualsToken,
      K.ExclamationEqualsToken,
    ]);
    // (Said as the `value` rule's finding: V2's `bool_value` is where the Boolean is.)
    const value = plan.itemProperties.get('value');
    const visit = (n: Node): void => {
      if (ts.isBinaryExpression(n) && equality.has(n.operatorToken.kind)) {
        for (const [literal, other] of [
          [n.right, n.left],
          [n.left, n.right],
        ] as const) {
          const read = skipParens(ts, other);
          if (!ts.isStringLiteralLike(literal) || !/^(?:True|False)$/.test(literal.text) || !ts.isPropertyAccessExpression(read))
            continue;
          if (read.name.text !== 'text') continue;
          const moved = roles.at(read.expression).filter((f): f is ApiFact => moving(f) && f.role.node.concept === 'item');
          if (moved.length > 0)
            mark(
              literal,
              note('boolean-text', { literal: literal.getText(a.source.sf) }),
              value ? propertyRef(value) : null,
              undefined,
              undefined,
              moved,
            );
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(a.source.sf);
  }

  // V1 data the migration moves to V2 (requested from a V1 URL that is not shared), handed to a
  // callback the roles cannot follow: what it reads is nobody's decision yet.
  /** Marks each place of a list where V1 data the migration moves goes where this tool does not follow. */
  const markMoved = (
    places: readonly { readonly node: Node; readonly facts: readonly Fact[] }[],
    noteOf: (node: Node, noun: string) => Note,
  ): void => {
    for (const { node, facts } of places) {
      const moved = facts.filter((f): f is ApiFact => moving(f) && f.role.node.kind !== 'text');
      if (moved.length > 0) mark(node, noteOf(node, nounOf(moved)), null, undefined, undefined, moved);
    }
  };
  const code = (node: Node) => node.getText(a.source.sf);
  markMoved(roles.unfollowed(a.source.sf), (node, noun) => note('callback-unfollowed', { callee: shortCode(code(node)), noun }));

  // V1 data the migration moves to V2, sent by a route to clients the program does not hold.
  markMoved(roles.sent(a.source.sf), (node, noun) => note('response-sent', { at: shortCode(code(node)), noun }));

  // V1 data the migration moves to V2, held by a Vue app whose template is the page's markup: what
  // the template reads is not seen.
  markMoved(roles.inPage(a.source.sf), (node, noun) => {
    const app =
      ts.isNewExpression(node) || ts.isCallExpression(node)
        ? `${ts.isNewExpression(node) ? 'new ' : ''}${code(node.expression)}({ … })`
        : code(node);
    return note('template-in-page', { app: shortCode(app), noun });
  });

  // V1 data the migration moves to V2, stored in web storage or a file: what is read back moves with
  // it, but copies stored before the migration persist (in the users' browsers, a build's cache).
  markMoved(roles.persisted(a.source.sf), (node, noun) => {
    // Where and under which key: `localStorage.setItem('fields', …)`, `sessionStorage.fields = …`.
    const at =
      ts.isCallExpression(node) && node.arguments[0]
        ? `${code(node.expression)}(${code(node.arguments[0])}, …)`
        : ts.isBinaryExpression(node)
          ? `${code(node.left)} = …`
          : code(node);
    const where = /(?:write|output)File(?:Sync)?\(/.test(at) ? ('file' as const) : ('browser' as const);
    return note('stored-persisted', { at: shortCode(at), noun, where });
  });

  // V1 data the migration moves to V2, bound to the props of a component the template names but the
  // file does not register (`app.component(…)` elsewhere, a plugin's, an auto-import resolver's):
  // what the component reads is not seen (else its reads silently stay V1).
  for (const { tag, values } of unseenComponentProps(ts, a.source.sf)) {
    const moved = values.flatMap((v) => roles.at(v)).filter((f): f is ApiFact => moving(f) && f.role.node.kind !== 'text');
    if (moved.length === 0) continue;
    // Said at the tag's name, which the virtual script copies from the file.
    mark(tag, note('component-unseen', { tag: tag.text, noun: nounOf(moved) }), null, a.source.start(tag) + 1, tag.text, moved);
  }

  // A request the migration moves to V2 whose data reaches no value the engine sees: its readers
  // are not known, so the request's call says so (else the URL moves and the reads silently stay V1).
  for (const { node, facts } of roles.unread(a.source.sf)) {
    for (const f of facts) {
      const data = payloadOf(f.role);
      if (data?.node.version !== plan.model.from || data.stays) continue;
      mark(node, note('response-unseen', { request: f.note ?? 'the API', noun: data.node.noun }), null);
      break;
    }
  }

  // An API base or URL the migration moves, handed to a call that makes something of it this tool
  // does not see (a library's URL joiner, another package's client): the requests made with it, and
  // the reads of their data, are not known (else the base moves and the reads silently stay V1).
  for (const { node, facts } of roles.unseenUrls(a.source.sf)) {
    const moved = facts.find(
      (f) =>
        f.role.t === 'url' && f.role.url.version === plan.model.from && !f.role.url.split && !roles.sharedWith(f.role.url.origin),
    );
    if (moved?.role.t !== 'url' || !ts.isCallOrNewExpression(node)) continue;
    const text = moved.role.url.text.replaceAll(PLACEHOLDER, '…');
    const callee = `${ts.isNewExpression(node) ? 'new ' : ''}${shortCode(node.expression.getText(a.source.sf))}(…)`;
    mark(node, note('url-unseen', { url: text, callee }), null);
  }

  // Whole strings spelled like slugs, now that every domain is known.
  for (const site of a.sites.values) {
    const { node, token } = site;
    const p = node.parent;
    const actionable = m.actionableV1.has(token);
    if (p && ts.isElementAccessExpression(p) && p.argumentExpression === node) {
      if (!(actionable && isUnrelated(a, site))) onName({ node, name: token, place: 'element' });
      continue;
    }
    const rule = m.byV1.get(token);
    if (rule && actionable) {
      // A literal compared with the slugs the API sends is a slug, whatever strings share its domain.
      if (isUnrelated(a, site) && !roles.slugSlot(node)) continue;
      const action = kindOf(rule).codemod(rule, 'code', m);
      // Compared with the slugs of data that stays V1 (requested through a shared base): it stays with them.
      const slot = roles.slugSlot(node);
      if (action.kind === 'rename' && slot?.role.t === 'api' && slot.role.stays) {
        const noun = slot.prev?.role.t === 'api' ? slot.prev.role.node.noun : 'item';
        const why = stayingWhy([slot as ApiFact]);
        mark(node, note('slug-stays-v1', { v1: rule.v1, v2: action.to, noun, why }), slugRef(rule), undefined, undefined, [slot]);
        continue;
      }
      if (action.kind === 'rename') {
        rename(node, 'member', rule.v1, action.to, 'slug', slugRef(rule));
        warned(node, rule, action.to);
        if (action.also) mark(node, action.also, slugRef(rule));
      } else if (action.kind === 'mark') mark(node, action.note, slugRef(rule));
      continue;
    }
    const fieldProperty = plan.fieldProperties.get(token);
    if (fieldProperty) {
      // A property's name as a whole string (`Pick<T, 'long_name'>`, `sortBy(list, 'long_name')`): the types
      // decide it (the program's renames, which win over the same span's below), or a person; by roles
      // alone it is a doubt (said only in a file about the API, and not where the program renames it).
      if (a.longName === 'always') rename(node, 'member', token, fieldProperty.v2, 'property', propertyRef(fieldProperty));
      else doubt({ node, name: token, place: 'element' }, fieldProperty);
    }
  }

  // Other strings: URLs (a path's version is its base's, wherever they are joined), and slugs or field
  // properties inside larger strings.
  /** A GraphQL document in a string (Gatsby's `createTypes` SDL, a `graphql` query), decided by `decideGraphql`; false when it is none. */
  const graphqlDocument = (node: Node, unit: StringUnit): boolean => {
    if (!looksLikeGraphql(unit.pieces.map((p) => p.text).join(''))) return false;
    const decided = decideGraphql(
      graphqlSourceOfTemplate(unit.pieces),
      roles.apiTypes(),
      plan,
      roles.reached.size > 0 || a.civic,
    );
    if (!decided) return false;
    for (const r of decided.renames) out.push({ kind: 'rewrite', node, ...r, change: 'property' });
    for (const x of decided.marks) mark(node, x.note, x.rule, x.at, x.token);
    return true;
  };

  for (const { node, unit } of a.sites.strings) {
    if (graphqlDocument(node, unit)) continue;
    const scan = scanUrls(unit, plan, {
      otherService: roles.sharedWith(node),
      flowBefore: (piece: number) => roles.before(node, piece),
    });
    for (const action of scan.actions) {
      if (action.kind === 'edit') {
        const { start, end, text: to, from, rule } = action;
        out.push({ kind: 'rewrite', node, start, end, text: to, from, change: 'endpoint', to, rule });
      } else mark(node, action.note, action.rule, action.at, text.slice(action.at, action.end));
    }
    const virtual = virtualText(unit);
    const seen = new Set<string>();
    for (const hit of plan.stringTokens.find(virtual)) {
      if (scan.covered.some(([s, e]) => hit.index >= s && hit.index < e)) continue;
      const at = sourceOffset(unit, hit.index);
      const rule = m.byV1.get(hit.token);
      let n: Note | undefined;
      let ref: RuleRef | null = null;
      if (rule && m.actionableV1.has(hit.token)) {
        const action = kindOf(rule).codemod(rule, 'string', m);
        if (action.kind === 'mark') [n, ref] = [action.note, slugRef(rule)];
      } else {
        const fieldProperty = plan.fieldProperties.get(hit.token);
        if (fieldProperty && a.civic) {
          n = note('property-elsewhere', { v1: fieldProperty.v1, v2: fieldProperty.v2, place: 'string' });
          ref = propertyRef(fieldProperty);
        }
      }
      // One note per distinct text in a string (a slug repeated in one SQL query is one decision).
      const key = n ? JSON.stringify(n) : '';
      if (n && !seen.has(key)) {
        seen.add(key);
        mark(node, n, ref, at, text.slice(at, at + hit.token.length));
      }
    }
  }
  // The program's renames: a V1 member and everything that names it, decided by symbols.
  for (const r of program.renames) {
    const node = nodeAt(ts, a.source.sf, r.start) ?? a.source.sf;
    const rule: RuleRef = { kind: 'property', v1: r.rule.v1 };
    out.push({
      kind: 'rewrite',
      node,
      start: r.start,
      end: r.end,
      text: r.text,
      from: r.from,
      change: 'property',
      to: r.rule.v2,
      rule,
    });
  }
  return dedupe(out);
}

/** One rewrite per span: the same rename found twice (by syntax and by symbols) is one decision; the last found wins. */
function dedupe(decisions: Decision[]): Decision[] {
  const bySpan = new Map<string, number>();
  decisions.forEach((d, i) => {
    if (d.kind === 'rewrite') bySpan.set(`${d.start}:${d.end}`, i);
  });
  return decisions.filter((d, i) => d.kind !== 'rewrite' || bySpan.get(`${d.start}:${d.end}`) === i);
}

/** Whether a fact's chain starts at an API URL (data requested, not a shape, a declared type or a literal). */
function requested(fact: Fact): boolean {
  for (let f: Fact | undefined = fact; f; f = f.prev) if (f.role.t === 'url') return true;
  return false;
}

/** Code as a marker quotes it: on one line, at most 40 characters. */
function shortCode(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/** Why data that stays V1 stays (a shared base outweighs a split version when both arrive). */
function stayingWhy(facts: readonly ApiFact[]): StaysOnV1 {
  return facts.some((f) => f.role.stays === 'shared') ? 'shared' : 'split';
}

/**
 * The props a component's virtual script binds on a component the file does not register
 * (`__vueUnseen("FieldList", { fields: list })`, see `UNSEEN_COMPONENT`): the tag, and the values.
 */
function unseenComponentProps(
  ts: typeof TsNamespace,
  sf: TsNamespace.SourceFile,
): { tag: TsNamespace.StringLiteral; values: TsNamespace.Expression[] }[] {
  const out: { tag: TsNamespace.StringLiteral; values: TsNamespace.Expression[] }[] = [];
  // Only a virtual script spells the name (and no file of the program declares it).
  if (!sf.text.includes(UNSEEN_COMPONENT)) return out;
  const visit = (n: Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === UNSEEN_COMPONENT) {
      const [tag, props] = n.arguments;
      if (tag && ts.isStringLiteral(tag) && props && ts.isObjectLiteralExpression(props))
        out.push({
          tag,
          values: props.properties.flatMap((p) =>
            ts.isPropertyAssignment(p)
              ? [skipParens(ts, p.initializer)]
              : ts.isSpreadAssignment(p)
                ? [skipParens(ts, p.expression)]
                : [],
          ),
        });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
