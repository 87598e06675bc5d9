import { useState } from 'react';
import { DEVICE_PROFILES, parseDevice } from '../../../core/run/device-profiles';
import { measuredWords } from '../results/run-limits';
import { useStore } from '../../store';
import { SettingSelect } from '../common/setting-field';

const OWN = 'own';

/**
 * The device whose seconds the results show beside the dollars (`local-device=` in a link): a
 * profile of the one table, each with its source, or the device's own rates. It never changes
 * what the model does.
 */
export function DevicePicker() {
  const device = useStore((state) => state.config.localDevice);
  const setConfig = useStore((state) => state.setConfig);
  const profile = device !== undefined && Object.hasOwn(DEVICE_PROFILES, device) ? device : undefined;
  const [own, setOwn] = useState(device !== undefined && !profile);
  const [draft, setDraft] = useState(device !== undefined && !profile ? device : '');
  const parsed = draft.trim() ? parseDevice(draft.trim()) : undefined;
  const chosen = profile ?? (own || device !== undefined ? OWN : '');
  return (
    <>
      <SettingSelect
        name="local-device"
        value={chosen}
        testId="device-select"
        options={[
          { value: '', label: 'no seconds' },
          ...Object.entries(DEVICE_PROFILES).map(([id, p]) => ({ value: id, label: p.label, title: p.assumption ? `${p.source}. Assumed: ${p.assumption}` : p.source })),
          { value: OWN, label: 'own rates…' },
        ]}
        onChange={(value) => {
          setOwn(value === OWN);
          if (value === OWN) setConfig({ localDevice: parsed?.ok ? draft.trim() : undefined });
          else setConfig({ localDevice: value || undefined });
        }}
      />
      {profile && (
        <p className="muted small" data-testid="device-source">
          {DEVICE_PROFILES[profile].prefillTokensPerSecond.toLocaleString('en-US')} prefill and {DEVICE_PROFILES[profile].decodeTokensPerSecond.toLocaleString('en-US')} decode tokens/s: {DEVICE_PROFILES[profile].source}
          {DEVICE_PROFILES[profile].assumption && <span data-testid="device-assumption"> Assumed: {DEVICE_PROFILES[profile].assumption}</span>}
        </p>
      )}
      {profile && DEVICE_PROFILES[profile].measured && (
        <p className="muted small" data-testid="device-measured">
          {measuredWords(DEVICE_PROFILES[profile].measured!)}
        </p>
      )}
      {chosen === OWN && (
        <label className="field small">
          <span>Rates: prefill tokens/s, decode tokens/s, overhead s per call</span>
          <input
            type="text"
            value={draft}
            placeholder="400,20,0.05"
            data-testid="device-rates"
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              const check = text.trim() ? parseDevice(text.trim()) : undefined;
              setConfig({ localDevice: check?.ok ? text.trim() : undefined });
            }}
          />
          {parsed && !parsed.ok && <span className="error small">{parsed.message}</span>}
        </label>
      )}
    </>
  );
}

