import { User } from './user.entity';
import { Role } from './role.entity';
import { RoleRight } from './role-right.entity';

describe('identity entities', () => {
  it('load without an import-cycle crash (decorator metadata)', () => {
    expect([User, Role, RoleRight].map((c) => c.name)).toEqual(['User', 'Role', 'RoleRight']);
  });
});
