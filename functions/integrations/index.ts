// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
// A member's removal revokes the keys they made in its own transaction (users/remove-member).
export { apiKeyViews, liveKeysMadeBy, revocationsOfKeysMadeBy } from './api-key-store';
