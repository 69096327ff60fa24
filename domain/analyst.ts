import { z } from 'zod';
import { lineText } from './text-rules.ts';

export const PERMISSIONS = ['read', 'write', 'admin'] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

const rank: Record<Permission, number> = { read: 0, write: 1, admin: 2 };
export function permits(held: Permission, needed: Permission): boolean {
  return rank[held] >= rank[needed];
}

export const AnalystSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  permission: PermissionSchema,
  /** The signed-in user this analyst belongs to (its id equals the user's id), or null. */
  userID: z.number().int().nullable(),
  /** Whether the signed-in user may act as this analyst. */
  canActAs: z.boolean(),
});
export type Analyst = z.infer<typeof AnalystSchema>;

export const AnalystCreateSchema = z.object({
  name: lineText().trim().min(1, { error: 'is required' }).max(200, { error: 'is longer than 200 characters' }),
  email: z
    .string()
    .trim()
    .max(320, { error: 'is longer than 320 characters' })
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), { error: 'is not an email address' })
    .default(''),
});
export type AnalystCreate = z.infer<typeof AnalystCreateSchema>;

export const AnalystHeader = 'x-churchkey-analyst';

/** A user allowed to act as an analyst, with who granted it (administrators see these). */
export const GrantSchema = z.object({
  userID: z.number().int(),
  username: z.string(),
  grantedByAnalystID: z.number().int(),
  createTimestamp: z.number().int(),
});
export type Grant = z.infer<typeof GrantSchema>;
