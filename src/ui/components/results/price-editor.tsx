import { priceOf } from '../../../core/run/prices';
import { useStore } from '../../store';
import { NumberField } from '../common/number-field';

/**
 * The price per million tokens of the run's model, editable: the cost chart and the cost column
 * follow at once. Simulated presets are priced like the class of model they stand in for.
 */
export function PriceEditor({ model }: { model: string }) {
  const prices = useStore((state) => state.prices);
  const setPrice = useStore((state) => state.setPrice);
  const price = priceOf(model, prices);
  return (
    <fieldset className="price-editor" data-testid="price-editor">
      <legend>Prices for the estimated cost ({model}), $ per million tokens</legend>
      <NumberField label="Input" value={price.input} min={0} max={1000} step={0.01} testId="price-input" onCommit={(input) => setPrice(model, { ...price, input })} />
      <NumberField label="Output" value={price.output} min={0} max={1000} step={0.01} testId="price-output" onCommit={(output) => setPrice(model, { ...price, output })} />
      <NumberField label="Cached input" value={price.cachedInput ?? price.input} min={0} max={1000} step={0.01} testId="price-cached-input" onCommit={(cachedInput) => setPrice(model, { ...price, cachedInput })} />
      {price.cacheWrite !== undefined && <NumberField label="Cache write" value={price.cacheWrite} min={0} max={1000} step={0.01} testId="price-cache-write" onCommit={(cacheWrite) => setPrice(model, { ...price, cacheWrite })} />}
      <span className="muted small">Priced like {price.note}. Illustrative list prices; edit them to match yours.</span>
    </fieldset>
  );
}
