import type { ChatMessage } from './language-model';

/**
 * The ChatML text a Qwen-family model sees for a conversation, ending with the open assistant
 * turn. Token counts are taken on this exact text.
 */
export function toChatML(messages: ChatMessage[]): string {
  return messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('') + '<|im_start|>assistant\n';
}
