// The example client built from openapi.json (openapi-typescript types + openapi-fetch) works
// against the real service over HTTP.
import {
  createDocsClient,
  createListAndUpdate,
  DocsClient,
} from '../../examples/client/docs-example';
import { givenUser, TestUser } from '../support/builders';
import { UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`the generated TypeScript client (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;
  let client: DocsClient;

  beforeAll(async () => {
    test = await startTestApp();
    await test.app.listen(0, '127.0.0.1');
    user = await givenUser(test);
    client = createDocsClient(await test.app.getUrl(), user.token);
  });
  afterAll(() => test.close());

  it('creates, lists and updates a document', async () => {
    const { uuid, listed, after } = await createListAndUpdate(client);
    expect(uuid).toMatch(UUID);
    expect(listed.map((doc) => doc.uuid)).toEqual([uuid]);
    expect(after).toMatchObject({
      uuid,
      title: 'Quarterly report (final)',
      html: '<p>Draft</p>',
      path: '~/reports/2024',
    });
  });

  it('reports the error body of a refused request', async () => {
    const outsider = createDocsClient(await test.app.getUrl(), 'dms_not-a-token');
    await expect(createListAndUpdate(outsider)).rejects.toThrow(/^create failed with 401: \S.*/);
  });
});
