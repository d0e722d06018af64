export interface HostileRequest {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  anonymous?: boolean;
  /** None for a GET. */
  body?: () => string;
  status: number;
  error?: { error: string };
}

export interface PolledAnswer {
  status: number;
  text: string;
  requestMs: number;
  worstHealthMs: number;
  polls: number;
}

export const HOSTILE_REQUESTS: HostileRequest[];

export function whilePollingHealth(
  baseUrl: string,
  token: string,
  request: HostileRequest,
  options?: { intervalMs?: number },
): Promise<PolledAnswer>;
