import { SUBSCRIPTION_LIMITS } from '@insightra/contract';
import { useId, useMemo } from 'react';
import { TextField } from '../ui/text-field';
import { isTimeZone } from './subscription-draft';

/**
 * Every IANA time zone the browser knows, and the default: browsers list India's under its older name
 * (Asia/Calcutta), and the default's own name must be found too.
 */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return [...new Set([SUBSCRIPTION_LIMITS.defaultTimeZone, 'UTC', current, ...known])].sort();
}

/** The time zone, typed or picked from a list that narrows as one types. */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const listId = useId();
  // Computed once per dialog: the list does not change while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value it starts from is enough.
  const zones = useMemo(() => timeZones(value), []);
  return (
    <>
      <TextField
        label="Time zone"
        list={listId}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        error={isTimeZone(value) ? undefined : 'Choose a time zone from the list'}
        hint="Type to search, e.g. Kolkata or London"
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
