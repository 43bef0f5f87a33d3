import { expect, test } from '@playwright/test';
import { apiLogin, newReader, publishArticle } from './api';
import { ADMIN, logIn } from './helpers';

test('a reader buys a month with the manual provider, a manager finishes the order, the reader is a member and reads a locked article in full', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A members-only article of six paragraphs.
  const paragraphs = [
    'First part of the story.',
    'Second part.',
    'Third part.',
    'Fourth part.',
    'Fifth part.',
    'The locked ending paragraph.',
  ];
  const articleId = await publishArticle(request, 'Members only story', paragraphs);
  const adminToken = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const locked = await request.post(`/reader/article/${articleId}/lock`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { is_lock: true },
  });
  expect((await locked.json()).status.code).toBe('200');
  // Other specs may have set how to pay by hand (the a11y screens do): this one starts with nothing set.
  const cleared = await request.post('/api/appinfo/manual_pay/save', { headers: { authorization: `Bearer ${adminToken}` }, data: {} });
  expect((await cleared.json()).status.code).toBe('200');

  const readerContext = await browser.newContext();
  await newReader(request, readerContext, baseURL!);
  const reader = await readerContext.newPage();
  await reader.goto(`/article/${articleId}`);
  await expect(reader.getByRole('complementary', { name: '会员文章' })).toBeVisible();
  await expect(reader.getByText('The locked ending paragraph.')).toHaveCount(0);

  // From the article's notice to /member, then buy a month.
  await reader.getByRole('link', { name: '开通会员' }).click();
  await expect(reader).toHaveURL(/\/member$/);
  await expect(reader.getByTestId('member-status')).toHaveText('未开通会员');
  await reader.getByRole('link', { name: '开通会员' }).click();
  await expect(reader).toHaveURL(/\/member\/buy/);
  // No manager has said how to pay yet: the page explains how buying works instead of a dead button.
  await expect(reader.getByTestId('no-manual-pay')).toContainText('请联系本站的管理员');
  await expect(reader.getByRole('button', { name: /立即支付/ })).toHaveCount(0);

  // A manager sets the payee, the account and the contact in /admin/order.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.phone, ADMIN.password);
  await admin.goto('/admin/order');
  await admin.getByLabel('收款人').fill('畅读工作室');
  await admin.getByLabel('收款账号').fill('招商银行 6222 0000 1234');
  await admin.getByLabel('联系方式').fill('微信 changdu-help');
  await admin.getByRole('button', { name: '保存收款方式' }).click();
  await expect(admin.getByText('收款方式已保存')).toBeVisible();

  // The reader now pays by hand: payee, account, amount and the order number to note, then 我已付款.
  await reader.reload();
  await reader.getByRole('button', { name: /月度会员/ }).click();
  await reader.getByRole('button', { name: /立即支付 ¥18/ }).click();
  await expect(reader.getByTestId('order-pending')).toBeVisible();
  const orderNo = (await reader.getByText(/^订单号 /).textContent())!.replace('订单号 ', '').trim();
  const payBox = reader.getByRole('group', { name: '付款方式' });
  await expect(payBox).toContainText('畅读工作室');
  await expect(payBox).toContainText('招商银行 6222 0000 1234');
  await expect(payBox).toContainText('¥18');
  await expect(payBox).toContainText(orderNo);
  await payBox.getByRole('button', { name: '我已付款' }).click();
  await expect(reader.getByTestId('buyer-paid')).toBeVisible();

  // The manager sees the order flagged and confirms the payment.
  await admin.getByLabel('订单号或用户').fill(orderNo);
  await admin.getByRole('button', { name: '搜索' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: orderNo });
  await expect(row).toContainText('待支付');
  await expect(row).toContainText('买家已付款');
  await row.getByRole('button', { name: '确认收款' }).click();
  await admin.getByRole('dialog', { name: '确认收款' }).getByRole('button', { name: '完成订单' }).click();
  await expect(row).toContainText('已完成');
  await adminContext.close();

  // The reader sees the order done, the membership, and the whole article.
  await reader.getByRole('button', { name: '刷新状态', exact: true }).click();
  await expect(reader.getByTestId('order-done')).toBeVisible();
  await reader.getByRole('link', { name: '查看我的会员' }).click();
  await expect(reader.getByTestId('member-status')).toHaveText(/会员 · Lv1/);
  await reader.goto('/Mine');
  await expect(reader.getByText('会员', { exact: true }).first()).toBeVisible();
  await reader.goto(`/article/${articleId}`);
  await expect(reader.getByRole('paragraph').filter({ hasText: 'The locked ending paragraph.' })).toBeVisible();
  await expect(reader.getByRole('complementary', { name: '会员文章' })).toHaveCount(0);
  await readerContext.close();
});
