import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Embedder } from '../src/core/embed/embedder';
import { ENVIRONMENTS } from '../src/core/envs';
import { InThreadRunner } from '../src/core/run/runner';
import { simReaderEmbedder } from '../src/core/llm/sim/sim-provider';
import { LexicalEmbedder } from '../src/core/embed/lexical-embedder';
import { ChatTokenCounter } from '../src/core/llm/token-counter';
import { loadQwenTokenizer } from '../src/core/llm/qwen-tokenizer';
import { SIM_PRESETS } from '../src/core/llm/sim/presets';
import { SimChatService, apiError, simModelList, streamEvents, type ApiReply } from '../src/core/llm/sim/sim-chat-api';
import { Rng } from '../src/core/rng';
import { loadNodeData } from './node-data';
import { KeyIndex } from '../src/core/key/key-index';
import { loadNodeEmbedder } from './node-embedder';

/** Faults the server injects into chat completions, each with its rate in [0, 1]. */
export interface Faults {
  /** Answer with `status` instead of a completion. */
  failRate?: number;
  status?: number;
  /** Close the connection without an answer. */
  dropRate?: number;
  /** Answer 200 with a body that is not JSON. */
  malformedRate?: number;
  /** Wait this long before answering each request, as a loaded server does. */
  delayMs?: number;
  /** Seed of the fault draws, so a test sees the same faults every time. */
  seed?: number;
}

export interface SimServerOptions {
  port?: number;
  host?: string;
  /** `lexical` (fitted per environment, as runs do) or `toolwise-simcse` (the bundled encoder). */
  embedder?: string;
  /** Which model of its class each served model is (SimLM's fixed preferences); a run with this seed matches sim: in-process. */
  modelSeed?: number;
  /** False to act as a server without logprobs. */
  logprobs?: boolean;
  /** The context window of every served model (reported as `max_model_len`); absent: each preset's. */
  window?: number;
  faults?: Faults;
  /** Data files to serve keys for besides the bundled data, by environment (an import replaces that environment's bundled tasks). */
  imports?: Record<string, unknown>;
  /** Told about each request (method, path, status). */
  log?: (line: string) => void;
}

export interface SimServer {
  /** The API's base URL, for example `http://127.0.0.1:8765/v1`. */
  url: string;
  server: Server;
  /** Chat-completion requests received (faulty ones included). */
  readonly requests: number;
  /** Serves keys for an imported data file (as the page's or the CLI's import), in place of that environment's bundled tasks. */
  importData(envId: string, json: unknown): void;
  close(): Promise<void>;
}

/**
 * The keys the server answers with: every bundled environment's tasks, then the imports. SimLM
 * knows the benchmark's answers only for the data it was started with, as a model that memorised them.
 */
async function keyIndex(imports: Record<string, unknown>): Promise<{ keys: KeyIndex; importData: (envId: string, json: unknown) => void }> {
  const runner = new InThreadRunner(loadNodeData, undefined, ENVIRONMENTS);
  const specs = await runner.environments();
  const keys = new KeyIndex();
  for (const [envId, spec] of Object.entries(specs)) keys.add(spec, await runner.dataset(envId));
  const importData = (envId: string, json: unknown) => keys.add(specs[envId], runner.importDataset(envId, json));
  for (const [envId, json] of Object.entries(imports)) importData(envId, json);
  return { keys, importData };
}

/** The served names: `sim-small`, `sim-medium`, `sim-strong`. */
const MODELS = Object.fromEntries(Object.values(SIM_PRESETS).map((preset) => [`sim-${preset.id}`, preset]));

/**
 * The embedder SimLM reads with, as in-process SimLM reads with it (`simReaderEmbedder`): a model
 * embedder as loaded, the lexical one unfitted. Nothing comes from bundled data a request does not
 * show, so on imported data the server answers as in-process SimLM does.
 */
async function readerEmbedder(id: string): Promise<Embedder> {
  if (id === 'lexical') return simReaderEmbedder(new LexicalEmbedder());
  const runner = new InThreadRunner(loadNodeData, undefined, ENVIRONMENTS, loadNodeEmbedder);
  return simReaderEmbedder(await runner.modelEmbedder(id, 'wasm'));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 32 * 1024 * 1024) reject(new Error('request body over 32 MB'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, reply: ApiReply): void {
  response.writeHead(reply.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(reply.body));
}

/**
 * An HTTP server that speaks the OpenAI chat-completions API with SimLM behind it: the offline
 * stand-in for Ollama, llama.cpp or vLLM in tests and demos. It allows any origin (CORS), as a
 * local development server does, so the page can call it.
 */
export async function startSimServer(options: SimServerOptions = {}): Promise<SimServer> {
  const { keys, importData } = await keyIndex(options.imports ?? {});
  const service = new SimChatService({
    keys,
    models: MODELS,
    embedder: await readerEmbedder(options.embedder ?? 'lexical'),
    counter: new ChatTokenCounter(await loadQwenTokenizer()),
    modelSeed: options.modelSeed ?? 1,
    logprobs: options.logprobs ?? true,
    window: options.window,
  });
  const faults = options.faults ?? {};
  const rng = new Rng(faults.seed ?? 1);
  let requests = 0;

  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type');
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    const path = (request.url ?? '/').split('?')[0].replace(/\/+$/, '');
    const log = (status: number) => options.log?.(`${request.method} ${path} ${status}`);
    try {
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && path === '/v1/models') {
        send(response, simModelList({ models: MODELS, window: options.window }));
        log(200);
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        send(response, apiError(404, `No route ${request.method} ${path}; this server answers GET /v1/models and POST /v1/chat/completions.`, 'not_found_error'));
        log(404);
        return;
      }
      requests++;
      const text = await readBody(request);
      if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      // Fault draws in arrival order, from a seeded generator.
      const draw = rng.next();
      const drop = faults.dropRate ?? 0;
      const fail = faults.failRate ?? 0;
      const malformed = faults.malformedRate ?? 0;
      if (draw < drop) {
        request.socket.destroy();
        log(0);
        return;
      }
      if (draw < drop + fail) {
        const status = faults.status ?? 500;
        send(response, apiError(status, status === 429 ? 'Rate limit reached (injected).' : 'Internal error (injected).', 'server_error'));
        log(status);
        return;
      }
      if (draw < drop + fail + malformed) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"choices": [ {"message": ');
        log(200);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        send(response, apiError(400, 'The request body is not JSON.'));
        log(400);
        return;
      }
      const reply = await service.complete(body);
      const stream = (body as { stream?: unknown }).stream === true;
      if (stream && reply.status === 200) {
        // Server-sent events, as the official clients read them with `stream: true`.
        const includeUsage = (body as { stream_options?: { include_usage?: unknown } | null }).stream_options?.include_usage === true;
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const event of streamEvents(reply.body as Parameters<typeof streamEvents>[0], includeUsage)) response.write(`data: ${event}\n\n`);
        response.end();
      } else send(response, reply);
      log(reply.status);
    } catch (error) {
      send(response, apiError(500, error instanceof Error ? error.message : String(error), 'server_error'));
      log(500);
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}/v1`,
    server,
    get requests() {
      return requests;
    },
    importData,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
