// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { CardIssuerError, cardOrderBatchLimit, type CardOrder, type CardOrderAnswer } from './card-issuer';
export { cardIssuer } from './issuer-in-use';
export { signedIssuerBody } from './issuer-signature';
