import { describe, expect, it } from 'vitest';
import { flag, listQuery, optionalNumber, rangedNumber, requiredNumber } from '../src/common';
import { pickErrorMessage } from '../src/errors';
import { eventChanges, eventDetails, eventListQuery } from '../src/events';
import { MSG } from '../src/messages';
import { loginBody } from '../src/session';
import { DEFAULT_USER_ROLE, userListQuery, userSave } from '../src/users';

describe('spec messages, word for word', () => {
  it('generic validation messages (section 5)', () => {
    expect(MSG.required).toBe('required field');
    expect(MSG.minLength(4)).toBe('This field must be at least 4 characters in length');
    expect(MSG.email).toBe('Please enter a valid email address');
    expect(MSG.confirmMismatch).toBe('Please enter the same value again.');
    expect(MSG.number).toBe('Please enter a valid number');
    expect(MSG.range(0, 100)).toBe('Please enter a value between 0 and 100.');
    expect(MSG.phone).toBe('Please enter a valid phone number');
    expect(MSG.loginRequired).toBe('Please enter your username and password.');
  });

  it('success and other messages (section 8)', () => {
    expect(MSG.saved).toBe('Save successfully');
    expect(MSG.signatureDeleted).toBe('Signature image has been deleted');
    expect(MSG.missingParams).toBe('Missing required parameters');
    expect(MSG.deleteUserConfirm).toBe('Are you sure you want to delete this user?');
  });
});

describe('pickErrorMessage priority (section 8)', () => {
  it('message beats error beats the first array element beats concatenated values', () => {
    expect(pickErrorMessage({ a: 'one', b: 'two', error: 'E', message: 'M' })).toBe('M');
    expect(pickErrorMessage({ a: 'one', b: 'two', error: 'E' })).toBe('E');
    expect(pickErrorMessage({ a: 'one', b: 'two' })).toBe('one two');
    expect(pickErrorMessage(['first', 'second'])).toBe('first');
    expect(pickErrorMessage({ message: 'M', cause: { name: 'required field' } })).toBe('M');
  });

  it('falls back when nothing usable is there', () => {
    expect(pickErrorMessage(null)).toBe('Request failed');
    expect(pickErrorMessage({}, 'Oops')).toBe('Oops');
    expect(pickErrorMessage([], 'Oops')).toBe('Oops');
    expect(pickErrorMessage({ message: '', error: '' }, 'Oops')).toBe('Oops');
    expect(pickErrorMessage('plain text')).toBe('plain text');
  });
});

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('userSave (section 5, User)', () => {
  const ok = {
    username: 'jdoe',
    password: 'secret',
    confirmPassword: 'secret',
    user_role: 'sale',
    first_name: 'John',
    last_name: 'Doe',
  };

  it('reports every missing required field at once on add', () => {
    expect(issues(userSave.safeParse({}))).toEqual({
      username: MSG.required,
      user_role: MSG.required,
      first_name: MSG.required,
      last_name: MSG.required,
      password: MSG.required,
    });
  });

  it('password is required on add only', () => {
    expect(issues(userSave.safeParse({ ...ok, password: '', confirmPassword: '' }))).toEqual({
      password: MSG.required,
    });
    expect(userSave.safeParse({ ...ok, id: 5, password: '', confirmPassword: '' }).success).toBe(true);
  });

  it('length, confirmation and e-mail rules', () => {
    expect(issues(userSave.safeParse({ ...ok, username: 'abc' }))).toEqual({
      username: 'This field must be at least 4 characters in length',
    });
    expect(userSave.safeParse({ ...ok, username: 'abcd' }).success).toBe(true);
    expect(issues(userSave.safeParse({ ...ok, password: 'abcde', confirmPassword: 'abcde' }))).toEqual({
      password: 'This field must be at least 6 characters in length',
    });
    expect(issues(userSave.safeParse({ ...ok, confirmPassword: 'secreT' }))).toEqual({
      confirmPassword: 'Please enter the same value again.',
    });
    expect(issues(userSave.safeParse({ ...ok, id: 3, password: '', confirmPassword: 'x' }))).toEqual({
      confirmPassword: 'Please enter the same value again.',
    });
    expect(issues(userSave.safeParse({ ...ok, email: 'nope@' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(userSave.safeParse({ ...ok, email: '' }).success).toBe(true);
  });

  it("the 'admin' username can only be an administrator", () => {
    expect(issues(userSave.safeParse({ ...ok, username: 'admin', user_role: 'sale' }))).toEqual({
      user_role: MSG.adminRoleLocked,
    });
    expect(userSave.safeParse({ ...ok, username: 'admin', user_role: 'admin' }).success).toBe(true);
  });

  it('accepts both role spellings, answers the canonical one; default form role is sale', () => {
    expect(userSave.parse({ ...ok, user_role: 'po-approval' }).user_role).toBe('poapproval');
    expect(userSave.parse({ ...ok, user_role: 'admin' }).user_role).toBe('administrator');
    expect(DEFAULT_USER_ROLE).toBe('sale');
  });

  it('list query sorts only by the spec’s options', () => {
    expect(userListQuery.safeParse({ sort: 'username' }).success).toBe(true);
    expect(userListQuery.safeParse({ sort: 'active' }).success).toBe(true);
    expect(userListQuery.safeParse({ sort: 'password_hash' }).success).toBe(false);
  });
});

describe('shared schemas', () => {
  it('login requires both fields with the spec message', () => {
    expect(issues(loginBody.safeParse({ username: 'x' }))).toEqual({ password: MSG.loginRequired });
    expect(issues(loginBody.safeParse({ username: '  ', password: 'p' }))).toEqual({ username: MSG.loginRequired });
  });

  it('numbers take form strings and give the spec messages', () => {
    expect(optionalNumber().parse('12.5')).toBe(12.5);
    expect(optionalNumber().parse('')).toBeUndefined();
    expect(optionalNumber().safeParse('abc').error?.issues[0]?.message).toBe(MSG.number);
    expect(requiredNumber().safeParse('').error?.issues[0]?.message).toBe(MSG.required);
    expect(rangedNumber(0, 100).safeParse('101').error?.issues[0]?.message).toBe(
      'Please enter a value between 0 and 100.',
    );
    expect(rangedNumber(0, 100).parse('0')).toBe(0);
    expect(flag().parse('true')).toBe(1);
    expect(flag().parse(undefined)).toBe(0);
  });

  it('server-paged lists answer 25 rows without a limit', () => {
    expect(listQuery.parse({})).toMatchObject({ limit: 25, offset: 0, search: '' });
    expect(eventListQuery.parse({}).limit).toBe(25);
    expect(eventListQuery.safeParse({ limit: 200 }).success).toBe(true);
    expect(eventListQuery.safeParse({ limit: 201 }).success).toBe(false);
  });

  it('event data renders as field changes and details', () => {
    const data = { username: 'x', changes: { active: { old: 1, new: 0 }, note: { new: 'hi' } } };
    expect(eventChanges(data)).toEqual([
      { field: 'active', old: 1, new: 0 },
      { field: 'note', old: null, new: 'hi' },
    ]);
    expect(eventDetails(data)).toEqual([{ field: 'username', value: 'x' }]);
    expect(eventChanges(null)).toEqual([]);
  });
});
