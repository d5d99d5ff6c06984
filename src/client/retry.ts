/** Retry policy of the client: which answers are retried, and how long to wait between attempts. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `retries + 1` attempts at most). */
  readonly retries: number;
  /** First backoff delay; doubled on each retry, with jitter. */
  readonly baseDelayMs: number;
  /** Longest wait between two attempts; a larger `Retry-After` ends the retries instead. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };

/** 429 (rate limited) and every 5xx are worth retrying for an idempotent GET. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * `Retry-After` in milliseconds: delta-seconds (`120`) or an HTTP date. Undefined when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0-based): the service's `Retry-After` when given, else
 * exponential backoff with equal jitter (half fixed, half random) so clients do not retry in step.
 */
export function retryDelay(policy: RetryPolicy, retry: number, retryAfterMs: number | undefined, random = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
