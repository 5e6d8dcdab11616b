import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@functions/platform/audit';
import { resetEnvForTests } from '@functions/platform/env';
import { entities, keys } from '@functions/platform/keys';
import type * as CreateImportedEmployees from '@functions/employees/create-imported-employees';
import type * as EmployeeImports from '@functions/employees/employee-imports';
import type * as NewEmployees from '@functions/employees/new-employees';
import type * as Issuer from '@functions/issuer';
import { createOwnCompany, putItems } from './company-fixtures';
import { fileOf, validRows } from './employee-import-fixtures';
import { unreadQueue } from './queue-fixtures';
import { cloud, documents, fixtureCloud } from './support';

/**
 * Issue 34: an import run that dies after ordering its rows' cards and before writing their employees. The next run
 * creates those rows with the cards ordered, and a row it has to refuse meanwhile gets its card closed at the issuer,
 * so no card is left without an employee.
 */
let imports: typeof EmployeeImports;
let creating: typeof CreateImportedEmployees;
let newEmployees: typeof NewEmployees;
let issuer: typeof Issuer;

beforeAll(async () => {
  // The runs are played in this process; what starting the import queues goes to a queue no worker reads, so the local
  // cloud's import worker does not apply it at the same moment.
  Object.assign(process.env, cloud().handlerEnvironment, { EMPLOYEE_IMPORTS_QUEUE_URL: await unreadQueue('employee-import-recovery') });
  resetEnvForTests();
  imports = await import('@functions/employees/employee-imports');
  creating = await import('@functions/employees/create-imported-employees');
  newEmployees = await import('@functions/employees/new-employees');
  issuer = await import('@functions/issuer');
});

const sandboxCard = async (cardId: string) => (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.sandboxCard(cardId) }))).Item;

describe('an import run that died between ordering cards and creating employees', () => {
  it('is finished by the next run, which closes the card of a row it refuses and creates the others with their cards', async () => {
    const company = await createOwnCompany(fixtureCloud(), { role: 'manager' });
    const actor: Actor = { kind: 'company_user', userId: company.userId, name: company.fullName, role: 'manager' };
    const rows = validRows(3);
    const previewed = await imports.previewEmployeeImport(company.companyId, company.userId, 'people.csv', fileOf(rows));
    const { importId } = previewed;
    await imports.startApplyingImport(company.companyId, importId, actor, false);

    // The run that died: it took the import, noted its rows and ordered their cards, and wrote nothing more.
    await documents().send(
      new UpdateCommand({ TableName: cloud().tableName, Key: keys.employeeImport(company.companyId, importId), UpdateExpression: 'SET #status = :applying ADD orderingRows :rows', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':applying': 'applying', ':rows': new Set([2, 3, 4]) } }),
    );
    const employeeIds = [2, 3, 4].map((rowNumber) => imports.importedEmployeeId(importId, rowNumber));
    const ordered = await issuer.cardIssuer().orderCards(employeeIds.map((employeeId) => ({ requestId: newEmployees.cardOrderRequestId(employeeId), cardholderName: 'Died Run', deliveryAddress: null })));
    const cardIds = ordered.map((answer) => ('card' in answer ? answer.card.cardId : ''));
    // Meanwhile another company's employee got the first row's phone.
    await putItems(fixtureCloud(), [{ ...keys.cardholderPhoneClaim(rows[0]![3]!), entity: entities.cardholderPhoneClaim, phone: rows[0]![3]!, companyId: 'company-elsewhere', employeeId: 'someone-else' }]);

    const done = await creating.applyEmployeeImport(company.companyId, importId);
    expect(done).toMatchObject({ status: 'applied', doneRows: 3, createdCount: 2, refusedCount: 1 });
    expect(done.refusals.map((row) => [row.rowNumber, row.reason])).toEqual([[2, 'EMPLOYEE_PHONE_TAKEN']]);
    expect(done.orderingRows).toBeUndefined();
    expect(await sandboxCard(cardIds[0]!)).toMatchObject({ status: 'closed' });
    for (const [index, employeeId] of employeeIds.slice(1).entries()) {
      const employee = (await documents().send(new GetCommand({ TableName: cloud().tableName, Key: keys.employee(company.companyId, employeeId) }))).Item;
      expect(employee).toMatchObject({ cardId: cardIds[index + 1] });
      expect((await sandboxCard(cardIds[index + 1]!))?.status).not.toBe('closed');
    }
  });
});
