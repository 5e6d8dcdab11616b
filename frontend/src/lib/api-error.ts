/** Every failed API call surfaces as this: the status, the stable code to translate, and field codes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Codes the client itself produces when there is no server answer to read. */
export const clientErrorCodes = { network: 'NETWORK', invalidAnswer: 'INVALID_ANSWER' } as const;
