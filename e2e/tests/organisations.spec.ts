import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, loginAsAdmin, registerUser, signIn, test } from '../fixtures';
import {
  accept,
  addReportTab,
  invite,
  join,
  organisationOwner,
  refreshReports,
  SECTORS,
  sessionIn,
  switchOrganisation,
  uploadCsv,
  uploadedFiles,
} from '../organisations';

/** What only one organisation holds: none of it may show while the other one is active. */
interface OrganisationData {
  name: string;
  file: string;
  tab: string;
  /** Names in its data: people and places. */
  names: string[];
}

const ACME: OrganisationData = {
  name: 'Acme School',
  file: 'acme-term-marks.csv',
  tab: 'Acme Overview',
  names: ['Anita Acmeworth', 'Zephyrine Quillby'],
};
const SUNRISE: OrganisationData = {
  name: 'Sunrise Hotels',
  file: 'sunrise-night-audit.csv',
  tab: 'Sunrise Occupancy',
  names: ['Sunrise Bayview Resort'],
};
const ACME_CSV = `student_id,student_name,gender,grade,project_submitted,score
AC1,Zephyrine Quillby,Female,Grade 6,Yes,90
AC2,Barnaby Oakhurst,Male,Grade 6,No,70
`;
const hotelNights = (property: string) =>
  `date,property,rooms_available,rooms_sold,room_revenue\n2025-06-15,${property},120,96,566400\n`;

/** Two clients with their own data: Acme School (Education) and Sunrise Hotels (Hotels). */
async function twoOrganisations(request: APIRequestContext) {
  const acme = await organisationOwner(request, ACME.name, { fullName: 'Anita Acmeworth' });
  await uploadCsv(request, acme.token, ACME.file, ACME_CSV);
  await addReportTab(request, acme.token, ACME.tab, '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01');
  await refreshReports(request, acme.token);
  const sunrise = await organisationOwner(request, SUNRISE.name, {
    fullName: 'Ravi Menon',
    sectorId: SECTORS.hotels,
  });
  await uploadCsv(request, sunrise.token, SUNRISE.file, hotelNights('Sunrise Bayview Resort'));
  await addReportTab(request, sunrise.token, SUNRISE.tab, 'e7a5c9d1-6f8b-4cad-9e4c-4f6b8d0e2a01');
  await refreshReports(request, sunrise.token);
  return { acme, sunrise };
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Organisation:/ });

/**
 * Watches the page for `names` in every animation frame and after every DOM change from the moment the
 * switch's answer has reached the page: the page's text outside the switcher's open menu, and the text
 * of its same-origin report frames. `stop` ends the watch and says what it saw.
 */
async function watchFor(page: Page, names: string[]) {
  await page.evaluate((watched) => {
    const menus = () =>
      Array.from(document.querySelectorAll<HTMLElement>('[role="menu"]'), (m) => m.innerText);
    const frames = () =>
      Array.from(document.querySelectorAll('iframe'), (f) => f.contentDocument?.body?.innerText ?? '');
    const count = (texts: string[], name: string) =>
      texts.reduce((n, text) => n + text.split(name).length - 1, 0);
    const watch = { answeredAt: -1, frames: 0, seen: [] as string[], stopped: false };
    const check = (when: string) => {
      if (watch.answeredAt < 0) return;
      const page = [document.body.innerText];
      const inFrames = frames();
      for (const name of watched)
        if (count(page, name) > count(menus(), name) || count(inFrames, name) > 0)
          watch.seen.push(`${name} (${when}, ${Math.round(performance.now() - watch.answeredAt)} ms)`);
    };
    const observer = new MutationObserver(() => check('DOM change'));
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const frame = () => {
      if (watch.stopped) return;
      if (watch.answeredAt >= 0) watch.frames++;
      check('frame');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The answer has arrived once its body is read: the page cannot act on it any sooner.
    const fetchBefore = window.fetch;
    window.fetch = async (...args) => {
      const response = await fetchBefore(...args);
      if (!/\/api\/organisations\/\d+\/switch$/.test(new URL(response.url).pathname)) return response;
      const json = response.json.bind(response);
      response.json = async () => {
        const body = await json();
        watch.answeredAt = performance.now();
        return body;
      };
      return response;
    };
    Object.assign(window, {
      switchWatch: {
        frames: () => watch.frames,
        stop: () => {
          watch.stopped = true;
          observer.disconnect();
          window.fetch = fetchBefore;
          return watch;
        },
      },
    });
  }, names);
  type Seen = { answeredAt: number; frames: number; seen: string[] };
  type Watch = { frames: () => number; stop: () => Seen };
  return {
    /** Waits for `n` more frames, then ends the watch (the page is still the same document: no reload). */
    async stop(n = 10): Promise<Seen> {
      const frames = () =>
        page.evaluate(() => (window as unknown as { switchWatch: Watch }).switchWatch.frames());
      const start = await frames();
      await expect.poll(frames).toBeGreaterThanOrEqual(start + n);
      return page.evaluate(() => (window as unknown as { switchWatch: Watch }).switchWatch.stop());
    },
  };
}

/**
 * Switches from `from` to `to` with the switcher (two clicks) while watching for `from`'s names;
 * `settled` shows once `to`'s page is there.
 */
async function switchWatched(page: Page, from: OrganisationData, to: OrganisationData, settled: Locator) {
  const watch = await watchFor(page, [from.name, from.file, from.tab, ...from.names]);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/organisations\/\d+\/switch$/.test(r.url()),
  );
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: new RegExp(to.name) }).click();
  expect((await answered).status()).toBe(200);
  await expect(switcher(page)).toContainText(to.name);
  await expect(settled).toBeVisible();
  const seen = await watch.stop();
  expect(seen.answeredAt, 'the switch answer reached the page').toBeGreaterThanOrEqual(0);
  expect(seen.seen, `${from.name}'s names after switching to ${to.name}`).toEqual([]);
}

test('a switch shows nothing of the last organisation, not even for a frame', async ({
  page,
  browser,
  request,
}) => {
  const { acme, sunrise } = await twoOrganisations(request);

  // Acme's owner invites Sunrise's owner as an editor on the organisation page.
  const owner = await browser.newPage();
  await signIn(owner, acme.token);
  await owner.goto('/organisation');
  const email = sunrise.user.email!;
  await owner.getByLabel('E-mail').fill(email);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await owner.getByLabel(`Invitation link for ${email}`).inputValue();
  await owner.close();
  const joined = await accept(request, sunrise.token, link.split('/invite/')[1]!);
  // Accepting made Acme School the session's organisation: back to Sunrise Hotels for the start.
  const token = await switchOrganisation(request, joined.token, sunrise.user.organisation.id);

  await signIn(page, token);
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: SUNRISE.tab })).toBeVisible();
  await switchWatched(page, SUNRISE, ACME, page.getByRole('tab', { name: ACME.tab }));
  await switchWatched(page, ACME, SUNRISE, page.getByRole('tab', { name: SUNRISE.tab }));

  await page.goto('/activity');
  await expect(page.getByRole('row', { name: new RegExp(SUNRISE.file) })).toBeVisible();
  await switchWatched(page, SUNRISE, ACME, page.getByRole('row', { name: new RegExp(ACME.file) }));
  await expect(page.getByRole('table', { name: 'Refresh history, newest first' })).toContainText(
    'Anita Acmeworth',
  );
  await switchWatched(page, ACME, SUNRISE, page.getByRole('row', { name: new RegExp(SUNRISE.file) }));
});

/**
 * Lets a test hold back the page's storage events (another tab's sign-in or switch) and deliver them
 * later: a tab that has not taken in a switch yet, such as a frozen background tab.
 */
function storageEventsHeldBack() {
  const held: (() => void)[] = [];
  let holding = false;
  const add = window.addEventListener;
  window.addEventListener = function (this: Window, ...[type, listener, options]: Parameters<typeof add>) {
    if (type !== 'storage' || typeof listener !== 'function') return add.call(this, type, listener, options);
    const deliver = (event: Event) => (holding ? held.push(() => listener(event)) : listener(event));
    return add.call(this, type, deliver, options);
  } as typeof add;
  Object.assign(window, {
    holdStorageEvents: () => {
      holding = true;
    },
    releaseStorageEvents: () => {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
  });
}
type HeldStorage = { holdStorageEvents: () => void; releaseStorageEvents: () => void };

/** Two tabs of one browser on the dashboard, the member (an editor of Acme School) in Sunrise Hotels. */
async function twoTabs(page: Page, request: APIRequestContext, prepare: (tab: Page) => Promise<unknown>) {
  const { acme, sunrise } = await twoOrganisations(request);
  await signIn(page, await join(request, acme, sunrise, 'editor'));
  const other = await page.context().newPage();
  await prepare(other);
  for (const tab of [page, other]) {
    await tab.goto('/dashboard');
    await expect(tab.getByRole('tab', { name: SUNRISE.tab })).toBeVisible();
  }
  return { acme, sunrise, other };
}

/** Switches to Acme School with the switcher and waits for its dashboard. */
async function switchToAcme(page: Page) {
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: /Acme School/ }).click();
  await expect(page.getByRole('tab', { name: ACME.tab })).toBeVisible();
}

test('another tab follows a switch, without a reload', async ({ page, request }) => {
  const { other } = await twoTabs(page, request, async () => {});
  await other.evaluate(() => Object.assign(window, { sameDocument: true }));
  await switchToAcme(page);
  await expect(switcher(other)).toContainText(ACME.name);
  await expect(other.getByRole('tab', { name: ACME.tab })).toBeVisible();
  await expect(other.getByRole('tab', { name: SUNRISE.tab })).toHaveCount(0);
  expect(await other.evaluate(() => 'sameDocument' in window), 'the same document').toBe(true);
});

test('a tab yet to follow a switch never writes into the new organisation', async ({ page, request }) => {
  const {
    acme,
    sunrise,
    other: stale,
  } = await twoTabs(page, request, (tab) => tab.addInitScript(storageEventsHeldBack));
  await stale.evaluate(() => (window as unknown as HeldStorage).holdStorageEvents());
  await switchToAcme(page);

  // The stale tab still shows Sunrise Hotels: what it uploads must go there, or be refused (409).
  await expect(switcher(stale)).toContainText(SUNRISE.name);
  const file = 'stale-tab-marks.csv';
  await stale
    .getByLabel('Choose a spreadsheet to upload')
    .setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(ACME_CSV) });
  const answer = stale.waitForResponse('**/api/server/upload-excel');
  await stale.getByRole('button', { name: 'Load Data' }).click();
  const status = (await answer).status();
  await stale.evaluate(() => (window as unknown as HeldStorage).releaseStorageEvents());
  await expect(switcher(stale)).toContainText(ACME.name);

  expect(await uploadedFiles(request, acme.token)).toEqual([ACME.file]);
  const inSunrise = await sessionIn(request, sunrise, sunrise.user.organisation.id);
  const landed = status >= 200 && status < 300;
  expect(await uploadedFiles(request, inSunrise)).toEqual(landed ? [file, SUNRISE.file] : [SUNRISE.file]);
});

test('a viewer sees the controls they may not use disabled, greyed out, with the reason', async ({
  page,
  request,
}) => {
  const acme = await organisationOwner(request, ACME.name);
  await uploadCsv(request, acme.token, ACME.file, ACME_CSV);
  await addReportTab(request, acme.token, ACME.tab, '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01');
  const viewer = await registerUser(request);
  const joined = await accept(
    request,
    viewer.token,
    await invite(request, acme, viewer.user.email!, 'viewer'),
  );
  await signIn(page, joined.token);
  await page.goto('/dashboard');
  await expect(page.getByText('Server connected')).toBeVisible();

  const refused = (action: string) => `Viewers cannot ${action} in Acme School`;
  const expectRefused = async (control: Locator, reason: string) => {
    await expect(control).toBeDisabled();
    await expect(control).toHaveAccessibleDescription(reason);
    // The reason is the tooltip on hover too; the control is faded, unlike the ones beside it.
    await control.hover();
    await expect(control).toHaveAttribute('title', reason);
    await expect(control).toHaveCSS('opacity', '0.5');
  };
  const controls: [string, string][] = [
    ['Upload File', refused('upload files')],
    ['Load Data', refused('upload files')],
    ['Refresh Visuals', refused('refresh report data')],
    ['Add Report', refused('add or delete report tabs')],
    [`Delete report ${ACME.tab}`, refused('add or delete report tabs')],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, reason] of controls) await expectRefused(page.getByRole('button', { name }), reason);
    await expect(page.getByRole('button', { name: 'Activity Logs' })).toHaveCSS('opacity', '1');
  }
  // Add Report reads as unavailable: grey, not the brand's teal.
  await expect(page.getByRole('button', { name: 'Add Report' })).not.toHaveCSS('color', 'rgb(15, 118, 110)');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/activity');
  await page
    .getByRole('row', { name: new RegExp(ACME.file) })
    .getByRole('checkbox')
    .check();
  await expectRefused(page.getByRole('button', { name: 'Purge selected' }), refused('delete uploads'));
});

async function audit(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = result.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
  expect(summary, `axe violations on ${where}`).toEqual([]);
}

test('the organisation pages, the invitation and the open switcher pass an accessibility audit', async ({
  page,
  browser,
  request,
}) => {
  const { acme, sunrise } = await twoOrganisations(request);
  await join(request, acme, sunrise, 'viewer');
  const invitation = await invite(request, acme, 'new.clerk@e2e.test', 'editor');

  await signIn(page, acme.token);
  await page.goto('/organisation');
  await expect(page.getByRole('region', { name: 'Invitations' })).toContainText('new.clerk@e2e.test');
  await expect(page.getByRole('region', { name: 'Members' })).toContainText('Ravi Menon');
  await audit(page, '/organisation');

  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: ACME.tab })).toBeVisible();
  await switcher(page).click();
  await expect(page.getByRole('menu', { name: 'Organisations' })).toBeVisible();
  await audit(page, 'the dashboard with the organisation menu open');

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(`/invite/${invitation}`);
  await expect(signedOut.getByRole('heading', { name: 'Join Acme School' })).toBeVisible();
  await audit(signedOut, '/invite/{token}');
  await signedOut.context().close();

  await signIn(page, (await loginAsAdmin(request)).token);
  await page.goto(`/admin-dashboard/organisations/${acme.user.organisation.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ACME.name })).toBeVisible();
  await audit(page, 'the administrator’s organisation page');
});

test('the switcher works from the keyboard', async ({ page, request }) => {
  const { acme, sunrise } = await twoOrganisations(request);
  await signIn(page, await join(request, acme, sunrise, 'editor'));
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: SUNRISE.tab })).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Organisations' });
  const item = (name: string) => menu.getByRole('menuitemradio', { name: new RegExp(name) });

  // Space opens it on the active organisation; Escape closes it and gives the focus back.
  await switcher(page).focus();
  await page.keyboard.press('Space');
  await expect(item(SUNRISE.name)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(switcher(page)).toBeFocused();

  // Enter opens it; the arrows move through it (organisations by name, then the page and Create);
  // Enter switches.
  await page.keyboard.press('Enter');
  await expect(item(SUNRISE.name)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Members and invitations' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(item(ACME.name)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toContainText(ACME.name);
  await expect(page.getByRole('tab', { name: ACME.tab })).toBeVisible();
  // The member area is drawn again for Acme School; the keyboard stays on the switcher.
  await expect(switcher(page)).toBeFocused();
});
