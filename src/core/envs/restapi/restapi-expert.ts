import type { Action, ArgValue, Expert, KeyAction } from '../../types';
import type { RestParam, RestTool } from './openapi-tools';
import type { RestApiEnvironment } from './restapi-environment';
import { requestValues } from './restapi-environment';

/** The most recent value a response gave under a key, searched newest response first. */
function fieldValue(outputs: unknown[], key: string): ArgValue | undefined {
  const find = (value: unknown): ArgValue | undefined => {
    if (Array.isArray(value)) {
      for (const v of value) {
        const found = find(v);
        if (found !== undefined) return found;
      }
    } else if (value && typeof value === 'object') {
      const own = (value as Record<string, unknown>)[key];
      if (typeof own === 'string' || typeof own === 'number') return own;
      for (const v of Object.values(value)) {
        const found = find(v);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  for (const output of [...outputs].reverse()) {
    const found = find(output);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Fields of earlier responses that name what a name parameter names, besides its own name: a field
 * named for the kind's name (a release's `tag_name` names a tag), and the scope name of a kind that
 * the parameter's thing holds. The spec lists repositories under `/orgs/{org}/repos`, so an org holds
 * repos; a repo's `owner` (the name before its own in `/repos/{owner}/{repo}`) names what holds it.
 */
export function relatedFields(tools: RestTool[], p: RestParam): string[] {
  const kind = p.kinds[0];
  if (!kind) return [];
  const fields = [`${kind}_name`];
  for (const tool of tools) {
    const path = tool.endpoint.split(' ')[1];
    const held = new RegExp(`\\{${p.name}\\}/([\\w-]+)$`).exec(path)?.[1];
    if (!held) continue;
    for (const other of tools) {
      const names = other.params.filter((q) => q.check === 'name' && q.in === 'path');
      const otherPath = other.endpoint.split(' ')[1];
      for (const [scope, own] of names.slice(0, -1).map((q, i) => [q, names[i + 1]] as const)) {
        if (scope.kinds[0] === own.kinds[0] && otherPath.includes(`{${scope.name}}/{${own.name}}`) && held.replace(/-/g, '_').split('_').pop()!.replace(/s$/, '') === own.kinds[0] && !fields.includes(scope.name)) fields.push(scope.name);
      }
    }
  }
  return fields;
}

/**
 * A value for a parameter that names two things as a range (its doc writes the form `BASE...HEAD`):
 * the names of the first two items of the latest list an earlier response gave, older first (a list
 * reads newest first), each by a field named for a kind's name (`tag_name`) or else its `name`.
 */
function rangeValue(outputs: unknown[], doc: string): string | undefined {
  const separator = /\b[A-Z]+(\.{2,3})[A-Z]+\b/.exec(doc)?.[1];
  if (!separator) return undefined;
  for (const output of [...outputs].reverse()) {
    const list = Array.isArray(output) ? output : undefined;
    const names = (list ?? []).slice(0, 2).map((item) => {
      const object = (item ?? {}) as Record<string, unknown>;
      const key = Object.keys(object).find((k) => /.+_name$/.test(k) && typeof object[k] === 'string') ?? (typeof object.name === 'string' ? 'name' : undefined);
      return key ? String(object[key]) : undefined;
    });
    if (names.length === 2 && names.every(Boolean)) return `${names[1]}${separator}${names[0]}`;
  }
  return undefined;
}

/**
 * A name the request gives for a path parameter, read as a user writes it: `owner/repo` for two
 * neighbouring name parameters, `#314` or a bare number for a number, a quoted name, else the
 * word next to the kind's own word ("my notes-app repository", "the pytorch organization").
 */
function requestName(goal: string, tool: RestTool, p: RestParam, docWords: Set<string>): ArgValue | undefined {
  const path = tool.endpoint.split(' ')[1];
  const pair = new RegExp(`\\{(\\w+)\\}/\\{${p.name}\\}|\\{${p.name}\\}/\\{(\\w+)\\}`).exec(path);
  const slashed = /\b([\w.-]+)\/([\w.-]+)\b/.exec(goal);
  if (pair && slashed) return pair[1] ? slashed[2] : slashed[1];
  if (p.integer) {
    const number = /#(\d+)/.exec(goal)?.[1] ?? /\b(\d+)\b/.exec(goal)?.[1];
    return number === undefined ? undefined : Number(number);
  }
  const quoted = /["'‘“]([^"'’”]+)["'’”]/.exec(goal)?.[1];
  if (quoted && !/\s/.test(quoted)) return quoted;
  const kind = p.kinds[0];
  const words = goal.split(/\s+/).map((w) => w.replace(/^[^\w]+|[^\w]+$/g, ''));
  if (kind) {
    const at = words.findIndex((w) => w.toLowerCase().startsWith(kind));
    if (at > 0 && /[-_.\d]|^[a-z]/.test(words[at - 1]) && !/^(my|the|a|an|this|that|of)$/i.test(words[at - 1])) return words[at - 1];
    if (at >= 0 && words[at + 1]) return words[at + 1];
  }
  // Else a word the API's own docs never use: a name only the user knows.
  return words.find((w) => /[-_.]/.test(w) || /\d/.test(w)) ?? words.find((w) => w.length > 2 && !docWords.has(w.toLowerCase()));
}

/** A value for a parameter that is neither an id nor a name: the request's words, an allowed value, or a default. */
export function literalFor(name: string, goal: string, p?: RestParam, kind?: string): ArgValue {
  if (name === 'q') return goal.replace(/[^\w\s'-]/g, ' ').replace(/\s+/g, ' ').trim().split(' ').slice(-4).join(' ');
  if (kind && /type/.test(name)) return kind;
  if (p?.enum?.length) return p.enum.find((value) => goal.toLowerCase().includes(value.toLowerCase())) ?? p.enum[0];
  if (/volume|percent/.test(name)) return Number(/\b(\d{1,3})\b/.exec(goal)?.[1] ?? 50);
  const quoted = /["'‘“]([^"'’”]+)["'’”]/.exec(goal)?.[1];
  if (quoted) return quoted;
  return 'default';
}

/**
 * The gold policy of a RestBench query: the next endpoint of the solution path, with ids of the
 * right kind that earlier responses issued, names the request gives or an earlier response
 * returned, and plain values elsewhere; then `finish`.
 */
export function restapiExpert(env: RestApiEnvironment): Expert {
  const docWords = new Set(env.restTools.flatMap((t) => t.tool.description.toLowerCase().split(/[^a-z0-9]+/)));
  return {
    next(): Action | null {
      const tool = env.goldTool(env.matched);
      if (!tool) return { tool: 'finish', args: { answer: 'Done.' } };
      const goal = env.task?.goal ?? '';
      // A search is asked for the kind of id the next gold calls take.
      const later = env.data.solution.slice(env.matched + 1).map((_, i) => env.goldTool(env.matched + 1 + i));
      const wanted = later.flatMap((t) => t?.params.filter((p) => p.check === 'id' && t.idParams.includes(p.name)).flatMap((p) => p.kinds) ?? []).find((k) => tool.outputKinds.includes(k));
      const args: Record<string, ArgValue> = {};
      for (const name of tool.tool.arguments.required) {
        const p = tool.params.find((q) => q.name === name);
        if (p?.check === 'id') {
          const ids = [...env.issued].filter(([, kind]) => p.kinds.length === 0 || p.kinds.includes(kind)).map(([id]) => id);
          if (ids.length) args[name] = ids.at(-1)!;
        } else if (p?.check === 'name') {
          const doc = tool.tool.arguments.properties[name]?.description ?? '';
          const value = fieldValue(env.outputs, name) ?? rangeValue(env.outputs, doc) ?? relatedFields(env.restTools, p).reduce<ArgValue | undefined>((found, field) => found ?? fieldValue(env.outputs, field), undefined) ?? requestName(goal, tool, p, docWords) ?? p.enum?.find((e) => requestValues(goal).has(e.toLowerCase())) ?? p.enum?.[0] ?? fieldValue(env.outputs, 'name');
          if (value !== undefined) args[name] = value;
        } else args[name] = literalFor(name, goal, p, wanted);
      }
      return { tool: tool.tool.name, args };
    },
    key(): KeyAction[] {
      const action = this.next();
      if (!action) return [];
      if (action.tool !== 'finish') return [{ action }];
      // RestBench annotates no answer: the key finishes with what the path's responses gave last (a
      // name, else an id), so the answer is a value the observations show, gated like any other.
      const answer = fieldValue(env.outputs, 'name') ?? [...env.issued.keys()].at(-1);
      return answer === undefined ? [{ action, unseen: true }] : [{ action: { tool: 'finish', args: { answer } } }];
    },
    argumentChoices(): ArgValue[] {
      return [...env.issued.keys(), 'default'].sort();
    },
  };
}
