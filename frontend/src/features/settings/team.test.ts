import { describe, expect, it } from 'vitest';
import type { TeamMember } from '@shared/team';
import { lastOwnerOf } from './team';

const member = (userId: string, role: TeamMember['role'], status: TeamMember['status'] = 'active'): TeamMember => ({
  userId,
  email: `${userId}@example.lv`,
  name: 'Anna',
  surname: userId,
  role,
  status,
  invitedAt: null,
});

describe('the last owner', () => {
  it('is the only active owner; an invited owner does not count, two active owners leave none last', () => {
    expect(lastOwnerOf([member('a', 'owner'), member('b', 'manager')])?.userId).toBe('a');
    expect(lastOwnerOf([member('a', 'owner'), member('b', 'owner', 'invited')])?.userId).toBe('a');
    expect(lastOwnerOf([member('a', 'owner'), member('b', 'owner')])).toBeNull();
  });
});
