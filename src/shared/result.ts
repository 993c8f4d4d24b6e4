/** The envelope every Butler operation returns, to brains (MCP) and humans (CLI) alike. */
export type Status = 'ok' | 'error' | 'need_input';

export const ERROR_CODES = [
  'conflict',
  'auth_failed',
  'not_found',
  'policy_blocked',
  'backend_error',
  'upstream_not_configured',
  'invalid_title',
  'invalid_body',
  'invalid_argument',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A structured next step. `args` are ready to pass; `required_args` name what the caller must add. */
export interface Action {
  tool: string;
  args?: Record<string, unknown>;
  reason?: string;
  required_args?: string[];
}

export interface ToolResult<D extends object = Record<string, unknown>> {
  status: Status;
  summary: string;
  data: D;
  error_code?: ErrorCode;
  hint?: string;
}

export function ok<D extends object>(summary: string, data: D): ToolResult<D> {
  return { status: 'ok', summary, data };
}

export function needInput<D extends object>(summary: string, data: D): ToolResult<D> {
  return { status: 'need_input', summary, data };
}

export function failure(code: ErrorCode, summary: string, hint: string, data: Record<string, unknown> = {}): ToolResult {
  return { status: 'error', summary, data, error_code: code, hint };
}
