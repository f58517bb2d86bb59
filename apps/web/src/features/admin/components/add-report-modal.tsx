import { DEFAULT_TIER, MESSAGES, reportTemplatesFor, TIERS, type Tier } from '@insightra/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { type ReportTarget, useAddReport } from '../api/add-report';

interface AddReportModalProps {
  open: boolean;
  onClose(): void;
  target: ReportTarget;
  /**
   * The sector (its name) of the organisation the report goes to; the picker offers its templates
   * (Education's without a sector).
   */
  sector: string | null;
  /** Says whom the report is for. */
  description: string;
}

const EMPTY = { tier: DEFAULT_TIER as Tier, reportType: '', reportUuid: '' };

const inputClass =
  'h-10 w-full rounded-[var(--radius-control)] border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus:border-brand disabled:bg-page disabled:text-muted';

/**
 * Add Report (docs/PRODUCT.md#user-details), on a user's page and on an organisation's: Tier, Report
 * Type and Report UUID. Save is enabled only when all three are filled and nothing is saving; while
 * saving, neither the overlay, Escape, Cancel nor the close button closes it. On success the report
 * joins its tier (the details cache), a toast says so, and the form resets to Beta with empty fields.
 * With the built-in BI provider, a template of the sector offered in the chosen tier can fill both
 * fields.
 */
export function AddReportModal({ open, onClose, target, sector, description }: AddReportModalProps) {
  const ids = useId();
  const toast = useToast();
  const config = usePublicConfig();
  const addReport = useAddReport(target);
  const [form, setForm] = useState(EMPTY);
  const saving = addReport.isPending;
  const complete = Boolean(form.tier && form.reportType.trim() && form.reportUuid.trim());
  const templates =
    config.isLoaded && config.bi.provider === 'builtin'
      ? reportTemplatesFor(sector).filter((t) => t.tiers.includes(form.tier))
      : [];
  const chosenTemplate = templates.find((t) => t.uuid === form.reportUuid.trim().toLowerCase());

  const close = () => {
    if (saving) return;
    setForm(EMPTY);
    addReport.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || saving) return;
    addReport.mutate(
      { tier: form.tier, report_type: form.reportType.trim(), report_uuid: form.reportUuid.trim() },
      {
        onSuccess: () => {
          toast.success(MESSAGES.admin.reportAdded);
          setForm(EMPTY);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, MESSAGES.admin.addReportFailed)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!saving}
      title="Add Report"
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${ids}-form`}
            disabled={!complete}
            loading={saving}
            loadingText={MESSAGES.other.saving}
          >
            Save
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset disabled={saving} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-tier`} className="text-sm font-medium text-ink">
              Tier
            </label>
            <select
              id={`${ids}-tier`}
              value={form.tier}
              onChange={(e) => setForm((f) => ({ ...f, tier: e.target.value as Tier }))}
              className={inputClass}
              data-autofocus
            >
              {TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </select>
          </div>
          {templates.length > 0 && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-template`} className="text-sm font-medium text-ink">
                Built-in report <span className="font-normal text-muted">(optional)</span>
              </label>
              <select
                id={`${ids}-template`}
                value={chosenTemplate?.key ?? ''}
                onChange={(e) => {
                  const template = templates.find((t) => t.key === e.target.value);
                  if (template)
                    setForm((f) => ({ ...f, reportType: template.name, reportUuid: template.uuid }));
                }}
                aria-describedby={`${ids}-template-hint`}
                className={inputClass}
              >
                <option value="" disabled>
                  Choose a template…
                </option>
                {templates.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.name}
                  </option>
                ))}
              </select>
              <p id={`${ids}-template-hint`} className="text-xs text-muted">
                {chosenTemplate?.description ??
                  'Fills in the report type and UUID of a report the product draws itself.'}
              </p>
            </div>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-type`} className="text-sm font-medium text-ink">
              Report Type
            </label>
            <input
              id={`${ids}-type`}
              value={form.reportType}
              onChange={(e) => setForm((f) => ({ ...f, reportType: e.target.value }))}
              placeholder="e.g. Sales Overview"
              maxLength={100}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-uuid`} className="text-sm font-medium text-ink">
              Report UUID
            </label>
            <input
              id={`${ids}-uuid`}
              value={form.reportUuid}
              onChange={(e) => setForm((f) => ({ ...f, reportUuid: e.target.value }))}
              placeholder="e.g. 6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01"
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} font-mono`}
            />
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
