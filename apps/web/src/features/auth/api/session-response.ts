import { z } from 'zod';
import { userSchema } from '../../../lib/session.ts';

/** Login and register both answer with the token (also set as an httpOnly cookie) and the user. */
export const sessionResponseSchema = z.object({ accessToken: z.string(), user: userSchema });
