// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { failOverdueFiles as failOverdueFundingFiles } from './funding-files';
export { approvedFileItems, declinedFileItem, queueApprovedFile } from './file-approvals';
export { approvedScheduleItem, declinedScheduleItems } from './funding-schedules';
export { transferItems } from './funding-store';
