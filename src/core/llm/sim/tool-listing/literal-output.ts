/**
 * A tool's output as a reader reads it (docs/simulated-model.md): tools print their results as JSON
 * or as Python literals (single-quoted strings, True / False / None), and a reader of either takes
 * the same record or list from them. Undefined when the text is neither (a sentence, an error).
 */
export function literalOutput(text: string): unknown {
  const trimmed = text.replace(/^\s*(?:observation|output):\s*/i, '').trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return pythonLiteral(trimmed);
  }
}

/** Reads a Python literal (dict, list, string, number, True/False/None); undefined if it is not one. */
function pythonLiteral(text: string): unknown {
  let at = 0;
  const skip = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    skip();
    if (text[at++] !== char) throw new Error(`expected ${char}`);
  };
  const sequence = <T>(close: string, item: () => T): T[] => {
    const items: T[] = [];
    for (skip(); text[at] !== close; skip()) {
      if (at >= text.length) throw new Error('unterminated');
      items.push(item());
      skip();
      if (text[at] === ',') at++;
      else if (text[at] !== close) throw new Error('expected a comma');
    }
    at++;
    return items;
  };
  const value = (): unknown => {
    skip();
    const char = text[at];
    if (char === '[' || char === '(') {
      at++;
      return sequence(char === '[' ? ']' : ')', value);
    }
    if (char === '{') {
      at++;
      return Object.fromEntries(
        sequence('}', (): [unknown, unknown] => {
          const key = value();
          expect(':');
          return [key, value()];
        }),
      );
    }
    if (char === "'" || char === '"') {
      let out = '';
      for (at++; text[at] !== char; at++) {
        if (at >= text.length) throw new Error('unterminated text');
        out += text[at] === '\\' ? text[++at] : text[at];
      }
      at++;
      return out;
    }
    const word = /^(?:True|False|None|true|false|null|-?\d+(?:\.\d+)?)/.exec(text.slice(at))?.[0];
    if (!word) throw new Error('not a literal');
    at += word.length;
    return /^(?:True|true)$/.test(word) ? true : /^(?:False|false)$/.test(word) ? false : /^(?:None|null)$/.test(word) ? null : Number(word);
  };
  try {
    const result = value();
    skip();
    return at === text.length ? result : undefined;
  } catch {
    return undefined;
  }
}
