import { SUBSCRIPTION_CADENCES, type SubscriptionCadence } from '@insightra/contract';
import { WEEKDAYS, weekdayName } from '../../lib/subscriptions/schedule-text';
import { Listbox } from '../ui/listbox';
import { TextField } from '../ui/text-field';
import type { SubscriptionDraft } from './subscription-draft';
import { TimeZoneField } from './time-zone-field';

const CADENCE_LABELS: Record<SubscriptionCadence, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

const WEEKDAY_VALUES = WEEKDAYS.map((_, i) => String(i + 1));

export interface ScheduleFieldsProps {
  draft: SubscriptionDraft;
  onChange: (change: Partial<SubscriptionDraft>) => void;
}

/** How often (daily, weekly on a weekday, monthly on a day), at what time, in which time zone. */
export function ScheduleFields({ draft, onChange }: ScheduleFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">How often</legend>
        <div className="inline-flex rounded-[var(--radius-control)] border border-line bg-page p-1">
          {SUBSCRIPTION_CADENCES.map((cadence) => (
            <label
              key={cadence}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted has-checked:bg-surface has-checked:text-brand has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-highlight"
            >
              <input
                type="radio"
                name="cadence"
                value={cadence}
                checked={draft.cadence === cadence}
                onChange={() => onChange({ cadence })}
                className="sr-only"
              />
              {CADENCE_LABELS[cadence]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {draft.cadence === 'weekly' && (
          <Listbox
            label="Day of the week"
            layout="stacked"
            value={String(draft.weekday)}
            options={WEEKDAY_VALUES}
            optionLabel={(v) => weekdayName(Number(v))}
            onChange={(v) => onChange({ weekday: Number(v) })}
          />
        )}
        {draft.cadence === 'monthly' && (
          <TextField
            label="Day of the month"
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            value={Number.isNaN(draft.monthDay) ? '' : draft.monthDay}
            onChange={(e) => onChange({ monthDay: e.target.valueAsNumber })}
            hint="A shorter month sends on its last day"
          />
        )}
        <TextField
          label="Time"
          type="time"
          step={60}
          required
          value={draft.time}
          onChange={(e) => onChange({ time: e.target.value })}
        />
      </div>
      <TimeZoneField value={draft.timeZone} onChange={(timeZone) => onChange({ timeZone })} />
    </div>
  );
}
