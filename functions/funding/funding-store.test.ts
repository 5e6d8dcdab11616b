import { describe, expect, it } from 'vitest';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';
import { rowsPerChunk } from './funding-files';
import { transferItems } from './funding-store';

const actor = { kind: 'system', userId: null, name: 'Monthly bonus', role: null } as const;
const run = { fileId: 'f1', scheduleId: 's1', scheduleName: 'Monthly bonus', runDate: '2026-11-01' } as const;

describe('transferItems', () => {
  useDummyHandlerEnvironment();

  it("records each credit on its employee, with its amount, the movement and the run it belonged to", () => {
    const transfer = transferItems({ companyId: 'c1', actor, at: '2026-11-01T06:00:00.000Z', description: 'Monthly bonus 2026-11-01', credits: [{ employeeId: 'e1', amountCents: 1_000 }, { employeeId: 'e2', amountCents: 2_500 }], fromHeld: true, source: run });
    const records = transfer.items.flatMap((item) => (item.Put?.Item?.entity === 'auditRecord' ? [item.Put.Item] : []));
    expect(records).toEqual([
      expect.objectContaining({ action: 'funds.add', target: { type: 'employee', id: 'e1' }, gsi1pk: 'COMPANY#c1#EMPLOYEE#e1#AUDIT', after: { ...run, amountCents: 1_000, movementId: transfer.movementId } }),
      expect.objectContaining({ action: 'funds.add', target: { type: 'employee', id: 'e2' }, gsi1pk: 'COMPANY#c1#EMPLOYEE#e2#AUDIT', after: { ...run, amountCents: 2_500, movementId: transfer.movementId } }),
    ]);
  });

  it("fits a whole chunk of a file in one transaction: the transfer's items, a row item per row and the file's progress", () => {
    const credits = Array.from({ length: rowsPerChunk }, (_, index) => ({ employeeId: `e${index}`, amountCents: 100 }));
    const transfer = transferItems({ companyId: 'c1', actor, at: '2026-11-01T06:00:00.000Z', description: 'bonus.csv', credits, source: { fileId: 'f1', fileName: 'bonus.csv' } });
    expect(transfer.items.length + rowsPerChunk + 1).toBeLessThanOrEqual(100);
  });
});
