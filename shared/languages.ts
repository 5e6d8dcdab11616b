import * as z from 'zod/mini';
import { languages } from './language-list';

export * from './language-list';
export const languageSchema = /* @__PURE__ */ z.enum(languages);
