/** The payload adapter: V1 ⇄ V2 Civic Data API payloads, driven by the mapping table. */
export {
  type AdaptOptions,
  type AdaptResult,
  type DowngradeOptions,
  downgrade,
  parsePayload,
  type SafeAdaptResult,
  safeDowngrade,
  safeUpgrade,
  type UpgradeOptions,
  upgrade,
} from './adapt.js';
export {
  DIAGNOSTICS,
  type Diagnostic,
  type DiagnosticCode,
  formatDiagnostic,
  isStrictError,
  jsonPath,
  PayloadError,
  type Severity,
  StrictPayloadError,
} from './diagnostics.js';
export { locateJsonError, parseJson } from './json.js';
export * from './schemas.js';
export { detectPayload, type Evidence } from './shape.js';
export { isStateCode, STATE_CODES, STATES, stateCodeOf, TERRITORIES } from './states.js';
export {
  type SyntheticV1Dataset,
  syntheticOverrides,
  syntheticV1Dataset,
  syntheticV1Fields,
  syntheticV1State,
} from './synthetic.js';
export { longNameOf, MULTISELECT_SEPARATOR } from './values.js';
