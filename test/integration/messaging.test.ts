import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminChatAnswerSchema,
  adminChatsAnswerSchema,
  adminChatSummarySchema,
  attachmentLinkSchema,
  attachmentUploadAnswerSchema,
  chatAnswerSchema,
  chatMessageSchema,
  chatsAnswerSchema,
  chatSummarySchema,
  messageTextMaxLength,
  unreadAnswerSchema,
  unseenReplyMailMinutes,
  type AdminChatSummary,
  type ChatAnswer,
} from '@shared/messaging';
import type { DocumentContentType } from '@shared/onboarding/documents';
import type { sendUnseenReplyNotices as SendUnseenReplyNoticesFn } from '@functions/messaging/send-unseen-reply-notices';
import { resetEnvForTests } from '@functions/platform/env';
import { chatAttachmentObjectKey, stagedUploadObjectKey } from '@functions/platform/keys';
import { demoPassword } from '../../infra/local/demo-data';
import { samplePdf, samplePng } from '../../infra/local/sample-application';
import { createOwnCompany, type OwnCompany } from './company-fixtures';
import { drained } from './queue-fixtures';
import { api, asFunction, cloud, download, fixtureCloud, outbox, sendToBucket, signIn, storedInDocuments } from './support';

let sendUnseenReplyNotices: typeof SendUnseenReplyNoticesFn;
let admin: string;
/** Companies of this file's own, so counts and totals are exact. */
let a: OwnCompany & { token: string };
let b: OwnCompany & { token: string };

async function ownCompany(): Promise<OwnCompany & { token: string }> {
  const company = await createOwnCompany(fixtureCloud());
  return { ...company, token: await signIn(company.email, demoPassword, company.phone) };
}

beforeAll(async () => {
  // The notice job has no route: it runs here as its scheduler runs it, with the handlers' environment.
  Object.assign(process.env, cloud().handlerEnvironment);
  resetEnvForTests();
  sendUnseenReplyNotices = asFunction('messaging/send-unseen-reply-notices', (await import('@functions/messaging/send-unseen-reply-notices')).sendUnseenReplyNotices);
  [admin, a, b] = await Promise.all([signIn('admin@demo.local'), ownCompany(), ownCompany()]);
});

async function createChat(token: string, subject: string, text = `About ${subject}`, attachmentIds: string[] = []): Promise<ChatAnswer> {
  const answer = await api('POST', '/chats', { token, body: { subject, text, attachmentIds } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chatAnswerSchema.parse(answer.body);
}

async function companyChat(token: string, chatId: string) {
  const answer = await api('GET', `/chats/${chatId}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chatAnswerSchema.parse(answer.body);
}

async function inboxChat(companyId: string, chatId: string) {
  const answer = await api('GET', `/admin/companies/${companyId}/chats/${chatId}`, { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminChatAnswerSchema.parse(answer.body);
}

async function companyUnread(token: string): Promise<number> {
  return unreadAnswerSchema.parse((await api('GET', '/chats/unread', { token })).body).unread;
}

async function providerUnread(): Promise<number> {
  return unreadAnswerSchema.parse((await api('GET', '/admin/chats/unread', { token: admin })).body).unread;
}

async function reply(companyId: string, chatId: string, text: string) {
  const answer = await api('POST', `/admin/companies/${companyId}/chats/${chatId}/messages`, { token: admin, body: { text } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chatMessageSchema.parse(answer.body);
}

async function write(token: string, chatId: string, body: { text?: string; attachmentIds?: string[] }) {
  return api('POST', `/chats/${chatId}/messages`, { token, body });
}

/** Where an attachment's bytes are: staged (uploaded, in no message) or kept (in a sent message), by the code's keys. */
async function storedAt(companyId: string, attachmentId: string): Promise<{ staged: boolean; kept: boolean }> {
  const [staged, kept] = await Promise.all([storedInDocuments(stagedUploadObjectKey(companyId, attachmentId)), storedInDocuments(chatAttachmentObjectKey(companyId, attachmentId))]);
  return { staged, kept };
}

/** The browser's side of an attachment: a presigned POST from the API, then the bytes straight to the bucket. */
async function upload(path: string, token: string, file: { fileName: string; contentType: DocumentContentType; bytes: Uint8Array; size?: number }): Promise<string> {
  const created = await api('POST', path, { token, body: { fileName: file.fileName, contentType: file.contentType, size: file.size ?? file.bytes.length } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const presigned = attachmentUploadAnswerSchema.parse(created.body);
  const stored = await sendToBucket(presigned, { kind: 'passport_photo', ...file });
  expect(stored.ok).toBe(true);
  return presigned.attachmentId;
}

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

describe('a company chat', () => {
  it('is created with its first message, listed newest first, paged, and counted', async () => {
    const company = await ownCompany();
    const created = await createChat(company.token, 'Card delivery', 'Where is our card?');
    expect(created.chat).toMatchObject({ subject: 'Card delivery', status: 'open', unread: 0, lastMessage: 'Where is our card?', lastMessageSide: 'company' });
    expect(created.messages).toEqual([expect.objectContaining({ side: 'company', text: 'Where is our card?', authorName: expect.stringMatching(/^Test Owner /), attachments: [] })]);
    expect(created.hasOlder).toBe(false);

    const subjects = ['Card delivery'];
    for (let index = 1; index <= 10; index += 1) {
      subjects.push(`Question ${index}`);
      await createChat(company.token, `Question ${index}`);
    }
    const first = chatsAnswerSchema.parse((await api('GET', '/chats?itemsPerPage=10', { token: company.token })).body);
    expect(first).toMatchObject({ totalRecords: 11, totalPages: 2 });
    expect(first.rows.map((row) => row.subject)).toEqual(subjects.slice(1).reverse());
    const second = chatsAnswerSchema.parse((await api('GET', '/chats?itemsPerPage=10&page=2', { token: company.token })).body);
    expect(second.rows.map((row) => row.subject)).toEqual(['Card delivery']);

    // A new message moves its chat to the top.
    expect((await write(company.token, created.chat.id, { text: 'Any news?' })).status).toBe(200);
    const after = chatsAnswerSchema.parse((await api('GET', '/chats?itemsPerPage=10', { token: company.token })).body);
    expect(after.rows[0]).toMatchObject({ id: created.chat.id, lastMessage: 'Any news?' });
    expect(after.totalRecords).toBe(11);
  });

  it('counts unread replies per chat and in total on each side, clearing them when read', async () => {
    const providerBefore = await providerUnread();
    const { chat } = await createChat(a.token, unique('Limits'), 'How do I raise a limit?');
    expect(await providerUnread()).toBe(providerBefore + 1);
    expect((await inboxChat(a.companyId, chat.id)).chat).toMatchObject({ unread: 1, companyId: a.companyId, companyName: a.name });

    const second = await write(a.token, chat.id, { text: 'It is urgent.' });
    expect(second.status).toBe(200);
    expect(await providerUnread()).toBe(providerBefore + 2);

    const read = await api('POST', `/admin/companies/${a.companyId}/chats/${chat.id}/read`, { token: admin });
    expect(adminChatSummarySchema.parse(read.body).unread).toBe(0);
    expect(await providerUnread()).toBe(providerBefore);

    await reply(a.companyId, chat.id, 'Open the employee and choose Limits.');
    const unreadBefore = await companyUnread(a.token);
    const answerMessage = await reply(a.companyId, chat.id, 'The new limit applies at once.');
    expect(answerMessage).toMatchObject({ side: 'provider', authorName: 'Bonus Card support' });
    expect(await companyUnread(a.token)).toBe(unreadBefore + 1);
    const opened = await companyChat(a.token, chat.id);
    expect(opened.chat.unread).toBe(2);
    expect(opened.messages.map((message) => message.side)).toEqual(['company', 'company', 'provider', 'provider']);

    // Two tabs read at once: the unread is taken off the badge once, never below zero.
    const reads = await Promise.all([1, 2, 3].map(() => api('POST', `/chats/${chat.id}/read`, { token: a.token })));
    for (const answer of reads) expect(chatSummarySchema.parse(answer.body).unread).toBe(0);
    expect(await companyUnread(a.token)).toBe(unreadBefore - 1);
    expect(await companyUnread(a.token)).toBeGreaterThanOrEqual(0);
    expect((await companyChat(a.token, chat.id)).chat.unread).toBe(0);
  });

  it('pages back through older messages with `before`', async () => {
    const { chat } = await createChat(b.token, unique('Long thread'), 'message 0');
    for (let index = 1; index < 55; index += 1) expect((await write(b.token, chat.id, { text: `message ${index}` })).status).toBe(200);
    const newest = await companyChat(b.token, chat.id);
    expect(newest.messages).toHaveLength(50);
    expect(newest.hasOlder).toBe(true);
    expect(newest.messages[0]?.text).toBe('message 5');
    expect(newest.messages.at(-1)?.text).toBe('message 54');
    const older = chatAnswerSchema.parse((await api('GET', `/chats/${chat.id}?before=${encodeURIComponent(newest.messages[0]?.id ?? '')}`, { token: b.token })).body);
    expect(older.messages.map((message) => message.text)).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
    expect(older.hasOlder).toBe(false);
  });
});

describe("the provider's inbox", () => {
  it('lists open chats first, then closed ones, each newest first, with totals; a company message reopens a closed chat', async () => {
    const closing = await createChat(a.token, unique('To be closed'));
    const staying = await createChat(a.token, unique('Stays open'));
    const closed = await api('POST', `/admin/companies/${a.companyId}/chats/${closing.chat.id}/status`, { token: admin, body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    expect(adminChatSummarySchema.parse(closed.body).status).toBe('closed');

    const all: AdminChatSummary[] = [];
    const inboxPage = async (page: number) => adminChatsAnswerSchema.parse((await api('GET', `/admin/chats?itemsPerPage=10&page=${page}`, { token: admin })).body);
    const firstPage = await inboxPage(1);
    const { totalRecords } = firstPage;
    all.push(...firstPage.rows);
    for (let page = 2; page <= firstPage.totalPages; page += 1) all.push(...(await inboxPage(page)).rows);
    expect(all).toHaveLength(totalRecords);
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const firstClosed = all.findIndex((row) => row.status === 'closed');
    expect(firstClosed).toBeGreaterThan(-1);
    expect(all.slice(firstClosed).every((row) => row.status === 'closed')).toBe(true);
    for (const part of [all.slice(0, firstClosed), all.slice(firstClosed)]) {
      const times = part.map((row) => row.lastMessageAt);
      expect(times).toEqual([...times].sort().reverse());
    }
    expect(all.find((row) => row.id === closing.chat.id)).toMatchObject({ status: 'closed', companyName: a.name });
    expect(all.findIndex((row) => row.id === staying.chat.id)).toBeLessThan(firstClosed);

    // The provider writing in a closed chat leaves it closed; the company writing reopens it.
    await reply(a.companyId, closing.chat.id, 'Closing this, write again if needed.');
    expect((await inboxChat(a.companyId, closing.chat.id)).chat.status).toBe('closed');
    expect((await write(a.token, closing.chat.id, { text: 'One more question' })).status).toBe(200);
    expect((await companyChat(a.token, closing.chat.id)).chat.status).toBe('open');
    const top = adminChatsAnswerSchema.parse((await api('GET', '/admin/chats?itemsPerPage=10', { token: admin })).body);
    expect(top.rows[0]).toMatchObject({ id: closing.chat.id, status: 'open' });
    expect(top.totalRecords).toBe(totalRecords);
  });

  it('answers 404 CHAT_NOT_FOUND for a chat named under another company', async () => {
    const { chat } = await createChat(a.token, unique('Wrong company'));
    for (const [method, path, body] of [
      ['GET', `/admin/companies/${b.companyId}/chats/${chat.id}`, undefined],
      ['POST', `/admin/companies/${b.companyId}/chats/${chat.id}/messages`, { text: 'hello' }],
      ['POST', `/admin/companies/${b.companyId}/chats/${chat.id}/read`, undefined],
      ['POST', `/admin/companies/${b.companyId}/chats/${chat.id}/status`, { status: 'closed' }],
    ] as const) {
      expect(await api(method, path, { token: admin, body })).toMatchObject({ status: 404, body: { code: 'CHAT_NOT_FOUND' } });
    }
  });
});

describe('tenancy', () => {
  it("never lets a user of another company see, read, write or mark a company's chat", async () => {
    const { chat } = await createChat(a.token, unique('Private'), 'Only for company A');
    const pngId = await upload('/chats/attachments', a.token, { fileName: 'private.png', contentType: 'image/png', bytes: samplePng });
    expect((await write(a.token, chat.id, { attachmentIds: [pngId] })).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', `/chats/${chat.id}`, undefined],
      ['POST', `/chats/${chat.id}/messages`, { text: 'Let me in' }],
      ['POST', `/chats/${chat.id}/read`, undefined],
      ['GET', `/chats/${chat.id}/attachments/${pngId}`, undefined],
    ] as const) {
      expect(await api(method, path, { token: b.token, body })).toMatchObject({ status: 404, body: { code: 'CHAT_NOT_FOUND' } });
    }
    const listed = chatsAnswerSchema.parse((await api('GET', '/chats?itemsPerPage=100', { token: b.token })).body);
    expect(listed.rows.map((row) => row.id)).not.toContain(chat.id);
    expect((await companyChat(a.token, chat.id)).messages.map((message) => message.text)).toEqual(['Only for company A', '']);
  });

  it('refuses the provider routes to a company user', async () => {
    const { chat } = await createChat(a.token, unique('Admin only'));
    for (const [method, path] of [
      ['GET', '/admin/chats'],
      ['GET', '/admin/chats/unread'],
      ['GET', `/admin/companies/${a.companyId}/chats/${chat.id}`],
      ['POST', `/admin/companies/${a.companyId}/chats/${chat.id}/read`],
    ] as const) {
      expect(await api(method, path, { token: a.token })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
  });
});

describe('attachments', () => {
  it('are uploaded by presigned POST, posted with a message and read back through a short-lived link by both sides', async () => {
    const { chat } = await createChat(a.token, unique('Invoice'));
    const pngId = await upload('/chats/attachments', a.token, { fileName: 'receipt.png', contentType: 'image/png', bytes: samplePng });
    const pdfId = await upload('/chats/attachments', a.token, { fileName: 'invoice.pdf', contentType: 'application/pdf', bytes: samplePdf });
    // Uploaded, in no message yet: staged only (the bucket's rule expires what no message ever names).
    expect(await storedAt(a.companyId, pngId)).toEqual({ staged: true, kept: false });
    const posted = await write(a.token, chat.id, { attachmentIds: [pngId, pdfId] });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    // Sent: moved to the key that is kept.
    expect(await storedAt(a.companyId, pngId)).toEqual({ staged: false, kept: true });
    expect(await storedAt(a.companyId, pdfId)).toEqual({ staged: false, kept: true });
    expect(chatMessageSchema.parse(posted.body).attachments).toEqual([
      { attachmentId: pngId, fileName: 'receipt.png', contentType: 'image/png', size: samplePng.length },
      { attachmentId: pdfId, fileName: 'invoice.pdf', contentType: 'application/pdf', size: samplePdf.length },
    ]);
    expect((await companyChat(a.token, chat.id)).chat.lastMessage).toBe('receipt.png, invoice.pdf');

    const link = attachmentLinkSchema.parse((await api('GET', `/chats/${chat.id}/attachments/${pdfId}`, { token: a.token })).body);
    const file = await download(link.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(Buffer.from(samplePdf))).toBe(true);
    const adminLink = attachmentLinkSchema.parse((await api('GET', `/admin/companies/${a.companyId}/chats/${chat.id}/attachments/${pngId}`, { token: admin })).body);
    expect((await download(adminLink.url)).bytes.equals(Buffer.from(samplePng))).toBe(true);

    // The provider attaches its own files.
    const adminPng = await upload(`/admin/companies/${a.companyId}/chats/attachments`, admin, { fileName: 'howto.png', contentType: 'image/png', bytes: samplePng });
    const answered = await api('POST', `/admin/companies/${a.companyId}/chats/${chat.id}/messages`, { token: admin, body: { text: 'See the picture', attachmentIds: [adminPng] } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await storedAt(a.companyId, adminPng)).toEqual({ staged: false, kept: true });
    expect((await api('GET', `/chats/${chat.id}/attachments/${adminPng}`, { token: a.token })).status).toBe(200);

    // Used once only; in another chat of the same company it is not found either.
    expect(await write(a.token, chat.id, { attachmentIds: [pngId] })).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_FOUND' } });
    const other = await createChat(a.token, unique('Other'));
    expect(await api('GET', `/chats/${other.chat.id}/attachments/${pngId}`, { token: a.token })).toMatchObject({ status: 404, body: { code: 'ATTACHMENT_NOT_FOUND' } });
  });

  it("deletes at once a program renamed .pdf, refusing its message whole; the message's other file waits in staging", async () => {
    const { chat } = await createChat(a.token, unique('Program'));
    const program = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);
    const exeId = await upload('/chats/attachments', a.token, { fileName: 'invoice.pdf', contentType: 'application/pdf', bytes: program });
    const pngId = await upload('/chats/attachments', a.token, { fileName: 'receipt.png', contentType: 'image/png', bytes: samplePng });
    const refused = await write(a.token, chat.id, { text: 'The invoice', attachmentIds: [pngId, exeId] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { attachmentIds: 'FILE_TYPE_NOT_ALLOWED' } } });
    expect((await companyChat(a.token, chat.id)).messages).toHaveLength(1);
    expect(await storedAt(a.companyId, exeId)).toEqual({ staged: false, kept: false });
    expect(await write(a.token, chat.id, { attachmentIds: [exeId] })).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_FOUND' } });
    // The accepted file was not kept for a message that was not sent; it goes with the next one.
    expect(await storedAt(a.companyId, pngId)).toEqual({ staged: true, kept: false });
    expect((await write(a.token, chat.id, { attachmentIds: [pngId] })).status).toBe(200);
    expect(await storedAt(a.companyId, pngId)).toEqual({ staged: false, kept: true });
    const link = attachmentLinkSchema.parse((await api('GET', `/chats/${chat.id}/attachments/${pngId}`, { token: a.token })).body);
    expect((await download(link.url)).bytes.equals(Buffer.from(samplePng))).toBe(true);
  });

  it('refuses an empty file and deletes it', async () => {
    const { chat } = await createChat(a.token, unique('Empty'));
    const emptyId = await upload('/chats/attachments', a.token, { fileName: 'empty.png', contentType: 'image/png', bytes: new Uint8Array(0), size: 1 });
    expect(await write(a.token, chat.id, { text: 'Nothing', attachmentIds: [emptyId] })).toMatchObject({ status: 400, body: { fields: { attachmentIds: 'FILE_EMPTY' } } });
    expect(await storedAt(a.companyId, emptyId)).toEqual({ staged: false, kept: false });
  });

  it('refuses a file whose bytes are not an image or PDF, and nothing of the message is written', async () => {
    const { chat } = await createChat(a.token, unique('Disguised'));
    const text = new TextEncoder().encode('MZ this is not a picture at all');
    const fakeId = await upload('/chats/attachments', a.token, { fileName: 'photo.png', contentType: 'image/png', bytes: text });
    const refused = await write(a.token, chat.id, { text: 'Here is the photo', attachmentIds: [fakeId] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { attachmentIds: 'FILE_TYPE_NOT_ALLOWED' } } });
    expect((await companyChat(a.token, chat.id)).messages).toHaveLength(1);
  });

  it("refuses another company's attachment, an unknown one and one never uploaded", async () => {
    const { chat } = await createChat(a.token, unique('Foreign file'));
    const theirs = await upload('/chats/attachments', b.token, { fileName: 'theirs.png', contentType: 'image/png', bytes: samplePng });
    expect(await write(a.token, chat.id, { attachmentIds: [theirs] })).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_FOUND' } });
    expect(await write(a.token, chat.id, { attachmentIds: [randomUUID()] })).toMatchObject({ status: 400, body: { code: 'ATTACHMENT_NOT_FOUND' } });
    const created = await api('POST', '/chats/attachments', { token: a.token, body: { fileName: 'never.png', contentType: 'image/png', size: 10 } });
    const neverSent = attachmentUploadAnswerSchema.parse(created.body).attachmentId;
    expect(await write(a.token, chat.id, { attachmentIds: [neverSent] })).toMatchObject({ status: 400, body: { fields: { attachmentIds: 'UPLOAD_MISSING' } } });
    // Someone else's link in this company's chat: not found.
    expect(await api('GET', `/chats/${chat.id}/attachments/${theirs}`, { token: a.token })).toMatchObject({ status: 404 });
  });
});

describe('validation', () => {
  it('answers field codes for a short subject, a long text, an empty message and too many attachments', async () => {
    expect(await api('POST', '/chats', { token: a.token, body: { subject: 'a', text: 'hi' } })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { subject: 'TEXT_TOO_SHORT' } },
    });
    const { chat } = await createChat(a.token, unique('Validation'));
    expect(await write(a.token, chat.id, { text: 'x'.repeat(messageTextMaxLength + 1) })).toMatchObject({ status: 400, body: { fields: { text: 'MESSAGE_TOO_LONG' } } });
    expect(await write(a.token, chat.id, { text: '   ' })).toMatchObject({ status: 400, body: { fields: { text: 'REQUIRED' } } });
    const six = Array.from({ length: 6 }, () => randomUUID());
    expect(await write(a.token, chat.id, { text: 'files', attachmentIds: six })).toMatchObject({ status: 400, body: { fields: { attachmentIds: 'TOO_MANY_ATTACHMENTS' } } });
    expect((await companyChat(a.token, chat.id)).messages).toHaveLength(1);
  });
});

describe('the unseen-reply e-mail', () => {
  const pastDue = () => new Date(Date.now() + (unseenReplyMailMinutes + 1) * 60_000);
  // The job queues its e-mails and the local cloud's mail worker writes them to the outbox: read once the queue is
  // empty, or an e-mail still on its way reads as never sent.
  const mailsAbout = async (subject: string, to?: string) => {
    await drained('mail');
    return (await outbox()).filter((entry) => entry.channel === 'email' && (entry.subject ?? '').includes(subject) && (to === undefined || entry.to === to));
  };

  it('mails the provider about a new chat left unread, and the company about a reply left unread, once', async () => {
    const subject = unique('Unseen');
    const { chat } = await createChat(a.token, subject);
    // Not due yet: nothing goes.
    await sendUnseenReplyNotices(new Date());
    expect(await mailsAbout(subject)).toEqual([]);

    await sendUnseenReplyNotices(pastDue());
    const toSupport = await mailsAbout(subject, 'support@bonus-card.local');
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]?.body).toContain('/admin/messaging');

    await reply(a.companyId, chat.id, 'We are looking into it.');
    await reply(a.companyId, chat.id, 'Fixed.');
    await sendUnseenReplyNotices(pastDue());
    const toCompany = await mailsAbout(subject, a.email);
    expect(toCompany).toHaveLength(1);
    expect(toCompany[0]?.body).toMatch(/\/messaging$/m);
    expect(toCompany[0]?.body).toContain('2 unread messages');

    // Mailed once per unread streak: another run, or another reply, mails nothing more until the company reads.
    await reply(a.companyId, chat.id, 'Anything else?');
    await sendUnseenReplyNotices(pastDue());
    expect(await mailsAbout(subject, a.email)).toHaveLength(1);
    expect(await mailsAbout(subject, 'support@bonus-card.local')).toHaveLength(1);
  });

  it('mails each notice once when two runs overlap (a slow run and the next, or a retried one)', async () => {
    const subject = unique('Overlap');
    const { chat } = await createChat(a.token, subject);
    const [first, second] = await Promise.all([sendUnseenReplyNotices(pastDue()), sendUnseenReplyNotices(pastDue())]);
    // Each due notice went to one run: mailed by it, or skipped by the other, which found it claimed or gone.
    expect(first.mailed + second.mailed).toBeGreaterThanOrEqual(1);
    await reply(a.companyId, chat.id, 'Seen it, fixing.');
    await Promise.all([sendUnseenReplyNotices(pastDue()), sendUnseenReplyNotices(pastDue()), sendUnseenReplyNotices(pastDue())]);
    expect(await mailsAbout(subject)).toHaveLength(2);
    expect(await mailsAbout(subject, 'support@bonus-card.local')).toHaveLength(1);
    expect(await mailsAbout(subject, a.email)).toHaveLength(1);
  });

  it('sends nothing for a reply read before it is due', async () => {
    const subject = unique('Read in time');
    const { chat } = await createChat(a.token, subject);
    expect((await api('POST', `/admin/companies/${a.companyId}/chats/${chat.id}/read`, { token: admin })).status).toBe(200);
    await reply(a.companyId, chat.id, 'Answered quickly.');
    expect((await api('POST', `/chats/${chat.id}/read`, { token: a.token })).status).toBe(200);
    await sendUnseenReplyNotices(pastDue());
    expect(await mailsAbout(subject)).toEqual([]);
  });
});
