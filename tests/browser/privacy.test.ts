/**
 * Data care in a real browser at phone size: the privacy notice from the sign-in page, a leaderboard
 * nickname, 「下載我的資料」, and 「刪除帳戶」 refusing a wrong password and then erasing the account.
 */
import { describe, expect, it } from 'vitest';
import { newContext, PASSWORD, signUpLearner, submitDeletion, useWorld } from '../support/world.ts';

describe('a learner’s own data in a real browser', () => {
  const world = useWorld();

  it('links the privacy notice from the sign-in page', async () => {
    const context = await newContext(world);
    const page = await context.newPage();
    await page.goto('/api/login?local=1');
    await page.getByRole('link', { name: /私隱聲明/ }).click();
    await page.getByTestId('privacy-notice').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('私隱聲明');
    expect(await page.textContent('body')).toContain('下載我的資料');
    await context.close();
  });

  it('offers the nickname only once the saved one has loaded, so nothing typed is overwritten', async () => {
    const { context, page } = await signUpLearner(world, { prefix: 'slow', firstName: '李小華' });
    const saved = await page.request.put('/api/users/me/leaderboard', {
      data: { nickname: '夜讀人', optOut: false },
    });
    expect(saved.status()).toBe(200);
    // The saved values arrive only when the test lets them (a slow phone network).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/me/leaderboard', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.goto('/settings');
    await page.getByRole('heading', { name: '排行榜', exact: true }).waitFor();
    expect(await page.getByLabel('暱稱（選填）').count()).toBe(0);
    expect(await page.getByTestId('leaderboard-preferences-loading').textContent()).toContain(
      '正在讀取排行榜設定',
    );

    release();
    const field = page.getByLabel('暱稱（選填）');
    await field.waitFor();
    expect(await field.inputValue()).toBe('夜讀人');
    await context.close();
  });

  it('sets a nickname, downloads the data, and erases the account only with the password', async () => {
    const { context, page, username } = await signUpLearner(world, {
      prefix: 'care',
      firstName: '陳小明',
      context: { acceptDownloads: true },
    });
    await page.goto('/settings');

    await page.getByLabel('暱稱（選填）').fill('小書蟲');
    await page.getByTestId('leaderboard-preferences').getByRole('button', { name: '儲存' }).click();
    await page.getByText('排行榜設定已儲存').waitFor();
    const board = await (await page.request.get('/api/leaderboard')).json();
    expect(board.me.entry.firstName).toBe('小書蟲');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下載我的資料' }).click(),
    ]);
    const file = JSON.parse(
      await new Promise<string>((resolve, reject) => {
        download.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (chunk) => {
            text += chunk;
          });
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        }, reject);
      }),
    );
    expect(file.account.username).toBe(username);
    expect(file.tables.events.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: '刪除帳戶' }).click();
    await page.getByLabel('請輸入「刪除帳戶」').fill('刪除帳戶');
    await submitDeletion(page, 'not my password');
    await page.getByText('密碼不正確。').waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    await submitDeletion(page, PASSWORD);
    await page.waitForURL(/\/api\/account-deleted/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('帳戶已刪除');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});
