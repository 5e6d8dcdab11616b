/**
 * Stable error codes of the API. The frontend translates them (the errors namespace of each locale); the English text here is
 * what a caller without the UI reads in `message`.
 */
export const errorMessages = {
  BAD_REQUEST: 'Wrong data supplied',
  VALIDATION_FAILED: 'Please fix errors above',
  MALFORMED_JSON: 'The request body is not valid JSON',
  UNAUTHORIZED: 'Sign in to continue',
  TOKEN_REVOKED: 'Your session has ended. Sign in again',
  FORBIDDEN: 'You do not have access to this',
  ROLE_TOO_LOW: 'Your role does not allow this action',
  NO_CURRENT_COMPANY: 'Choose a company first',
  NOT_A_MEMBER: 'You are not a member of this company',
  PROFILE_NOT_FOUND: 'Your profile was not found',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'No such endpoint',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  COMPANY_NOT_IN_REGISTER: 'Company with this registration number is not found',
  COMPANY_ALREADY_REGISTERED: 'A company with this registration number already uses the portal. Ask its owner to invite you.',
  PHONE_TAKEN: 'Phone number is taken',
  PHONE_SAME: 'Entered same phone number',
  PHONE_ALREADY_SET: 'Your phone is already set up. Changing it is done through support.',
  PHONE_SETUP_REQUIRED: 'You need to setup phone and sign in again',
  PHONE_CODE_EXPIRED: 'This code has expired. Request a new one.',
  PHONE_CODE_NOT_REQUESTED: 'Request a code for your phone first',
  EMAIL_TAKEN: 'An account with this e-mail already exists. Sign in or reset your password.',
  CONFIRMATION_LINK_EXPIRED: 'This confirmation link has expired or was already used. Request a new link.',
  CONFIRMATION_LINK_INVALID: 'This confirmation link is not valid. Request a new link.',
  ALREADY_CONFIRMED: 'Your e-mail is already confirmed. You can sign in.',
  RESET_LINK_EXPIRED: 'This password reset link has expired or was already used. Request a new one.',
  RESET_LINK_INVALID: 'This password reset link is not valid. Request a new one.',
  EMAIL_NOT_CONFIRMED: 'Your e-mail is not confirmed yet. Open the confirmation link we sent you, or request a new one.',
  ALREADY_MEMBER: 'This person is already a member of the company',
  MEMBER_NOT_FOUND: 'This person is not a member of the company',
  LAST_OWNER: 'The company needs at least one owner. Make someone else an owner first.',
  NOT_INVITED: 'This member has already signed in; there is no invitation to send again',
  INVITATION_EXPIRED: 'This invitation link has expired or was already used. Ask the company owner to send a new one.',
  INVITATION_INVALID: 'This invitation link is not valid. Ask the company owner to send a new one.',
  CONFLICT: 'Someone changed this at the same time. Reload and try again.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
  SERVICE_UNAVAILABLE: 'Unexpected error occurred. Please try again later.',
  INTERNAL: 'Unexpected error occurred. Please try again later.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

/** Field-level message keys, shared by server validation and forms (SPEC section 5). */
export const fieldMessages = {
  REQUIRED: 'This field is required',
  INVALID_VALUE: 'Wrong data supplied',
  INVALID_EMAIL: 'Enter a valid e-mail address',
  INVALID_CODE: 'Invalid code',
  REGISTRATION_NUMBER_REQUIRED: 'Registration number required',
  INVALID_REGISTRATION_NUMBER: 'A registration number has 11 digits',
  TERMS_REQUIRED: 'To continue you need to approve Terms & Conditions',
  PASSWORD_TOO_SHORT: 'Password must have at least 8 symbols',
  PASSWORDS_DO_NOT_MATCH: 'Passwords must match',
  TEXT_TOO_SHORT: 'Enter at least 2 symbols',
  NAME_TOO_LONG: 'Enter at most 50 symbols',
  INVALID_PHONE: 'Enter the country code and the number, digits only, without a plus sign',
  PASSWORD_SAME_AS_CURRENT: 'The new password must differ from the current one',
  WRONG_CURRENT_PASSWORD: 'The current password is not right',
  PASSWORD_PREVIOUSLY_USED: 'This password was used before. Choose a new one.',
} as const;
export type FieldMessageCode = keyof typeof fieldMessages;
