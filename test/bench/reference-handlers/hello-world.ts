/** The floor of a cold start: a Node process loading a handler that loads nothing. */
export const handler = async () => ({ statusCode: 200, body: 'ok' });
