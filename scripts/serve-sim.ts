import { parseArgs } from 'node:util';
import { startSimServer } from './sim-server';

const USAGE = `npm run serve:sim -- [options]

Serves SimLM over the OpenAI chat-completions API (GET /v1/models, POST /v1/chat/completions with
n, seed, temperature, logprobs and top_logprobs, stream with stream_options.include_usage, and usage).
It answers 400, naming the field, to what it cannot do: tools (SimLM never writes tool_calls; it reads
the tools listed in the prompt) and logprobs for a prompt that is not an index question. Point a run at it with
  npm run bench -- --model openai:http://127.0.0.1:<port>/v1#sim-small
or the page's "OpenAI-compatible server" model.

  --port P            port (default 8765; 0 picks a free one)
  --host H            address to listen on (default 127.0.0.1)
  --embedder E        lexical (default, as the CLI) or toolwise-simcse (as the page)
  --model-seed S      which model of its class (default 1); a run with --seed S matches sim: in-process
  --no-logprobs       act as a server that ignores logprobs (answers logprobs: null; EGB-Logits is then refused)
  --window N          context window of the served models in tokens (default: each preset's, as SimLM's
                      class has it); longer requests get a 400, as vLLM answers them
faults, for testing clients (rates in [0, 1], drawn from --fault-seed):
  --fail-rate R       answer --status instead of a completion
  --status 429|500    the status of those answers (default 500)
  --drop-rate R       close the connection without an answer
  --malformed-rate R  answer 200 with a body that is not JSON
  --delay-ms D        wait D ms before each answer (a loaded server)
  --fault-seed N      seed of the fault draws (default 1)
  --quiet             no request log`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8765' },
      host: { type: 'string', default: '127.0.0.1' },
      embedder: { type: 'string', default: 'lexical' },
      'model-seed': { type: 'string', default: '1' },
      'no-logprobs': { type: 'boolean', default: false },
      window: { type: 'string' },
      'fail-rate': { type: 'string' },
      status: { type: 'string' },
      'drop-rate': { type: 'string' },
      'malformed-rate': { type: 'string' },
      'delay-ms': { type: 'string' },
      'fault-seed': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const number = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name} ${text}: give a number from ${min} to ${max}.\n\n${USAGE}`);
    return value;
  };
  const server = await startSimServer({
    port: number('port', values.port, 0, 65535),
    host: values.host,
    embedder: values.embedder,
    modelSeed: number('model-seed', values['model-seed'], -(2 ** 31), 2 ** 32),
    logprobs: !values['no-logprobs'],
    window: number('window', values.window, 256, 10_000_000),
    faults: {
      failRate: number('fail-rate', values['fail-rate'], 0, 1),
      status: number('status', values.status, 400, 599),
      dropRate: number('drop-rate', values['drop-rate'], 0, 1),
      malformedRate: number('malformed-rate', values['malformed-rate'], 0, 1),
      delayMs: number('delay-ms', values['delay-ms'], 0, 600_000),
      seed: number('fault-seed', values['fault-seed'], 0, 2 ** 32),
    },
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`SimLM (simulated) serves the OpenAI API at ${server.url} (models sim-small, sim-medium, sim-strong)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
