import { DEFAULT_LISTING_MODE, DEFAULT_SHORTLIST_SIZE, LISTING_MODE_LABELS, LISTING_MODES } from '../../../core/llm/prompts/listing-mode';
import { useStore } from '../../store';
import { SettingModeSelect, SettingNumberField } from '../common/setting-field';

/**
 * Which tools a ReAct-style prompt lists (`listing=` in a link, `--listing` on the command line),
 * and the shortlist's size where one is listed: labels, help and bounds from the settings schema.
 * The defaults are left out of the config, as a link leaves them out.
 */
export function ListingPicker() {
  const listing = useStore((state) => state.config.listing);
  const size = useStore((state) => state.config.shortlistSize);
  const setConfig = useStore((state) => state.setConfig);
  return (
    <>
      <SettingModeSelect
        name="listing"
        modes={LISTING_MODES}
        labels={LISTING_MODE_LABELS}
        value={listing}
        fallback={DEFAULT_LISTING_MODE}
        testId="listing-select"
        onChange={(picked) => setConfig({ listing: picked })}
      />
      {(listing ?? DEFAULT_LISTING_MODE) !== 'full' && (
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
