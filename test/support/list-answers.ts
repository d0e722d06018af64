import request from 'supertest';
import type { TestUser } from './builders';

/** One answer of a list or a search, as the list-consistency tests keep it. */
export interface ListAnswer {
  query: Record<string, unknown>;
  status: number;
  totalCount: number;
  uuids: string[] | undefined;
}

/** How many items page `page` of `perPage` holds when the whole list has `total`. */
export const itemsOnPage = (total: number, page: number, perPage: number) =>
  Math.max(0, Math.min(perPage, total - (page - 1) * perPage));

/**
 * Asks for one list (`/api/v1/docs`) or search as `user`, again and again while `going()`
 * says so, and keeps every answer.
 */
export async function keepAsking(
  base: string,
  user: TestUser,
  query: Record<string, unknown>,
  going: () => boolean,
  answers: ListAnswer[],
  path = '/api/v1/docs',
): Promise<void> {
  while (going()) {
    const response = await request(base).get(path).query(query).set(user.auth);
    const body = response.body as {
      docs?: { uuid: string }[];
      results?: { uuid: string }[];
      pagination?: { total_count: number };
    };
    answers.push({
      query,
      status: response.status,
      totalCount: body.pagination?.total_count ?? -1,
      uuids: (body.docs ?? body.results)?.map((doc) => doc.uuid),
    });
  }
}

/**
 * A member's readers while writes go on: each list query, and a search for "consistent"
 * (100 a page), each kept asking until `going()` says stop.
 */
export function keepListingAndSearching(
  base: string,
  user: TestUser,
  queries: Record<string, unknown>[],
  going: () => boolean,
  answers: ListAnswer[],
): Promise<void>[] {
  return [
    ...queries.map((query) => keepAsking(base, user, query, going, answers)),
    keepAsking(base, user, { q: 'consistent', per_page: 100 }, going, answers, '/api/v1/search'),
  ];
}

/**
 * The answers that are not a page of what their total says (a failure, too many or too few
 * items, or a document twice), shortened for a readable failure.
 */
export function disagreeingAnswers(answers: ListAnswer[]) {
  return answers
    .filter(
      (answer) =>
        answer.status !== 200 ||
        answer.uuids === undefined ||
        answer.uuids.length !==
          itemsOnPage(
            answer.totalCount,
            Number(answer.query.page ?? 1),
            Number(answer.query.per_page),
          ) ||
        new Set(answer.uuids).size !== answer.uuids.length,
    )
    .map(({ query, status, totalCount, uuids }) => ({
      query,
      status,
      totalCount,
      items: uuids?.length,
    }));
}
