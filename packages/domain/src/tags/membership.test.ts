import { describe, expect, it } from 'vitest';
import { membershipChange, type TagSource } from './membership.ts';

const carried = (entries: [number, TagSource][]) => new Map(entries);

describe('membershipChange', () => {
  it('a record that starts matching gains the tag; one that stops matching loses it', () => {
    expect(membershipChange(carried([]), [1], new Set([1]))).toEqual({ add: [1], remove: [] });
    expect(membershipChange(carried([[1, 'filter']]), [1], new Set())).toEqual({ add: [], remove: [1] });
  });

  it('a tag set by an automation stays when the record does not match its filters', () => {
    expect(membershipChange(carried([[1, 'manual']]), [1], new Set())).toEqual({ add: [], remove: [] });
  });

  it('tags not evaluated are left alone, and nothing changes for a record already in step', () => {
    expect(membershipChange(carried([[2, 'filter']]), [1], new Set([1]))).toEqual({ add: [1], remove: [] });
    expect(membershipChange(carried([[1, 'filter']]), [1], new Set([1]))).toEqual({ add: [], remove: [] });
  });
});
