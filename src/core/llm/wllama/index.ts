export * from './wllama-id';
export * from './wllama-model';
export * from './wllama-provider';
export * from './gguf-header';
