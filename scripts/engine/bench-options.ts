import { parseArgs } from 'node:util';
import { GGML_TYPES, type GgmlType } from './gguf-writer.ts';
import { MODEL_SHAPES } from './model-shapes.ts';

/**
 * One thread unless told: on the project's machine (2 shared cores) decode ran at 13.2 tokens/s
 * with 1 thread and 1.9 with 2, as llama.cpp's threads wait on each other when another process
 * holds a core. More threads pay only on cores the engine has to itself: measure with --threads N.
 */
export const DEFAULT_ENGINE_THREADS = 1;

export const ENGINE_BENCH_USAGE = `npm run bench:engine -- [options]

Times llama.cpp (node-llama-cpp, on this machine's CPU) on random-weight models of real shapes that
it writes itself (nothing is downloaded): prefill, decode, and a prompt that reuses the previous
one's KV cache against the same prompt cold. With the defaults it took 34 minutes on a shared
2-core machine; the profiles' run, --prompt 256 --new 32 --decode 32 --insert 16, took 5.6 minutes
for three shapes (docs/benchmark.md).

  --shape S[,S]    model shapes (default qwen2.5-0.5b,qwen3-0.6b; also ${Object.keys(MODEL_SHAPES).filter((s) => !['qwen2.5-0.5b', 'qwen3-0.6b'].includes(s)).join(', ')})
  --type T         weights: ${Object.keys(GGML_TYPES).join(', ')} (default q8_0)
  --threads N      engine threads (default ${DEFAULT_ENGINE_THREADS}: measured fastest on a shared 2-core machine; try more on cores of your own)
  --repeats N      repeats per model (default 3)
  --prompt N       prompt tokens (default 1024)
  --new N          tokens the follow-up prompt adds (default 128)
  --decode N       tokens generated after the prompt (default 64)
  --insert N       tokens put in front of the follow-up, which then reuses nothing (default 50)
  --layers N       fewer layers than the shape has (a quicker, smaller model)
  --dir D          where the models are written (default /tmp/toolwise-engine), never the repository
  --json FILE      write the timings and rates (median [min, max]) with the date, CPU, cores,
                   threads, load and the installed node-llama-cpp version, as JSON; the CPU
                   profiles come from docs/bench-engine.json (npm run profiles:cpu)
  --help           this text`;

export interface EngineBenchOptions {
  shapes: string[];
  type: GgmlType;
  threads: number;
  repeats: number;
  promptTokens: number;
  newTokens: number;
  decodeTokens: number;
  insertTokens: number;
  /** Undefined: the shape's own. */
  layers: number | undefined;
  dir: string;
  json: string | undefined;
}

/** The command line of bench:engine: `help` (print the usage, run nothing) or the options, checked. */
export function parseEngineBenchArgs(args: string[]): { help: true } | { help: false; options: EngineBenchOptions } {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      shape: { type: 'string', default: 'qwen2.5-0.5b,qwen3-0.6b' },
      type: { type: 'string', default: 'q8_0' },
      threads: { type: 'string', default: String(DEFAULT_ENGINE_THREADS) },
      repeats: { type: 'string', default: '3' },
      prompt: { type: 'string', default: '1024' },
      new: { type: 'string', default: '128' },
      decode: { type: 'string', default: '64' },
      insert: { type: 'string', default: '50' },
      layers: { type: 'string' },
      dir: { type: 'string', default: '/tmp/toolwise-engine' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return { help: true };
  const whole = (name: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} ${text}: give a whole number from ${min}.\n\n${ENGINE_BENCH_USAGE}`);
    return n;
  };
  const shapes = values.shape.split(',');
  const unknown = shapes.find((s) => !Object.hasOwn(MODEL_SHAPES, s));
  if (unknown) throw new Error(`--shape ${unknown}: the shapes are ${Object.keys(MODEL_SHAPES).join(', ')}.`);
  if (!Object.hasOwn(GGML_TYPES, values.type)) throw new Error(`--type must be one of ${Object.keys(GGML_TYPES).join(', ')}.`);
  return {
    help: false,
    options: {
      shapes,
      type: values.type as GgmlType,
      threads: whole('threads', values.threads, 1),
      repeats: whole('repeats', values.repeats, 1),
      promptTokens: whole('prompt', values.prompt, 2),
      newTokens: whole('new', values.new, 1),
      decodeTokens: whole('decode', values.decode, 1),
      insertTokens: whole('insert', values.insert, 1),
      layers: values.layers === undefined ? undefined : whole('layers', values.layers, 1),
      dir: values.dir,
      json: values.json,
    },
  };
}
