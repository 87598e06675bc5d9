import { PROMPT_LAYOUT_LABELS, PROMPT_LAYOUTS, DEFAULT_PROMPT_LAYOUT } from '../../../core/llm/prompts/prompt-layout';
import { useStore } from '../../store';
import { SettingModeSelect } from '../common/setting-field';

/**
 * How the strategies lay out their prompts (`layout=` in a link, `--layout` on the command line):
 * the label and the help are the settings schema's, the choices its field's. The default is left
 * out of the config, as a link leaves it out.
 */
export function LayoutPicker() {
  const layout = useStore((state) => state.config.layout);
  const setConfig = useStore((state) => state.setConfig);
  return (
    <SettingModeSelect
      name="layout"
      modes={PROMPT_LAYOUTS}
      labels={PROMPT_LAYOUT_LABELS}
      value={layout}
      fallback={DEFAULT_PROMPT_LAYOUT}
      testId="layout-select"
      onChange={(picked) => setConfig({ layout: picked })}
    />
  );
}
