import { SPECIAL_TOKENS } from './wordpiece-vocab';

/** The files transformers.js reads for a BERT-style feature-extraction model, besides the ONNX graph. */
export const MAX_LENGTH = 128;

/** `tokenizer.json` in the Hugging Face tokenizers format: BERT normaliser, pre-tokenizer, WordPiece. */
export function tokenizerJson(vocab: string[]): object {
  const id = (token: string) => vocab.indexOf(token);
  return {
    version: '1.0',
    truncation: { direction: 'Right', max_length: MAX_LENGTH, strategy: 'LongestFirst', stride: 0 },
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, index) => [token, index])),
    },
  };
}

export function tokenizerConfig(): object {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: MAX_LENGTH,
    unk_token: '[UNK]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    cls_token: '[CLS]',
    mask_token: '[MASK]',
    clean_up_tokenization_spaces: true,
  };
}

/** `config.json`: a BERT-typed config so transformers.js picks its feature-extraction model class. */
export function modelConfig(vocabSize: number, dimension: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    vocab_size: vocabSize,
    hidden_size: dimension,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    max_position_embeddings: MAX_LENGTH,
    pad_token_id: 0,
    toolwise: {
      architecture: 'bag of WordPiece embeddings (Gather of a binary16 table, Cast to float32, times the attention mask), mean-pooled by the pipeline',
      vocabulary: 'words of the training splits, then WordNet 3.1 words and subword units',
      objective: 'IDF-scaled random start, retrofitted to WordNet synonyms and hypernyms (Faruqui et al. 2015), then unsupervised SimCSE: two dropout-noised views as positives, in-batch negatives, InfoNCE at temperature 0.05',
      trainedBy: 'npm run train:embedder',
    },
  };
}
