import { RunningService } from './built-service';

export interface CreateAnswer {
  status: number;
  body: unknown;
  location: string | null;
  replayed: string | null;
  retryAfter: string | null;
}

/** POST /api/v1/docs to a running service with an Idempotency-Key, read in full. */
export async function createWithKey(
  service: RunningService,
  token: string,
  key: string,
  body: object,
): Promise<CreateAnswer> {
  const response = await fetch(`${service.baseUrl}/api/v1/docs`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    location: response.headers.get('location'),
    replayed: response.headers.get('idempotency-replayed'),
    retryAfter: response.headers.get('retry-after'),
  };
}
