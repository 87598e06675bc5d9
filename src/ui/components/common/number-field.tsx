import { useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max?: number;
  step?: number;
  /** Only whole numbers are committed. */
  integer?: boolean;
  /** Called with each valid value typed; invalid drafts are kept on screen but not committed. */
  onCommit(value: number): void;
  title?: string;
  testId?: string;
  /** The settings-schema name whose label this is (marks the label for the form's label test). */
  setting?: string;
}

/**
 * A labelled number input that keeps what is being typed (an empty or half-typed number) on
 * screen, commits only valid values, and shows the committed value again when it loses focus.
 */
export function NumberField({ label, value, min, max, step = 1, integer = false, onCommit, title, testId, setting }: NumberFieldProps) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The value changed from outside (a link, a reset): show it.
    setShown(value);
    setDraft(String(value));
  }
  const valid = (n: number) => Number.isFinite(n) && n >= min && (max === undefined || n <= max) && (!integer || Number.isInteger(n));
  return (
    // The title shows on hover; data-gloss shows the same words on keyboard focus (styles.css), aria-description reads them out.
    <label className="number-field" title={title} data-gloss={title}>
      <span data-setting-label={setting}>{label}</span>
      <input
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        value={draft}
        min={min}
        max={max}
        step={step}
        data-testid={testId}
        aria-description={title}
        aria-invalid={draft !== '' && !valid(Number(draft))}
        onChange={(event) => {
          setDraft(event.target.value);
          const n = Number(event.target.value);
          if (event.target.value.trim() !== '' && valid(n)) onCommit(n);
        }}
        onBlur={() => setDraft(String(value))}
      />
    </label>
  );
}
