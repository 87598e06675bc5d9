import { z } from 'zod';

/**
 * The parts of the OpenAI chat-completions API that Toolwise speaks, as zod schemas: what the
 * client sends and reads, and what `serve:sim` accepts and answers. Fields other servers add
 * (llama.cpp's `timings`, vLLM's `prompt_logprobs`) pass through unread.
 */

export const wireMessage = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(wireMessage).min(1),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  n: z.number().int().min(1).max(128).optional(),
  seed: z.number().int().optional(),
  max_tokens: z.number().int().min(1).optional(),
  logprobs: z.boolean().optional(),
  top_logprobs: z.number().int().min(0).max(20).optional(),
  /** vLLM: continue the trailing assistant message instead of opening a new one. */
  continue_final_message: z.boolean().optional(),
  add_generation_prompt: z.boolean().optional(),
  /** Structured output: `{type: "json_schema", json_schema: {name, schema}}` (vLLM, llama.cpp, Ollama). */
  response_format: z.looseObject({ type: z.string() }).optional(),
  /** Server-sent events: the reply as `chat.completion.chunk`s, then `data: [DONE]`. */
  stream: z.boolean().nullable().optional(),
  /** With `stream`: a last chunk with no choices that carries the usage. */
  stream_options: z.looseObject({ include_usage: z.boolean().nullable().optional() }).nullable().optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

const topLogprob = z.looseObject({ token: z.string(), logprob: z.number() });
const tokenLogprob = z.looseObject({ token: z.string(), logprob: z.number(), top_logprobs: z.array(topLogprob).optional() });
export type TopLogprob = z.infer<typeof topLogprob>;
export type TokenLogprob = z.infer<typeof tokenLogprob>;

export const usageSchema = z.looseObject({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0).optional(),
  /** OpenAI, vLLM (with `--enable-prompt-tokens-details`) and llama.cpp report the prompt tokens served from their cache here. */
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().min(0).nullable().optional() }).nullable().optional(),
});

export const chatResponseSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        index: z.number().int().min(0).optional(),
        message: z.looseObject({ role: z.string().optional(), content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
        logprobs: z.looseObject({ content: z.array(tokenLogprob).nullable().optional() }).nullable().optional(),
      }),
    )
    .min(1),
  usage: usageSchema.nullable().optional(),
  system_fingerprint: z.string().nullable().optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const modelListSchema = z.looseObject({
  /** vLLM reports each model's window as `max_model_len`. */
  data: z.array(z.looseObject({ id: z.string(), max_model_len: z.number().int().positive().nullable().optional() })),
});

/** llama.cpp's `GET /props` (at the server's root): the window its slots run with. */
export const llamaPropsSchema = z.looseObject({
  default_generation_settings: z.looseObject({ n_ctx: z.number().int().positive().optional() }).optional(),
});

/**
 * The `system_fingerprint` serve:sim answers with: a run against it is labelled simulated, as
 * SimLM is everywhere it is in use.
 */
export const SIMLM_FINGERPRINT = 'toolwise-simlm';

/** Where zod found a value that does not fit, as one short line. */
export function wireIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'unexpected shape';
}
