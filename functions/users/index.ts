// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { activeOwners, companyContacts, companyMembers, peopleOfCompany } from './company-members';
export type { CompanyMember, Contact, PersonOfCompany } from './company-members';
export { activateProfile, findProfileByEmail, membershipsOfUser } from './profiles';
// The operator's admin:create (infra/operator) makes its account as an invited member's.
export { invitedAccountAttributes, temporaryPassword } from './cognito-invitations';
export { endEverySession, revokeRefreshTokens, sessionCutAfter } from './sessions';
