import { PROMPT_LAYOUT_LABELS, PROMPT_LAYOUTS, DEFAULT_PROMPT_LAYOUT, type PromptLayout } from '../../../core/llm/prompts/prompt-layout';
import { useStore } from '../../store';
import { SettingSelect } from '../common/setting-field';

/**
 * How the strategies lay out their prompts (`layout=` in a link, `--layout` on the command line):
 * the label and the help are the settings schema's, the choices its field's. The default is left
 * out of the config, as a link leaves it out.
 */
export function LayoutPicker() {
  const layout = useStore((state) => state.config.layout ?? DEFAULT_PROMPT_LAYOUT);
  const setConfig = useStore((state) => state.setConfig);
  return (
    <SettingSelect
      name="layout"
      value={layout}
      testId="layout-select"
      options={PROMPT_LAYOUTS.map((id) => ({ value: id, label: `${id}: ${PROMPT_LAYOUT_LABELS[id]}` }))}
      onChange={(value) => setConfig({ layout: value === DEFAULT_PROMPT_LAYOUT ? undefined : (value as PromptLayout) })}
    />
  );
}
