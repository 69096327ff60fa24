import { z } from 'zod';
import { lineText } from './text-rules.ts';

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  /** The analyst the user acts as when the request names none (their own), or null before it exists. */
  analystID: z.number().int().nullable(),
  authMode: z.enum(['local', 'oidc']),
});
export type User = z.infer<typeof UserSchema>;

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{0,63}$/;
export const UserCreateSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(USERNAME_PATTERN, { error: 'must be 1-64 letters, digits, dots, dashes, underscores or @' }),
  password: z.string().min(12, { error: 'must be at least 12 characters' }).max(1024, { error: 'is too long' }),
  name: lineText().trim().max(200).default(''),
  email: lineText().trim().max(320).default(''),
});

/** An account as administrators see it (GET /api/users): who can sign in, to be granted analysts. */
export const AccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  authMode: z.enum(['local', 'oidc']),
  disabled: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;
