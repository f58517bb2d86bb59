import { type NewReport, reportTemplatesFor, type Tier } from '@insightra/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSession } from '../../../lib/session/session-context';

export interface AddReportModalProps {
  open: boolean;
  tier: Tier;
  saving: boolean;
  onClose: () => void;
  onSave: (report: NewReport) => Promise<boolean>;
}

const fieldClass =
  'h-10 w-full rounded-[var(--radius-control)] border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted/80';

/**
 * Adds a report tab to the current tier: one of the built-in templates of the member's sector that this
 * tier offers, or any name and UUID.
 */
export function AddReportModal({ open, tier, saving, onClose, onSave }: AddReportModalProps) {
  const [name, setName] = useState('');
  const [uuid, setUuid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sector = useSession().user?.sector?.name;
  const templates = reportTemplatesFor(sector).filter((t) => t.tiers.includes(tier));

  const reset = () => {
    setName('');
    setUuid('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !uuid.trim()) {
      setError('Report name and report UUID are both required');
      return;
    }
    setError(null);
    if (await onSave({ tier, report_type: name.trim(), report_uuid: uuid.trim() })) reset();
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      dismissible={!saving}
      title={`Add a ${tier} report`}
      description="Pick a built-in report or enter a report's name and UUID."
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-report-form" loading={saving} loadingText="Saving...">
            Add Report
          </Button>
        </>
      }
    >
      <form id="add-report-form" onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Built-in reports</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {templates.map((t) => {
              const chosen = uuid === t.uuid;
              return (
                <button
                  key={t.uuid}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => {
                    setName(t.name);
                    setUuid(t.uuid);
                    setError(null);
                  }}
                  className={`rounded-[var(--radius-control)] border p-3 text-left text-sm ${
                    chosen ? 'border-brand bg-brand-soft' : 'border-line hover:border-brand/60'
                  }`}
                >
                  <span className="block font-semibold text-ink">{t.name}</span>
                  <span className="mt-0.5 block text-muted">{t.description}</span>
                </button>
              );
            })}
          </div>
        </fieldset>
        <div>
          <label htmlFor="report-name" className="mb-1 block text-sm font-medium text-ink">
            Report name
          </label>
          <input
            id="report-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="report-uuid" className="mb-1 block text-sm font-medium text-ink">
            Report UUID
          </label>
          <input
            id="report-uuid"
            value={uuid}
            onChange={(e) => setUuid(e.target.value)}
            maxLength={100}
            className={`${fieldClass} font-mono`}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
