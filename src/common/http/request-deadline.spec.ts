import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import { requestDeadline } from './request-deadline';

/** Just enough of an express response: what the deadline reads and writes. */
class FakeResponse extends EventEmitter {
  headersSent = false;
  statusCode = 200;
  headers: Record<string, string> = {};
  body: unknown;

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  json(body: unknown): this {
    this.body = body;
    this.headersSent = true;
    return this;
  }

  /** The handler answers. */
  finish(): void {
    this.headersSent = true;
    this.emit('close');
  }
}

describe('requestDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function arrive(deadline: (req: Request, res: Response, next: () => void) => void) {
    const response = new FakeResponse();
    const next = jest.fn();
    deadline({} as Request, response as unknown as Response, next);
    expect(next).toHaveBeenCalledTimes(1);
    return response;
  }

  it('answers 503 only to requests still unanswered at their deadline, in arrival order', () => {
    const deadline = requestDeadline(1000);
    const first = arrive(deadline);
    jest.advanceTimersByTime(300);
    const second = arrive(deadline);
    jest.advanceTimersByTime(300);
    const third = arrive(deadline);
    first.finish();

    jest.advanceTimersByTime(399); // 999 ms after the first arrived
    expect([first, second, third].map((r) => r.body)).toEqual([undefined, undefined, undefined]);

    jest.advanceTimersByTime(300 + 100); // past the second's deadline, by at most one sweep
    expect(second.statusCode).toBe(503);
    expect(second.headers).toEqual({ 'Retry-After': '5' });
    expect(second.body).toEqual({ error: 'request took longer than 1000 ms' });
    expect(first.statusCode).toBe(200);
    expect(third.body).toBeUndefined();

    jest.advanceTimersByTime(300);
    expect(third.statusCode).toBe(503);
    expect(first.body).toBeUndefined();
  });

  it('never answers a request at or before its deadline', () => {
    const deadline = requestDeadline(300);
    const response = arrive(deadline);
    jest.advanceTimersByTime(299);
    expect(response.body).toBeUndefined();
    jest.advanceTimersByTime(31); // one sweep interval (300 / 10) later at the most
    expect(response.statusCode).toBe(503);
  });

  it('leaves a response alone that was already sent, and stops sweeping when idle', () => {
    const deadline = requestDeadline(100);
    const response = arrive(deadline);
    response.headersSent = true; // streaming: headers out, not finished
    jest.advanceTimersByTime(200);
    expect(response.statusCode).toBe(200);
    expect(jest.getTimerCount()).toBe(0);
  });
});
