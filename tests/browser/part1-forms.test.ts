import { describe, expect, it } from 'vitest';
import { grantAdmin } from '../support/server.ts';
import { PASSWORD } from '../support/world.ts';
import { signUpLearner, useWorld } from './part1-support.ts';

const ADMIN = `p1admin${process.pid}`;

describe('part 1: the add-question form', () => {
  const world = useWorld();

  it('tells a student they may not add questions', async () => {
    const { context, page } = await signUpLearner(world);
    await page.goto('/vocabulary/add');
    await page.getByTestId('no-permission').waitFor();
    expect(await page.getByTestId('no-permission').textContent()).toContain('你沒有權限新增題目');
    await context.close();
  });

  it('shows every validation message of the spec, then adds a question with a success toast', async () => {
    const { context, page } = await signUpLearner(world, ADMIN);
    await grantAdmin(world.server, ADMIN, page.request, PASSWORD);
    await page.goto('/vocabulary/add');
    await page.getByRole('heading', { name: '新增詞語題目' }).waitFor();
    const submit = page.getByRole('button', { name: '新增題目' });

    // Four options to start with, each removable while more than two remain; at most six
    const options = page.getByRole('textbox', { name: /^選項 [A-F]$/ });
    expect(await options.count()).toBe(4);
    expect(await page.getByRole('button', { name: /^刪除選項/ }).count()).toBe(4);
    await page.getByRole('button', { name: '新增選項' }).click();
    await page.getByRole('button', { name: '新增選項' }).click();
    expect(await options.count()).toBe(6);
    expect(await page.getByRole('button', { name: '新增選項' }).count()).toBe(0);
    for (let i = 0; i < 4; i++)
      await page
        .getByRole('button', { name: /^刪除選項/ })
        .first()
        .click();
    expect(await options.count()).toBe(2);
    expect(await page.getByRole('button', { name: /^刪除選項/ }).count()).toBe(0);

    // Everything empty
    await submit.click();
    for (const message of [
      '請選擇課文',
      '請輸入目標詞語',
      '請輸入題目內容',
      '至少需要兩個選項',
      '請輸入正確答案',
      '請輸入解釋',
    ]) {
      await page.locator('.field-error', { hasText: message }).waitFor();
    }

    // Filled, but the correct answer is not an option
    await page.getByLabel('課文').selectOption({ label: '岳陽樓記（范仲淹）' });
    await page.getByLabel('目標詞語').fill('謫');
    await page.getByLabel('題目內容').fill('「謫」在「滕子京謫守巴陵郡」中的意思是：');
    await options.nth(0).fill('被貶官');
    await options.nth(1).fill('升官');
    await page.getByLabel('正確答案').fill('調職');
    await page.getByLabel('解釋', { exact: true }).fill('「謫」指官吏被降職或流放。');
    await submit.click();
    await page.locator('.field-error', { hasText: '正確答案必須是選項之一' }).waitFor();
    expect(await page.locator('.field-error').count()).toBe(1);

    // Valid: the success toast, and the form resets
    await page.getByLabel('正確答案').fill('被貶官');
    await submit.click();
    await page.getByText('詞語理解題目已成功添加').waitFor();
    expect(await page.getByLabel('目標詞語').inputValue()).toBe('');
    expect(await options.count()).toBe(4);
    await context.close();
  });
});
