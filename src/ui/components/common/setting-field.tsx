import { formLabel, settingNamed, settingTitle, type Setting } from '../../../core/run/settings';
import { NumberField } from './number-field';
import { settingHoverText } from '../../../core/run/glossary';

/** A setting of the schema by its name; the form names only settings there are. */
export function setting(name: string): Setting {
  const found = settingNamed(name);
  if (!found) throw new Error(`No setting "${name}" in the settings schema.`);
  return found;
}

/**
 * A setting's label as the form shows it, from the settings schema (`formLabel`), with an optional
 * note after it; marked with the setting's name so a test can hold the form to the schema.
 */
export function SettingLabel({ name, note }: { name: string; note?: string }) {
  return <span data-setting-label={name}>{formLabel(setting(name))}{note ? ` ${note}` : ''}</span>;
}

interface SettingNumberFieldProps {
  name: string;
  value: number;
  onCommit(value: number): void;
  testId?: string;
  /** Said after the label (a value the form gives a meaning of its own, e.g. "0: the model's own"). */
  note?: string;
  /** A lower bound below the schema's, for such a value. */
  min?: number;
}

/** A number input for one setting: its label, tooltip, bounds, step and whole-number rule from the schema. */
export function SettingNumberField({ name, value, onCommit, testId, note, min }: SettingNumberFieldProps) {
  const s = setting(name);
  const range = s.range!;
  return (
    <NumberField
      label={`${formLabel(s)}${note ? ` ${note}` : ''}`}
      setting={s.name}
      // A hyperparameter or dial shows its glossary entry (issue 29 item 1); other settings their schema help.
      title={settingHoverText(s.name) ?? settingTitle(s)}
      value={value}
      min={min ?? range.min}
      max={range.max}
      step={range.step ?? (s.type === 'int' ? 1 : undefined)}
      integer={s.type === 'int'}
      testId={testId}
      onCommit={onCommit}
    />
  );
}

interface SettingSelectProps {
  name: string;
  value: string;
  options: { value: string; label: string; title?: string }[];
  onChange(value: string): void;
  testId?: string;
  /** Said after the label. */
  note?: string;
}

/**
 * A select for one setting: its label and tooltip from the schema, its choices as the caller words
 * them. Its words show on hover (title) and on keyboard focus (data-gloss), as a number field's do.
 */
export function SettingSelect({ name, value, options, onChange, testId, note }: SettingSelectProps) {
  const title = settingTitle(setting(name));
  return (
    <label className="field small" title={title} data-gloss={title}>
      <SettingLabel name={name} note={note} />
      <select value={value} data-testid={testId} aria-description={title} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} title={option.title}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

interface SettingModeSelectProps<T extends string> {
  name: string;
  /** The setting's modes, each shown as "id: its words". */
  modes: readonly T[];
  labels: Record<T, string>;
  /** The mode in the config; undefined: the default. */
  value: T | undefined;
  fallback: T;
  testId: string;
  /** The mode picked, or undefined for the default: a config leaves the default out, as a link does. */
  onChange(mode: T | undefined): void;
}

/** A select for a setting that picks one of a few named modes (prompt layout, tool listing). */
export function SettingModeSelect<T extends string>({ name, modes, labels, value, fallback, testId, onChange }: SettingModeSelectProps<T>) {
  return (
    <SettingSelect
      name={name}
      value={value ?? fallback}
      testId={testId}
      options={modes.map((id) => ({ value: id, label: `${id}: ${labels[id]}` }))}
      onChange={(picked) => onChange(picked === fallback ? undefined : (picked as T))}
    />
  );
}
