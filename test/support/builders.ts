import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { UsersService } from '../../src/users/users.service';
import { TestApp } from './test-app';

export interface TestUser {
  id: number;
  email: string;
  fname: string;
  lname: string;
  avatarUrl: string | null;
  token: string;
  /** `{ Authorization: 'Bearer <token>' }` for supertest's `.set()`. */
  auth: { Authorization: string };
}

let sequence = 0;

/** A user with an API token, made through the same services the CLI uses. */
export async function givenUser(
  test: TestApp,
  overrides: Partial<{ email: string; fname: string; lname: string; avatarUrl: string }> = {},
): Promise<TestUser> {
  sequence += 1;
  const email = overrides.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await test.app.get(UsersService).create({
    email,
    fname: overrides.fname ?? `First${sequence}`,
    lname: overrides.lname ?? `Last${sequence}`,
    avatar_url: overrides.avatarUrl,
  });
  const { token } = await test.app.get(ApiTokensService).issue({ email });
  return {
    id: user.id,
    email: user.email,
    fname: user.fname,
    lname: user.lname,
    avatarUrl: user.avatarUrl,
    token,
    auth: { Authorization: `Bearer ${token}` },
  };
}

/** Creates a document over HTTP and returns its UUID; fails the test unless it gets 201. */
export async function givenDoc(
  test: TestApp,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<string> {
  sequence += 1;
  const response = await request(test.http)
    .post('/api/v1/docs')
    .set(user.auth)
    .send({ title: `Doc ${sequence}`, ...body })
    .expect(201);
  return (response.body as { uuid: string }).uuid;
}

/** What `user_docs[].user` must be for this user (Gravatar identicon when no avatar). */
export function expectedUserDetails(user: TestUser) {
  const digest = createHash('sha256').update(user.email.trim().toLowerCase()).digest('hex');
  return {
    id: user.id,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    avatar_url: user.avatarUrl ?? `https://www.gravatar.com/avatar/${digest}?d=identicon`,
  };
}

/** A document of `owner`'s shared with `user` in `role`; returns its UUID. */
export async function givenSharedDoc(
  test: TestApp,
  owner: TestUser,
  user: TestUser,
  role: 'editor' | 'viewer',
  body: Record<string, unknown> = {},
): Promise<string> {
  const uuid = await givenDoc(test, owner, body);
  await request(test.http)
    .post(`/api/v1/docs/${uuid}/users`)
    .set(owner.auth)
    .send({ email: user.email, role })
    .expect(201);
  return uuid;
}

/** A group made over HTTP by `manager`, with these users added as members; returns its id. */
export async function givenGroup(
  test: TestApp,
  manager: TestUser,
  members: TestUser[] = [],
  name = `Group ${++sequence} ${randomBytes(3).toString('hex')}`,
): Promise<number> {
  const response = await request(test.http)
    .post('/api/v1/groups')
    .set(manager.auth)
    .send({ name })
    .expect(201);
  const id = (response.body as { id: number }).id;
  for (const member of members) {
    await request(test.http)
      .post(`/api/v1/groups/${id}/members`)
      .set(manager.auth)
      .send({ email: member.email })
      .expect(201);
  }
  return id;
}
