/** The payload adapter: V1 ⇄ V2 Civic Data API payloads, driven by the mapping table. */
export * from './schemas.js';
export { isStateCode, STATE_CODES, STATES, stateCodeOf, TERRITORIES } from './states.js';
export {
  longNameOf,
  type SyntheticV1Dataset,
  syntheticOverrides,
  syntheticV1Dataset,
  syntheticV1Fields,
  syntheticV1State,
} from './synthetic.js';
