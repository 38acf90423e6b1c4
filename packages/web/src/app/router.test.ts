import { landingRoute } from '@bpm/contract/roles';
import { describe, expect, it } from 'vitest';
import { buildRoutes, startAddress } from './router';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('startAddress', () => {
  it("sends an address no route matches where Unmatched would: the role's landing route", () => {
    expect(startAddress('administrator', buildRoutes('administrator'), at('/'))).toBe(landingRoute('administrator'));
    expect(startAddress('tester', buildRoutes('tester'), at('/dashboard', '?view=purchasing'))).toBe(
      landingRoute('tester'),
    );
  });

  it('keeps the query and fragment of a path in another case', () => {
    expect(startAddress('production', buildRoutes('production'), at('/Dashboard/12', '?a=1', '#x'))).toBe(
      '/dashboard/12?a=1#x',
    );
  });

  it("sends a matched pattern the role may not reach to its landing route (Guard's answer)", () => {
    expect(startAddress('sale', buildRoutes('sale'), at('/dashboard/add'))).toBe(landingRoute('sale'));
  });

  it('leaves an address the router shows as it is', () => {
    expect(
      startAddress('administrator', buildRoutes('administrator'), at('/dashboard', '?view=purchasing')),
    ).toBeNull();
    expect(startAddress('administrator', buildRoutes('administrator'), at('/orders/'))).toBeNull();
    expect(startAddress('tester', buildRoutes('tester'), at(landingRoute('tester')))).toBeNull();
  });
});
