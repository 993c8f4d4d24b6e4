import { neutralizeDeep } from '../shared/neutralize.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toErrorResult } from '../shared/errors.js';
import { readNumberIds } from '../shared/ids.js';
import { ERROR_CODES, failure, type ToolResult } from '../shared/result.js';
import { newSession } from '../work/index.js';
import { BUTLER_VERSION } from '../shared/version.js';
import { noteConfigProblem } from '../shared/config-note.js';
import { toolLang } from './context.js';
import { INSTRUCTIONS } from './instructions.js';
import { describeZodError, toInputJsonSchema } from './schema.js';
import type { ServerDeps, ToolDef } from './tool.js';
import { brainTools, workerTools } from './tools/index.js';

export const SERVER_NAME = 'butler';
export const SERVER_VERSION = BUTLER_VERSION;

export interface CreateServerOptions {
  /** `butler mcp --worker`: the low-level surface for workers, never for brains. */
  worker?: boolean;
}

/** The envelope every tool returns, declared as its outputSchema (written out: `data` is open by design). */
const OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'error', 'need_input'] },
    summary: { type: 'string' },
    data: { type: 'object', additionalProperties: true },
    error_code: { type: 'string', enum: [...ERROR_CODES] },
    hint: { type: 'string' },
  },
  required: ['status', 'summary', 'data'],
};

const noSchemaValidator = {
  getValidator(): never {
    throw new Error('Butler does not validate client-supplied JSON Schemas');
  },
};

/** One server per connection: its session state lives in this closure, never in module state. */
export function createServer(deps: ServerDeps, opts: CreateServerOptions = {}): Server {
  const tools: ToolDef[] = opts.worker ? workerTools : brainTools;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const session = newSession();
  const memo = new Map<string, unknown>();
  const server = new Server(
    { name: opts.worker ? `${SERVER_NAME}-worker` : SERVER_NAME, version: SERVER_VERSION },
    // Butler never asks the client for input (elicitation), the only use of the SDK's JSON Schema
    // validator in a server; this one keeps Ajv out of the vendored runtime (scripts/build.mjs).
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: noSchemaValidator },
  );
  const listed = tools.map((t) => ({
    name: t.name,
    title: t.config.title,
    description: t.config.description,
    inputSchema: toInputJsonSchema(t.config.inputSchema),
    outputSchema: OUTPUT_SCHEMA,
    annotations: t.config.annotations,
  }));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    let result: ToolResult<object>;
    if (!tool) {
      result = failure('not_found', `Unknown tool ${request.params.name}`, 'Call tools/list to see the tools.');
    } else {
      const parsed = tool.config.inputSchema.safeParse(readNumberIds(request.params.arguments ?? {}));
      if (!parsed.success) {
        const ja = (await toolLang({ session, deps, memo })) === 'ja';
        result = failure(
          'invalid_argument',
          ja ? `${tool.name} の引数が不正です` : `Invalid arguments for ${tool.name}`,
          describeZodError(parsed.error),
        );
      } else {
        try {
          const client = server.getClientVersion();
          result = await tool.handler(parsed.data, {
            session,
            deps,
            client: client ? { name: client.name, title: client.title } : undefined,
            memo,
          });
        } catch (err) {
          result = toErrorResult(err);
        }
        // A tool that ran past a broken .butler/config.yaml on the defaults says so (file:line:column).
        if (session.projectRoot) result = await noteConfigProblem(result, session.projectRoot);
      }
    }
    // Text from other clones, committed files or transcripts cannot fake the client's framing (issue #23).
    result = neutralizeDeep(result);
    return {
      content: [{ type: 'text' as const, text: JSON.stringify(result) }],
      structuredContent: result as unknown as Record<string, unknown>,
      isError: result.status === 'error',
    };
  });
  return server;
}
