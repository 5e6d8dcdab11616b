import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { createOwnCompany, type OwnCompany } from '../integration/company-fixtures';
import { fixtureCloud } from './support/fixture-cloud';
import { englishVisitor, expect, expectNoAxeViolations, screenLoaded, signIn, test } from './support/portal';

// A 1x1 PNG: real magic bytes, which the API checks before a message may carry the file.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const failureText = 'An issue occurred during chat message creation. Please try again later';

// Each test's company is its own (no other spec writes its chats), so counts and "no messages yet" are exact.
let company: OwnCompany;
let other: OwnCompany;

test.beforeAll(async () => {
  company = await createOwnCompany(fixtureCloud(), { role: 'accountant' });
  other = await createOwnCompany(fixtureCloud());
});

function messagingLink(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messaging', exact: true });
}

function chatList(page: Page): Locator {
  return page.getByRole('region', { name: 'Chats' });
}

/** The messages of the open chat, oldest first (each message's attachments are a list inside it). */
function messagesIn(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: 'Messages' }).locator('ol.chat-messages > li');
}

function chatRow(page: Page, subject: string): Locator {
  return chatList(page).getByRole('link').filter({ hasText: subject });
}

async function openMessaging(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  await messagingLink(page).click();
  await page.waitForURL('**/messaging');
  await screenLoaded(page);
}

/** Starts a chat through the new chat form, with the PNG attached when asked, and waits for it to open. */
async function startChat(page: Page, subject: string, text: string, attach: boolean): Promise<string> {
  await page.getByRole('link', { name: 'New chat' }).first().click();
  const form = page.getByRole('region', { name: 'New chat' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByRole('textbox', { name: 'Message' }).fill(text);
  if (attach) {
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('list', { name: 'Attached files' }).getByRole('listitem').filter({ hasText: 'receipt.png' })).toContainText('Ready');
    await expectNoAxeViolations(page);
  }
  await form.getByRole('button', { name: 'Start chat' }).click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const chatId = new URL(page.url()).searchParams.get('chat');
  if (!chatId) throw new Error('the new chat did not open');
  return chatId;
}

test('a user starts a chat with an attachment, support answers with one, the user sees the answer and the unread badge clears', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const subject = `Card limits ${randomUUID().slice(0, 8)}`;
  await openMessaging(page, company.email);
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  await startChat(page, subject, 'Hello,\nwhat is the monthly limit?', true);
  await expect(messagesIn(page)).toHaveCount(1);
  await expect(messagesIn(page).first()).toContainText('Hello,\nwhat is the monthly limit?', { useInnerText: true });
  await expect(page.getByRole('button', { name: 'Download receipt.png' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Back to the list only: the answer must arrive while the chat is not open, to count as unread.
  await messagingLink(page).click();
  await expect(page).toHaveURL(/\/messaging$/);
  await expect(chatRow(page, subject)).toBeVisible();

  const admin = await englishVisitor(browser);
  await signIn(admin.page, 'admin@demo.local');
  await admin.page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Messages', exact: true }).click();
  await admin.page.waitForURL('**/admin/messaging');
  // The newest open chat comes first, and shows whose it is.
  const first = chatList(admin.page).getByRole('link').first();
  await expect(first).toContainText(subject);
  await expect(first).toContainText(company.name);
  await expect(first).toContainText('1 unread');
  await expectNoAxeViolations(admin.page);

  await first.click();
  const adminChat = admin.page.getByRole('region', { name: subject });
  await expect(adminChat.getByRole('region', { name: 'Messages' })).toContainText('what is the monthly limit?');
  await expect(first).not.toContainText('unread');
  const download = admin.page.waitForEvent('download');
  await adminChat.getByRole('button', { name: 'Download receipt.png' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('receipt.png');
  expect(await readFile(await file.path())).toEqual(png);
  await expectNoAxeViolations(admin.page);

  await adminChat.getByRole('textbox', { name: 'Message' }).fill('The monthly limit is set per card on the Users screen.');
  const adminChooser = admin.page.waitForEvent('filechooser');
  await adminChat.getByRole('button', { name: 'Attach files' }).click();
  await (await adminChooser).setFiles({ name: 'limits.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(adminChat.getByRole('list', { name: 'Attached files' })).toContainText('Ready');
  await adminChat.getByRole('button', { name: 'Send' }).click();
  await expect(messagesIn(adminChat)).toHaveCount(2);
  await expect(messagesIn(adminChat).last()).toContainText('The monthly limit is set per card on the Users screen.');

  // The user's list and badge follow by polling, without a reload.
  await expect(chatRow(page, subject)).toContainText('The monthly limit is set per card');
  await expect(chatRow(page, subject)).toContainText('1 unread');
  await expect(messagingLink(page)).toHaveAccessibleDescription('1 unread');
  await chatRow(page, subject).click();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('The monthly limit is set per card on the Users screen.');
  await expect(messagingLink(page)).not.toHaveAttribute('aria-describedby');
  await expect(chatRow(page, subject)).not.toContainText('unread');
  const answerFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download limits.pdf' }).click();
  expect(await readFile(await (await answerFile).path())).toEqual(pdf);

  // Support closes it; the user sees it closed, and writing reopens it.
  await adminChat.getByRole('button', { name: 'Close chat' }).click();
  await expect(adminChat.getByRole('button', { name: 'Reopen chat' })).toBeVisible();
  await expect(chatRow(page, subject)).toContainText('Closed');
  await expect(page.getByText('This chat was closed. Writing a message reopens it.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('One more question');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(chatRow(page, subject)).not.toContainText('Closed');
  await expect(adminChat.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await admin.context.close();
});

test('a failed send says so and keeps the text; sending again works', async ({ page }) => {
  test.setTimeout(90_000);
  const subject = `Failing send ${randomUUID().slice(0, 8)}`;
  await openMessaging(page, company.email);
  await startChat(page, subject, 'First message', false);

  // A file the upload rules refuse is named with the reason, before anything is uploaded.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(page.getByText('notes.txt: Only PNG, JPG and GIF images and PDF documents can be uploaded')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);

  // A server failure no emulator produces: the message POST answers 500 once.
  await page.route('**/chats/*/messages', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Second message,\nkept after a failure');
  await composer.press('Control+Enter');
  await expect(page.getByRole('alert')).toHaveText(failureText);
  await expect(composer).toHaveValue('Second message,\nkept after a failure');
  await expectNoAxeViolations(page);

  await page.unroute('**/chats/*/messages');
  await page.getByRole('button', { name: 'Send' }).click();
  const messages = messagesIn(page);
  await expect(messages).toHaveCount(2);
  await expect(messages.last()).toContainText('kept after a failure');
  await expect(composer).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failed read of the open chat keeps its messages and the text being written', async ({ page }) => {
  test.setTimeout(90_000);
  const subject = `Failing poll ${randomUUID().slice(0, 8)}`;
  await openMessaging(page, company.email);
  const chatId = await startChat(page, subject, 'Before the outage', false);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Written while the chat could not be read');

  // A server failure no emulator produces: every read of the chat answers 500, the poll's and its retry's.
  let failedReads = 0;
  await page.route(`**/chats/${chatId}`, (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    failedReads += 1;
    return route.fulfill({ status: 500, body: '' });
  });
  // The third read is the next poll's: the one before it and its retry have failed by then.
  await expect.poll(() => failedReads, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('heading', { name: 'Chat not available' })).toHaveCount(0);
  await expect(messagesIn(page)).toHaveCount(1);
  await expect(composer).toHaveValue('Written while the chat could not be read');

  await page.unroute(`**/chats/${chatId}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messagesIn(page)).toHaveCount(2);
  await expect(messagesIn(page).last()).toContainText('Written while the chat could not be read');
});

test("another company's user sees none of these chats, not even by their id", async ({ page, browser }) => {
  const subject = `Private ${randomUUID().slice(0, 8)}`;
  await openMessaging(page, company.email);
  const chatId = await startChat(page, subject, 'Only for us', false);

  const outsider = await englishVisitor(browser);
  await openMessaging(outsider.page, other.email);
  await expect(outsider.page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(outsider.page.getByText(subject)).toHaveCount(0);
  await outsider.page.goto(`/messaging?chat=${chatId}`);
  await expect(outsider.page.getByRole('heading', { name: 'Chat not available' })).toBeVisible();
  await expect(outsider.page.getByText('This chat was not found')).toBeVisible();
  await expect(outsider.page.getByText('Only for us')).toHaveCount(0);
  await outsider.context.close();
});

test('at 375 px the list and the chat take turns, with a way back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const subject = `Narrow ${randomUUID().slice(0, 8)}`;
  await signIn(page, company.email);
  await page.waitForURL('**/dashboard');
  await page.goto('/messaging?chat=new');
  await screenLoaded(page);
  await expect(chatList(page)).toBeHidden();
  await expectNoAxeViolations(page);
  const form = page.getByRole('region', { name: 'New chat' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByRole('textbox', { name: 'Message' }).fill('Written on a phone');
  await form.getByRole('button', { name: 'Start chat' }).click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(chatList(page)).toBeHidden();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Back to chats' }).click();
  await expect(chatRow(page, subject)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeHidden();
  const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(hasHorizontalScroll).toBe(false);
  await expectNoAxeViolations(page);
});
