import {
  countFromSources,
  FolderSharePaths,
  GrantSource,
  mergedListPlan,
  samePlan,
  sourcesDigest,
  sourcesFromJson,
  sourcesFromText,
  sourcesWithPaths,
} from './merged-list-plan';

const USER = 7;

/** A source of the user, whose totals by membership are 10 documents, 4 of them their own. */
function source(fields: Partial<GrantSource>): GrantSource {
  return {
    ...{ grantee_type: 'group', grantee_id: 1, folder_share_id: 0, role: null },
    ...{
      owner_id: null,
      path: null,
      path_hash: null,
      doc_count: 0,
      member_docs: 10,
      owned_docs: 4,
    },
    ...fields,
  };
}
const groupDocs = (group: number, docs: number) => source({ grantee_id: group, doc_count: docs });
const folderShare = (share: number, fields: Partial<GrantSource>) =>
  source({
    folder_share_id: share,
    role: 'viewer',
    owner_id: 3,
    path: '~/a',
    path_hash: 'h~/a',
    ...fields,
  });

describe('countFromSources', () => {
  it('adds each folder share once, leaving out those within another and of the user’s own tree', () => {
    const sources = [
      folderShare(1, { path: '~/a', doc_count: 5, member_docs: 4 }),
      folderShare(2, { path: '~/a/b', doc_count: 2, member_docs: 4 }), // within ~/a
      folderShare(3, { path: '~/ab', doc_count: 3, member_docs: 4 }), // not within ~/a
      folderShare(4, { owner_id: USER, path: '~/mine', doc_count: 6, member_docs: 4 }),
    ];
    // Only their own documents by membership (4 of 4): no direct share to count one by one.
    expect(countFromSources(USER, sources)).toEqual({ total: 4 + 5 + 3 });
  });

  it('counts one by one what may be reached twice: groups’ documents, direct shares beside folder shares', () => {
    const sources = [groupDocs(9, 2), groupDocs(5, 1), folderShare(8, { doc_count: 3 })];
    expect(countFromSources(USER, sources)).toEqual({
      total: 10 + 2 + 1 + 3,
      overlap: { folderShares: [8], groups: [5, 9], directCandidates: true },
    });
  });
});

describe('mergedListPlan', () => {
  it('reads a few sources as arms, in one order whatever the order read', () => {
    const sources = [groupDocs(9, 2), folderShare(8, { doc_count: 3, role: 'editor' })];
    const plan = mergedListPlan(USER, sources);
    expect(plan).toEqual({
      ways: 3,
      arms: [
        { grantee_type: 'group', grantee_id: 1, folder_share_id: 8, role: 'editor' },
        { grantee_type: 'group', grantee_id: 9, folder_share_id: 0, role: null },
      ],
      overlap: { folderShares: [8], groups: [9], directCandidates: true },
    });
    expect(samePlan(mergedListPlan(USER, [...sources].reverse()), plan)).toBe(true);
  });

  it('reads many sources from every grant, without arms; counts do not change the plan', () => {
    const shares = Array.from({ length: 8 }, (_, k) =>
      folderShare(k + 1, { grantee_id: k + 1, path: `~/t${k}`, member_docs: 4 }),
    );
    const plan = mergedListPlan(USER, shares);
    expect(plan).toEqual({ ways: 9 });
    const recounted = shares.map((share) => ({ ...share, doc_count: 99 }));
    expect(samePlan(mergedListPlan(USER, recounted), plan)).toBe(true);
  });

  it('changes with a source’s role, or a direct share that makes an overlap to count', () => {
    const sources = [folderShare(8, { doc_count: 3, member_docs: 4 })];
    const plan = mergedListPlan(USER, sources);
    expect(samePlan(mergedListPlan(USER, [{ ...sources[0], role: 'editor' }]), plan)).toBe(false);
    expect(samePlan(mergedListPlan(USER, [{ ...sources[0], member_docs: 5 }]), plan)).toBe(false);
  });
});

describe('sourcesFromJson', () => {
  it('reads each source’s array of fields, as text or as parsed, ids as numbers; none from NULL', () => {
    const row = ['user', '7', '3', 'editor', '2', 'h~/a', '5', '10', '4'];
    const expected = {
      ...{ grantee_type: 'user', grantee_id: 7, folder_share_id: 3, role: 'editor' },
      ...{ owner_id: 2, path_hash: 'h~/a', doc_count: '5', member_docs: '10', owned_docs: '4' },
    };
    expect(sourcesFromJson(JSON.stringify([row]))).toEqual([expected]);
    expect(sourcesFromJson([row])).toEqual([expected]);
    expect(sourcesFromJson(null)).toEqual([]);
  });
});

describe('sourcesFromText', () => {
  const text = JSON.stringify([['group', 1, 2, 'viewer', 3, 'h~/a', 5, 0, 0]]);

  it('reads a whole array as sourcesFromJson does', () => {
    expect(sourcesFromText(text)).toEqual(sourcesFromJson(text));
  });

  it('gives nothing for text cut short by the server, or not an array', () => {
    expect(sourcesFromText(text.slice(0, -1))).toBeUndefined();
    expect(sourcesFromText('[["group", 1, 2, "viewer"],["gro')).toBeUndefined();
    expect(sourcesFromText('{}')).toBeUndefined();
  });
});

describe('sourcesDigest', () => {
  it('is the same for the same text, and changes with any count', () => {
    const text = JSON.stringify([['group', 1, 2, 'viewer', 3, 'h~/a', 5, 0, 0]]);
    expect(sourcesDigest(text)).toBe(sourcesDigest(`${text}`));
    expect(sourcesDigest(text.replace(',5,', ',6,'))).not.toBe(sourcesDigest(text));
    expect(sourcesDigest(text)).toMatch(/^[\w-]{27}$/);
  });
});

describe('sourcesWithPaths', () => {
  const withoutPath = ({ path: _path, ...source }: GrantSource) => source;

  it('gives each folder share the path remembered for its share and hash', () => {
    const paths = new FolderSharePaths(10_000);
    const read = [groupDocs(1, 4), folderShare(2, { path: '~/b', path_hash: 'h~/b' })];
    paths.remember(read);
    expect(sourcesWithPaths(read.map(withoutPath), paths)).toEqual(read);
  });

  it('gives nothing when a share’s path is not known with that hash, or has left', () => {
    // Room for one share of these paths (234 bytes each).
    const paths = new FolderSharePaths(240);
    paths.remember([folderShare(2, {}), folderShare(3, { path: '~/c', path_hash: 'h~/c' })]);
    expect(sourcesWithPaths([withoutPath(folderShare(2, {}))], paths)).toBeUndefined();
    const otherFolder = folderShare(3, { path: '~/d', path_hash: 'h~/d' });
    expect(sourcesWithPaths([withoutPath(otherFolder)], paths)).toBeUndefined();
    expect(sourcesWithPaths([withoutPath(groupDocs(1, 2))], paths)).toEqual([groupDocs(1, 2)]);
  });
});
