declare module 'virtual:entry-messages/*' {
  const messages: Readonly<Record<string, unknown>>;
  export default messages;
}
