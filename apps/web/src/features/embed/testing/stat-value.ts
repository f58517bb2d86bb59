import { screen } from '@testing-library/react';

/** The figure a StatCard shows under `label` (its <dt>), as text. */
export function statValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.closest('dl')?.querySelector('dd')?.textContent ?? '';
}
