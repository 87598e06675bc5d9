import type { SchemaReader } from './spec-kinds';
import { hashSeed } from '../../rng';

/**
 * Values read from a response schema, for any spec: the answer of an operation whose response
 * carries no object of a kind (a storage quota, a lock's state), and the error body the spec declares
 * (`{"type":"error","status":404,"code":"not_found","message":…}`), so that a refusal reads as the
 * API's own. Values come from the schema alone: its example or default, its first enum value, else
 * one of the declared type and format.
 */

type Json = Record<string, unknown>;

/** Schemas nest this deep in a sample; deeper objects are left out. */
const SAMPLE_DEPTH = 4;

/** A value of a schema's type: its example or default, its first listed value, else one of its type and format. */
export function sampleOf(reader: SchemaReader, schema: Json | undefined, key = 'value', depth = 0): unknown {
  const flat = reader.flatten(schema);
  if (flat.example !== undefined) return flat.example;
  if (flat.enum?.length) return flat.enum[0];
  const props = Object.entries(flat.properties);
  if (props.length === 0 && !flat.items && flat.alternatives.length > 0) return sampleOf(reader, flat.alternatives[0], key, depth + 1);
  if (flat.type === 'array' || (props.length === 0 && flat.items)) return depth < SAMPLE_DEPTH && flat.items ? [sampleOf(reader, flat.items, key, depth + 1)] : [];
  if (props.length > 0 || flat.type === 'object') {
    if (depth >= SAMPLE_DEPTH) return {};
    return Object.fromEntries(props.map(([name, prop]) => [name, sampleOf(reader, prop, name, depth + 1)]));
  }
  if (flat.type === 'boolean') return true;
  if (flat.type === 'integer' || flat.type === 'number') return (hashSeed('sample', key) % 1000) + 1;
  switch (flat.format) {
    case 'date-time':
      return '2024-05-01T12:00:00Z';
    case 'date':
      return '2024-05-01';
    case 'uri':
    case 'url':
      return `https://example.com/${key}`;
    case 'email':
      return `${key}@example.com`;
  }
  return `${key.replace(/_/g, '-')}-${hashSeed('sample', key).toString(16).slice(-4)}`;
}

/** HTTP's reason phrases, to pick an error code among the spec's listed ones (`not_found` for 404). */
const REASONS: Record<number, string> = { 400: 'bad request invalid', 401: 'unauthorized', 403: 'forbidden', 404: 'not found', 409: 'conflict', 422: 'unprocessable validation' };

/** Marks in an error template, filled when a call is refused. */
const STATUS = '\u0000status', STATUS_TEXT = '\u0000status-text', MESSAGE = '\u0000message', ENUM = '\u0000enum:';

/**
 * The body of an error response as its schema gives it, with marks where the status and the message
 * go (fields named for them), the listed values of a coded field kept to pick from, and other required
 * fields sampled; undefined when the schema has no place for a message.
 */
export function errorTemplate(reader: SchemaReader, schema: Json | undefined, depth = 0): Json | undefined {
  const flat = reader.flatten(schema);
  if (depth > 3 || Object.keys(flat.properties).length === 0) return undefined;
  const out: Json = {};
  let message = false;
  for (const [name, prop] of Object.entries(flat.properties)) {
    const inner = reader.flatten(prop);
    if (Object.keys(inner.properties).length > 0) {
      const nested = errorTemplate(reader, prop, depth + 1);
      if (nested) {
        out[name] = nested;
        message = true;
      }
    } else if (/status/i.test(name) && inner.type !== 'boolean') out[name] = inner.type === 'string' ? STATUS_TEXT : STATUS;
    else if (!message && inner.type === 'string' && !inner.enum && /message|detail|description|title|error/i.test(name)) {
      out[name] = MESSAGE;
      message = true;
    } else if (inner.enum?.length) out[name] = `${ENUM}${inner.enum.map(String).join('\u0001')}`;
    else if (flat.required.includes(name)) out[name] = sampleOf(reader, prop, name, depth + 1);
  }
  return message ? out : undefined;
}

/** An error body from a template (`errorTemplate`): the status, the message, and of listed values the one HTTP's reason phrase names. */
export function fillError(template: Json, status: number, message: string): Json {
  const reason = (REASONS[status] ?? '').split(' ');
  const fillValue = (value: unknown): unknown => {
    if (value === STATUS) return status;
    if (value === STATUS_TEXT) return String(status);
    if (value === MESSAGE) return message;
    if (typeof value === 'string' && value.startsWith(ENUM)) {
      const values = value.slice(ENUM.length).split('\u0001');
      return values.find((v) => v.toLowerCase().split(/[^a-z]+/).some((w) => w && reason.includes(w))) ?? values[0];
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) return fillError(value as Json, status, message);
    return value;
  };
  return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillValue(value)]));
}
