import { DEFAULT_LISTING_MODE, DEFAULT_SHORTLIST_SIZE, LISTING_MODE_LABELS, LISTING_MODES, type ListingMode } from '../../../core/llm/prompts/listing-mode';
import { useStore } from '../../store';
import { SettingNumberField, SettingSelect } from '../common/setting-field';

/**
 * Which tools a ReAct-style prompt lists (`listing=` in a link, `--listing` on the command line),
 * and the shortlist's size where one is listed: labels, help and bounds from the settings schema.
 * The defaults are left out of the config, as a link leaves them out.
 */
export function ListingPicker() {
  const listing = useStore((state) => state.config.listing ?? DEFAULT_LISTING_MODE);
  const size = useStore((state) => state.config.shortlistSize);
  const setConfig = useStore((state) => state.setConfig);
  return (
    <>
      <SettingSelect
        name="listing"
        value={listing}
        testId="listing-select"
        options={LISTING_MODES.map((id) => ({ value: id, label: `${id}: ${LISTING_MODE_LABELS[id]}` }))}
        onChange={(value) => setConfig({ listing: value === DEFAULT_LISTING_MODE ? undefined : (value as ListingMode) })}
      />
      {listing !== 'full' && (
        <SettingNumberField
          name="shortlist-size"
          value={size ?? DEFAULT_SHORTLIST_SIZE}
          testId="shortlist-size-input"
          onCommit={(tools) => setConfig({ shortlistSize: tools === DEFAULT_SHORTLIST_SIZE ? undefined : tools })}
        />
      )}
    </>
  );
}
