/**
 * Texts by which environments say a call failed (AutoTool's public code, docs/sources.md).
 * Models read observations as text; this is how a reader recognises a failure in one. SLATE's
 * uninformative default outputs ("no_record_found") count too.
 */
const FAILURE_PATTERN = /nothing happens|invalid action|^error\b|no known action|unknown action|invalid format|no[_ ]record|not[_ ]found|no[_ ]match/i;

/** True when an observation text reports a failed or ineffective call. */
export function looksLikeFailure(observation: string): boolean {
  return FAILURE_PATTERN.test(observation.trim());
}
