// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { changeCard } from './card-actions';
export { commitEmployeeChange, findEmployee } from './employee-changes';
export type { EmployeeChange } from './employee-changes';
export { cardholderPhoneClaimRecord, cardOwnerRecord, employeeRecord } from './employee-records';
export type { EmployeeRecord } from './employee-records';
export { failOverdueImports as failOverdueEmployeeImports } from './employee-imports';
export { changeEmployeePhone, createEmployee, limitsOf, limitsSettable, phoneChangeable, setEmployeeLimits } from './user-changes';
