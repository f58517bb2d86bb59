import { expect, loginAsAdmin, registerUser, setSector, signIn, test } from '../fixtures';
import { POWERBI_E2E, secureEmbedBaseURL, standInURL } from '../powerbi-servers';

/**
 * The dashboard with BI_PROVIDER=powerbi (embed-token) against the Power BI stand-in
 * (started by e2e/powerbi-servers.ts). app.powerbi.com is unreachable here: the report page is
 * replaced by a small page that records what powerbi-client posts to it and answers like the service.
 */
const FAKE_REPORT_PAGE = `<!doctype html><html><body><p>Power BI stand-in report</p><script>
  window.__received = [];
  let uid = null;
  // Events go to the SDK's router as Power BI's own page sends them.
  const emit = (name, body) =>
    parent.postMessage({ method: 'POST', url: '/reports/' + uid + '/events/' + name, headers: {}, body }, '*');
  window.__fail = (message) => emit('error', { message, detailedMessage: message, level: 6 });
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || !data.method) return;
    window.__received.push({ method: data.method, url: data.url, body: data.body });
    event.source.postMessage({ headers: { id: data.headers && data.headers.id }, statusCode: 202, body: null }, '*');
    if (data.url === '/report/load') {
      uid = data.headers.uid;
      emit('loaded', null);
    }
  });
</script></body></html>`;

interface Received {
  method: string;
  url: string;
  body: unknown;
}

test('embeds the Power BI report with its embed token and renews the token before it expires', async ({
  page,
  request,
}) => {
  const admin = await loginAsAdmin(request);
  const member = await registerUser(request);
  await setSector(request, member.token, 1);
  const [granted, typed] = POWERBI_E2E.reports as [string, string];
  // An administrator makes one report available to the member; the member types another id in themselves.
  const added = await request.post(`/api/admin/users/${member.user.id}/reports`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { tier: 'Beta', report_type: 'Grades', report_uuid: granted },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const own = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { tier: 'Beta', report_type: 'Typed', report_uuid: typed },
  });
  expect(own.status(), await own.text()).toBeLessThan(300);

  const embedRequests: string[] = [];
  await page.route('https://app.powerbi.com/**', async (route) => {
    embedRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_REPORT_PAGE });
  });
  await page.clock.install();
  await signIn(page, member.token);

  const firstToken = page.waitForResponse((r) => r.url().includes('/api/powerbi/get-powerbi-token'));
  await page.goto('/dashboard');
  const first = await (await firstToken).json();
  expect(first).toMatchObject({ provider: 'powerbi', embedMode: 'embed-token' });
  expect(first.accessToken).toMatch(/^embed-/);
  // Power BI was asked for the token with the member's organisation as its effective identity.
  const organisation = member.user.organisation as { id: number };
  const issued = await request.get(`${standInURL}/stand-in/embed-tokens`, { ignoreHTTPSErrors: true });
  const tokens = (await issued.json()).value as { token: string; identities: unknown[] }[];
  expect(tokens.find((t) => t.token === first.accessToken)?.identities).toEqual([
    { username: `org:${organisation.id}`, roles: ['Customer'], datasets: [POWERBI_E2E.datasetId] },
  ]);

  await page.getByRole('tab', { name: /Grades/ }).click();
  await expect.poll(() => embedRequests.some((u) => u.includes(`reportId=${granted}`))).toBe(true);
  const received = async () =>
    ((await page
      .frame({ url: /app\.powerbi\.com\/reportEmbed/ })
      ?.evaluate(() => (window as unknown as { __received: Received[] }).__received)) ?? []) as Received[];

  // powerbi-client loads the report with the embed token, as an Embed token (TokenType.Embed = 1).
  await expect
    .poll(async () => (await received()).find((m) => m.url === '/report/load')?.body)
    .toMatchObject({ id: granted, accessToken: first.accessToken, tokenType: 1 });

  // 49 minutes on: the token (60 minutes) still has more than 10 left, nothing is renewed.
  let renewals = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/powerbi/get-powerbi-token')) renewals++;
  });
  await page.clock.fastForward('49:00');
  await page.clock.fastForward('00:31');
  expect(renewals).toBe(0);
  expect((await received()).filter((m) => m.url === '/report/token')).toHaveLength(0);

  // Past 50 minutes: the next 30-second check fetches a new token and hands it to the open report.
  const renewed = page.waitForResponse((r) => r.url().includes('/api/powerbi/get-powerbi-token'));
  await page.clock.fastForward('01:00');
  const second = await (await renewed).json();
  expect(second.accessToken).toMatch(/^embed-/);
  expect(second.accessToken).not.toBe(first.accessToken);
  await expect
    .poll(async () => (await received()).filter((m) => m.url === '/report/token').map((m) => m.body))
    .toEqual([second.accessToken]);
  // The report was not embedded again.
  expect((await received()).filter((m) => m.url === '/report/load')).toHaveLength(1);

  // A report failure inside Power BI (the SDK's error event) reaches the dashboard's error view;
  // Retry Connection embeds the report again.
  await page
    .frame({ url: /app\.powerbi\.com\/reportEmbed/ })
    ?.evaluate(() => (window as unknown as { __fail: (m: string) => void }).__fail('Stand-in visual failed'));
  const alert = page.getByRole('tabpanel').getByRole('alert');
  await expect(alert).toContainText('Failed to load Beta report: Stand-in visual failed');
  await alert.getByRole('button', { name: 'Retry Connection' }).click();
  await expect(alert).toHaveCount(0);
  await expect.poll(async () => (await received()).filter((m) => m.url === '/report/load')).toHaveLength(1);

  // The member's own tab with an id nobody made available shows 'report not available' in the frame.
  await page.getByRole('tab', { name: /Typed/ }).click();
  await expect(page.getByRole('tabpanel').getByText('report not available')).toBeVisible();
  expect(embedRequests.some((u) => u.includes(typed))).toBe(false);
});

test.describe('secure-embed mode', () => {
  test.use({ baseURL: secureEmbedBaseURL });

  test('shows the report in a plain iframe at the autoAuth URL of docs/PRODUCT.md#power-bi-provider, with no embed token', async ({
    page,
    request,
  }) => {
    const admin = await loginAsAdmin(request);
    const member = await registerUser(request);
    await setSector(request, member.token, 1);
    const [granted] = POWERBI_E2E.reports as [string, string];
    const added = await request.post(`/api/admin/users/${member.user.id}/reports`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { tier: 'Beta', report_type: 'Grades', report_uuid: granted },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);

    const embedRequests: string[] = [];
    await page.route('https://app.powerbi.com/**', async (route) => {
      embedRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_REPORT_PAGE });
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await signIn(page, member.token);
    const tokenAnswer = page.waitForResponse((r) => r.url().includes('/api/powerbi/get-powerbi-token'));
    await page.goto('/dashboard');
    expect(await (await tokenAnswer).json()).toMatchObject({ embedMode: 'secure-embed', accessToken: null });

    const url = `https://app.powerbi.com/reportEmbed?reportId=${granted}&autoAuth=true&ctid=${POWERBI_E2E.tenantId}`;
    await expect(page.getByRole('tabpanel').locator('iframe')).toHaveAttribute('src', url);
    await expect.poll(() => embedRequests).toContain(url);
    // No SDK talks to the frame in this mode, and powerbi-client is not even downloaded.
    await expect
      .poll(() =>
        page
          .frame({ url: /app\.powerbi\.com\/reportEmbed/ })
          ?.evaluate(() => (window as unknown as { __received?: unknown[] }).__received?.length),
      )
      .toBe(0);
    expect(scripts.some((u) => u.includes('/powerbi-report-frame-'))).toBe(true);
    expect(scripts.some((u) => u.includes('/embedded-report-'))).toBe(false);
  });
});
