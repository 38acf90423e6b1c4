import { canFile, FILE_TYPE_ROLES, FILE_TYPES, type FileType } from '@bpm/contract/permissions';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkFileTypes, registerFileType } from '../src/platform/file-types';

const none = async () => null;

describe('file types and their permission rules', () => {
  it('passes when the registered types and the rules are the same set', () => {
    const app = Fastify();
    for (const t of FILE_TYPES) registerFileType(app, t, none);
    expect(() => checkFileTypes(app)).not.toThrow();
  });

  it('throws at start-up for a registered type without a rule', () => {
    const app = Fastify();
    for (const t of FILE_TYPES) registerFileType(app, t, none);
    registerFileType(app, 'orders/unknown_pdf' as FileType, none);
    expect(() => checkFileTypes(app)).toThrow(/registered without a permission rule: orders\/unknown_pdf/);
  });

  it('throws at start-up for a rule whose type no area registers', () => {
    const app = Fastify();
    for (const t of FILE_TYPES.filter((t) => t !== 'users/signature_img')) registerFileType(app, t, none);
    expect(() => checkFileTypes(app)).toThrow(/with a permission rule but not registered: users\/signature_img/);
  });

  it('decides downloads through can(): the table per type, unknown types denied', () => {
    for (const t of FILE_TYPES)
      for (const role of ['administrator', 'sale', 'shipping', 'production', 'purchase', 'qa', 'tester'] as const)
        expect(canFile(role, t), `${role} ${t}`).toBe((FILE_TYPE_ROLES[t] as readonly string[]).includes(role));
    expect(canFile('administrator', 'orders/nothing')).toBe(false);
    expect(canFile(undefined, 'orders/oc_pdf')).toBe(false);
  });
});
