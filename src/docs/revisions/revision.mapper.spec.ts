import { toRevision, toRevisionListItem } from './revision.mapper';
import type { RevisionRow } from './revisions.repository';

describe('revision mapper', () => {
  const row: RevisionRow & { secret: string } = {
    version: '3',
    title: 'Plan',
    created_at: '2026-11-26 10:00:00.120',
    html: '<p>plan</p>',
    user_id: 7,
    fname: 'Ada',
    lname: 'Lovelace',
    email: 'ada@example.com',
    avatar_url: 'https://example.com/ada.png',
    secret: 'never answered',
  };

  it('answers the whitelisted fields of a version and its writer, numbers as numbers', () => {
    expect(toRevisionListItem(row)).toEqual({
      version: 3,
      title: 'Plan',
      created_at: '2026-11-26T10:00:00.120Z',
      user: {
        id: 7,
        fname: 'Ada',
        lname: 'Lovelace',
        email: 'ada@example.com',
        avatar_url: 'https://example.com/ada.png',
      },
    });
  });

  it('gives one version its HTML too', () => {
    expect(toRevision(row)).toEqual({ ...toRevisionListItem(row), html: '<p>plan</p>' });
    expect(toRevision({ ...row, html: undefined }).html).toBe('');
  });

  it('answers a null writer when the account is gone or was never known', () => {
    expect(toRevisionListItem({ ...row, user_id: null }).user).toBeNull();
    expect(toRevisionListItem({ ...row, email: null, fname: null, lname: null }).user).toBeNull();
  });
});
