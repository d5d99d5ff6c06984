/**
 * `civic-migrate/observe`: record what a running app reads of the V1-shaped data civic-migrate hands
 * it (README: "Observed usage").
 */
export { flushUsage, writeUsageFile } from './flush.js';
export {
  activeRecorder,
  createRecorder,
  type PropertyCounts,
  type Recorder,
  type RecorderOptions,
  setActiveRecorder,
  type Usage,
  type WatchedKind,
} from './recorder.js';
export { mergeUsage, readUsageFile, UsageFileError, usageJsonSchema, usageSchema } from './usage-file.js';
