/**
 * The `{state}` codes the Civic Data API answers: the 50 states and DC, upper case (DOMAIN.md §1).
 * Lower case, territories and unknown codes answer 404.
 */
export const STATES: Readonly<Record<string, string>> = Object.freeze({
  AK: 'Alaska',
  AL: 'Alabama',
  AR: 'Arkansas',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DC: 'District of Columbia',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  IA: 'Iowa',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  MS: 'Mississippi',
  MT: 'Montana',
  NC: 'North Carolina',
  ND: 'North Dakota',
  NE: 'Nebraska',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  VT: 'Vermont',
  WA: 'Washington',
  WI: 'Wisconsin',
  WV: 'West Virginia',
  WY: 'Wyoming',
});

/** The 51 codes, sorted. */
export const STATE_CODES: readonly string[] = Object.freeze(Object.keys(STATES).sort());

/** US territories: the API has no data for them (404), listed for tests and clear messages. */
export const TERRITORIES: Readonly<Record<string, string>> = Object.freeze({
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
});

/** True for one of the 51 upper-case codes the API serves (not territories, not lower case). */
export function isStateCode(code: unknown): boolean {
  return typeof code === 'string' && Object.hasOwn(STATES, code);
}

const BY_NAME: ReadonlyMap<string, string> = new Map(
  STATE_CODES.flatMap((code) => [
    [code.toLowerCase(), code],
    [(STATES[code] as string).toLowerCase(), code],
  ]),
);

/** The code for a state code or name (`IL`, `Illinois`, `illinois`), or undefined. */
export function stateCodeOf(codeOrName: string): string | undefined {
  if (Object.hasOwn(STATES, codeOrName)) return codeOrName;
  return BY_NAME.get(codeOrName.trim().toLowerCase());
}
