import { failure, type ErrorCode, type ToolResult } from './result.js';

/**
 * Thrown by capability code for an expected failure. The facade turns it into an error envelope,
 * so a raw git message or stack never reaches a brain: `diagnostic` is kept apart from `summary`.
 */
export class ButlerError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint: string,
    readonly data: Record<string, unknown> = {},
    readonly diagnostic?: string,
  ) {
    super(message);
    this.name = 'ButlerError';
  }
}

export function invalidArgument(message: string, hint: string, data: Record<string, unknown> = {}): ButlerError {
  return new ButlerError('invalid_argument', message, hint, data);
}

/** Converts anything thrown into an envelope; unexpected errors become `backend_error` with a short summary. */
export function toErrorResult(err: unknown): ToolResult {
  if (err instanceof ButlerError) {
    const data = err.diagnostic ? { ...err.data, diagnostic: err.diagnostic } : err.data;
    return failure(err.code, err.message, err.hint, data);
  }
  const detail = err instanceof Error ? err.message : String(err);
  return failure('backend_error', 'Butler hit an internal error', 'Retry once; if it persists, run `butler status`.', {
    diagnostic: detail.slice(0, 500),
  });
}
