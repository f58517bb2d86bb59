import { DEFAULT_TIER, STORAGE_KEYS, TIERS, type Tier } from '@insightra/contract';
import { useState } from 'react';
import { storage } from '../../../lib/storage';

export function storedTier(): Tier {
  const value = storage.get(STORAGE_KEYS.selectedTier);
  return (TIERS as readonly string[]).includes(value ?? '') ? (value as Tier) : DEFAULT_TIER;
}

/** The selected tier, kept under dashboard-selected-tier (default Beta). */
export function useTier() {
  const [tier, setTierState] = useState<Tier>(storedTier);
  const setTier = (next: Tier) => {
    storage.set(STORAGE_KEYS.selectedTier, next);
    setTierState(next);
  };
  return [tier, setTier] as const;
}
