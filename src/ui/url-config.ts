import { DEFAULT_RUN_CONFIG, type RunConfig } from '../core/run/run-config';
import { parseSetting, runConfigFromPairs, runSettingPairs, settingNamed, settingText } from '../core/run/settings';

/**
 * The run config in the URL hash, one `name=value` per setting of the settings schema
 * (core/run/settings.ts), after TensorFlow Playground:
 * `#envs=household,academic&strategies=react,reflexion&tasks=10&seeds=1&seed=1&model=sim:small&egb-logits.tau=0.3&sim.kappa=3`.
 * A shared link replays the same run. The server's URL and model are in `model`; its API key never is.
 */
export function configToHash(config: RunConfig): string {
  return `#${new URLSearchParams(runSettingPairs(config)).toString()}`;
}

/**
 * Reads a config from a hash, with what it refused: a value that does not fit its setting
 * (`tasks=NaN`, `egb-logits.tau=7`) is a problem and the setting keeps its default. Older
 * spellings (`p.<strategy>.<key>`, `d.<skill>`) are read too. Hyperparameters and dials come from
 * the link only, never from `base`.
 */
export function readConfigHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): { config: RunConfig; problems: string[] } {
  const { params: _params, dials: _dials, ...rest } = base;
  const pairs = [...new URLSearchParams(hash.replace(/^#/, ''))];
  const read = runConfigFromPairs(pairs, { ...rest, params: {} });
  // Each refusal says what the setting kept (issue 42 item 4: "with what was used instead").
  const problems = pairs.flatMap(([name, text]) => {
    const setting = settingNamed(name);
    if (!setting?.set) return [];
    const parsed = parseSetting(setting, text);
    if (parsed.ok) return [];
    const kept = setting.get?.(read.config);
    return [kept === undefined ? `${parsed.message.replace(/\.$/, '')}; left unset.` : `${parsed.message.replace(/\.$/, '')}; kept ${settingText(kept)}.`];
  });
  return { config: read.config, problems };
}

/** A config from a hash; what does not fit keeps its default (readConfigHash says why). */
export function configFromHash(hash: string, base: RunConfig = DEFAULT_RUN_CONFIG): RunConfig {
  return readConfigHash(hash, base).config;
}
