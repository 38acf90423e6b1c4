import { z } from 'zod';
import { flag, listQuery, optionalEmail, optionalId, optionalText, requiredText } from './common';
import { MSG } from './messages';
import { normalizeRole, type Role } from './roles';

export const USERNAME_MIN = 4;
export const PASSWORD_MIN = 6;
/** The built-in administrator: its username and role can never change. */
export const ADMIN_USERNAME = 'admin';
export const DEFAULT_USER_ROLE: Role = 'sale';

/** A role in either spelling, answered in the canonical one. */
export const roleField = () =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : (normalizeRole(v) ?? v)),
    z.enum(['administrator', 'sale', 'shipping', 'production', 'purchase', 'qa', 'poapproval', 'tester'], {
      error: MSG.required,
    }),
  );

/** The user form (add and edit share it; `id` absent means add). */
export const userSave = z
  .object({
    id: optionalId(),
    username: requiredText().pipe(z.string().min(USERNAME_MIN, { error: MSG.minLength(USERNAME_MIN) })),
    password: optionalText(),
    confirmPassword: optionalText(),
    user_role: roleField(),
    first_name: requiredText(),
    last_name: requiredText(),
    phone: optionalText(),
    email: optionalEmail(),
    position: optionalText(),
    company_name: optionalText(),
    country: optionalText(),
    active: flag().optional(),
    /** The version the form was loaded at; a stale one is refused with 409. */
    version: z.coerce.number().int().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.id && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.required });
      if (v.password && v.password.length < PASSWORD_MIN)
        ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.minLength(PASSWORD_MIN) });
      if ((v.password || v.confirmPassword) && v.password !== v.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.confirmMismatch });
      if (
        typeof v.username === 'string' &&
        v.username.toLowerCase() === ADMIN_USERNAME &&
        v.user_role !== 'administrator'
      )
        ctx.addIssue({ code: 'custom', path: ['user_role'], message: MSG.adminRoleLocked });
    },
    // Run even when other fields failed, so an empty form shows every missing field at once.
    { when: (payload) => payload.value != null && typeof payload.value === 'object' },
  );
export type UserSave = z.infer<typeof userSave>;

/** Sort options of the users screen: 'User Name' (username) and 'Disabled' (active). */
export const USER_SORTS = ['username', 'active'] as const;
export const userListQuery = listQuery.extend({ sort: z.enum(USER_SORTS).optional() });

export interface UserRow {
  id: number;
  username: string;
  user_role: Role;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  country: string;
  active: number;
}

export interface User extends UserRow {
  phone: string;
  position: string;
  /** File name of the signature image, or null. */
  signature_img: string | null;
  deleted: number;
  version: number;
}
