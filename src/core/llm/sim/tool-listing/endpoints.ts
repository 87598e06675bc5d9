import type { ShownOption } from '../../language-model';
import { OptionCache } from '../read-context';
import { collectionKinds, isIdName, kindOfWord, nameWords, pathParamKind, singular } from './path-kinds';
import { words } from './words';
import { moduleCache } from '../../../caches';

/**
 * A listed tool read as an HTTP endpoint (`name: GET /path: title. ... Arguments: ...`, or a bare name
 * `GET_albums_id` under EcoAct), and what a whole listing tells of its kinds of resource.
 */
export interface ShownParam {
  type: string;
  required: boolean;
  /** The parameter's own doc: its text up to the end of the argument list (nothing appended after it). */
  doc: string;
}

export interface Endpoint {
  name: string;
  method: string;
  path: string;
  /** Non-parameter path segments, as words. */
  pathWords: string[];
  /** Words of the summary (the title after the path) and of the rest of the doc. */
  summary: string[];
  rest: string[];
  /** Required parameters shown (path parameters under a bare name). */
  required: string[];
  params: Record<string, ShownParam>;
  /** Kinds the doc says the call returns (`Returns: track objects (with album, artist).`), outermost first. */
  returns: string[];
  /** Kinds whose names only the returned objects show (`Returns: issue objects (naming user).`). */
  naming: string[];
}

/**
 * An option's endpoint, read once per option text: every call of a task shows the same listing, and
 * nothing changes an Endpoint once read (a pure function of the name and shown text).
 */
const endpointReadings = moduleCache('llm/sim/tool-listing/endpoints: endpoint readings', new OptionCache<Endpoint | undefined>(20_000));
export const parseEndpoint = (option: ShownOption): Endpoint | undefined => endpointReadings.get(option, readEndpoint);

function readEndpoint(option: ShownOption): Endpoint | undefined {
  const text = option.shown.replace(/^\s*(?:-\s+|\[\d+\]\s*)/, '').trim();
  const doc = /^\S+:\s*(GET|POST|PUT|DELETE|PATCH)\s+(\S+):\s*([^.]*)\.?\s*([\s\S]*)$/.exec(text);
  let method: string;
  let path: string;
  let summary = '';
  let rest = '';
  if (doc) {
    [, method, path, summary, rest] = doc;
  } else {
    // A bare name (EcoAct): GET_playlists_playlist_id_tracks -> GET /playlists/{playlist_id}/tracks.
    const match = /^(GET|POST|PUT|DELETE|PATCH)_(.+)$/.exec(option.name);
    if (!match) return undefined;
    method = match[1];
    path = `/${match[2].replace(/(^|_)(\w+?_)?id(?=_|$)/g, (_, sep: string, owner = '') => `${sep}{${owner}id}`).replace(/_/g, '/').replace(/\{(\w+)\/id\}/g, '{$1_id}')}`;
  }
  // The argument list runs `"name" (type, required): doc; ...` to its closing period; text after it
  // (a note a strategy appends) belongs to no parameter.
  const argsAt = rest.search(/Arguments:\s*/);
  const argsText = argsAt >= 0 ? rest.slice(argsAt).replace(/^Arguments:\s*/, '') : '';
  const before = argsAt >= 0 ? rest.slice(0, argsAt) : rest;
  const params: Record<string, ShownParam> = {};
  const entries = [...argsText.matchAll(/"(\w+)" \((\w+), (required|optional)\):\s*/g)];
  entries.forEach((m, i) => {
    const end = i + 1 < entries.length ? entries[i + 1].index! : argsText.length;
    let own = argsText.slice(m.index! + m[0].length, end).replace(/;\s*$/, '');
    // The last parameter's doc ends where the list does: at a period followed by a labelled note ("Note: ...").
    if (i + 1 === entries.length) own = own.replace(/\.\s+[A-Z][\w ]{0,30}:[\s\S]*$/, '.').replace(/\.\s*$/, '');
    params[m[1]] = { type: m[2], required: m[3] === 'required', doc: own };
  });
  // `Returns: track objects (with album, artist).`: ids of all three; `(naming album, artist)`: their names only.
  const returnsAll = /Returns:\s*([^.]*)\./.exec(before)?.[1] ?? '';
  const returnsText = returnsAll.replace(/\(naming[^)]*\)/, '');
  const returns = returnsText ? returnsText.replace(/objects|with|[(),]/g, ' ').split(/\s+/).filter(Boolean) : [];
  const naming = (/\(naming([^)]*)\)/.exec(returnsAll)?.[1] ?? '').split(/[\s,]+/).filter(Boolean);
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const required = [...new Set([...pathParams, ...Object.entries(params).filter(([, p]) => p.required).map(([name]) => name)])];
  for (const name of pathParams) params[name] ??= { type: 'string', required: true, doc: '' };
  const plain = path.split('/').filter((s) => s && !s.startsWith('{'));
  return {
    name: option.name,
    method,
    path,
    pathWords: plain.flatMap((s) => words(s.replace(/[-_]/g, ' '))),
    summary: words(summary),
    rest: words(before.replace(/Returns:[^.]*\./, '')),
    required,
    params,
    returns,
    naming,
  };
}

/** What a listing tells of its kinds and of each endpoint's parameters. */
export interface Listing {
  endpoints: Endpoint[];
  kinds: string[];
  /** Per endpoint and parameter: the kinds an id parameter takes, or the kind a name parameter names. */
  idKinds: Map<Endpoint, Record<string, string[]>>;
  nameKinds: Map<Endpoint, Record<string, string | undefined>>;
  /** What each endpoint returns: its `Returns:` kinds, else the collection its path ends in, else the kinds its title names. */
  outputs: Map<Endpoint, string[]>;
}

export function readListing(endpoints: Endpoint[]): Listing {
  const kinds = collectionKinds(endpoints.map((e) => e.path));
  const idKinds = new Map<Endpoint, Record<string, string[]>>();
  const nameKinds = new Map<Endpoint, Record<string, string | undefined>>();
  const outputs = new Map<Endpoint, string[]>();
  for (const e of endpoints) {
    const ids: Record<string, string[]> = {};
    const names: Record<string, string | undefined> = {};
    const plain = e.path.split('/').filter((s) => s && !s.startsWith('{'));
    const last = plain.length ? kindOfWord(plain[plain.length - 1].replace(/-/g, '_').split('_').pop()!, kinds) : undefined;
    for (const param of e.required) {
      const isPath = e.path.includes(`{${param}}`);
      if (isPath && isIdName(param)) {
        const kind = pathParamKind(e.path, param, kinds);
        ids[param] = kind ? [kind] : [];
      } else if (isPath) names[param] = pathParamKind(e.path, param, kinds);
      else if (!isPath && kindOfWord(param, kinds) === singular(param)) ids[param] = [singular(param)]; // `tracks`: the tracks' ids
      else if (/^(ids|uri|uris)$/.test(param)) {
        // The kinds the parameter's own doc names, else the collection the path ends in (PUT /me/tracks: tracks).
        const named = [...new Set(nameWords(e.params[param]?.doc ?? '').map((w) => kindOfWord(w, kinds)).filter((k): k is string => !!k))];
        ids[param] = named.length ? named : last ? [last] : [];
      }
    }
    idKinds.set(e, ids);
    nameKinds.set(e, names);
    const titled = e.summary.map((w) => kindOfWord(w, kinds)).filter((k): k is string => !!k);
    outputs.set(e, e.returns.length ? e.returns : e.method === 'GET' ? (last ? [last] : titled) : []);
  }
  return { endpoints, kinds, idKinds, nameKinds, outputs };
}

export function enumValues(doc: string): string[] {
  return [...doc.matchAll(/`([\w-]+)`|\*\*([\w-]+)\*\*/g)].map((m) => m[1] ?? m[2]).filter((v) => !/=/.test(v));
}
