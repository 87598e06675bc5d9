import { PROMPT_LAYOUT_LABELS, PROMPT_LAYOUTS, DEFAULT_PROMPT_LAYOUT, type PromptLayout } from '../../../core/llm/prompts/prompt-layout';
import { settingTitle } from '../../../core/run/settings';
import { useStore } from '../../store';
import { SettingLabel, setting } from '../common/setting-field';

/**
 * How the strategies lay out their prompts (`layout=` in a link, `--layout` on the command line):
 * the label and the help are the settings schema's, the choices its field's. The default is left
 * out of the config, as a link leaves it out.
 */
export function LayoutPicker() {
  const layout = useStore((state) => state.config.layout ?? DEFAULT_PROMPT_LAYOUT);
  const setConfig = useStore((state) => state.setConfig);
  return (
    <label className="field small" title={settingTitle(setting('layout'))}>
      <SettingLabel name="layout" />
      <select
        value={layout}
        data-testid="layout-select"
        onChange={(event) => {
          const chosen = event.target.value as PromptLayout;
          setConfig({ layout: chosen === DEFAULT_PROMPT_LAYOUT ? undefined : chosen });
        }}
      >
        {PROMPT_LAYOUTS.map((id) => (
          <option key={id} value={id}>
            {id}: {PROMPT_LAYOUT_LABELS[id]}
          </option>
        ))}
      </select>
    </label>
  );
}
