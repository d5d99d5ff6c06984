/**
 * The lists a V1 state record holds its items in (its array properties), apart from the zod schemas
 * that describe them (test/payload-internals.test.ts holds the two together): the codemod's plan needs
 * the names in every run, the schemas only a run that validates a payload.
 */
export const V1_RECORD_LISTS = ['state_information'] as const;
