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

/** One request the readers of a list-consistency test make: a list or a search. */
export interface Ask {
  path: '/api/v1/docs' | '/api/v1/search';
  query: Record<string, unknown>;
}

/**
 * How many requests the readers keep in flight. Enough that reads overlap every write; few
 * enough that the writers, whose rounds set how long a test runs, keep their share of the CPU
 * (the server and its clients share one process): with a reader per query (six or seven), a
 * MySQL run took 24 s of its 30 on an idle two-core machine and went past 30 under CI's load.
 */
export const READERS_IN_FLIGHT = 3;

/**
 * Asks `asks` in turn as `user`, `READERS_IN_FLIGHT` at a time, again and again while
 * `going()` says so, and keeps every answer.
 */
export function keepAsking(
  base: string,
  user: TestUser,
  asks: Ask[],
  going: () => boolean,
  answers: ListAnswer[],
): Promise<void>[] {
  let next = 0;
  const reader = async () => {
    while (going()) {
      const { path, query } = asks[next++ % asks.length];
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
  };
  return Array.from({ length: READERS_IN_FLIGHT }, reader);
}

/** The list queries as asks of `/api/v1/docs`. */
export const listing = (queries: Record<string, unknown>[]): Ask[] =>
  queries.map((query) => ({ path: '/api/v1/docs', query }));

/**
 * A member's readers while writes go on: each list query and a search for "consistent" (100 a
 * page), in turn until `going()` says stop.
 */
export function keepListingAndSearching(
  base: string,
  user: TestUser,
  queries: Record<string, unknown>[],
  going: () => boolean,
  answers: ListAnswer[],
): Promise<void>[] {
  return keepAsking(
    base,
    user,
    [...listing(queries), { path: '/api/v1/search', query: { q: 'consistent', per_page: 100 } }],
    going,
    answers,
  );
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

/** A write of a list-consistency test whose status was not the one its writer expected. */
export interface UnexpectedWrite {
  write: string;
  status: number;
  expected: number;
}

/**
 * Sends a write as `user` and keeps it in `unexpected` unless it got `expected`: each writer
 * knows, from what it did before, what every write of its own must answer.
 */
export async function writeExpecting(
  unexpected: UnexpectedWrite[],
  write: string,
  expected: number,
  call: request.Test,
  user: TestUser,
): Promise<request.Response> {
  const response = await call.set(user.auth);
  if (response.status !== expected) unexpected.push({ write, status: response.status, expected });
  return response;
}
