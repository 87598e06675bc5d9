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

describe('listingMemo by content', () => {
  it('should hand an array that lists the same names and texts the value read for an earlier one, and read any other listing', () => {
    let reads = 0;
    const read = (options: ShownOption[]) => {
      reads++;
      return { names: options.map((o) => `${o.name}=${o.shown}`).join(',') };
    };
    const memo = listingMemo(read, { byContent: 10 });
    const first = memo([{ name: 'a', shown: 'A' }, { name: 'b', shown: 'B' }]);
    expect(memo([{ name: 'a', shown: 'A' }, { name: 'b', shown: 'B' }])).toBe(first);
    expect(reads).toBe(1);
    // Same characters, cut between names and texts elsewhere: another listing.
    expect(memo([{ name: 'a', shown: 'AB' }, { name: 'b', shown: '' }]).names).toBe('a=AB,b=');
    expect(memo([{ name: 'ab', shown: 'A' }, { name: '', shown: 'B' }]).names).toBe('ab=A,=B');
    expect(memo([{ name: 'a', shown: 'A' }]).names).toBe('a=A');
    expect(reads).toBe(4);
    // A listing changed in place is read again, or found by its new content.
    const listing: ShownOption[] = [{ name: 'a', shown: 'A' }];
    expect(memo(listing).names).toBe('a=A');
    expect(reads).toBe(4);
    listing[0].shown = 'A2';
    expect(memo(listing).names).toBe('a=A2');
    expect(reads).toBe(5);
    memo.clear();
    memo([{ name: 'a', shown: 'A' }, { name: 'b', shown: 'B' }]);
    expect(reads).toBe(6);
  });
});
