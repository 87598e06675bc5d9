/** The slice of `navigator.gpu` the check needs; injected, so the check runs anywhere. */
export interface GpuLike {
  requestAdapter(): Promise<{ features: ReadonlySet<string> } | null>;
}

export type GpuCheck =
  | { ok: true; shaderF16: boolean }
  | { ok: false; reason: 'no-webgpu' | 'no-adapter' | 'no-shader-f16'; message: string };

const FALLBACK = 'The simulated model still works: pick it to run the strategies without a download.';

/**
 * Checks WebGPU, and `shader-f16` when the model needs it, before a model loads: web-llm's
 * `reload` fetches the model config and library before it looks at the GPU, so a page that
 * relied on it would download first and fail later (web-llm 0.2.86, docs/sources.md).
 */
export async function checkGpu(gpu: GpuLike | undefined, needsShaderF16: boolean): Promise<GpuCheck> {
  if (!gpu) {
    return { ok: false, reason: 'no-webgpu', message: `This browser does not offer WebGPU, which the local model needs. Try a recent Chrome or Edge, or enable WebGPU in the browser settings. ${FALLBACK}` };
  }
  let adapter: { features: ReadonlySet<string> } | null = null;
  try {
    adapter = await gpu.requestAdapter();
  } catch {
    adapter = null;
  }
  if (!adapter) {
    return { ok: false, reason: 'no-adapter', message: `WebGPU is present but no graphics adapter is available (the GPU may be blocked, busy or missing). ${FALLBACK}` };
  }
  const shaderF16 = adapter.features.has('shader-f16');
  if (needsShaderF16 && !shaderF16) {
    return { ok: false, reason: 'no-shader-f16', message: `This model uses 16-bit float shaders (shader-f16), which this GPU or browser does not support. Pick a q4f32 model instead. ${FALLBACK}` };
  }
  return { ok: true, shaderF16 };
}
