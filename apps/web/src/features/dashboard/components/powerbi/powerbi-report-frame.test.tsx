import type { EmbedTokenResponse } from '@insightra/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PowerBiReportFrame } from './powerbi-report-frame';
import { shouldRenew, TOKEN_RENEW_BEFORE_MS } from './token-renewal';

const uuid = '0b6ea2b5-4a4c-4a2b-9f9f-3c1f0c1d2e3f';
const tenant = '11111111-2222-3333-4444-555555555555';

function response(overrides: Partial<EmbedTokenResponse>, available = true): EmbedTokenResponse {
  return {
    success: true,
    tier: 'Beta',
    provider: 'powerbi',
    embedMode: 'secure-embed',
    accessToken: null,
    tokenId: null,
    expiration: null,
    reports: [
      {
        id: 1,
        report_uuid: uuid,
        report_type: 'Grades',
        available,
        embedUrl: available
          ? `https://app.powerbi.com/reportEmbed?reportId=${uuid}&autoAuth=true&ctid=${tenant}`
          : '',
      },
    ],
    ...overrides,
  };
}

describe('PowerBiReportFrame', () => {
  it('secure-embed: a plain iframe with the reportEmbed URL', () => {
    const res = response({});
    render(<PowerBiReportFrame report={res.reports[0]!} tokenResponse={res} />);
    const frame = screen.getByTitle('Grades');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(
      `https://app.powerbi.com/reportEmbed?reportId=${uuid}&autoAuth=true&ctid=${tenant}`,
    );
  });

  it("shows 'report not available' for a report that was not made available", () => {
    const res = response({ embedMode: 'embed-token' }, false);
    render(<PowerBiReportFrame report={res.reports[0]!} tokenResponse={res} />);
    expect(screen.getByRole('status')).toHaveTextContent('report not available');
    expect(screen.queryByTitle('Grades')).toBeNull();
  });
});

describe('token renewal timing', () => {
  it('renews once ten minutes or less are left', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(shouldRenew(at(TOKEN_RENEW_BEFORE_MS + 1000), now)).toBe(false);
    expect(shouldRenew(at(TOKEN_RENEW_BEFORE_MS), now)).toBe(true);
    expect(shouldRenew(at(-1000), now)).toBe(true);
    expect(shouldRenew(null, now)).toBe(false);
  });
});
