import { z } from 'zod';
import { flag, listQuery, optionalEmail, optionalId, optionalText, requiredText } from './common';
import { MSG } from './messages';
import { isAdministrator } from './permissions';
import { normalizeRole, ROLES, type Role } from './roles';

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
        !isAdministrator(v.user_role)
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

/** A row of the users list. */
export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  user_role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  country: z.string(),
  active: z.number().int(),
});
export type UserRow = z.infer<typeof userRow>;

/** A user as the API answers it (the record, and what a save answers); never the password. */
export const user = userRow.extend({
  phone: z.string(),
  position: z.string(),
  /** File name of the signature image, or null. */
  signature_img: z.string().nullable(),
  deleted: z.number().int(),
  version: z.number().int(),
});
export type User = z.infer<typeof user>;

/** What enable, disable and delete answer: the flag they set. */
export const userFlagAnswer = z.object({ active: z.number().int().optional(), deleted: z.number().int().optional() });

/** What deleting the signature answers. */
export const signatureDeleted = z.object({ signature_img: z.null() });
