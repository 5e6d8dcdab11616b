import { describe, expect, it } from 'vitest';
import { groupsOf } from './caller';

describe('groupsOf', () => {
  it('reads the array the local adapter passes and the "[a b]" string API Gateway passes', () => {
    expect(groupsOf(['provider-admins'])).toEqual(['provider-admins']);
    expect(groupsOf('[provider-admins other]')).toEqual(['provider-admins', 'other']);
    expect(groupsOf(undefined)).toEqual([]);
  });
});
