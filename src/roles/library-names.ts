/**
 * What the role engine knows of names it does not read the code of: built-in methods (arrays,
 * strings, the console), lodash and underscore, event emitters, HTTP clients. Small functions read
 * where they are used (a module-level set would run while the module loads).
 */

/** Array methods whose callback gets each element (first parameter; `reduce`: the second). */
export function isCallbackMethod(name: string): boolean {
  return [
    'map',
    'flatMap',
    'filter',
    'find',
    'findLast',
    'findIndex',
    'findLastIndex',
    'forEach',
    'some',
    'every',
    'sort',
    'toSorted',
    'reduce',
    'reduceRight',
  ].includes(name);
}
/** Array methods that return one element. */
export function returnsElement(name: string): boolean {
  return ['find', 'findLast', 'at', 'pop', 'shift'].includes(name);
}
/** Array methods that return (a part of) the same list, or an iterator of its elements (`values`). */
export function returnsList(name: string): boolean {
  return ['filter', 'slice', 'sort', 'reverse', 'toSorted', 'toReversed', 'concat', 'splice', 'toSpliced', 'values'].includes(
    name,
  );
}
/** Global functions that take a value and read none of its members (`list.filter(Boolean)`). */
export function readsNoMembers(name: string): boolean {
  return ['Boolean', 'Number', 'String', 'isNaN', 'isFinite', 'parseInt', 'parseFloat'].includes(name);
}
/**
 * The modules of lodash and underscore (`lodash`, `lodash-es`, `lodash/sortBy`, `underscore`), and
 * lodash's one-function packages (`lodash.get`, `lodash.sortby`).
 */
export function isLodashModule(specifier: string): boolean {
  return /^(?:lodash(?:-es)?|underscore)(?:\/[\w.]+)?$/.test(specifier) || /^lodash\.\w+$/.test(specifier);
}
/**
 * The function a lodash module's default export is: `lodash/sortBy`'s `sortBy`, and the package
 * `lodash.sortby`'s too (its name is lower case); undefined for a module of many functions.
 */
export function lodashModuleFunction(specifier: string): string | undefined {
  // `lodash-es/sortBy.js` as ES modules import it.
  const path = /\/(\w+)(?:\.js)?$/.exec(specifier)?.[1];
  if (path) return path;
  const lower = /^lodash\.(\w+)$/.exec(specifier)?.[1];
  return (
    [...ownNameReaders(), ...iterateeTakers(), ...oneElementReturners(), ...elementsReturners()].find(
      (name) => name.toLowerCase() === lower,
    ) ?? lower
  );
}
/** lodash functions that read property names on the object they are given (not on its elements). */
export function readsOwnNames(name: string): boolean {
  return ownNameReaders().includes(name);
}
function ownNameReaders(): readonly string[] {
  return ['get', 'pick', 'omit', 'has', 'hasIn', 'result', 'at'];
}
/** lodash functions whose second argument is an iteratee over the collection's elements (a function, a property name). */
export function takesIteratee(name: string): boolean {
  return iterateeTakers().includes(name);
}
function iterateeTakers(): readonly string[] {
  return [
    'map',
    'forEach',
    'each',
    'filter',
    'reject',
    'find',
    'findLast',
    'findIndex',
    'findLastIndex',
    'some',
    'every',
    'sortBy',
    'orderBy',
    'groupBy',
    'keyBy',
    'countBy',
    'partition',
    'uniqBy',
    'sumBy',
    'meanBy',
    'minBy',
    'maxBy',
    'flatMap',
    'reduce',
    'reduceRight',
    'pluck',
    'indexBy',
  ];
}
/** lodash functions that return one of the collection's elements. */
export function returnsOneElement(name: string): boolean {
  return oneElementReturners().includes(name);
}
function oneElementReturners(): readonly string[] {
  return ['find', 'findLast', 'head', 'first', 'last', 'nth', 'sample', 'minBy', 'maxBy'];
}
/** lodash functions that return (some of) the collection's elements as a list. */
export function returnsElements(name: string): boolean {
  return elementsReturners().includes(name);
}
function elementsReturners(): readonly string[] {
  return [
    'filter',
    'reject',
    'sortBy',
    'orderBy',
    'uniq',
    'uniqBy',
    'compact',
    'take',
    'takeRight',
    'drop',
    'dropRight',
    'slice',
    'reverse',
    'shuffle',
    'sampleSize',
    'without',
    'difference',
    'differenceBy',
    'union',
    'unionBy',
    'intersection',
    'intersectionBy',
    'concat',
    'toArray',
    'initial',
    'tail',
    'clone',
    'cloneDeep',
  ];
}
/** The methods that add an event listener (Node's EventEmitter, and the many emitters shaped like it). */
export function addsListener(name: string): boolean {
  return ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'].includes(name);
}
/** HTTP client methods whose first argument is a path relative to the client's base URL. */
export function isClientMethod(name: string): boolean {
  return ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request'].includes(name);
}
/** Option names HTTP clients read their base URL from (axios, got, ky, undici…). */
export function baseOptions(): readonly string[] {
  return ['baseURL', 'baseUrl', 'prefixUrl', 'base_url', 'baseURI'];
}
/** Option names a request's options object gives its URL by (`$.ajax({ url })`, axios, the `request` package's `uri`). */
export function urlOptions(): readonly string[] {
  return ['url', 'uri'];
}
/** Methods of a string or `URL` that give the same URL back as text. */
export function keepsUrl(name: string): boolean {
  return ['toString', 'valueOf', 'toJSON'].includes(name);
}

/**
 * Calls that only look at a value they are given (assertions, logging, a pattern's test): a URL
 * handed to them is not used to make a request (`expect(client.base).toBe(…)`, `assert.equal(base,
 * …)`, `/\/(v\d)\b/.exec(base)`). By the name the callee's chain starts with, or its method's.
 */
export function onlyLooksAt(root: string | undefined, method: string | undefined): boolean {
  return (
    (root !== undefined && ['expect', 'assert', 'console', 'logger', 'log', 'debug'].includes(root)) ||
    (method !== undefined &&
      [
        'test',
        'exec',
        'match',
        'includes',
        'stringify',
        'startsWith',
        'endsWith',
        'indexOf',
        'has',
        'log',
        'info',
        'warn',
        'error',
        'debug',
      ].includes(method))
  );
}
