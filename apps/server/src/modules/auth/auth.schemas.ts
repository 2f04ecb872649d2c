import { z } from 'zod';

/*
 * Request bodies are deliberately loose here: the rules of SPEC §5 run in core in the spec's order, so
 * that the first broken rule (not the first wrong JSON type) decides the error code.
 */
export const registerBodySchema = z
  .object({
    name: z.unknown(),
    age: z.unknown(),
    email: z.unknown(),
    password: z.unknown(),
    uiLanguage: z.string().optional(),
  })
  .partial()
  .meta({ id: 'RegisterRequest' });

export const loginBodySchema = z
  .object({ email: z.string().max(320), password: z.string().max(200) })
  .meta({ id: 'LoginRequest' });

export const resetRequestBodySchema = z
  .object({ email: z.string().max(320) })
  .meta({ id: 'PasswordResetRequest' });

export const resetConfirmBodySchema = z
  .object({ token: z.string().min(1).max(200), password: z.string() })
  .meta({ id: 'PasswordResetConfirm' });

export const changePasswordBodySchema = z
  .object({ oldPassword: z.string().max(200).optional(), newPassword: z.string().max(200).optional() })
  .meta({ id: 'ChangePasswordRequest' });
