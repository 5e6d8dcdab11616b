// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { fundingRequestItems, readApprovalRules, unapprovedFundingItem, userChangeRequestItems } from './approval-store';
export type { ApprovalRequestRecord } from './approval-store';
