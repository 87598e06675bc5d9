import { describe, expect, it } from 'vitest';
import { listingMemo } from './listing-memo';
import type { ShownOption } from '../language-model';

describe('listingMemo', () => {
  it('should read a listing once while the array holds the same options, and again once it changes in place', () => {
    let reads = 0;
    const names = listingMemo((options: ShownOption[]) => {
      reads++;
      return options.map((o) => `${o.name}=${o.shown}`).join(',');
    });
    const listing: ShownOption[] = [{ name: 'a', shown: 'A' }, { name: 'b', shown: 'B' }];
    expect(names(listing)).toBe('a=A,b=B');
    expect(names(listing)).toBe('a=A,b=B');
    expect(reads).toBe(1);
    // Another array with the same content is read on its own.
    expect(names([...listing])).toBe('a=A,b=B');
    expect(reads).toBe(2);
    listing[1].shown = 'B2';
    expect(names(listing)).toBe('a=A,b=B2');
    listing.push({ name: 'c', shown: 'C' });
    expect(names(listing)).toBe('a=A,b=B2,c=C');
    listing[0] = { name: 'a', shown: 'A' };
    names(listing);
    expect(reads).toBe(5);
  });
});
