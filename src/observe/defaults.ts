/**
 * Which payloads a recorder watches unless told otherwise (\`createRecorder\`, \`observe\`): every one
 * of a kind up to WATCH_FIRST, then one in WATCH_EVERY. Apart from the recorder, so that the CLI's
 * definition of \`observe\` can say them without loading it.
 */
export const WATCH_FIRST = 200;
export const WATCH_EVERY = 16;
