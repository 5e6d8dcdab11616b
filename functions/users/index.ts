// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { companyContacts, companyMembers } from './company-members';
export type { Contact } from './company-members';
export { activateProfile, findProfileByEmail } from './profiles';
export { endSessions } from './sessions';
