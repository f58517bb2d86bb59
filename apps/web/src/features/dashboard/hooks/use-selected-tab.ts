import { type Report, STORAGE_KEYS, type Tier } from '@insightra/contract';
import { useCallback, useState } from 'react';
import { storage } from '../../../lib/storage';

/**
 * The selected report tab of each tier, kept under dashboard-selected-tab-{tier} (the report's id).
 * A stored id no longer among the reports falls back to the first report.
 */
export function useSelectedTab(tier: Tier, reports: Report[] | undefined) {
  const [, bump] = useState(0);
  const storedId = Number(storage.get(STORAGE_KEYS.selectedTab(tier)));
  const selected = reports?.find((r) => r.id === storedId) ?? reports?.[0] ?? null;

  const select = useCallback(
    (report: Report) => {
      storage.set(STORAGE_KEYS.selectedTab(tier), String(report.id));
      bump((n) => n + 1);
    },
    [tier],
  );
  /** Forgets the stored tab when it is the one deleted. */
  const clearIf = useCallback(
    (reportId: number) => {
      if (Number(storage.get(STORAGE_KEYS.selectedTab(tier))) === reportId) {
        storage.remove(STORAGE_KEYS.selectedTab(tier));
        bump((n) => n + 1);
      }
    },
    [tier],
  );
  return { selected, select, clearIf };
}
