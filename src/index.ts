/** civic-migrate: the library API. Everything the CLI does can be done from here. */

export { type ApiKey, AUTH_DETAIL, basicAuthorization, generateApiKey } from './client/auth.js';
export { defaultBaseUrl, isLoopbackHost, normalizeBaseUrl } from './client/base-url.js';
export {
  type ApiVersion,
  type CivicClient,
  type ClientOptions,
  checkStateCode,
  createClient,
  ENV as CLIENT_ENV,
} from './client/client.js';
export { type CutoverDiagnostic, type ReshapeOptions, reshapeFields, reshapeState } from './client/cutover.js';
export {
  ApiAuthError,
  ApiError,
  type ApiErrorKind,
  ApiNetworkError,
  ApiNotFoundError,
  ApiResponseError,
  ApiStatusError,
  ApiTimeoutError,
  ApiUnsupportedError,
  ClientConfigError,
  InvalidStateCodeError,
  type RequestInfo,
} from './client/errors.js';
export { DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from './client/retry.js';
export type { FetchLike } from './client/transport.js';
export {
  type DiffOptions,
  describeDifference,
  diffStates,
  type StateDifference,
  type VerifyOptions,
  type VerifyReport,
  verifyState,
} from './client/verify.js';
export { gitPatch } from './codemod/diff.js';
export { CODEMOD_EXTENSIONS } from './codemod/extensions.js';
export { GitUnavailableError } from './codemod/git.js';
export {
  type CodemodFileResult,
  type CodemodRunOptions,
  type CodemodSummary,
  type CodemodTotals,
  type FileStatus as CodemodFileStatus,
  runCodemod,
} from './codemod/run.js';
export { formatSummaryLine as formatCodemodSummary } from './codemod/summary-line.js';
export { transformSource } from './codemod/transform.js';
export type { Change, ChangeKind, Edit, Marker, TransformOptions, TransformResult } from './codemod/types.js';
export { assertNever, CivicMigrateError, IoError, MappingError, UsageError } from './errors.js';
export { ChangedSinceReadError } from './files/write.js';
export { closest } from './mapping/closest.js';
export { type Explanation, explain, type FixedBy, findEndpoint, fixedBy, headline } from './mapping/explain.js';
export { renderGuide } from './mapping/guide.js';
export { DEFAULT_TABLE_PATH, loadMappings, mappingsFromJson } from './mapping/load.js';
export type { Mappings, ResolvedRule, V2Origin } from './mapping/mappings.js';
export * from './mapping/schema.js';
export {
  type AdaptOptions,
  type AdaptResult,
  DIAGNOSTICS as PAYLOAD_DIAGNOSTICS,
  type Diagnostic,
  type DiagnosticCode,
  type DowngradeOptions,
  detectPayload,
  downgrade,
  formatDiagnostic,
  isStateCode,
  isStrictError,
  longNameOf,
  MULTISELECT_SEPARATOR,
  overrideListSchema,
  PayloadError,
  type PayloadKind,
  type PayloadVersion,
  parseJson as parsePayloadJson,
  parsePayload,
  type RegionalOverride,
  regionalOverrideSchema,
  type SafeAdaptResult,
  type Severity,
  STATE_CODES,
  STATES,
  StrictPayloadError,
  type SyntheticV1Dataset,
  safeDowngrade,
  safeUpgrade,
  stateCodeOf,
  syntheticOverrides,
  syntheticV1Dataset,
  syntheticV1Fields,
  syntheticV1State,
  TERRITORIES,
  type UpgradeOptions,
  upgrade,
  type V1FieldDescriptor,
  type V1Payload,
  type V1StateItem,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2Payload,
  type V2StateItem,
  type V2StateRecord,
  v1FieldDescriptorSchema,
  v1FieldListSchema,
  v1StateItemSchema,
  v1StateRecordSchema,
  v2FieldDescriptorSchema,
  v2FieldListSchema,
  v2StateItemSchema,
  v2StateRecordSchema,
} from './payload/index.js';
export { type FindV1UsageOptions, findV1Usage } from './report/find.js';
export {
  type Confidence,
  type FailOn,
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  type Fixer,
  gatingFindings,
  type ReportResult,
  type ReportStats,
  type SourceContext,
} from './report/finding.js';
export { FAIL_ON, REPORT_FORMATS, type ReportFormat } from './report/formats.js';
export { type RenderOptions, renderReport } from './report/reporters/index.js';
export { type JsonReport, REPORT_SCHEMA_VERSION } from './report/reporters/json.js';
export { REPORT_JSON_SCHEMA } from './report/reporters/json-schema.js';
export { createReportRules, type ReportRules } from './report/rules.js';
export { scanText } from './report/scan.js';
export type { TextScan } from './report/scan-text.js';
export { exitCodeFor, type ReportSummary, summarize as summarizeReport } from './report/summary.js';
export { type CivicEvidence, findCivicEvidence, hasCivicContext } from './scan/civic-context.js';
export { type Dataset, DatasetError, loadDataset, saveDataset, servedData, syntheticDataset } from './server/dataset.js';
export { type RunningServer, type ServedData, type ServerOptions, ServerStartError, startServer } from './server/server.js';
export type { MarkerCause } from './vocabulary/notes.js';
