import PDFDocument from 'pdfkit';
import { dayText } from '@shared/dates';
import type { InvoiceRecord } from './invoice-records';
import { invoiceFontFiles, invoiceFontPath } from './invoice-fonts';
import { amountText, invoicePdfTexts, monthName, ratePercentText } from './invoice-texts';

/** A4 in points, and the margins every part keeps to. */
const page = { width: 595.28, height: 841.89, margin: 50 } as const;
const contentWidth = page.width - 2 * page.margin;
const size = { title: 18, heading: 10, body: 9, small: 8 } as const;
const ink = '#1a1a1a';
const muted = '#555555';
const rule = '#b5b5b5';
const band = '#eef0f3';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The document's PDF in its language: who to whom, the lines, the VAT and the totals (a credit note's amounts with their
 * minus sign, and the invoice it corrects), laid out for A4. Made from the record alone, so made again it is the same
 * document; its dates are the record's, not the moment it is drawn.
 */
export function renderInvoicePdf(record: InvoiceRecord): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    // Our own font from the start: PDFKit would otherwise load Helvetica's metrics from files no bundle carries.
    font: invoiceFontPath(invoiceFontFiles.regular),
    lang: record.language,
    info: {
      Title: `${invoicePdfTexts[record.language].title[record.kind]} ${record.number}`,
      Author: record.seller.name,
      Subject: record.buyer.name,
      CreationDate: new Date(record.issuedAt),
      ModDate: new Date(record.issuedAt),
    },
  });
  doc.registerFont('regular', invoiceFontPath(invoiceFontFiles.regular));
  doc.registerFont('bold', invoiceFontPath(invoiceFontFiles.bold));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, record);
  doc.end();
  return done;
}

function draw(doc: Doc, record: InvoiceRecord): void {
  const texts = invoicePdfTexts[record.language];
  const lang = record.language;
  // A credit note gives money back: its amounts are printed negative, as the books take them.
  const sign = record.kind === 'credit_note' ? -1 : 1;
  const money = (cents: number) => amountText(cents === 0 ? 0 : sign * cents, lang);
  let y = page.margin;

  // Title on the left, the document's date and period on the right.
  const titleWidth = contentWidth * 0.62;
  const title = `${texts.title[record.kind]} ${texts.numberMark} ${record.number}`;
  // A long title (a Russian credit note's) takes a smaller size before it takes a second line.
  doc.font('bold').fontSize(size.title);
  if (doc.widthOfString(title) > titleWidth) doc.fontSize(size.title - 3);
  doc.fillColor(ink).text(title, page.margin, y, { width: titleWidth });
  const titleBottom = doc.y;
  const factsX = page.margin + titleWidth + 10;
  const factsWidth = contentWidth - titleWidth - 10;
  let factsY = y + 2;
  for (const [label, value] of [
    [texts.issueDate, dayText(record.issueDate)],
    [texts.period, monthName(record.period, lang)],
  ] as const) {
    doc.font('regular').fontSize(size.small).fillColor(muted).text(label, factsX, factsY, { width: factsWidth, align: 'right' });
    doc.font('bold').fontSize(size.body).fillColor(ink).text(value, factsX, doc.y, { width: factsWidth, align: 'right' });
    factsY = doc.y + 4;
  }
  y = Math.max(titleBottom, factsY) + 16;

  // The two parties side by side.
  const columnWidth = (contentWidth - 20) / 2;
  const seller = record.seller;
  const buyer = record.buyer;
  const sellerBottom = party(doc, page.margin, y, columnWidth, texts.seller, seller.name, [
    [texts.registrationNumber, seller.registrationNumber],
    ...(seller.vatNumber ? [[texts.vatNumber, seller.vatNumber] as const] : []),
    [texts.address, seller.address],
    [texts.bank, seller.bankName],
    [texts.account, seller.iban],
    [texts.bic, seller.bic],
  ]);
  const buyerBottom = party(doc, page.margin + columnWidth + 20, y, columnWidth, texts.buyer, buyer.name, [
    [texts.registrationNumber, buyer.registrationNumber],
    ...(buyer.vatNumber ? [[texts.vatNumber, buyer.vatNumber] as const] : []),
    [texts.address, buyer.address],
  ]);
  y = Math.max(sellerBottom, buyerBottom) + 14;

  if (record.creditsInvoice) {
    doc.font('bold').fontSize(size.body).fillColor(ink).text(texts.corrects(record.creditsInvoice.number, dayText(record.creditsInvoice.issueDate)), page.margin, y, { width: contentWidth });
    if (record.reason) {
      doc.font('regular').fontSize(size.body).text(`${texts.reason}: ${record.reason}`, page.margin, doc.y + 2, { width: contentWidth });
    }
    y = doc.y + 14;
  }

  // The lines: position, description, quantity, price, amount; the numbers right-aligned in columns of their own.
  const columns = [
    { key: 'position', width: 34, align: 'left' },
    { key: 'description', width: contentWidth - 34 - 76 - 82 - 90, align: 'left' },
    { key: 'quantity', width: 76, align: 'right' },
    { key: 'unitPrice', width: 82, align: 'right' },
    { key: 'amount', width: 90, align: 'right' },
  ] as const;
  const cellPad = 5;
  const row = (cells: Record<(typeof columns)[number]['key'], string>, font: 'regular' | 'bold', fill: string | null): void => {
    doc.font(font).fontSize(size.body);
    const height = Math.max(...columns.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 2 * cellPad }))) + 2 * cellPad;
    if (y + height > page.height - page.margin - 120) {
      doc.addPage();
      y = page.margin;
    }
    if (fill) doc.rect(page.margin, y, contentWidth, height).fill(fill);
    let x = page.margin;
    for (const column of columns) {
      doc.font(font).fontSize(size.body).fillColor(ink).text(cells[column.key], x + cellPad, y + cellPad, { width: column.width - 2 * cellPad, align: column.align });
      x += column.width;
    }
    y += height;
    doc.moveTo(page.margin, y).lineTo(page.margin + contentWidth, y).lineWidth(0.5).strokeColor(rule).stroke();
  };
  row({ position: texts.columns.position, description: texts.columns.description, quantity: texts.columns.quantity, unitPrice: texts.columns.unitPrice, amount: texts.columns.amount }, 'bold', band);
  record.lines.forEach((line, index) => {
    row(
      {
        position: String(index + 1),
        // The period is the document's, printed at its top.
        description: texts.lines[line.kind],
        quantity: String(line.quantity),
        unitPrice: amountText(line.unitPriceCents, lang),
        amount: money(line.netCents),
      },
      'regular',
      null,
    );
  });
  y += 10;

  // Totals under the amount column, labels to their left.
  const totalsLabelWidth = 200;
  const totalsValueWidth = 90;
  const totalsX = page.margin + contentWidth - totalsLabelWidth - totalsValueWidth;
  const totalLine = (label: string, value: string, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(font === 'bold' ? size.heading : size.body).fillColor(ink);
    const top = y;
    doc.text(label, totalsX, top, { width: totalsLabelWidth - cellPad, align: 'right' });
    const labelBottom = doc.y;
    doc.text(value, totalsX + totalsLabelWidth, top, { width: totalsValueWidth - cellPad, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 4;
  };
  totalLine(texts.netTotal, money(record.netCents), 'regular');
  totalLine(texts.vat(ratePercentText(record.vatRateBasisPoints, lang)), money(record.vatCents), 'regular');
  doc.moveTo(totalsX, y).lineTo(page.margin + contentWidth, y).lineWidth(0.8).strokeColor(ink).stroke();
  y += 5;
  totalLine(record.kind === 'credit_note' ? texts.creditTotal : texts.total, money(record.totalCents), 'bold');
  // The fees were taken from the main account when charged, without VAT: what is left to pay is the VAT.
  if (record.kind === 'invoice') {
    totalLine(texts.charged, amountText(-record.netCents, lang), 'regular');
    totalLine(texts.due, amountText(record.totalCents - record.netCents, lang), 'bold');
  }
  y += 12;

  const note = (text: string, font: 'regular' | 'bold' = 'regular') => {
    doc.font(font).fontSize(size.body).fillColor(ink).text(text, page.margin, y, { width: contentWidth });
    y = doc.y + 6;
  };
  if (record.vatExemption) note(record.vatExemption, 'bold');
  if (record.kind === 'credit_note') note(texts.creditReduces(record.creditsInvoice?.number ?? ''));
  else note(record.vatCents > 0 ? texts.vatDue : texts.paid);
  doc.font('regular').fontSize(size.small).fillColor(muted).text(texts.electronic, page.margin, y + 8, { width: contentWidth });
}

/** One party's block: its role, its name in bold, then label and value lines; answers where the block ends. */
function party(doc: Doc, x: number, y: number, width: number, role: string, name: string, facts: readonly (readonly [string, string])[]): number {
  doc.font('regular').fontSize(size.small).fillColor(muted).text(role.toUpperCase(), x, y, { width, characterSpacing: 0.4 });
  doc.font('bold').fontSize(size.heading).fillColor(ink).text(name, x, doc.y + 3, { width });
  let bottom = doc.y + 4;
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(size.small).fillColor(muted).text(label, x, bottom, { width });
    doc.font('regular').fontSize(size.body).fillColor(ink).text(value, x, doc.y, { width });
    bottom = doc.y + 3;
  }
  return bottom;
}
