import { MESSAGES } from '@insightra/contract';
import { ShieldAlert } from 'lucide-react';
import { useBiSettings } from '../api/get-bi-settings';

/**
 * Warns administrators when Power BI embed tokens carry no identity (POWERBI_RLS_ROLES unset): the
 * dataset's row-level security does not apply, so every member sees every row. Nothing otherwise.
 */
export function BiSettingsWarning() {
  const { data } = useBiSettings();
  if (data?.rowLevelSecurity !== false) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-[var(--radius-card)] border border-warning/40 bg-warning-soft px-4 py-3 text-sm text-ink"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <p>{MESSAGES.powerBi.noRowLevelSecurity}</p>
    </div>
  );
}
