import { type Report, STORAGE_KEYS, type Tier } from '@insightra/contract';
import { useCallback, useState } from 'react';
import { storage } from '../../../lib/storage';

/** Makes `report` the selected tab of its tier, as clicking it does. */
export function storeSelectedTab(report: Report) {
  storage.set(STORAGE_KEYS.selectedTab(report.tier), String(report.id));
}

/**
 * The selected report tab of each tier, kept under dashboard-selected-tab-{tier} (the report's id).
 * A stored id no longer among the reports falls back to the first report.
 */
export function useSelectedTab(tier: Tier, reports: Report[] | undefined) {
  const [, bump] = useState(0);
  const storedId = Number(storage.get(STORAGE_KEYS.selectedTab(tier)));
  const selected = reports?.find((r) => r.id === storedId) ?? reports?.[0] ?? null;

  const select = useCallback((report: Report) => {
    storeSelectedTab(report);
    bump((n) => n + 1);
  }, []);
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
