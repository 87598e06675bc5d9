import type { ParamSpec } from '../../../types';
import type { FieldSpec, ObjectSpec } from './objects';
import { OBJECT_BY_NAME } from './objects';

/**
 * What a tool does to an object. Each role has several wordings (get/fetch/retrieve …), so every
 * object carries a family of near-duplicate tools; only one wording per object and role is the
 * one the bundled cases' simulation knows (SLATE section 3.3: near-duplicates make selection hard).
 */
export type Role =
  | 'lookup'
  | 'details'
  | 'status'
  | 'history'
  | 'search'
  | 'metrics'
  | 'validate'
  | 'create'
  | 'update'
  | 'cancel'
  | 'schedule'
  | 'notify'
  | 'export';

/**
 * Roles whose wordings are aliases: the same operation with the same arguments (reading a record,
 * its status or figures, searching, validating, creating, updating, notifying, exporting). A store
 * answers any of them alike, so picking another alias misses tool match but not the outcome (EGB
 * section 6.1: execution success counts "regardless of intermediate missteps that do not affect the
 * outcome"). Cancelling (cancel / archive / delete) and scheduling (an update / a review) differ in
 * effect, so their wordings stay distinct tools.
 */
export const ALIAS_ROLES: ReadonlySet<Role> = new Set<Role>(['lookup', 'details', 'status', 'history', 'search', 'metrics', 'validate', 'create', 'update', 'notify', 'export']);

export interface Wording {
  role: Role;
  name: (o: ObjectSpec) => string;
  description: (o: ObjectSpec) => string;
}

const fieldList = (o: ObjectSpec) => o.fields.map((f) => f.name.replace(/_/g, ' ')).join(', ');
const plural = (noun: string) => (noun.endsWith('s') ? `${noun}es` : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);

export const WORDINGS: Wording[] = [
  { role: 'lookup', name: (o) => `find_${o.name}_by_${o.key.name}`, description: (o) => `Finds a ${o.noun} by its ${o.key.name.replace(/_/g, ' ')} and returns its ${o.idField}.` },
  { role: 'lookup', name: (o) => `lookup_${o.name}`, description: (o) => `Looks up the ${o.noun} that matches a ${o.key.description} and returns the ${o.noun} identifier.` },
  { role: 'lookup', name: (o) => `resolve_${o.name}_id`, description: (o) => `Resolves a ${o.key.name.replace(/_/g, ' ')} to the internal ${o.noun} ID.` },
  { role: 'details', name: (o) => `get_${o.name}_details`, description: (o) => `Returns the full record of a ${o.noun}: ${fieldList(o)} and linked records.` },
  { role: 'details', name: (o) => `fetch_${o.name}_details`, description: (o) => `Fetches ${o.noun} details such as ${fieldList(o)}.` },
  { role: 'details', name: (o) => `retrieve_${o.name}_info`, description: (o) => `Retrieves information about a ${o.noun} by its ID, including linked records.` },
  { role: 'details', name: (o) => `get_${o.name}_summary`, description: (o) => `Gives a short summary of a ${o.noun} (${fieldList(o)}).` },
  { role: 'status', name: (o) => `get_${o.name}_status`, description: (o) => `Returns the current status of a ${o.noun}.` },
  { role: 'status', name: (o) => `check_${o.name}_status`, description: (o) => `Checks the status of a ${o.noun} and reports whether it needs attention.` },
  { role: 'status', name: (o) => `track_${o.name}`, description: (o) => `Tracks a ${o.noun} and returns its latest state.` },
  { role: 'history', name: (o) => `get_${o.name}_history`, description: (o) => `Lists changes and events of a ${o.noun} between two dates.` },
  { role: 'history', name: (o) => `list_${o.name}_activity`, description: (o) => `Returns the activity log of a ${o.noun} for a date range.` },
  { role: 'search', name: (o) => `search_${plural(o.name)}`, description: (o) => `Searches ${plural(o.noun)} by keyword and status.` },
  { role: 'search', name: (o) => `list_${plural(o.name)}`, description: (o) => `Lists ${plural(o.noun)}, optionally filtered by status.` },
  { role: 'search', name: (o) => `filter_${plural(o.name)}`, description: (o) => `Filters ${plural(o.noun)} by a field value and returns the matches.` },
  { role: 'metrics', name: (o) => `calculate_${o.name}_metrics`, description: (o) => `Calculates performance metrics of a ${o.noun} over a date range.` },
  { role: 'metrics', name: (o) => `analyze_${o.name}_performance`, description: (o) => `Analyzes how a ${o.noun} performed between two dates and returns key figures.` },
  { role: 'metrics', name: (o) => `get_${o.name}_statistics`, description: (o) => `Returns statistics of a ${o.noun} for a period.` },
  { role: 'validate', name: (o) => `validate_${o.name}`, description: (o) => `Validates a ${o.noun} against a business rule and reports whether it passes.` },
  { role: 'validate', name: (o) => `verify_${o.name}`, description: (o) => `Verifies that a ${o.noun} is consistent and eligible for a change.` },
  { role: 'validate', name: (o) => `check_${o.name}_eligibility`, description: (o) => `Checks whether a ${o.noun} is eligible under a given policy.` },
  { role: 'create', name: (o) => `create_${o.name}`, description: (o) => `Creates a new ${o.noun} for a linked record with the given values.` },
  { role: 'create', name: (o) => `add_${o.name}`, description: (o) => `Adds a ${o.noun} with ${fieldList(o)}.` },
  { role: 'create', name: (o) => `register_${o.name}`, description: (o) => `Registers a ${o.noun} in the store system.` },
  { role: 'update', name: (o) => `update_${o.name}`, description: (o) => `Updates one field of an existing ${o.noun} (${fieldList(o)}).` },
  { role: 'update', name: (o) => `modify_${o.name}`, description: (o) => `Modifies a ${o.noun} and returns the changed record.` },
  { role: 'update', name: (o) => `set_${o.name}_field`, description: (o) => `Sets a field of a ${o.noun} to a new value.` },
  { role: 'cancel', name: (o) => `cancel_${o.name}`, description: (o) => `Cancels a ${o.noun} and records the reason.` },
  { role: 'cancel', name: (o) => `archive_${o.name}`, description: (o) => `Archives a ${o.noun} so it is no longer active.` },
  { role: 'cancel', name: (o) => `delete_${o.name}`, description: (o) => `Deletes a ${o.noun} permanently.` },
  { role: 'schedule', name: (o) => `schedule_${o.name}_update`, description: (o) => `Schedules a change to a ${o.noun} for a future date.` },
  { role: 'schedule', name: (o) => `schedule_${o.name}_review`, description: (o) => `Schedules a review of a ${o.noun} on a date.` },
  { role: 'notify', name: (o) => `notify_${o.name}_contact`, description: (o) => `Sends a message about a ${o.noun} to a recipient.` },
  { role: 'notify', name: (o) => `send_${o.name}_update`, description: (o) => `Emails an update on a ${o.noun} to a recipient.` },
  { role: 'notify', name: (o) => `email_${o.name}_summary`, description: (o) => `Emails a summary of a ${o.noun} to an address.` },
  { role: 'export', name: (o) => `export_${o.name}_data`, description: (o) => `Exports the data of a ${o.noun} as a file in a chosen format.` },
  { role: 'export', name: (o) => `generate_${o.name}_report`, description: (o) => `Generates a report on a ${o.noun} and returns a link to it.` },
];

/**
 * How a plan phrases a substep of each role. SLATE section 3.3 keeps substep texts from naming
 * their tool ("tool definitions must be specific and not trivially match substep descriptions"),
 * so these paraphrase the intent without the verbs of the tool names.
 */
export const ROLE_TASKS: Record<Role, ((o: ObjectSpec) => string)[]> = {
  lookup: [(o) => `Identify the ${o.noun} the user refers to`, (o) => `Work out which ${o.noun} the user means`],
  details: [(o) => `Pull up the complete record of the ${o.noun}`, (o) => `See what the store holds on the ${o.noun}`],
  status: [(o) => `See where the ${o.noun} stands now`, (o) => `Find out the present state of the ${o.noun}`],
  history: [(o) => `Go over what happened to the ${o.noun}`, (o) => `Review past events of the ${o.noun}`],
  search: [(o) => `Browse the ${plural(o.noun)}`],
  metrics: [(o) => `Measure how the ${o.noun} did`, (o) => `Work out the key figures of the ${o.noun}`],
  validate: [(o) => `Make sure the ${o.noun} meets the rule`, (o) => `See that the ${o.noun} complies with the policy`],
  create: [(o) => `Set up a new ${o.noun}`, (o) => `Open a ${o.noun}`],
  update: [(o) => `Change the ${o.noun}`, (o) => `Put a new value on the ${o.noun}`],
  cancel: [(o) => `Stop the ${o.noun}`, (o) => `Take the ${o.noun} out of service`],
  schedule: [(o) => `Plan a follow-up on the ${o.noun}`, (o) => `Book a later follow-up of the ${o.noun}`],
  notify: [(o) => `Tell the recipient about the ${o.noun}`, (o) => `Let the recipient know about the ${o.noun}`],
  export: [(o) => `Hand over the ${o.noun} data as a file`, (o) => `Produce a file with the ${o.noun} data`],
};

const param = (type: ParamSpec['type'], description: string): ParamSpec => ({ type, description });
const fieldParam = (f: FieldSpec): ParamSpec => param(f.kind === 'money' || f.kind === 'count' || f.kind === 'percent' ? 'number' : 'string', f.description);

/** Argument names and specs of a role on an object (about three per tool). */
export function roleArguments(role: Role, o: ObjectSpec): { properties: Record<string, ParamSpec>; required: string[] } {
  const id = { [o.idField]: param('string', `ID of the ${o.noun}`) };
  const range = { start_date: param('string', 'first day of the period'), end_date: param('string', 'last day of the period') };
  const parent = o.links[0];
  switch (role) {
    case 'lookup':
      return { properties: { [o.key.name]: param('string', o.key.description), include_archived: param('boolean', 'also match archived records') }, required: [o.key.name] };
    case 'details':
      return { properties: { ...id, fields: param('string', 'comma-separated fields to return (all if empty)') }, required: [o.idField] };
    case 'status':
      return { properties: { ...id, refresh: param('boolean', 'refresh from the source system first') }, required: [o.idField] };
    case 'history':
    case 'metrics':
      return { properties: { ...id, ...range }, required: [o.idField, 'start_date', 'end_date'] };
    case 'search':
      return { properties: { keyword: param('string', 'text to search for'), status: param('string', 'status to filter by'), limit: param('number', 'most results to return') }, required: ['keyword'] };
    case 'validate':
      return { properties: { ...id, policy: param('string', 'name of the rule or policy to check') }, required: [o.idField, 'policy'] };
    case 'create': {
      const [first, second] = o.fields;
      const linkField = parent ? linkIdField(parent) : 'owner_id';
      return {
        properties: { [linkField]: param('string', `ID of the ${parent ? parent.replace(/_/g, ' ') : 'owner'} it is created for`), [first.name]: fieldParam(first), [second.name]: fieldParam(second) },
        required: [linkField, first.name, second.name],
      };
    }
    case 'update':
      return { properties: { ...id, field: param('string', 'name of the field to change'), value: param('string', 'new value') }, required: [o.idField, 'field', 'value'] };
    case 'cancel':
      return { properties: { ...id, reason: param('string', 'why it is cancelled') }, required: [o.idField, 'reason'] };
    case 'schedule':
      return { properties: { ...id, scheduled_date: param('string', 'date to do it'), note: param('string', 'what should happen') }, required: [o.idField, 'scheduled_date'] };
    case 'notify':
      return { properties: { ...id, recipient: param('string', 'email address to send to'), message: param('string', 'text of the message') }, required: [o.idField, 'recipient'] };
    case 'export':
      return { properties: { ...id, format: param('string', 'csv, pdf or xlsx') }, required: [o.idField, 'format'] };
  }
}

/** The id field of a linked object, e.g. `product` -> `product_id`. */
function linkIdField(name: string): string {
  return OBJECT_BY_NAME.get(name)?.idField ?? `${name}_id`;
}

/** The fields of a role's output, as a results schema. */
export function roleResults(role: Role, o: ObjectSpec): Record<string, ParamSpec> {
  const id = { [o.idField]: param('string', `ID of the ${o.noun}`) };
  switch (role) {
    case 'lookup':
      return { ...id, match_count: param('number', 'how many records matched') };
    case 'details':
      return { ...id, ...Object.fromEntries(o.fields.map((f) => [f.name, fieldParam(f)])), ...Object.fromEntries(o.links.map((l) => [linkIdField(l), param('string', `ID of the linked ${l.replace(/_/g, ' ')}`)])) };
    case 'status':
      return { ...id, status: param('string', 'current status'), updated_at: param('string', 'when it last changed') };
    case 'history':
      return { ...id, event_count: param('number', 'events in the period'), last_event: param('string', 'the latest event') };
    case 'search':
      return { results: param('array', 'matching records'), total: param('number', 'number of matches') };
    case 'metrics':
      return { ...id, total_value: param('number', 'total for the period'), change_percentage: param('number', 'change against the previous period') };
    case 'validate':
      return { ...id, valid: param('boolean', 'whether the rule passes'), policy: param('string', 'the rule checked') };
    case 'create':
      return { ...id, status: param('string', 'created') };
    case 'update':
      return { ...id, updated_field: param('string', 'the field changed'), status: param('string', 'updated') };
    case 'cancel':
      return { ...id, status: param('string', 'cancelled or archived') };
    case 'schedule':
      return { ...id, schedule_id: param('string', 'ID of the scheduled job'), scheduled_date: param('string', 'date of the job') };
    case 'notify':
      return { message_id: param('string', 'ID of the sent message'), status: param('string', 'sent') };
    case 'export':
      return { ...id, file_url: param('string', 'link to the file'), status: param('string', 'ready') };
  }
}
